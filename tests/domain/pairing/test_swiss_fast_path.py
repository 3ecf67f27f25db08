"""The Dutch engine's fast path (bracket-local matching with a completion proof)
must pair exactly as the exact global matching does."""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from leaguegen.domain.pairing import PastRound, SwissPlayer, SwissState, pair_round
from leaguegen.domain.pairing.dutch import DutchEngine
from leaguegen.errors import NoValidPairing

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "benchmarks"))
from swiss_speed import generated_state  # noqa: E402


@contextmanager
def exact_only() -> Iterator[None]:
    DutchEngine.use_fast = False
    try:
        yield
    finally:
        DutchEngine.use_fast = True


def _both(state: SwissState) -> None:
    try:
        fast = pair_round(state)
    except NoValidPairing:
        fast = None
    with exact_only():
        try:
            exact = pair_round(state)
        except NoValidPairing:
            exact = None
    assert fast == exact


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("n", [21, 40, 77, 120])
def test_generated_mid_event_rounds(n: int, seed: int) -> None:
    _both(generated_state(n, seed))


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
        _both(state)
        try:
            result = pair_round(state)
        except NoValidPairing:
            return
        for white, black in result.boards:
            res = rng.choice([(2, 0), (1, 1), (0, 2)])
            history[white - 1].append(PastRound(black, Colour.WHITE, res[0], True, True))
            history[black - 1].append(PastRound(white, Colour.BLACK, res[1], True, True))
        if result.bye is not None:
            history[result.bye - 1].append(PastRound(None, None, 2, False, True))
        for p in absent:
            history[p].append(PastRound(None, None, 0, False, False))


def test_completion_weights_are_separable() -> None:
    """The fast path relies on c + phi(a) + phi(b) being the completion-only weight."""
    state = generated_state(60, 3)
    from leaguegen.domain.pairing.pairing import entrants

    present, by_id = entrants(state)
    eng = DutchEngine(state, present, by_id)
    bye_score, single, ranks = eng._fast_start()
    order = eng.order
    for i in range(eng.n):
        for j in range(i):
            w = eng.weight(order[j], order[i], False, False, bye_score, single, ranks)
            assert w == eng._completion_weight(i, j)


@pytest.mark.parametrize(("n", "seed", "single"), [(60, 3, False), (61, 4, True), (90, 5, False)])
def test_next_group_weights_are_separable(n: int, seed: int, single: bool) -> None:
    """The reduced bracket relies on next-group pair weights being completion + excess."""
    state = generated_state(n, seed)
    from leaguegen.domain.pairing.pairing import entrants

    present, by_id = entrants(state)
    eng = DutchEngine(state, present, by_id)
    bye_score, _single, ranks = eng._fast_start()
    order = eng.order
    groups: list[list[int]] = []
    for v in range(eng.n):
        if not groups or order[v].score != order[groups[-1][0]].score:
            groups.append([])
        groups[-1].append(v)
    for k in range(len(groups) - 2):
        C, G = groups[k], groups[k + 1]
        R = [v for g in groups[k + 2:] for v in g]
        eng._reduced_begin(C, G, R, single)
        for lo in G:
            for h in C + G:
                if h >= lo:
                    continue
                w = eng.weight(order[h], order[lo], False, True, bye_score, single, ranks)
                c = eng._completion_weight(h, lo)
                assert w == (c + eng._next_excess(h, lo) if c else 0)


@pytest.mark.parametrize(("n", "seed"), [(40, 1), (61, 2), (90, 7)])
@pytest.mark.parametrize("last", [False, True])
def test_cur_weight_is_weight(n: int, seed: int, last: bool) -> None:
    state = generated_state(n, seed)
    if last:
        from dataclasses import replace

        state = replace(state, rounds_total=state.rounds_played + 1)
    from leaguegen.domain.pairing.pairing import entrants

    present, by_id = entrants(state)
    eng = DutchEngine(state, present, by_id)
    bye_score, single, ranks = eng._fast_start()
    order = eng.order
    for sing in (single, not single) if ranks else (single,):
        for i in range(eng.n):
            for j in range(i):
                assert eng.cur_weight(order[j], order[i], bye_score, sing, ranks) == eng.weight(
                    order[j], order[i], True, False, bye_score, sing, ranks)


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("n", [40, 120, 300])
def test_skipped_s1_solves_change_nothing(n: int, seed: int) -> None:
    """S1 opponents taken without a solve (already optimal, or a weight-neutral
    swap) give the same pairing as solving every time, on both methods."""
    state = generated_state(n, seed)
    with_skip = pair_round(state)
    DutchEngine.use_skip = False
    try:
        without = pair_round(state)
        with exact_only():
            exact = pair_round(state)
    finally:
        DutchEngine.use_skip = True
    assert with_skip == without == exact
