"""Pages of a team league division: the table (with the promotion and relegation places)
and the teams' crosstable, the fixtures, match cards and teams, made by ``teams_common``."""

from __future__ import annotations

from leaguegen.domain.season import Season
from leaguegen.domain.sections import SectionFacts
from leaguegen.domain.sections.kind import N_
from leaguegen.domain.sections.team_league import (
    TeamLeagueFacts,
    match_points,
    team_league_facts,
)
from leaguegen.site.formatting import points
from leaguegen.site.pages.registry import SectionPages, register_renderer
from leaguegen.site.pages.teams_common import (
    CrossRow,
    Pairing,
    TeamLink,
    TeamSection,
    WithdrawnView,
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
    scores: dict[tuple[int, int], list[str]] = {}  # (team, opponent) -> in fixture order
    for f in facts.fixtures:
        if (m := facts.results.get((f.round, f.host, f.guest))) is not None:
            hp, ap = map(points, match_points(facts.details, m))
            scores.setdefault((f.host, f.guest), []).append(f"{hp}–{ap}")
            scores.setdefault((f.guest, f.host), []).append(f"{ap}–{hp}")
    order = [r.team for r in facts.rows]
    return tuple(CrossRow(links[r.team - 1], tuple("■" if o == r.team else
                                                   " ".join(scores.get((r.team, o), ()))
                                                   for o in order), r.game_points)
                 for r in facts.rows)


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
