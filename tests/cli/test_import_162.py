"""``import trf`` reads the TRF-2026 ``162`` scoring record into the season.

The record (TRF rules, record 162): codes at columns 6, 15, 24, ... with their points in
the 4 columns after; ``P`` is the pairing-allocated bye ("default = W"), ``A`` an absence
or forfeit loss. The PAB's value becomes the section's ``pab_score`` (win, draw or zero
measured against the file's own W and D), and W / D / L other than 1 / ½ / 0 the
season's ``scoring``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from leaguegen.cli import main
from leaguegen.formats.season_yaml import load_season


def _line(n: int, points: str, rounds: list[str]) -> str:
    head = f"001 {n:4d}      {'Player ' + str(n):<33} {2400 - 10 * n:4d}{'':28}{points:>4}"
    return (head.ljust(91) + "  ".join(rounds)).rstrip()


ROWS = [(1, "", ["   3 w 1", "0000 - U"]), (2, "", ["   4 b 0", "   3 b 1"]),
        (3, "", ["   1 b 0", "   2 w 0"]), (4, "", ["   2 w 1", "0000 - Z"]),
        (5, "", ["0000 - U", "0000 - Z"])]


def _import(tmp_path: Path, record: str) -> tuple[str, str]:
    src = tmp_path / "event.trf"
    src.write_text("012 Scoring\n" + record + "\n" + "".join(_line(*r) + "\n" for r in ROWS)
                   + "XXR 3\n", encoding="utf-8")
    out = tmp_path / "season"
    res = CliRunner().invoke(main, ["import", "trf", str(src), "--out", str(out),
                                    "--format", "swiss"])
    assert res.exit_code == 0, res.output
    return (out / "season.yaml").read_text(encoding="utf-8"), res.output


@pytest.mark.parametrize("record,pab", [
    ("162  W 1.0    D 0.5    L 0.0    P 0.5", "draw"),   # as FIDE lays it out
    ("162  W 1.0    D 0.5    L 0.0    A 0.0    P 0.0", "zero"),
    ("162 W 1.0 D 0.5 L 0.0 P 0.5", "draw"),            # single spaces: read all the same
    ("162  W 2.0    D 1.0    L 0.0    P 1.0", "draw"),   # a draw in the file's own scoring
])
def test_the_pab_value_becomes_pab_score(tmp_path: Path, record: str, pab: str) -> None:
    text, _ = _import(tmp_path, record)
    assert f"    pab_score: {pab}  # from the file's 162 record\n" in text


def test_a_pab_worth_a_win_writes_nothing(tmp_path: Path) -> None:
    text, _ = _import(tmp_path, "162  W 1.0    D 0.5    L 0.0")
    assert "pab_score" not in text and "scoring" not in text


def test_other_points_become_the_season_scoring(tmp_path: Path) -> None:
    text, _ = _import(tmp_path, "162  W 3.0    D 1.0    L 0.0")
    assert "scoring: {win: 3, draw: 1, loss: 0}  # from the file's 162 record\n" in text
    assert "pab_score" not in text  # P defaults to W: a win
    section = load_season(tmp_path / "season").section("main")
    assert section.scoring.value(section.scoring.pairing_bye) == 3


def test_an_absence_worth_points_is_noted(tmp_path: Path) -> None:
    _, output = _import(tmp_path, "162  W 1.0    D 0.5    L 0.0    A 0.5")
    assert "A (absence, forfeit loss) value 0.5 is not carried over" in output
