"""The tie-breaks add and multiply integer units and make a Fraction once per total
(``context.py``): every value, item and cut must be what the Fraction arithmetic they
replaced gives. The Fraction forms below are the code before, kept as the reference."""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from leaguegen.domain.model import (
    Code,
    Colour,
    Crosstable,
    Player,
    PlayerRecord,
    RoundEntry,
    Scoring,
)
from leaguegen.domain.standings import compute_standings
from leaguegen.domain.tiebreaks import buchholz, counts, direct, koya
from leaguegen.domain.tiebreaks.context import Context, build_context
from leaguegen.domain.tiebreaks.spec import parse_code

SCORINGS = (
    Scoring(),  # 1 / ½ / 0
    Scoring(win=3, draw=1, loss=0, forfeit_win=3, forfeit_loss=0, half_bye=1, full_bye=3,
            pairing_bye=3, unit=Fraction(1)),  # football: 3 / 1 / 0
    Scoring(win=6, draw=3, loss=1, forfeit_win=6, forfeit_loss=0, half_bye=3, full_bye=6,
            pairing_bye=6, unit=Fraction(1, 6)),  # 1 / ½ / ⅙
)
GAMES = [(Code.WIN, Code.LOSS), (Code.DRAW, Code.DRAW), (Code.LOSS, Code.WIN),
         (Code.FORFEIT_WIN, Code.FORFEIT_LOSS), (Code.FORFEIT_LOSS, Code.FORFEIT_LOSS),
         (Code.WIN_UNRATED, Code.LOSS_UNRATED), (Code.PENDING, Code.PENDING)]
BYES = [Code.PAIRING_BYE, Code.HALF_BYE, Code.FULL_BYE, Code.ZERO_BYE]
CODES = ["BH", "BH/C1", "BH/M1", "SB", "SB/C1", "FB", "BH/F", "SB/P", "KS", "KS/L-1",
         "KS/L60", "PS", "PS/C1", "WIN", "WON", "BWG", "REP", "PTS", "AOB", "DE", "STD"]


@st.composite
def events(draw):
    """A random event: each round pairs a shuffled field, the odd one out gets a bye;
    results, forfeits, unplayed games and absences at random."""
    n = draw(st.integers(min_value=2, max_value=9))
    rounds = draw(st.integers(min_value=1, max_value=7))
    rng = random.Random(draw(st.integers(0, 2**32)))
    rows: dict[int, list[RoundEntry]] = {p: [] for p in range(1, n + 1)}
    for _ in range(rounds):
        order = list(range(1, n + 1))
        rng.shuffle(order)
        while len(order) >= 2:
            w, b = order.pop(), order.pop()
            cw, cb = rng.choice(GAMES)
            rows[w].append(RoundEntry(b, Colour.WHITE, cw))
            rows[b].append(RoundEntry(w, Colour.BLACK, cb))
        for p in order:
            rows[p].append(RoundEntry(None, None, rng.choice(BYES)))
    cut = {p: rng.randint(rounds - 1, rounds) for p in rows}  # some records one round short
    records = tuple(PlayerRecord(p, Player(f"P{p}", rating=1500 + 37 * p),
                                 tuple(rows[p][:cut[p]])) for p in range(1, n + 1))
    return Crosstable(records, rounds, draw(st.sampled_from(SCORINGS)))


def _adjusted(ctx: Context) -> dict[int, Fraction]:
    """Art. 16.3 in Fractions (the reference of ``build_context``)."""
    out = {}
    for n in ctx.numbers:
        if ctx.is_rr:
            out[n] = ctx.score[n]
            continue
        out[n] = sum((s.points if s.round <= ctx.last_not_vur[n] or s.opponent is not None
                      else ctx.draw for s in ctx.slots[n]), Fraction(0))
    return out


def _fore_scores(ctx: Context):  # noqa: ANN202 - the code before
    last = ctx.rounds
    adjusted, own = {}, {}
    for n in ctx.numbers:
        slots = ctx.slots[n]
        paired_last = bool(slots) and (slots[-1].opponent is not None or slots[-1].pab)
        if ctx.is_rr:
            adj = ctx.score[n]
        else:
            lna = last if paired_last else ctx.last_not_vur[n]
            adj = sum((s.points if s.round <= lna or s.opponent is not None else ctx.draw
                       for s in slots), Fraction(0))
        shift = Fraction(0)
        if paired_last and slots[-1].opponent is not None:
            shift = ctx.draw - slots[-1].points
        adjusted[n] = adj + shift
        own[n] = ctx.score[n] + shift
    return adjusted, own


@dataclass(frozen=True)
class _Element:
    score: Fraction
    value: Fraction
    vur: bool
    result: Fraction


