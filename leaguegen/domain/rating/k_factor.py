"""The development coefficient K: which of 40, 20 and 10 applies, and what the files cannot say.

B.02 8.3.3:

    K is the development coefficient.
    K = 40 for a player new to the rating list until they have completed events
    with at least 30 games.
    K = 20 as long as a player's rating remains under 2400.
    K = 10 once a player's published rating has reached 2400 and remains at that
    level subsequently, even if the rating drops below 2400.
    K = 40 for all players until the end of the year of their 18th birthday, as
    long as their rating remains under 2300.
    If the number of games (n) for a player on any list for a rating period
    multiplied by K (as defined above) exceeds 700, then K shall be the largest
    whole number such that K x n does not exceed 700.

A season file knows a player's rating and, sometimes, their birth year. It does
not know how many rated games they have completed (the 30-game rule) nor whether
their published rating was ever 2400 (K stays 10 after it falls back), nor their
other games in the same rating period (the 700 cap). So K is an input: the
organiser may give it, and without it :func:`k_factor` decides what the file can
prove and marks the rest ``assumed``, for the report to say so.
"""

from __future__ import annotations

from dataclasses import dataclass

K_NEW_OR_JUNIOR = 40
K_STANDARD = 20
K_REACHED_2400 = 10
ALLOWED = (K_NEW_OR_JUNIOR, K_STANDARD, K_REACHED_2400)
PERIOD_CAP = 700  # K × n for a rating period may not exceed it
JUNIOR_UNDER = 2300
REACHED = 2400
JUNIOR_AGE = 18


@dataclass(frozen=True, slots=True)
class KFactor:
    """The K a player's games are rated with, and why.

    ``value``: the K of 8.3.3 before the 700 cap (:func:`period_cap`). ``reason``:
    the rule that chose it, in words for the report. ``assumed``: the files could
    not prove it (the organiser did not give it and the rule that chose it depends
    on facts outside the files); a report marks such a K so the arbiter checks it.
    """

    value: int
    reason: str
    assumed: bool = False


def k_factor(rating: int, *, given: int | None = None, birth_year: int | None = None,
             rating_year: int | None = None) -> KFactor:
    """The K of a player rated ``rating`` (8.3.3).

    ``given``: the organiser's K (40, 20 or 10), which wins: only they know the
    player's games and history. Otherwise, in this order: a published rating of 2400
    or more gives 10 (it has reached 2400); a player whose rating is under 2300 and
    ``rating_year`` is no later than the year of their 18th birthday gives 40; else
    20, marked assumed, since the player may be new to the list (40) or may have
    reached 2400 before (10), which no file says. ``rating_year`` is the year the
    games are rated in (a report uses its event's last dated round).
    """
    if given is not None:
        if given not in ALLOWED:
            raise ValueError(f"K {given} is not one of FIDE's {', '.join(map(str, ALLOWED))}")
        return KFactor(given, "given by the organiser")
    if rating >= REACHED:
        return KFactor(K_REACHED_2400, "published rating 2400 or more")
    if birth_year is not None and rating_year is not None and rating < JUNIOR_UNDER \
            and rating_year <= birth_year + JUNIOR_AGE:
        return KFactor(K_NEW_OR_JUNIOR, "under 2300, to the end of the year of their 18th birthday")
    return KFactor(K_STANDARD, "under 2400; assumed: not new to the list, never 2400",
                   assumed=True)


def period_cap(k: int, games: int) -> int:
    """K after 8.3.3's last sentence: the largest whole number with K × n ≤ 700.

    ``games`` is n, the player's rated games in the rating period; a report knows
    only its own event's, a lower bound, so the cap it applies may be too weak
    when the player has played elsewhere in the same period."""
    if games <= 0 or k * games <= PERIOD_CAP:
        return k
    return PERIOD_CAP // games
