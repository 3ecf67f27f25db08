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
from leaguegen.cli.terminal import printable
from leaguegen.errors import InputError

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
            click.echo(printable(problem), err=True)
        sys.exit(EXIT_INVALID)
    try:
        section = season.section(section_id)
    except KeyError:
        click.echo(printable(f"error: {season_dir}: no section '{section_id}'; sections:"
                             f" {', '.join(s.id for s in season.sections)}"), err=True)
        sys.exit(EXIT_INVALID)
    rules = section.prizes
    if rules is None:
        click.echo(printable(f"error: section '{section_id}' has no prizes: block"
                             " (docs/prizes.md)"), err=True)
        sys.exit(EXIT_CANNOT)
    facts = derive_facts(section)
    if not isinstance(facts, QuadsFacts):
        try:
            season_standings(season, section_id)  # NoStandings for a kind without a table
        except NoStandings as err:
            click.echo(printable(f"error: {err}"), err=True)
            sys.exit(EXIT_CANNOT)
    try:
        tables = prize_tables(facts)
    except ValueError as err:
        click.echo(printable(f"error: {err}"), err=True)
        sys.exit(EXIT_CANNOT)
    for table in tables:
        _one_table(section, rules, table)


def _one_table(section: Section, rules: PrizeRules, table: PrizeTable) -> None:
    """Print the prize list of one standings table (a section's, or a quads group's)."""
    from leaguegen.domain.prizes.explain import places, reasons

    outcome = table.outcome
    records = table.facts.table.records if table.facts.table is not None else ()
    names = {r.number: r.player.name for r in records}
    label = f"group {table.group}" if table.group is not None else ""
    progress = table.facts.progress
    where = f"{section.name} ({section.id}){', ' + label if label else ''}"
    click.echo(printable(f"Prizes: {where}; ties: {rules.ties.value},"
                         f" order: {rules.order.value}; fund {rules.money(outcome.fund)},"
                         f" paid {rules.money(outcome.paid)}"))
    if outcome.age_on is not None and any(c.criteria.uses_age for c in rules.categories):
        click.echo(f"Ages taken on {outcome.age_on.isoformat()}")
    if not progress.finished:
        click.echo(f"Provisional: {progress.rounds_played} of {progress.rounds_total} rounds"
                   " have results")
    for award in outcome.awards:
        click.echo(printable(f"{award.rank:>4}  {award.name}: {places(award.prizes)},"
                             f" {rules.money(award.amount)}"))
        for line in reasons(award, outcome, names, table.unit):
            click.echo(printable(f"        {line}"))
    for left in outcome.unawarded:
        click.echo(printable(f"not awarded: {left.prize.category}"
                             f" {_ordinal(left.prize.place)}"
                             f" ({rules.money(left.prize.amount)}): {left.reason}"))


def _ordinal(n: int) -> str:
    from leaguegen.domain.prizes.explain import ordinal

    return ordinal(n)
