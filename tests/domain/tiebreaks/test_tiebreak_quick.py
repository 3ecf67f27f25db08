"""The tie-breaks' quicker forms (issue #13) give every value, item, cut and note the
code before gave: the context's slots (one lookup per code, the missing rounds after the
record's), Buchholz and Sonneborn-Berger (elements as tuples, nothing cut without a
modifier), Koya and the counts (values made by ``quick_builder``). The code before is
kept below as the reference, run on the random events of ``test_tiebreak_units``
(byes, forfeits, unplayed and pending games, short records, an excluded player, three
scorings, both systems and editions, standings after any round)."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from leaguegen.domain.model import Code, Crosstable
from leaguegen.domain.tiebreaks import buchholz, counts, koya
from leaguegen.domain.tiebreaks.buchholz import _cut, _fmt, _fore_scores
from leaguegen.domain.tiebreaks.context import _NOT_VUR, _PLAYED, Context, Slot, build_context
from leaguegen.domain.tiebreaks.explain import Explanation, Item
from leaguegen.domain.tiebreaks.spec import parse_code
from tests.domain.tiebreaks.test_tiebreak_units import events


def _slots_before(table: Crosstable, rounds: int, excluded: frozenset[int],
                  ctx: Context) -> tuple[dict[int, tuple[Slot, ...]], dict[int, int]]:
    """``build_context``'s loop over the rounds as it was (eed6ecc)."""
    scoring = table.scoring
    by_number = {r.number: r for r in table.records}
    zero = ctx.points(0)
    code_units = {code: scoring.points(code) for code in Code}
    slots, score_units = {}, {}
    for number in ctx.numbers:
        entries = by_number[number].rounds
        row, total = [], 0
        for rnd in range(1, rounds + 1):
            entry = entries[rnd - 1] if rnd <= len(entries) else None
            if entry is None:
                row.append(Slot(rnd, None, None, Code.ZERO_BYE, zero, False, True))
                continue
            code = entry.code
            if code is Code.PENDING or entry.opponent in excluded:
                row.append(Slot(rnd, None, None, code, zero, False, True, True))
                continue
            opponent = entry.opponent
            played = opponent is not None and code in _PLAYED
            vur = not played and code not in _NOT_VUR
            units = code_units[code]
            total += units
            row.append(Slot(rnd, opponent, entry.colour, code, ctx.points(units), played,
                            vur, False, units))
        slots[number] = tuple(row)
        score_units[number] = total
    return slots, score_units


class _Element:
    def __init__(self, item: Item, vur: bool, units: int) -> None:
        self.item, self.vur, self.units = item, vur, units
        self.score, self.value = item.score, item.value


def _family_before(ctx: Context, code: str, product: bool, fore: bool) -> dict:
    """``buchholz._family`` and ``_elements`` as they were (eed6ecc)."""
    spec = parse_code(code)
    adjusted, own = _fore_scores(ctx) if fore else (ctx.adjusted_units, ctx.score_units)
    points = ctx.points
    out = {}
    for n in ctx.numbers:
        elements = []
        for s in ctx.slots[n]:
            as_game = ctx.counts_as_game(s, spec.predetermined) or (
                fore and s.round == ctx.rounds and s.opponent is not None)
            if as_game:
                score = adjusted[s.opponent]
                kind = "game" if s.played else "forfeit"
                vur = False
            elif ctx.is_rr:
                continue
            else:
                score = own[n]
                note = f"own score {_fmt(points(score))}"
                if ctx.edition == "2026":
                    cap = (adjusted[s.opponent] if s.opponent is not None
                           else ctx.draw_units * ctx.rounds)
                    if points(cap) < points(score):
                        rule = "16.4.1" if s.opponent is not None else "16.4.2"
                        note += f", capped at {_fmt(points(cap))} ({rule})"
                        score = cap
                kind = "dummy"
                vur = s.vur
            if product:
                units, value = score * s.units, ctx.products(score * s.units)
            else:
                units, value = score, points(score)
            if kind != "dummy":
                note = "final round counted as a draw" if fore and s.round == ctx.rounds else ""
            elements.append(_Element(Item(s.round, kind, s.opponent, value, points(score),
                                          s.points, note), vur, units))
        kept, cut = _cut(ctx, spec, elements)
        total = sum(e.units for e in kept)
        out[n] = Explanation(
            spec.code, ctx.products(total) if product else ctx.points(total),
            tuple(e.item for e in kept), tuple(e.item for e in cut),
            extra={"own_score": points(own[n]), "adjusted_score": points(adjusted[n])})
    return out


