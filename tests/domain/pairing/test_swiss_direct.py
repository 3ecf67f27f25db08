"""The homogeneous-bracket closed form (dutch/direct.py) pairs exactly as the matching."""

from __future__ import annotations

import random

import pytest

from leaguegen.domain.model import Colour
from leaguegen.domain.pairing import (
    PastRound,
    SwissPlayer,
    SwissState,
    baku_acceleration,
    pair_round,
)
from leaguegen.domain.pairing.dutch import DutchEngine
from leaguegen.domain.pairing.pairing import entrants
from leaguegen.errors import NoValidPairing
from tests.domain.pairing.dutch_options import pair_dutch


def _pair(state: SwissState, **switches: bool):  # noqa: ANN202
    try:
        return pair_dutch(state, **switches)
    except NoValidPairing:
        return None


def _same_three_ways(state: SwissState) -> None:
    direct = _pair(state)
    matched = _pair(state, direct=False)
    exact = _pair(state, fast=False, direct=False)
    assert direct == matched == exact


def _round_one(n: int, seed: int, absent: float = 0.0, forbidden: int = 0,
               baku: bool = False) -> SwissState:
    rng = random.Random(seed)
    accel = baku_acceleration(list(range(1, n + 1)), 9) if baku else {}
    players = tuple(SwissPlayer(i, (), rng.random() < absent, accel.get(i, ()))
                    for i in range(1, n + 1))
    pairs = set()
    while len(pairs) < forbidden:
        a, b = rng.sample(range(1, n + 1), 2)
        pairs.add(frozenset((a, b)))
    colour = rng.choice([Colour.WHITE, Colour.BLACK])
    return SwissState(players, 0, 9, colour, frozenset(pairs))


@pytest.mark.parametrize("n", [2, 3, 4, 7, 10, 31, 64, 101])
@pytest.mark.parametrize("seed", range(3))
def test_round_one(n: int, seed: int) -> None:
    _same_three_ways(_round_one(n, seed))
    _same_three_ways(_round_one(n, seed, absent=0.1))


@pytest.mark.parametrize("n", [6, 9, 20, 45])
@pytest.mark.parametrize("seed", range(4))
def test_round_one_with_forbidden_pairs(n: int, seed: int) -> None:
    _same_three_ways(_round_one(n, seed, forbidden=max(1, n // 4)))


@pytest.mark.parametrize("n", [8, 13, 40, 81])
@pytest.mark.parametrize("seed", range(3))
def test_baku_round_one(n: int, seed: int) -> None:
    """Two score groups and nothing below the second: the top bracket by the closed
    form (its next group paired inside itself), then the second."""
    _same_three_ways(_round_one(n, seed, absent=0.05 * seed, baku=True))


def _all_drawn(n: int, rounds: int, seed: int) -> SwissState:
    """Everyone on the same score after ``rounds`` rounds of draws (one bracket), with
    real colour and float histories (the byes float down)."""
    rng = random.Random(seed)
    history: list[list[PastRound]] = [[] for _ in range(n)]
    for _ in range(rounds):
        state = SwissState(tuple(SwissPlayer(i + 1, tuple(history[i])) for i in range(n)),
                           len(history[0]), rounds + 3)
        result = pair_round(state)
        for w, b in result.boards:
            history[w - 1].append(PastRound(b, Colour.WHITE, 1, True, True))
            history[b - 1].append(PastRound(w, Colour.BLACK, 1, True, True))
        if result.bye is not None:
            history[result.bye - 1].append(PastRound(None, None, 1, False, True))
    players = tuple(SwissPlayer(i + 1, tuple(history[i]), rng.random() < 0.05)
                    for i in range(n))
    return SwissState(players, rounds, rounds + 3)


@pytest.mark.parametrize(("n", "rounds"), [(10, 1), (11, 2), (24, 2), (37, 3), (60, 3)])
@pytest.mark.parametrize("seed", range(3))
def test_one_big_bracket_later(n: int, rounds: int, seed: int) -> None:
    _same_three_ways(_all_drawn(n, rounds, seed))


def test_round_one_needs_no_matching() -> None:
    for n in (1000, 1001):
        state = _round_one(n, 1)
        present, by_id = entrants(state)
        eng = DutchEngine(state, present, by_id)
        pairs, bye = eng.run()
        assert eng.solver.solves == 0
        half = n // 2
        assert [(a.tpn, b.tpn) for a, b in pairs] == [(i, half + i) for i in range(1, half + 1)]
        assert (bye.tpn if bye else None) == (n if n % 2 else None)


def test_same_score_floats_are_separable() -> None:
    state = _all_drawn(30, 3, 0)
    present, by_id = entrants(state)
    crit = DutchEngine(state, present, by_id).crit
    order = crit.order
    for i in range(len(order)):
        for j in range(i):
            h, lo = order[j], order[i]
            const, ph = crit.same_score_float(h)
            assert crit.same_score_float(lo)[0] == const
            assert crit.float_term(h, lo) == const + ph + crit.same_score_float(lo)[1]


def _random_drawn_round(n: int, seed: int) -> SwissState:
    """Round 2 after a random round 1 of draws: one bracket whose S1-S2 candidate is
    sometimes perfect (opposite colours, no rematch) and sometimes not."""
    rng = random.Random(seed)
    people = list(range(n))
    rng.shuffle(people)
    history: list[list[PastRound]] = [[] for _ in range(n)]
    for k in range(0, n - 1, 2):
        w, b = people[k], people[k + 1]
        history[w].append(PastRound(b + 1, Colour.WHITE, 1, True, True))
        history[b].append(PastRound(w + 1, Colour.BLACK, 1, True, True))
    if n % 2:
        history[people[-1]].append(PastRound(None, None, 1, False, False))
    return SwissState(tuple(SwissPlayer(i + 1, tuple(history[i])) for i in range(n)), 1, 5)


def test_later_homogeneous_rounds(monkeypatch: pytest.MonkeyPatch) -> None:
    from leaguegen.domain.pairing.dutch import engine as engine_module

    taken = []
    original = engine_module.homogeneous_pairs

    def counting(*args):  # noqa: ANN002, ANN202
        result = original(*args)
        taken.append(result is not None)
        return result

    monkeypatch.setattr(engine_module, "homogeneous_pairs", counting)
    for n in (4, 5, 6, 8):
        for seed in range(25):
            _same_three_ways(_random_drawn_round(n, seed))
    assert any(taken) and not all(taken)  # both ways were exercised
