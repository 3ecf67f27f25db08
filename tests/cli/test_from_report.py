"""`leaguegen result --from-report`: one recorded issue-form body writes exactly one line;
every recorded hostile body (tests/data/reports/hostile/) changes nothing and says why.

The season is the Riverside demo; the good body reports the postponed rapid game of
round 7 (Ines Duarte - Mei Lin), whose line is in the file without a score.
"""

from __future__ import annotations

import difflib
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from leaguegen.cli import main
from leaguegen.formats.report_form import FormError, parse_report
from tests.conftest import ROOT

REPORTS = ROOT / "tests" / "data" / "reports"
HOSTILE = sorted((REPORTS / "hostile").glob("*.md"))
DEMO = ROOT / "seasons" / "riverside-2026"

# what each refusal must say (a fragment of the message)
SAYS = {
    "already_entered_differently": "already has the result ½-½",
    "bad_handle": "is not a GitHub user name",
    "colours_swapped": "Ines Duarte has White against Mei Lin",
    "control_char": "U+001B",
    "empty_body": "the report has no Section",
    "field_twice": "'Result' is given twice",
    "game_not_paired": "not paired in round 7",
    "game_not_scheduled_round": "not paired in round 8",
    "huge_body": "characters long",
    "huge_note": "characters long",
    "line_separator": "U+2028",
    "markdown_extra_heading": "unknown field 'Correct'",
    "markdown_heading_level": "must be one line",
    "missing_result": "the report has no Result",
    "name_lookalike_cyrillic": "is not a player of section 'rapid'",
    "nul_byte": "U+0000",
    "result_free_text": "is not one of the form's results",
    "result_not_in_form": "is not one of the form's results",
    "round_not_number": "is not a round number",
    "round_zero": "is not a round number",
    "same_player": "the same player",
    "section_other": "is not a player of section 'premier'",
    "section_path": "is not a section id",
    "section_unknown": "no section 'blitz'",
    "surname_only": "'Lin' is not a player",
    "text_before_form": "text before the first field",
    "wrong_board": "on board 2 of round 7, not board 3",
    "yaml_anchor_in_name": "'&a Mei Lin' is not a player",
    "yaml_flow_injection": "is not a player's name",
    "yaml_injection_newline_in_name": "'Black' must be one line",
    "yaml_key_injection_dash": "is not a player's name",
    "zero_width": "U+200B",
}


@pytest.fixture
def season(tmp_path: Path) -> Path:
    target = tmp_path / "riverside"
    shutil.copytree(DEMO, target)
    return target


def _files(season: Path) -> dict[Path, bytes]:
    """Every file of the season but the lock file a chore leaves (empty, git-ignored)."""
    return {p: p.read_bytes() for p in season.rglob("*")
            if p.is_file() and p.name != ".leaguegen.lock"}


def _run(season: Path, report: Path | None, stdin: bytes | None = None):  # noqa: ANN202
    source = "-" if report is None else str(report)
    return CliRunner().invoke(main, ["result", str(season), "--from-report", source],
                              input=stdin)


def test_good_report_changes_exactly_one_line(season: Path) -> None:
    before = (season / "season.yaml").read_text(encoding="utf-8").splitlines()
    res = _run(season, REPORTS / "good.md")
    assert res.exit_code == 0, res.output
    assert "round 7: Ines Duarte - Mei Lin: 0-1" in res.output
    assert "opponent: @ines-duarte" in res.output
    after = (season / "season.yaml").read_text(encoding="utf-8").splitlines()
    changed = [d for d in difflib.ndiff(before, after) if d[:1] in "+-"]
    assert changed == [
        "-           - Ines Duarte - Mei Lin:    # postponed, to be played by arrangement",
        "+           - Ines Duarte - Mei Lin: 0-1    # postponed, to be played by arrangement",
    ]


def test_good_report_from_stdin_and_again_changes_nothing(season: Path) -> None:
    body = (REPORTS / "good.md").read_bytes()
    assert _run(season, None, body).exit_code == 0
    text = (season / "season.yaml").read_bytes()
    again = _run(season, None, body)
    assert again.exit_code == 0 and "already has 0-1" in again.output
    assert (season / "season.yaml").read_bytes() == text


def test_there_are_at_least_twenty_hostile_bodies() -> None:
    assert len(HOSTILE) >= 20
    assert {p.stem for p in HOSTILE} == set(SAYS)


@pytest.mark.parametrize("body", HOSTILE, ids=[p.stem for p in HOSTILE])
def test_hostile_report_changes_nothing(season: Path, body: Path) -> None:
    before = _files(season)
    res = _run(season, body)
    assert res.exit_code == 2, res.output
    assert SAYS[body.stem] in res.output
    assert "nothing was written" in res.output
    assert _files(season) == before


def test_from_report_takes_no_game_arguments(season: Path) -> None:
    res = CliRunner().invoke(main, ["result", str(season), "A - B", "1-0",
                                    "--from-report", str(REPORTS / "good.md")])
    assert res.exit_code == 2 and "give none of them" in res.output


def test_result_without_game_or_report_is_a_usage_error(season: Path) -> None:
    res = CliRunner().invoke(main, ["result", str(season)])
    assert res.exit_code == 2 and "--from-report" in res.output


def test_parse_keeps_the_note_out_of_the_fields() -> None:
    report = parse_report((REPORTS / "good.md").read_text(encoding="utf-8"))
    assert (report.section, report.round, report.board, report.white, report.black,
            report.score, report.handle) == ("rapid", 7, 2, "Ines Duarte", "Mei Lin", "0-1",
                                             "ines-duarte")
    assert report.note == "Played by arrangement on 2026-12-01."


def test_forfeit_choice_and_empty_optional_fields() -> None:
    body = ("### Section\n\nopen\n\n### Round\n\n3\n\n### Board\n\n_No response_\n\n"
            "### White\n\nA B\n\n### Black\n\nC D\n\n### Result\n\n1-0 (Black did not come)"
            "\n\n### Opponent's GitHub handle\n\n_No response_\n\n### Note\n\n_No response_\n")
    report = parse_report(body.replace("\n", "\r\n"))
    assert (report.board, report.score, report.handle, report.note) == (None, "+-", None, None)
    with pytest.raises(FormError, match="Round"):
        parse_report(body.replace("\n3\n", "\n1000\n"))
