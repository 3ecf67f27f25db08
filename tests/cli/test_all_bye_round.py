"""A round where every player has a bye is over: ``pair --trf`` pairs the next one.

Players known in advance not to play a round are not paired in it; when that is every
player, the round has no board and nothing more can happen in it. ``pair --trf`` used
to "pair" that round again, print ``0`` and exit 0, for ever; bbpPairings (v6.0.0,
``evenUpMatchHistories``) counts the column as a finished round and pairs the next.
Both files below were paired by bbpPairings ``--dutch FILE -p``; the expected lines are
its output.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from leaguegen.cli import main


def _line(n: int, points: str, rounds: list[str]) -> str:
    head = f"001 {n:4d}      {'Player ' + str(n):<33} {2400 - 10 * n:4d}{'':28}{points:>4}"
    return (head.ljust(91) + "  ".join(rounds)).rstrip()


def _event(rows: list[tuple[int, str, list[str]]], total: int = 4) -> str:
    return ("012 all bye\n" + "".join(_line(*r) + "\n" for r in rows)
            + f"XXR {total}\nXXC white1\n")


HALF = [(1, "1.5", ["   3 w 1", "0000 - H"]), (2, "0.5", ["   4 b 0", "0000 - H"]),
        (3, "0.5", ["   1 b 0", "0000 - H"]), (4, "1.5", ["   2 w 1", "0000 - H"])]
MIXED = [(1, "1.5", ["   3 w 1", "0000 - H"]), (2, "0.0", ["   4 b 0", "0000 - Z"]),
         (3, "0.5", ["   1 b 0", "0000 - H"]), (4, "1.0", ["   2 w 1", "0000 - Z"])]


def _run(tmp_path: Path, text: str, *args: str) -> tuple[int, str]:
    path = tmp_path / "event.trf"
    path.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(main, [*args, "--trf", str(path)])
    return result.exit_code, result.output


@pytest.mark.parametrize("rows,expected", [(HALF, "2\n4 1\n2 3\n"), (MIXED, "2\n4 1\n3 2\n")])
def test_the_round_after_an_all_bye_round_is_paired(tmp_path: Path, rows, expected) -> None:  # noqa: ANN001
    assert _run(tmp_path, _event(rows), "pair") == (0, expected)


def test_an_all_bye_last_round_leaves_nothing_to_pair(tmp_path: Path) -> None:
    code, out = _run(tmp_path, _event(HALF, total=2), "pair")
    assert code == 1 and "all 2 rounds (XXR) are paired already" in out


def test_check_pairings_skips_the_round_nobody_was_paired_in(tmp_path: Path) -> None:
    blocks = {1: ("2.5", "   4 b 1"), 2: ("1.5", "   3 w 1"), 3: ("0.5", "   2 b 0"),
              4: ("1.5", "   1 w 0")}
    rows = [(n, blocks[n][0], [*r, blocks[n][1]]) for n, _, r in HALF]
    assert _run(tmp_path, _event(rows), "check-pairings") == (
        0, "2 rounds checked with dutch: all agree\n")
