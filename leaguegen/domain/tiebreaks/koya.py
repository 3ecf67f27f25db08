"""KS - Koya system (9.2): points scored against the players on at least 50 % of the maximum."""

from __future__ import annotations

from fractions import Fraction

from leaguegen.domain.tiebreaks.context import Context
from leaguegen.domain.tiebreaks.explain import Explanation, Item
from leaguegen.domain.tiebreaks.spec import TiebreakSpec


def max_games(ctx: Context) -> int:
    """Games a player can play so far: the rounds in a Swiss; in a round robin the most
    scheduled games any ranked player has (``n - 1`` per cycle; a free round is no game)."""
    if not ctx.is_rr:
        return ctx.rounds
    return max(
        (sum(1 for s in ctx.slots[n] if s.opponent is not None) for n in ctx.numbers), default=0
    )


def threshold(ctx: Context, spec: TiebreakSpec) -> Fraction:
    return spec.limit_percent / 100 * ctx.win * max_games(ctx) + spec.limit_offset


def koya(ctx: Context, spec: TiebreakSpec) -> dict[int, Explanation]:
    limit = threshold(ctx, spec)
    out = {}
    for n in ctx.numbers:
        items, cut = [], []
        for s in ctx.slots[n]:
            if s.opponent is None:
                continue
            opp_score = ctx.score[s.opponent]
            item = Item(s.round, "game" if s.played else "forfeit", s.opponent, s.points,
                        opp_score, s.points)
            (items if opp_score >= limit else cut).append(item)
        total = sum((i.value for i in items), Fraction(0))  # type: ignore[misc]
        out[n] = Explanation(spec.code, total, tuple(items), tuple(cut),
                             note=f"opponents on at least {limit} points",
                             extra={"threshold": limit})
    return out
