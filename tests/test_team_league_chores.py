"""The organiser's chores on a team league (issue 28), end to end on a copy of the example
season: ``result`` for a match's whole card, one board at a time (the others to come) and
a whole-match default; ``withdraw`` of a team under the division's 50 % rule. Each write
changes only its lines (comments kept); each refusal names the file and leaves it as it
was; the table read back is the one the rule says."""

from __future__ import annotations

import difflib
import os
import shutil
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from leaguegen.domain.sections import derive_facts
from leaguegen.domain.sections.team_league import details, team_league_facts
from leaguegen.formats.chores import Refusal, SeasonInvalid, record_result, withdraw
from leaguegen.formats.season_yaml import load_season
from tests.conftest import ROOT

DEMO = ROOT / "seasons" / "club-league-2026"


@pytest.fixture
def season(tmp_path: Path) -> Path:
    out = tmp_path / "season"
    shutil.copytree(DEMO, out)
    text = (out / "season.yaml").read_text(encoding="utf-8")
    # a comment inside a match the chores must keep
    text = text.replace("              - Erik Everett - Sami Sutton: 0-1\n",
                        "              - Erik Everett - Sami Sutton: 0-1  # adjudicated\n")
    (out / "season.yaml").write_text(text, encoding="utf-8")
    return out


def text(season: Path) -> str:
    return (season / "season.yaml").read_text(encoding="utf-8")


def table(season: Path, sid: str = "division-1") -> dict[str, tuple[Fraction, Fraction]]:
    facts = team_league_facts(derive_facts(load_season(season).section(sid)))
    return {r.name: (r.match_points, r.game_points) for r in facts.rows}


def added(before: str, after: str) -> list[str]:
    """The lines ``after`` has in place of or beyond ``before``'s (a line diff)."""
    diff = difflib.ndiff(before.splitlines(), after.splitlines())
    return [line[2:] for line in diff if line.startswith("+ ")]


def test_a_whole_card_goes_in_with_the_squads_in_board_order(season: Path) -> None:
    before = text(season)
    done = record_result(season, "division-1", "Riverside B - Riverside A",
                         "1-0 0-1 ½-½ +-")
    assert done.written and "round 6" in done.said[0]
    assert added(before, text(season)) == [
        "        matches:",
        "          - Riverside B - Riverside A:",
        "              - Erik Everett - Alice Ashworth: 1-0",
        "              - Fiona Finch - Ben Barnes: 0-1",
        "              - Gus Garner - Clara Chowdhury: ½-½",
        "              - Hana Hughes - David Dempsey: +-",
    ]
    assert "# adjudicated" in text(season)
    got = table(season)
    # Riverside B won 2½-1½: two more match points than the golden table's 1
    assert got["Riverside B"] == (Fraction(3), Fraction(19, 2))
    assert got["Riverside A"] == (Fraction(8), Fraction(16))


def test_a_board_at_a_time_counts_once_the_card_is_complete(season: Path) -> None:
    mp_before = table(season)["Northgate"]
    record_result(season, "division-1", "Northgate - Castle Knights", "1-0", board=4,
                  players="Xenia Xu - Rosa Rahman", round_no=6)
    lines = text(season).splitlines()
    at = lines.index("          - Northgate - Castle Knights:")
    assert lines[at + 1:at + 5] == [
        "              - Sami Sutton - Maya Moreau:",
        "              - Tara Tanaka - Nikhil Nakamura:",
        "              - Umar Underwood - Olga Oduya:",
        "              - Xenia Xu - Rosa Rahman: 1-0",
    ]
    assert table(season)["Northgate"] == mp_before  # three boards still to come
    section = load_season(season).section("division-1")
    assert derive_facts(section).progress.in_progress == 6
    for board, score in ((1, "0-1"), (2, "½-½"), (3, "1-0")):
        record_result(season, "division-1", "Northgate - Castle Knights", score, board=board)
    assert table(season)["Northgate"] == (mp_before[0] + 2, mp_before[1] + Fraction(5, 2))
    match = next(m for m in details(load_season(season).section("division-1")).matches
                 if m.round == 6 and m.host == 4)
    assert [b.result for b in match.boards] == ["0", "=", "1", "1"]


def test_new_players_on_the_last_board_of_a_card_being_filled_in(season: Path) -> None:
    """The last board of a match, still without a result, gets new players and a result:
    its empty value's marks run on to the next line, and the line was once written with a
    second colon (invalid YAML, refused at the write)."""
    record_result(season, "division-1", "Riverside B - Riverside A", "0-1", board=1,
                  players="Erik Everett - Alice Ashworth", round_no=6)
    record_result(season, "division-1", "Riverside B - Riverside A", "+-", board=4,
                  players="Hana Hughes - default")
    lines = text(season).splitlines()
    at = lines.index("          - Riverside B - Riverside A:")
    assert lines[at + 1:at + 6] == [
        "              - Erik Everett - Alice Ashworth: 0-1",
        "              - Fiona Finch - Ben Barnes:",
        "              - Gus Garner - Clara Chowdhury:",
        "              - Hana Hughes - default: +-",
        "      - date: 2026-12-10",
    ]


def test_a_board_already_there_is_replaced_only_with_correct(season: Path) -> None:
    before = text(season)
    with pytest.raises(Refusal) as err:
        record_result(season, "division-1", "Riverside B - Northgate", "1-0", board=1)
    assert "season.yaml" in str(err.value) and "board 1 already has 0-1" in str(err.value)
    assert err.value.code == 2 and text(season) == before
    record_result(season, "division-1", "Riverside B - Northgate", "1-0", board=1,
                  correct=True)
    assert added(before, text(season)) == [
        "              - Erik Everett - Sami Sutton: 1-0  # adjudicated"]


