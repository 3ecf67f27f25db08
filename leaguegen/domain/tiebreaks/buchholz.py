"""Buchholz family and Sonneborn-Berger (Art. 8, 9.1) with cuts, medians and Art. 16.

Each element is either a real opponent's adjusted score (16.3) or, in a Swiss,
a dummy for one of the player's own unplayed rounds (16.4): the player's own
score, capped under the 2026 rules by the scheduled opponent's adjusted score
(forfeits) or by a draw's points times the rounds (byes). For SB the element
is multiplied by the points scored in that round. Round robins (15.2) have no
dummy: forfeits are games and a free round is no element at all.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from leaguegen.domain.tiebreaks.context import Context
from leaguegen.domain.tiebreaks.explain import Explanation, Item, new_explanation, new_item
from leaguegen.domain.tiebreaks.spec import TiebreakSpec

Results = dict[int, Explanation]


@dataclass(frozen=True, slots=True)
class _Element:
    """One element: its item (whose ``score`` and ``value`` the cuts compare), whether
    it stands for a voluntary unplayed round, and its value in units (units² for SB)."""

    item: Item
    vur: bool
    units: int

    @property
    def score(self) -> Fraction:
        return self.item.score  # type: ignore[return-value]

    @property
    def value(self) -> Fraction:
        return self.item.value  # type: ignore[return-value]


def _fore_scores(ctx: Context) -> tuple[dict[int, int], dict[int, int]]:
    """Adjusted and own scores, in units, as if every final-round game had been drawn
    (FB, 8.3)."""
    last = ctx.rounds
    draw = ctx.draw_units
    adjusted: dict[int, int] = {}
    own: dict[int, int] = {}
    for n in ctx.numbers:
        slots = ctx.slots[n]
        paired_last = bool(slots) and (slots[-1].opponent is not None or slots[-1].pab)
        if ctx.is_rr:
            adj = ctx.score_units[n]
        else:
            lna = last if paired_last else ctx.last_not_vur[n]
            adj = sum(s.units if s.round <= lna or s.opponent is not None else draw
                      for s in slots)
        shift = 0
        if paired_last and slots[-1].opponent is not None:
            shift = draw - slots[-1].units
        adjusted[n] = adj + shift
        own[n] = ctx.score_units[n] + shift
    return adjusted, own


def _elements(ctx: Context, spec: TiebreakSpec, n: int, product: bool, fore: bool,
              adjusted: dict[int, int], own: dict[int, int]) -> list[tuple[Item, bool, int]]:
    """The elements of player ``n`` as (item, whether it stands for a VUR, its value in
    units, units² for SB); scores in units (``adjusted``, ``own``), turned into points once
    each (``ctx.points``), products into points² (``ctx.products``)."""
    out = []
    points = ctx.points
    products = ctx.products
    known_points, known_products = ctx._values, ctx._products
    is_rr = ctx.is_rr
    last = ctx.rounds
    predetermined = spec.predetermined
    explain = ctx.explain or spec.cut_low > 0 or spec.cut_high > 0  # a cut compares items
    for s in ctx.slots[n]:
        opponent = s.opponent
        if opponent is not None and (s.played or is_rr or predetermined
                                     or (fore and s.round == last)):  # counts as a game
            score = adjusted[opponent]
            kind = "game" if s.played else "forfeit"
            vur = False
            note = "final round counted as a draw" if fore and s.round == last else ""
        elif is_rr:
            continue
        else:
            score = own[n]
            note = f"own score {_fmt(points(score))}"
            if ctx.edition == "2026":
                cap = (adjusted[opponent] if opponent is not None
                       else ctx.draw_units * ctx.rounds)
                if points(cap) < points(score):
                    rule = "16.4.1" if opponent is not None else "16.4.2"
                    note += f", capped at {_fmt(points(cap))} ({rule})"
                    score = cap
            kind = "dummy"
            vur = s.vur
        # ``points(score)``, ``products(units)``: their tables read in place
        shown = known_points.get(score)
        if shown is None:
            shown = points(score)
        if product:
            units = score * s.units
            value = known_products.get(units)
            if value is None:
                value = products(units)
        else:
            units = score
            value = shown
        out.append((new_item(s.round, kind, opponent, value, shown, s.points, note)
                    if explain else None, vur, units))
    return out


def _cut(ctx: Context, spec: TiebreakSpec, elements: list[_Element]):
    """Apply /Cn and /Mn: the 16.5 exception cuts a VUR first when not lower."""
    low = min(spec.cut_low, ctx.rounds)
    high = min(spec.cut_high, ctx.rounds - low)
    kept = list(elements)
    cut: list[_Element] = []
    while low > 0 and kept:
        normal = min(kept, key=lambda e: (e.score, e.value))
        vurs = [e for e in kept if e.vur]
        if vurs:
            voluntary = min(vurs, key=lambda e: (e.score, e.value))
            victim = normal if normal.value > voluntary.value else voluntary
        else:
            victim = normal
        kept.remove(victim)
        cut.append(victim)
        low -= 1
    while high > 0 and kept:
        victim = max(kept, key=lambda e: (e.score, e.value))
        kept.remove(victim)
        cut.append(victim)
        high -= 1
    return kept, cut


def _family(ctx: Context, spec: TiebreakSpec, product: bool, fore: bool) -> Results:
    if fore:
        adjusted, own = _fore_scores(ctx)
    else:
        adjusted, own = ctx.adjusted_units, ctx.score_units
    out: Results = {}
    cuts = min(spec.cut_low, ctx.rounds) > 0 or min(spec.cut_high, ctx.rounds) > 0
    value_of = ctx.products if product else ctx.points
    points = ctx.points
    for n in ctx.numbers:
        elements = _elements(ctx, spec, n, product, fore, adjusted, own)
        if cuts:
            kept, cut = _cut(ctx, spec, [_Element(*e) for e in elements])
            items = tuple(e.item for e in kept)
            total = sum(e.units for e in kept)
            cut_items = tuple(e.item for e in cut)
        else:  # nothing to cut: every element, in order
            items = tuple(e[0] for e in elements)
            total = sum(e[2] for e in elements)
            cut_items = ()
        if not ctx.explain:
            items, cut_items = (), ()
        out[n] = new_explanation(
            spec.code, value_of(total), items, cut_items, "",
            {"own_score": points(own[n]), "adjusted_score": points(adjusted[n])},
        )
    return out


def buchholz(ctx: Context, spec: TiebreakSpec) -> Results:
    """BH (8.1): sum of the opponents' adjusted scores, dummies for own unplayed rounds."""
    return _family(ctx, spec, product=False, fore=spec.fore)


