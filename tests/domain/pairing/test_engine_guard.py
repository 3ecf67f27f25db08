"""Every engine loop ends (issue 26): a turn that changes nothing is reported, never repeated.

A solver that never pairs anyone is planted under the Dutch engine: each bracket
turn then pairs no one, and once the last score group is in, the same turn would
come round for ever. The engine must stop with a clear EngineStalled naming the
bracket; a stall of the fast path alone is paired again by the exact method; the
CLI reports a stall as an internal error. The matching's stage loop has a bound
of its own, checked with a planted fault too.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from functools import partial
from pathlib import Path

import pytest
from click.testing import CliRunner

from leaguegen.cli import main
from leaguegen.domain.pairing import pairing
from leaguegen.domain.pairing.dutch import DutchEngine, DutchOptions
from leaguegen.domain.pairing.dutch.solvers import GlobalSolver
from leaguegen.domain.pairing.guard import EngineStalled
from leaguegen.domain.pairing.matching import Matching
from leaguegen.domain.pairing.pairing import entrants
from leaguegen.formats import trf
from leaguegen.formats.swiss_input import state_from_trf
from tests.conftest import ROOT
from tests.fuzz.oracle import _Slow, time_limit

BOUND = 60  # seconds: the harness's bound (SIGALRM) on a loop that used to go round for ever


@contextmanager
def bounded() -> Iterator[None]:
    """The harness's bound: a hang fails the test (no timed assertion: it only ends it)."""
    try:
        with time_limit(BOUND):
            yield
    except _Slow:
        pytest.fail(f"still running after {BOUND} s: a loop that never ends", pytrace=False)

CASE = ROOT / "tests" / "data" / "fuzz" / "pair" / "hang-dutch-lost-pair--burstein-t0057-r03.trf"


class _Blind(GlobalSolver):
    """Never pairs anyone: every bracket turn changes nothing."""

    def start(self) -> tuple[int, bool, dict[int, int]]:
        return 0, False, {}

    def solve(self) -> list[int]:
        self.solves += 1
        return list(range(self.n))


# (Without the closed form: a homogeneous bracket would be paired without the solver.)
NO_DIRECT = DutchOptions(direct=False)


def _engine(options: DutchOptions = NO_DIRECT) -> DutchEngine:
    state = state_from_trf(trf.load(str(CASE)))
    return DutchEngine(state, *entrants(state), options=options)


def _plant(monkeypatch: pytest.MonkeyPatch, *, fast_only: bool) -> None:
    real = DutchEngine._start

    def start(self: DutchEngine):  # noqa: ANN202
        if fast_only and not self.fast:
            return real(self)
        blind = _Blind(self.crit)
        return (blind, *blind.start())

    monkeypatch.setattr(DutchEngine, "_start", start)


def test_a_bracket_that_pairs_no_one_stops_with_a_clear_error(
        monkeypatch: pytest.MonkeyPatch) -> None:
    _plant(monkeypatch, fast_only=False)
    engine = _engine()
    with bounded(), pytest.raises(EngineStalled) as caught:
        engine.run()
    # The last bracket: every player floated down to it, the lowest score group's.
    assert str(caught.value) == ("the Dutch engine made no progress in the bracket of score 0"
                                 " (players 1, 2, 3, 4, 5, 6, 7, 8) (exact solver)")
    # The fast path stalled first and was retried by the exact method, which stalled too.
    assert engine.stalls == [str(caught.value).replace("exact", "bracket-local")]


def test_a_stall_of_the_fast_path_alone_is_paired_by_the_exact_method(
        monkeypatch: pytest.MonkeyPatch) -> None:
    exact = _engine(DutchOptions(direct=False, fast=False))
    expected = [(a.tpn, b.tpn) for a, b in exact.run()[0]]
    _plant(monkeypatch, fast_only=True)
    engine = _engine()
    with bounded():
        pairs, bye = engine.run()
    assert [(a.tpn, b.tpn) for a, b in pairs] == expected
    assert bye is None
    assert len(engine.stalls) == 1 and "bracket-local" in engine.stalls[0]


def test_pair_trf_reports_a_stall_as_an_internal_error(monkeypatch: pytest.MonkeyPatch,
                                                       tmp_path: Path) -> None:
    _plant(monkeypatch, fast_only=False)
    # (The CLI builds the engine through the registry: that build gets the options.)
    monkeypatch.setattr(pairing, "DutchEngine", partial(DutchEngine, options=NO_DIRECT))
    with bounded():
        result = CliRunner().invoke(main, ["pair", "--trf", str(CASE)])
    assert result.exit_code == 1
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert result.stdout == ""
    assert result.stderr.startswith(f"{CASE}: internal error: the Dutch engine made no"
                                    " progress in the bracket of score 0")
    assert result.stderr.rstrip().endswith("please report this file")


def test_a_matching_stage_that_never_augments_is_bounded(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A planted fault: the augmenting step does nothing, so every stage finds the same
    free vertices again. The stage loop stops at its bound instead of going round."""
    m = Matching(4)
    for a, b, w in ((0, 1, 5), (1, 2, 6), (2, 3, 5), (0, 3, 1)):
        m.set_weight(a, b, w)
    monkeypatch.setattr(Matching, "augment_side", lambda self, s, p: None)
    monkeypatch.setattr(Matching, "augment_blossom", lambda self, b, v: None)
    with bounded(), pytest.raises(EngineStalled, match="the matching's stage loop"):
        m.solve()


def test_season_pair_reports_a_stall_and_writes_nothing(monkeypatch: pytest.MonkeyPatch,
                                                        tmp_path: Path) -> None:
    """``pair SEASON`` holds the season's lock while it pairs: a stall is an internal error
    (exit 1) with the season's files as they were, not a traceback and not a hang."""
    from leaguegen.formats.season_write import season_lock

    season = tmp_path / "event"
    done = CliRunner().invoke(main, ["import", "trf", str(CASE), "--out", str(season),
                                     "--section", "open"])
    assert done.exit_code == 0, done.output
    def files() -> dict[str, bytes]:  # (the lock file stays, empty, as after any command)
        return {p.name: p.read_bytes() for p in season.rglob("*")
                if p.is_file() and p.name != ".leaguegen.lock"}

    before = files()
    _plant(monkeypatch, fast_only=False)
    # (The CLI builds the engine through the registry: that build gets the options.)
    monkeypatch.setattr(pairing, "DutchEngine", partial(DutchEngine, options=NO_DIRECT))
    with bounded():
        result = CliRunner().invoke(main, ["pair", str(season), "--section", "open",
                                           "--date", "2026-03-01"])
    assert result.exit_code == 1
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert ("section 'open': internal error: the Dutch engine made no progress in the"
            " bracket of score 0") in result.stderr
    assert files() == before
    with season_lock(season, wait=0):
        pass
