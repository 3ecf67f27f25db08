"""A section's ``prizes:`` block: read, checked with file:line:col, made a PrizeRules.

The block (docs/prizes.md has the full description)::

    prizes:
      currency: EUR            # three letters (ISO 4217); the amounts are in it
      decimals: 2              # digits after the point the currency has (default 2)
      ties: shared             # shared | hort | tiebreaks (default shared)
      order: value             # value | written: which prize a player takes (default value)
      age_on: 2026-01-01       # ages are taken on this date (default 1 January of the
                               # year of the section's first dated round)
      tiebreaks: [BH/C1, SB]   # the list that orders tied players (default the section's)
      places: [500, 300, 200]  # the place prizes, 1st first
      categories:
        - name: Under 1800
          rating: {min: 1600, max: 1799}   # bounds inclusive; either may be left out
          prizes: [100, 50]
        - {name: Unrated, unrated: true, prizes: [50]}
        - {name: Under 12, age: {max: 11}, prizes: [40]}
        - {name: Best woman, sex: w, prizes: [60]}
        - {name: Club, club: Hastings CC, prizes: [30], ties: tiebreaks}

Rating bands may overlap (an "under 2000" and an "under 1800" prize are usual);
two categories with the very same criteria draw a warning (probably a copy left
behind). Everything else wrong is an error at its line.
"""

from __future__ import annotations

import datetime as dt
import re
from decimal import Decimal

import yaml

from leaguegen.domain.prizes.rules import Category, Criteria, Order, PrizeRules, Ties
from leaguegen.domain.season import Section
from leaguegen.errors import Message
from leaguegen.formats import yaml_nodes as yn
from leaguegen.formats.options import read_enum, read_tiebreaks
from leaguegen.formats.yaml_nodes import Ctx

BLOCK_KEYS = ("currency", "decimals", "ties", "order", "age_on", "tiebreaks", "places",
              "categories")
CATEGORY_KEYS = ("name", "prizes", "rating", "unrated", "age", "sex", "club", "ties")
BOUND_KEYS = ("min", "max")
# The place prizes' category name: leaguegen's words, not the organiser's, so a Message
# (the command line says it in the run's language; the pages translate it too)
PLACES = Message("Place prizes")
_CURRENCY = re.compile(r"[A-Z]{3}")
_AMOUNT = re.compile(r"[0-9]+(?:\.[0-9]+)?")  # 150 or 150.50: no signs, exponents, "_"
MAX_DECIMALS = 4
MAX_AMOUNT = 10**12  # far past any prize fund; keeps Decimal's 28 digits exact


def read_prizes(node: yaml.Node | None, ctx: Ctx) -> PrizeRules | None:
    """The block as PrizeRules (None: not given, or wrong: the problems are on ``ctx``)."""
    if yn.is_null(node):
        return None
    col = ctx.col
    before = len(col.problems)
    keys = yn.mapping(node, col, "prizes", BLOCK_KEYS, required=("currency",))
    currency = yn.text(keys.get("currency"), col, "prizes: currency") or ""
    if currency and not _CURRENCY.fullmatch(currency):
        col.add(keys["currency"], f"prizes: currency '{currency}' must be a three-letter code"
                                  " such as EUR, USD or GBP")
    decimals = yn.integer(keys.get("decimals"), col, "prizes: decimals", minimum=0)
    if decimals is not None and decimals > MAX_DECIMALS:
        col.add(keys["decimals"], f"prizes: decimals must be at most {MAX_DECIMALS}")
        decimals = None
    decimals = 2 if decimals is None else decimals
    ties = read_enum(keys.get("ties"), ctx, "prizes: ties", Ties.SHARED)
    order = read_enum(keys.get("order"), ctx, "prizes: order", Order.VALUE)
    age_on = _date(keys.get("age_on"), col, "prizes: age_on")
    tiebreaks = read_tiebreaks(keys.get("tiebreaks"), ctx)
    categories: list[Category] = []
    if "places" in keys:
        amounts = _amounts(keys["places"], col, PLACES, decimals)
        if amounts is not None:
            categories.append(Category(PLACES, amounts, place=True))
    seen: dict[str, yaml.Node] = {}
    criteria_seen: dict[Criteria, str] = {}
    for item in yn.sequence(keys.get("categories"), col, "prizes: categories"):
        category = _category(item, ctx, decimals)
        if category is None:
            continue
        if category.name in seen or category.name == PLACES:
            col.add(item, f"prize category '{category.name}' is named twice; each needs its"
                          " own name (the prize list shows it)")
            continue
        seen[category.name] = item
        if category.criteria in criteria_seen:
            col.warn(item, f"prize category '{category.name}' has the same criteria as"
                           f" '{criteria_seen[category.criteria]}'; did you mean one list?")
        criteria_seen.setdefault(category.criteria, category.name)
        categories.append(category)
    if not categories and len(col.problems) == before:
        col.add(node, "prizes: give places, categories or both (each a list of amounts)")
    if len(col.problems) > before and any(not p.warning for p in col.problems[before:]):
        return None
    return PrizeRules(currency=currency, categories=tuple(categories), decimals=decimals,
                      ties=ties, order=order, age_on=age_on, tiebreaks=tiebreaks)


