"""Pages of a Swiss section: standings and crosstable, rounds index, a page per round
(with the explanation of the last pairing), a page per player, and the PDF crosstable."""

from __future__ import annotations

from leaguegen.domain.season import Season
from leaguegen.domain.sections import SectionFacts
from leaguegen.site import urls
from leaguegen.site.pages import swiss_context as sc
from leaguegen.site.pages.registry import SectionOutput, register_renderer
from leaguegen.site.render import render, render_pdf_source


def render_swiss(season: Season, facts: SectionFacts) -> SectionOutput:
    section, lang = facts.section, season.language
    data = sc.swiss_data(facts)
    page = sc.section_page(season, data)
    pages = {
        urls.section(section): render("swiss/section.html", page, lang),
        urls.rounds(section): render("swiss/rounds.html", page, lang),
    }
    for link in page.rounds:
        if link.paired:
            pages[sc.round_page_path(section, link.number)] = render(
                "swiss/round.html", sc.round_page(season, data, link.number), lang)
    for number in range(1, len(section.players) + 1):
        pages[urls.player(section, number)] = render(
            "player.html", sc.player_page(season, data, number), lang)
    return SectionOutput(pages, urls.pdf(section),
                         render_pdf_source("swiss/pdf.html", page, lang), page.section)


register_renderer("swiss", render_swiss)