def test_a_whole_match_default_and_its_correction(season: Path) -> None:
    before = text(season)
    record_result(season, "division-1", "Old Mill - Hillcrest", "-+", round_no=6)
    assert added(before, text(season)) == ["        matches:",
                                           "          - Old Mill - Hillcrest: -+"]
    assert table(season)["Hillcrest"][0] == 10
    with pytest.raises(Refusal, match="already has the default -\\+; pass --correct"):
        record_result(season, "division-1", "Old Mill - Hillcrest", "+-", round_no=6)
    record_result(season, "division-1", "Old Mill - Hillcrest", "½-½ ½-½ ½-½ ½-½",
                  round_no=6, correct=True)
    assert "          - Old Mill - Hillcrest:" in text(season).splitlines()
    assert table(season)["Hillcrest"] == (Fraction(9), Fraction(16))


@pytest.mark.parametrize(("game", "score", "extra", "words"), [
    ("Riverside B - Riverside A", "+-", {"round_no": 1},
     "Riverside A is at home to Riverside B in round 1"),
    ("Riverside A - Nowhere", "+-", {}, "is not 'home team - away team'"),
    ("Riverside B - Riverside A", "1-0 1-0", {}, "give 4 scores"),
    ("Riverside B - Riverside A", "1-0", {"board": 5}, "the division plays 4 boards"),
    ("Riverside B - Riverside A", "1-0", {"board": 1, "players": "Ann Nobody - Ben Barnes"},
     "is not in the squad or reserves of 'Riverside B'"),
    ("Riverside B - Riverside A", "2-0", {"board": 1}, "score '2-0' is not one of"),
    ("Hillcrest - Riverside A", "+-", {"round_no": 3}, "do not meet in round 3"),
])
def test_refusals_name_the_file_and_write_nothing(season: Path, game: str, score: str,
                                                  extra: dict, words: str) -> None:
    before = text(season)
    with pytest.raises(Refusal) as err:
        record_result(season, "division-1", game, score, **extra)
    assert words in str(err.value), str(err.value)
    assert str(err.value).startswith(f"{season / 'season.yaml'}: section 'division-1': ")
    assert text(season) == before


def test_a_breach_of_board_order_is_refused_at_its_line(season: Path) -> None:
    before = text(season)
    with pytest.raises(SeasonInvalid) as err:
        record_result(season, "division-1", "Northgate - Castle Knights", "1-0", board=2,
                      players="Tara Tanaka - Rosa Rahman", round_no=6)
    problem = str(err.value.error.problems[0])
    assert "season.yaml:" in problem and "board order of 'Castle Knights'" in problem
    assert text(season) == before


def test_a_team_withdrawing_early_has_its_results_cancelled(season: Path) -> None:
    before = text(season)
    with pytest.raises(Refusal, match="Old Mill has matches entered after round 3"):
        withdraw(season, "division-1", "Old Mill", 3)
    assert text(season) == before
    done = withdraw(season, "division-1", "Old Mill", 5, "club folded")
    assert done.said[1] == ("it played 4 of its 10 matches, fewer than 50%: its results are"
                            " cancelled and it leaves the table")
    assert added(before, text(season)) == ["    team_withdrawals:", "      - team: Old Mill",
                                           "        after_round: 5",
                                           "        reason: club folded"]
    got = table(season)
    assert "Old Mill" not in got
    # Hillcrest's 4-0 and Riverside A's default win over Old Mill no longer count
    assert got["Hillcrest"] == (Fraction(6), Fraction(10))
    assert got["Riverside A"] == (Fraction(6), Fraction(21, 2))
    with pytest.raises(Refusal, match="Old Mill withdrew after round 5"):
        record_result(season, "division-1", "Old Mill - Hillcrest", "+-", round_no=6)
    with pytest.raises(Refusal, match="has withdrawn already"):
        withdraw(season, "division-1", "Old Mill", 5)


def test_a_team_withdrawing_late_loses_its_later_matches_by_default(season: Path) -> None:
    done = withdraw(season, "division-2", "Castle Rooks", 2)
    assert "its 2 later match(es) are defaults it loses" in done.said[1]
    facts = team_league_facts(derive_facts(load_season(season).section("division-2")))
    rooks = next(r for r in facts.rows if r.name == "Castle Rooks")
    assert (rooks.match_points, rooks.played, rooks.lost) == (Fraction(4), 4, 2)
    assert {k for k in facts.defaulted} == {(r, h, a) for (r, h, a) in facts.results
                                            if r > 2 and 2 in (h, a)}
    assert all(facts.results[k].forfeit in ("+-", "-+") for k in facts.defaulted)


def test_the_command_line(season: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}

    def cli(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "leaguegen.cli.entry", *args],
                              capture_output=True, text=True, env=env, timeout=120)

    ok = cli("result", str(season), "Northgate - Castle Knights", "½-½", "--board", "1",
             "--section", "division-1", "--round", "6")
    assert ok.returncode == 0, ok.stderr
    assert "board 1: Sami Sutton - Maya Moreau: ½-½" in ok.stdout
    bad = cli("result", str(season), "Northgate - Castle Knights", "1-0", "--board", "1",
              "--section", "division-1", "--round", "6")
    assert bad.returncode == 2 and "pass --correct" in bad.stderr
    gone = cli("withdraw", str(season), "Hillcrest B", "--section", "division-2",
               "--after-round", "2", "--reason", "no players")
    assert gone.returncode == 0, gone.stderr
    assert "its results are cancelled" in gone.stdout
    assert "Hillcrest B" not in table(season, "division-2")
