"""The page pieces both team section kinds show the same way: team links, the table's rows,
a match card's boards, a team's squad with its score per board.

A team league (``site/pages/team_league.py``) and a team Swiss (``site/pages/team_swiss.py``)
differ in how their matches are arranged (fixtures home and away; rounds paired first team
against second) but not in what a team, a table row, a board or a squad row is: those are
built here, once, from either kind's facts (both hold ``StandingRow``, ``PlayerScore`` and
``LeagueTeam`` of ``domain.sections.team_league``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from leaguegen.domain.report_links import ReportSettings, match_report_url
from leaguegen.domain.season import Section
from leaguegen.domain.sections import kind_of
from leaguegen.domain.sections.team_league import (
    BoardEntry,
    LeagueTeam,
    MatchEntry,
    PlayerScore,
    StandingRow,
)

RESULT_TEXT = {"1": "1–0", "0": "0–1", "=": "½–½", "+": "+–", "-": "–+", "--": "––"}


def team_path(section_id: str, team: int) -> str:
    """A team's page, the same address in either kind."""
    return f"{section_id}/team-{team}.html"


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


def team_links(teams: Sequence[LeagueTeam], section_id: str, root: str
               ) -> tuple[TeamLink, ...]:
    """Every team's link, numbered as listed (the facts' team numbers)."""
    return tuple(TeamLink(n, t.name, root + team_path(section_id, n))
                 for n, t in enumerate(teams, start=1))


def table_rows(rows: Iterable[StandingRow], links: Sequence[TeamLink]) -> tuple[TableRow, ...]:
    return tuple(TableRow(r.rank, links[r.team - 1], r.played, r.won, r.drawn, r.lost,
                          r.values, r.zone) for r in rows)


def half(x: Fraction) -> str:
    """A score with ½ for the half point ("2½", "½", "0")."""
    whole, rest = divmod(x * 2, 2)
    return (str(int(whole)) if whole or not rest else "") + ("½" if rest else "")


def score(points: Fraction, games: int) -> str:
    """Points over games, "1½/2"."""
    return f"{half(points)}/{games}"


def board_views(boards: Iterable[BoardEntry], home: LeagueTeam, away: LeagueTeam,
                home_white: Callable[[int], bool]) -> tuple[BoardView, ...]:
    """A match card's boards, the home (first) team's player first; ``home_white``: whether
    that player has White on a board (the kind's colour rule)."""
    return tuple(BoardView(b.number,
                           "" if b.host is None else home.eligible[b.host].name,
                           "" if b.guest is None else away.eligible[b.guest].name,
                           home_white(b.number), RESULT_TEXT[b.result])
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
                             tuple(score(*per[b]) if b in per else ""
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
