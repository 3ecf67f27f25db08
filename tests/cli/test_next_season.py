"""``leaguegen next-season SEASON_DIR NEW_DIR``: next season's divisions from this one's final
tables (docs/divisions.md), on the individual divisions of the Riverside club (the three
seasons riverside-2024, -2025 and -2026, whose divisions follow one from the other) and on
the team divisions of club-league-2026 (finished here in a copy: every match still to play
won by the home team by default)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from leaguegen.cli import main
from leaguegen.formats.season_yaml import load_season
from tests.conftest import ROOT
from tests.divisions_support import finish

SEASONS = ROOT / "seasons"


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["next-season", *map(str, args)])
    return result.exit_code, result.stdout, result.stderr


def players(folder: Path) -> dict[str, set[str]]:
    """Each division's entrants (players, or a team league's teams) by section id."""
    season = load_season(folder)
    out = {}
    for d in season.divisions:
        s = season.section(d.section)
        teams = getattr(s.details, "teams", None)
        out[d.section] = {t.name for t in teams} if teams is not None else {
            p.name for p in s.players}
    return out


@pytest.mark.parametrize(("old", "new"), [("riverside-2024", "riverside-2025"),
                                          ("riverside-2025", "riverside-2026")])
def test_next_season_of_the_club_gives_the_next_demo_seasons_divisions(
        tmp_path: Path, old: str, new: str) -> None:
    code, out, err = run(SEASONS / old, tmp_path / "next")
    assert code == 0, err
    assert players(tmp_path / "next") == players(SEASONS / new)
    assert "Wrote" in out


def test_riverside_2025_movers_carry_their_entries_with_a_comment(tmp_path: Path) -> None:
    code, _, err = run(SEASONS / "riverside-2025", tmp_path / "next", "--name",
                       "Riverside Chess Club Winter League 2026/27")
    assert code == 0, err
    text = (tmp_path / "next" / "season.yaml").read_text(encoding="utf-8")
    season = load_season(tmp_path / "next")
    assert season.name == "Riverside Chess Club Winter League 2026/27"
    premier, major = season.section("premier"), season.section("major")
    # those who stayed in their final order, then the two promoted (1st and 2nd of the Major)
    assert [p.name for p in premier.players] == [
        "Priya Raman", "Eleanor Whitfield", "Tomasz Kowalczyk", "Marcus Okafor",
        "Daniel Reyes", "Siobhan Murphy", "Hannah Lindqvist", "George Abernethy",
        "Charlotte Bellamy", "Yusuf Demir"]
    # relegated first (9th and 10th of the Premier), then the Major's stayers
    assert [p.name for p in major.players] == [
        "Amelia Novak", "Oliver Grant", "Kwame Mensah", "Isabel Ferreira", "Rajesh Iyer",
        "Lucy Chambers", "Felix Hartmann"]
    # the entries as they were: ids, federations and 2025's ratings
    priya = premier.players[0]
    assert (priya.fide_id, priya.rating, priya.title) == (5098761, 2098, "WIM")
    assert major.players[0].rating == 1705 and major.players[0].federation == "CZE"
    assert [r.date for r in premier.rounds] == [None] * 9  # Berger's rounds, none dated
    assert not premier.games and not major.games
    assert ("      # promoted from Major: place 1 of 7 in Riverside Chess Club Winter League"
            " 2025/26\n      - {name: Charlotte Bellamy, rating: 1870, federation: ENG}\n"
            in text)
    assert ("      # relegated from Premier: place 9 of 10 in Riverside Chess Club Winter"
            " League 2025/26\n      - {name: Amelia Novak, rating: 1705, federation: CZE}\n"
            in text)
    assert text.startswith("# Made by `leaguegen next-season` from Riverside Chess Club")


def test_riverside_2026_refused_until_every_division_is_finished(tmp_path: Path) -> None:
    code, out, err = run(SEASONS / "riverside-2026", tmp_path / "next")
    assert code == 2
    assert "not every division is finished: premier still has games without a result" in err
    assert not (tmp_path / "next").exists()
    assert not list(tmp_path.iterdir())  # no staging folder left either
    old = tmp_path / "old"
    shutil.copytree(SEASONS / "riverside-2026", old)
    finish(old, ("premier",))
    code, out, err = run(old, tmp_path / "next")
    assert code == 0, err
    got = players(tmp_path / "next")
    # Siobhan Murphy withdrew under the 50 % rule: out of the table, so below its last
    # place; with the last ranked (Hannah Lindqvist, after White won every game left) she
    # goes down, and the Major's finished top two come up
    assert got["major"] == {"Hannah Lindqvist", "Siobhan Murphy", "Amelia Novak",
                            "Isabel Ferreira", "Rajesh Iyer", "Lucy Chambers",
                            "Felix Hartmann"}
    assert got["premier"] >= {"Oliver Grant", "Kwame Mensah"} and len(got["premier"]) == 10
    new = load_season(tmp_path / "next")
    assert new.section("premier").withdrawals == ()
    # a section that is not a division keeps its players, without its rounds
    assert [p.name for p in new.section("rapid").players] == [
        p.name for p in load_season(old).section("rapid").players]
    assert not new.section("rapid").games
    assert {r.date for r in new.section("rapid").rounds} == {None}


def test_an_existing_target_is_refused_and_left_as_it_was(tmp_path: Path) -> None:
    target = tmp_path / "next"
    target.mkdir()
    (target / "notes.txt").write_text("mine", encoding="utf-8")
    code, _, err = run(SEASONS / "riverside-2025", target)
    assert code == 2
    assert "already exists; next-season writes a new folder and never overwrites one" in err
    assert [p.name for p in target.iterdir()] == ["notes.txt"]


def test_a_season_without_divisions_is_refused(tmp_path: Path) -> None:
    code, _, err = run(SEASONS / "thursday-swiss-2026", tmp_path / "next")
    assert code == 2 and "the season has no divisions: block" in err
    assert not (tmp_path / "next").exists()


def test_team_divisions_of_club_league_2026(tmp_path: Path) -> None:
    old = tmp_path / "old"
    shutil.copytree(SEASONS / "club-league-2026", old)
    code, _, err = run(old, tmp_path / "next")
    assert code == 2 and "division-1, division-2 still have games without a result" in err
    finish(old, ("division-1", "division-2"))
    code, out, err = run(old, tmp_path / "next")
    assert code == 0, err
    # Division 1 after the home wins by default: Riverside A 1st (to the county league:
    # out of this league), Riverside B 6th (down); Division 2: Castle Rooks 1st (up)
    assert "Riverside A leaves the league, promoted from division-1" in out
    assert players(tmp_path / "next") == {
        "division-1": {"Hillcrest", "Northgate", "Castle Knights", "Old Mill", "Castle Rooks"},
        "division-2": {"Riverside B", "Old Mill B", "Riverside C", "Northgate Juniors",
                       "Hillcrest B"}}
    new = load_season(tmp_path / "next")
    rooks = new.section("division-1").details.teams[-1]  # type: ignore[union-attr]
    assert rooks.name == "Castle Rooks" and rooks.club == "The Castle Arms"
    assert [p.name for p in rooks.squad][:2] == ["Finn Forde", "Gwen Graves"]
    assert new.section("division-1").details.matches == ()  # type: ignore[union-attr]
    text = (tmp_path / "next" / "season.yaml").read_text(encoding="utf-8")
    assert "# Left the league: Riverside A, promoted from Division 1 (place 1 of 6)" in text
    assert "      # relegated from Division 1: place 6 of 6 in Riverside & District" in text
