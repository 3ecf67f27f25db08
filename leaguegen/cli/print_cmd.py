"""``leaguegen print SEASON_DIR --section ID [--round N] [WHAT...] [-o DIR]``: a round's
sheets as PDFs (site/printables/, docs/printables.md). A quads, Scheveningen or knockout
section prints pairings, slips, score sheets (and place cards but for a knockout); a team
section its round's matches and match cards (``slips``).

Exit 0 written; 1 the PDFs cannot be made here (WeasyPrint's libraries missing), or the
section or round has nothing to print (a kind without round lists, a round not paired);
2 invalid season, unknown section or language, or an output folder that cannot be written.
"""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path

import click

from leaguegen.cli import main
from leaguegen.cli.speech import echo
from leaguegen.cli.terminal import report_problems
from leaguegen.errors import InputError, Message

EXIT_CANNOT, EXIT_INVALID = 1, 2
WHATS = ("pairings", "alphabetical", "slips", "scoresheets", "cards", "wallchart", "all")


@main.command("print")
@click.argument("season_dir", type=click.Path(file_okay=False, path_type=Path))
@click.argument("what", nargs=-1, type=click.Choice(WHATS))
@click.option("--section", "section_id", required=True, help="The section to print.")
@click.option("--round", "round_no", type=click.IntRange(min=1),
              help="The round (default: the current one, as the A-Z wall page shows).")
@click.option("-o", "--out", "out_dir", type=click.Path(file_okay=False, path_type=Path),
              default=Path("."), show_default=True, help="The folder to write the PDFs in.")
@click.option("--language", help="One of the season's languages (default: its first).")
def print_cmd(season_dir: Path, what: tuple[str, ...], section_id: str,
              round_no: int | None, out_dir: Path, language: str | None) -> None:
    """Print a round's sheets: pairings by board, the A-Z list, result slips, score
    sheets, place cards, the wall chart (WHAT, any of them; default all)."""
    from leaguegen.domain.season_facts import season_facts
    from leaguegen.formats.files import write_atomic
    from leaguegen.formats.season_yaml import load_season
    from leaguegen.site.pdf import PdfUnavailable, unavailable_warning
    from leaguegen.site.printables import (
        NotPrintable,
        printable_html,
        printable_path,
        printable_pdf,
    )
    from leaguegen.site.printables.context import default_round, section_printables

    try:
        season = load_season(season_dir)
    except InputError as err:
        report_problems(err)
        sys.exit(EXIT_INVALID)
    try:
        section = season.section(section_id)
    except KeyError:
        known = ", ".join(s.id for s in season.sections)
        echo(Message("{season_dir}: no section '{section_id}' (the season has {known})",
                     season_dir=season_dir, section_id=section_id, known=known), err=True)
        sys.exit(EXIT_INVALID)
    languages = season.languages or (season.language,)
    if language is not None:
        if language not in languages:
            echo(Message("{season_dir}: the season is not published in '{language}' (it has"
                         " {languages})", season_dir=season_dir, language=language,
                         languages=", ".join(languages)), err=True)
            sys.exit(EXIT_INVALID)
        season = dataclasses.replace(season, language=language, languages=languages)
    facts = season_facts(season).of(section)
    number = round_no if round_no is not None else default_round(facts)
    kinds = section_printables(facts)
    wanted = (kinds or ("pairings",)) if not what or "all" in what else tuple(
        w for w in WHATS if w in what)
    try:
        sources = {w: printable_html(season, facts, number or 1, w) for w in wanted}
    except NotPrintable as exc:
        echo(Message("{season_dir}: {exc}", season_dir=season_dir, exc=exc), err=True)
        sys.exit(EXIT_CANNOT)
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        echo(Message("{out_path}: cannot write: {value}", out_path=out_dir,
                     value=exc.strerror or exc), err=True)
        sys.exit(EXIT_INVALID)
    if not season.site_url:
        echo(Message("note: the season has no site_url, so the sheets carry no QR code"),
             err=True)
    for name, html in sources.items():
        try:
            data = printable_pdf(html)
        except PdfUnavailable as exc:
            click.echo(unavailable_warning(exc, "Nothing was written."), err=True)
            sys.exit(EXIT_CANNOT)
        target = out_dir / Path(printable_path(section, number or 1, name)).name
        try:
            write_atomic(target, data)
        except OSError as exc:
            echo(Message("{out_path}: cannot write: {value}", out_path=target,
                         value=exc.strerror or exc), err=True)
            sys.exit(EXIT_INVALID)
        echo(Message("Wrote {out_path}", out_path=target))
