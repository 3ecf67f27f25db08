"""Pages of a team league division: the table, the fixtures and results, match cards, teams.

Output: ``<id>/index.html`` (the division table with its tie-breaks and the promotion and
relegation places, and the teams' crosstable), ``<id>/rounds.html`` (the fixtures round by
round with their scores), ``<id>/match-<round>-<home>-<away>.html`` (a match card, board by
board, for every match with a result), ``<id>/team-<n>.html`` (a team's squad and reserves
with every player's score per board, and its fixtures) and the PDF (table and crosstable).
Everything is read from the section's facts (``domain.sections.team_league``).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from fractions import Fraction

from leaguegen.domain.report_links import ReportSettings
from leaguegen.domain.season import Season
from leaguegen.domain.sections import SectionFacts
from leaguegen.domain.sections.kind import N_
from leaguegen.domain.sections.team_league import (
    Fixture,
    TeamLeagueFacts,
    match_points,
    team_league_facts,
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
    half,
    match_report,
    squad_rows,
    table_rows,
    team_links,
    team_path,
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


def match_path(section_id: str, f: Fixture) -> str:
    return f"{section_id}/match-{f.round}-{f.host}-{f.guest}.html"


@dataclass(frozen=True, slots=True)
class FixtureView:
    round: int
    date: dt.date | None
    venue: str
    home: TeamLink
    away: TeamLink
    played: bool  # a result is entered
    home_points: Fraction  # game points
    away_points: Fraction
    forfeit: str  # "+-", "-+", "--" for a whole-match default, else ""
    url: str  # its match card ("" before a result)
    report: str = ""  # the link a captain reports the match by ("": played, or no reports:)


@dataclass(frozen=True, slots=True)
class RoundView:
    number: int
    date: dt.date | None
    fixtures: tuple[FixtureView, ...]
    free: TeamLink | None


@dataclass(frozen=True, slots=True)
class CrossRow:
    team: TeamLink
    cells: tuple[str, ...]  # game points against each team of the table's order
    total: Fraction  # the team's game points


@dataclass(frozen=True, slots=True)
class WithdrawnView:
    """A team that left the division: after which round, why, and what the division's
    rule did with its matches (``cancelled``: expunged, out of the table)."""

    team: TeamLink
    after_round: int
    reason: str
    cancelled: bool


@dataclass(frozen=True, slots=True)
class TeamLeaguePage:
    """Every page of the division (``current`` is what the match or team page shows)."""

    root: str
    season: SeasonInfo
    section: SectionSummary
    description: str
    codes: tuple[tuple[str, str], ...]  # (code, its English name, a msgid)
    rows: tuple[TableRow, ...]
    rounds: tuple[RoundView, ...]
    cross: tuple[CrossRow, ...]
    boards: int
    teams: int
    promotion: int
    relegation: int
    win: Fraction
    draw: Fraction
    pdf_url: str
    withdrawn: tuple[WithdrawnView, ...] = ()


@dataclass(frozen=True, slots=True)
class MatchPage:
    root: str
    season: SeasonInfo
    section: SectionSummary
    description: str
    here: str
    fixture: FixtureView
    boards: tuple[BoardView, ...]


@dataclass(frozen=True, slots=True)
class TeamPage:
    root: str
    season: SeasonInfo
    section: SectionSummary
    description: str
    here: str
    team: TeamLink
    club: str
    rank: int | None  # None: withdrawn, its results cancelled
    boards: int
    players: tuple[PlayerRow, ...]
    fixtures: tuple[FixtureView, ...]
    withdrawn: WithdrawnView | None = None


def _withdrawn(facts: TeamLeagueFacts, links: tuple[TeamLink, ...]
               ) -> tuple[WithdrawnView, ...]:
    return tuple(WithdrawnView(links[w.team - 1], w.after_round, w.reason,
                               w.team in facts.expunged)
                 for w in facts.details.withdrawals)


def _fixture(facts: TeamLeagueFacts, f: Fixture, links: tuple[TeamLink, ...],
             root: str, reports: ReportSettings | None = None) -> FixtureView:
    m = facts.results.get((f.round, f.host, f.guest))
    hp, ap = match_points(facts.details, m) if m else (Fraction(0), Fraction(0))
    return FixtureView(f.round, f.date, f.venue, links[f.host - 1], links[f.guest - 1],
                       m is not None, hp, ap, (m.forfeit or "") if m else "",
                       root + match_path(facts.section.id, f) if m else "",
                       match_report(reports, facts.section, facts.details, f.round, f.host,
                                    f.guest, m))


def _cross(facts: TeamLeagueFacts, links: tuple[TeamLink, ...]) -> tuple[CrossRow, ...]:
    order = [r.team for r in facts.rows]
    out = []
    for t in order:
        cells = []
        for o in order:
            if o == t:
                cells.append("■")
                continue
            scores = []
            for f in facts.fixtures:
                m = facts.results.get((f.round, f.host, f.guest))
                if m is None or {f.host, f.guest} != {t, o}:
                    continue
                hp, ap = match_points(facts.details, m)
                mine, theirs = (hp, ap) if f.host == t else (ap, hp)
                scores.append(f"{half(mine)}–{half(theirs)}")
            cells.append(" ".join(scores))
        gp = next(r.game_points for r in facts.rows if r.team == t)
        out.append(CrossRow(links[t - 1], tuple(cells), gp))
    return tuple(out)


def division_page(season: Season, facts: TeamLeagueFacts, root: str = "../") -> TeamLeaguePage:
    section, d = facts.section, facts.details
    links = team_links(d.teams, section.id, root)
    leader = facts.rows[0].name if facts.progress.rounds_played else None
    rounds = []
    total = facts.progress.rounds_total
    dates = {r.number: r.date for r in section.rounds}
    for r in range(1, total + 1):
        fx = tuple(_fixture(facts, f, links, root, season.reports)
                   for f in facts.fixtures if f.round == r)
        free = facts.free.get(r)
        rounds.append(RoundView(r, dates.get(r), fx, links[free - 1] if free else None))
    return TeamLeaguePage(
        root=root, season=common.season_info(season),
        section=common.section_summary(facts, root, leader), description=section.description,
        codes=tuple((c, CODE_TITLES.get(c.split("/")[0], REGISTRY[c.split("/")[0]].title))
                    for c in facts.codes),
        rows=table_rows(facts.rows, links),
        rounds=tuple(rounds), cross=_cross(facts, links), boards=d.boards,
        teams=len(d.teams), promotion=d.promotion, relegation=d.relegation,
        win=d.match_points.win, draw=d.match_points.draw, pdf_url=urls.pdf_name(section),
        withdrawn=_withdrawn(facts, links))


def match_page(season: Season, facts: TeamLeagueFacts, f: Fixture) -> MatchPage:
    root = "../"
    d = facts.details
    m = facts.results[(f.round, f.host, f.guest)]
    home, away = d.teams[f.host - 1], d.teams[f.guest - 1]
    boards = board_views(m.boards, home, away, d.home_is_white)
    links = team_links(d.teams, facts.section.id, root)
    return MatchPage(root, common.season_info(season),
                     common.section_summary(facts, root, None), facts.section.description,
                     match_path(facts.section.id, f),
                     _fixture(facts, f, links, root, season.reports), boards)


def team_page(season: Season, facts: TeamLeagueFacts, team: int) -> TeamPage:
    root = "../"
    d = facts.details
    links = team_links(d.teams, facts.section.id, root)
    players = squad_rows(facts.players, team, d.boards)
    rank = next((r.rank for r in facts.rows if r.team == team), None)
    fixtures = tuple(_fixture(facts, f, links, root, season.reports) for f in facts.fixtures
                     if team in (f.host, f.guest))
    return TeamPage(root, common.season_info(season), common.section_summary(facts, root, None),
                    facts.section.description, team_path(facts.section.id, team),
                    links[team - 1], d.teams[team - 1].club, rank, d.boards, players,
                    fixtures, next((w for w in _withdrawn(facts, links)
                                    if w.team.number == team), None))


def team_league_pages(season: Season, found: SectionFacts) -> SectionPages:
    facts = team_league_facts(found)
    section = facts.section
    matches = ((match_path(section.id, f), "team_league/match.html", match_page(season, facts, f))
               for f in facts.fixtures if (f.round, f.host, f.guest) in facts.results)
    teams = ((team_path(section.id, team), "team_league/team.html",
              team_page(season, facts, team))
             for team in range(1, len(facts.details.teams) + 1))
    return SectionPages(division_page(season, facts), (*matches, *teams))


register_renderer("team_league", team_league_pages, "team_league")
