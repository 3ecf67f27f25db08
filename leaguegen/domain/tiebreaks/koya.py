"""KS - Koya system (9.2): points scored against the players on at least 50 % of the maximum."""

from __future__ import annotations

from fractions import Fraction

from leaguegen.domain.tiebreaks.context import Context
from leaguegen.domain.tiebreaks.explain import Explanation, new_explanation, new_item
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
    # whether each player reaches the threshold, asked once per player, not once per game
    score = ctx.score
    strong = {n: score[n] >= limit for n in ctx.numbers}
    note = f"opponents on at least {limit} points"
    out: dict[int, Explanation] = {}
    explain = ctx.explain
    for n in ctx.numbers:
        items, cut = [], []
        total = 0
        for s in ctx.slots[n]:
            opponent = s.opponent
            if opponent is None:
                continue
            if not explain:
                total += s.units if strong[opponent] else 0
                continue
            item = new_item(s.round, "game" if s.played else "forfeit", opponent, s.points,
                            score[opponent], s.points)
            if strong[opponent]:
                items.append(item)
                total += s.units
            else:
                cut.append(item)
        out[n] = new_explanation(spec.code, ctx.points(total), tuple(items), tuple(cut), note,
                                 {"threshold": limit})
    return out
