"""Pages of a team Swiss: the standings, the rounds with their match cards, the teams, a PDF.

Output: ``<id>/index.html`` (the table by the section's C.07 team tie-breaks), ``<id>/
rounds.html`` (each round's matches, first team first, with the game points, the PAB and
the absent teams), ``<id>/match-<round>-<first>-<second>.html`` (a match card, board by
board, for every match with a result), ``<id>/team-<n>.html`` (a team's squad with each
player's score per board, and its matches) and the PDF (the table and the rounds). The
team pieces both team kinds share (a team link, a table row, a board, a squad row) are
``site/pages/teams_common.py``'s: a team Swiss shows the same things, with a first and a
second team instead of a home and an away team. Everything is read from the facts
(``domain.sections.team_swiss``).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from fractions import Fraction

from leaguegen.domain.report_links import ReportSettings
from leaguegen.domain.season import Season
from leaguegen.domain.sections import SectionFacts
from leaguegen.domain.sections.team_swiss import (
    Paired,
    TeamSwissFacts,
    match_points,
    team_swiss_facts,
)
from leaguegen.domain.teams.tiebreaks import REGISTRY
from leaguegen.site import urls
from leaguegen.site.pages import common
from leaguegen.site.pages.common import SeasonInfo, SectionSummary
from leaguegen.site.pages.registry import SectionPages, register_renderer
from leaguegen.site.pages.teams_common import (
    BoardView,
    PlayerRow,
    TableRow,
    TeamLink,
    board_views,
    match_report,
    squad_rows,
    table_rows,
    team_links,
    team_path,
)


def match_path(section_id: str, p: Paired) -> str:
    return f"{section_id}/match-{p.round}-{p.first}-{p.second}.html"


@dataclass(frozen=True, slots=True)
class MatchView:
    """A match of a round: the first team (White on board 1) and the second, their game
    points, a whole-match default, its card's address ("" before a result)."""

    round: int
    first: TeamLink
    second: TeamLink
    played: bool  # a result is entered
    first_points: Fraction
    second_points: Fraction
    forfeit: str  # "+-", "-+", "--" for a whole-match default, else ""
    url: str
    report: str = ""  # the link a captain reports the match by (teams_common.match_report)


@dataclass(frozen=True, slots=True)
class RoundView:
    number: int
    date: dt.date | None
    matches: tuple[MatchView, ...]
    bye: TeamLink | None
    absent: tuple[TeamLink, ...]


@dataclass(frozen=True, slots=True)
class TeamSwissPage:
    """The section's own page, its rounds page and its PDF."""

    root: str
    season: SeasonInfo
    section: SectionSummary
    description: str
    codes: tuple[tuple[str, str], ...]  # (code, its English name, a msgid)
    rows: tuple[TableRow, ...]
    rounds: tuple[RoundView, ...]
    boards: int
    teams: int
    rounds_total: int
    colours: str  # "A", "B" or "none"
    primary_mp: bool  # match points are the primary score
    win: Fraction
    draw: Fraction
    bye_mp: Fraction
    bye_gp: Fraction
    pdf_url: str


@dataclass(frozen=True, slots=True)
class MatchPage:
    root: str
    season: SeasonInfo
    section: SectionSummary
    description: str
    here: str
    match: MatchView
    date: dt.date | None
    boards: tuple[BoardView, ...]  # ``home`` is the first team's player


@dataclass(frozen=True, slots=True)
class TeamPage:
    root: str
    season: SeasonInfo
    section: SectionSummary
    description: str
    here: str
    team: TeamLink
    club: str
    rank: int
    boards: int
    players: tuple[PlayerRow, ...]
    matches: tuple[MatchView, ...]
    byes: tuple[int, ...]  # rounds with the PAB
    absent: tuple[int, ...]  # rounds not paired


