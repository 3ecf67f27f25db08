"""Prizes: a section's prize rules, who qualifies, and who takes which prize.

``rules`` holds what the file says (money in integer minor units), ``eligibility``
who qualifies for a category (rating band, unrated, age on a date, sex, club),
``allocate`` the rule that hands the prizes out, with an explanation per award.
docs/prizes.md is the organiser's description, with its sources.
"""

from leaguegen.domain.prizes.allocate import (
    Alternative,
    Award,
    Finisher,
    Prize,
    PrizeList,
    Unawarded,
    award_prizes,
)
from leaguegen.domain.prizes.rules import Category, Criteria, Order, PrizeRules, Ties

__all__ = ["Alternative", "Award", "Category", "Criteria", "Finisher", "Order", "Prize",
           "PrizeList", "PrizeRules", "Ties", "Unawarded", "award_prizes"]
