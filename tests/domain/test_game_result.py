"""One result type from the file to the page (issue 27, item 6): a ``GameResult`` is read
from any input form by ``formats.results.parse_result`` alone, written as its canonical
text, and the crosstable codes, the feeds' ASCII and the pages' typography all come from
its one table."""

from __future__ import annotations

import ast
import itertools

import pytest

from leaguegen.domain.model import Code
from leaguegen.domain.season import RESULT_CODES, GameResult
from leaguegen.formats.results import parse_result
from leaguegen.site.feeds import json_feed
from leaguegen.site.formatting import board_result
from tests.conftest import ROOT

FORMS = {
    GameResult.WHITE_WINS: ("1-0", "1:0", " 1 - 0 "),
    GameResult.BLACK_WINS: ("0-1", "0:1"),
    GameResult.DRAW: ("½-½", "1/2-1/2", "0.5-0.5", "½:½", "=", "draw", "Draw"),
    GameResult.WHITE_FORFEIT_WIN: ("+-", "+:-"),
    GameResult.BLACK_FORFEIT_WIN: ("-+", "-:+"),
    GameResult.DOUBLE_FORFEIT: ("--", "-:-", "– –"),
}
PAGE = {GameResult.WHITE_WINS: "1–0", GameResult.BLACK_WINS: "0–1",
        GameResult.DRAW: "½–½", GameResult.WHITE_FORFEIT_WIN: "+−",
        GameResult.BLACK_FORFEIT_WIN: "−+", GameResult.DOUBLE_FORFEIT: "−−"}


@pytest.mark.parametrize("result", list(GameResult))
def test_every_form_reads_as_one_result_written_one_way(result: GameResult) -> None:
    for form in FORMS[result]:
        assert parse_result(form) is result, form
    assert parse_result(result.text) is result
    assert GameResult.of_codes(*result.codes) is result
    assert board_result(*result.codes) == PAGE[result]
    assert result.ascii == result.text.replace("½", "1/2")


def test_unrated_games_read_as_their_result() -> None:
    assert GameResult.of_codes(Code.WIN_UNRATED, Code.LOSS_UNRATED) is GameResult.WHITE_WINS
    assert GameResult.of_codes(Code.DRAW_UNRATED, Code.DRAW_UNRATED) is GameResult.DRAW
    assert GameResult.of_codes(Code.WIN, Code.WIN) is None
    assert GameResult.of_codes(Code.PENDING, Code.PENDING) is None


def test_the_feed_writes_the_tables_results() -> None:
    for w, b in itertools.product(Code, Code):
        result = GameResult.of_codes(w, b)
        assert json_feed._RESULTS.get((w.value, b.value)) == (result.ascii if result else None)


RESULT_TEXTS = {"1-0", "0-1", "½-½", "1/2-1/2", "+-", "-+", "--"}
# formats/trf_import.py keeps a table of its own (its codes are one player's, from a TRF
# line; not this change's file): the one known exception
KNOWN = {"leaguegen/formats/trf_import.py"}


def test_no_second_table_of_result_text() -> None:
    """No dict literal in the package maps to three or more results' texts."""
    found = []
    for path in sorted((ROOT / "leaguegen").rglob("*.py")):
        rel = str(path.relative_to(ROOT))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Dict):
                texts = {v.value for v in node.values
                         if isinstance(v, ast.Constant) and v.value in RESULT_TEXTS}
                if len(texts) >= 3 and rel not in KNOWN:
                    found.append(f"{rel}:{node.lineno}")
    assert found == []
    assert set(RESULT_CODES) == set(GameResult)
