"""`leaguegen result --from-report` with a captain's team match report (the match form,
report-match.yml): the recorded card writes exactly that match's lines; every recorded
hostile body (tests/data/reports/match_hostile/) changes nothing and says why; a section
id in any script goes through a report and back.

The season is the club league demo; the good report is round 6's Riverside B - Riverside A
(not played yet), with a reserve on board 3 and an empty board 4.
"""

from __future__ import annotations

import difflib
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from leaguegen.cli import main
from leaguegen.formats.report_form import FormError, MatchReport, parse_any
from tests.conftest import ROOT

REPORTS = ROOT / "tests" / "data" / "reports"
HOSTILE = sorted((REPORTS / "match_hostile").glob("*.md"))
DEMO = ROOT / "seasons" / "club-league-2026"

SAYS = {
    "already_played_match": "board 1 has another result or other players already",
    "bad_captain_handle": "is not a GitHub user name",
    "board_count": "the report gives 3 boards; the section plays 4",
    "board_is_markdown": "is not 'home player - away player'",
    "board_order_broken": "board order of 'Riverside A'",
    "board_result_free_text": "is not 'board. home player - away player: result'",
    "board_without_result": "board 2 has no result",
    "boards_out_of_order": "'Boards' line 1 is board 9",
    "control_char": "U+202E",
    "extra_heading": "unknown field 'Correct'",
    "home_away_swapped": "Riverside B is at home to Riverside A",
    "match_not_in_round": "is not a match of round 7",
    "mixed_forms": "mixes a game's fields (White) with a team match's",
    "player_not_in_squad": "'Gus Garner - Liam Lindgren' is not a home team's player",
    "player_on_two_boards": "Alice Ashworth is on two boards",
    "section_path": "is not a section id",
    "surname_only": "'Everett - Alice Ashworth' is not a home team's player",
    "team_markdown": "is not a team's name",
    "team_unknown": "the home team 'Riverside C' is not a team of this section",
    "teams_same": "the same team",
    "too_many_boards": "at most 64",
    "yaml_injection_in_board": "'- Ivo Evil - x: 1-0' is not 'board.",
}

MATCH_LINES = [  # added under round 6's date
    "        matches:",
    "          - Riverside B - Riverside A:",
    "              - Erik Everett - Alice Ashworth: 0-1",
    "              - Fiona Finch - Ben Barnes: ½-½",
    "              - Gus Garner - Farid Fairley: ½-½",
    "              - Hana Hughes - default: +-",
]


@pytest.fixture
def season(tmp_path: Path) -> Path:
    target = tmp_path / "league"
    shutil.copytree(DEMO, target)
    return target


def _files(season: Path) -> dict[Path, bytes]:
    return {p: p.read_bytes() for p in season.rglob("*")
            if p.is_file() and p.name != ".leaguegen.lock"}


def _run(season: Path, report: Path):  # noqa: ANN202
    return CliRunner().invoke(main, ["result", str(season), "--from-report", str(report)])


def _changed(before: list[str], after: list[str]) -> list[str]:
    return [d for d in difflib.ndiff(before, after) if d[:1] in "+-"]


def test_good_match_report_writes_exactly_that_match(season: Path) -> None:
    before = (season / "season.yaml").read_text(encoding="utf-8").splitlines()
    res = _run(season, REPORTS / "match_good.md")
    assert res.exit_code == 0, res.output
    assert "round 6: Riverside B - Riverside A, board 3: Gus Garner - Farid Fairley: ½-½" \
        in res.output
    assert "opponent: @alice-ashworth" in res.output
    after = (season / "season.yaml").read_text(encoding="utf-8").splitlines()
    assert _changed(before, after) == [f"+ {line}" for line in MATCH_LINES]
    again = _run(season, REPORTS / "match_good.md")
    assert again.exit_code == 0 and "already has these results" in again.output
    assert (season / "season.yaml").read_text(encoding="utf-8").splitlines() == after


def test_a_match_entered_in_part_takes_the_rest_of_the_card(season: Path) -> None:
    """The organiser entered board 1 already (the same result): the report completes
    the card; a board entered differently would be refused."""
    res = CliRunner().invoke(main, ["result", str(season), "--section", "division-1",
                                    "Riverside B - Riverside A", "--board", "1", "--players",
                                    "Erik Everett - Alice Ashworth", "0-1"])
    assert res.exit_code == 0, res.output
    res = _run(season, REPORTS / "match_good.md")
    assert res.exit_code == 0, res.output
    text = (season / "season.yaml").read_text(encoding="utf-8")
    assert "\n".join(MATCH_LINES) in text


def test_there_are_at_least_twenty_hostile_match_bodies() -> None:
    assert len(HOSTILE) >= 20
    assert {p.stem for p in HOSTILE} == set(SAYS)


@pytest.mark.parametrize("body", HOSTILE, ids=[p.stem for p in HOSTILE])
def test_hostile_match_report_changes_nothing(season: Path, body: Path) -> None:
    before = _files(season)
    res = _run(season, body)
    assert res.exit_code == 2, res.output
    assert SAYS[body.stem] in res.output, res.output
    assert "nothing was written" in res.output
    assert _files(season) == before


