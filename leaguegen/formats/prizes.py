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
        col.add(keys["currency"], Message("prizes: currency '{currency}' must be a three-letter"
                                          " code such as EUR, USD or GBP", currency=currency))
    decimals = yn.integer(keys.get("decimals"), col, "prizes: decimals", minimum=0)
    if decimals is not None and decimals > MAX_DECIMALS:
        col.add(keys["decimals"], Message("prizes: decimals must be at most {most}",
                                          most=MAX_DECIMALS))
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
            col.add(item, Message("prize category '{name}' is named twice; each needs its own"
                                  " name (the prize list shows it)", name=category.name))
            continue
        seen[category.name] = item
        if category.criteria in criteria_seen:
            col.warn(item, Message("prize category '{name}' has the same criteria as"
                                   " '{other}'; did you mean one list?", name=category.name,
                                   other=criteria_seen[category.criteria]))
        criteria_seen.setdefault(category.criteria, category.name)
        categories.append(category)
    if not categories and len(col.problems) == before:
        col.add(node, Message("prizes: give places, categories or both (each a list of"
                              " amounts)"))
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
            ctx.col.add(node, Message("prize category '{name}' is by age, but no date to take"
                                      " ages on: give prizes: age_on (e.g. 2026-01-01) or date"
                                      " the rounds", name=cat.name))
            return


def _category(node: yaml.Node, ctx: Ctx, decimals: int) -> Category | None:
    col = ctx.col
    keys = yn.mapping(node, col, "prize category", CATEGORY_KEYS, required=("name", "prizes"))
    name = yn.text(keys.get("name"), col, "prize category name") or ""
    what = Message("prize category '{name}'", name=name) if name else Message("prize category")
    amounts = _amounts(keys.get("prizes"), col, what, decimals) if "prizes" in keys else None
    rating = _bounds(keys.get("rating"), col, _part(what, "rating"), 0)
    age = _bounds(keys.get("age"), col, _part(what, "age"), 0)
    unrated = yn.boolean(keys.get("unrated"), col, _part(what, "unrated"))
    if unrated and rating is not None and rating != (None, None):
        col.add(keys["unrated"], Message("{what}: unrated players have no rating to be in a"
                                         " rating band; give rating or unrated: true, not both",
                                         what=what))
    sex = yn.text(keys.get("sex"), col, _part(what, "sex"))
    if sex is not None:
        sex = sex.lower()
        if sex not in ("m", "w", "f"):
            col.add(keys["sex"], Message("{what}: sex '{sex}' is not one of m, w (or f)",
                                         what=what, sex=sex))
        sex = "w" if sex == "f" else sex
    club = yn.text(keys.get("club"), col, _part(what, "club"))
    ties = read_enum(keys.get("ties"), ctx, _part(what, "ties"), Ties.SHARED) \
        if "ties" in keys else None
    if not name or amounts is None or rating is None or age is None:
        return None
    criteria = Criteria(rating_min=rating[0], rating_max=rating[1], unrated=unrated,
                        age_min=age[0], age_max=age[1], sex=sex, club=club)
    return Category(name, amounts, criteria, ties=ties)


def _part(what: str, key: str) -> Message:
    """``what: key`` (a category's key), said with the category's words translated."""
    return Message("{what}: {key}", what=what, key=key)


def _bound(what: str, key: str) -> Message:
    """``what min`` / ``what max``: a band's end."""
    return Message("{what} {key}", what=what, key=key)


def _bounds(node: yaml.Node | None, col: yn.Collector, what: str,
            minimum: int) -> tuple[int | None, int | None] | None:
    """``{min: A, max: B}`` (either may be left out) as (A, B); None: wrong (reported)."""
    if yn.is_null(node):
        return (None, None)
    keys = yn.mapping(node, col, what, BOUND_KEYS)
    if not keys:
        if isinstance(node, yaml.MappingNode):
            col.add(node, Message("{what} needs min, max or both", what=what))
        return None
    low = yn.integer(keys.get("min"), col, _bound(what, "min"), minimum=minimum)
    high = yn.integer(keys.get("max"), col, _bound(what, "max"), minimum=minimum)
    if ("min" in keys and low is None) or ("max" in keys and high is None):
        return None
    if low is not None and high is not None and low > high:
        col.add(node, Message("{what}: min {low} is above max {high}; the band is empty",
                              what=what, low=low, high=high))
        return None
    return (low, high)


def _amounts(node: yaml.Node | None, col: yn.Collector, what: str,
             decimals: int) -> tuple[int, ...] | None:
    """A list of amounts, best place first, in minor units; None when any is wrong."""
    items = yn.sequence(node, col, "prizes: places" if what == PLACES else _part(what, "prizes"))
    if not items:
        if yn.is_null(node) or isinstance(node, yaml.SequenceNode):
            col.add(node, Message("{what}: the list of prizes is empty", what=what))
        return None
    out: list[int] = []
    ok = True
    for item in items:
        value = _money(item, col, what, decimals)
        if value is None:
            ok = False
            continue
        if out and value > out[-1]:
            col.add(item, Message("{what}: a prize ({prize}) is larger than the one above it;"
                                  " list the prizes best place first", what=what,
                                  prize=yn.text(item, col, what)))
            ok = False
        out.append(value)
    return tuple(out) if ok else None


def _money(node: yaml.Node, col: yn.Collector, what: str, decimals: int) -> int | None:
    raw = yn.text(node, col, _part(what, "amount"))
    if raw is None:
        if yn.is_null(node):
            col.add(node, Message("{what}: an amount is missing", what=what))
        return None
    if _AMOUNT.fullmatch(raw.removeprefix("-")) is None:
        col.add(node, Message("{what}: '{raw}' is not an amount (write it like 150 or 150.50)",
                              what=what, raw=raw))
        return None
    if raw.startswith("-"):
        col.add(node, Message("{what}: amount {raw} is negative", what=what, raw=raw))
        return None
    value = Decimal(raw)
    if value >= MAX_AMOUNT:
        col.add(node, Message("{what}: amount {raw} is too large (under {most})", what=what,
                              raw=raw, most=f"{MAX_AMOUNT:,}"))
        return None
    minor = value.scaleb(decimals)
    if minor != minor.to_integral_value():
        col.add(node, Message("{what}: amount {raw} has more than {decimals} digit(s) after"
                              " the point", what=what, raw=raw, decimals=decimals))
        return None
    return int(minor)


def _date(node: yaml.Node | None, col: yn.Collector, what: str) -> dt.date | None:
    raw = yn.text(node, col, what)
    if raw is None:
        return None
    try:
        return dt.date.fromisoformat(raw)
    except ValueError:
        col.add(node, Message("{what} '{raw}' is not a date like 2026-01-01", what=what,
                              raw=raw))
        return None
