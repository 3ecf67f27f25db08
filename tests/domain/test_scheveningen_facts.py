"""A Scheveningen match's facts: crosstable, team match per round, totals, leader, progress.

Two teams of three (A1-A3 are pairing numbers 1-3, B1-B3 are 4-6). The schedule
of ``domain.schedule.scheveningen`` for n = 3 is, White first:
round 1 A1-B1, A2-B2, A3-B3; round 2 B2-A1, B3-A2, B1-A3; round 3 A1-B3, A2-B1, A3-B2.
Every expected figure below is worked out by hand from that table.
"""

from __future__ import annotations

import datetime as dt

import pytest

from leaguegen.domain.model import Code, Player
from leaguegen.domain.schedule.scheveningen import DEFAULT_MATCH_POINTS, MatchPoints, Seat, Team
from leaguegen.domain.season import Game, GameResult, RoundInfo, Section, Withdrawal
from leaguegen.domain.sections import derive_facts
from leaguegen.domain.sections.scheveningen import (
    ScheveningenDetails,
    ScheveningenFacts,
    scheveningen_facts,
)

W, B, D = GameResult.WHITE_WINS, GameResult.BLACK_WINS, GameResult.DRAW
PLAYERS = (Player("A1", 2100), Player("A2", 2000), Player("A3", 1900),
           Player("B1", 2000), Player("B2", 1950), Player("B3", 1800))
ROUND_1 = (Game(1, 1, 4, W), Game(1, 2, 5, D), Game(1, 3, 6, B))
# round 2: B2 wins on forfeit against A1 (entered), A2 wins; B1 withdrew after round 1,
# so B1 - A3 has no result and becomes a forfeit win for A3 once round 2 is reached
ROUND_2 = (Game(2, 5, 1, GameResult.WHITE_FORFEIT_WIN), Game(2, 6, 2, B))
DATES = tuple(RoundInfo(r, dt.date(2026, 10, r)) for r in (1, 2, 3))


def match(games: tuple[Game, ...], withdrawals: tuple[Withdrawal, ...] = (Withdrawal(4, 1),),
          match_points: MatchPoints = DEFAULT_MATCH_POINTS) -> Section:
    return Section(id="m", name="M", format="scheveningen", players=PLAYERS, rounds=DATES,
                   games=games, withdrawals=withdrawals,
                   details=ScheveningenDetails("Reds", "Blues", 3, False, match_points))


def typed(section: Section) -> ScheveningenFacts:
    """The section's facts, derived, as a Scheveningen match's."""
    return scheveningen_facts(derive_facts(section))


def test_crosstable_forfeits_a_withdrawn_player_only_once_the_round_is_reached() -> None:
    early = typed(match(ROUND_1))
    assert early.table is not None
    # round 2 not reached yet: B1's game against A3 is still pending
    assert early.table.record(4).rounds[1].code is Code.PENDING
    assert early.table.record(3).rounds[1].code is Code.PENDING
    later = typed(match(ROUND_1 + ROUND_2))
    t = later.table
    assert t is not None
    assert [(e.opponent, e.colour.value, e.code) for e in t.record(4).rounds[:2]] == [
        (1, "b", Code.LOSS), (3, "w", Code.FORFEIT_LOSS)]
    assert t.record(3).rounds[1].code is Code.FORFEIT_WIN
    # the forfeit entered as a result
    assert (t.record(5).rounds[1].code, t.record(1).rounds[1].code) == (
        Code.FORFEIT_WIN, Code.FORFEIT_LOSS)
    assert t.record(6).rounds[2].code is Code.PENDING  # round 3 not reached
    assert [t.score(n) for n in range(1, 7)] == [2, 3, 2, 0, 3, 2]


def test_team_match_per_round_board_and_match_points() -> None:
    f = typed(match(ROUND_1 + ROUND_2 + (Game(3, 1, 6, W),)))
    rounds = [(r.round, r.a_units, r.b_units, r.complete, r.a_match_points, r.b_match_points)
              for r in f.score.rounds]
    assert rounds == [
        (1, 3, 3, True, 1, 1),   # 1-0, ½-½, 0-1: a drawn match
        (2, 4, 2, True, 2, 0),   # A1 lost on forfeit, A2 won, A3 won by B1's withdrawal
        (3, 4, 0, False, 0, 0),  # A1 won, A2 has B1's forfeit, A3 - B2 still to play
    ]
    assert (f.score.a_board_units, f.score.b_board_units) == (11, 5)
    assert (f.score.a_match_points, f.score.b_match_points) == (3, 1)
    assert f.leader == "Reds"
    assert [[(g.a.board, g.b.board) for g in rnd] for rnd in f.rounds] == [
        [(1, 1), (2, 2), (3, 3)], [(1, 2), (2, 3), (3, 1)], [(1, 3), (2, 1), (3, 2)]]


