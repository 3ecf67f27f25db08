"""Rating-based tie-breaks (Art. 10): ARO, TPR, PTP, APRO, APPO, RTNG.

Only games played over the board count (forfeits never do, 15.2 / 16). If any
player in the event has no rating, every rating tie-break is undefined (None)
for everyone, as C.07 drops them unless the regulations rate the unrated.
Tables: FIDE Rating Regulations B.02 8.1.1 (p -> dp) and 8.1.2 (rating
difference -> expected score), the latter used up to 800 points for PTP.
"""

from __future__ import annotations

import bisect
import math
from fractions import Fraction

from leaguegen.domain.model import Code
from leaguegen.domain.tiebreaks.context import Context, Slot
from leaguegen.domain.tiebreaks.explain import Explanation, Item
from leaguegen.domain.tiebreaks.spec import TiebreakSpec

# B.02 8.1.1: dp for p = 0.00, 0.01, ..., 1.00
DP = (
    -800, -677, -589, -538, -501, -470, -444, -422, -401, -383, -366,
    -351, -336, -322, -309, -296, -284, -273, -262, -251, -240,
    -230, -220, -211, -202, -193, -184, -175, -166, -158, -149,
    -141, -133, -125, -117, -110, -102, -95, -87, -80, -72,
    -65, -57, -50, -43, -36, -29, -21, -14, -7, 0,
    7, 14, 21, 29, 36, 43, 50, 57, 65, 72,
    80, 87, 95, 102, 110, 117, 125, 133, 141, 149,
    158, 166, 175, 184, 193, 202, 211, 220, 230, 240,
    251, 262, 273, 284, 296, 309, 322, 336, 351, 366,
    383, 401, 422, 444, 470, 501, 538, 589, 677, 800,
)  # fmt: skip

# B.02 8.1.2: the highest rating difference for which the stronger player's expected
# score is 0.50, 0.51, ..., 0.99; above the last bound it is 1.00.
_PD_UPPER = (
    3, 10, 17, 25, 32, 39, 46, 53, 61, 68, 76, 83, 91, 98, 106, 113, 121, 129, 137, 145,
    153, 162, 170, 179, 188, 197, 206, 215, 225, 235, 245, 256, 267, 278, 290, 302, 315,
    328, 344, 357, 374, 391, 411, 432, 456, 484, 517, 559, 619, 735,
)  # fmt: skip


def expected_hundredths(rating: int, opponent: int) -> int:
    """Expected score of ``rating`` against ``opponent`` in hundredths (difference <= 800)."""
    diff = min(abs(opponent - rating), 800)
    pd = 50 + bisect.bisect_left(_PD_UPPER, diff)
    return 100 - pd if opponent > rating else pd


def _half_up(value: Fraction) -> int:
    return math.floor(value + Fraction(1, 2))


def average_rating(ratings: list[int]) -> int | None:
    if not ratings:
        return None
    return _half_up(Fraction(sum(ratings), len(ratings)))


def performance(score: Fraction, ratings: list[int]) -> int | None:
    """TPR: ARO + dp(p), p rounded half up to two decimals."""
    if not ratings:
        return None
    p = _half_up(score * 100 / len(ratings))
    return average_rating(ratings) + DP[p]  # type: ignore[operator]


def perfect_performance(score: Fraction, ratings: list[int]) -> int | None:
    """PTP: the lowest rating whose expected score against ``ratings`` reaches ``score``."""
    if not ratings:
        return None
    if score == 0:
        return min(ratings) - 800
    if score > len(ratings):
        return max(ratings) + 800
    target = score * 100
    low, high = min(ratings) - 801, max(ratings) + 800  # f(low) = 0 < score <= f(high)
    while high - low > 1:
        mid = (low + high) // 2
        if sum(expected_hundredths(mid, r) for r in ratings) >= target:
            high = mid
        else:
            low = mid
    return high


_RATING_POINTS = {
    Code.WIN: Fraction(1), Code.WIN_UNRATED: Fraction(1),
    Code.DRAW: Fraction(1, 2), Code.DRAW_UNRATED: Fraction(1, 2),
}


