"""The team league kind (issue 28): the reader's checks at their lines, the fixtures from
the Berger table of teams, the table from the team engine's tie-breaks, and the CLI."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from leaguegen.domain.sections import derive_facts
from leaguegen.domain.sections.team_league import fixtures, team_league_facts
from leaguegen.errors import InputError
from leaguegen.formats.season_yaml import load_season
from tests.conftest import ROOT

HEAD = """name: Test league
sections:
  - id: div1
    name: Division 1
    format: team_league
    boards: 2
    teams:
      - name: Alpha
        club: Alpha CC
        players: [{name: A One, rating: 2000}, {name: A Two, rating: 1900}]
        reserves: [{name: A Res}]
      - name: Beta
        players: [B One, B Two]
      - name: Gamma
        players: [C One, C Two]
    rounds:
"""
ROUNDS = """      - date: 2026-10-01
        matches:
          - Beta - Gamma:
              - B One - C One: 1-0
              - B Two - C Two: ½-½
      - date: 2026-10-08
        matches:
          - Alpha - Beta:
              - A Two - default: +-
              - A Res - B Two: 0-1
      - date: 2026-10-15
        matches:
          - Gamma - Alpha: -+
"""


def write(tmp_path: Path, rounds: str = ROUNDS) -> Path:
    (tmp_path / "season.yaml").write_text(HEAD + rounds, encoding="utf-8")
    return tmp_path


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "leaguegen.cli.entry", *args], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=120, check=False)


def test_fixtures_are_the_berger_table_of_teams_with_a_free_round(tmp_path: Path) -> None:
    section = load_season(write(tmp_path)).section("div1")
    got = [(f.round, f.host, f.guest, f.venue) for f in fixtures(section)]
    assert got == [(1, 2, 3, "Beta"), (2, 1, 2, "Alpha CC"), (3, 3, 1, "Gamma")]
    facts = team_league_facts(derive_facts(section))
    assert facts.free == {1: 1, 2: 3, 3: 2}
    assert facts.progress.rounds_played == 3 and facts.progress.finished


def test_table_match_and_game_points_and_a_whole_match_default(tmp_path: Path) -> None:
    facts = team_league_facts(derive_facts(load_season(write(tmp_path)).section("div1")))
    rows = [(r.rank, r.name, r.match_points, r.game_points, r.won, r.drawn, r.lost)
            for r in facts.rows]
    # Alpha: drew Beta 1-1 (a board default won, a game lost), won at Gamma by default
    # (both boards); Beta: beat Gamma 1½-½, drew Alpha
    assert rows == [(1, "Alpha", 3, 3, 1, 1, 0), (2, "Beta", 3, Fraction(5, 2), 1, 1, 0),
                    (3, "Gamma", 0, Fraction(1, 2), 0, 0, 2)]
    reserve = next(p for p in facts.players if p.player.name == "A Res")
    assert reserve.reserve and reserve.games == 1 and reserve.by_board == ((2, 0, 1),)


@pytest.mark.parametrize(("rounds", "where", "message"), [
    ("      - matches:\n          - Beta - Gamma:\n              - B One - C One: 1-0\n",
     (18, 13), "Beta - Gamma has 1 board, the division plays 2"),
    ("      - matches:\n          - Beta - Gamma:\n              - B One - A One: 1-0\n"
     "              - B Two - C Two: 1-0\n",
     (19, 17), "'A One' is not in the squad or reserves of 'Gamma' (plays for 'Alpha')"),
    ("      - matches:\n          - Beta - Gamma:\n              - B One - C One: 1-0\n"
     "              - B One - C Two: 1-0\n",
     (20, 17), "board 2: 'B One' already sits at board 1 of this match"),
    ("      - matches:\n          - Gamma - Beta: +-\n",
     (18, 13), "Beta is at home to Gamma this round; write 'Beta - Gamma'"),
    ("      - matches:\n          - Alpha - Beta: +-\n",
     (18, 13), "Alpha - Beta is not a match of this round's fixtures (Beta - Gamma)"),
    ("      - matches:\n          - Beta - Gamma:\n              - B Two - C One: 1-0\n"
     "              - B One - C Two: 1-0\n",
     (20, 17), "board order of 'Beta': 'B One' is listed before 'B Two'"),
    ("      - matches:\n          - Beta - Gamma:\n              - B One - C One: 2-0\n"
     "              - B Two - C Two: 1-0\n",
     (19, 32), "result '2-0' is not one of"),
])
def test_bad_input_is_named_at_its_line(tmp_path: Path, rounds: str, where: tuple[int, int],
                                        message: str) -> None:
    write(tmp_path, rounds)
    with pytest.raises(InputError) as err:
        load_season(tmp_path)
    found = [(p.line, p.col, p.message) for p in err.value.problems]
    assert any((line, col) == where and message in text for line, col, text in found), found
    run = cli("check", str(tmp_path))
    assert run.returncode == 2 and f"season.yaml:{where[0]}:{where[1]}:" in run.stderr + run.stdout


def test_standings_prints_the_team_table(tmp_path: Path) -> None:
    run = cli("standings", str(write(tmp_path)), "--section", "div1", "--json")
    assert run.returncode == 0, run.stderr
    data = json.loads(run.stdout)
    assert data["tiebreaks"] == ["MPTS", "GPTS", "DE", "SB:MP"]
    assert [(r["rank"], r["startno"], r["name"], r["values"][:2]) for r in data["rows"]] == [
        (1, 1, "Alpha", [3.0, 3.0]), (2, 2, "Beta", [3.0, 2.5]), (3, 3, "Gamma", [0.0, 0.5])]
    text = cli("standings", str(tmp_path), "--section", "div1").stdout
    assert "Alpha" in text.splitlines()[1]