def fore_buchholz(ctx: Context, spec: TiebreakSpec) -> Results:
    """FB (8.3): Buchholz as if every final-round game (forfeits too) had been drawn."""
    return _family(ctx, spec, product=False, fore=True)


def sonneborn_berger(ctx: Context, spec: TiebreakSpec) -> Results:
    """SB (9.1): sum of opponent's adjusted score times the points scored against him."""
    return _family(ctx, spec, product=True, fore=spec.fore)


def half_up(value: Fraction, places: int) -> Fraction:
    scale = 10**places
    return Fraction(math.floor(value * scale + Fraction(1, 2)), scale)


def average_of_buchholz(ctx: Context, spec: TiebreakSpec) -> Results:
    """AOB (8.2): mean Buchholz (Fore Buchholz with /F) of the over-the-board opponents."""
    base = TiebreakSpec(code="FB" if spec.fore else "BH", name="BH",
                        predetermined=spec.predetermined)
    bh = _family(ctx, base, product=False, fore=spec.fore)
    out: Results = {}
    for n in ctx.numbers:
        items = tuple(
            Item(s.round, "game", s.opponent, bh[s.opponent].value)
            for s in ctx.slots[n]
            if s.played and s.opponent is not None
        )
        value = None
        if items:
            mean = sum((i.value for i in items), Fraction(0)) / len(items)  # type: ignore[misc]
            value = half_up(mean, 2)
        out[n] = Explanation(spec.code, value, items, note="rounded half up to 2 decimals")
    return out


def _fmt(points: Fraction) -> str:
    return str(points.numerator) if points.denominator == 1 else f"{float(points):g}"