def _koya_before(ctx: Context, code: str) -> dict:
    spec = parse_code(code)
    limit = koya.threshold(ctx, spec)
    strong = {n: ctx.score[n] >= limit for n in ctx.numbers}
    out = {}
    for n in ctx.numbers:
        items, cut, total = [], [], 0
        for s in ctx.slots[n]:
            if s.opponent is None:
                continue
            item = Item(s.round, "game" if s.played else "forfeit", s.opponent, s.points,
                        ctx.score[s.opponent], s.points)
            if strong[s.opponent]:
                items.append(item)
                total += s.units
            else:
                cut.append(item)
        out[n] = Explanation(spec.code, ctx.points(total), tuple(items), tuple(cut),
                             note=f"opponents on at least {limit} points",
                             extra={"threshold": limit})
    return out


def _count_before(ctx: Context, code: str, test, note: str) -> dict:  # noqa: ANN001
    spec = parse_code(code)
    out = {}
    for n in ctx.numbers:
        items = tuple(
            Item(s.round, "game" if s.played else "round", s.opponent, 1, result=s.points)
            for s in ctx.slots[n] if test(ctx, s))
        out[n] = Explanation(spec.code, len(items), items, note=note)
    return out


FAMILY = (("BH", False, False), ("BH/C1", False, False), ("BH/M1", False, False),
          ("BH/C2", False, False), ("SB", True, False), ("SB/C1", True, False),
          ("SB/P", True, False), ("BH/P", False, False), ("BH/F", False, True),
          ("SB/F", True, True), ("FB", False, True))


@settings(max_examples=150, deadline=None)
@given(events(), st.sampled_from(["swiss", "round-robin"]), st.sampled_from(["2024", "2026"]),
       st.data())
def test_every_value_item_and_note_is_the_code_befores(table: Crosstable, system: str,
                                                       edition: str, data) -> None:
    gone = frozenset(data.draw(st.sets(st.integers(1, len(table.records)), max_size=1)))
    after = data.draw(st.none() | st.integers(-1, table.rounds_total))
    ctx = build_context(table, system, edition, after, gone)
    slots, score_units = _slots_before(table, ctx.rounds, gone, ctx)
    assert ctx.slots == slots and ctx.score_units == score_units
    assert ctx.score == {n: ctx.points(u) for n, u in score_units.items()}
    for code, product, fore in FAMILY:
        spec = parse_code(code)
        assert buchholz._family(ctx, spec, product, fore) == \
            _family_before(ctx, code, product, fore), code
    for code in ("KS", "KS/L-1", "KS/L60"):
        assert koya.koya(ctx, parse_code(code)) == _koya_before(ctx, code), code
    assert counts.wins(ctx, parse_code("WIN")) == _count_before(
        ctx, "WIN", lambda c, s: s.units == c.win_units, "rounds scored as a win")
    assert counts.black_won(ctx, parse_code("BWG")) == _count_before(
        ctx, "BWG", lambda c, s: s.played and s.colour is not None and s.colour.value == "b"
        and s.units == c.win_units, "games won with Black")
    for n in ctx.numbers:
        assert all(isinstance(s.points, Fraction) for s in ctx.slots[n])
