"""The start rank list (``<id>/start-list.html``): what a chess-results reader looks for
first, every player by pairing number with their FIDE profile linked; columns nobody in
the section has data for are left out."""

from __future__ import annotations

from dataclasses import dataclass

from leaguegen.domain.model import Player
from leaguegen.domain.season import Season
from leaguegen.domain.sections import SectionFacts
from leaguegen.domain.sections.team_league import TeamLeagueFacts, player_number
from leaguegen.site import urls
from leaguegen.site.pages.common import Frame, PlayerLink, exports_trf, frame, player_links
from leaguegen.site.pages.registry import register_section_pages
from leaguegen.site.render import render

FIDE_PROFILE = "https://ratings.fide.com/profile/{id}"


@dataclass(frozen=True, slots=True)
class StartRow:  # the player's number, title, rating, federation and club are the link's
    player: PlayerLink
    fide_id: int | None
    fide_url: str | None  # the player's FIDE profile, when the FIDE id is known
    team: str | None = None  # a team league: the player's team
    reserve: bool = False  # a team league: a reserve of the team


@dataclass(frozen=True, slots=True)
class StartListPage(Frame):
    """``<id>/start-list.html``; ``columns`` names the optional columns shown, in order
    (``title``, ``federation``, ``fide``, ``club``; ``team`` for a team league, whose
    players are listed team by team, each in its board order, reserves last)."""

    rows: tuple[StartRow, ...]
    columns: tuple[str, ...]
    rated: bool  # anyone has a rating


# Start and alphabetical lists are published for the kinds with a TRF whose players are known.
has_lists = exports_trf


def _row(player: PlayerLink, p: Player, team: str | None = None,
         reserve: bool = False) -> StartRow:
    return StartRow(player, p.fide_id, FIDE_PROFILE.format(id=p.fide_id) if p.fide_id else None,
                    team, reserve)


def team_links(facts: TeamLeagueFacts, root: str) -> dict[tuple[int, int], PlayerLink]:
    """A team league's players by (team, place among its eligible players), numbered as its
    TRF numbers them (team after team, board order), each linked to their team's page."""
    from leaguegen.site.pages.teams_common import team_path

    d, sid = facts.details, facts.section.id
    return {(t, i): PlayerLink(player_number(d, t, i), p.name, root + team_path(sid, t),
                               p.rating, p.federation or None, p.title or None, p.club or None)
            for t, team in enumerate(d.teams, start=1) for i, p in enumerate(team.eligible)}


def start_list_page(season: Season, facts: SectionFacts, root: str = "../") -> StartListPage:
    section = facts.section
    if isinstance(facts, TeamLeagueFacts):
        links = team_links(facts, root)  # team by team, reserves last
        rows = tuple(_row(links[(t, i)], p, team.name, i >= len(team.squad))
                     for t, team in enumerate(facts.details.teams, start=1)
                     for i, p in enumerate(team.eligible))
    else:
        links = player_links(section, root)
        rows = tuple(_row(links[n], p) for n, p in enumerate(section.players, start=1))
    present = {"team": any(r.team for r in rows), "title": any(r.player.title for r in rows),
               "federation": any(r.player.federation for r in rows),
               "fide": any(r.fide_id for r in rows), "club": any(r.player.club for r in rows)}
    return StartListPage(**frame(season, facts, root), rows=rows,
                         columns=tuple(k for k, shown in present.items() if shown),
                         rated=any(r.player.rating for r in rows))


def start_list_pages(season: Season, facts: SectionFacts) -> dict[str, str]:
    section = facts.section
    if not has_lists(section):
        return {}
    return {urls.start_list(section): render("lists/start_list.html",
                                             start_list_page(season, facts), season.language)}


register_section_pages(start_list_pages)
