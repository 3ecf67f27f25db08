"""A section's prize lists from its facts: one per standings table.

The command (``leaguegen prizes``), the prize page, its PDF and its JSON all take
the lists from here, so they show the same awards. A section's table is its
standings, recomputed with the ``prizes:`` block's ``tiebreaks:`` when it gives
some; a quads section has one list per group, each with the whole block (the
organisers' guide: "the prizes are for each group separately", docs/prizes.md).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from fractions import Fraction

from leaguegen.domain.prizes.allocate import Finisher, PrizeList, award_prizes
from leaguegen.domain.prizes.rules import PrizeRules
from leaguegen.domain.season import Section
from leaguegen.domain.sections.kind import SectionFacts
from leaguegen.domain.standings import compute_standings


@dataclass(frozen=True, slots=True)
class PrizeTable:
    """The prize list of one standings table: ``group`` is a quads group's number (None:
    the section's own table); ``facts`` that table's facts (a group's, whose section
    holds the group's players: the numbers in ``outcome`` are its numbers); ``unit``:
    what one scoring unit is worth in points."""

    group: int | None
    facts: SectionFacts
    outcome: PrizeList
    unit: Fraction


def first_date(section: Section) -> dt.date | None:
    """The section's first dated round (what ages default to)."""
    dates = [r.date for r in section.rounds if r.date is not None]
    return min(dates) if dates else None


def has_prize_list(facts: SectionFacts) -> bool:
    """A section has prize lists when it has a ``prizes:`` block and standings to pay
    them on (a knockout has none; quads have their groups')."""
    if facts.section.prizes is None:
        return False
    groups = getattr(facts, "group_facts", None)
    if groups is not None:
        return bool(groups)
    return facts.table is not None and facts.standings is not None


def prize_tables(facts: SectionFacts) -> tuple[PrizeTable, ...]:
    """Every prize list of the section (empty without :func:`has_prize_list`)."""
    if not has_prize_list(facts):
        return ()
    section = facts.section
    rules = section.prizes
    assert rules is not None
    groups = getattr(facts, "group_facts", None)
    tables = list(enumerate(groups, start=1)) if groups is not None else [(None, facts)]
    return tuple(_table(rules, group, table_facts, first_date(section))
                 for group, table_facts in tables)


def _table(rules: PrizeRules, group: int | None, facts: SectionFacts,
           start: dt.date | None) -> PrizeTable:
    table, standings = facts.table, facts.standings
    assert table is not None and standings is not None and facts.kind.tiebreak_system
    if rules.tiebreaks:
        standings = compute_standings(table, list(rules.tiebreaks), facts.kind.tiebreak_system,
                                      facts.section.tiebreak_rules, None, facts.excluded)
    players = {r.number: r.player for r in table.records}
    field = [Finisher(row.number, players[row.number], row.points, row.rank)
             for row in standings.rows]
    return PrizeTable(group, facts, award_prizes(rules, field, start), table.scoring.unit)
