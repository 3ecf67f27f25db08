"""The Dutch engine's shortcuts around the remainder's S1/S2 split change no pairing.

``DutchEngine._try_split`` proves the split "S1 = the first rp players" with one solve
and skips the S1-bonus re-weighting; when the proof fails the engine takes the
bonus route from the state the attempt left. Both routes, and the attempt that
always fails, must give the pairings of the plain route, with either solver.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from itertools import count
from pathlib import Path

import pytest

from leaguegen.domain.pairing import SwissState
from leaguegen.domain.pairing.dutch import DutchEngine
from leaguegen.domain.pairing.dutch.bracket_solver import BracketSolver
from leaguegen.domain.pairing.dutch.solvers import GlobalSolver
from tests.domain.pairing.dutch_options import pair_dutch

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "benchmarks"))
from swiss_speed import generated_state  # noqa: E402


@contextmanager
def counted_proofs(failing: bool = False) -> Iterator[list[int]]:
    """The split proof counted and (``failing``) made never to hold; yields
    [attempts, successes]."""
    saved = DutchEngine.__dict__["_try_split"]
    tally = [0, 0]
    inner = DutchEngine._try_split
    values = {cls: cls.value for cls in (BracketSolver, GlobalSolver)}
    fresh = count()

    def counted(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        tally[0] += 1
        out = inner(*args, **kwargs)
        tally[1] += out is not None
        return out

    DutchEngine._try_split = staticmethod(counted)  # type: ignore[method-assign]
    if failing:
        for cls in values:
            cls.value = lambda self: (next(fresh), 0)  # type: ignore[method-assign]
    try:
        yield tally
    finally:
        DutchEngine._try_split = saved  # type: ignore[method-assign]
        for cls, fn in values.items():
            cls.value = fn  # type: ignore[method-assign]


def _states() -> list[SwissState]:
    return [generated_state(n, seed) for n in (21, 40, 77, 150) for seed in range(3)]


@pytest.mark.parametrize("fast", [True, False], ids=["bracket", "exact"])
def test_split_proof_changes_nothing(fast: bool) -> None:
    states = _states()
    with counted_proofs() as tally:
        plain = [pair_dutch(s, split=False, fast=fast) for s in states]
        assert tally[0] == 0
        proven = [pair_dutch(s, fast=fast) for s in states]
    assert proven == plain
    # The proof is tried, and holds in most brackets of these mid-event rounds.
    assert tally[0] > 0
    assert tally[1] > tally[0] // 2
    with counted_proofs(failing=True) as tally:
        fallback = [pair_dutch(s, fast=fast) for s in states]
    assert fallback == plain
    assert tally[0] > 0 and tally[1] == 0
