"""Hand-worked prize cases: each field, prize list and expected payment worked on paper.

Amounts are in minor units (pence/cents) unless a case says otherwise; a field is
written best first as (name, points, rating, extra Player fields), and its rank is
competition ranking by points unless the case gives ranks (tie-break standings).
The German Wikipedia "Hort-System" article and the Vega manual give cases 5, 6 and 8.
"""

from __future__ import annotations

import datetime as dt

import pytest

from leaguegen.domain.model import Player
from leaguegen.domain.prizes import (
    Category,
    Criteria,
    Finisher,
    Order,
    PrizeRules,
    Ties,
    award_prizes,
)
from leaguegen.domain.prizes.eligibility import age_on


def field(*rows: tuple, ranks: list[int] | None = None) -> list[Finisher]:
    """Finishers from (name, points, rating, **player) rows, best first."""
    out = []
    for i, row in enumerate(rows):
        name, points, rating, *more = row
        extra = more[0] if more else {}
        rank = ranks[i] if ranks else 1 + sum(1 for r in rows if r[1] > points)
        out.append(Finisher(i + 1, Player(name=name, rating=rating, **extra), points, rank))
    return out


def places(*amounts: int, **kw) -> PrizeRules:
    return PrizeRules("EUR", (Category("Places", amounts, place=True),), **kw)


def paid(outcome) -> dict[str, int]:
    return {a.name: a.amount for a in outcome.awards}


# 1
def test_clear_places_take_their_prizes() -> None:
    out = award_prizes(places(10000, 6000, 4000), field(("A", 5, 2000), ("B", 4, 1900),
                                                        ("C", 3, 1800), ("D", 2, 1700)))
    assert paid(out) == {"A": 10000, "B": 6000, "C": 4000}
    assert [a.how for a in out.awards] == ["whole"] * 3


# 2
def test_two_tied_for_first_share_first_and_second() -> None:
    out = award_prizes(places(10000, 6000, 4000), field(("A", 5, 2000), ("B", 5, 1900),
                                                        ("C", 4, 1800)))
    assert paid(out) == {"A": 8000, "B": 8000, "C": 4000}
    first = out.awards[0]
    assert first.how == "shared" and first.shared_with == (2,)
    assert [p.place for p in first.prizes] == [1, 2]


# 3
def test_three_tied_for_second_share_second_to_fourth() -> None:
    out = award_prizes(places(10000, 6000, 4000, 2000),
                       field(("A", 5, 1), ("B", 4, 1), ("C", 4, 1), ("D", 4, 1), ("E", 3, 1)))
    assert paid(out) == {"A": 10000, "B": 4000, "C": 4000, "D": 4000}


# 4
def test_more_tied_than_prizes_all_share_and_odd_pennies_go_down_the_standings() -> None:
    out = award_prizes(places(10000, 6000), field(("A", 5, 1), ("B", 5, 1), ("C", 5, 1),
                                                  ("D", 4, 1)))
    # 160.00 / 3 = 53.33 r 0.01: the left-over penny to the first in standings order
    assert paid(out) == {"A": 5334, "B": 5333, "C": 5333}
    assert out.paid == 16000


# 5
def test_hort_german_wikipedia_example() -> None:
    """de.wikipedia "Hort-System": 1000/500/350/200/150/100; A, B on 8; C 7.5;
    D, E, F on 7 -> 875, 625, 350, 175, 150, 125."""
    rules = places(1000, 500, 350, 200, 150, 100, ties=Ties.HORT, decimals=0)
    out = award_prizes(rules, field(("A", 16, 1), ("B", 16, 1), ("C", 15, 1), ("D", 14, 1),
                                    ("E", 14, 1), ("F", 14, 1)))
    assert paid(out) == {"A": 875, "B": 625, "C": 350, "D": 175, "E": 150, "F": 125}
    assert out.awards[2].how == "whole"
    assert [a.how for a in out.awards if a.name != "C"] == ["hort"] * 5


