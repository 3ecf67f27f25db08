"""``leaguegen prizes SEASON_DIR --section ID``: the section's prize list, each award explained.

The standings are the section's own (its pages'), or recomputed with the prizes
block's ``tiebreaks:`` when it gives some. A quads section has a prize list per group
(the organisers' guide: "the prizes are for each group separately"). Exit 2: the
season is invalid, or no such section; exit 1: the section has no ``prizes:`` block or
no standings table (a knockout).
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

import click

from leaguegen.cli import main
from leaguegen.cli.speech import echo
from leaguegen.errors import InputError, Message

if TYPE_CHECKING:
    from leaguegen.domain.prizes import PrizeRules
    from leaguegen.domain.prizes.tables import PrizeTable
    from leaguegen.domain.season import Section

EXIT_CANNOT, EXIT_INVALID = 1, 2


@main.command("prizes")
@click.argument("season_dir", type=click.Path(file_okay=False))
@click.option("--section", "section_id", required=True, help="The section whose prizes to list.")
def prizes(season_dir: str, section_id: str) -> None:
    """List who takes which prize in a section of SEASON_DIR, and why."""
    from leaguegen.cli.season_standings import NoStandings, season_standings
    from leaguegen.domain.prizes.tables import prize_tables
    from leaguegen.domain.sections import derive_facts
    from leaguegen.domain.sections.quads import QuadsFacts
    from leaguegen.formats.season_yaml import load_season

    try:
        season = load_season(season_dir)
    except InputError as err:
        for problem in err.problems:
            echo(problem, err=True)
        sys.exit(EXIT_INVALID)
    try:
        section = season.section(section_id)
    except KeyError:
        echo(Message("error: {season_dir}: no section '{sid}'; sections: {sections}",
                     season_dir=season_dir, sid=section_id,
                     sections=", ".join(s.id for s in season.sections)), err=True)
        sys.exit(EXIT_INVALID)
    rules = section.prizes
    if rules is None:
        echo(Message("error: section '{sid}' has no prizes: block (leaguegen docs prizes)",
                     sid=section_id), err=True)
        sys.exit(EXIT_CANNOT)
    facts = derive_facts(section)
    if not isinstance(facts, QuadsFacts):
        try:
            season_standings(season, section_id)  # NoStandings for a kind without a table
        except NoStandings as err:
            echo(Message("error: {err}", err=err), err=True)
            sys.exit(EXIT_CANNOT)
    try:
        tables = prize_tables(facts)
    except ValueError as err:
        echo(Message("error: {err}", err=err), err=True)
        sys.exit(EXIT_CANNOT)
    for table in tables:
        _one_table(section, rules, table)


def _one_table(section: Section, rules: PrizeRules, table: PrizeTable) -> None:
    """Print the prize list of one standings table (a section's, or a quads group's)."""
    from leaguegen.domain.prizes.explain import ordinal, places, reasons

    outcome = table.outcome
    records = table.facts.table.records if table.facts.table is not None else ()
    names = {r.number: r.player.name for r in records}
    progress = table.facts.progress
    where = (Message("{name} ({sid}), group {group}", name=section.name, sid=section.id,
                     group=table.group) if table.group is not None
             else Message("{name} ({sid})", name=section.name, sid=section.id))
    # ties: and order: are the words the organiser writes in the prizes block (code)
    echo(Message("Prizes: {where}; ties: {ties}, order: {order}; fund {fund}, paid {paid}",
                 where=where, ties=rules.ties.value, order=rules.order.value,
                 fund=rules.money(outcome.fund), paid=rules.money(outcome.paid)))
    if outcome.age_on is not None and any(c.criteria.uses_age for c in rules.categories):
        echo(Message("Ages taken on {day}", day=outcome.age_on.isoformat()))
    if not progress.finished:
        echo(Message("Provisional: {played} of {count} round has results",
                     "Provisional: {played} of {count} rounds have results",
                     played=progress.rounds_played, count=progress.rounds_total))
    for award in outcome.awards:
        echo(Message("{rank:>4}  {name}: {prizes}, {amount}", msgctxt="an award",  # its comma
                     rank=award.rank, name=award.name, prizes=places(award.prizes),
                     amount=rules.money(award.amount)))
        for line in reasons(award, outcome, names, table.unit):
            echo(Message("        {line}", line=line))
    for left in outcome.unawarded:
        echo(Message("not awarded: {category} {place} ({amount}): {reason}",
                     category=left.prize.category, place=ordinal(left.prize.place),
                     amount=rules.money(left.prize.amount), reason=left.reason))
