"""Quads groups and Scheveningen sections as the loader builds them from season files.

Knockout sections: tests/formats/test_knockout_reader.py.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from leaguegen.domain import roundrobin
from leaguegen.domain.model import Player
from leaguegen.domain.schedule import berger
from leaguegen.domain.schedule import quads as q
from leaguegen.domain.season import GameResult
from leaguegen.formats.season_yaml import load_season
from tests.conftest import ROOT
from tests.group_files import players_yaml, write


def quads_season(n: int, extra: str = "", late: str = "", rounds: str = "") -> str:
    return (f"name: Q\nsections:\n  - id: q\n    name: Q\n    format: quads\n{extra}"
            f"    players:\n{players_yaml(n)}\n{late}{rounds}")


@pytest.mark.parametrize("n", range(4, 41))
def test_groups_from_a_season_file_follow_the_rule(tmp_path: Path, n: int) -> None:
    section = load_season(write(tmp_path, quads_season(n))).section("q")
    groups = section.details.groups
    expected = q.group_sizes(n)
    assert tuple(len(g.players) for g in groups) == expected
    assert 3 not in expected or n == 3
    # strongest first: P01.. are in rating order, so the groups are consecutive runs
    flat = [p.name for g in groups for p in g.players]
    assert flat == [f"P{i:02d}" for i in range(1, n + 1)]
    for g in groups:
        assert g.format == "round_robin"
        assert roundrobin.section_schedule(g) == berger.schedule(len(g.players))


@pytest.mark.parametrize("options,sizes", [
    ("    fold: top\n", (6, 5, 4, 4)),
    ("    remainder3: seven\n", (4, 4, 4, 7)),
    ("    remainder3: three\n", (4, 4, 4, 4, 3)),
])
def test_grouping_options(tmp_path: Path, options: str, sizes: tuple[int, ...]) -> None:
    section = load_season(write(tmp_path, quads_season(19, options))).section("q")
    assert tuple(len(g.players) for g in section.details.groups) == sizes


def test_double_quads_are_double_round_robins(tmp_path: Path) -> None:
    section = load_season(write(tmp_path, quads_season(8, "    double: true\n"))).section("q")
    assert [len(g.rounds) for g in section.details.groups] == [6, 6]
    assert all(g.format == "double_round_robin" for g in section.details.groups)


def test_seeding_list_keeps_the_written_order(tmp_path: Path) -> None:
    text = quads_season(8, "    seeding: list\n").replace("P01, rating: 1990", "P01, rating: 900")
    section = load_season(write(tmp_path, text)).section("q")
    assert section.details.groups[0].players[0].name == "P01"
    by_rating = load_season(write(tmp_path, text.replace("    seeding: list\n", ""),
                                  "b")).section("q")
    assert by_rating.details.groups[0].players[0].name == "P02"


def test_late_entry_and_withdrawal_before_round_one_regroup(tmp_path: Path) -> None:
    late = ("    late_entries:\n      - {name: Late, rating: 1935}\n"
            "    withdrawals:\n      - {player: P02, after_round: 0}\n")
    section = load_season(write(tmp_path, quads_season(12, late=late))).section("q")
    d = section.details
    entrants = [Player(f"P{i:02d}", 2000 - 10 * i) for i in range(1, 13) if i != 2]
    entrants.append(Player("Late", 1935))
    assert [[p.name for p in g.players] for g in d.groups] == \
        [[p.name for p in g.players] for g in q.make_groups(entrants)]
    assert d.late == ("Late",) and d.withdrawn == ("P02",)
    # 13 players: 4 4 5; the moves are exactly those regroup reports
    _, moves = q.regroup(q.make_groups([Player(f"P{i:02d}", 2000 - 10 * i)
                                        for i in range(1, 13)]), entrants)
    assert set(d.moves) == set(moves)
    assert any(m.name == "Late" and m.old_group is None for m in d.moves)
    assert any(m.name == "P02" and m.new_group is None for m in d.moves)
    assert "P02" not in [p.name for p in section.players]


def test_withdrawal_after_round_one_is_a_round_robin_withdrawal(tmp_path: Path) -> None:
    rounds = ("    withdrawals:\n      - {player: P06, after_round: 1}\n"
              "    rounds:\n      - results:\n          - P05 - P08: 1-0\n"
              "          - P06 - P07: 0-1\n      - results:\n          - P05 - P06:\n"
              "          - P08 - P07: ½-½\n")
    section = load_season(write(tmp_path, quads_season(8, rounds=rounds))).section("q")
    group = section.details.groups[1]
    assert [p.name for p in group.players] == ["P05", "P06", "P07", "P08"]
    assert [(w.player, w.after_round) for w in group.withdrawals] == [(2, 1)]
    table = roundrobin.build_crosstable(group)
    # round 2 (reached): P05 - P06 unplayed, P06 gone -> forfeit win for P05
    assert table.record(1).rounds[1].code.value == "+"
    # every game is also listed in the section's own numbering, for counting
    assert len([g for g in section.games if g.result is not None]) == 3


def test_demo_quads_event() -> None:
    season = load_season(ROOT / "seasons" / "school-quads-2026")
    section = season.sections[0]
    d = section.details
    assert len(section.players) == 61 and 61 % 4 == 1
    assert [len(g.players) for g in d.groups] == [4] * 14 + [5]
    assert d.late == ("Theo Marsh",)
    assert d.event_rounds == 5


def test_scheveningen_from_file(tmp_path: Path) -> None:
    text = """\
    name: T
    sections:
      - id: m
        name: M
        format: scheveningen
        teams:
          - {name: A, players: [A1, A2, A3, A4]}
          - {name: B, players: [B1, B2, B3, B4]}
        rounds:
          - results:
              - A1 - B1: 1-0
              - A2 - B2: ½-½
              - B3 - A3: 0-1
              - B4 - A4: --
    """
    section = load_season(write(tmp_path, text)).section("m")
    assert [p.name for p in section.players] == ["A1", "A2", "A3", "A4", "B1", "B2", "B3", "B4"]
    assert len(section.rounds) == 4
    assert {(g.white, g.black, g.result) for g in section.games} == {
        (1, 5, GameResult.WHITE_WINS), (2, 6, GameResult.DRAW), (7, 3, GameResult.BLACK_WINS),
        (8, 4, GameResult.DOUBLE_FORFEIT)}


def test_withdrawal_after_the_last_round_of_the_group(tmp_path: Path) -> None:
    from leaguegen.errors import InputError

    text = quads_season(8, rounds="    withdrawals:\n      - {player: P06, after_round: 4}\n")
    with pytest.raises(InputError) as err:
        load_season(write(tmp_path, text))
    assert "P06 withdrew after round 4, but group 2 has 3 rounds" in str(err.value)
