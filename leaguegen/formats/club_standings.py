"""A section's ``club_standings:`` block: read, checked with file:line:col.

The block (docs/club-standings.md)::

    club_standings:
      title: Schools        # the table's heading (default: "Clubs")
      best: 3               # the best 3 scores of each club count
      tiebreaks: [next]     # then the next best player's score (default: none)

A player's club is the players list's ``club:``. The calculation is
``domain/club_standings.py``.
"""

from __future__ import annotations

import yaml

from leaguegen.domain.club_standings import TIEBREAKS, ClubRules
from leaguegen.formats import yaml_nodes as yn
from leaguegen.formats.yaml_nodes import Ctx

BLOCK_KEYS = ("title", "best", "tiebreaks")


def read_club_standings(node: yaml.Node | None, ctx: Ctx) -> ClubRules | None:
    """The block as ClubRules (None: not given, or wrong: the problems are on ``ctx``)."""
    if yn.is_null(node):
        return None
    col = ctx.col
    before = len(col.problems)
    keys = yn.mapping(node, col, "club_standings", BLOCK_KEYS, required=("best",))
    title = yn.text(keys.get("title"), col, "club_standings: title") or ""
    best = yn.integer(keys.get("best"), col, "club_standings: best", minimum=1)
    codes = yn.tiebreak_codes(keys.get("tiebreaks"), col, "club_standings", TIEBREAKS)
    if best is None or len(col.problems) > before:
        return None
    return ClubRules(best=best, title=title, tiebreaks=codes)
