"""An event's change: 8.3.2 c-d (K × Σ ΔR) equals the sum of its games' changes, and two
published calculations made by FIDE's own rating server and calculator."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from leaguegen.domain.model import Code
from leaguegen.domain.rating import (
    GameInput,
    KFactor,
    NotCounted,
    event_change,
    expected_score,
    k_factor,
)

ratings = st.integers(min_value=1000, max_value=2900)
games = st.lists(st.builds(
    GameInput, st.integers(1, 20), st.sampled_from(["A", "B", None]),
    st.one_of(st.none(), ratings), st.sampled_from(list(Code))), max_size=25)
k_values = st.sampled_from([10, 20, 40])


@given(ratings, k_values, games)
def test_an_events_change_is_the_sum_of_its_games(rating: int, k: int,
                                                   rounds: list[GameInput]) -> None:
    event = event_change(rating, KFactor(k, "test"), rounds)
    assert event.change == sum((g.change for g in event.games), Fraction(0))
    assert event.change == event.k_used * sum(
        (g.score - g.expected for g in event.counted), Fraction(0))
    assert all(g.change == 0 for g in event.games if not g.counts)
    assert all(abs(g.change) <= event.k_used for g in event.games)
    assert event.k_used * len(event.counted) <= max(700, event.k_used)
    assert event.change * 100 == int(event.change * 100)  # exact hundredths


@given(st.integers(1000, 2649), st.integers(1000, 2649))
def test_below_2650_what_one_player_expects_the_other_does_not(a: int, b: int) -> None:
    assert expected_score(a, b) + expected_score(b, a) == 1


def test_the_700_cap_applies_over_the_events_counted_games() -> None:
    rounds = [GameInput(r, "x", 2000, Code.DRAW) for r in range(1, 19)]  # 18 games
    rounds.append(GameInput(19, "y", 2000, Code.FORFEIT_WIN))  # not counted
    event = event_change(2000, KFactor(40, "junior"), rounds)
    assert event.k_used == 38 and len(event.counted) == 18


def test_an_unrated_player_has_no_change_but_their_rated_games_are_listed() -> None:
    rounds = [GameInput(1, "a", 1800, Code.WIN), GameInput(2, "b", None, Code.WIN),
              GameInput(3, "c", 1700, Code.FORFEIT_WIN)]
    event = event_change(None, None, rounds)
    assert event.change is None and event.expected is None and event.rounded is None
    assert [g.game.round for g in event.counted] == [1]
    assert event.games[1].not_counted is NotCounted.UNRATED_OPPONENT
    assert event.score == 1


def test_fide_individual_calculation_june_2017() -> None:
    """FIDE's rating server's "Individual Calculations" of June 2017 for a player rated
    1922 with K 40 (as reproduced, names withheld, at
    http://www.elo-calculator.chesselo.com/test-other-elo.html): 1-0 against 1798
    (change 0.33, K×change 13.20), 0-1 against 1801 (-0.66, -26.40), 1-0 against 1897
    (0.47, 18.80); total 5.60. The differences are 124, 121 and 25: two of them on the
    edge of a band (114-121 and 18-25), so the table is checked where it is easiest to
    misread."""
    rounds = [GameInput(1, "B", 1798, Code.WIN), GameInput(2, "C", 1801, Code.LOSS),
              GameInput(3, "D", 1897, Code.WIN)]
    event = event_change(1922, k_factor(1922, given=40), rounds)
    assert [g.score - g.expected for g in event.games] == [
        Fraction(33, 100), Fraction(-66, 100), Fraction(47, 100)]
    assert [g.change for g in event.games] == [
        Fraction(1320, 100), Fraction(-2640, 100), Fraction(1880, 100)]
    assert event.change == Fraction(560, 100)
    assert event.rounded == 6


def test_fides_calculator_kasparov_carlsen() -> None:
    """FIDE's online calculator as a reader used it (chesschess.blogspot.com, 2008):
    2812 beating 2786 with K 10 "will gain 4.6 points". D 26: band 26-32, PD .54."""
    event = event_change(2812, k_factor(2812), [GameInput(1, "Carlsen", 2786, Code.WIN)])
    assert event.k_used == 10
    assert event.change == Fraction(46, 10)
