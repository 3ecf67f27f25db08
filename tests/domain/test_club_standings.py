"""Club and school standings inside an individual event (domain/club_standings.py), worked
by hand: each club's best N scores, the 'next' tie-break, shared ranks."""

from __future__ import annotations

from fractions import Fraction

import pytest

from leaguegen.domain.club_standings import ClubRules, Member, club_standings


def m(name: str, points: float, number: int = 0) -> Member:
    return Member(name, Fraction(points).limit_denominator(2), None, number)


FIELD = [  # (club, member) in standings order
    ("North", m("A", 4)), ("South", m("B", 4)), ("North", m("C", 3.5)),
    ("East", m("D", 3)), ("South", m("E", 3)), ("South", m("F", 2.5)),
    ("North", m("G", 2)), ("East", m("H", 2)), ("North", m("I", 1)),
    ("South", m("J", 0.5)),
]


def summary(rows) -> list[tuple]:  # noqa: ANN001
    return [(r.rank, r.club, float(r.points), [c.name for c in r.counted],
             [float(v) for v in r.values], r.shared) for r in rows]


def test_best_two_scores() -> None:
    # North 4 + 3.5 = 7.5; South 4 + 3 = 7; East 3 + 2 = 5
    assert summary(club_standings(ClubRules(best=2), FIELD)) == [
        (1, "North", 7.5, ["A", "C"], [], False),
        (2, "South", 7.0, ["B", "E"], [], False),
        (3, "East", 5.0, ["D", "H"], [], False),
    ]


def test_a_club_with_fewer_players_counts_what_it_has() -> None:
    # best 3: North 4 + 3.5 + 2 = 9.5; South 4 + 3 + 2.5 = 9.5; East (two players) 3 + 2 = 5
    rows = club_standings(ClubRules(best=3), FIELD)
    assert summary(rows) == [
        (1, "North", 9.5, ["A", "C", "G"], [], True),
        (1, "South", 9.5, ["B", "E", "F"], [], True),
        (3, "East", 5.0, ["D", "H"], [], False),
    ]
    assert [o.name for o in rows[0].others] == ["I"]


def test_the_next_best_score_separates_equal_clubs() -> None:
    # best 3, then 'next': North's 4th player I has 1, South's J 0.5: North ahead
    rows = club_standings(ClubRules(best=3, tiebreaks=("next",)), FIELD)
    assert summary(rows) == [
        (1, "North", 9.5, ["A", "C", "G"], [1.0], False),
        (2, "South", 9.5, ["B", "E", "F"], [0.5], False),
        (3, "East", 5.0, ["D", "H"], [0.0], False),  # no 3rd player: 'next' is 0
    ]


def test_equal_on_everything_share_a_rank_listed_by_name() -> None:
    field = [("Zeta", m("A", 2)), ("Alpha", m("B", 2)), ("Mid", m("C", 1))]
    assert summary(club_standings(ClubRules(best=1, tiebreaks=("next",)), field)) == [
        (1, "Alpha", 2.0, ["B"], [0.0], True),
        (1, "Zeta", 2.0, ["A"], [0.0], True),
        (3, "Mid", 1.0, ["C"], [0.0], False),
    ]


def test_a_clubs_players_equal_on_points_keep_standings_order() -> None:
    field = [("X", m("First", 2)), ("X", m("Second", 2)), ("X", m("Third", 2))]
    (row,) = club_standings(ClubRules(best=2), field)
    assert [c.name for c in row.counted] == ["First", "Second"]
    assert [o.name for o in row.others] == ["Third"]


def test_rules_refuse_nonsense() -> None:
    with pytest.raises(ValueError):
        ClubRules(best=0)
    with pytest.raises(ValueError):
        ClubRules(best=2, tiebreaks=("BH",))
