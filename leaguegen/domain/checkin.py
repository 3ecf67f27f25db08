"""Check-in rules of a section (its ``checkin:`` block) and the missed rounds they count.

``withdraw_after``: a player who misses that many rounds in a row without checking in
is withdrawn (after the last round they were in), rather than written absent again;
None: never. A missed round is one the player was not paired in and scored nothing
(``Code.ZERO_BYE``: an absence, or a round they were not paired in). No I/O here.
"""

from __future__ import annotations

from dataclasses import dataclass

from leaguegen.domain.model import Code, Crosstable


@dataclass(frozen=True, slots=True)
class CheckinRules:
    withdraw_after: int | None = None

    def __post_init__(self) -> None:
        if self.withdraw_after is not None and self.withdraw_after < 1:
            raise ValueError("checkin: withdraw_after must be at least 1")


def missed_before(table: Crosstable, number: int, round_no: int) -> int:
    """Rounds in a row just before ``round_no`` that player ``number`` missed."""
    rounds = table.record(number).rounds
    count = 0
    for r in range(min(round_no - 1, len(rounds)), 0, -1):
        if rounds[r - 1].code is not Code.ZERO_BYE:
            break
        count += 1
    return count