# 6
def test_hort_vega_manual_example() -> None:
    """Vega's manual: four share 10,000/8,000/6,000/4,000 -> 8,500/7,500/6,500/5,500."""
    rules = places(10000, 8000, 6000, 4000, ties=Ties.HORT, decimals=0)
    out = award_prizes(rules, field(*[(n, 7, 1) for n in "ABCD"]))
    assert paid(out) == {"A": 8500, "B": 7500, "C": 6500, "D": 5500}


# 7
def test_hort_with_more_tied_than_prizes() -> None:
    # own halves 50.00, 30.00, none; pot 80.00 / 3 = 26.66 r 0.02
    rules = places(10000, 6000, ties=Ties.HORT)
    out = award_prizes(rules, field(("A", 5, 1), ("B", 5, 1), ("C", 5, 1)))
    assert paid(out) == {"A": 7667, "B": 5667, "C": 2666}
    assert out.awards[2].own is None
    assert out.paid == 16000


# 8
def test_hort_english_example_in_cents_never_pays_more_than_the_fund() -> None:
    """The English translation's example (100/80/60/40/20/10). It rounds the 4th-6th
    pot share of 11.67 up to 12, paying 71 for 70; in cents nothing is lost or added."""
    rules = places(10000, 8000, 6000, 4000, 2000, 1000, ties=Ties.HORT)
    out = award_prizes(rules, field(("A", 16, 1), ("B", 16, 1), ("C", 15, 1), ("D", 14, 1),
                                    ("E", 14, 1), ("F", 14, 1)))
    assert paid(out) == {"A": 9500, "B": 8500, "C": 6000, "D": 3167, "E": 2167, "F": 1666}
    assert out.paid == out.fund


# 9
def test_tiebreaks_mode_orders_equal_points_by_rank() -> None:
    rules = places(10000, 6000, ties=Ties.TIEBREAKS)
    out = award_prizes(rules, field(("A", 5, 1), ("B", 5, 1), ("C", 4, 1), ranks=[1, 2, 3]))
    assert paid(out) == {"A": 10000, "B": 6000}
    assert all(a.how == "whole" for a in out.awards)


# 10
def test_tiebreaks_mode_shares_between_players_equal_on_every_tiebreak() -> None:
    rules = places(10000, 6000, 3000, ties=Ties.TIEBREAKS)
    out = award_prizes(rules, field(("A", 5, 1), ("B", 4, 1), ("C", 4, 1), ranks=[1, 2, 2]))
    assert paid(out) == {"A": 10000, "B": 4500, "C": 4500}


U1800 = Criteria(rating_max=1799)


def with_categories(place_amounts: tuple[int, ...], *cats: Category, **kw) -> PrizeRules:
    head = (Category("Places", place_amounts, place=True),) if place_amounts else ()
    return PrizeRules("EUR", head + cats, **kw)


# 11
def test_class_player_takes_the_larger_class_prize_and_the_place_prize_passes_down() -> None:
    rules = with_categories((10000, 5000), Category("U1800", (8000,), U1800))
    out = award_prizes(rules, field(("A", 5, 2000), ("B", 4, 1700), ("C", 3, 1600)))
    assert paid(out) == {"A": 10000, "B": 8000, "C": 5000}
    c = out.awards[2]
    assert (c.category, c.prizes[0].place, c.rank) == ("Places", 2, 3)


# 12
def test_order_written_takes_the_first_prize_written_not_the_largest() -> None:
    rules = with_categories((10000, 5000), Category("U1800", (8000,), U1800),
                            order=Order.WRITTEN)
    out = award_prizes(rules, field(("A", 5, 2000), ("B", 4, 1700), ("C", 3, 1600)))
    assert paid(out) == {"A": 10000, "B": 5000, "C": 8000}


# 13
def test_equal_value_place_prize_before_class_prize() -> None:
    """US Chess 32B4: eligible for a place and a class prize of identical amount, the
    player receives the place prize."""
    rules = with_categories((10000, 5000), Category("U1800", (5000,), U1800))
    out = award_prizes(rules, field(("A", 5, 2000), ("B", 4, 1700), ("C", 3, 1600)))
    assert {a.name: a.category for a in out.awards} == {"A": "Places", "B": "Places",
                                                         "C": "U1800"}


