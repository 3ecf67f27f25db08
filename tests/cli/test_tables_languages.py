"""``prizes`` and ``rating-report`` in Russian, Chinese and Arabic (issue 30): the tables'
headings, the reasons for each award and why a game does not count are said in the
language; only what the organiser wrote (names, category names, the time control, the
currency) and the codes of the rules (B.02, K, D, PD) stay as they are."""

from __future__ import annotations

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
