"""Round 2 of a big open: the round after everyone's first result (issue 33).

Three score groups of about a third of the field each and no colour history to
speak of: the shape where the Dutch engine's matchings were largest. These tests
pair such rounds by the fast path and by the exact global matching and compare, and
check the size of the problems the fast path builds (what made round 2 cost 60 s
at 5,000 players), by counting, never by timing.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from leaguegen.domain.model import Colour
from leaguegen.domain.pairing import PastRound, SwissPlayer, SwissState, pair_round
from leaguegen.domain.pairing.dutch import bracket_solver
from tests.domain.pairing.dutch_options import pair_dutch
from tests.domain.pairing.legal import assert_legal

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "benchmarks"))
from swiss_speed import generated_state  # noqa: E402


def round_two(n: int, seed: int, draws: float = 0.1) -> SwissState:
    """Round 1 of ``n`` players paired top half against bottom half (colours
    alternating down the boards), results drawn at random; the state before round 2."""
    rng = random.Random(seed)
    rounds: list[list[PastRound]] = [[] for _ in range(n)]
    half = n // 2
    for board in range(half):
        top, bottom = board, half + board
        white, black = (top, bottom) if board % 2 == 0 else (bottom, top)
        r = rng.random()
        res = (1, 1) if r < draws else (2, 0) if r < (1 + draws) / 2 else (0, 2)
        rounds[white].append(PastRound(black + 1, Colour.WHITE, res[0], True, True))
        rounds[black].append(PastRound(white + 1, Colour.BLACK, res[1], True, True))
    if n % 2:
        rounds[n - 1].append(PastRound(None, None, 2, False, True))
    players = tuple(SwissPlayer(i + 1, tuple(rounds[i])) for i in range(n))
    return SwissState(players=players, rounds_played=1, rounds_total=9)


class Sizes:
    """The vertex counts of the bracket-local matchings a pairing builds."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.vertices: list[int] = []
        made = bracket_solver.Matching

        def counted(n: int, *args, **kwargs):  # noqa: ANN002, ANN003, ANN202
            self.vertices.append(n)
            return made(n, *args, **kwargs)

        monkeypatch.setattr(bracket_solver, "Matching", counted)


@pytest.mark.parametrize(("n", "seed"), [(60, 1), (120, 2), (200, 3), (240, 4)])
def test_round_two_fast_path_pairs_as_the_exact_method(n: int, seed: int) -> None:
    state = round_two(n, seed)
    fast = pair_round(state)
    assert fast == pair_dutch(state, fast=False)
    assert_legal(state, fast, "dutch")


@pytest.mark.parametrize(("n", "seed"), [(200, 3), (240, 4), (400, 5)])
def test_the_bracket_above_the_last_group_matches_only_its_own_players(
        n: int, seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """With no bye, the bracket above the last score group is the reduced problem: its
    matching holds its own players, not them and the whole last group too."""
    state = round_two(n, seed)
    scores = sorted({sum(r.points for r in p.rounds) for p in state.players}, reverse=True)
    assert len(scores) == 3
    groups = [sum(1 for p in state.players if sum(r.points for r in p.rounds) == s)
              for s in scores]
    sizes = Sizes(monkeypatch)
    result = pair_round(state)
    assert result.bye is None
    # (one matching per bracket; a moved-down player at most adds one vertex)
    assert max(sizes.vertices) <= max(groups) + 1, (groups, sizes.vertices)


@pytest.mark.parametrize(("n", "seed"), [(300, 6), (400, 7), (600, 8)])
def test_sparse_bracket_pairs_as_every_pair_from_the_start(n: int, seed: int) -> None:
    """A large bracket's matching starts with a band of pairs per player and prices
    the rest (``DutchOptions.sparse``): the same pairing as with every pair built."""
    state = round_two(n, seed)
    assert pair_round(state) == pair_dutch(state, sparse=False)


@pytest.mark.parametrize(("n", "seed"), [(120, 3), (160, 4)])
def test_sparse_mid_event_rounds_pair_as_dense(n: int, seed: int) -> None:
    """Mid-event rounds (moved-down players, floats, colour history) too, and as the
    exact global matching does."""
    state = generated_state(n, seed)
    fast = pair_round(state)
    assert fast == pair_dutch(state, sparse=False)
    assert fast == pair_dutch(state, fast=False)


def test_a_large_bracket_starts_with_few_pairs(monkeypatch: pytest.MonkeyPatch) -> None:
    """Round 2 of 600 players: three brackets of about 200 residents, each about
    20,000 pairs, none of which any player of the bracket has played. The first
    solve of each builds at most ``3 * BAND + 2`` pairs per resident (and the moved-
    down players' pairs), not every pair."""
    built: list[tuple[int, int]] = []
    make = bracket_solver.BracketSolver._build_reduced

    def counted(self, red):  # noqa: ANN001, ANN202
        make(self, red)
        built.append((len(red.own), len(self.bracket.matching.edges)))

    monkeypatch.setattr(bracket_solver.BracketSolver, "_build_reduced", counted)
    pair_round(round_two(600, 8))
    big = [(c, e) for c, e in built if c >= 150]
    assert len(big) >= 2, built
    for c, e in big:
        assert e <= c * (3 * bracket_solver.BAND + 2) + c * 2, built
