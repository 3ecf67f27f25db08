"""``leaguegen check`` of a folder of seasons: each season checked, then the identities
across them (a probable duplicate warned with both files and lines), and the new player
keys ``club_id`` and ``aliases`` refused at their line when malformed."""

from __future__ import annotations

import shutil
from pathlib import Path

from click.testing import CliRunner

from leaguegen.cli import main
from tests.conftest import ROOT

CLUB = ROOT / "tests" / "data" / "club-seasons"


def test_check_of_a_folder_of_seasons_warns_about_a_probable_duplicate(tmp_path: Path) -> None:
    folder = tmp_path / "club"
    shutil.copytree(CLUB, folder)
    out = CliRunner().invoke(main, ["check", str(folder)])
    assert out.exit_code == 0, out.output
    lines = out.output.splitlines()
    autumn = folder / "autumn-2025" / "season.yaml"
    spring = folder / "spring-2026" / "season.yaml"
    [warning] = [line for line in lines if "warning:" in line]
    assert warning.startswith(f"{autumn}:14:9: warning: 'Sam Patel' (autumn-2025, section"
                              f" 'club') and 'Sam Patel' at {spring}:16 (spring-2026")
    assert "the same name and birth year 1990" in warning
    assert lines[-1] == f"{folder}: 2 seasons, 6 players across them"


def test_check_of_a_folder_lists_every_seasons_problems(tmp_path: Path) -> None:
    folder = tmp_path / "club"
    shutil.copytree(CLUB, folder)
    path = folder / "spring-2026" / "season.yaml"
    text = path.read_text(encoding="utf-8")
    text = text.replace("club_id: RCC-9", "club_id: RCC 9").replace(
        "aliases: Jonh Smith", "aliases: [John Smith]")
    path.write_text(text, encoding="utf-8")
    out = CliRunner().invoke(main, ["check", str(folder)])
    assert out.exit_code == 2
    lines = text.splitlines()
    sam = next(i for i, line in enumerate(lines, start=1) if "RCC 9" in line)
    john = next(i for i, line in enumerate(lines, start=1) if "[John Smith]" in line)
    assert f"{path}:{sam}:" in out.output
    assert "Sam Patel: club_id 'RCC 9' must be letters, digits" in out.output
    assert f"{path}:{john}:" in out.output
    assert "John Smith: alias 'John Smith' is the player's own name" in out.output
