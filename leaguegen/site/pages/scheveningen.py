"""Pages of a Scheveningen match: team match per round, A × B cross table, individual scores.

Output: ``<id>/index.html`` (the match score, every round's team match and the
cross table), ``<id>/rounds.html`` (board-by-board results per round), a page
per player (the round robin's player page, from a crosstable of the match) and
a PDF with the cross table and the round scores.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from dataclasses import dataclass
from fractions import Fraction

from leaguegen.domain import roundrobin
from leaguegen.domain.model import Code, Colour, Crosstable, PlayerRecord, RoundEntry
from leaguegen.domain.performance import performance_rating
from leaguegen.domain.schedule import scheveningen as sch
from leaguegen.domain.season import Season, Section
from leaguegen.domain.sections import facts_of, label
from leaguegen.domain.sections.scheveningen import ScheveningenDetails, schedule
from leaguegen.site import formatting as fmt
from leaguegen.site import urls
from leaguegen.site.pages import common
from leaguegen.site.pages import round_robin as rr
from leaguegen.site.pages.common import Cell, PlayerLink, SeasonInfo, SectionSummary
from leaguegen.site.pages.registry import SectionOutput, register_renderer
from leaguegen.site.planning_view import PlanningView, planning_view
from leaguegen.site.render import render


@dataclass(frozen=True, slots=True)
class TeamBoard:
    """One game of a team match, written from team A's side (A's player first)."""

    board: int
    a: PlayerLink
    b: PlayerLink
    a_white: bool
    result: str  # from A's side: "1–0", "½–½", "+−"...; "" not played yet


@dataclass(frozen=True, slots=True)
class TeamRound:
    number: int
    date: dt.date | None
    boards: tuple[TeamBoard, ...]
    a_points: Fraction
    b_points: Fraction
    a_match_points: int
    b_match_points: int
    complete: bool
    started: bool


@dataclass(frozen=True, slots=True)
class Individual:
    board: int
    player: PlayerLink
    points: Fraction
    played: int
    games: int
    performance: int | None


@dataclass(frozen=True, slots=True)
class ScheveningenPage:
    """``<id>/index.html``, ``rounds.html`` and the PDF of a Scheveningen match."""

    root: str
    season: SeasonInfo
    section: SectionSummary
    description: str
    team_a: str
    team_b: str
    a_points: Fraction  # board points
    b_points: Fraction
    a_match_points: int
    b_match_points: int
    match_points: sch.MatchPoints
    rounds: tuple[TeamRound, ...]
    b_players: tuple[PlayerLink, ...]  # cross-table columns
    cross: tuple[tuple[PlayerLink, tuple[tuple[Cell, ...], ...], Fraction], ...]  # A's rows
    a_individual: tuple[Individual, ...]
    b_individual: tuple[Individual, ...]
    double: bool
    pdf_url: str
    leader: str | None  # the team ahead on match points (then board points); None if level
    planning: PlanningView | None = None  # figures while no result is entered


def crosstable(section: Section) -> Crosstable:
    """The match as a crosstable of 2n players (A's boards, then B's); unplayed = pending."""
    details: ScheveningenDetails = section.details  # type: ignore[assignment]
    reached = roundrobin.last_round_reached(section)
    results = {(g.round, g.white, g.black): g.result for g in section.games}
    left_after = {w.player: w.after_round for w in section.withdrawals}
    rounds: list[list[RoundEntry]] = [[] for _ in section.players]
    plan = schedule(details)
    for r, boards in enumerate(plan, start=1):
        for p in boards:
            w, b = p.white, p.black
            wc, bc = roundrobin.game_codes(results.get((r, w, b)),
                                           r <= reached and left_after.get(w, r) < r,
                                           r <= reached and left_after.get(b, r) < r)
            rounds[w - 1].append(RoundEntry(b, Colour.WHITE, wc))
            rounds[b - 1].append(RoundEntry(w, Colour.BLACK, bc))  # type: ignore[index]
    records = tuple(PlayerRecord(i, p, tuple(rounds[i - 1]))
                    for i, p in enumerate(section.players, start=1))
    return Crosstable(records, len(plan), section.scoring)


def _link(section: Section, number: int, root: str) -> PlayerLink:
    p = section.players[number - 1]
    return PlayerLink(number, p.name, root + urls.player(section, number), p.rating,
                      p.federation, p.title)


def _individual(section: Section, table: Crosstable, numbers: range, details, root: str
                ) -> tuple[Individual, ...]:
    out = []
    s = table.scoring
    for n in numbers:
        rec = table.record(n)
        rated = [(table.record(e.opponent).player.rating,
                  s.value(s.points(e.code)) / s.value(s.win))
                 for e in rec.rounds if e.played and e.opponent]
        perf = performance_rating([(r, sc) for r, sc in rated if r])
        out.append(Individual(details.seat(n).board, _link(section, n, root),
                              s.value(table.score(n)), roundrobin.games_completed(table, n),
                              len(rec.rounds), perf[0] if perf else None))
    return tuple(out)


def scheveningen_page(season: Season, section: Section, table: Crosstable) -> ScheveningenPage:
    details: ScheveningenDetails = section.details  # type: ignore[assignment]
    root = "../"
    n = details.size
    team_rounds = sch.scheveningen(n, details.double)
    results = {}
    for rnd in team_rounds:
        for g in rnd:
            w, b = details.number(g.white), details.number(g.black)
            codes = (table.record(w).rounds[g.round - 1].code,
                     table.record(b).rounds[g.round - 1].code)
            if Code.PENDING not in codes:
                results[g] = codes
    score = sch.match_score(team_rounds, results, section.scoring, details.match_points)
    value = section.scoring.value
    rounds = []
    for rnd, rs in zip(team_rounds, score.rounds, strict=True):
        info = section.rounds[rs.round - 1] if rs.round <= len(section.rounds) else None
        boards = []
        for g in rnd:
            a, b = details.number(g.a), details.number(g.b)
            ea, eb = table.record(a).rounds[g.round - 1], table.record(b).rounds[g.round - 1]
            boards.append(TeamBoard(g.a.board, _link(section, a, root), _link(section, b, root),
                                    g.white.team is sch.Team.A,
                                    fmt.board_result(ea.code, eb.code)))
        rounds.append(TeamRound(rs.round, info.date if info else None, tuple(boards),
                                value(rs.a_units), value(rs.b_units), rs.a_match_points,
                                rs.b_match_points, rs.complete,
                                any(b.result for b in boards)))
    cross = []
    for a in range(1, n + 1):
        cells: list[list[Cell]] = [[] for _ in range(n)]
        for r, e in enumerate(table.record(a).rounds, start=1):
            cells[e.opponent - n - 1].append(  # type: ignore[operator]
                Cell(fmt.cell(e.code), e.colour.value if e.colour else "", r))
        cross.append((_link(section, a, root), tuple(tuple(c) for c in cells),
                      value(table.score(a))))
    a_key = (score.a_match_points, score.a_board_units)
    b_key = (score.b_match_points, score.b_board_units)
    played = roundrobin.last_round_reached(section)
    leader = None
    if played and a_key != b_key:
        leader = details.team_a if a_key > b_key else details.team_b
    finished = played == len(team_rounds) and all(r.complete for r in rounds)
    upcoming = [r for r in section.rounds if r.number > played and r.date]
    summary = SectionSummary(
        id=section.id, name=section.name, format_label=label(section.format),
        url=root + urls.section(section), players=len(section.players), rounds_played=played,
        rounds_total=len(team_rounds), leader=leader,
        next_date=upcoming[0].date if upcoming and not finished else None, finished=finished)
    return ScheveningenPage(
        root=root, season=common.season_info(season), section=summary,
        description=section.description, team_a=details.team_a, team_b=details.team_b,
        a_points=value(score.a_board_units), b_points=value(score.b_board_units),
        a_match_points=score.a_match_points, b_match_points=score.b_match_points,
        match_points=details.match_points, rounds=tuple(rounds),
        b_players=tuple(_link(section, n + j, root) for j in range(1, n + 1)),
        cross=tuple(cross),
        a_individual=_individual(section, table, range(1, n + 1), details, root),
        b_individual=_individual(section, table, range(n + 1, 2 * n + 1), details, root),
        double=details.double, pdf_url=urls.pdf_name(section), leader=leader,
        planning=planning_view(season, section))


def render_scheveningen(season: Season, section: Section) -> SectionOutput:
    lang = season.language
    table = crosstable(section)
    page = scheveningen_page(season, section, table)
    pages = {
        urls.section(section): render("scheveningen/section.html", page, lang),
        urls.rounds(section): render("scheveningen/rounds.html", page, lang),
    }
    data = rr.SectionData(dataclasses.replace(facts_of(section), table=table))
    for number in range(1, len(section.players) + 1):
        player = rr.player_page(season, data, number)
        pages[urls.player(section, number)] = render("player.html", player, lang)
    return SectionOutput(pages, urls.pdf(section), render("scheveningen/pdf.html", page, lang),
                         page.section)


register_renderer("scheveningen", render_scheveningen)
