from __future__ import annotations

import pytest

from leaguegen.domain.model import Code, Player
from leaguegen.domain.schedule.knockout import (
    SINGLE_GAME,
    MatchFormat,
    MatchGame,
    MatchResult,
    Stage,
    bracket_order,
    bracket_size,
    knockout_bracket,
    players_in_round,
    round_count,
    seeds_by_rating,
)

W, L, D = Code.WIN, Code.LOSS, Code.DRAW


def win_for(seed: int, other: int) -> MatchResult:
    return MatchResult((MatchGame(seed, other, W),))


def favourites_win(n: int):
    """Play the whole bracket with the better seed winning every match."""
    results: dict[tuple[int, int], MatchResult] = {}
    bracket = knockout_bracket(n)
    for r in range(1, len(bracket.rounds) + 1):
        for m in bracket.rounds[r - 1]:
            if not m.bye:
                results[(m.round, m.index)] = win_for(min(m.top, m.bottom), max(m.top, m.bottom))
        bracket = knockout_bracket(n, results)
    return bracket


def test_bracket_order_known_sizes() -> None:
    assert bracket_order(2) == [1, 2]
    assert bracket_order(4) == [1, 4, 2, 3]
    assert bracket_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]


@pytest.mark.parametrize("n", range(2, 65))
def test_seeding_and_byes(n: int) -> None:
    size = bracket_size(n)
    assert size >= n > size // 2
    order = bracket_order(size)
    assert sorted(order) == list(range(1, size + 1))
    # round 1: seed s meets size + 1 - s
    assert all(order[i] + order[i + 1] == size + 1 for i in range(0, size, 2))
    # the top 2^k seeds are spread over the 2^k sections (1 and 2 in opposite halves, ...)
    k = 1
    while k <= size:
        section = size // k
        where = {order.index(s) // section for s in range(1, k + 1)}
        assert len(where) == k
        k *= 2
    bracket = knockout_bracket(n)
    first = bracket.rounds[0]
    assert len(first) == size // 2
    byes = [m for m in first if m.bye]
    assert len(byes) == size - n
    # the byes go to the top seeds, and the seed with a bye is already through
    assert sorted(m.winner for m in byes) == list(range(1, size - n + 1))
    assert all((m.top is None) != (m.bottom is None) for m in byes)
    assert all(m.top is not None and m.bottom is not None for m in first if not m.bye)
    assert len(bracket.rounds) == round_count(n)
    assert [len(r) for r in bracket.rounds] == [size >> r for r in range(1, round_count(n) + 1)]
    assert players_in_round(n, round_count(n)) == 2


@pytest.mark.parametrize("n", [2, 3, 5, 8, 13, 16, 17, 31, 64])
def test_favourites_meet_as_seeded(n: int) -> None:
    bracket = favourites_win(n)
    assert bracket.champion == 1
    final = bracket.rounds[-1][0]
    assert {final.top, final.bottom} == {1, 2}
    if n >= 4:
        semis = bracket.rounds[-2]
        assert {frozenset((m.top, m.bottom)) for m in semis} == {
            frozenset((1, 4)),
            frozenset((2, 3)),
        }
    for r, matches in enumerate(bracket.rounds, start=1):
        players = sorted(p for m in matches for p in (m.top, m.bottom) if p is not None)
        expected = list(range(1, min(n, bracket.size >> (r - 1)) + 1))
        assert players == expected


def test_winners_propagate_and_unknown_slots() -> None:
    bracket = knockout_bracket(4, {(1, 1): win_for(4, 1)})
    assert bracket.match(1, 1).winner == 4
    assert bracket.match(1, 1).decided_by == "regular"
    final = bracket.match(2, 1)
    assert (final.top, final.bottom) == (4, None)
    assert final.winner is None and bracket.champion is None
    with pytest.raises(ValueError):
        knockout_bracket(4, {(2, 1): win_for(4, 2)})  # opponent not known yet
    with pytest.raises(ValueError):
        knockout_bracket(4, {(1, 1): win_for(2, 3)})  # wrong players
    with pytest.raises(ValueError):
        knockout_bracket(3, {(1, 1): win_for(1, 4)})  # a bye has no result
    with pytest.raises(ValueError):
        knockout_bracket(4, {(3, 1): win_for(1, 2)})  # no such match


def test_armageddon_draw_sends_black_through() -> None:
    result = MatchResult(
        (MatchGame(1, 2, D), MatchGame(2, 1, D, "armageddon")),
    )
    assert result.advances(1, 2, SINGLE_GAME) == (1, "armageddon")
    result = MatchResult((MatchGame(1, 2, D), MatchGame(1, 2, W, "armageddon")))
    assert result.advances(1, 2, SINGLE_GAME) == (1, "armageddon")
    result = MatchResult((MatchGame(1, 2, D), MatchGame(1, 2, L, "armageddon")))
    assert result.advances(1, 2, SINGLE_GAME) == (2, "armageddon")
    # drawn game, armageddon not played yet: undecided
    assert MatchResult((MatchGame(1, 2, D),)).advances(1, 2) == (None, None)


def test_multi_game_match_with_tiebreaks() -> None:
    fmt = MatchFormat()  # 2 regular, 2 rapid, 2 blitz, armageddon
    games = [MatchGame(1, 2, W), MatchGame(2, 1, W)]  # 1-1
    assert MatchResult(tuple(games)).advances(1, 2, fmt) == (None, None)
    games += [MatchGame(1, 2, D, "rapid"), MatchGame(2, 1, D, "rapid")]
    assert MatchResult(tuple(games)).advances(1, 2, fmt) == (None, None)
    games += [MatchGame(1, 2, L, "blitz")]
    # 2 leads by a point with one blitz game left: not yet through
    assert MatchResult(tuple(games)).advances(1, 2, fmt) == (None, None)
    games += [MatchGame(2, 1, D, "blitz")]
    assert MatchResult(tuple(games)).advances(1, 2, fmt) == (2, "blitz")


def test_clinched_before_all_games_are_played() -> None:
    fmt = MatchFormat((Stage("regular", 4), Stage("armageddon", 1, True)))
    two_wins = (MatchGame(1, 2, W), MatchGame(2, 1, L))
    assert MatchResult(two_wins).advances(1, 2, fmt) == (None, None)  # 2-0, two to play
    three = (*two_wins, MatchGame(1, 2, D))
    assert MatchResult(three).advances(1, 2, fmt) == (1, "regular")  # 2.5-0.5


def test_inconsistent_results_are_rejected() -> None:
    fmt = MatchFormat()
    with pytest.raises(ValueError):  # tiebreak before the regular games ended
        MatchResult((MatchGame(1, 2, W), MatchGame(1, 2, W, "rapid"))).advances(1, 2, fmt)
    with pytest.raises(ValueError):  # too many games
        MatchResult((MatchGame(1, 2, D), MatchGame(2, 1, D))).advances(1, 2, SINGLE_GAME)
    with pytest.raises(ValueError):  # unknown stage
        MatchResult((MatchGame(1, 2, D, "bullet"),)).advances(1, 2, SINGLE_GAME)


def test_off_board_decision_and_pending_games() -> None:
    assert MatchResult(decided_for=2).advances(1, 2) == (2, "decision")
    with pytest.raises(ValueError):
        MatchResult(decided_for=3).advances(1, 2)
    assert MatchResult((MatchGame(1, 2, Code.PENDING),)).advances(1, 2) == (None, None)
    assert MatchResult((MatchGame(2, 1, Code.FORFEIT_WIN),)).advances(1, 2) == (2, "regular")


def test_per_round_formats() -> None:
    final = MatchFormat((Stage("regular", 2), Stage("armageddon", 1, True)))
    results = {
        (1, 1): win_for(1, 4),
        (1, 2): win_for(2, 3),
        (2, 1): win_for(1, 2),  # one game is not enough in a two-game final
    }
    bracket = knockout_bracket(4, results, [SINGLE_GAME, final])
    assert bracket.champion is None
    with pytest.raises(ValueError):
        knockout_bracket(4, results, [SINGLE_GAME])


def test_seeds_by_rating() -> None:
    players = [Player("B", 1500), Player("A", 1500), Player("C", 1700), Player("D")]
    assert [p.name for p in seeds_by_rating(players)] == ["C", "A", "B", "D"]


def test_results_as_code_pairs_from_the_season_loader() -> None:
    both_absent = (Code.FORFEIT_LOSS, Code.FORFEIT_LOSS)
    # a double forfeit scores nothing for either: the match stays open for a decision
    result = MatchResult((MatchGame(1, 2, both_absent),))
    assert result.advances(1, 2, SINGLE_GAME) == (None, None)
    black_won = (Code.LOSS, Code.WIN)
    assert MatchResult((MatchGame(1, 2, black_won),)).advances(1, 2) == (2, "regular")


def test_stages_as_organisers_write_them() -> None:
    assert Stage.parse("rapid 2") == Stage("rapid", 2)
    assert Stage.parse("Blitz 4") == Stage("blitz", 4)
    assert Stage.parse("armageddon") == Stage("armageddon", 1, armageddon=True)
    for wrong in ("rapid", "rapid 0", "armageddon 1", "rapid two", ""):
        with pytest.raises(ValueError, match="should be a name and a number of games"):
            Stage.parse(wrong)


def test_a_format_grows_stage_by_stage() -> None:
    fmt = MatchFormat((Stage("regular", 2),)).then(Stage("rapid", 2))
    with pytest.raises(ValueError, match="'rapid' is listed twice"):
        fmt.then(Stage("rapid", 4))
    fmt = fmt.then(Stage("armageddon", 1, armageddon=True))
    with pytest.raises(ValueError, match="armageddon must be the last"):
        fmt.then(Stage("blitz", 2))
    assert [fmt.stage_of_game(i) for i in range(6)] == [
        "regular", "regular", "rapid", "rapid", "armageddon", None]


def test_stage_points_from_the_top_seeds_side() -> None:
    from leaguegen.domain.model import Scoring
    from leaguegen.domain.schedule.knockout import StagePoints

    fmt = MatchFormat()
    result = MatchResult((MatchGame(2, 1, W), MatchGame(1, 2, D), MatchGame(2, 1, D, "rapid"),
                          MatchGame(1, 2, (Code.PENDING, Code.PENDING), "rapid")))
    assert result.stage_points(1, 2, fmt) == (StagePoints("regular", 1, 3, 2),
                                              StagePoints("rapid", 1, 1, 1))
    assert result.stage_points(2, 1, fmt)[0] == StagePoints("regular", 3, 1, 2)
    three = Scoring(win=3, draw=1, loss=0, forfeit_win=3)
    assert result.stage_points(1, 2, fmt, three)[0] == StagePoints("regular", 1, 4, 2)
    assert MatchGame(1, 2, W).codes == (Code.WIN, Code.LOSS)
    with pytest.raises(ValueError):  # a game of another match
        MatchResult((MatchGame(1, 3, W),)).stage_points(1, 2, fmt)