def test_the_match_form_is_told_from_the_game_form() -> None:
    match = parse_any((REPORTS / "match_good.md").read_text(encoding="utf-8"))
    assert isinstance(match, MatchReport)
    assert (match.section, match.round, match.home, match.away, match.handle) == (
        "division-1", 6, "Riverside B", "Riverside A", "alice-ashworth")
    assert [(b.number, b.players, b.score) for b in match.boards] == [
        (1, "Erik Everett - Alice Ashworth", "0-1"), (2, "Fiona Finch - Ben Barnes", "½-½"),
        (3, "Gus Garner - Farid Fairley", "½-½"), (4, "Hana Hughes - default", "+-")]
    assert match.note == "David was ill; Farid played board 3."
    game = parse_any((REPORTS / "good.md").read_text(encoding="utf-8"))
    assert not isinstance(game, MatchReport) and game.white == "Ines Duarte"
    with pytest.raises(FormError):
        parse_any((REPORTS / "match_hostile" / "mixed_forms.md").read_text("utf-8"))


def _renamed(season: Path, old: str, new: str) -> None:
    path = season / "season.yaml"
    text = path.read_text(encoding="utf-8")
    assert f"  - id: {old}\n" in text
    path.write_text(text.replace(f"  - id: {old}\n", f"  - id: {new}\n")
                    .replace(f"{{section: {old},", f"{{section: {new},"), encoding="utf-8")


@pytest.mark.parametrize("sid", ["甲组", "высшая", "الممتازة"])
def test_a_section_id_in_any_script_goes_through_a_match_report(season: Path, sid: str) -> None:
    _renamed(season, "division-1", sid)
    body = (REPORTS / "match_good.md").read_text(encoding="utf-8")
    report = season.parent / "report.md"
    report.write_text(body.replace("division-1", sid), encoding="utf-8")
    res = _run(season, report)
    assert res.exit_code == 0, res.output
    assert "Hana Hughes - default: +-" in (season / "season.yaml").read_text("utf-8")


def test_a_section_id_in_any_script_goes_through_a_game_report(tmp_path: Path) -> None:
    season = tmp_path / "riverside"
    shutil.copytree(ROOT / "seasons" / "riverside-2026", season)
    _renamed(season, "rapid", "快棋")
    body = (REPORTS / "good.md").read_text(encoding="utf-8")
    report = tmp_path / "report.md"
    report.write_text(body.replace("\nrapid\n", "\n快棋\n"), encoding="utf-8")
    res = _run(season, report)
    assert res.exit_code == 0, res.output
    assert "Ines Duarte - Mei Lin: 0-1" in (season / "season.yaml").read_text("utf-8")


TEAM_SWISS = ROOT / "tests" / "data" / "team-swiss-2026"


def test_a_team_swiss_match_is_reported_whole_as_a_league_match_is(tmp_path: Path) -> None:
    """The team Swiss takes results by match (its kind's ``Chores.team_matches``), so a
    captain's card goes through the same form: round 7 of the example is cut, paired again
    by ``pair``, and one match of it reported; exactly its four board lines are written,
    each player on the board the squad gives them."""
    season = tmp_path / "swiss"
    shutil.copytree(TEAM_SWISS, season)
    path = season / "season.yaml"
    lines = path.read_text(encoding="utf-8").split("\n")
    rounds = lines.index("    rounds:")
    cut = max(n for n, line in enumerate(lines) if n > rounds and line.startswith("      - "))
    path.write_text("\n".join(lines[:cut]) + "\n", encoding="utf-8")
    paired = CliRunner().invoke(main, ["pair", str(season)])
    assert paired.exit_code == 0 and "Millbrook - Fairhaven" in paired.output, paired.output
    before = path.read_text(encoding="utf-8").splitlines()
    body = season / "report.md"
    body.write_text(
        "### Section\n\nopen\n\n### Round\n\n7\n\n### Home team\n\nMillbrook\n\n"
        "### Away team\n\nFairhaven\n\n### Boards\n\n"
        "1. Yara Young - Uma Kowalski: 1-0\n2. Zane Fong - Vik Silva: ½-½\n"
        "3. Alma Mendes - Wren Becker: 0-1\n4. Boris Ustinov - Xena Fischer: 1-0\n\n"
        "### Opponent captain's GitHub handle\n\n_No response_\n\n### Note\n\n_No response_\n",
        encoding="utf-8")
    res = _run(season, body)
    assert res.exit_code == 0, res.output
    after = path.read_text(encoding="utf-8").splitlines()
    assert _changed(before, after) == [
        "+               - Yara Young - Uma Kowalski: 1-0",
        "+               - Zane Fong - Vik Silva: ½-½",
        "+               - Alma Mendes - Wren Becker: 0-1",
        "+               - Boris Ustinov - Xena Fischer: 1-0"]
    wrong = body.read_text(encoding="utf-8").replace("Millbrook", "Eastwick")
    body.write_text(wrong, encoding="utf-8")  # Eastwick has the bye: no such match
    refused = _run(season, body)
    assert refused.exit_code == 2 and path.read_text(encoding="utf-8").splitlines() == after
