"""The pages both team section kinds make the same way: the section page, the rounds, the
match cards, the teams' pages.

A team league and a team Swiss differ in how their matches are arranged (fixtures home and
away; rounds paired first team against second, its ``home``) and in a few facts on the
section page, not in what a match, a board, a team or a squad row is: those are built
here from either kind's facts (both hold ``domain.sections.team_league``'s types).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from leaguegen.domain.report_links import ReportSettings, match_report_url
from leaguegen.domain.season import Season, Section
from leaguegen.domain.sections import kind_of
from leaguegen.domain.sections.team_league import (
    BOARD_RESULT,
    BoardEntry,
    LeagueTeam,
    MatchEntry,
    PlayerScore,
)
from leaguegen.domain.teams.tiebreaks import REGISTRY
from leaguegen.site.formatting import points
from leaguegen.site.pages import common
from leaguegen.site.pages.common import Frame, SeasonInfo, SectionSummary

ROOT = "../"  # every page of a team section is in the section's folder


def team_path(section_id: str, team: int) -> str:
    """A team's page, the same address in either kind."""
    return f"{section_id}/team-{team}.html"


def match_path(section_id: str, round_: int, home: int, away: int) -> str:
    return f"{section_id}/match-{round_}-{home}-{away}.html"


@dataclass(frozen=True, slots=True)
class TeamLink:
    number: int
    name: str
    url: str


@dataclass(frozen=True, slots=True)
class TableRow:
    rank: int
    team: TeamLink
    played: int
    won: int
    drawn: int
    lost: int
    values: tuple[Fraction, ...]  # the codes' values, the primary score first
    zone: str


@dataclass(frozen=True, slots=True)
class BoardView:
    number: int
    home: str  # a player's name (the home or the first team's), "" for an empty board
    away: str
    home_white: bool
    result: str  # from the home (first) player's side, e.g. "1–0", "+–"


@dataclass(frozen=True, slots=True)
class PlayerRow:
    name: str
    rating: int | None
    fide_id: int | None
    reserve: bool
    points: Fraction
    games: int
    by_board: tuple[str, ...]  # per board of the section: "1½/2", "" when not played there


@dataclass(frozen=True, slots=True)
class Pairing:  # a match as a kind arranges it (a fixture, a paired match)
    round: int
    home: int
    away: int
    date: dt.date | None
    venue: str = ""


@dataclass(frozen=True, slots=True)
class MatchView:
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
    report: str  # the link a captain reports the match by ("": played, or no reports:)


@dataclass(frozen=True, slots=True)
class RoundView:
    number: int
    date: dt.date | None
    matches: tuple[MatchView, ...]
    free: TeamLink | None  # a team league's free round, a team Swiss's PAB
    absent: tuple[TeamLink, ...] = ()  # a team Swiss's teams not paired


@dataclass(frozen=True, slots=True)
class WithdrawnView:
    """A team that left a team league: after which round, why, and what the division's
    rule did with its matches (``cancelled``: expunged, out of the table)."""

    team: TeamLink
    after_round: int
    reason: str
    cancelled: bool


@dataclass(frozen=True, slots=True)
class CrossRow:
    team: TeamLink
    cells: tuple[str, ...]  # game points against each team of the table's order
    total: Fraction  # the team's game points


@dataclass(frozen=True, slots=True)
class SectionPage(Frame):  # the section, rounds and PDF; what one kind alone shows has a default
    description: str
    codes: tuple[tuple[str, str], ...]  # (code, its English name, a msgid)
    rows: tuple[TableRow, ...]
    rounds: tuple[RoundView, ...]
    boards: int
    teams: int
    win: Fraction
    draw: Fraction
    cross: tuple[CrossRow, ...] = ()  # a team league's
    withdrawn: tuple[WithdrawnView, ...] = ()
    colours: str = ""  # a team Swiss's: "A", "B" or "none"
    bye_mp: Fraction = Fraction(0)
    bye_gp: Fraction = Fraction(0)


@dataclass(frozen=True, slots=True)
class MatchPage(Frame):
    description: str
    here: str
    match: MatchView
    boards: tuple[BoardView, ...]


@dataclass(frozen=True, slots=True)
class TeamPage(Frame):
    description: str
    here: str
    team: TeamLink
    club: str
    rank: int | None  # None: withdrawn, its results cancelled
    boards: int
    players: tuple[PlayerRow, ...]
    matches: tuple[MatchView, ...]
    withdrawn: WithdrawnView | None = None
    byes: tuple[int, ...] = ()  # a team Swiss's rounds with the PAB
    absent: tuple[int, ...] = ()  # and those it was not paired in


def board_views(boards: Iterable[BoardEntry], home: LeagueTeam, away: LeagueTeam,
                home_white: Callable[[int], bool]) -> tuple[BoardView, ...]:
    """A match card's boards, the home (first) team's player first; ``home_white``: whether
    that player has White on a board (the kind's colour rule)."""
    return tuple(BoardView(b.number,
                           "" if b.host is None else home.eligible[b.host].name,
                           "" if b.guest is None else away.eligible[b.guest].name,
                           home_white(b.number), BOARD_RESULT[b.result].text.replace("-", "–"))
                 for b in boards)


def squad_rows(players: Iterable[PlayerScore], team: int, boards: int) -> tuple[PlayerRow, ...]:
    """A team's players and reserves with their score on each board of the section."""
    out = []
    for p in players:
        if p.team != team:
            continue
        per = {b: (pts, g) for b, pts, g in p.by_board}
        out.append(PlayerRow(p.player.name, p.player.rating, p.player.fide_id, p.reserve,
                             p.points, p.games,
                             tuple(f"{points(per[b][0])}/{per[b][1]}" if b in per else ""
                                   for b in range(1, boards + 1))))
    return tuple(out)


