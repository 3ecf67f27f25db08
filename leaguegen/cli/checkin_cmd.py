"""``leaguegen checkin SEASON_DIR --section ID NAMES...``: who is present for the next round.

The chore is ``formats/chores/checkin.py``; this parses the arguments and prints what it
did (``chore_cmds.perform``: exit 1 when another command holds the lock, 2 for an
invalid request or season, nothing written).
"""

from __future__ import annotations

import click

from leaguegen.cli import main
from leaguegen.cli.chore_cmds import perform


@main.command("checkin")
@click.argument("season_dir", type=click.Path(file_okay=False))
@click.argument("names", nargs=-1, required=True)
@click.option("--section", "section_id", required=True, help="The Swiss section's id.")
@click.option("--round", "round_no", type=click.IntRange(min=1),
              help="The round (default: the next one to pair).")
def checkin_cmd(season_dir: str, names: tuple[str, ...], section_id: str,
                round_no: int | None) -> None:
    """Check NAMES in for a Swiss round: everyone else still playing is not paired in it
    (a zero-point absence, written under byes_requested)."""
    from leaguegen.formats.chores import checkin

    perform(lambda: checkin(season_dir, section_id, names, round_no))
