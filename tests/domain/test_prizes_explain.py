"""The words of an award's explanation, from the data the allocation records."""

from __future__ import annotations

from fractions import Fraction

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
from leaguegen.domain.prizes.explain import ordinal, places, reasons

HALF = Fraction(1, 2)


def run(rules: PrizeRules, *rows: tuple[str, int, int | None]) -> dict[str, list[str]]:
    field = [Finisher(i + 1, Player(name, rating=rating), points,
                      1 + sum(1 for r in rows if r[1] > points))
             for i, (name, points, rating) in enumerate(rows)]
    out = award_prizes(rules, field)
    names = {f.number: f.player.name for f in field}
    return {a.name: reasons(a, out, names, HALF) for a in out.awards}


def test_ordinals_and_place_ranges() -> None:
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st", "111th"]
    out = award_prizes(PrizeRules("EUR", (Category("Places", (300, 200, 100), place=True),)),
                       [Finisher(n, Player(f"P{n}"), 4, 1) for n in (1, 2, 3)])
    assert places(out.awards[0].prizes) == "Places 1st-3rd"


def test_a_whole_prize_and_an_equal_value_category_that_comes_later() -> None:
    rules = PrizeRules("EUR", (Category("Places", (10000, 5000), place=True),
                               Category("U1800", (5000,), Criteria(rating_max=1799))))
    said = run(rules, ("A", 10, 2000), ("B", 8, 1700), ("C", 6, 1600))
    assert said["B"] == [
        "ranked 2 on 4 points; qualifies for Places (everyone)",
        "takes Places 2nd: 50.00 EUR",
        "also qualified for U1800: its next prize (50.00 EUR) is worth the same and comes"
        " later"]
    assert said["C"][-1] == "also qualified for Places: its prizes had gone to players ahead in it"


def test_order_written_says_later_in_the_order_written() -> None:
    rules = PrizeRules("EUR", (Category("Places", (10000, 5000), place=True),
                               Category("U1800", (8000,), Criteria(rating_max=1799))),
                       order=Order.WRITTEN)
    said = run(rules, ("A", 10, 2000), ("B", 8, 1700), ("C", 6, 1600))
    assert said["B"][-1] == ("also qualified for U1800: its next prize (80.00 EUR) comes"
                             " later in the order written")


def test_a_share_and_a_hort_share_are_worked_out_in_words() -> None:
    shared = PrizeRules("EUR", (Category("Places", (10000, 6000), place=True),))
    said = run(shared, ("A", 10, None), ("B", 10, None), ("C", 10, None))
    assert said["A"][1:] == [
        "tied on points with B, C: the 3 of them pool Places 1st-2nd (100.00 EUR + 60.00 EUR"
        " = 160.00 EUR)",
        "shared equally: 53.34 EUR"]
    hort = PrizeRules("EUR", shared.categories, ties=Ties.HORT)
    said = run(hort, ("A", 10, None), ("B", 10, None), ("C", 10, None))
    assert said["A"][-1] == ("Hort: keeps half of Places 1st (50.00 EUR), plus an equal share"
                             " of the other halves: 76.67 EUR")
    assert said["C"][-1] == ("Hort: keeps no prize of its own place, plus an equal share of"
                             " the other halves: 26.66 EUR")
