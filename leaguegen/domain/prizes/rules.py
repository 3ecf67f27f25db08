"""What a section's ``prizes:`` block says, as plain values (no I/O, no YAML).

Money is held in integer *minor units* (cents for EUR, whole yen for JPY: ``decimals``
says how many digits after the point the currency has). Integers keep every sum exact,
so "the players sharing get exactly the prizes they pooled" and "no more than the fund
is paid" are equalities a test can assert, not float comparisons; a Decimal would be
exact too, but dividing a pool among three players needs a rounding rule either way,
and with integers that rule is one visible line (``allocate._split``).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from enum import Enum
from itertools import pairwise

from leaguegen.errors import Message


class Ties(Enum):
    """How players tied for prizes are paid (the file's ``ties:`` word)."""

    SHARED = "shared"        # equal points share the sum of the prizes they occupy equally
    HORT = "hort"            # half of each one's prize by place, the other half shared equally
    TIEBREAKS = "tiebreaks"  # the tie-break list decides; only players equal on all of it share


class Order(Enum):
    """Which prize a player qualifying for several takes (the file's ``order:`` word)."""

    VALUE = "value"      # the most valuable; equal values: place prizes first, then as written
    WRITTEN = "written"  # the first in the order the file lists them (places first)


@dataclass(frozen=True, slots=True)
class Criteria:
    """Who may take a category's prizes; every criterion given must hold (AND).

    Bounds are inclusive. A rating bound is met only by a rated player (an unrated
    player is in no rating band: ``unrated: true`` is their category). ``sex`` is the
    TRF letter (``m`` or ``w``); ``club`` is compared exactly as written.
    """

    rating_min: int | None = None
    rating_max: int | None = None
    unrated: bool | None = None
    age_min: int | None = None
    age_max: int | None = None
    sex: str | None = None
    club: str | None = None

    @property
    def uses_age(self) -> bool:
        return self.age_min is not None or self.age_max is not None

    def describe(self) -> Message:
        """The criteria in words, for an explanation ("rating 1600-1799, age at most 11"):
        a list of messages, each said in the run's language by the command line."""
        parts: list[Message] = []
        if self.rating_min is not None or self.rating_max is not None:
            parts.append(Message("rating {bounds}",
                                 bounds=_bounds(self.rating_min, self.rating_max)))
        if self.unrated is True:
            parts.append(Message("unrated"))
        elif self.unrated is False:
            parts.append(Message("rated"))
        if self.uses_age:
            parts.append(Message("age {bounds}", bounds=_bounds(self.age_min, self.age_max)))
        if self.sex is not None:
            parts.append(Message("sex {sex}", sex=self.sex))
        if self.club is not None:
            parts.append(Message("club {club}", club=self.club))
        return Message("{parts}", parts=tuple(parts)) if parts else Message("everyone")


def _bounds(low: int | None, high: int | None) -> Message:
    if low is not None and high is not None:
        return Message("{low}-{high}", low=low, high=high)
    return (Message("at least {low}", low=low) if low is not None
            else Message("at most {high}", high=high))


@dataclass(frozen=True, slots=True)
class Category:
    """A list of prizes (1st, 2nd, ... of those who qualify) and who qualifies.

    ``place`` marks the place prizes (the ``places:`` list: everyone qualifies).
    ``amounts`` are in minor units, best place first, never increasing. ``ties``:
    this category's own tie rule, None for the block's.
    """

    name: str
    amounts: tuple[int, ...]
    criteria: Criteria = Criteria()
    place: bool = False
    ties: Ties | None = None

    def __post_init__(self) -> None:
        # the allocation hands a category's prizes out in its own order (1st, 2nd, ...),
        # which is the order of value only when amounts never grow down the list
        if any(a < 0 for a in self.amounts):
            raise ValueError(f"{self.name}: a prize amount is negative")
        if any(b > a for a, b in pairwise(self.amounts)):
            raise ValueError(f"{self.name}: prize amounts grow down the list")


@dataclass(frozen=True, slots=True)
class PrizeRules:
    """A section's prizes. ``categories``: the place prizes first (when there are any),
    then the categories as written. ``age_on``: the date ages are taken on (None: 1
    January of the year of the section's first dated round). ``tiebreaks``: the codes
    that order tied players for prizes (None: the section's own list)."""

    currency: str
    categories: tuple[Category, ...]
    decimals: int = 2
    ties: Ties = Ties.SHARED
    order: Order = Order.VALUE
    age_on: dt.date | None = None
    tiebreaks: tuple[str, ...] | None = None

    @property
    def fund(self) -> int:
        """Every prize's amount added up (minor units)."""
        return sum(sum(c.amounts) for c in self.categories)

    def ties_of(self, category: Category) -> Ties:
        return category.ties or self.ties

    def money(self, minor: int) -> str:
        """``minor`` units written in the currency: ``1234`` -> ``12.34 EUR``."""
        sign = "-" if minor < 0 else ""
        whole, part = divmod(abs(minor), 10 ** self.decimals)
        digits = f".{part:0{self.decimals}d}" if self.decimals else ""
        return f"{sign}{whole}{digits} {self.currency}"
