"""The date a section's next round falls on, from the rhythm its dated rounds show.

``pair`` writes a new Swiss round; without ``--date`` it dates the round by the
section's own rhythm: the step between its last two dated rounds (a week for a club
evening each Thursday, a day for a congress), carried on. Two rounds on one day, or
fewer than two dated rounds, show no rhythm to follow: then there is no date.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence


def next_round_date(dates: Sequence[tuple[int, dt.date | None]], round_number: int
                    ) -> dt.date | None:
    """The date of ``round_number`` from ``(round, date)`` of the rounds before it."""
    dated = sorted((r, d) for r, d in dates if d is not None and r < round_number)
    if len(dated) < 2:
        return None
    (ra, da), (rb, db) = dated[-2], dated[-1]
    days, rest = divmod((db - da).days, rb - ra)
    if days <= 0 or rest:
        return None
    return db + dt.timedelta(days=days * (round_number - rb))
