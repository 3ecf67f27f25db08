from __future__ import annotations

from collections import Counter, defaultdict

import pytest

from leaguegen.domain.model import Code
from leaguegen.domain.schedule.scheveningen import (
    MatchPoints,
    Seat,
    Team,
    match_score,
    scheveningen,
)


def colour_sequences(n: int, double: bool = False) -> dict[Seat, list[str]]:
    seqs: dict[Seat, list[str]] = defaultdict(list)
    for rnd in scheveningen(n, double):
        for g in rnd:
            seqs[g.white].append("W")
            seqs[g.black].append("B")
    return seqs


def longest_run(seq: list[str]) -> int:
    best = cur = 1
    for a, b in zip(seq, seq[1:], strict=False):
        cur = cur + 1 if a == b else 1
        best = max(best, cur)
    return best


@pytest.mark.parametrize("n", range(1, 17))
@pytest.mark.parametrize("double", [False, True])
def test_each_cross_team_pair_meets_once_per_cycle(n: int, double: bool) -> None:
    rounds = scheveningen(n, double)
    cycles = 2 if double else 1
    assert len(rounds) == n * cycles
    met = Counter()
    for number, rnd in enumerate(rounds, start=1):
        assert len(rnd) == n
        seats = [g.white for g in rnd] + [g.black for g in rnd]
        assert len(set(seats)) == 2 * n  # everyone plays every round
        for g in rnd:
            assert g.round == number
            assert g.white.team is not g.black.team
            met[(g.a.board, g.b.board)] += 1
    assert set(met) == {(i, j) for i in range(1, n + 1) for j in range(1, n + 1)}
    assert set(met.values()) == {cycles}
    if double:
        # the second cycle reverses the colours of each pairing
        colours = defaultdict(set)
        for rnd in rounds:
            for g in rnd:
                colours[(g.a.board, g.b.board)].add(g.white.team)
        assert all(v == {Team.A, Team.B} for v in colours.values())


@pytest.mark.parametrize("n", range(1, 17))
@pytest.mark.parametrize("double", [False, True])
def test_colour_balance_within_one_and_no_three_in_a_row(n: int, double: bool) -> None:
    rounds = n * (2 if double else 1)
    for seat, seq in colour_sequences(n, double).items():
        assert abs(seq.count("W") - rounds / 2) <= 1, (seat, seq)
        if n >= 2:
            assert longest_run(seq) <= 2, (seat, seq)


@pytest.mark.parametrize("n", [2, 4, 6, 8, 10, 12])
def test_even_teams_have_white_on_half_the_boards_each_round(n: int) -> None:
    for rnd in scheveningen(n):
        assert sum(g.white.team is Team.A for g in rnd) == n // 2


@pytest.mark.parametrize("n", [4, 8, 12])
def test_multiple_of_four_is_exactly_balanced(n: int) -> None:
    for seq in colour_sequences(n).values():
        assert seq.count("W") == n // 2


def test_round_one_a_has_white_on_top_boards() -> None:
    first = scheveningen(6)[0]
    assert [(g.white.team.value, g.white.board) for g in first[:3]] == [
        ("A", 1),
        ("A", 2),
        ("A", 3),
    ]
    assert first[0].b == Seat(Team.B, 1)


def test_match_score_match_points_board_points_and_individuals() -> None:
    rounds = scheveningen(2)
    r1, r2 = rounds
    results = {
        r1[0]: Code.WIN,  # white wins
        r1[1]: Code.DRAW,
        r2[0]: Code.DRAW,
    }
    score = match_score(rounds, results)
    first, second = score.rounds
    white_team = r1[0].white.team
    if white_team is Team.A:
        assert (first.a_units, first.b_units) == (3, 1)
        assert (first.a_match_points, first.b_match_points) == (2, 0)
    else:
        assert (first.a_units, first.b_units) == (1, 3)
    assert first.complete and not second.complete
    assert (second.a_match_points, second.b_match_points) == (0, 0)
    assert score.a_board_units + score.b_board_units == 6
    assert score.individual[r1[0].white] == 3
    assert sum(score.individual.values()) == 6


def test_match_score_draw_forfeits_and_custom_match_points() -> None:
    rounds = scheveningen(2)
    r1 = rounds[0]
    a_white = next(g for g in r1 if g.white.team is Team.A)
    b_white = next(g for g in r1 if g.white.team is Team.B)
    results = {
        a_white: Code.FORFEIT_WIN,
        b_white: (Code.FORFEIT_LOSS, Code.FORFEIT_LOSS),  # nobody came
    }
    score = match_score(rounds[:1], results, match_points=MatchPoints(win=3, draw=1, loss=0))
    (rs,) = score.rounds
    assert (rs.a_units, rs.b_units) == (2, 0)
    assert (rs.a_match_points, rs.b_match_points) == (3, 0)
    even = match_score(rounds[:1], {a_white: Code.WIN, b_white: Code.WIN})
    assert (even.rounds[0].a_match_points, even.rounds[0].b_match_points) == (1, 1)
    pending = match_score(rounds[:1], {a_white: Code.WIN, b_white: Code.PENDING})
    assert not pending.rounds[0].complete


def test_bad_sizes() -> None:
    with pytest.raises(ValueError):
        scheveningen(0)
