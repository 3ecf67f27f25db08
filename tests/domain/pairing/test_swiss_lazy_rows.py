"""The Dutch bracket solver's shortcuts on a bracket's rows change no pairing.

The rows a bracket loads stay out of ``weights`` (the pairs' weights): when a bracket's
completion proof fails, the exact fallback writes them out (``_full_weights``); the prune
reads the matching's edges in one pass instead of the rows. Forced onto every
bracket, each must give what the plain routes give.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from leaguegen.domain.pairing import SwissState, pair_round
from leaguegen.domain.pairing.dutch.bracket_solver import BracketSolver
from tests.domain.pairing.dutch_options import pair_dutch

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "benchmarks"))
from swiss_speed import generated_state  # noqa: E402


def _states() -> list[SwissState]:
    return [generated_state(n, seed) for n in (21, 40, 77, 150) for seed in range(3)]


def test_exact_fallback_reads_the_rows(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every reduced optimum refused (its completion never reached): each bracket is
    solved on the exact graph, built from ``weights`` written out from the rows."""
    states = _states()
    exact = [pair_dutch(s, fast=False) for s in states]
    fell_back = [0]
    inner = BracketSolver._exact

    def counted(self: BracketSolver) -> None:
        fell_back[0] += self.rows_lazy
        inner(self)

    monkeypatch.setattr(BracketSolver, "_exact", counted)
    monkeypatch.setattr(BracketSolver, "_realize", lambda self, yon, yoff, bye: None)
    refused = [pair_round(s) for s in states]
    assert refused == exact
    assert fell_back[0] > len(states)  # brackets whose rows were not in ``weights``


def test_flat_prune_drops_what_the_rows_drop(monkeypatch: pytest.MonkeyPatch) -> None:
    states = _states()
    totals = []
    for flat in (False, True):
        dropped = [0]
        inner = BracketSolver.prune

        def counted(self: BracketSolver, *args, _inner=inner, _dropped=dropped):  # noqa: ANN002, ANN202
            n = _inner(self, *args)
            _dropped[0] += n
            return n

        monkeypatch.setattr(BracketSolver, "prune", counted)
        totals.append(([pair_dutch(s, flat_prune=flat) for s in states], dropped[0]))
        monkeypatch.setattr(BracketSolver, "prune", inner)
    (rows, by_rows), (flat, by_edges) = totals
    assert flat == rows
    assert by_edges == by_rows > 0
