"""A section's prize list (``<id>/prizes.html`` and its PDF; quads: a list per group).

The awards are ``domain/prizes/tables.py``'s (as ``leaguegen prizes`` and the JSON); this
module puts them in words the templates translate: why each award is the player's (rank,
points, category, the prizes a tied group pooled and how they were split) and why the
other prizes they qualified for are not. Amounts are written by Babel in the page's
language from the integer minor units the calculation keeps, so the page adds up.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from babel.numbers import format_currency

from leaguegen.domain.prizes import Award, PrizeList, PrizeRules
from leaguegen.domain.prizes.allocate import Prize
from leaguegen.domain.prizes.rules import Category, Criteria, Order, Ties
from leaguegen.domain.prizes.tables import PrizeTable, has_prize_list, prize_tables
from leaguegen.domain.season import Season
from leaguegen.domain.sections import SectionFacts
from leaguegen.site import urls
from leaguegen.site.i18n import Formatter
from leaguegen.site.pages.common import Frame, PlayerLink, frame, player_links
from leaguegen.site.pages.registry import page_files, register_section_pages

# Why a prize of another category is not the player's (the template words each):
AWARDED = "awarded"  # its prizes had gone to players ahead in it
LESS = "less"        # its next prize is worth less
SAME = "same"        # worth the same, but it comes later (place prizes first, then as written)
WRITTEN = "written"  # it comes later in the order written (``order: written``)


@dataclass(frozen=True, slots=True)
class PrizeName:
    """A prize, or a run of a category's prizes (``first``..``last``, 1-based); ``place``:
    the place prizes (named by the template), else ``category`` as the file writes it."""

    category: str
    place: bool
    first: int
    last: int


@dataclass(frozen=True, slots=True)
class Criterion:
    """One condition of a category, worded by the template: ``kind`` is ``rating``,
    ``age`` (with ``low``/``high`` bounds, either None), ``unrated``, ``rated``, ``sex``
    (``text`` m or w) or ``club`` (``text`` the club's name)."""

    kind: str
    low: int | None = None
    high: int | None = None
    text: str = ""


@dataclass(frozen=True, slots=True)
class CategoryView:  # a line of the rules: who qualifies and what the category pays
    name: PrizeName
    criteria: tuple[Criterion, ...]
    amounts: tuple[str, ...]
    ties: str | None  # its own tie rule when it differs from the block's


@dataclass(frozen=True, slots=True)
class AlsoView:
    """Another category the player qualified for; ``why`` one of AWARDED, LESS, SAME,
    WRITTEN; ``next``: its next prize's amount (None with AWARDED)."""

    category: PrizeName
    why: str
    next: str | None


@dataclass(frozen=True, slots=True)
class AwardView:
    """One award and its reasons. ``pooled``: the amounts a tied group pooled (one when
    the player is alone); ``own``: the prize of the player's own place in the group (for
    Hort) and ``own_half`` half of it; ``tied_on``: ``points`` or ``tiebreaks``."""

    anchor: str
    player: PlayerLink
    rank: int
    points: Fraction
    prize: PrizeName
    criteria: tuple[Criterion, ...]
    amount: str
    how: str  # whole | shared | hort
    pooled: tuple[str, ...]
    total: str
    shared_with: tuple[PlayerLink, ...]
    own: PrizeName | None
    own_half: str | None
    tied_on: str
    also: tuple[AlsoView, ...]


@dataclass(frozen=True, slots=True)
class UnawardedView:
    prize: PrizeName
    amount: str
    reason: str  # "none" (no player qualifies) | "taken" (all who qualify have a prize)


@dataclass(frozen=True, slots=True)
class PrizeTableView:  # the list of one standings table
    group: int | None  # a quads group's number
    awards: tuple[AwardView, ...]
    unawarded: tuple[UnawardedView, ...]
    fund: str
    paid: str


@dataclass(frozen=True, slots=True)
class PrizesPage(Frame):
    provisional: bool  # rounds remain to be played
    ties: str
    order: str
    age_on: dt.date | None  # when a category goes by age
    categories: tuple[CategoryView, ...]
    tables: tuple[PrizeTableView, ...]
    pdf_url: str


def money_writer(rules: PrizeRules, language: str, digits: str):  # noqa: ANN201
    """``minor units -> text`` in the page's language (Babel's currency pattern), the
    currency's own digits kept and more when the file writes more (``decimals``)."""
    fmt = Formatter(language, digits)
    system = "arab" if digits == "arabic-indic" and language == "ar" else "latn"

    def money(minor: int) -> str:
        value = Decimal(minor).scaleb(-rules.decimals)
        text = format_currency(value, rules.currency, locale=fmt.locale,
                               decimal_quantization=False, numbering_system=system)
        return fmt.digits_of(text)
    return money


def criteria_view(criteria: Criteria) -> tuple[Criterion, ...]:
    out: list[Criterion] = []
    if criteria.rating_min is not None or criteria.rating_max is not None:
        out.append(Criterion("rating", criteria.rating_min, criteria.rating_max))
    if criteria.unrated is not None:
        out.append(Criterion("unrated" if criteria.unrated else "rated"))
    if criteria.uses_age:
        out.append(Criterion("age", criteria.age_min, criteria.age_max))
    if criteria.sex is not None:
        out.append(Criterion("sex", text=criteria.sex))
    if criteria.club is not None:
        out.append(Criterion("club", text=criteria.club))
    return tuple(out)


def _name(rules: PrizeRules, prizes: tuple[Prize, ...] | Prize) -> PrizeName:
    run = prizes if isinstance(prizes, tuple) else (prizes,)
    category = _category(rules, run[0].category)
    return PrizeName(run[0].category, category.place, run[0].place, run[-1].place)


def _category(rules: PrizeRules, name: str) -> Category:
    return next(c for c in rules.categories if c.name == name)


def _award(rules: PrizeRules, award: Award, links: tuple[PlayerLink | None, ...],
           money, unit: Fraction) -> AwardView:  # noqa: ANN001
    category = _category(rules, award.category)
    top = max(p.amount for p in award.prizes)
    also = []
    for alt in award.also:
        other = _category(rules, alt.category)
        if alt.why == "awarded" or alt.next is None:
            also.append(AlsoView(PrizeName(other.name, other.place, 0, 0), AWARDED, None))
            continue
        why = (WRITTEN if rules.order is Order.WRITTEN
               else LESS if alt.next.amount < top else SAME)
        also.append(AlsoView(_name(rules, alt.next), why, money(alt.next.amount)))
    player = links[award.number]
    assert player is not None
    return AwardView(
        anchor=f"prize-{award.number}", player=player, rank=award.rank,
        points=award.points * unit, prize=_name(rules, award.prizes),
        criteria=criteria_view(category.criteria), amount=money(award.amount),
        how=award.how, pooled=tuple(money(p.amount) for p in award.prizes),
        total=money(sum(p.amount for p in award.prizes)),
        shared_with=tuple(link for n in award.shared_with if (link := links[n]) is not None),
        own=_name(rules, award.own) if award.own is not None else None,
        own_half=money(award.own.amount // 2) if award.own is not None else None,
        tied_on="tiebreaks" if rules.ties_of(category) is Ties.TIEBREAKS else "points",
        also=tuple(also))


def _table(rules: PrizeRules, table: PrizeTable, root: str, money) -> PrizeTableView:  # noqa: ANN001
    outcome: PrizeList = table.outcome
    links = player_links(table.facts.section, root)
    return PrizeTableView(
        group=table.group,
        awards=tuple(_award(rules, a, links, money, table.unit) for a in outcome.awards),
        unawarded=tuple(UnawardedView(_name(rules, u.prize), money(u.prize.amount),
                                      "none" if u.reason == "no player qualifies" else "taken")
                        for u in outcome.unawarded),
        fund=money(outcome.fund), paid=money(outcome.paid))


def prizes_page(season: Season, facts: SectionFacts, root: str = "../") -> PrizesPage:
    section = facts.section
    rules = section.prizes
    assert rules is not None
    money = money_writer(rules, season.language, season.digits)
    tables = prize_tables(facts)
    ages = any(c.criteria.uses_age for c in rules.categories)
    age_on = tables[0].outcome.age_on if tables else None
    return PrizesPage(
        **frame(season, facts, root), provisional=not facts.progress.finished,
        ties=rules.ties.value, order=rules.order.value, age_on=age_on if ages else None,
        categories=tuple(CategoryView(PrizeName(c.name, c.place, 1, len(c.amounts)),
                                      criteria_view(c.criteria),
                                      tuple(money(a) for a in c.amounts),
                                      c.ties.value if c.ties and c.ties != rules.ties else None)
                         for c in rules.categories),
        tables=tuple(_table(rules, t, root, money) for t in tables),
        pdf_url=urls.prizes_pdf_name(section))


def prizes_pages(season: Season, facts: SectionFacts) -> dict[str, str]:
    if not has_prize_list(facts):
        return {}
    section = facts.section
    return page_files(prizes_page(season, facts), season.language,
                      (urls.prizes(section), "prizes/page.html"),
                      (urls.prizes_pdf(section), "prizes/pdf.html"))


register_section_pages(prizes_pages)