# 14
def test_player_in_several_categories_takes_the_most_valuable_one_only() -> None:
    rules = with_categories((), Category("Junior", (3000,), Criteria(age_max=15)),
                            Category("Woman", (4000,), Criteria(sex="w")),
                            Category("U1800", (5000,), U1800), age_on=dt.date(2026, 1, 1))
    out = award_prizes(rules, field(("Ann", 5, 1700, {"sex": "w", "birth": "2012"}),
                                    ("Bob", 4, 1750, {"sex": "m", "birth": "2013"}),
                                    ("Cat", 3, 2100, {"sex": "w"})))
    assert {a.name: a.category for a in out.awards} == {"Ann": "U1800", "Bob": "Junior",
                                                         "Cat": "Woman"}
    ann = out.awards[0]
    assert {(x.category, x.why) for x in ann.also} == {("Junior", "later"), ("Woman", "later")}
    assert [x.next.amount for x in ann.also if x.next] == [3000, 4000]


# 15
def test_empty_category_is_reported_not_paid() -> None:
    rules = with_categories((10000,), Category("Veteran", (2000,), Criteria(age_min=65)),
                            age_on=dt.date(2026, 1, 1))
    out = award_prizes(rules, field(("A", 5, 2000, {"birth": "1990"}), ("B", 4, 1900)))
    assert paid(out) == {"A": 10000}
    assert [(u.prize.category, u.reason) for u in out.unawarded] == [
        ("Veteran", "no player qualifies")]
    assert out.paid == 10000 and out.fund == 12000


# 16
def test_category_whose_players_all_have_better_prizes_is_not_awarded() -> None:
    rules = with_categories((10000, 5000), Category("U1800", (1000,), U1800))
    out = award_prizes(rules, field(("A", 5, 1700), ("B", 4, 1750), ("C", 3, 2000)))
    assert paid(out) == {"A": 10000, "B": 5000}
    assert out.unawarded[0].reason == "every player who qualifies has a prize already"
    assert ("U1800", "awarded") not in {(x.category, x.why) for x in out.awards[0].also}


# 17
def test_unrated_player_is_in_no_rating_band_but_in_the_unrated_category() -> None:
    rules = with_categories((10000,), Category("U1800", (3000,), U1800),
                            Category("Unrated", (2000,), Criteria(unrated=True)))
    out = award_prizes(rules, field(("A", 5, 2000), ("New", 4, None), ("C", 3, 1500)))
    assert {a.name: a.category for a in out.awards} == {"A": "Places", "New": "Unrated",
                                                         "C": "U1800"}


# 18
@pytest.mark.parametrize(("rating", "qualifies"), [(1599, False), (1600, True), (1799, True),
                                                   (1800, False)])
def test_rating_band_bounds_are_inclusive(rating: int, qualifies: bool) -> None:
    rules = with_categories((), Category("Class B", (3000,),
                                         Criteria(rating_min=1600, rating_max=1799)))
    out = award_prizes(rules, field(("P", 3, rating)))
    assert bool(out.awards) is qualifies


# 19
@pytest.mark.parametrize(("day", "under12"), [(dt.date(2026, 1, 1), True),
                                              (dt.date(2026, 2, 28), True),
                                              (dt.date(2026, 3, 1), False)])
def test_age_is_completed_years_on_the_rules_date(day: dt.date, under12: bool) -> None:
    rules = with_categories((), Category("U12", (1000,), Criteria(age_max=11)), age_on=day)
    out = award_prizes(rules, field(("Kid", 3, 1200, {"birth": "2014-03-01"})))
    assert bool(out.awards) is under12


# 20
def test_birth_year_only_counts_as_born_on_31_december() -> None:
    """FIDE's youth groups: under 12 in 2026 = born in 2014 or later."""
    player = Player("Kid", birth="2014")
    assert age_on(player, dt.date(2026, 1, 1)) == 11
    assert age_on(player, dt.date(2026, 12, 30)) == 11
    assert age_on(player, dt.date(2026, 12, 31)) == 12
    assert age_on(Player("Old", birth="2013"), dt.date(2026, 1, 1)) == 12


