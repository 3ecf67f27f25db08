"""An S1 player's pick proven by the reduced bracket's duals (``DutchEngine._s1_cycle``, issue 33).

In round 4 of a 5,000-player event 639 of 2,489 S1 picks needed a solve after the
swaps of ``_s1_skip``, about 18 ms each. With the solver's optimal duals
(``BracketSolver.optimal_duals``) a candidate whose pair with the S1 player is slack
is in no optimum, and the first tight one is the pick when an alternating cycle of
tight pairs re-pairs the optimum in hand to take it. These tests pair later rounds
of random events (large score groups, so the brackets are sparse and priced) with
the shortcut on and off, and by the exact method, and compare.
"""

from __future__ import annotations

import copy
import random
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from leaguegen.domain.model import Colour
from leaguegen.domain.pairing import PastRound, SwissPlayer, SwissState, pair_round
from leaguegen.domain.pairing.dutch import DutchEngine
from leaguegen.domain.pairing.dutch.bracket_solver import BracketSolver
from tests.domain.pairing.dutch_options import pair_dutch
from tests.domain.pairing.test_swiss_round_two import round_two

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "benchmarks"))
from swiss_speed import generated_state  # noqa: E402


def later_round(n: int, seed: int, rounds: int) -> SwissState:
    """The state before round ``rounds + 2`` of an ``n``-player event whose round 1 is
    ``round_two``'s and whose later rounds are paired by ``pair_round`` with random
    results (a draw one game in five)."""
    rng = random.Random(seed)
    state = round_two(n, seed)
    for _ in range(rounds):
        result = pair_round(state)
        add: dict[int, PastRound] = {}
        for white, black in result.boards:
            r = rng.random()
            res = (1, 1) if r < 0.2 else (2, 0) if r < 0.6 else (0, 2)
            add[white] = PastRound(black, Colour.WHITE, res[0], True, True)
            add[black] = PastRound(white, Colour.BLACK, res[1], True, True)
        if result.bye is not None:
            add[result.bye] = PastRound(None, None, 2, False, True)
        players = tuple(SwissPlayer(p.number, (*p.rounds, add[p.number]))
                        for p in state.players)
        state = SwissState(players=players, rounds_played=state.rounds_played + 1,
                           rounds_total=state.rounds_total)
    return state


SETTINGS = settings(max_examples=20, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(n=st.integers(min_value=40, max_value=330), seed=st.integers(0, 10**6),
       rounds=st.integers(1, 3))
def test_s1_picks_by_the_duals_change_nothing(n: int, seed: int, rounds: int) -> None:
    state = later_round(n, seed, rounds)
    assert pair_round(state) == pair_dutch(state, cycle=False)


@SETTINGS
@given(n=st.integers(min_value=12, max_value=260), seed=st.integers(0, 10**6))
def test_s1_picks_by_the_duals_change_nothing_mid_event(n: int, seed: int) -> None:
    state = generated_state(n, seed)
    assert pair_round(state) == pair_dutch(state, cycle=False)


@pytest.mark.parametrize(("n", "seed", "rounds"), [(301, 1, 2), (400, 2, 1), (255, 3, 3)])
def test_s1_picks_by_the_duals_pair_as_the_exact_method(n: int, seed: int, rounds: int) -> None:
    state = later_round(n, seed, rounds)
    assert pair_round(state) == pair_dutch(state, skip=False, fast=False)


def test_s1_picks_are_taken_by_the_duals(monkeypatch: pytest.MonkeyPatch) -> None:
    """The shortcut is used, through a cycle too (else the tests above prove nothing)."""
    cycles: list[int] = []
    made = DutchEngine._tight_cycle

    def counted(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        cycles.append(made(*args, **kwargs))
        return cycles[-1]

    monkeypatch.setattr(DutchEngine, "_tight_cycle", staticmethod(counted))
    engines: list[DutchEngine] = []
    init = DutchEngine.__init__

    def kept(self, *args, **kwargs):  # noqa: ANN001, ANN002, ANN003, ANN202
        init(self, *args, **kwargs)
        engines.append(self)

    monkeypatch.setattr(DutchEngine, "__init__", kept)
    for n, seed, rounds in ((301, 1, 2), (400, 2, 1)):
        pair_round(later_round(n, seed, rounds))
    assert sum(e.cycles for e in engines) >= 10, [e.cycles for e in engines]
    assert any(cycles), cycles


def _pair_weight(sm: list[int], base: list[list[int]], pbi: list[int], rem: list[int]) -> int:
    """The base weight of ``sm``'s pairs among the remainder's players."""
    pos = {pbi[i]: i for i in rem}
    total = 0
    for i in rem:
        j = pos.get(sm[pbi[i]], -1)
        if j > i:
            total += base[j][i]
    return total


def test_every_pick_by_the_duals_is_the_solves(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each pick ``_s1_cycle`` proves is the one the nudged solve makes (on a copy of
    the solver), and the optimum it re-pairs keeps its weight."""
    made = DutchEngine._s1_cycle
    checked: list[int] = []

    def checked_cycle(self, sm, base, pos_of, pbi, pi2, s1_role, matched, rem):  # noqa: ANN001, ANN202, PLR0913
        solver = copy.deepcopy(self.solver)
        before = _pair_weight(sm, base, pbi, rem)
        rows = [row[:] for row in base]
        if not made(self, sm, base, pos_of, pbi, pi2, s1_role, matched, rem):
            return False
        assert _pair_weight(sm, base, pbi, rem) == before
        v, add, items = pbi[pi2], 0, []
        for oi in reversed(rem):
            if oi <= pi2 or matched[pbi[oi]]:
                continue
            if rows[oi][pi2]:
                items.append((pbi[oi], rows[oi][pi2] + add))
            add += 1
        solver.set_row(v, items)
        assert solver.solve()[v] == sm[v]
        checked.append(v)
        return True

    monkeypatch.setattr(DutchEngine, "_s1_cycle", checked_cycle)
    for n, seed, rounds in ((160, 4, 1), (301, 1, 2), (255, 3, 3)):
        pair_round(later_round(n, seed, rounds))
    assert len(checked) >= 20, checked


def test_the_split_put_in_by_tight_pairs_is_an_optimum(monkeypatch: pytest.MonkeyPatch) -> None:
    """``BracketSolver.split_by_tight`` puts in a matching of the same value whose
    every pair is tight under the duals (an optimum), and pairs each S1 player in
    S2; the pairings are those of the solve it saves (the tests above)."""
    made = BracketSolver.split_by_tight
    installed: list[int] = []

    def checked(self, pbi, parts, *args):  # noqa: ANN001, ANN002, ANN202
        before = self.bracket.matching.value()
        if not made(self, pbi, parts, *args):
            return False
        m, loc = self.bracket.matching, self.bracket.local
        assert m.value() == before
        s2 = {pbi[i] for i in parts[1]}
        for i in parts[0]:
            v = pbi[i]
            assert self.mate[v] in s2
            la, lb = loc[v], loc[self.mate[v]]
            p = m.mate[la]
            assert p >= 0 and m.endpoint[p] == lb
            assert m.dualvar[la] + m.dualvar[lb] == m.edges[p >> 1][2]
        installed.append(len(parts[0]))
        return True

    monkeypatch.setattr(BracketSolver, "split_by_tight", checked)
    for n, seed, rounds in ((160, 4, 1), (301, 1, 2), (330, 5, 3)):
        pair_round(later_round(n, seed, rounds))
    assert len(installed) >= 5, installed
