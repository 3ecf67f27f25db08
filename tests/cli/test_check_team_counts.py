"""``leaguegen check``'s summary counts a team section's players and results: its teams'
squads and reserves, and its board results (it used to read ``section.players`` and
``section.games``, which a team section leaves empty, and said "0 players, 0 results")."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from leaguegen.cli import main
from tests.conftest import ROOT


def expected(folder: Path) -> tuple[int, int]:
    """Counted from the YAML itself, not through leaguegen: every team's players and
    reserves; every board line with a result, a whole-match default as all its boards."""
    data = yaml.safe_load((folder / "season.yaml").read_text(encoding="utf-8"))
    players = results = 0
    for section in data["sections"]:
        boards = section.get("boards", 4)
        for team in section["teams"]:
            players += len(team.get("players") or []) + len(team.get("reserves") or [])
        for rnd in section.get("rounds") or []:
            for match in rnd.get("matches") or []:
                ((_, value),) = match.items()
                if isinstance(value, list):
                    results += sum(1 for board in value for r in board.values() if r)
                elif value not in (None, "bye", "absent"):
                    results += boards
    return players, results


@pytest.mark.parametrize(("folder", "sections", "players", "results"), [
    (ROOT / "seasons" / "club-league-2026", "2 sections", 61, 76),
    (ROOT / "tests" / "data" / "team-swiss-2026", "1 section", 52, 168),
])
def test_check_counts_the_teams_players_and_board_results(folder: Path, sections: str,
                                                          players: int, results: int) -> None:
    assert expected(folder) == (players, results)
    out = CliRunner().invoke(main, ["check", str(folder)])
    assert out.exit_code == 0, out.output
    assert f"valid ({sections}, {players} players, {results} results)" in out.output
