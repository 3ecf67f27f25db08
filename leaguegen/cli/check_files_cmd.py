"""``leaguegen check-files FILE...``: ``check`` every season folder the given files belong to.

This is the pre-commit hook's entry (``.pre-commit-hooks.yaml``): pre-commit passes the
changed files, not season folders, so each file is taken to the nearest folder above it
that holds a ``season.yaml`` and each such season is checked once, as ``leaguegen check``
checks it (same messages, same exit code 2 when one is invalid). A file outside every
season (a README, the site template) is not a season's business and is passed over.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from leaguegen.cli import main
from leaguegen.formats.season_yaml import SEASON_FILE


def season_of(path: Path) -> Path | None:
    """The nearest folder at or above ``path``'s folder that holds a ``season.yaml``."""
    folder = path.parent if not path.is_dir() else path
    for candidate in (folder, *folder.parents):
        if (candidate / SEASON_FILE).is_file():
            return candidate
    return None


@main.command("check-files")
@click.argument("files", nargs=-1, type=click.Path(path_type=Path))
@click.pass_context
def check_files(ctx: click.Context, files: tuple[Path, ...]) -> None:
    """Check each season folder that FILES belong to (the pre-commit hook)."""
    from leaguegen.cli.season_cmds import check

    seasons: list[Path] = []
    for f in files:
        season = season_of(f)
        if season is not None and season not in seasons:
            seasons.append(season)
    worst = 0
    for season in seasons:
        try:
            ctx.invoke(check, season_dir=season)
        except SystemExit as stop:  # check exits 2 on an invalid season: check the others too
            worst = max(worst, int(stop.code or 0))
    sys.exit(worst)
