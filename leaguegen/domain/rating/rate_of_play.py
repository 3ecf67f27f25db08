"""Whether a game's rate of play is slow enough to be rated as standard chess (B.02 1.1).

    1.1 For a game to be rated each player must at the start of the game have the
    following minimum periods in which to complete all the moves, assuming the game
    lasts 60 moves.
    Where at least one of the players in the game has a rating of 2400 or higher,
    each player must have a minimum of 120 minutes.
    Where at least one of the players in the game has a rating 1800 or higher, each
    player must have a minimum of 90 minutes.
    Where both of the players in the game are rated below 1800, each player must
    have a minimum of 60 minutes.

The minutes for 60 moves come from the section's time control as
``domain.time_control`` reads it (increments and delays included). An unrated
player counts as rated below 1800: 1.1 names no rating for them.
"""

from __future__ import annotations


def minimum_minutes(rating: int | None, opponent: int | None) -> int:
    """The minutes each player must have for 60 moves in a game between these ratings."""
    best = max((r for r in (rating, opponent) if r is not None), default=0)
    if best >= 2400:
        return 120
    if best >= 1800:
        return 90
    return 60


def fast_for_standard(minutes: float, rating: int | None, opponent: int | None) -> bool:
    """True when ``minutes`` (a player's time for 60 moves) is under 1.1's minimum."""
    return minutes < minimum_minutes(rating, opponent)
