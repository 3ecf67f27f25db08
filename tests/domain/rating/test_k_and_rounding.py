"""8.3.3 (which K) with what the files can and cannot prove, and 8.3.4 (rounding)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from leaguegen.domain.rating import k_factor, period_cap, round_period_change


def test_the_organisers_k_wins() -> None:
    k = k_factor(2450, given=40)
    assert (k.value, k.assumed) == (40, False)


def test_a_k_that_fide_does_not_use_is_refused() -> None:
    with pytest.raises(ValueError, match="40, 20, 10"):
        k_factor(1800, given=25)


@pytest.mark.parametrize("rating", [2400, 2401, 2800])
def test_a_published_2400_gives_10(rating: int) -> None:
    k = k_factor(rating, birth_year=2015, rating_year=2026)
    assert (k.value, k.assumed) == (10, False)


def test_a_junior_under_2300_gets_40_to_the_end_of_the_year_of_their_18th_birthday() -> None:
    assert k_factor(2100, birth_year=2008, rating_year=2026).value == 40  # turns 18 in 2026
    after = k_factor(2100, birth_year=2008, rating_year=2027)  # 19 in 2027
    assert (after.value, after.assumed) == (20, True)


def test_a_junior_at_2300_is_not_under_2300() -> None:
    k = k_factor(2300, birth_year=2012, rating_year=2026)
    assert (k.value, k.assumed) == (20, True)
    assert k_factor(2299, birth_year=2012, rating_year=2026).value == 40


def test_without_a_birth_year_or_a_date_the_junior_rule_cannot_be_applied() -> None:
    assert k_factor(1500, birth_year=None, rating_year=2026).assumed
    assert k_factor(1500, birth_year=2015, rating_year=None).assumed


def test_otherwise_20_is_assumed_and_says_so() -> None:
    k = k_factor(2150)
    assert (k.value, k.assumed) == (20, True)
    assert "assumed" in k.reason


@pytest.mark.parametrize(("k", "games", "capped"), [
    (40, 17, 40),   # 680: under 700
    (40, 18, 38),   # 720 > 700: 38 × 18 = 684, 39 × 18 = 702
    (20, 35, 20),   # 700 exactly does not exceed 700
    (20, 36, 19),
    (10, 70, 10),
    (10, 71, 9),
    (40, 0, 40),
])
def test_the_700_cap(k: int, games: int, capped: int) -> None:
    assert period_cap(k, games) == capped


@pytest.mark.parametrize(("change", "rounded"), [
    (Fraction(5, 2), 3), (Fraction(-5, 2), -3), (Fraction(249, 100), 2),
    (Fraction(-249, 100), -2), (Fraction(-1, 2), -1), (Fraction(1, 2), 1),
    (Fraction(2, 5), 0), (Fraction(-2, 5), 0), (Fraction(0), 0), (Fraction(1128, 100), 11),
])
def test_8_3_4_rounds_half_away_from_zero(change: Fraction, rounded: int) -> None:
    assert round_period_change(change) == rounded
