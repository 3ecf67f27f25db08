"""``divisions:`` in season.yaml (docs/divisions.md): the loader reads the order and the
movers, and ``check`` names each mistake at its file:line:col (exit 2, nothing changed)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from leaguegen.cli import main
from leaguegen.domain.divisions import Division
from leaguegen.errors import InputError
from leaguegen.formats.season_yaml import load_season
from tests.conftest import ROOT

RIVERSIDE = ROOT / "seasons" / "riverside-2026"
BLOCK = """divisions:
  - {section: premier, relegate: 2}
  - {section: major, promote: 2}
"""


def copy_with(tmp_path: Path, block: str, season: Path = RIVERSIDE,
              old: str = BLOCK) -> Path:
    folder = tmp_path / "season"
    shutil.copytree(season, folder)
    path = folder / "season.yaml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, block, 1), encoding="utf-8")
    return folder


def problems(folder: Path) -> list[str]:
    with pytest.raises(InputError) as err:
        load_season(folder)
    return [str(p) for p in err.value.problems]


def test_the_demo_declares_its_divisions_top_first() -> None:
    season = load_season(RIVERSIDE)
    assert season.divisions == (Division("premier", 0, 2), Division("major", 2, 0))


def line_of(folder: Path, text: str) -> int:
    lines = (folder / "season.yaml").read_text(encoding="utf-8").splitlines()
    return next(i for i, line in enumerate(lines, start=1) if text in line)


def test_an_unknown_section_is_named_at_its_line(tmp_path: Path) -> None:
    folder = copy_with(tmp_path, BLOCK.replace("section: major", "section: majr"))
    at = line_of(folder, "section: majr")
    assert problems(folder) == [
        f"{folder / 'season.yaml'}:{at}:15: divisions: no section 'majr' (did you mean "
        "'major'?); sections: premier, major, rapid"]


def test_more_movers_than_players(tmp_path: Path) -> None:
    folder = copy_with(tmp_path, BLOCK.replace("promote: 2", "promote: 5, relegate: 3"))
    at = line_of(folder, "section: major")
    assert problems(folder) == [
        f"{folder / 'season.yaml'}:{at}:5: divisions: section 'major' moves 8 (promote 5,"
        " relegate 3) but has only 7"]


def test_a_kind_that_cannot_be_a_division(tmp_path: Path) -> None:
    swiss = ROOT / "seasons" / "thursday-swiss-2026"
    sid = load_season(swiss).sections[0].id
    folder = copy_with(tmp_path, f"divisions:\n  - {{section: {sid}}}\nsections:\n",
                       swiss, "sections:\n")
    got = problems(folder)
    assert len(got) == 1 and got[0].endswith(
        f"divisions: section '{sid}' is a swiss, which cannot be a division (a round robin,"
        " quads or a team league can)")
    assert f"season.yaml:{line_of(folder, 'section: ' + sid)}:" in got[0]


def test_a_section_named_twice_and_a_negative_count(tmp_path: Path) -> None:
    folder = copy_with(tmp_path, BLOCK + "  - {section: premier, promote: -1}\n")
    got = problems(folder)
    assert any(p.endswith("promote must be at least 0, not -1") for p in got)
    assert any(p.endswith("divisions: section 'premier' is named twice") for p in got)


def test_a_team_leagues_own_places_must_agree(tmp_path: Path) -> None:
    league = ROOT / "seasons" / "club-league-2026"
    old = "  - {section: division-2, promote: 1}\n"
    folder = copy_with(tmp_path, "  - {section: division-2, promote: 2}\n", league, old)
    got = problems(folder)
    assert len(got) == 1 and got[0].endswith(
        "divisions: section 'division-2' says promotion 1 and relegation 0 itself; write the"
        " same numbers here or leave them out there")


def test_a_team_league_marks_the_blocks_places(tmp_path: Path) -> None:
    """Without its own keys a team league's table marks the block's places."""
    league = ROOT / "seasons" / "club-league-2026"
    folder = copy_with(tmp_path, "    boards: 4\n", league, "    boards: 4\n    promotion: 1\n")
    d2 = load_season(folder).section("division-2").details
    assert (d2.promotion, d2.relegation) == (1, 0)  # type: ignore[union-attr]


def test_check_says_it_at_the_line_and_exits_2(tmp_path: Path) -> None:
    folder = copy_with(tmp_path, BLOCK.replace("section: major", "section: majr"))
    before = (folder / "season.yaml").read_bytes()
    result = CliRunner().invoke(main, ["check", str(folder)])
    assert result.exit_code == 2
    assert f"season.yaml:{line_of(folder, 'majr')}:15: divisions: no section 'majr'" \
        in result.stderr
    assert (folder / "season.yaml").read_bytes() == before
