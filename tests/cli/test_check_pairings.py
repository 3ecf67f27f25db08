"""``leaguegen check-pairings``: corpus events agree, altered events are caught and reported."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from leaguegen.cli import main
from leaguegen.formats import trf
from leaguegen.formats.swiss_input import state_from_trf
from leaguegen.formats.trf_rounds import cut_before, file_round
from tests.cli.corpus_events import complete_event, round_files, tournaments
from tests.conftest import SHARED

DUTCH = SHARED / "conformance" / "dutch"
MAX_BYTES = 5000  # the small tournaments keep the slice fast; benchmarks/ runs all 280


def _slice(count: int = 12) -> list[str]:
    if not DUTCH.is_dir():
        return []
    small = [c for c in tournaments(DUTCH) if round_files(DUTCH, c)[-1].stat().st_size < MAX_BYTES]
    step = max(1, len(small) // count)
    return small[::step][:count]


CASES = _slice()
needs_corpus = pytest.mark.skipif(not CASES, reason=f"Dutch conformance corpus not at {DUTCH}")


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout


def _write(tmp_path: Path, text: str, name: str = "event.trf") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


@needs_corpus
@pytest.mark.parametrize("case", CASES)
def test_corpus_event_agrees(tmp_path: Path, case: str) -> None:
    text = complete_event(DUTCH, case)
    rounds = len(round_files(DUTCH, case))
    code, out = run("check-pairings", "--trf", _write(tmp_path, text))
    assert code == 0, out
    assert out.strip() == f"{rounds} rounds checked with dutch: all agree"


@needs_corpus
@pytest.mark.parametrize("case", CASES[:4])
def test_cut_before_is_the_corpus_file_of_that_round(case: str) -> None:
    """The checker's view of round r is exactly the corpus's state before round r."""
    doc = trf.loads(complete_event(DUTCH, case))
    for path in round_files(DUTCH, case):
        r = int(path.stem.split("-r")[1])
        assert state_from_trf(cut_before(doc, r)) == state_from_trf(trf.load(str(path)))
        pairs = path.with_suffix(".pairs").read_text().split("\n")[1:]
        expected = {tuple(int(x) for x in line.split()) for line in pairs if line.strip()}
        found = file_round(doc, r)
        assert set(found.boards) | ({(found.bye, 0)} if found.bye else set()) == expected


@needs_corpus
def test_running_event_checks_the_rounds_played() -> None:
    """A corpus file before round KK (pre-announced byes in column KK) checks rounds 1..KK-1."""
    path = round_files(DUTCH, CASES[0])[-1]
    played = int(path.stem.split("-r")[1]) - 1
    code, out = run("check-pairings", "--trf", str(path))
    assert code == 0
    assert out.strip() == f"{played} rounds checked with dutch: all agree"


# An 8-player event of 3 rounds. Round 1 is the Dutch split worked by hand (top half against
# bottom half, colours alternating: 1-5, 6-2, 3-7, 8-4); the ``dutch_event`` fixture replaces
# rounds 2 and 3 by the engine's own pairing, so the file agrees with the Dutch everywhere.
ROWS = [  # number, name, rating, points, rank, rounds 1-3
    (1, "Ann", 2200, "2.5", 1, ["   5 w 1", "   3 b =", "   2 w 1"]),
    (2, "Bob", 2150, "2.0", 2, ["   6 b 1", "   4 w 1", "   1 b 0"]),
    (3, "Cat", 2100, "1.5", 4, ["   7 w 1", "   1 w =", "   4 b 0"]),
    (4, "Dan", 2050, "2.0", 3, ["   8 b 1", "   2 b 0", "   3 w 1"]),
    (5, "Eve", 2000, "1.0", 5, ["   1 b 0", "   7 w 1", "   6 b 0"]),
    (6, "Fay", 1950, "1.0", 6, ["   2 w 0", "   8 b 0", "   5 w 1"]),
    (7, "Gus", 1900, "1.0", 7, ["   3 b 0", "   5 b 0", "   8 w 1"]),
    (8, "Hal", 1850, "1.0", 8, ["   4 w 0", "   6 w 1", "   7 b 0"]),
]


def _line(number: int, name: str, rating: int, points: str, rank: int, rounds: list[str]) -> str:
    head = f"001 {number:4d}      {name:<33} {rating:4d}{'':28}{points:>4} {rank:4d}"
    return (head.ljust(91) + "  ".join(rounds)).rstrip()


EVENT = "012 Hand event\n" + "".join(_line(*row) + "\n" for row in ROWS) + "XXR 3\nXXC white1\n"


def _dutch_rounds(text: str) -> list[list[str]]:
    """What the Dutch engine pairs for each round of ``text`` (from the rounds before it)."""
    doc = trf.loads(text)
    from leaguegen.domain.pairing import pair_round

    return [pair_round(state_from_trf(cut_before(doc, r))).lines()[1:] for r in (1, 2, 3)]


def _set_round(text: str, round_no: int, entries: dict[int, str]) -> str:
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if line.startswith("001") and int(line[4:8]) in entries:
            start = 91 + (round_no - 1) * 10
            lines[i] = line[:start] + entries[int(line[4:8])] + line[start + 8:]
    return "\n".join(lines) + "\n"


@pytest.fixture(scope="module")
def dutch_event() -> str:
    """EVENT with rounds 2 and 3 replaced by what the Dutch engine pairs (results kept)."""
    text = EVENT
    for r in (2, 3):
        boards = _dutch_rounds(text)[r - 1]
        entries = {}
        for board in boards:
            w, b = (int(x) for x in board.split())
            entries[w] = f"{b:4d} w 1"
            entries[b] = f"{w:4d} b 0"
        text = _set_round(text, r, entries)
    return text


def test_hand_event_round_one_is_the_dutch_split(dutch_event: str) -> None:
    assert sorted(_dutch_rounds(dutch_event)[0]) == sorted(["1 5", "6 2", "3 7", "8 4"])


def test_agreeing_event_exits_0(tmp_path: Path, dutch_event: str) -> None:
    code, out = run("check-pairings", "--trf", _write(tmp_path, dutch_event))
    assert (code, out) == (0, "3 rounds checked with dutch: all agree\n")


def test_reversed_colours_are_reported(tmp_path: Path, dutch_event: str) -> None:
    """Board 1 of the last round written with the colours the other way round."""
    white, black = (int(x) for x in _dutch_rounds(dutch_event)[2][0].split())
    text = _set_round(dutch_event, 3, {black: f"{white:4d} w 1", white: f"{black:4d} b 0"})
    code, out = run("check-pairings", "--trf", _write(tmp_path, text))
    assert code == 1
    assert out.splitlines() == [
        "round 3: 1 of 4 boards differ from dutch",
        f"  board 1: dutch {white}-{black}, file has {black}-{white} (colours reversed)",
        "3 rounds checked with dutch: 1 differ (3)",
    ]


def test_exchanged_opponents_are_reported(tmp_path: Path, dutch_event: str) -> None:
    # Round 1: 1-7 and 3-5 instead of 1-5 and 3-7.
    text = _set_round(dutch_event, 1, {1: "   7 w 1", 7: "   1 b 0", 3: "   5 w 1",
                                       5: "   3 b 0"})
    code, out = run("check-pairings", "--trf", _write(tmp_path, text))
    assert code == 1
    lines = out.splitlines()
    assert lines[0] == "round 1: 2 of 4 boards differ from dutch"
    assert lines[1] == "  board 1: dutch 1-5, file has 1-7 and 3-5"
    assert lines[2] == "  board 3: dutch 3-7, file has 3-5 and 1-7"


def test_a_wrong_bye_is_reported(tmp_path: Path) -> None:
    """Seven players: the Dutch pairs 1-4, 5-2, 3-6 and gives the bye to 7 (the lowest);
    the file gave it to 4 and paired 1-5, 6-2, 3-7."""
    entries = {1: "   5 w 1", 5: "   1 b 0", 2: "   6 b 1", 6: "   2 w 0", 3: "   7 w 1",
               7: "   3 b 0", 4: "0000 - U"}
    lines = [line[:91] + entries[int(line[4:8])] for line in EVENT.splitlines()
             if line.startswith("001") and int(line[4:8]) <= 7]
    text = "\n".join(lines) + "\nXXR 1\nXXC white1\n"
    code, out = run("check-pairings", "--trf", _write(tmp_path, text))
    assert code == 1
    assert out.splitlines() == [
        "round 1: 3 of 3 boards and the bye differ from dutch",
        "  board 1: dutch 1-4, file has 1-5 and 4 bye",
        "  board 2: dutch 5-2, file has 1-5 and 6-2",
        "  board 3: dutch 3-6, file has 3-7 and 6-2",
        "  bye: dutch 7, file has 4",
        "1 round checked with dutch: 1 differ (1)",
    ]


def test_no_legal_pairing_is_a_difference(tmp_path: Path) -> None:
    """Two players who met in round 1 cannot meet again: round 2 is not pairable."""
    text = ("001    1      Ann                               2200                             "
            "1.0    1     2 w 1     2 b 0\n"
            "001    2      Bob                               2100                             "
            "1.0    2     1 b 0     1 w 1\nXXR 2\n")
    code, out = run("check-pairings", "--trf", _write(tmp_path, text))
    assert code == 1
    assert out.splitlines()[0].startswith("round 2: dutch finds no legal pairing")


def test_unreadable_input_exits_2(tmp_path: Path) -> None:
    assert run("check-pairings", "--trf", str(tmp_path / "missing.trf"))[0] == 2
    assert run("check-pairings", "--trf", _write(tmp_path, "012 nothing\n"))[0] == 2
    bad = _write(tmp_path, "001    x      Ann\n", "bad.trf")
    result = CliRunner().invoke(main, ["check-pairings", "--trf", bad])
    assert result.exit_code == 2 and "bad.trf:1:5: 001 record: the start number" in result.stderr


def test_event_not_started(tmp_path: Path) -> None:
    text = "\n".join(line[:91].rstrip() for line in EVENT.splitlines()) + "\n"
    assert run("check-pairings", "--trf", _write(tmp_path, text)) == (
        0, f"{tmp_path / 'event.trf'}: no paired round to check\n")
