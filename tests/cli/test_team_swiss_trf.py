"""``pair --trf`` and ``check-pairings --trf`` on TRF-2026 team files (FIDE C.04.6).

Every case of ``shared/conformance/team-swiss`` goes through the command line (click's
runner in-process, a few through a real subprocess) and must print the ``.pairs`` layout
with the oracle's set of (White on board 1, Black) matches and its PAB; every finished
event passes ``check-pairings``; an event with two matches swapped, or one match's
colours reversed, is reported at its round.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from leaguegen.cli import main
from tests.conftest import SHARED

CORPUS = SHARED / "conformance" / "team-swiss"
ROOT = Path(__file__).resolve().parents[2]
CASES = sorted(p.stem for p in CORPUS.glob("t*-r*.trf")) if CORPUS.is_dir() else []
FINALS = sorted(p.stem for p in CORPUS.glob("t*-final.trf")) if CORPUS.is_dir() else []
needs_corpus = pytest.mark.skipif(not CASES, reason=f"team Swiss corpus not at {CORPUS}")


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def _pairs(text: str) -> tuple[int, set[tuple[int, int]], int | None]:
    """(count line, the ordered pairs, the PAB) of a ``.pairs`` text; the count must be
    the number of lines after it."""
    lines = [line for line in text.split("\n") if line.strip()]
    count = int(lines[0])
    rows = [tuple(int(x) for x in line.split()) for line in lines[1:]]
    assert all(len(r) == 2 for r in rows), text
    assert len(rows) == count, text
    byes = [a for a, b in rows if b == 0]
    assert len(byes) <= 1 and (not byes or rows[-1][1] == 0), "the bye is the last line"
    return count, {(a, b) for a, b in rows if b}, byes[0] if byes else None


@needs_corpus
def test_the_corpus_is_all_there() -> None:
    assert len(CASES) == 276 and len(FINALS) == 40


@needs_corpus
@pytest.mark.parametrize("case", CASES)
def test_pair_trf_prints_the_oracles_pairing(case: str) -> None:
    code, out, err = run("pair", "--trf", str(CORPUS / f"{case}.trf"))
    assert code == 0, err
    assert _pairs(out) == _pairs((CORPUS / f"{case}.pairs").read_text())


@needs_corpus
@pytest.mark.parametrize("case", ["t0001-r03", "t0006-r07", "t0017-r01"])
def test_pair_trf_in_a_real_process(case: str) -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-m", "leaguegen.cli.entry", "pair", "--trf",
                           str(CORPUS / f"{case}.trf")], capture_output=True, text=True,
                          env=env, cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr
    assert _pairs(done.stdout) == _pairs((CORPUS / f"{case}.pairs").read_text())


@needs_corpus
def test_a_finished_event_has_nothing_to_pair() -> None:
    code, out, err = run("pair", "--trf", str(CORPUS / "t0006-final.trf"))
    assert code == 1 and out == ""
    assert "all 7 rounds (142) are paired already; nothing to pair" in err


@needs_corpus
def test_an_individual_system_named_on_a_team_file_is_refused() -> None:
    code, out, err = run("pair", "--trf", str(CORPUS / "t0006-r03.trf"), "--system", "dutch")
    assert code == 2 and out == ""
    assert "is a team event (310 records)" in err and "not by dutch" in err
    code, _, err = run("pair", "--trf", str(CORPUS / "t0006-r03.trf"), "--system",
                       "team-swiss")
    assert code == 0, err


def test_team_swiss_on_an_individual_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "solo.trf"
    path.write_text("012 Solo\nXXR 3\n001    1      Alpha                            1800"
                    "                             0.0    1\n", encoding="utf-8")
    code, out, err = run("pair", "--trf", str(path), "--system", "team-swiss")
    assert code == 2 and out == ""
    assert "no 310 record: this is not a team event" in err


def test_a_broken_team_file_names_its_line_and_column(tmp_path: Path) -> None:
    text = (CORPUS / "t0006-r03.trf").read_text().replace("310   4 ", "310   x ", 1)
    path = tmp_path / "bad.trf"
    path.write_text(text, encoding="utf-8")
    line = next(i for i, s in enumerate(text.split("\n"), 1) if s.startswith("310   x"))
    for command in ("pair", "check-pairings"):
        code, out, err = run(command, "--trf", str(path))
        assert code == 2, (command, out, err)
        assert f"bad.trf:{line}:5:" in err


# ---------------------------------------------------------------- check-pairings


@needs_corpus
@pytest.mark.parametrize("case", FINALS)
def test_check_pairings_accepts_every_finished_event(case: str) -> None:
    rounds = int((CORPUS / f"{case}.trf").read_text().split("\n142 ")[1].split("\n")[0])
    code, out, err = run("check-pairings", "--trf", str(CORPUS / f"{case}.trf"))
    assert code == 0, out + err
    assert out.strip() == f"{rounds} rounds checked with team-swiss: all agree"


def _blocks(text: str, rnd: int, edit) -> str:  # noqa: ANN001 - (player, block) -> block
    """``text`` with every 001 line's round-``rnd`` block passed through ``edit``."""
    col = 91 + 10 * (rnd - 1)
    out = []
    for line in text.split("\n"):
        if line.startswith("001") and len(line) > col:
            player = int(line[4:8])
            block = line[col:col + 10].ljust(10)
            line = (line[:col] + edit(player, block) + line[col + 10:]).rstrip()
        out.append(line)
    return "\n".join(out)


