"""The pairing commands pause the cyclic collector around the pairing and only there."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest
from click.testing import CliRunner

import leaguegen.domain.pairing as pairing
from leaguegen.cli import main
from leaguegen.cli.collector import collector_paused
from leaguegen.domain.sections import swiss as ss
from leaguegen.formats import trf
from tests.swiss_demo import fill_last_round

SHARED = Path(__file__).resolve().parents[2].parent / "shared"
TRF = SHARED / "perf" / "dutch_n1000_before_r6_of_11.trf"


def test_paused_inside_and_restored_after_even_on_error() -> None:
    assert gc.isenabled()
    with collector_paused():
        assert not gc.isenabled()
    assert gc.isenabled()
    with pytest.raises(RuntimeError), collector_paused():
        raise RuntimeError
    assert gc.isenabled()


def test_a_caller_that_paused_it_keeps_it_paused() -> None:
    gc.disable()
    try:
        with collector_paused():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()


def _spy(monkeypatch: pytest.MonkeyPatch, module: object, name: str) -> list[bool]:
    seen: list[bool] = []
    real = getattr(module, name)

    def spy(*args: object, **kwargs: object) -> object:
        seen.append(gc.isenabled())
        return real(*args, **kwargs)

    monkeypatch.setattr(module, name, spy)
    return seen


def test_pair_trf_pairs_with_the_collector_paused(monkeypatch: pytest.MonkeyPatch) -> None:
    if not TRF.exists():
        pytest.skip(f"{TRF} missing (../shared is not beside the project)")
    seen = _spy(monkeypatch, pairing, "pair_round")
    read = _spy(monkeypatch, trf, "load")
    result = CliRunner().invoke(main, ["pair", "--trf", str(TRF)])
    assert result.exit_code == 0, result.output
    assert seen == [False] and read == [False] and gc.isenabled()


def test_pair_season_pairs_with_the_collector_paused(swiss_copy: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    assert fill_last_round(swiss_copy) == 11
    seen = _spy(monkeypatch, ss, "pair_next")
    result = CliRunner().invoke(main, ["pair", str(swiss_copy), "--section", "open",
                                       "--date", "2026-11-05"])
    assert result.exit_code == 0, result.output
    assert seen == [False] and gc.isenabled()
