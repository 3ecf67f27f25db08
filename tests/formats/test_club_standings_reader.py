"""The section's ``club_standings:`` block: read into ClubRules, every mistake reported at
its file:line:col by ``check`` (exit 2), and the key in the season schema."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from leaguegen.cli import main
from leaguegen.domain.club_standings import ClubRules
from leaguegen.formats.schema import season_schema
from leaguegen.formats.season_yaml import load_season

HEAD = """\
name: Test League
sections:
  - id: open
    name: Open
    format: round_robin
    players:
      - {name: Ann Able, rating: 2000, club: Hastings}
      - {name: Bob Best, rating: 1900, club: Rye}
      - {name: Cat Cole, rating: 1800, club: Hastings}
      - {name: Dan Dale, rating: 1700}
    rounds:
      - date: 2026-01-07
        results:
          - Ann Able - Dan Dale: 1-0
          - Bob Best - Cat Cole: ½-½
    club_standings:
"""  # the block's lines start at line 17


def season(tmp_path: Path, block: str) -> Path:
    folder = tmp_path / "s"
    folder.mkdir(exist_ok=True)
    (folder / "season.yaml").write_text(HEAD + block, encoding="utf-8")
    return folder


def test_a_good_block_is_read(tmp_path: Path) -> None:
    folder = season(tmp_path, "      title: Clubs of Sussex\n      best: 2\n"
                              "      tiebreaks: [next]\n")
    section = load_season(folder).section("open")
    assert section.club_standings == ClubRules(best=2, title="Clubs of Sussex",
                                               tiebreaks=("next",))


@pytest.mark.parametrize("block,line,col,message", [
    ("      best: 0\n", 17, 13, "club_standings: best must be at least 1, not 0"),
    ("      title: X\n", 17, 7, "club_standings is missing the required key 'best'"),
    ("      best: 2\n      counted: 3\n", 18, 7, "unknown key 'counted' in club_standings"),
    ("      best: 2\n      tiebreaks: [nxt]\n", 18, 19,
     "club_standings: unknown tie-break 'nxt' (did you mean 'next'?)"),
    ("      best: 2\n      tiebreaks: [next, next]\n", 18, 25,
     "club_standings: tie-break 'next' is listed twice"),
])
def test_mistakes_are_reported_at_their_line_and_column(tmp_path: Path, block: str, line: int,
                                                        col: int, message: str) -> None:
    folder = season(tmp_path, block)
    before = (folder / "season.yaml").read_bytes()
    result = CliRunner().invoke(main, ["check", str(folder)])
    assert result.exit_code == 2
    assert f"season.yaml:{line}:{col}: " in result.output + result.stderr
    assert message in result.output + result.stderr
    assert (folder / "season.yaml").read_bytes() == before


def test_the_key_is_in_the_season_schema() -> None:
    section = season_schema()["definitions"]["section"]
    assert "club_standings" in section["properties"]
