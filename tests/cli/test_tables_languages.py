"""``prizes`` and ``rating-report`` in Russian, Chinese and Arabic (issue 30): the tables'
headings, the reasons for each award and why a game does not count are said in the
language; only what the organiser wrote (names, category names, the time control, the
currency) and the codes of the rules (B.02, K, D, PD) stay as they are."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from leaguegen.cli import main
from tests.cli.test_cli_languages import english_left, values_of

ROOT = Path(__file__).resolve().parents[2]
COMMANDS = {
    "prizes": ["prizes", str(ROOT / "seasons" / "thursday-swiss-2026"), "--section", "open"],
    "rating-report": ["rating-report", str(ROOT / "seasons" / "riverside-2026"), "--section",
                      "premier", "--games"],
}
# what these tables keep on purpose: the rules' codes and the organiser's words for the
# prizes block (ties: shared, order: value) and the currency
KEPT = {"GBP", "K", "D", "PD", "ties", "shared", "order", "value", "B", "R"}


def _said(lang: str, args: list[str]) -> str:
    result = CliRunner().invoke(main, ["--lang", lang, *args])
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_the_table_is_said_in_the_language(command: str) -> None:
    args = COMMANDS[command]
    english = _said("en", args)
    values = values_of(_said("ar", args))
    for lang in ("ru", "zh_Hans", "ar"):
        output = _said(lang, args)
        assert output.count("\n") == english.count("\n")  # the same lines, one for one
        left = [w for w in english_left(output, values) if w not in KEPT]
        assert not left, f"{command} in {lang}: English left {left}:\n{output}"


def test_the_words_are_the_languages() -> None:
    prizes = _said("ru", COMMANDS["prizes"])
    assert "Призы за места 1-е, 150.00 GBP" in prizes
    assert "место 1, очков: 4; подходит под «Призы за места» (все участники)" in prizes
    assert "(рейтинг не больше 1899)" in prizes
    report = _said("zh_Hans", COMMANDS["rating-report"])
    assert "未计入：弃权（5.1）" in report or "弃权（5.1）" in report
    assert "等级分变化，FIDE 等级分规定 B.02 8.3" in report


# The rating report's columns in each language, as golden files: the riverside premier
# (Latin names under translated headings) in the four, the Chinese demo's first section
# (names in hanzi) in Chinese and English.
REPORTS = {
    **{f"riverside-premier-rating-report.{lang}.txt": [
        "--lang", lang, *COMMANDS["rating-report"]] for lang in ("ru", "zh_Hans", "ar")},
    **{f"chunhui-jiazu-rating-report.{lang}.txt": [
        "--lang", lang, "rating-report", str(ROOT / "seasons" / "chunhui-2026-zh"),
        "--section", "jiazu", "--games"] for lang in ("en", "zh_Hans")},
}


RLM = "\u200f"


def _column_ends(line: str) -> list[int]:
    """The terminal column where each word of ``line`` ends (by display width); the bidi
    marks of an Arabic line (its isolated values, the right-to-left mark it starts with)
    take no column and part no words."""
    from leaguegen.cli.terminal import display_width

    line = re.sub("[\u200f\u2066-\u2069]", "", line)
    ends, at = [], 0
    for i, ch in enumerate(line):
        at += display_width(ch)
        if not ch.isspace() and (i + 1 == len(line) or line[i + 1].isspace()):
            ends.append(at)
    return ends


@pytest.mark.parametrize("name", sorted(REPORTS))
def test_the_rating_report_columns_line_up(name: str) -> None:
    """Each player's line ends its number and its six figures in the heading's columns,
    counted in terminal columns (a hanzi is two, a shadda or a bidi isolate none): padding
    by characters put the Chinese headings and names out of line, and the Russian and
    Arabic headings wider than their columns pushed the figures right."""
    from tests.golden import assert_golden

    result = CliRunner().invoke(main, REPORTS[name])
    assert result.exit_code == 0, result.output
    lines = result.output.replace(RLM, "").splitlines()
    if "ar" in REPORTS[name]:  # each line of the table starts right to left
        table = result.output.split("\n\n")[1].splitlines()
        assert len(table) > 5 and all(line.startswith(RLM) for line in table)
    at = next(i for i, line in enumerate(lines) if not line.strip()) + 1
    heading = _column_ends(lines[at])
    rows = [line for line in lines[at + 1:] if line[:4].strip().isdigit()]
    assert len(rows) >= 5
    for row in rows:
        ends = _column_ends(row)
        assert ends[0] == heading[0] and ends[-6:] == heading[-6:], f"{name}:\n{lines[at]}\n{row}"
    assert_golden(name, result.output)


@pytest.mark.parametrize("lang", ["en", "ru", "zh_Hans", "ar"])
def test_the_standings_columns_line_up(lang: str) -> None:
    """``standings``: its headings in the language (they were English), and the rank,
    number, points and tie-break columns of the Chinese demo's rows (names in hanzi) end
    under them."""
    args = ["--lang", lang, "standings", str(ROOT / "seasons" / "chunhui-2026-zh"),
            "--section", "jiazu"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    lines = result.output.replace(RLM, "").splitlines()
    heading, rows = _column_ends(lines[0]), [_column_ends(line) for line in lines[1:]]
    codes = len(lines[0].split()) - 4 if lang == "en" else 4
    assert rows and all(r[:2] == heading[:2] and r[-(codes + 1):] == heading[-(codes + 1):]
                        for r in rows), result.output
    if lang != "en":
        assert "Rk" not in lines[0] and "Pts" not in lines[0]
