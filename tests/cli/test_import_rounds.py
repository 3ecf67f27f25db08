"""``import trf`` of a Swiss whose file does not say how many rounds the event has.

A TRF without ``XXR`` (or ``142``) imported as a Swiss got ``number_of_rounds`` = the rounds
played, silently: ``pair`` then said "all rounds are paired" and an event still under way could
not go on (issue 26). Now the import says so in a note, and ``--rounds N`` gives the number.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from leaguegen.cli import main
from leaguegen.formats.season_yaml import load_season
from tests.conftest import ROOT

SOURCE = ROOT.parent / "shared" / "conformance" / "burstein" / "t0057-r03.trf"


@pytest.fixture
def no_xxr(tmp_path: Path) -> Path:
    if not SOURCE.is_file():
        pytest.skip(f"{SOURCE} is absent (../shared beside the project)")
    path = tmp_path / "event.trf"
    path.write_text("".join(line for line in SOURCE.read_text().splitlines(keepends=True)
                            if not line.startswith("XXR")))
    return path


def run(*args: object):  # noqa: ANN201
    return CliRunner().invoke(main, [str(a) for a in args])


def test_a_file_without_xxr_is_imported_with_a_note(no_xxr: Path, tmp_path: Path) -> None:
    res = run("import", "trf", no_xxr, "--out", tmp_path / "s", "--section", "open")
    assert res.exit_code == 0, res.output
    assert "does not say how many rounds" in res.output and "--rounds N" in res.output
    assert load_season(tmp_path / "s").section("open").details.number_of_rounds == 2


def test_rounds_gives_the_events_length_and_pair_goes_on(no_xxr: Path, tmp_path: Path) -> None:
    res = run("import", "trf", no_xxr, "--out", tmp_path / "s", "--section", "open",
              "--rounds", 5)
    assert res.exit_code == 0, res.output
    assert "does not say how many rounds" not in res.output
    assert load_season(tmp_path / "s").section("open").details.number_of_rounds == 5
    res = run("pair", tmp_path / "s", "--section", "open")
    assert res.exit_code == 0, res.output
    assert "Round 3 of 5 paired" in res.output


@pytest.mark.parametrize(("rounds", "message"), [(1, "fewer than the 2 rounds"),
                                                 (4, "contradicts the file's 3 rounds")])
def test_a_wrong_rounds_is_refused_and_writes_nothing(no_xxr: Path, tmp_path: Path,
                                                      rounds: int, message: str) -> None:
    source = no_xxr if rounds == 1 else SOURCE
    res = run("import", "trf", source, "--out", tmp_path / "s", "--section", "open",
              "--rounds", rounds)
    assert res.exit_code == 2, res.output
    assert message in res.output
    assert not (tmp_path / "s").exists()
