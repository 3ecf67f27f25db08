"""``pair --explain`` in Russian, Chinese and Arabic (issue 30): the score bracket, the
floats, the colour rule, the relaxed criteria and the bye's reason are said in the
language; player numbers, names, points and the criteria's codes (C12, C14) stay."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from leaguegen.cli import main
from tests.cli.test_cli_languages import english_left, values_of

ROOT = Path(__file__).resolve().parents[2]
LIM = ROOT / "tests" / "data" / "lim"
DUBOV = ROOT / "tests" / "data" / "dubov"
KEPT = {"lim", "dubov", "dutch"}  # the system's name, as --system takes it


def _explain(lang: str, *args: str) -> str:
    result = CliRunner().invoke(main, ["--lang", lang, "pair", *args, "--explain"])
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.parametrize("case", [("--trf", str(LIM / "l07-floater-type.trf"), "--system", "lim"),
                                  ("--trf", str(LIM / "l15-colour-floats.trf"), "--system",
                                   "lim"),
                                  ("--trf", str(DUBOV / "d03-bye-largest-tpn.trf"), "--system",
                                   "dubov")], ids=["lim-floats", "lim-colours", "dubov-bye"])
def test_the_explanation_is_said_in_the_language(case: tuple[str, ...]) -> None:
    english = _explain("en", *case)
    assert "Board 1:" in english and "colours:" in english
    values = values_of(_explain("ar", *case))
    for lang in ("ru", "zh_Hans", "ar"):
        said = _explain(lang, *case)
        assert said.count("\n") == english.count("\n")
        left = [w for w in english_left(said, values) if w not in KEPT]
        assert not left, f"{lang}: English left {left}:\n{said}"
        # the numbers on the boards are the English run's, board for board
        boards = [re.findall(r"\d+", line)[:3] for line in english.splitlines()
                  if line.startswith("Board")]
        assert len(boards) == len([line for line in said.splitlines()
                                   if re.match(r"(Доска|第\d+台|الرقعة) ?", line)])


def test_a_seasons_explanation_names_players_in_the_language(tmp_path: Path) -> None:
    folder = tmp_path / "swiss"
    shutil.copytree(ROOT / "seasons" / "thursday-swiss-2026", folder)
    said = _explain("ru", str(folder), "--section", "open", "--allow-postponed")
    assert "Доска 1: " in said and ", очковая группа " in said and "цвета: " in said
    assert "score bracket" not in said and "colours" not in said
