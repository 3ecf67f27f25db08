"""A section's ``checkin:`` block (docs/checkin.md), read and checked at file:line:col::

    checkin:
      withdraw_after: 2   # missing 2 rounds in a row without checking in withdraws a player
"""

from __future__ import annotations

import yaml

from leaguegen.domain.checkin import CheckinRules
from leaguegen.formats import yaml_nodes as yn
from leaguegen.formats.yaml_nodes import Ctx

BLOCK_KEYS = ("withdraw_after",)


def read_checkin(node: yaml.Node | None, ctx: Ctx) -> CheckinRules | None:
    """The block as CheckinRules (None: not given, or wrong: the problems are on ``ctx``)."""
    if yn.is_null(node):
        return None
    col = ctx.col
    keys = yn.mapping(node, col, "checkin", BLOCK_KEYS)
    after = yn.integer(keys.get("withdraw_after"), col, "checkin: withdraw_after", minimum=1)
    if "withdraw_after" in keys and after is None:
        return None
    return CheckinRules(withdraw_after=after)
