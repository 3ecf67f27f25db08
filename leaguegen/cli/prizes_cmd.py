"""``leaguegen prizes SEASON_DIR --section ID``: the section's prize list, each award explained.

The standings are the section's own (its pages'), or recomputed with the prizes
block's ``tiebreaks:`` when it gives some. Exit 2: the season is invalid, or no such
section; exit 1: the section has no ``prizes:`` block or no standings table (a
knockout).
"""

from __future__ import annotations

import sys

import click

from leaguegen.cli import main
from leaguegen.cli.terminal import printable
from leaguegen.errors import InputError

EXIT_CANNOT, EXIT_INVALID = 1, 2


@main.command("prizes")
@click.argument("season_dir", type=click.Path(file_okay=False))
@click.option("--section", "section_id", required=True, help="The section whose prizes to list.")
def prizes(season_dir: str, section_id: str) -> None:
    """List who takes which prize in a section of SEASON_DIR, and why."""
    from leaguegen.cli.season_standings import NoStandings, season_standings
    from leaguegen.domain.prizes import Finisher, award_prizes
    from leaguegen.domain.prizes.explain import places, reasons
    from leaguegen.domain.sections import facts_of
    from leaguegen.formats.prizes import first_date
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
    try:
        standings = season_standings(season, section_id,
                                     list(rules.tiebreaks) if rules.tiebreaks else None)
    except (NoStandings, ValueError) as err:
        click.echo(printable(f"error: {err}"), err=True)
        sys.exit(EXIT_CANNOT)
    facts = facts_of(section)
    assert facts.table is not None
    players = {r.number: r.player for r in facts.table.records}
    field = [Finisher(row.number, players[row.number], row.points, row.rank)
             for row in standings.rows]
    outcome = award_prizes(rules, field, first_date(section))
    names = {n: p.name for n, p in players.items()}
    unit = facts.table.scoring.unit
    progress = facts.progress
    click.echo(printable(f"Prizes: {section.name} ({section.id}); ties: {rules.ties.value},"
                         f" order: {rules.order.value}; fund {rules.money(outcome.fund)},"
                         f" paid {rules.money(outcome.paid)}"))
    if outcome.age_on is not None:
        click.echo(f"Ages taken on {outcome.age_on.isoformat()}")
    if not progress.finished:
        click.echo(f"Provisional: {progress.rounds_played} of {progress.rounds_total} rounds"
                   " have results")
    for award in outcome.awards:
        click.echo(printable(f"{award.rank:>4}  {award.name}: {places(award.prizes)},"
                             f" {rules.money(award.amount)}"))
        for line in reasons(award, outcome, names, unit):
            click.echo(printable(f"        {line}"))
    for left in outcome.unawarded:
        click.echo(printable(f"not awarded: {left.prize.category}"
                             f" {_ordinal(left.prize.place)}"
                             f" ({rules.money(left.prize.amount)}): {left.reason}"))


def _ordinal(n: int) -> str:
    from leaguegen.domain.prizes.explain import ordinal

    return ordinal(n)
