"""Bad TRF input is refused with its line and column (exit 2), never a traceback or a pairing."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from leaguegen.cli import main
from leaguegen.domain.model import Code, Colour, RoundEntry
from leaguegen.errors import InputError
from leaguegen.formats import trf

W, B = Colour.WHITE, Colour.BLACK


def _player(n: int, name: str, rating: int, points: str, *blocks: RoundEntry) -> str:
    from fractions import Fraction

    return trf.dump_player(trf.TrfPlayer(number=n, name=name, rating=rating,
                                         points=Fraction(points), rounds=blocks))


# 4 players, 2 rounds: 1-3 1-0, 4-2 0-1; 2-1 0-1, 3-4 0-1
GOOD = "\n".join([
    "012 Validation test",
    _player(1, "Able", 2000, "2", RoundEntry(3, W, Code.WIN), RoundEntry(2, B, Code.WIN)),
    _player(2, "Baker", 1900, "1", RoundEntry(4, B, Code.WIN), RoundEntry(1, W, Code.LOSS)),
    _player(3, "Cole", 1800, "0", RoundEntry(1, B, Code.LOSS), RoundEntry(4, W, Code.LOSS)),
    _player(4, "Dale", 1700, "1", RoundEntry(2, W, Code.LOSS), RoundEntry(3, B, Code.WIN)),
    "XXR 5",
]) + "\n"
R1, R2 = 92, 102  # first columns of the round blocks


def _set(text: str, line: int, col: int, new: str) -> str:
    """Overwrite columns from ``col`` (1-based) of line ``line`` with ``new``."""
    lines = text.split("\n")
    old = lines[line - 1].ljust(col - 1 + len(new))
    lines[line - 1] = old[: col - 1] + new + old[col - 1 + len(new):]
    return "\n".join(lines)


def _add(text: str, record: str) -> str:
    return text + record + "\n"


# (name, bad text, line, column, part of the message)
CASES = [
    ("points 1/0", _set(GOOD, 2, 81, " 1/0"), 2, 81, "points '1/0'"),
    ("points word", _set(GOOD, 3, 81, "lots"), 3, 81, "points 'lots'"),
    ("acceleration 1/0", _add(GOOD, "XXA    1  1/0"), 7, 11, "virtual points '1/0'"),
    ("acceleration huge exponent", _add(GOOD, "XXA    1  1e999999999"), 7, 11,
     "virtual points '1e999999999'"),
    ("points huge exponent", _set(GOOD, 2, 81, "9e99"), 2, 81, "points '9e99'"),
    ("points with underscore", _set(GOOD, 2, 81, " 1_0"), 2, 81, "points '1_0'"),
    ("acceleration third", _add(GOOD, "XXA    2  0.3"), 7, 11, "virtual points '0.3'"),
    ("acceleration negative", _add(GOOD, "XXA    2  -1.0"), 7, 11, "virtual points"),
    ("acceleration unknown player", _add(GOOD, "XXA   17  1.0"), 7, 5, "XXA names player 17"),
    ("duplicate start number", _set(GOOD, 5, 5, "   3"), 5, 5, "start number 3 is used twice"),
    ("start number 0", _set(GOOD, 2, 5, "   0"), 2, 5, "start number must be a whole number"),
    ("negative start number", _set(GOOD, 3, 5, "  -2"), 3, 5, "start number must be"),
    ("start number word", _set(GOOD, 3, 5, "  x2"), 3, 5, "start number must be"),
    ("unknown opponent", _set(GOOD, 2, R1, "   9"), 2, R1, "opponent 9 has no 001 line"),
    ("both won", _set(GOOD, 4, R1 + 7, "1"), 2, R1 + 7, "the two results must match"),
    ("both drew and lost", _set(GOOD, 4, R1 + 7, "="), 2, R1 + 7, "the two results must match"),
    ("both white", _set(GOOD, 4, R1 + 5, "w"), 2, R1 + 5, "1 and 3 both have white"),
    ("met someone else", _set(GOOD, 4, R1, "   2"), 2, R1, "1 met 3, but line 4 says 3 met 2"),
    ("one-sided game", _set(GOOD, 4, R1, "0000 - Z"), 2, R1, "1 met 3, but line 4 has no game"),
    ("meets himself", _set(_set(GOOD, 2, R1, "   1"), 4, R1, "0000 - Z"), 2, R1,
     "paired against himself"),
    ("bye with an opponent", _set(GOOD, 2, R1 + 7, "U"), 2, R1 + 7, "is a bye, but"),
    ("unknown colour", _set(GOOD, 2, R1 + 5, "x"), 2, R1 + 5, "colour 'x'"),
    ("unknown result", _set(GOOD, 2, R1 + 7, "9"), 2, R1 + 7, "unknown result code '9'"),
    ("opponent not a number", _set(GOOD, 2, R1, "  3a"), 2, R1, "opponent '3a'"),
    ("superscript digit", _set(GOOD, 2, R1, "   ²"), 2, R1, "opponent '²'"),
    ("misaligned block", _set(GOOD, 2, R1, "  3 w1 "), 2, R1, "is not 'oooo c r'"),
    ("text between blocks", _set(GOOD, 2, R2 - 2, "xx"), 2, R2 - 2, "ten columns apart"),
    ("XXR 0", GOOD.replace("XXR 5", "XXR 0"), 6, 5, "number of rounds must be"),
    ("XXR negative", GOOD.replace("XXR 5", "XXR -3"), 6, 5, "number of rounds must be"),
    ("XXR huge", GOOD.replace("XXR 5", "XXR 99999999999999999999"), 6, 5, "number of rounds"),
    ("XXR below the rounds played", GOOD.replace("XXR 5", "XXR 1"), 6, 5,
     "says 1 round (XXR), but 2 rounds are already paired"),
    ("XXZ unknown player", _add(GOOD, "XXZ 2 12"), 7, 5, "XXZ names player 12"),
    ("XXP unknown player", _add(GOOD, "XXP 1 30"), 7, 5, "XXP names player 30"),
    ("XXP word", _add(GOOD, "XXP 1 two"), 7, 7, "a start number must be"),
]


@pytest.mark.parametrize("name,text,line,col,message", CASES, ids=[c[0] for c in CASES])
def test_reader_refuses_with_line_and_column(name: str, text: str, line: int, col: int,
                                             message: str) -> None:
    with pytest.raises(InputError) as info:
        trf.loads(text, "t.trf")
    found = [(p.line, p.col) for p in info.value.problems if message in p.message]
    assert (line, col) in found, [str(p) for p in info.value.problems]


def test_the_good_file_is_good() -> None:
    doc = trf.loads(GOOD)
    assert doc.warnings == []
    assert doc.rounds_paired == 2 and doc.rounds_total == 5


def test_double_forfeit_is_one_game() -> None:
    text = _set(_set(GOOD, 2, R1 + 7, "-"), 4, R1 + 7, "-")
    text = _set(_set(text, 2, 81, " 1.0"), 4, 81, " 0.0")
    doc = trf.loads(text)
    assert doc.players[0].rounds[0].code is Code.FORFEIT_LOSS


def test_not_utf8_names_its_line_and_column(tmp_path: Path) -> None:
    path = tmp_path / "bad.trf"
    path.write_bytes(GOOD.encode().replace(b"Baker", b"Ba\xffker"))
    with pytest.raises(InputError) as info:
        trf.load(str(path))
    assert [(p.line, p.col) for p in info.value.problems] == [(3, 17)]


def test_folder_given_as_file(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="is a folder"):
        trf.load(str(tmp_path))


# ------------------------------------------------------------------ the commands


def _run(*args: str):
    return CliRunner().invoke(main, list(args))


def _write(tmp_path: Path, text: str) -> str:
    path = tmp_path / "t.trf"
    path.write_text(text, encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("name,text,line,col,message", CASES, ids=[c[0] for c in CASES])
@pytest.mark.parametrize("command", ["pair", "standings"])
def test_commands_exit_2_with_the_location(tmp_path: Path, command: str, name: str, text: str,
                                           line: int, col: int, message: str) -> None:
    path = _write(tmp_path, text)
    args = ["pair", "--trf", path] if command == "pair" else \
        ["standings", "--trf", path, "--system", "swiss", "--json"]
    result = _run(*args)
    assert result.exit_code == 2, result.output
    assert isinstance(result.exception, SystemExit)
    assert f"{path}:{line}:{col}: " in result.output
    assert message in result.output
    assert "Traceback" not in result.output


def test_pair_good_file(tmp_path: Path) -> None:
    result = _run("pair", "--trf", _write(tmp_path, GOOD))
    assert result.exit_code == 0, result.output
    lines = result.output.split()
    assert lines[0] == "2"
    assert sorted(int(n) for n in lines[1:]) == [1, 2, 3, 4]


def test_pair_when_every_round_is_paired_exits_1(tmp_path: Path) -> None:
    result = _run("pair", "--trf", _write(tmp_path, GOOD.replace("XXR 5", "XXR 2")))
    assert result.exit_code == 1
    assert "all 2 rounds (XXR) are paired already" in result.output


def test_pair_with_a_gap_in_start_numbers_exits_2(tmp_path: Path) -> None:
    text = GOOD.replace("XXR 5", "XXR 5\n" + _player(6, "Late", 1500, "0"))
    result = _run("pair", "--trf", _write(tmp_path, text))
    assert result.exit_code == 2
    assert ":7:5: start numbers must run 1..5 without gaps" in result.output


def test_standings_after_round_beyond_the_file(tmp_path: Path) -> None:
    path = _write(tmp_path, GOOD)
    result = _run("standings", "--trf", path, "--system", "swiss", "--after-round", "1000")
    assert result.exit_code == 2
    assert "--after-round 1000" in result.output and "has 2 round(s)" in result.output
    assert "BH" not in result.output
    ok = _run("standings", "--trf", path, "--system", "swiss", "--after-round", "2", "--json")
    assert ok.exit_code == 0, ok.output


def test_standings_exclude_unknown_player(tmp_path: Path) -> None:
    result = _run("standings", "--trf", _write(tmp_path, GOOD), "--system", "swiss",
                  "--exclude", "12")
    assert result.exit_code == 2 and "--exclude 12" in result.output


def test_pair_never_prints_an_invalid_pairing(tmp_path: Path, monkeypatch) -> None:
    """The CLI checks the engine's answer before printing it."""
    from leaguegen.domain import pairing
    from leaguegen.domain.pairing.result import PairingResult

    bad_answers = [
        PairingResult(boards=((1, 2), (3, 1)), bye=None),  # 1 twice
        PairingResult(boards=((1, 7), (3, 4)), bye=None),  # 7 is not a player
        PairingResult(boards=((1, 4),), bye=None),  # 2 and 3 left out
        PairingResult(boards=((1, 3), (2, 4)), bye=None),  # 1 and 3 met in round 1
        PairingResult(boards=((1, 4), (2, 3)), bye=2),  # 2 paired and the bye
    ]
    path = _write(tmp_path, GOOD)
    for answer in bad_answers:
        monkeypatch.setattr(pairing, "pair_round", lambda *_a, answer=answer, **_k: answer)
        result = _run("pair", "--trf", path)
        assert result.exit_code == 1, (answer, result.output)
        assert "internal error: the engine's pairing is not valid" in result.output
        assert result.stdout == ""


def test_standings_names_never_reach_the_terminal_raw(tmp_path: Path) -> None:
    text = GOOD.replace("Baker", "B\x1b[2J")  # same width: the columns stay
    result = _run("standings", "--trf", _write(tmp_path, text), "--system", "swiss")
    assert result.exit_code == 0, result.output
    assert "\x1b" not in result.output and "B\\x1b[2J" in result.output
