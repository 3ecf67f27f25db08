"""The last brackets of a round with a bye, paired on the reduced problem (issue 33).

In an odd field the bracket above the last score group and the last bracket itself
used to match every player left, every pair built (round 2 of 4,999 players: 118 CPU
s and 2 GiB before it was stopped). They now match only the bracket's own players,
the bye taken by a player of the last group (or, in the last bracket, by the bye
vertex), and the answer is accepted only with a completion that reaches its bound.
These tests pair random odd fields both ways (``DutchOptions.sparse=False`` keeps the
old full matching) and compare; they count matchings' sizes, never time.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from leaguegen.domain.pairing import pair_round
from leaguegen.domain.pairing.dutch import bracket_solver
from tests.domain.pairing.dutch_options import pair_dutch
from tests.domain.pairing.legal import assert_legal
from tests.domain.pairing.test_swiss_round_two import Sizes, round_two

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "benchmarks"))
from swiss_speed import generated_state  # noqa: E402

SETTINGS = settings(max_examples=25, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(half=st.integers(min_value=3, max_value=160), seed=st.integers(0, 10**6),
       draws=st.sampled_from([0.0, 0.1, 0.3, 0.6]))
def test_round_two_of_an_odd_field_pairs_as_the_full_matching(half: int, seed: int,
                                                              draws: float) -> None:
    """Round 2 of 7 to 321 players (three score groups, the bye in the last)."""
    state = round_two(2 * half + 1, seed, draws)
    fast = pair_round(state)
    assert fast.bye is not None
    assert fast == pair_dutch(state, sparse=False)


@SETTINGS
@given(half=st.integers(min_value=3, max_value=90), seed=st.integers(0, 10**6))
def test_mid_event_odd_field_pairs_as_the_full_matching(half: int, seed: int) -> None:
    """Round 6 of 11 (floats, colour history, players who had the bye already and may
    not take it again, absentees)."""
    state = generated_state(2 * half + 1, seed)
    fast = pair_round(state)
    assert fast == pair_dutch(state, sparse=False)


@pytest.mark.parametrize(("n", "seed"), [(121, 1), (301, 2), (401, 3)])
def test_odd_fields_pair_as_the_exact_method(n: int, seed: int) -> None:
    """And as the exact global matching (``fast=False``), which the full mode is
    checked against elsewhere."""
    for state in (round_two(n, seed), generated_state(n, seed)):
        fast = pair_round(state)
        assert fast == pair_dutch(state, fast=False)
        assert_legal(state, fast, "dutch")


@pytest.mark.parametrize(("n", "seed"), [(201, 3), (241, 4), (401, 5)])
def test_the_last_brackets_with_a_bye_match_only_their_own_players(
        n: int, seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """With the bye, the bracket above the last score group and the last bracket match
    their own players (and the bye's vertex), not them and the whole last group; no
    bracket falls back to the exact graph of everyone left."""
    state = round_two(n, seed)
    groups = sorted({sum(r.points for r in p.rounds) for p in state.players})
    sizes_of = [sum(1 for p in state.players if sum(r.points for r in p.rounds) == s)
                for s in groups]
    sizes = Sizes(monkeypatch)
    result = pair_round(state)
    assert result.bye is not None
    # (one matching per bracket; moved-down players and the bye vertex add a few)
    assert max(sizes.vertices) <= max(sizes_of) + 2, (sizes_of, sizes.vertices)


def test_no_fallback_to_the_exact_graph_in_round_two(monkeypatch: pytest.MonkeyPatch) -> None:
    """The reduced optimum of each last bracket is proven by a completion: the exact
    matching over every player left is never built."""
    exact: list[int] = []
    made = bracket_solver.BracketSolver._exact

    def counted(self):  # noqa: ANN001, ANN202
        exact.append(1)
        made(self)

    monkeypatch.setattr(bracket_solver.BracketSolver, "_exact", counted)
    for n, seed in ((301, 1), (401, 2), (601, 3)):
        assert pair_round(round_two(n, seed)).bye is not None
    assert not exact
