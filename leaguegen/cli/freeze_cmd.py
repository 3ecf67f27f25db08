"""``leaguegen freeze SEASON_DIR [--section ID]``: write computed pairing numbers into the file.

Under ``seeding: rating | lots | varma`` the numbers are computed from the player list
each time the season is read, so once a section has a result a new rating or an added
player would move them. Freezing lists the players in number order and sets
``seeding: list``, with a comment saying what the numbers were drawn by (the ``seed``
stays; a ``varma_by`` line becomes a comment). Every page stays the same: the numbers
are the ones the season already had. ``result`` and ``pair`` freeze a section by
themselves before its first result; ``check`` warns about one that has results and is
not frozen. The work is ``formats.chores.freeze``.

Without ``--section`` every section that has a result and still computes its numbers is
frozen; with it, that section (started or not). Exit codes as for the other chores.
"""

from __future__ import annotations

import click

from leaguegen.cli import main
from leaguegen.cli.chore_cmds import perform


@main.command("freeze")
@click.argument("season_dir", type=click.Path(file_okay=False))
@click.option("--section", "section_id", help="Only this section (also one not started).")
def freeze_cmd(season_dir: str, section_id: str | None) -> None:
    """Write the pairing numbers of SEASON_DIR's sections into the file (seeding: list)."""
    from leaguegen.formats.chores import freeze

    perform(lambda: freeze(season_dir, section_id))
