from __future__ import annotations

import pytest

from leaguegen.domain.model import Code
from leaguegen.domain.schedule.knockout import MatchGame, MatchResult, knockout_bracket
from leaguegen.domain.stages import Qualification, Seeding


def groups(count: int, size: int = 4) -> dict[str, list[str]]:
    """Final standings per group, best first: 'A1', 'A2', ... ('A1' won group A)."""
    letters = "ABCDEFGHIJKLMNOP"
    return {letters[g]: [f"{letters[g]}{p}" for p in range(1, size + 1)] for g in range(count)}


def first_round(players: list[str]) -> set[frozenset[str]]:
    bracket = knockout_bracket(len(players))
    return {
        frozenset((players[m.top - 1], players[m.bottom - 1]))
        for m in bracket.rounds[0]
        if not m.bye
    }


def test_four_groups_top_two_cross_seeded() -> None:
    players = Qualification("groups", 2).players(groups(4))
    assert players == ["A1", "B1", "C1", "D1", "C2", "D2", "A2", "B2"]
    assert first_round(players) == {
        frozenset(p) for p in [("A1", "B2"), ("B1", "A2"), ("C1", "D2"), ("D1", "C2")]
    }


@pytest.mark.parametrize("count", [2, 4, 8])
def test_group_mates_only_meet_in_the_final(count: int) -> None:
    players = Qualification("groups", 2).players(groups(count))
    bracket = knockout_bracket(len(players))
    top_half = {m.top for m in bracket.rounds[0][: len(bracket.rounds[0]) // 2]} | {
        m.bottom for m in bracket.rounds[0][: len(bracket.rounds[0]) // 2]
    }
    for letter in "ABCDEFGH"[:count]:
        s1, s2 = players.index(f"{letter}1") + 1, players.index(f"{letter}2") + 1
        assert (s1 in top_half) != (s2 in top_half)
    # no round-1 match between group mates
    assert all(a[0] != b[0] for a, b in (tuple(p) for p in first_round(players)))


def test_one_per_group_and_by_place() -> None:
    assert Qualification("groups", 1).players(groups(4)) == ["A1", "B1", "C1", "D1"]
    by_place = Qualification("groups", 2, Seeding.BY_PLACE).players(groups(3))
    assert by_place == ["A1", "B1", "C1", "A2", "B2", "C2"]


def test_entrants_record_where_they_came_from() -> None:
    qs = Qualification("groups", 2).entrants(groups(2))
    assert [(q.player, q.group, q.place, q.seed) for q in qs] == [
        ("A1", "A", 1, 1),
        ("B1", "B", 1, 2),
        ("A2", "A", 2, 3),
        ("B2", "B", 2, 4),
    ]


def test_uses_the_given_ranking_including_tiebreaks() -> None:
    # B3 and B2 tied on points; the tiebreak (computed elsewhere) put B3 ahead
    standings = {"A": ["A1", "A2", "A3"], "B": ["B1", "B3", "B2"]}
    players = Qualification("groups", 2).players(standings)
    assert "B3" in players and "B2" not in players


def test_exclusion_inside_a_group() -> None:
    players = Qualification("groups", 2).players(groups(2), exclude={"A1"})
    assert players == ["A2", "B1", "A3", "B2"]


def test_errors() -> None:
    with pytest.raises(ValueError):
        Qualification("groups", 2).players(groups(3))  # cross seeding needs pairs of groups
    with pytest.raises(ValueError):
        Qualification("groups", 5).players(groups(2))  # not enough players
    with pytest.raises(ValueError):
        Qualification("groups", 0).players(groups(2))
    with pytest.raises(ValueError):
        Qualification("groups", 1).players({})
    with pytest.raises(ValueError):
        Qualification("groups", 1).players({"A": ["x", "y"], "B": ["x", "z"]})


def test_groups_to_knockout_end_to_end() -> None:
    """Grand-Prix shape: four groups, top two into an 8-player knockout."""
    players = Qualification("groups", 2).players(groups(4))
    seed = {p: i for i, p in enumerate(players, start=1)}
    results = {}
    bracket = knockout_bracket(8)
    for m in bracket.rounds[0]:
        # runners-up win every first-round match
        loser, winner = sorted((m.top, m.bottom))
        results[(1, m.index)] = MatchResult((MatchGame(winner, loser, Code.WIN),))
    bracket = knockout_bracket(8, results)
    semi_players = {players[s - 1] for m in bracket.rounds[1] for s in (m.top, m.bottom)}
    assert semi_players == {"A2", "B2", "C2", "D2"}
    assert seed["A2"] == 7