def match_report(reports: ReportSettings | None, section: Section, details: object,
                 round_: int, home: int, away: int, entered: MatchEntry | None) -> str:
    """The link a captain reports a match by (``domain/report_links``), "" when the season
    has no ``reports:``, the match has its result, or the kind's results are not entered
    by match (``Chores.team_matches``: a link must lead to a report that can be applied).
    The boards are prefilled with the players entered so far, else each squad in board
    order."""
    if reports is None or (entered is not None and entered.complete) or \
            not kind_of(section.format).chores.team_matches:
        return ""
    teams = details.teams  # type: ignore[attr-defined]
    h, a = teams[home - 1], teams[away - 1]

    def name(team: LeagueTeam, i: int | None) -> str:
        return "default" if i is None else team.eligible[i].name

    if entered is not None:
        lineup = tuple((name(h, b.host), name(a, b.guest)) for b in entered.boards)
    else:
        boards = details.boards  # type: ignore[attr-defined]
        lineup = tuple((name(h, i if i < len(h.squad) else None),
                        name(a, i if i < len(a.squad) else None)) for i in range(boards))
    return match_report_url(reports, section.id, round_, h.name, a.name, lineup)


class TeamSection:
    """The pages of one team section: ``facts`` the kind's, ``pairings`` its matches in
    order, ``points`` its game points of an entered match (home first), ``home_white``
    its colour rule."""

    def __init__(self, season: Season, facts: Any, pairings: Sequence[Pairing],
                 points: Callable[[Any, MatchEntry], tuple[Fraction, Fraction]],
                 home_white: Callable[[int], bool]) -> None:
        self.season, self.facts, self.pairings = season, facts, pairings
        self.points, self.home_white = points, home_white
        sid = facts.section.id
        self.links = tuple(TeamLink(n, t.name, ROOT + team_path(sid, n))
                           for n, t in enumerate(facts.details.teams, start=1))

    def frame(self, leader: str | None = None) -> tuple[str, SeasonInfo, SectionSummary, str]:
        """Root, season, section and description: what every page of the section starts with."""
        facts = self.facts
        return (ROOT, common.season_info(self.season),
                common.section_summary(facts, ROOT, leader), facts.section.description)

    def match(self, p: Pairing) -> MatchView:
        facts = self.facts
        m = facts.results.get((p.round, p.home, p.away))
        hp, ap = self.points(facts.details, m) if m else (Fraction(0), Fraction(0))
        return MatchView(p.round, p.date, p.venue, self.links[p.home - 1],
                         self.links[p.away - 1], m is not None, hp, ap,
                         (m.forfeit or "") if m else "",
                         ROOT + match_path(facts.section.id, p.round, p.home, p.away)
                         if m else "",
                         match_report(self.season.reports, facts.section, facts.details,
                                      p.round, p.home, p.away, m))

    def section_page(self, rounds: int, free: Mapping[int, int],
                     absent: Mapping[int, tuple[int, ...]] = {},  # noqa: B006 - read only
                     titles: Mapping[str, str] = {}, **more: Any) -> SectionPage:  # noqa: B006
        """``rounds`` of the rounds page, the team ``free`` in each (or with the PAB) and
        those ``absent``; ``titles``: names of the codes the team registry's titles give
        otherwise; ``more``: what the kind alone shows."""
        facts, links = self.facts, self.links
        dates = {r.number: r.date for r in facts.section.rounds}
        views = tuple(RoundView(r, dates.get(r),
                                tuple(self.match(p) for p in self.pairings if p.round == r),
                                links[free[r] - 1] if free.get(r) else None,
                                tuple(links[t - 1] for t in absent.get(r, ())))
                      for r in range(1, rounds + 1))
        d = facts.details
        codes = tuple((c, titles.get(c.split("/")[0], REGISTRY[c.split("/")[0]].title))
                      for c in facts.codes)
        rows = tuple(TableRow(r.rank, links[r.team - 1], r.played, r.won, r.drawn, r.lost,
                              r.values, r.zone) for r in facts.rows)
        leader = facts.rows[0].name if facts.progress.rounds_played else None
        return SectionPage(*self.frame(leader), codes, rows, views, d.boards, len(d.teams),
                           d.match_points.win, d.match_points.draw, **more)

    def pages(self, templates: str, team_more: Callable[[int], dict[str, Any]]
              ) -> Iterator[tuple[str, str, object]]:
        """A card per match with a result, then a page per team (``team_more``: what the
        kind alone shows of a team)."""
        facts = self.facts
        d, sid, frame = facts.details, facts.section.id, self.frame()
        for p in self.pairings:
            m = facts.results.get((p.round, p.home, p.away))
            if m is not None:
                here = match_path(sid, p.round, p.home, p.away)
                boards = board_views(m.boards, d.teams[p.home - 1], d.teams[p.away - 1],
                                     self.home_white)
                yield here, f"{templates}/match.html", MatchPage(*frame, here, self.match(p),
                                                                 boards)
        for team in range(1, len(d.teams) + 1):
            here = team_path(sid, team)
            rank = next((r.rank for r in facts.rows if r.team == team), None)
            matches = tuple(self.match(p) for p in self.pairings if team in (p.home, p.away))
            yield here, f"{templates}/team.html", TeamPage(
                *frame, here, self.links[team - 1], d.teams[team - 1].club, rank, d.boards,
                squad_rows(facts.players, team, d.boards), matches, **team_more(team))