def _match(facts: TeamSwissFacts, p: Paired, links: tuple[TeamLink, ...],
           root: str, reports: ReportSettings | None = None) -> MatchView:
    m = facts.results.get((p.round, p.first, p.second))
    fp, sp = match_points(facts.details, m) if m else (Fraction(0), Fraction(0))
    return MatchView(p.round, links[p.first - 1], links[p.second - 1], m is not None, fp, sp,
                     (m.forfeit or "") if m else "",
                     root + match_path(facts.section.id, p) if m else "",
                     match_report(reports, facts.section, facts.details, p.round, p.first,
                                  p.second, m))


def section_page(season: Season, facts: TeamSwissFacts, root: str = "../") -> TeamSwissPage:
    section, d = facts.section, facts.details
    links = team_links(d.teams, section.id, root)
    leader = facts.rows[0].name if facts.progress.rounds_played else None
    dates = {r.number: r.date for r in section.rounds}
    rounds = []
    for r in range(1, d.paired_rounds + 1):
        ms = tuple(_match(facts, p, links, root, season.reports)
                   for p in facts.fixtures if p.round == r)
        bye = facts.byes.get(r)
        rounds.append(RoundView(r, dates.get(r), ms, links[bye - 1] if bye else None,
                                tuple(links[t - 1] for t in facts.absent.get(r, ()))))
    bye_mp, bye_gp = d.pab()
    return TeamSwissPage(
        root=root, season=common.season_info(season),
        section=common.section_summary(facts, root, leader), description=section.description,
        codes=tuple((c, REGISTRY[c.split("/")[0]].title) for c in facts.codes),
        rows=table_rows(facts.rows, links),
        rounds=tuple(rounds), boards=d.boards, teams=len(d.teams),
        rounds_total=d.number_of_rounds, colours=d.colours, primary_mp=d.primary == "MP",
        win=d.match_points.win, draw=d.match_points.draw, bye_mp=bye_mp, bye_gp=bye_gp,
        pdf_url=urls.pdf_name(section))


def match_page(season: Season, facts: TeamSwissFacts, p: Paired) -> MatchPage:
    root = "../"
    d = facts.details
    m = facts.results[(p.round, p.first, p.second)]
    first, second = d.teams[p.first - 1], d.teams[p.second - 1]
    boards = board_views(m.boards, first, second, lambda board: board % 2 == 1)
    date = next((r.date for r in facts.section.rounds if r.number == p.round), None)
    links = team_links(d.teams, facts.section.id, root)
    return MatchPage(root, common.season_info(season),
                     common.section_summary(facts, root, None), facts.section.description,
                     match_path(facts.section.id, p),
                     _match(facts, p, links, root, season.reports), date,
                     boards)


def team_page(season: Season, facts: TeamSwissFacts, team: int) -> TeamPage:
    root = "../"
    d = facts.details
    links = team_links(d.teams, facts.section.id, root)
    players = squad_rows(facts.players, team, d.boards)
    rank = next(r.rank for r in facts.rows if r.team == team)
    matches = tuple(_match(facts, p, links, root, season.reports) for p in facts.fixtures
                    if team in (p.first, p.second))
    return TeamPage(root, common.season_info(season), common.section_summary(facts, root, None),
                    facts.section.description, team_path(facts.section.id, team),
                    links[team - 1], d.teams[team - 1].club, rank, d.boards, players,
                    matches, tuple(r for r, t in sorted(facts.byes.items()) if t == team),
                    tuple(r for r, ts in sorted(facts.absent.items()) if team in ts))


def team_swiss_pages(season: Season, found: SectionFacts) -> SectionPages:
    facts = team_swiss_facts(found)
    sid = facts.section.id
    matches = ((match_path(sid, p), "team_swiss/match.html", match_page(season, facts, p))
               for p in facts.fixtures if (p.round, p.first, p.second) in facts.results)
    teams = ((team_path(sid, team), "team_swiss/team.html", team_page(season, facts, team))
             for team in range(1, len(facts.details.teams) + 1))
    return SectionPages(section_page(season, facts), (*matches, *teams))


register_renderer("team_swiss", team_swiss_pages, "team_swiss")