def _all_rated(ctx: Context) -> bool:
    return all(ctx.ratings[n] is not None for n in ctx.numbers)


def _rated_games(ctx: Context, spec: TiebreakSpec, n: int) -> tuple[list[Slot], list[Slot]]:
    games = [s for s in ctx.slots[n] if s.played and s.opponent is not None]
    games.sort(key=lambda s: (ctx.ratings[s.opponent] or 0, s.round))  # type: ignore[index]
    low = min(spec.cut_low, ctx.rounds)
    high = min(spec.cut_high, ctx.rounds - low)
    kept, cut = list(games), []
    for _ in range(low):
        if kept:
            cut.append(kept.pop(0))
    for _ in range(high):
        if kept:
            cut.append(kept.pop())
    return kept, cut


def _item(ctx: Context, s: Slot) -> Item:
    return Item(s.round, "rating", s.opponent, ctx.ratings[s.opponent],  # type: ignore[index]
                ctx.ratings[s.opponent], _RATING_POINTS.get(s.code, Fraction(0)))  # type: ignore[index]


def _performances(ctx: Context, spec: TiebreakSpec, which: str) -> dict[int, Explanation]:
    valid = _all_rated(ctx)
    out = {}
    for n in ctx.numbers:
        kept, cut = _rated_games(ctx, spec, n)
        ratings = [ctx.ratings[s.opponent] for s in kept]  # type: ignore[index]
        score = sum((_RATING_POINTS.get(s.code, Fraction(0)) for s in kept), Fraction(0))
        value: int | None = None
        if valid:
            if which == "ARO":
                value = average_rating(ratings)  # type: ignore[arg-type]
            elif which == "TPR":
                value = performance(score, ratings)  # type: ignore[arg-type]
            else:
                value = perfect_performance(score, ratings)  # type: ignore[arg-type]
        note = "" if valid else "undefined: unrated players in the event"
        out[n] = Explanation(spec.code, value, tuple(_item(ctx, s) for s in kept),
                             tuple(_item(ctx, s) for s in cut), note=note,
                             extra={"score": score})
    return out


def average_rating_of_opponents(ctx: Context, spec: TiebreakSpec) -> dict[int, Explanation]:
    """ARO (10.1): mean rating of the over-the-board opponents, rounded half up."""
    return _performances(ctx, spec, "ARO")


def tournament_performance(ctx: Context, spec: TiebreakSpec) -> dict[int, Explanation]:
    """TPR (10.2): ARO + dp(p) from the B.02 table."""
    return _performances(ctx, spec, "TPR")


def perfect_tournament_performance(ctx: Context, spec: TiebreakSpec) -> dict[int, Explanation]:
    """PTP (10.3): lowest rating whose expected score reaches the score made."""
    return _performances(ctx, spec, "PTP")


def _average_of(ctx: Context, spec: TiebreakSpec, base: dict[int, Explanation]):
    out = {}
    for n in ctx.numbers:
        items = tuple(
            Item(s.round, "game", s.opponent, base[s.opponent].value)
            for s in ctx.slots[n]
            if s.played and s.opponent is not None and base[s.opponent].value is not None
        )
        value = None
        if items:
            value = _half_up(Fraction(sum(i.value for i in items), len(items)))  # type: ignore[misc]
        out[n] = Explanation(spec.code, value, items, note=base[n].note)
    return out


def average_performance_of_opponents(ctx: Context, spec: TiebreakSpec):
    """APRO (10.4): mean TPR of the over-the-board opponents."""
    return _average_of(ctx, spec, _performances(ctx, spec, "TPR"))


def average_perfect_performance_of_opponents(ctx: Context, spec: TiebreakSpec):
    """APPO (10.5): mean PTP of the over-the-board opponents."""
    return _average_of(ctx, spec, _performances(ctx, spec, "PTP"))


def rating(ctx: Context, spec: TiebreakSpec) -> dict[int, Explanation]:
    """RTNG (10.6, 2026): the player's rating, highest first."""
    valid = _all_rated(ctx)
    return {n: Explanation(spec.code, ctx.ratings[n] if valid else None) for n in ctx.numbers}
