"""Who qualifies for a category: rating band, unrated, age on a date, sex, club.

Ages are completed years on the rules' date (``PrizeRules.age_on``; by default 1
January of the year the section starts, the date FIDE's youth age groups are taken
on). A birth written as a year only is taken as 31 December of that year: on 1 January
of year T a player born in year Y is then T - Y - 1, which is what "under 12 in 2026
means born in 2014 or later" gives. A player without a birth date is in no age
category. docs/prizes.md gives the sources.
"""

from __future__ import annotations

import datetime as dt

from leaguegen.domain.model import Player
from leaguegen.domain.prizes.rules import Criteria


def birth_date(text: str | None) -> dt.date | None:
    """``1994-05-12``, ``1994/05/12``, ``1994`` or ``1994/00/00`` (the forms the season
    reader accepts) as a date; a year alone is 31 December of it."""
    if not text:
        return None
    raw = text.strip().replace("/", "-")
    try:
        if len(raw) == 4 or raw.endswith("-00-00"):
            return dt.date(int(raw[:4]), 12, 31)
        return dt.date.fromisoformat(raw)
    except ValueError:
        return None


def age_on(player: Player, day: dt.date) -> int | None:
    """Completed years on ``day`` (None: no birth date written)."""
    born = birth_date(player.birth)
    if born is None:
        return None
    return day.year - born.year - ((day.month, day.day) < (born.month, born.day))


def qualifies(player: Player, criteria: Criteria, day: dt.date | None) -> bool:
    """Every criterion given holds for the player (``day``: the date ages are taken on;
    None: no age criterion can be met)."""
    rated = bool(player.rating)
    if criteria.unrated is not None and criteria.unrated == rated:
        return False
    if criteria.rating_min is not None or criteria.rating_max is not None:
        if not rated:
            return False
        assert player.rating is not None
        if criteria.rating_min is not None and player.rating < criteria.rating_min:
            return False
        if criteria.rating_max is not None and player.rating > criteria.rating_max:
            return False
    if criteria.uses_age:
        age = age_on(player, day) if day is not None else None
        if age is None:
            return False
        if criteria.age_min is not None and age < criteria.age_min:
            return False
        if criteria.age_max is not None and age > criteria.age_max:
            return False
    if criteria.sex is not None and _sex(player.sex) != criteria.sex:
        return False
    return criteria.club is None or player.club == criteria.club


def _sex(letter: str | None) -> str | None:
    """The TRF writes ``w``; real files also write ``f`` for the same."""
    return "w" if letter == "f" else letter