def _family(ctx: Context, code: str, product: bool, fore: bool) -> dict:
    """Buchholz and Sonneborn-Berger in Fractions: {n: (total, kept, cut)}."""
    spec = parse_code(code)
    adjusted, own = _fore_scores(ctx) if fore else (ctx.adjusted, ctx.score)
    out = {}
    for n in ctx.numbers:
        elements = []
        for s in ctx.slots[n]:
            if ctx.counts_as_game(s, spec.predetermined) or (
                    fore and s.round == ctx.rounds and s.opponent is not None):
                score, vur = adjusted[s.opponent], False
            elif ctx.is_rr:
                continue
            else:
                score, vur = own[n], s.vur
                if ctx.edition == "2026":
                    cap = adjusted[s.opponent] if s.opponent is not None \
                        else ctx.draw * ctx.rounds
                    score = min(score, cap)
            elements.append(_Element(score, score * s.points if product else score, vur,
                                     s.points))
        kept, cut = buchholz._cut(ctx, spec, elements)
        out[n] = (sum((e.value for e in kept), Fraction(0)),
                  [(e.value, e.score, e.result) for e in kept],
                  [(e.value, e.score, e.result) for e in cut])
    return out


def _items(explanation) -> tuple[list, list]:  # noqa: ANN001
    return ([(i.value, i.score, i.result) for i in explanation.items],
            [(i.value, i.score, i.result) for i in explanation.cut])


@settings(max_examples=150, deadline=None)
@given(events(), st.sampled_from(["swiss", "round-robin"]), st.sampled_from(["2024", "2026"]),
       st.data())
def test_unit_arithmetic_is_the_fraction_arithmetic(table: Crosstable, system: str,
                                                      edition: str, data) -> None:
    gone = data.draw(st.sets(st.integers(1, len(table.records)), max_size=1))
    ctx = build_context(table, system, edition, excluded=frozenset(gone))
    unit = table.scoring.unit
    for n in ctx.numbers:
        assert ctx.score[n] == sum((s.points for s in ctx.slots[n]), Fraction(0))
        assert ctx.score[n] == ctx.score_units[n] * unit
        assert ctx.adjusted[n] == ctx.adjusted_units[n] * unit
        for s in ctx.slots[n]:
            assert s.points == s.units * unit
            assert isinstance(s.points, Fraction)
    assert ctx.adjusted == _adjusted(ctx)
    for code, product, fore in (("BH", False, False), ("BH/C1", False, False),
                                ("BH/M1", False, False), ("SB", True, False),
                                ("SB/C1", True, False), ("SB/P", True, False),
                                ("BH/F", False, True), ("SB/F", True, True)):
        got = buchholz._family(ctx, parse_code(code), product, fore)
        want = _family(ctx, code, product, fore)
        for n in ctx.numbers:
            assert (got[n].value, *_items(got[n])) == want[n], (code, n)
            assert isinstance(got[n].value, Fraction)
    for code in ("KS", "KS/L-1", "KS/L60"):
        spec = parse_code(code)
        limit = koya.threshold(ctx, spec)
        got = koya.koya(ctx, spec)
        for n in ctx.numbers:
            games = [s for s in ctx.slots[n] if s.opponent is not None]
            kept = [s for s in games if ctx.score[s.opponent] >= limit]
            assert got[n].value == sum((s.points for s in kept), Fraction(0))
            assert _items(got[n]) == (
                [(s.points, ctx.score[s.opponent], s.points) for s in kept],
                [(s.points, ctx.score[s.opponent], s.points) for s in games if s not in kept])
    for code in ("PS", "PS/C1"):
        spec = parse_code(code)
        got = counts.progressive(ctx, spec)
        for n in ctx.numbers:
            running, values = Fraction(0), []
            for s in ctx.slots[n]:
                running += s.points
                values.append((s.round, running))
            assert [i.value for i in got[n].items + got[n].cut] == \
                [v for r, v in values if r > spec.cut_low] + \
                [v for r, v in values if r <= spec.cut_low]
            assert got[n].value == sum((v for r, v in values if r > spec.cut_low), Fraction(0))
    for code in ("DE", "DE/P"):
        spec = parse_code(code)
        group = list(ctx.numbers)
        score, met, _ = direct._mutual(ctx, spec, group)
        for n in group:
            per_opp: dict[int, list[Fraction]] = {}
            for s in ctx.slots[n]:
                if s.opponent in group and s.opponent != n and ctx.counts_as_game(
                        s, spec.predetermined):
                    per_opp.setdefault(s.opponent, []).append(s.points)
            assert score[n] == sum((sum(v, Fraction(0)) / len(v) for v in per_opp.values()),
                                   Fraction(0))
            assert isinstance(score[n], Fraction) and met[n] == len(per_opp)
    win = ctx.win
    for n, e in counts.wins(ctx, parse_code("WIN")).items():
        assert e.value == sum(1 for s in ctx.slots[n] if s.points == win)
    # and the standings rank by points as the Fractions do
    standings = compute_standings(table, CODES, system, edition, excluded=frozenset(gone))
    points = [(Fraction(r.points) * unit, r.number) for r in standings.rows]
    assert [p for p, _ in points] == sorted((p for p, _ in points), reverse=True)
    assert all(r.points == ctx.score_units[r.number] for r in standings.rows)
