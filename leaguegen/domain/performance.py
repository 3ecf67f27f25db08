"""Rating performance from the FIDE conversion table (Rating Regulations B.02, 8.1.1).

Shown on player pages; the TPR tiebreak uses the same table. Only games
played over the board count: forfeits and byes are never rated.
"""

from __future__ import annotations

from fractions import Fraction

# dp for p = 0.50 .. 1.00 in steps of 0.01; p below 0.50 mirrors with a minus sign.
_DP = (0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141, 149,
       158, 166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309, 322, 336,
       351, 366, 383, 401, 422, 444, 470, 501, 538, 589, 677, 800)


def round_half_up(value: Fraction, places: int = 0) -> Fraction:
    scale = 10**places
    return Fraction(int(value * scale + Fraction(1, 2)) if value >= 0
                    else -int(-value * scale + Fraction(1, 2)), scale)


def dp(fraction_scored: Fraction) -> int:
    """The rating difference for a percentage score, p rounded to two decimals half up."""
    hundredths = int(round_half_up(Fraction(fraction_scored), 2) * 100)
    if hundredths >= 50:
        return _DP[hundredths - 50]
    return -_DP[50 - hundredths]


def performance_rating(games: list[tuple[int, Fraction]]) -> tuple[int, int] | None:
    """(performance, average opponent rating) from (opponent rating, points 0..1) pairs.

    None when no rated game was played.
    """
    if not games:
        return None
    aro = int(round_half_up(Fraction(sum(r for r, _ in games), len(games))))
    p = Fraction(sum(Fraction(s) for _, s in games)) / len(games)
    return aro + dp(p), aro


def _in_units(ratings: list[int], points: list[int], win: int) -> tuple[int, int]:
    """:func:`performance_rating` of games scored ``points``/``win`` each, in integers
    (the same answer: for values that are not negative, rounding half up is a floor)."""
    n = len(ratings)
    aro = (2 * sum(ratings) + n) // (2 * n)
    hundredths = (200 * sum(points) + n * win) // (2 * n * win)
    return aro + (_DP[hundredths - 50] if hundredths >= 50 else -_DP[50 - hundredths]), aro


def table_performance(table, number: int) -> tuple[int, int] | None:  # noqa: ANN001 - Crosstable
    """(Rp, average opponent rating) of player ``number`` over the games of a crosstable
    (``domain.model.Crosstable``) played against rated opponents; None without such a game.

    One computation for the standings' Rp column and the player's page; a game's score
    is its points over a win's (the scoring's unit cancels), summed in integers."""
    scoring = table.scoring
    ratings, points = [], []
    for e in table.record(number).rounds:
        if e.played and e.opponent:
            rating = table.record(e.opponent).player.rating
            if rating:
                ratings.append(rating)
                points.append(scoring.points(e.code))
    if not ratings:
        return None
    if scoring.win > 0 and min(points) >= 0 and min(ratings) >= 0:
        return _in_units(ratings, points, scoring.win)
    win = scoring.value(scoring.win)  # negative values: the exact rules of round_half_up
    return performance_rating([(r, scoring.value(pts) / win)
                               for r, pts in zip(ratings, points, strict=True)])
