"""``leaguegen print SEASON_DIR --section ID [--round N] [WHAT...] [-o DIR]`` on the demos:
the files it writes, and its refusals (exit 2 for a wrong section or language, 1 for a
section or round with nothing to print), with nothing written."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from leaguegen.cli import main

SEASONS = Path(__file__).resolve().parents[2] / "seasons"
SWISS = SEASONS / "thursday-swiss-2026"


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["print", *args])
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.pdf
def test_prints_what_is_asked_for_the_round_asked(tmp_path: Path) -> None:
    code, out, err = run(str(SWISS), "--section", "open", "--round", "2", "pairings",
                         "cards", "-o", str(tmp_path / "sheets"))
    assert code == 0, err
    written = sorted(p.name for p in (tmp_path / "sheets").iterdir())
    assert written == ["open-round-2-cards.pdf", "open-round-2-pairings.pdf"]
    assert "no site_url" in err  # the demo gives no address: the sheets say so
    if shutil.which("pdftotext"):
        text = subprocess.run(["pdftotext", str(tmp_path / "sheets" / written[1]), "-"],
                              capture_output=True, text=True, check=True).stdout
        assert "Round 2" in text and "Alexei Morozov" in text


@pytest.mark.pdf
def test_all_of_the_current_round_by_default_in_another_language(tmp_path: Path) -> None:
    code, out, err = run(str(SEASONS / "ladya-2026-ru"), "--section", "vysshaya",
                         "--language", "en", "-o", str(tmp_path))
    assert code == 0, err
    names = sorted(p.name for p in tmp_path.iterdir())
    assert len(names) == 6 and all(n.startswith("vysshaya-round-5-") for n in names), names
    if shutil.which("pdftotext"):
        text = subprocess.run(["pdftotext", str(tmp_path / "vysshaya-round-5-cards.pdf"),
                               "-"], capture_output=True, text=True, check=True).stdout
        assert "Board" in text  # English, as asked, not the season's Russian


@pytest.mark.parametrize("args, code, message", [
    (["--section", "nope"], 2, "no section 'nope'"),
    (["--section", "open", "--language", "ar"], 2, "not published in 'ar'"),
    (["--section", "open", "--round", "7"], 1, "round 7 of section 'open' is not paired"),
])
def test_refusals_write_nothing(tmp_path: Path, args: list[str], code: int,
                                message: str) -> None:
    got, out, err = run(str(SWISS), *args, "-o", str(tmp_path / "out"))
    assert got == code and message in err
    assert not (tmp_path / "out").exists()


def test_a_section_without_pairings_is_refused(tmp_path: Path) -> None:
    """A later stage whose players are not known yet has nothing to print; a knockout
    prints its matches (site/printables/kinds.py) but not the final before the
    semi-finals are over."""
    got, out, err = run(str(SEASONS / "grand-prix-2027"), "--section", "challengers-final",
                        "-o", str(tmp_path / "out"))
    assert got == 1 and "has no round lists to print" in err, err
    got, out, err = run(str(SEASONS / "grand-prix-2027"), "--section", "knockout",
                        "--round", "3", "-o", str(tmp_path / "out"))
    assert got == 1 and "round 3 of section 'knockout' is not paired" in err, err
    assert not (tmp_path / "out").exists()


def test_an_invalid_season_is_exit_2(tmp_path: Path) -> None:
    (tmp_path / "season.yaml").write_text("name: X\npaper: A3\nsections: []\n")
    got, out, err = run(str(tmp_path), "--section", "a")
    assert got == 2 and "season.yaml:2:8: paper must be one of A4, Letter, not 'A3'" in err
