"""The FIDE 50 % rule on the worked example of rules/withdrawals.md, section 2."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from leaguegen.domain import roundrobin
from leaguegen.domain.standings import compute_standings
from leaguegen.formats.season_yaml import load_season

SEASON = """\
name: Withdrawal example
sections:
  - id: six
    name: Six players
    format: round_robin
    players: [P1, P2, P3, P4, P5, P6]
{withdrawal}
    rounds:
      - results:
          - P1 - P6: 1-0
          - P2 - P5: ½-½
          - P3 - P4: 1-0
      - results:
          - P6 - P4: 1-0
          - P5 - P3: 0-1
          - P1 - P2: ½-½
      - results:
{r3}
          - P3 - P1: ½-½
          - P4 - P5: 1-0
      - results:
          - P1 - P4: 1-0
          - P2 - P3: 0-1
      - results:
          - P4 - P2: ½-½
          - P5 - P1: 0-1
"""


def _load(tmp_path: Path, after: int, r3: str):
    (tmp_path / "season.yaml").write_text(SEASON.format(
        withdrawal=f"    withdrawals:\n      - {{player: P6, after_round: {after}}}", r3=r3))
    section = load_season(tmp_path).sections[0]
    table = roundrobin.build_crosstable(section)
    excluded = roundrobin.withdrawn_unranked(section, table)
    standings = compute_standings(table, ["DE", "SB"], "round-robin", excluded=excluded)
    return table, excluded, standings


def _points(table, standings):
    unit = table.scoring.unit
    crosstable = {r.number: table.score(r.number) * unit for r in table.records}
    counted = {row.number: row.points * unit for row in standings.rows}
    return crosstable, counted


def test_under_half_played_is_removed_from_standings(tmp_path: Path) -> None:
    table, excluded, standings = _load(tmp_path, 2, "")
    assert excluded == {6}
    crosstable, counted = _points(table, standings)
    assert crosstable == {3: Fraction(9, 2), 1: 4, 2: Fraction(5, 2), 4: Fraction(3, 2),
                          5: Fraction(3, 2), 6: 1}
    assert counted == {3: Fraction(7, 2), 1: 3, 2: Fraction(3, 2), 4: Fraction(3, 2),
                       5: Fraction(1, 2)}
    assert [row.number for row in standings.rows][:2] == [3, 1]
    assert {row.number: row.rank for row in standings.rows}[5] == 5
    # the unplayed games are shown as forfeits in the crosstable
    assert table.record(2).rounds[2].code.value == "+"
    assert table.record(6).rounds[2].code.value == "-"


def test_half_or_more_played_keeps_results(tmp_path: Path) -> None:
    table, excluded, standings = _load(tmp_path, 3, "          - P2 - P6: ½-½")
    assert excluded == frozenset()
    _, counted = _points(table, standings)
    assert counted == {3: Fraction(9, 2), 1: 4, 2: 2, 4: Fraction(3, 2), 5: Fraction(3, 2),
                       6: Fraction(3, 2)}
    ranks = {row.number: row.rank for row in standings.rows}
    assert ranks[3] == 1 and ranks[1] == 2 and ranks[2] == 3
    assert sorted(ranks[n] for n in (4, 5, 6))[0] == 4


def test_exactly_half_counts_as_enough(tmp_path: Path) -> None:
    # 4 players, 3 games each: leaving after 2 of 3 (67 %) keeps; threshold 100 % removes.
    text = SEASON.format(withdrawal="    withdrawals:\n      - {player: P6, after_round: 2}",
                         r3="").replace("    players:", "    withdrawal_threshold: 40%\n"
                                                          "    players:")
    (tmp_path / "season.yaml").write_text(text)
    section = load_season(tmp_path).sections[0]
    table = roundrobin.build_crosstable(section)
    # 2 of 5 games = 40 %: exactly the threshold, so the results stand
    assert roundrobin.withdrawn_unranked(section, table) == frozenset()