# 21
def test_default_age_date_is_1_january_of_the_first_rounds_year() -> None:
    rules = with_categories((), Category("U12", (1000,), Criteria(age_max=11)))
    kid = field(("Kid", 3, 1200, {"birth": "2014-06-01"}))
    out = award_prizes(rules, kid, start=dt.date(2026, 9, 9))
    assert out.age_on == dt.date(2026, 1, 1) and paid(out) == {"Kid": 1000}
    # with no date at all nobody can be placed in an age category
    assert award_prizes(rules, kid).awards == ()


# 22
def test_no_birth_date_no_age_category() -> None:
    rules = with_categories((), Category("Senior", (1000,), Criteria(age_min=60)),
                            age_on=dt.date(2026, 1, 1))
    out = award_prizes(rules, field(("Unknown", 3, 1200), ("Old", 2, 1300, {"birth": "1950"})))
    assert paid(out) == {"Old": 1000}


# 23
def test_sex_f_counts_as_w_and_club_is_exact() -> None:
    rules = with_categories((), Category("Woman", (2000,), Criteria(sex="w")),
                            Category("Club", (1000,), Criteria(club="Hastings CC")))
    out = award_prizes(rules, field(("F", 3, 1500, {"sex": "f"}),
                                    ("H", 2, 1500, {"club": "Hastings"}),
                                    ("C", 1, 1500, {"club": "Hastings CC"})))
    assert paid(out) == {"F": 2000, "C": 1000}


# 24
def test_tied_players_taking_a_larger_class_prize_leave_the_place_pool() -> None:
    """A, B, C tie for first; B and C (under 1800) take the class prize of 120 at face
    value and share it; A is then alone on those points and takes 1st clear; 2nd goes
    down to D."""
    rules = with_categories((10000, 1000), Category("U1800", (12000,), U1800))
    out = award_prizes(rules, field(("A", 5, 2000), ("B", 5, 1700), ("C", 5, 1600),
                                    ("D", 4, 1900)))
    assert paid(out) == {"A": 10000, "B": 6000, "C": 6000, "D": 1000}
    assert out.awards[0].how == "whole"


# 25
def test_category_with_its_own_tie_rule() -> None:
    rules = with_categories((10000, 6000),
                            Category("U1800", (3000, 1000), U1800, ties=Ties.TIEBREAKS))
    out = award_prizes(rules, field(("A", 6, 2000), ("B", 5, 2000), ("C", 5, 2000),
                                    ("D", 3, 1700), ("E", 3, 1600), ranks=[1, 2, 3, 4, 5]))
    assert paid(out) == {"A": 10000, "B": 3000, "C": 3000, "D": 3000, "E": 1000}


# 26
def test_currency_without_minor_units() -> None:
    rules = PrizeRules("JPY", (Category("Places", (10000, 5000), place=True),), decimals=0)
    out = award_prizes(rules, field(("A", 5, 1), ("B", 5, 1), ("C", 5, 1)))
    assert paid(out) == {"A": 5000, "B": 5000, "C": 5000}
    assert rules.money(5000) == "5000 JPY" and places(1234).money(1234) == "12.34 EUR"


# 27
def test_explanation_records_the_categories_already_awarded() -> None:
    rules = with_categories((10000,), Category("U1800", (5000,), U1800))
    out = award_prizes(rules, field(("A", 5, 1700), ("B", 4, 1600), ("C", 3, 2000)))
    b = out.awards[1]
    assert (b.name, b.category) == ("B", "U1800")
    assert [(x.category, x.why) for x in b.also] == [("Places", "awarded")]


def test_amounts_growing_down_a_list_are_refused() -> None:
    with pytest.raises(ValueError, match="grow"):
        Category("Places", (100, 200), place=True)
    with pytest.raises(ValueError, match="negative"):
        Category("Places", (-1,), place=True)