def test_custom_match_points_and_the_leader_on_board_points() -> None:
    three = typed(match(ROUND_1 + ROUND_2, match_points=MatchPoints(3, 1, 0)))
    assert (three.score.a_match_points, three.score.b_match_points) == (4, 1)
    # a round each (5-1 to Reds, then 0-6): level on match points, Blues ahead on board points
    level = typed(match((Game(1, 1, 4, W), Game(1, 2, 5, W), Game(1, 3, 6, D),
                               Game(2, 5, 1, W), Game(2, 6, 2, W), Game(2, 4, 3, W)), ()))
    assert (level.score.a_match_points, level.score.b_match_points) == (2, 2)
    assert (level.score.a_board_units, level.score.b_board_units) == (5, 7)
    assert level.leader == "Blues"
    # two narrow wins for Reds, one 0-6 for Blues: Reds lead on match points though behind
    # on board points
    reds = typed(match((Game(1, 1, 4, W), Game(1, 2, 5, W), Game(1, 3, 6, B),
                              Game(2, 5, 1, B), Game(2, 6, 2, B), Game(2, 4, 3, W),
                              Game(3, 1, 6, B), Game(3, 2, 4, B), Game(3, 3, 5, B)), ()))
    assert (reds.score.a_match_points, reds.score.b_match_points) == (4, 2)
    assert (reds.score.a_board_units, reds.score.b_board_units) == (8, 10)
    assert reds.leader == "Reds" and reds.finished
    blues = typed(match((Game(1, 1, 4, B), Game(1, 2, 5, D), Game(1, 3, 6, D)), ()))
    assert (blues.score.a_match_points, blues.score.b_match_points) == (0, 2)
    assert blues.leader == "Blues"
    drawn = typed(match((Game(1, 1, 4, D), Game(1, 2, 5, D), Game(1, 3, 6, D)), ()))
    assert (drawn.score.a_match_points, drawn.score.b_match_points) == (1, 1)
    assert drawn.leader is None
    assert typed(match((), ())).leader is None


def test_individual_scores_count_forfeits_but_rate_only_games_played() -> None:
    f = typed(match(ROUND_1 + ROUND_2 + (Game(3, 1, 6, W),)))
    a1, *_ = f.individual
    assert a1.seat == Seat(Team.A, 1)
    # A1: beat B1 (2000), lost on forfeit to B2, beat B3 (1800): 2 points from 2 games
    assert (a1.units, a1.played, a1.games) == (4, 2, 3)
    assert a1.performance == 1900 + 800
    b1 = f.individual[3]
    assert (b1.number, b1.seat, b1.units, b1.played) == (4, Seat(Team.B, 1), 0, 1)
    assert b1.performance == 2100 - 800


def test_progress_until_every_game_has_a_result_or_a_forfeit() -> None:
    start = typed(match(()))
    assert (start.progress.rounds_played, start.progress.rounds_total) == (0, 3)
    assert not start.finished and start.progress.next_date == dt.date(2026, 10, 1)
    partial = typed(match(ROUND_1 + ROUND_2 + (Game(3, 1, 6, W),)))
    assert partial.progress.rounds_played == 3 and not partial.finished
    assert partial.progress.next_date is None  # no later round with a date
    # the last game: A2 - B1 needs no result (B1 withdrew), A3 - B2 does
    done = typed(match(ROUND_1 + ROUND_2 + (Game(3, 1, 6, W), Game(3, 3, 5, D))))
    assert done.finished and done.progress.next_date is None
    assert done.score.rounds[2].complete
    assert done.leader == "Reds"


def test_facts_are_the_section_facts_and_typed() -> None:
    section = match(ROUND_1)
    f = derive_facts(section)
    assert isinstance(f, ScheveningenFacts) and scheveningen_facts(f) is f
    assert f.standings is None and f.rankings == ()  # a match feeds no later stage
    plain = Section(id="rr", name="RR", format="round_robin", players=PLAYERS[:4],
                    rounds=(), games=())
    with pytest.raises(TypeError):
        typed(plain)
