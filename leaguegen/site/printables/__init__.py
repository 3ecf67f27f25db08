"""Sheets to print on the tournament day: per round, the pairings by board and the A-Z
list in large type, result slips, score sheets, place cards, and a wall chart of the
crosstable (docs/printables.md).

Each is a template in ``site_template/print/`` rendered from one context
(``context.print_page``) and made into a PDF by the site's one WeasyPrint path
(``site/pdf.html_to_pdf``: fonts and styles from the template folder only, nothing
fetched from elsewhere). ``leaguegen print`` writes them on request; a build writes the
current round's beside the pages (:func:`build_sources`).
"""

from __future__ import annotations

import dataclasses

from leaguegen.domain.season import Season, Section
from leaguegen.domain.season_facts import SeasonFacts
from leaguegen.domain.sections import SectionFacts
from leaguegen.site import i18n
from leaguegen.site.pdf_workers import render_template_pdf as printable_pdf
from leaguegen.site.printables.context import PRINTABLES, NotPrintable, default_round, print_page
from leaguegen.site.printables.kinds import kind_printables
from leaguegen.site.render import render

__all__ = ["PRINTABLES", "NotPrintable", "build_sources", "print_page", "printable_html",
           "printable_path", "printable_pdf"]


def printable_path(section: Section, number: int, what: str) -> str:
    """Where a round's printable lives, from the site's root (a folder per round, the
    file named after section, round and printable, so saved copies do not clash)."""
    return f"{section.id}/round-{number}/{section.id}-round-{number}-{what}.pdf"


def printable_html(season: Season, facts: SectionFacts, number: int, what: str) -> str:
    """The HTML source of printable ``what`` of round ``number`` in the season's language
    (``season.language``); raises ``NotPrintable`` for a round or kind without one."""
    page = print_page(season, facts, number, what)
    return render(page.template, page, season.language)


def build_sources(season: Season, facts: SeasonFacts) -> dict[str, str]:
    """The printables a build writes, {path: HTML source}: every printable of each
    section's current round (the round on the wall, as ``alphabetical.html`` shows it),
    in every language the site has, under that language's folder; none unless the
    season asks for them (``printables: current``)."""
    if season.printables != "current":
        return {}
    languages = season.languages or (season.language,)
    out: dict[str, str] = {}
    for code in languages:
        one = dataclasses.replace(season, language=code, languages=languages)
        prefix = i18n.prefix(code, languages)
        for section in season.sections:
            mine = facts.of(section)
            number = default_round(mine)
            if number is None or kind_printables(mine):  # the kinds' sheets: on request
                continue
            for what in PRINTABLES:
                out[prefix + printable_path(section, number, what)] = printable_html(
                    one, mine, number, what)
    return out