def check_dates(rules: PrizeRules | None, node: yaml.Node | None, section: Section | None,
                ctx: Ctx) -> None:
    """An age category needs a date to take ages on: ``age_on``, or a dated round."""
    if rules is None or section is None or rules.age_on is not None:
        return
    if any(r.date is not None for r in section.rounds):
        return
    for cat in rules.categories:
        if cat.criteria.uses_age:
            ctx.col.add(node, f"prize category '{cat.name}' is by age, but no date to take"
                              " ages on: give prizes: age_on (e.g. 2026-01-01) or date the"
                              " rounds")
            return


def _category(node: yaml.Node, ctx: Ctx, decimals: int) -> Category | None:
    col = ctx.col
    keys = yn.mapping(node, col, "prize category", CATEGORY_KEYS, required=("name", "prizes"))
    name = yn.text(keys.get("name"), col, "prize category name") or ""
    what = f"prize category '{name}'" if name else "prize category"
    amounts = _amounts(keys.get("prizes"), col, what, decimals) if "prizes" in keys else None
    rating = _bounds(keys.get("rating"), col, f"{what}: rating", 0)
    age = _bounds(keys.get("age"), col, f"{what}: age", 0)
    unrated = yn.boolean(keys.get("unrated"), col, f"{what}: unrated")
    if unrated and rating is not None and rating != (None, None):
        col.add(keys["unrated"], f"{what}: unrated players have no rating to be in a rating"
                                 " band; give rating or unrated: true, not both")
    sex = yn.text(keys.get("sex"), col, f"{what}: sex")
    if sex is not None:
        sex = sex.lower()
        if sex not in ("m", "w", "f"):
            col.add(keys["sex"], f"{what}: sex '{sex}' is not one of m, w (or f)")
        sex = "w" if sex == "f" else sex
    club = yn.text(keys.get("club"), col, f"{what}: club")
    ties = read_enum(keys.get("ties"), ctx, f"{what}: ties", Ties.SHARED) \
        if "ties" in keys else None
    if not name or amounts is None or rating is None or age is None:
        return None
    criteria = Criteria(rating_min=rating[0], rating_max=rating[1], unrated=unrated,
                        age_min=age[0], age_max=age[1], sex=sex, club=club)
    return Category(name, amounts, criteria, ties=ties)


def _bounds(node: yaml.Node | None, col: yn.Collector, what: str,
            minimum: int) -> tuple[int | None, int | None] | None:
    """``{min: A, max: B}`` (either may be left out) as (A, B); None: wrong (reported)."""
    if yn.is_null(node):
        return (None, None)
    keys = yn.mapping(node, col, what, BOUND_KEYS)
    if not keys:
        if isinstance(node, yaml.MappingNode):
            col.add(node, f"{what} needs min, max or both")
        return None
    low = yn.integer(keys.get("min"), col, f"{what} min", minimum=minimum)
    high = yn.integer(keys.get("max"), col, f"{what} max", minimum=minimum)
    if ("min" in keys and low is None) or ("max" in keys and high is None):
        return None
    if low is not None and high is not None and low > high:
        col.add(node, f"{what}: min {low} is above max {high}; the band is empty")
        return None
    return (low, high)


def _amounts(node: yaml.Node | None, col: yn.Collector, what: str,
             decimals: int) -> tuple[int, ...] | None:
    """A list of amounts, best place first, in minor units; None when any is wrong."""
    items = yn.sequence(node, col, "prizes: places" if what == PLACES else f"{what}: prizes")
    if not items:
        if yn.is_null(node) or isinstance(node, yaml.SequenceNode):
            col.add(node, f"{what}: the list of prizes is empty")
        return None
    out: list[int] = []
    ok = True
    for item in items:
        value = _money(item, col, what, decimals)
        if value is None:
            ok = False
            continue
        if out and value > out[-1]:
            col.add(item, f"{what}: a prize ({yn.text(item, col, what)}) is larger than the"
                          " one above it; list the prizes best place first")
            ok = False
        out.append(value)
    return tuple(out) if ok else None


def _money(node: yaml.Node, col: yn.Collector, what: str, decimals: int) -> int | None:
    raw = yn.text(node, col, f"{what}: amount")
    if raw is None:
        if yn.is_null(node):
            col.add(node, f"{what}: an amount is missing")
        return None
    if _AMOUNT.fullmatch(raw.removeprefix("-")) is None:
        col.add(node, f"{what}: '{raw}' is not an amount (write it like 150 or 150.50)")
        return None
    if raw.startswith("-"):
        col.add(node, f"{what}: amount {raw} is negative")
        return None
    value = Decimal(raw)
    if value >= MAX_AMOUNT:
        col.add(node, f"{what}: amount {raw} is too large (under {MAX_AMOUNT:,})")
        return None
    minor = value.scaleb(decimals)
    if minor != minor.to_integral_value():
        col.add(node, f"{what}: amount {raw} has more than {decimals} digit(s) after the"
                      " point")
        return None
    return int(minor)


def _date(node: yaml.Node | None, col: yn.Collector, what: str) -> dt.date | None:
    raw = yn.text(node, col, what)
    if raw is None:
        return None
    try:
        return dt.date.fromisoformat(raw)
    except ValueError:
        col.add(node, f"{what} '{raw}' is not a date like 2026-01-01")
        return None
