"""Registered on leaguegen.cli.main."""
