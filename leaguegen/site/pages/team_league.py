"""Pages of a team league division: the table, the fixtures and results, match cards, teams.

Output: ``<id>/index.html`` (the division table with its tie-breaks and the promotion and
relegation places, and the teams' crosstable), ``<id>/rounds.html`` (the fixtures round by
round with their scores), ``<id>/match-<round>-<home>-<away>.html`` (a match card, board by
board, for every match with a result), ``<id>/team-<n>.html`` (a team's squad and reserves
with every player's score per board, and its fixtures) and the PDF (table and crosstable),
made by ``teams_common`` from the section's facts (``domain.sections.team_league``).
"""

from __future__ import annotations

from leaguegen.domain.season import Season
from leaguegen.domain.sections import SectionFacts
from leaguegen.domain.sections.kind import N_
from leaguegen.domain.sections.team_league import (
    TeamLeagueFacts,
    match_points,
    team_league_facts,
)
from leaguegen.site.pages.registry import SectionPages, register_renderer
from leaguegen.site.pages.teams_common import (
    CrossRow,
    Pairing,
    TeamLink,
    TeamSection,
    WithdrawnView,
    half,
)

# The team tie-breaks' names on the pages, by code (C.07's team section; the registry's
# English titles, marked here for the catalogues: the templates translate them)
CODE_TITLES = {
    "MPTS": N_("Match points"),
    "GPTS": N_("Game points"),
    "BH:MP": N_("Buchholz (match points)"),
    "BH:GP": N_("Buchholz (game points)"),
    "SB:MP": N_("Sonneborn-Berger (match points)"),
    "SB:GP": N_("Sonneborn-Berger (game points)"),
    "EMGSB": N_("Sonneborn-Berger: opponents' MP × own game points"),
    "EGGSB": N_("Sonneborn-Berger: opponents' GP × own game points"),
    "DE": N_("Direct encounter"),
    "WIN": N_("Matches won"),
    "WON": N_("Matches won over the board"),
    "BC": N_("Board count"),
}


def _cross(facts: TeamLeagueFacts, links: tuple[TeamLink, ...]) -> tuple[CrossRow, ...]:
    """Each team's scores against each other team, in the table's order, one per match."""
    order = [r.team for r in facts.rows]
    out = []
    for row in facts.rows:
        t = row.team
        cells = []
        for o in order:
            scores = []
            for f in facts.fixtures:
                m = facts.results.get((f.round, f.host, f.guest))
                if o != t and m is not None and {f.host, f.guest} == {t, o}:
                    hp, ap = match_points(facts.details, m)
                    mine, theirs = (hp, ap) if f.host == t else (ap, hp)
                    scores.append(f"{half(mine)}–{half(theirs)}")
            cells.append("■" if o == t else " ".join(scores))
        out.append(CrossRow(links[t - 1], tuple(cells), row.game_points))
    return tuple(out)


def team_league_pages(season: Season, found: SectionFacts) -> SectionPages:
    facts = team_league_facts(found)
    d = facts.details
    pages = TeamSection(season, facts, tuple(Pairing(f.round, f.host, f.guest, f.date, f.venue)
                                             for f in facts.fixtures),
                        match_points, d.home_is_white)
    withdrawn = tuple(WithdrawnView(pages.links[w.team - 1], w.after_round, w.reason,
                                    w.team in facts.expunged) for w in d.withdrawals)
    page = pages.section_page(facts.progress.rounds_total, facts.free, titles=CODE_TITLES,
                              cross=_cross(facts, pages.links), withdrawn=withdrawn)
    return SectionPages(page, pages.pages("team_league", lambda team: {"withdrawn": next(
        (w for w in withdrawn if w.team.number == team), None)}))


register_renderer("team_league", team_league_pages, "team_league")
