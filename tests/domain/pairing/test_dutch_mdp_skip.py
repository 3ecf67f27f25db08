"""A moved-down player's opponent taken without a solve (``DutchEngine._mdp_skip``, issue 33).

In the large brackets of rounds 3 and 4 of a 5,000-player event the one solve that
paired the moved-down player cost 3-7 CPU s (the whole bracket's matching re-optimised
for a nudge on one player's pairs). When a swap of the optimum in hand proves the
pick, no solve is made; these tests pair the same rounds with the shortcut off
(``DutchOptions.skip=False``) and by the exact method, and compare.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from leaguegen.domain.pairing import pair_round
from leaguegen.domain.pairing.dutch import DutchEngine
from tests.domain.pairing.dutch_options import pair_dutch

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "benchmarks"))
from swiss_speed import generated_state  # noqa: E402


@settings(max_examples=30, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(n=st.integers(min_value=12, max_value=260), seed=st.integers(0, 10**6))
def test_mdp_picks_without_a_solve_change_nothing(n: int, seed: int) -> None:
    state = generated_state(n, seed)
    assert pair_round(state) == pair_dutch(state, skip=False)


@pytest.mark.parametrize(("n", "seed"), [(301, 1), (400, 2)])
def test_mdp_picks_pair_as_the_exact_method(n: int, seed: int) -> None:
    state = generated_state(n, seed)
    assert pair_round(state) == pair_dutch(state, skip=False, fast=False)


def test_some_mdp_picks_are_taken_without_a_solve(monkeypatch: pytest.MonkeyPatch) -> None:
    """The shortcut is used (else the tests above prove nothing about it)."""
    answers: list[bool] = []
    made = DutchEngine._mdp_skip

    def counted(self, *args):  # noqa: ANN001, ANN002, ANN202
        answers.append(made(self, *args))
        return answers[-1]

    monkeypatch.setattr(DutchEngine, "_mdp_skip", counted)
    for n, seed in ((200, 1), (300, 2), (400, 3)):
        pair_round(generated_state(n, seed))
    assert any(answers), answers
