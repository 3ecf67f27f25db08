"""A season's ``series:`` block (grand prix): read into SeriesRules, every mistake reported
at its file:line:col by ``check`` (exit 2, the file unchanged), and the key in the schema."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner

from leaguegen.cli import main
from leaguegen.domain.series import SeriesRules
from leaguegen.formats.schema import season_schema
from leaguegen.formats.season_yaml import load_season

HEAD = """\
name: Test League
sections:
  - id: rapid-1
    name: Rapid 1
    format: round_robin
    players: [Ann Able, Bob Best, Cat Cole]
  - id: rapid-2
    name: Rapid 2
    format: round_robin
    players: [Ann Able, Bob Best, Dan Dale]
series:
  - id: gp
    name: Rapid Grand Prix
"""  # the series' next key is at line 14


def season(tmp_path: Path, block: str) -> Path:
    folder = tmp_path / "s"
    folder.mkdir(exist_ok=True)
    (folder / "season.yaml").write_text(HEAD + block, encoding="utf-8")
    return folder


GOOD = ("    events: [rapid-1, rapid-2]\n    points: [10, 8, 6.5]\n    ties: higher\n"
        "    places: points\n    best: 1\n    minimum: 2\n    rest: 1\n"
        "    tiebreaks: [played, best, last, all]\n")


def test_a_good_block_is_read(tmp_path: Path) -> None:
    got = load_season(season(tmp_path, GOOD)).series
    assert got == (SeriesRules(
        id="gp", name="Rapid Grand Prix", events=("rapid-1", "rapid-2"),
        points=(Fraction(10), Fraction(8), Fraction(13, 2)), rest=Fraction(1), ties="higher",
        places="points", best=1, minimum=2, tiebreaks=("played", "best", "last", "all")),)


def test_defaults(tmp_path: Path) -> None:
    got = load_season(season(tmp_path, "    events: [rapid-1]\n    points: [3, 2, 1]\n")).series
    assert got[0].ties == "share" and got[0].places == "standings" and got[0].best is None
    assert got[0].minimum == 1 and got[0].tiebreaks == () and got[0].rest == 0


@pytest.mark.parametrize("block,line,col,message", [
    ("    events: [rapid-1, rapid-3]\n    points: [3]\n", 14, 23,
     "series: event 'rapid-3' is not a section id of this season (did you mean 'rapid-2'?)"),
    ("    events: [rapid-1, rapid-1]\n    points: [3]\n", 14, 23,
     "series: event 'rapid-1' is listed twice"),
    ("    events: [rapid-1]\n    points: [3, 4]\n", 15, 17,
     "series: points must not rise down the table (4 after 3)"),
    ("    events: [rapid-1]\n    points: [3]\n    ties: split\n", 16, 11,
     "series: ties must be one of share, higher, not 'split'"),
    ("    events: [rapid-1]\n    points: [3]\n    best: 2\n", 16, 11,
     "series: best 2 is more than its 1 events"),
    ("    events: [rapid-1]\n    points: [3]\n    minimum: 0\n", 16, 14,
     "series: minimum must be at least 1, not 0"),
    ("    events: [rapid-1]\n    points: [3]\n    tiebreaks: [plaed]\n", 16, 17,
     "series: unknown tie-break 'plaed' (did you mean 'played'?)"),
    ("    events: [rapid-1]\n", 12, 5, "series is missing the required key 'points'"),
    ("    events: [rapid-1]\n    points: [3]\n    bst: 2\n", 16, 5,
     "unknown key 'bst' in series (did you mean 'best'?)"),
])
def test_mistakes_are_reported_at_their_line_and_column(tmp_path: Path, block: str, line: int,
                                                        col: int, message: str) -> None:
    folder = season(tmp_path, block)
    before = (folder / "season.yaml").read_bytes()
    result = CliRunner().invoke(main, ["check", str(folder)])
    assert result.exit_code == 2, result.output
    out = result.output + result.stderr
    assert f"season.yaml:{line}:{col}: " in out and message in out, out
    assert (folder / "season.yaml").read_bytes() == before


def test_the_key_is_in_the_season_schema() -> None:
    block = season_schema()["properties"]["series"]
    assert set(block["items"]["properties"]) >= {"points", "best", "minimum", "tiebreaks"}
