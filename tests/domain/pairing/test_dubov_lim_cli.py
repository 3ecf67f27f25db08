"""Dubov and Lim end to end: ``leaguegen pair --trf --system``, and ``pairing:`` in a season."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from leaguegen.cli import main
from leaguegen.domain.sections.swiss import paired_rounds
from leaguegen.formats.season_yaml import load_season
from tests.conftest import ROOT

DATA = ROOT / "tests" / "data"


@pytest.mark.parametrize(("system", "case", "lines"), [
    ("dubov", "dubov/d04-bye-most-games.trf", ["3", "4 1", "2 3", "5 0"]),
    ("lim", "lim/l01-round-one.trf", ["4", "1 4", "5 2", "3 7", "6 0"]),
])
def test_pair_trf_prints_the_corpus_format(system: str, case: str, lines: list[str]) -> None:
    result = CliRunner().invoke(main, ["pair", "--trf", str(DATA / case), "--system", system])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == lines


@pytest.mark.parametrize("system", ["dubov", "lim"])
def test_explain_names_the_articles(system: str) -> None:
    case = DATA / ("dubov/d09-two-upfloaters.trf" if system == "dubov"
                   else "lim/l06-crack-below.trf")
    result = CliRunner().invoke(main, ["pair", "--trf", str(case), "--system", system,
                                       "--explain"])
    assert result.exit_code == 0, result.output
    out = result.output
    assert f"({system})" in out and "Board 1:" in out
    if system == "dubov":
        # d09: 5 and 4 upfloat to 1 and 2; 5's absolute preference beats 1's.
        assert "5 (1) floats up to 1: the fewest upfloaters" in out
        assert "colours: stronger (absolute) preference granted" in out
    else:
        # l06: 3 floats on into the median; 1-2 below is cracked to unblock it.
        assert "2 (1) floats up to 4: a pairing undone to unblock the median group" in out
        assert "colours: equalising colours before alternating them" in out
        assert "Bye: 5 receives the pairing-allocated bye: the lowest-ranked player" in out


def test_no_legal_pairing_exits_1() -> None:
    case = DATA / "dubov" / "d07-no-eligible-bye.trf"
    result = CliRunner().invoke(main, ["pair", "--trf", str(case), "--system", "dubov"])
    assert result.exit_code == 1
    assert "no valid pairing" in result.output


@pytest.mark.parametrize("system", ["dubov", "lim"])
def test_season_section_pairs_with_the_system(system: str, tmp_path: Path) -> None:
    """``pairing: dubov|lim`` in a Swiss section: check passes and the next round is written."""
    season = tmp_path / "season"
    shutil.copytree(ROOT / "seasons" / "thursday-swiss-2026", season)
    text = (season / "season.yaml").read_text(encoding="utf-8")
    assert "    pairing: dutch\n" in text
    (season / "season.yaml").write_text(text.replace("    pairing: dutch\n",
                                                     f"    pairing: {system}\n"),
                                        encoding="utf-8")
    runner = CliRunner()
    assert runner.invoke(main, ["check", str(season)]).exit_code == 0
    before = paired_rounds(load_season(season).sections[0])
    result = runner.invoke(main, ["pair", str(season), "--section", "open", "--allow-postponed"])
    assert result.exit_code == 0, result.output
    section = load_season(season).sections[0]
    assert paired_rounds(section) == before + 1
    assert runner.invoke(main, ["check", str(season)]).exit_code == 0
