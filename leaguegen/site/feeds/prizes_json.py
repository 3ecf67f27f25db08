"""``<id>/prizes.json``: a section's prize list as open data (docs/data-feeds.md).

The same lists as the prize page and ``leaguegen prizes`` (``domain/prizes/tables.py``),
with each award's reasons as data: the prizes a tied group pooled, the player's own
place in the pool, how they were paid, who they shared with and every other category
they qualified for, with why its prize is not theirs. Amounts are decimal strings in
the currency (``"150.00"``): the calculation is exact in minor units and a string
keeps it exact for the reader. Sections without a ``prizes:`` block have no file.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from leaguegen.domain.prizes import Award, PrizeRules
from leaguegen.domain.prizes.allocate import Prize
from leaguegen.domain.prizes.rules import Category
from leaguegen.domain.prizes.tables import PrizeTable, prize_tables
from leaguegen.domain.sections import SectionFacts
from leaguegen.site import urls

VERSION = 1


def amount(rules: PrizeRules, minor: int) -> str:
    """Minor units as the decimal the file would write: ``15000`` -> ``"150.00"``."""
    return str(Decimal(minor).scaleb(-rules.decimals)) if rules.decimals else str(minor)


def _category(rules: PrizeRules, category: Category) -> dict[str, Any]:
    c = category.criteria
    return {"name": category.name, "place": category.place,
            "criteria": {"rating_min": c.rating_min, "rating_max": c.rating_max,
                         "unrated": c.unrated, "age_min": c.age_min, "age_max": c.age_max,
                         "sex": c.sex, "club": c.club},
            "prizes": [amount(rules, a) for a in category.amounts],
            "ties": rules.ties_of(category).value}


def _prize(rules: PrizeRules, prize: Prize) -> dict[str, Any]:
    return {"category": prize.category, "place": prize.place,
            "amount": amount(rules, prize.amount)}


def _award(rules: PrizeRules, table: PrizeTable, award: Award, folder: str) -> dict[str, Any]:
    return {"player": award.number, "name": award.name,
            "page": urls.player(table.facts.section, award.number).removeprefix(folder),
            "rank": award.rank, "points": float(award.points * table.unit),
            "category": award.category,
            "prizes": [_prize(rules, p) for p in award.prizes],
            "own": _prize(rules, award.own) if award.own is not None else None,
            "amount": amount(rules, award.amount), "how": award.how,
            "shared_with": list(award.shared_with),
            "also": [{"category": a.category, "why": a.why,
                      "next": _prize(rules, a.next) if a.next is not None else None}
                     for a in award.also]}


def prizes_feed(facts: SectionFacts) -> dict[str, Any] | None:
    """The file's content, or None for a section without a prize list."""
    tables = prize_tables(facts)
    section = facts.section
    rules = section.prizes
    if not tables or rules is None:
        return None
    age_on = tables[0].outcome.age_on
    uses_age = any(c.criteria.uses_age for c in rules.categories)
    return {
        "version": VERSION,
        "section": {"id": section.id, "name": section.name},
        "provisional": not facts.progress.finished,
        "currency": rules.currency, "decimals": rules.decimals,
        "ties": rules.ties.value, "order": rules.order.value,
        "age_on": age_on.isoformat() if uses_age and age_on is not None else None,
        "categories": [_category(rules, c) for c in rules.categories],
        "tables": [{"group": t.group, "fund": amount(rules, t.outcome.fund),
                    "paid": amount(rules, t.outcome.paid),
                    "awards": [_award(rules, t, a, f"{section.id}/") for a in t.outcome.awards],
                    "unawarded": [{**_prize(rules, u.prize), "reason": u.reason}
                                  for u in t.outcome.unawarded]}
                   for t in tables],
    }
