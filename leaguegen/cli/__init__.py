"""The thin command line: parse arguments, call the library, print, map errors to exit codes.

Exit codes: 0 success; 1 the input is valid but the request cannot be met
(e.g. no legal pairing); 2 unreadable or invalid input.
Each command lives in its own module and registers itself on ``main``.

The modules are imported only when their command runs (click's documented lazy
group): importing all of them pulled in the pairing engines and the planner, about
0.35 s before ``leaguegen build`` could even see that nothing changed. ``COMMANDS``
names the module of every command; ``tests/cli/test_lazy_commands.py`` holds it to
what the modules register.
"""

from __future__ import annotations

import importlib

import click

COMMANDS: dict[str, str] = {
    "build": "season_cmds", "check": "season_cmds", "new": "season_cmds",
    "docs": "season_cmds", "schedule": "season_cmds",
    "check-pairings": "check_pairings_cmd",
    "result": "chore_cmds", "withdraw": "chore_cmds", "enter": "chore_cmds", "bye": "chore_cmds",
    "export": "export_cmd", "freeze": "freeze_cmd", "generate": "generate_cmd",
    "import": "import_cmd", "pair": "pair_cmd", "plan": "plan_cmd", "serve": "serve_cmd",
    "standings": "standings_cmd", "prizes": "prizes_cmd", "rating-report": "rating_cmd",
    "schema": "schema_cmd", "diff": "diff_cmd", "check-files": "check_files_cmd",
    "checkin": "checkin_cmd",
    "print": "print_cmd",
}


class LazyGroup(click.Group):
    """A group whose commands' modules are imported when a command is looked up."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        module = COMMANDS.get(cmd_name)
        if module is None:
            return None
        importlib.import_module(f"{__name__}.{module}")  # registers its commands on main
        return self.commands.get(cmd_name)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="leaguegen")
def main() -> None:
    """Run chess leagues and tournaments from plain files; publish them as a static site."""
