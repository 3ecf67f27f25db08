"""Type-B tie-breaks computed from the player's own rounds (Art. 7, 10.6)."""

from __future__ import annotations

from fractions import Fraction

from leaguegen.domain.model import Colour
from leaguegen.domain.tiebreaks.context import Context, Slot
from leaguegen.domain.tiebreaks.explain import Explanation, Item, new_explanation, new_item
from leaguegen.domain.tiebreaks.spec import TiebreakSpec

Results = dict[int, Explanation]


def _count(ctx: Context, spec: TiebreakSpec, test, note: str) -> Results:
    out: Results = {}
    if not ctx.explain:  # the counts alone
        for n in ctx.numbers:
            out[n] = new_explanation(spec.code, sum(1 for s in ctx.slots[n] if test(ctx, s)),
                                     (), (), note)
        return out
    for n in ctx.numbers:
        items = tuple([
            new_item(s.round, "game" if s.played else "round", s.opponent, 1, None, s.points)
            for s in ctx.slots[n]
            if test(ctx, s)
        ])
        out[n] = new_explanation(spec.code, len(items), items, (), note)
    return out


def points(ctx: Context, spec: TiebreakSpec) -> Results:
    """PTS: the score, byes and forfeits as awarded (void rounds excluded)."""
    out: Results = {}
    for n in ctx.numbers:
        items = tuple(
            Item(s.round, "game" if s.played else "round", s.opponent, s.points, result=s.points)
            for s in ctx.slots[n]
            if not s.void
        )
        out[n] = Explanation(spec.code, ctx.score[n], items)
    return out


def wins(ctx: Context, spec: TiebreakSpec) -> Results:
    """WIN (7.1): rounds with a win's worth of points, played or not."""
    return _count(ctx, spec, lambda c, s: s.units == c.win_units,
                  "rounds scored as a win")


def won(ctx: Context, spec: TiebreakSpec) -> Results:
    """WON (7.2): games won over the board."""
    return _count(ctx, spec, lambda c, s: s.played and s.units == c.win_units,
                  "games won on the board")


def black_played(ctx: Context, spec: TiebreakSpec) -> Results:
    """BPG (7.3): games played with Black over the board."""
    return _count(ctx, spec, lambda c, s: s.played and s.colour is Colour.BLACK,
                  "games played with Black")


def black_won(ctx: Context, spec: TiebreakSpec) -> Results:
    """BWG (7.4): games won with Black over the board."""
    return _count(
        ctx, spec,
        lambda c, s: s.played and s.colour is Colour.BLACK and s.units == c.win_units,
        "games won with Black",
    )


def _elected(ctx: Context, s: Slot) -> bool:
    return s.played or s.pab or s.units == ctx.win_units


def rounds_elected(ctx: Context, spec: TiebreakSpec) -> Results:
    """REP / GE (7.6): rounds minus requested byes, absences and forfeit losses."""
    return _count(ctx, spec, _elected, "rounds played, or won without playing")


def progressive(ctx: Context, spec: TiebreakSpec) -> Results:
    """PS (7.5): sum of the running scores; /Cn drops the first n of them."""
    out: Results = {}
    for n in ctx.numbers:
        running = total = 0  # in units
        items, cut = [], []
        for s in ctx.slots[n]:
            running += s.units
            item = Item(s.round, "round", s.opponent, ctx.points(running), result=s.points)
            if s.round <= spec.cut_low:
                cut.append(item)
            else:
                items.append(item)
                total += running
        out[n] = Explanation(spec.code, ctx.points(total), tuple(items), tuple(cut))
    return out


def standard_points(ctx: Context, spec: TiebreakSpec) -> Results:
    """STD (7.7, 2026): 1 per round above a draw's points, ½ per round equal to it."""
    out: Results = {}
    for n in ctx.numbers:
        items = []
        for s in ctx.slots[n]:
            v = Fraction(1) if s.points > ctx.draw else Fraction(1, 2) if s.points == ctx.draw \
                else Fraction(0)
            items.append(Item(s.round, "round", s.opponent, v, result=s.points))
        total = sum((i.value for i in items), Fraction(0))  # type: ignore[misc]
        out[n] = Explanation(spec.code, total, tuple(items))
    return out


def pairing_number(ctx: Context, spec: TiebreakSpec) -> Results:
    """TPN (7.8, 2026): the tournament pairing number, lowest first."""
    return {n: Explanation(spec.code, n) for n in ctx.numbers}
