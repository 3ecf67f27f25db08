"""The initial colour as FIDE writes it: ``XXC``, then record ``152``, then round 1.

The TRF rules (record 152) require the drawn colour "only when it cannot be inferred
from the round-1 colour of the highest-ranked paired player"; bbpPairings reads a file
without ``XXC`` or ``152`` that way. A file that says nothing used to give White to
player 1, so an event where player 1 had Black in round 1 "differed" in every round.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from leaguegen.cli import main
from leaguegen.domain.model import Colour
from leaguegen.formats import trf
from leaguegen.formats.swiss_input import state_from_trf


def _line(number: int, rating: int, points: str, rounds: list[str]) -> str:
    head = f"001 {number:4d}      {'Player ' + str(number):<33} {rating:4d}{'':28}{points:>4}"
    return (head.ljust(91) + "  ".join(rounds)).rstrip()


# 4 players, round 1 paired by the Dutch split with Black for player 1 (3-1, 2-4).
ROWS = [
    (1, 2400, "1.0", ["   3 b 1"]),
    (2, 2300, "0.0", ["   4 w 0"]),
    (3, 2200, "0.0", ["   1 w 0"]),
    (4, 2100, "1.0", ["   2 b 1"]),
]
BLACK_FIRST = "012 Black first\n" + "".join(_line(*r) + "\n" for r in ROWS) + "XXR 3\n"


def _run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout


def _write(tmp_path: Path, text: str) -> str:
    path = tmp_path / "event.trf"
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_check_pairings_infers_black_from_round_one(tmp_path: Path) -> None:
    code, out = _run("check-pairings", "--trf", _write(tmp_path, BLACK_FIRST))
    assert (code, out) == (0, "1 round checked with dutch: all agree\n")


def test_round_one_colour_of_the_highest_ranked_paired_player() -> None:
    """Player 1 absent in round 1: player 2 is the highest-ranked paired player."""
    rows = [(1, 2400, "0.0", ["0000 - Z"]), (2, 2300, "1.0", ["   3 w 1"]),
            (3, 2200, "0.0", ["   2 b 0"]), (4, 2100, "1.0", ["0000 - U"])]
    text = "".join(_line(*r) + "\n" for r in rows) + "XXR 3\n"
    assert trf.loads(text).initial_colour is Colour.WHITE
    flipped = text.replace("   3 w 1", "   3 b 1").replace("   2 b 0", "   2 w 0")
    assert trf.loads(flipped).initial_colour is Colour.BLACK


def test_a_pab_above_the_first_game_is_counted_in_the_alternation() -> None:
    """bbpPairings counts every paired player in rank order: when the top one had the
    PAB, the next one's colour is the second board's, the opposite of the first."""
    rows = [(1, 2400, "1.0", ["0000 - U"]), (2, 2300, "1.0", ["   3 w 1"]),
            (3, 2200, "0.0", ["   2 b 0"])]
    text = "".join(_line(*r) + "\n" for r in rows) + "XXR 3\n"
    assert trf.loads(text).initial_colour is Colour.BLACK


def test_record_152_is_read_and_xxc_comes_first() -> None:
    with_152 = "152 W\n" + BLACK_FIRST
    assert trf.loads(with_152).initial_colour is Colour.WHITE
    both = "152 W\n" + BLACK_FIRST + "XXC black1\n"
    assert trf.loads(both).initial_colour is Colour.BLACK


def test_pair_uses_the_inferred_colour() -> None:
    assert state_from_trf(trf.loads(BLACK_FIRST)).initial_colour is Colour.BLACK


def test_a_file_before_round_one_says_nothing_and_keeps_white() -> None:
    text = "".join(_line(n, r, "0.0", []) + "\n" for n, r, _, _ in ROWS) + "XXR 3\n"
    assert trf.loads(text).initial_colour is None
    assert state_from_trf(trf.loads(text)).initial_colour is Colour.WHITE


def test_the_inferred_colour_is_not_written_back_as_xxc() -> None:
    """Written out again, the file still says only what it said (its round 1)."""
    assert "XXC" not in trf.dumps(trf.loads(BLACK_FIRST))
    assert "XXC" not in trf.dumps(trf.loads("152 B\n" + BLACK_FIRST))


def test_bad_152_names_the_line(tmp_path: Path) -> None:
    code, _ = _run("check-pairings", "--trf", _write(tmp_path, "152 X\n" + BLACK_FIRST))
    assert code == 2


def test_import_trf_keeps_the_inferred_black(tmp_path: Path) -> None:
    out = tmp_path / "season"
    code, text = _run("import", "trf", _write(tmp_path, BLACK_FIRST), "--out", str(out),
                      "--format", "swiss")
    assert code == 0, text
    assert "initial_colour: black" in (out / "season.yaml").read_text(encoding="utf-8")


BBP = Path(__file__).resolve().parents[1] / "data" / "bbp_generated"


@pytest.mark.parametrize("path", sorted(BBP.glob("*.trf")), ids=lambda p: p.stem)
def test_bbp_generated_event_agrees(path: Path) -> None:
    """bbpPairings' own events (no XXC): its checker agrees with every round, so must we."""
    rounds = trf.load(str(path)).rounds_paired
    code, out = _run("check-pairings", "--trf", str(path))
    assert (code, out) == (0, f"{rounds} rounds checked with dutch: all agree\n")
