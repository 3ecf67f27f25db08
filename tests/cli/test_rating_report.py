"""``leaguegen rating-report``: the demo's report as a golden file, and its exit codes."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from leaguegen.cli import main
from tests.conftest import ROOT
from tests.golden import assert_golden

RIVERSIDE = ROOT / "seasons" / "riverside-2026"


def run(*args: object):  # noqa: ANN201
    return CliRunner().invoke(main, [str(a) for a in args])


def test_the_riverside_premier_report_with_its_games() -> None:
    result = run("rating-report", RIVERSIDE, "--section", "premier", "--games")
    assert result.exit_code == 0, result.output
    assert_golden("riverside-premier-rating-report.txt", result.output)


def test_the_report_by_hand_for_one_player() -> None:
    """Eleanor Whitfield, 2198, K 20: 1-0 v 2010 (D 188, .74) +5.20; 1-0 v 2041 (D 157,
    .71) +5.80; 0-1 v 2120 (D 78, .61) -12.20; ½ v 2087 (D 111, .65) -3.00; a forfeit win
    against 1930 not counted; ½ v 1895 (D 303, .86) -7.20. Total 3 of 3.57: -11.40."""
    result = run("rating-report", RIVERSIDE, "--section", "premier")
    line = next(x for x in result.output.splitlines() if "Eleanor Whitfield" in x)
    assert line.split()[-6:] == ["2198", "20*", "5", "3", "3.57", "-11.40"]


def test_a_given_k_is_used_and_not_marked() -> None:
    result = run("rating-report", RIVERSIDE, "--section", "premier",
                 "--k", "Eleanor Whitfield=40")
    assert result.exit_code == 0, result.output
    line = next(x for x in result.output.splitlines() if "Eleanor Whitfield" in x)
    assert line.split()[-6:] == ["2198", "40", "5", "3", "3.57", "-22.80"]


def test_a_knockout_and_quads_report() -> None:
    for season, section in (("grand-prix-2027", "knockout"), ("school-quads-2026", "quads")):
        result = run("rating-report", ROOT / "seasons" / season, "--section", section, "--games")
        assert result.exit_code == 0, result.output


def test_an_unknown_section_is_exit_2() -> None:
    result = run("rating-report", RIVERSIDE, "--section", "nope")
    assert result.exit_code == 2
    assert "no section 'nope'" in result.output and "premier" in result.output


def test_a_bad_k_is_exit_2() -> None:
    for k in ("Eleanor Whitfield=25", "Eleanor Whitfield", "=20"):
        result = run("rating-report", RIVERSIDE, "--section", "premier", "--k", k)
        assert result.exit_code == 2, k
        assert "NAME=K" in result.output


def test_a_k_for_no_player_of_the_section_is_exit_2() -> None:
    result = run("rating-report", RIVERSIDE, "--section", "premier", "--k", "Nobody=20")
    assert result.exit_code == 2
    assert "no player named Nobody" in result.output


def test_an_invalid_season_is_exit_2_with_the_place(tmp_path: Path) -> None:
    (tmp_path / "season.yaml").write_text("name: x\nsections:\n  - id: a\n    format: nope\n",
                                          encoding="utf-8")
    before = (tmp_path / "season.yaml").read_bytes()
    result = run("rating-report", tmp_path, "--section", "a")
    assert result.exit_code == 2
    assert "season.yaml:" in result.output
    assert (tmp_path / "season.yaml").read_bytes() == before


def test_players_not_known_yet_is_exit_1() -> None:
    result = run("rating-report", ROOT / "seasons" / "grand-prix-2027",
                 "--section", "challengers-final")
    assert result.exit_code == 1
    assert "not known yet" in result.output


def test_an_unrated_player_and_a_junior(tmp_path: Path) -> None:
    from tests.domain.rating.test_report import SEASON

    (tmp_path / "season.yaml").write_text(SEASON, encoding="utf-8")
    result = run("rating-report", tmp_path, "--section", "rr", "--games")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    cal = next(x for x in lines if x.startswith("  3"))
    assert cal.split()[-6:] == ["-", "-", "3", "½", "-", "unrated"]
    ann = next(x for x in lines if x.startswith("  1"))
    assert ann.split()[-6:] == ["2000", "40", "1", "½", "0.64", "-5.60"]
    assert "counts toward a first rating" in result.output
    assert "not counted: unrated opponent (8.3.1)" in result.output


def test_the_thursday_open_is_too_fast_for_standard_rating() -> None:
    """60 minutes + 10 s a move is 70 minutes for 60 moves: rated only between two
    players under 1800 (B.02 1.1)."""
    result = run("rating-report", ROOT / "seasons" / "thursday-swiss-2026", "--section", "open",
                 "--games")
    assert result.exit_code == 0, result.output
    assert "70 minutes a player for 60 moves" in result.output
    assert "R1   Thomas Reilly             1738   1  not counted: rate of play" in result.output
