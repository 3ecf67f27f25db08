"""Bad season files: each kind of mistake is reported at its file:line:col, with exit code 2."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from click.testing import CliRunner

from leaguegen.cli import main
from leaguegen.errors import InputError
from leaguegen.formats.season_yaml import load_season

# Round 1 of a 4-player table: 1-4, 2-3.  Round 2: 4-3, 1-2.  Round 3: 2-4, 3-1.
BASE = """\
name: Test League
sections:
  - id: open
    name: Open
    format: round_robin
    tiebreaks: [DE, SB]
    players:
      - {name: Ann Able, rating: 2000}
      - {name: Bob Best, rating: 1900}
      - {name: Cat Cole, rating: 1800}
      - {name: Dan Dale, rating: 1700}
    rounds:
      - date: 2026-01-07
        results:
          - Ann Able - Dan Dale: 1-0
          - Bob Best - Cat Cole: ½-½
"""


def write(tmp_path: Path, text: str) -> Path:
    folder = tmp_path / "season"
    folder.mkdir()
    (folder / "season.yaml").write_text(textwrap.dedent(text), encoding="utf-8")
    return folder


def replace(old: str, new: str) -> str:
    assert old in BASE
    return BASE.replace(old, new)


CASES = {
    "unknown key with suggestion": (
        replace("    tiebreaks: [DE, SB]", "    tiebreak: [DE, SB]"),
        "6:5", "unknown key 'tiebreak' in section (did you mean 'tiebreaks'?)"),
    "unknown player": (
        replace("Ann Able - Dan Dale", "Ann Able - Dan Dail"),
        "15:13", "unknown player 'Dan Dail' (did you mean 'Dan Dale'?)"),
    "game not on the schedule": (
        replace("Ann Able - Dan Dale", "Ann Able - Bob Best"),
        "15:13", "are not paired in this round (they meet in round 2)"),
    "duplicate result": (
        BASE + "          - Ann Able - Dan Dale: 0-1\n",
        "17:13", "duplicate result for Ann Able - Dan Dale (first given on line 15)"),
    "malformed score": (
        replace("Ann Able - Dan Dale: 1-0", "Ann Able - Dan Dale: 1-O"),
        "15:34", "result '1-O' is not one of 1-0, 0-1"),
    "colours reversed": (
        replace("Ann Able - Dan Dale: 1-0", "Dan Dale - Ann Able: 0-1"),
        "15:13", "Ann Able has White in this game"),
    "invalid YAML": (
        replace("    name: Open\n", "    name: Open\n   format: oops\n"),
        "5:", "not valid YAML"),
    "missing required key": (
        replace("    format: round_robin\n", ""),
        "3:5", "section is missing the required key 'format'"),
    "unknown format": (
        replace("format: round_robin", "format: round-robin"),
        "5:13", "format 'round-robin' is not one of round_robin, double_round_robin"),
    "player listed twice": (
        replace("      - {name: Dan Dale, rating: 1700}",
                "      - {name: Dan Dale, rating: 1700}\n      - {name: Dan Dale}"),
        "12:9", "player 'Dan Dale' is listed twice"),
    "rating not a number": (
        replace("rating: 1900", "rating: high"),
        "9:34", "Bob Best: rating must be a whole number, not 'high'"),
    "bad date": (
        replace("2026-01-07", "2026-13-07"),
        "13:15", "round 1 date '2026-13-07' is not a date"),
    "unknown tiebreak": (
        replace("[DE, SB]", "[DE, SBB]"),
        "6:21", "unknown tiebreak 'SBB' (did you mean 'SB'?)"),
    "tiebreak modifier the standings cannot compute": (
        replace("[DE, SB]", "[DE, SB, BH/X9]"),
        "6:25", "tiebreak 'BH/X9': unknown modifier 'X9'"),
    "withdrawal of an unknown player": (
        BASE.replace("    rounds:", "    withdrawals:\n      - {player: Eve Ever, after_round: 1}"
                     "\n    rounds:"),
        "13:18", "withdrawal: unknown player 'Eve Ever'"),
    "lots without a seed": (
        replace("    tiebreaks: [DE, SB]", "    tiebreaks: [DE, SB]\n    seeding: lots"),
        "7:14", "seeding by lots needs a recorded 'seed'"),
    "unsafe section id": (
        replace("id: open", "id: ../open"),
        "3:9", "section id '../open' must be lower-case letters"),
    "too many rounds": (
        BASE + "      - date: 2026-01-14\n      - date: 2026-01-21\n      - date: 2026-01-28\n",
        "19:9", "section 'open' has 3 rounds, but 4 are listed"),
    "result for a player against themselves": (
        replace("Ann Able - Dan Dale", "Ann Able - Ann Able"),
        "15:13", "a player cannot play themselves"),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_problem_is_located(tmp_path: Path, name: str) -> None:
    text, where, message = CASES[name]
    folder = write(tmp_path, text)
    with pytest.raises(InputError) as info:
        load_season(folder)
    rendered = [str(p) for p in info.value.problems]
    expected_prefix = f"{folder / 'season.yaml'}:{where}"
    assert any(r.startswith(expected_prefix) and message in r for r in rendered), rendered


@pytest.mark.parametrize("name", ["unknown player", "malformed score", "invalid YAML"])
def test_check_exits_2_and_prints_location(tmp_path: Path, name: str) -> None:
    text, where, message = CASES[name]
    folder = write(tmp_path, text)
    result = CliRunner().invoke(main, ["check", str(folder)])
    assert result.exit_code == 2
    assert f"season.yaml:{where}" in result.output
    assert message in result.output


def test_every_problem_listed_at_once(tmp_path: Path) -> None:
    text = (BASE.replace("rating: 1900", "rating: high")
            .replace("Dale: 1-0", "Dale: 1-O").replace("    tiebreaks:", "    tiebreak:"))
    folder = write(tmp_path, text)
    result = CliRunner().invoke(main, ["check", str(folder)])
    assert result.exit_code == 2
    assert "3 problems found" in result.output


def test_build_of_bad_season_leaves_old_site(tmp_path: Path) -> None:
    good = write(tmp_path, BASE)
    out = tmp_path / "_site"
    runner = CliRunner()
    assert runner.invoke(main, ["build", str(good), "--out", str(out), "--no-pdf"]).exit_code == 0
    before = {p.relative_to(out): p.read_bytes() for p in out.rglob("*") if p.is_file()}
    (good / "season.yaml").write_text(BASE.replace("Dale: 1-0", "Dale: 1-O"), encoding="utf-8")
    result = runner.invoke(main, ["build", str(good), "--out", str(out), "--no-pdf"])
    assert result.exit_code == 2
    after = {p.relative_to(out): p.read_bytes() for p in out.rglob("*") if p.is_file()}
    assert after == before
    assert not [p for p in tmp_path.iterdir() if p.name.startswith("._site")]


def test_missing_season_file(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["check", str(tmp_path)])
    assert result.exit_code == 2
    assert "no season.yaml here" in result.output


def test_valid_base_loads(tmp_path: Path) -> None:
    season = load_season(write(tmp_path, BASE))
    (section,) = season.sections
    assert [p.name for p in section.players][:2] == ["Ann Able", "Bob Best"]
    assert len(section.games) == 2


def test_every_tiebreak_check_accepts_is_one_the_standings_compute(tmp_path: Path) -> None:
    """The loader parses codes with the domain's parser: RTG (an alias) is accepted, and
    whatever passes ``check`` builds (it once passed BH/X9 and then crashed the build)."""
    from leaguegen.site.build import render_pages

    season = load_season(write(tmp_path, replace("[DE, SB]", "[DE, SB, RTG, BH/C1, KS/L-1]")))
    assert season.sections[0].tiebreaks == ("DE", "SB", "RTG", "BH/C1", "KS/L-1")
    pages, _ = render_pages(season)
    assert "open/index.html" in pages