def _boards(text: str) -> int:
    return len(text.split("\n352 ")[1].split("\n")[0].strip())


@needs_corpus
def test_two_matches_swapped_are_reported(tmp_path: Path) -> None:
    """Round 1 of t0006 (13 teams, 4 boards): its first two matches not forfeited as a
    whole (a-b, c-d) become a-d and c-b; the checker names round 1 and the engine's
    boards the file lacks."""
    text = (CORPUS / "t0006-final.trf").read_text()
    boards = _boards(text)
    forfeited = {frozenset((int(s[11:14]), int(s[15:18]))) for s in text.split("\n")
                 if s.startswith("330") and int(s[7:10]) == 1}
    code, out, _ = run("pair", "--trf", str(CORPUS / "t0006-r01.trf"))
    engine = [tuple(int(x) for x in line.split()) for line in out.split("\n")[1:] if line]
    kept = [p for p in engine if p[1] and frozenset(p) not in forfeited]
    (a, b), (c, d) = kept[:2]
    first, second = engine.index((a, b)) + 1, engine.index((c, d)) + 1

    def team(player: int) -> int:
        return (player - 1) // boards + 1

    def swap(player: int, block: str) -> str:
        t = team(player)
        opp = int(block[:4])
        moved = {b: d, d: b}
        if t in (a, c):  # the opponent's team changes, the board stays
            other = moved[team(opp)]
            return f"{(other - 1) * boards + (opp - 1) % boards + 1:4d}" + block[4:]
        if t in (b, d):  # takes the other second team's place (opponent, colour, result)
            mate = (moved[t] - 1) * boards + (player - 1) % boards + 1
            return _own_block(text, mate, 1)
        return block

    swapped = _blocks(text, 1, swap)
    path = tmp_path / "swapped.trf"
    path.write_text(swapped, encoding="utf-8")
    code, out, err = run("check-pairings", "--trf", str(path))
    assert code == 1, out + err
    assert "round 1: 2 of 6 boards differ from team-swiss" in out
    assert f"  board {first}: team-swiss {a}-{b}, file has {a}-{d} and {c}-{b}" in out
    assert f"  board {second}: team-swiss {c}-{d}, file has {c}-{b} and {a}-{d}" in out
    assert "differ (1" in out.strip().split("\n")[-1]


def _own_block(text: str, player: int, rnd: int) -> str:
    line = next(s for s in text.split("\n") if s.startswith("001") and int(s[4:8]) == player)
    col = 91 + 10 * (rnd - 1)
    return line[col:col + 10].ljust(10)


@needs_corpus
def test_a_match_with_its_colours_reversed_is_reported(tmp_path: Path) -> None:
    text = (CORPUS / "t0006-final.trf").read_text()
    boards = _boards(text)
    code, out, _ = run("pair", "--trf", str(CORPUS / "t0006-r03.trf"))
    a, b = (int(x) for x in out.split("\n")[1].split())

    def reverse(player: int, block: str) -> str:
        if (player - 1) // boards + 1 not in (a, b):
            return block
        return block[:5] + {"w": "b", "b": "w"}[block[5]] + block[6:]

    path = tmp_path / "reversed.trf"
    path.write_text(_blocks(text, 3, reverse), encoding="utf-8")
    code, out, err = run("check-pairings", "--trf", str(path))
    assert code == 1, out + err
    assert f"  board 1: team-swiss {a}-{b}, file has {b}-{a} (colours reversed)" in out
    assert out.strip().split("\n")[-1].startswith("7 rounds checked with team-swiss: ")
    assert "differ (3" in out.strip().split("\n")[-1]
