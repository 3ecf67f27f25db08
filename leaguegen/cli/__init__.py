"""The thin command line: parse arguments, call the library, print, map errors to exit codes.

Exit codes: 0 success; 1 the input is valid but the request cannot be met
(e.g. no legal pairing); 2 unreadable or invalid input.
Each command lives in its own module and registers itself on ``main``.
"""

from __future__ import annotations

import click


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="leaguegen")
def main() -> None:
    """Run chess leagues and tournaments from plain files; publish them as a static site."""


from leaguegen.cli import (  # noqa: E402,F401
    check_pairings_cmd,
    chore_cmds,
    export_cmd,
    freeze_cmd,
    generate_cmd,
    import_cmd,
    pair_cmd,
    plan_cmd,
    season_cmds,
    serve_cmd,
    standings_cmd,
)
