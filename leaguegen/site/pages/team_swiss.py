"""Pages of a team Swiss: a team league's pages (``teams_common``) with rounds paired first
team against second (a match's ``home``, White on board 1), the PAB and the absent teams
in place of fixtures, and no crosstable."""

from __future__ import annotations

from leaguegen.domain.season import Season
from leaguegen.domain.sections import SectionFacts
from leaguegen.domain.sections.team_swiss import match_points, team_swiss_facts
from leaguegen.site.pages.registry import SectionPages, register_renderer
from leaguegen.site.pages.teams_common import Pairing, TeamSection


def team_swiss_pages(season: Season, found: SectionFacts) -> SectionPages:
    facts = team_swiss_facts(found)
    d = facts.details
    dates = {r.number: r.date for r in facts.section.rounds}
    pages = TeamSection(season, facts, tuple(Pairing(p.round, p.first, p.second,
                                                     dates.get(p.round))
                                             for p in facts.fixtures),
                        match_points, lambda board: board % 2 == 1)  # White on odd boards
    bye_mp, bye_gp = d.pab()
    page = pages.section_page(d.paired_rounds, facts.byes, facts.absent, colours=d.colours,
                              bye_mp=bye_mp, bye_gp=bye_gp)
    return SectionPages(page, pages.pages("team_swiss", lambda team: {
        "byes": tuple(r for r, t in sorted(facts.byes.items()) if t == team),
        "absent": tuple(r for r, ts in sorted(facts.absent.items()) if team in ts)}))


register_renderer("team_swiss", team_swiss_pages, "team_swiss")
