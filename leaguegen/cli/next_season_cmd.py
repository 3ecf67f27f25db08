"""``leaguegen next-season SEASON_DIR NEW_DIR [--name NAME]``: next season's divisions.

Thin: the work is ``formats/next_season.py`` (which reads the final tables through
``domain/divisions.py``). Exit 0: written; 2: the season is invalid, a division is not
finished, the target exists, or the season has no divisions (nothing is written).
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from leaguegen.cli import main
from leaguegen.cli.speech import echo, say
from leaguegen.cli.terminal import report_problems
from leaguegen.errors import InputError, Message

EXIT_INVALID = 2


@main.command("next-season")
@click.argument("season_dir", type=click.Path(file_okay=False, path_type=Path))
@click.argument("new_dir", type=click.Path(path_type=Path))
@click.option("--name", help="The new season's name (default: this season's, to edit).")
def next_season(season_dir: Path, new_dir: Path, name: str | None) -> None:
    """Write NEW_DIR, next season of SEASON_DIR: every division's players or teams moved
    up and down as the final tables say, ratings as they were, no rounds yet. Every
    division must be finished; NEW_DIR must not exist."""
    from leaguegen.formats.next_season import NextSeasonRefused, make_next_season

    try:
        done = make_next_season(season_dir, new_dir, name, say=say)
    except InputError as err:
        report_problems(err)
        sys.exit(EXIT_INVALID)
    except NextSeasonRefused as err:
        echo(Message("error: {why}", why=err.message), err=True)
        sys.exit(EXIT_INVALID)
    for sid, placed in done.plan.divisions:
        up = tuple(p.name for p in placed if p.source != sid and p.move == "promoted")
        down = tuple(p.name for p in placed if p.source != sid and p.move == "relegated")
        echo(Message("{division}: {count} next season; up from the division below: {up}; "
                     "down from the division above: {down}", division=sid, count=len(placed),
                     up=", ".join(up) or "-", down=", ".join(down) or "-"))
    for p in done.plan.leaving:
        echo(Message("{name} leaves the league, promoted from {division}", name=p.name,
                     division=p.source) if p.move == "promoted" else
             Message("{name} leaves the league, relegated from {division}", name=p.name,
                     division=p.source))
    for sid, above, below in done.ties:
        echo(Message("warning: {above} and {below} of {division} are equal on every tie-break "
                     "either side of a promotion or relegation line; the table lists {above} "
                     "first, so the new season does too: settle it by the league's rule and "
                     "edit the new file if need be", above=above, below=below, division=sid),
             err=True)
    echo(Message("Wrote {folder}; check it with `leaguegen check {folder}`",
                 folder=done.folder))
