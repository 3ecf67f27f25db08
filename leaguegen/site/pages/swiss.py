"""Pages of a Swiss section: standings and crosstable, rounds index, a page per round
(with the explanation of the last pairing), a page per player, and the PDF crosstable."""

from __future__ import annotations

import itertools

from leaguegen.domain.season import Season
from leaguegen.domain.sections import SectionFacts
from leaguegen.site.pages import swiss_context as sc
from leaguegen.site.pages.registry import SectionPages, player_pages, register_renderer


def swiss_pages(season: Season, facts: SectionFacts) -> SectionPages:
    section = facts.section
    data = sc.swiss_data(facts)
    page = sc.section_page(season, data)
    rounds = ((sc.round_page_path(section, link.number), "swiss/round.html",
               sc.round_page(season, data, link.number)) for link in page.rounds if link.paired)
    players = player_pages(section, "player.html",
                           lambda number: sc.player_page(season, data, number))
    return SectionPages(page, itertools.chain(rounds, players))


register_renderer("swiss", swiss_pages, "swiss")
