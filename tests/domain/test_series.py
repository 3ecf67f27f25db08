"""A grand prix series worked by hand (domain/series.py): ties sharing a place's points,
best N of M with results dropped, a player below the minimum of events, and a tie in the
series broken by the rule the file states."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from leaguegen.domain.series import (
    Finisher,
    SeriesRules,
    event_places,
    series_standings,
)

TABLE = tuple(F(p) for p in (10, 8, 6, 4, 2))


def rules(**kw: object) -> SeriesRules:
    base: dict[str, object] = dict(id="gp", name="GP", events=("e1", "e2", "e3"),
                                   points=TABLE, best=2, minimum=2)
    base.update(kw)
    return SeriesRules(**base)  # type: ignore[arg-type]


def f(name: str, rank: int, score: float) -> Finisher:
    return Finisher(name.lower(), name, rank, F(score))


# Event 1: Ann 1st, Bob and Cat tied for 2nd on every tie-break, Dan 4th, Eve 5th.
E1 = [f("Ann", 1, 4), f("Bob", 2, 3), f("Cat", 2, 3), f("Dan", 4, 1.5), f("Eve", 5, 0.5)]
E2 = [f("Bob", 1, 3), f("Ann", 2, 2.5), f("Dan", 3, 2), f("Fay", 4, 0.5)]
E3 = [f("Cat", 1, 3), f("Dan", 2, 2), f("Ann", 3, 1.5), f("Bob", 4, 1)]


def test_a_tie_for_second_shares_second_and_third_places_points() -> None:
    got = event_places(rules(), E1)
    # (8 + 6) / 2 = 7 each; the next player is 4th, not 3rd
    assert got["bob"] == (2, 2, F(7)) and got["cat"] == (2, 2, F(7))
    assert got["dan"] == (4, 1, F(4)) and got["ann"] == (1, 1, F(10))


def test_a_tie_for_second_each_taking_the_higher_place() -> None:
    got = event_places(rules(ties="higher"), E1)
    assert got["bob"] == (2, 2, F(8)) and got["cat"] == (2, 2, F(8))
    assert got["dan"] == (4, 1, F(4))


def test_tied_on_points_only_when_the_series_says_places_by_points() -> None:
    # Bob above Cat on the event's tie-breaks, equal on points
    event = [f("Ann", 1, 4), f("Bob", 2, 3), f("Cat", 3, 3)]
    assert event_places(rules(), event)["bob"] == (2, 1, F(8))
    assert event_places(rules(), event)["cat"] == (3, 1, F(6))
    assert event_places(rules(places="points"), event)["cat"] == (2, 2, F(7))


def test_past_the_table_scores_rest() -> None:
    event = [f(n, i, 6 - i) for i, n in enumerate("ABCDEFG", start=1)]
    got = event_places(rules(rest=F(1)), event)
    assert got["f"] == (6, 1, F(1)) and got["e"] == (5, 1, F(2))


def test_best_two_of_three_minimum_two_no_tiebreak() -> None:
    rows = series_standings(rules(), [E1, E2, E3])
    table = [(r.rank, r.name, r.total, r.shared) for r in rows]
    # Ann 10 + 8 (6 dropped) = 18; Bob 7 + 10 (4 dropped) = 17; Cat 7 + 10 = 17;
    # Dan 6 + 8 (4 dropped) = 14; Fay 4 and Eve 2 played one event: not ranked
    assert table == [(1, "Ann", 18, False), (2, "Bob", 17, True), (2, "Cat", 17, True),
                     (4, "Dan", 14, False), (None, "Fay", 4, False), (None, "Eve", 2, False)]
    ann = rows[0]
    assert [(r.points, r.counted) for r in ann.results if r] == [(10, True), (8, True),
                                                                   (6, False)]
    cat = rows[2]
    assert cat.results[1] is None and all(r.counted for r in cat.results if r)


def test_dropped_of_equal_points_is_the_later_event() -> None:
    event = [f("Ann", 1, 3)]
    rows = series_standings(rules(best=1, minimum=1), [event, event, event])
    assert [r.counted for r in rows[0].results if r] == [True, False, False]


def test_the_tie_in_the_series_broken_by_more_events_played() -> None:
    rows = series_standings(rules(tiebreaks=("played",)), [E1, E2, E3])
    assert [(r.rank, r.name) for r in rows[:4]] == [(1, "Ann"), (2, "Bob"), (3, "Cat"),
                                                    (4, "Dan")]
    assert rows[1].decided_by == "played" and rows[1].values == (3,)
    assert rows[2].values == (2,) and not rows[1].shared


def test_the_same_tie_broken_by_the_last_event_goes_the_other_way() -> None:
    # the last event: Cat 10, Bob 4
    rows = series_standings(rules(tiebreaks=("last", "played")), [E1, E2, E3])
    assert [r.name for r in rows[1:3]] == ["Cat", "Bob"]
    assert rows[1].decided_by == "last"


def test_better_best_places_and_all_points() -> None:
    # P: 1st and 3rd (10 + 6); Q: 2nd twice (8 + 8): equal on 16 and on events played
    e1 = [f("P", 1, 3), f("Q", 2, 2), f("R", 3, 1)]
    e2 = [f("R", 1, 3), f("Q", 2, 2), f("P", 3, 1)]
    rows = series_standings(rules(events=("a", "b"), tiebreaks=("played", "best")), [e1, e2])
    # R: 3rd and 1st, the same places as P: equal on everything, they share first
    assert [(r.rank, r.name, r.total) for r in rows] == [(1, "P", 16), (1, "R", 16),
                                                         (3, "Q", 16)]
    assert rows[0].decided_by is None and rows[1].decided_by == "best"
    assert rows[0].values == (2, (1, 3)) and rows[2].values == (2, (2, 2))


def test_all_points_counts_the_dropped_results() -> None:
    rows = series_standings(rules(tiebreaks=("all",)), [E1, E2, E3])
    assert rows[1].name == "Bob" and rows[1].values == (21,)
    assert rows[2].values == (17,)


@pytest.mark.parametrize("bad", [dict(best=0), dict(minimum=0), dict(ties="split"),
                                 dict(tiebreaks=("sb",)), dict(points=()), dict(events=())])
def test_rules_refuse_what_cannot_be_computed(bad: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        rules(**bad)
