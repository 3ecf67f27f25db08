"""The Dutch engine's fast path (bracket-local matching with a completion proof)
must pair exactly as the exact global matching does."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from leaguegen.domain.pairing import PastRound, SwissPlayer, SwissState, pair_round
from leaguegen.domain.pairing.dutch import DutchEngine
from leaguegen.domain.pairing.dutch.bracket_solver import BracketSolver
from leaguegen.domain.pairing.dutch.criteria import NextPairs
from leaguegen.errors import NoValidPairing
from tests.domain.pairing.dutch_options import pair_dutch
from tests.domain.pairing.legal import assert_legal, legal_pairing_exists

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "benchmarks"))
from swiss_speed import generated_state  # noqa: E402


def _both(state: SwissState, pairable: bool) -> None:
    """Both methods give the same result, and a result exactly when ``pairable``."""
    try:
        fast = pair_round(state)
    except NoValidPairing:
        fast = None
    try:
        exact = pair_dutch(state, fast=False)
    except NoValidPairing:
        exact = None
    assert fast == exact
    assert (fast is not None) == pairable
    if fast is not None:
        assert_legal(state, fast, "dutch")


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("n", [21, 40, 77, 120])
def test_generated_mid_event_rounds(n: int, seed: int) -> None:
    # Five rounds into an event of 21 or more players: a legal round 6 always exists.
    _both(generated_state(n, seed), pairable=True)


@pytest.mark.parametrize("seed", range(40))
def test_small_events_round_by_round(seed: int) -> None:
    """Small fields, absences and late rounds: where the fast path must hand over."""
    rng = random.Random(seed)
    n = rng.randint(5, 16)
    rounds = rng.randint(3, 8)
    history: list[list[PastRound]] = [[] for _ in range(n)]
    from leaguegen.domain.model import Colour

    for rnd in range(rounds):
        absent = {p for p in range(n) if rng.random() < 0.1}
        state = SwissState(
            players=tuple(SwissPlayer(i + 1, tuple(history[i]), i in absent) for i in range(n)),
            rounds_played=rnd,
            rounds_total=rounds,
        )
        pairable = legal_pairing_exists(state, "dutch")
        _both(state, pairable)
        if not pairable:
            return
        result = pair_round(state)
        for white, black in result.boards:
            res = rng.choice([(2, 0), (1, 1), (0, 2)])
            history[white - 1].append(PastRound(black, Colour.WHITE, res[0], True, True))
            history[black - 1].append(PastRound(white, Colour.BLACK, res[1], True, True))
        if result.bye is not None:
            history[result.bye - 1].append(PastRound(None, None, 2, False, True))
        for p in absent:
            history[p].append(PastRound(None, None, 0, False, False))


def _engine(state: SwissState) -> tuple[DutchEngine, BracketSolver]:
    from leaguegen.domain.pairing.pairing import entrants

    present, by_id = entrants(state)
    eng = DutchEngine(state, present, by_id)
    solver = BracketSolver(eng.crit)
    solver.start()
    return eng, solver


def test_completion_weights_are_separable() -> None:
    """The fast path relies on c + phi(a) + phi(b) being the completion-only weight."""
    eng, solver = _engine(generated_state(60, 3))
    order, crit = eng.order, eng.crit
    for i in range(eng.n):
        for j in range(i):
            w = crit.weight(order[j], order[i], False, False, solver.bye_score,
                            solver.init_single, solver.ranks)
            assert w == solver._completion_weight(i, j)


def _groups(eng: DutchEngine) -> list[list[int]]:
    groups: list[list[int]] = []
    for v in range(eng.n):
        if not groups or eng.order[v].score != eng.order[groups[-1][0]].score:
            groups.append([])
        groups[-1].append(v)
    return groups


@pytest.mark.parametrize(("n", "seed", "single"), [(60, 3, False), (61, 4, True), (90, 5, False)])
def test_next_group_weights_are_separable(n: int, seed: int, single: bool) -> None:
    """The reduced bracket relies on next-group pair weights being completion +
    nu(a) + nu(b), for every pair into or inside the next score group."""
    eng, solver = _engine(generated_state(n, seed))
    order, crit = eng.order, eng.crit
    groups = _groups(eng)
    for k in range(len(groups) - 2):
        C, G = groups[k], groups[k + 1]
        R = [v for g in groups[k + 2:] for v in g]
        solver._reduced_begin(C + G, len(C), R, single)
        assert solver.reduced is not None
        nu = solver.reduced.nu
        for lo in G:
            for h in C + G:
                if h >= lo:
                    continue
                w = crit.weight(order[h], order[lo], False, True, solver.bye_score, single,
                                solver.ranks)
                c = solver._completion_weight(h, lo)
                assert w == (c + nu[h] + nu[lo] if c else 0)


@pytest.mark.parametrize(("n", "seed"), [(40, 1), (61, 2), (90, 7)])
@pytest.mark.parametrize("last", [False, True])
def test_base_rows_are_weight(n: int, seed: int, last: bool) -> None:
    """The engine's bracket rows (once per pair of player types) and the next-group
    pairs (from per-player parts) are ``Criteria.weight`` pair by pair."""
    state = generated_state(n, seed)
    if last:
        from dataclasses import replace

        state = replace(state, rounds_total=state.rounds_played + 1)
    eng, solver = _engine(state)
    order, crit = eng.order, eng.crit
    groups = _groups(eng)
    bye, ranks = solver.bye_score, solver.ranks
    for k in range(len(groups) - 1):
        pbi = groups[k] + groups[k + 1]
        nsgb = len(groups[k])
        for single in (False, True) if ranks else (False,):
            base = eng._base_rows(pbi, 0, nsgb, bye, single, ranks)
            nxt = NextPairs(crit, pbi, bye, single, ranks)
            for li in range(len(pbi)):
                for si in range(li):
                    h, lo = order[pbi[si]], order[pbi[li]]
                    if li < nsgb:
                        assert base[li][si] == crit.weight(h, lo, True, False, bye, single,
                                                           ranks)
                    else:
                        assert nxt.weight(si, li) == crit.weight(h, lo, False, True, bye,
                                                                 single, ranks)


def _reference_weight(crit, h, lo, in_cur, in_next, bye_score, single, ranks):  # noqa: ANN001, ANN202
    """The weight as the engine computed it before the criteria had a module of their
    own (bit fields appended one by one), kept to prove the refactor exact."""
    from leaguegen.domain.pairing.players import FLOAT_DOWN, FLOAT_UP, NONE, invert
    from leaguegen.domain.pairing.players import prefs_compatible as pc

    if not crit.compatible(h, lo):
        return 0
    B, S, sh = crit.B, crit.S, crit.shift
    w = 1 + (not crit.is_bye_candidate(h, bye_score)) + (
        not crit.is_bye_candidate(lo, bye_score))
    w = (w << B) | in_cur
    w <<= S
    if in_cur:
        w |= 1 << sh[h.score]
    w = (w << B) | in_next
    w <<= S
    if in_next:
        w |= 1 << sh[h.score]
    w <<= 2 * B
    if single:
        if h.score == bye_score:
            w += ranks[h.played_games]
        if lo.score == bye_score:
            w += ranks[lo.played_games]
    p, o = lo, h
    m = in_cur
    w = (w << B) | (m and (not p.abs_imb or not o.abs_imb or p.pref != o.pref))
    if m and (not p.absolute or not o.absolute or p.pref != o.pref):
        bit = True
    elif m:
        if p.imb == o.imb:
            bit = p.rep == NONE or p.rep != o.rep
        else:
            q = o if p.imb > o.imb else p
            bit = q.rep != invert(p.pref)
    else:
        bit = False
    w = (w << B) | bit
    w = (w << B) | (m and pc(p.pref, o.pref))
    w = (w << B) | (m and (
        (not p.strong and not p.absolute) or (not o.strong and not o.absolute)
        or (p.absolute and o.absolute) or p.pref != o.pref))
    played = crit.played
    hs, ls = h.score, lo.score
    for back in (1, 2):
        if played < back:
            continue
        w <<= B
        if in_cur:
            w |= crit.flt(lo, back) == FLOAT_DOWN
            w += hs <= ls and crit.flt(h, back) == FLOAT_DOWN
        w <<= B
        if in_cur:
            w |= not (hs > ls and crit.flt(lo, back) == FLOAT_UP)
    for back in (1, 2):
        if played < back:
            continue
        w <<= S
        if in_cur:
            w += (crit.flt(lo, back) == FLOAT_DOWN) << sh[ls]
            w += (crit.flt(h, back) == FLOAT_DOWN) << sh[hs]
        w <<= S
        if in_cur and not (crit.flt(lo, back) == FLOAT_UP and hs > ls):
            w |= 1 << sh[hs]
    return w << (3 * B + 1)


@pytest.mark.parametrize(("n", "seed", "played"), [
    (40, 1, 5), (61, 2, 5), (90, 7, 5), (30, 3, 1), (31, 4, 2), (25, 5, 0)])
@pytest.mark.parametrize("last", [False, True])
def test_weight_is_the_reference_weight(n: int, seed: int, played: int, last: bool) -> None:
    from dataclasses import replace

    state = generated_state(n, seed)
    state = replace(state, players=tuple(replace(p, rounds=p.rounds[:played])
                                         for p in state.players), rounds_played=played)
    if last:
        state = replace(state, rounds_total=state.rounds_played + 1)
    eng, solver = _engine(state)
    order, crit, bye, ranks = eng.order, eng.crit, solver.bye_score, solver.ranks
    for i in range(eng.n):
        for j in range(i):
            for in_cur, in_next in ((True, False), (False, True), (False, False)):
                for single in (False, True) if ranks else (False,):
                    args = (order[j], order[i], in_cur, in_next, bye, single, ranks)
                    assert crit.weight(*args) == _reference_weight(crit, *args)


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("n", [40, 120, 300])
def test_skipped_s1_solves_change_nothing(n: int, seed: int) -> None:
    """S1 opponents taken without a solve (already optimal, or a weight-neutral
    swap) give the same pairing as solving every time, on both methods."""
    state = generated_state(n, seed)
    with_skip = pair_round(state)
    without = pair_dutch(state, skip=False)
    exact = pair_dutch(state, skip=False, fast=False)
    assert with_skip == without == exact
