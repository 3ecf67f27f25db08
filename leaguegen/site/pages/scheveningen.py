"""Pages of a Scheveningen match: the score, each round's team match, the A × B cross table
and the individual scores; the player pages are the round robin's (from the match's
crosstable)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from fractions import Fraction

from leaguegen.domain.schedule import scheveningen as sch
from leaguegen.domain.season import Season
from leaguegen.domain.sections import SectionFacts
from leaguegen.domain.sections.scheveningen import ScheveningenFacts, scheveningen_facts
from leaguegen.site import formatting as fmt
from leaguegen.site.pages import round_robin as rr
from leaguegen.site.pages.common import Cell, Frame, PlayerLink, frame, player_links
from leaguegen.site.pages.registry import SectionPages, player_pages, register_renderer
from leaguegen.site.planning_view import PlanningView, planning_view

# the section's players' links by number (index 0 unused), made once per page
Links = tuple[PlayerLink | None, ...]


@dataclass(frozen=True, slots=True)
class TeamBoard:  # one game of a team match, from team A's side (A's player first)
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
    performance: int | None


@dataclass(frozen=True, slots=True)
class ScheveningenPage(Frame):  # the section page, the rounds page and the PDF
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
    leader: str | None  # the team ahead on match points (then board points); None if level
    planning: PlanningView | None = None  # figures while no result is entered


def _individual(facts: ScheveningenFacts, team: sch.Team, links: Links
                ) -> tuple[Individual, ...]:
    section = facts.section
    return tuple(Individual(i.seat.board, links[i.number],
                            section.scoring.value(i.units), i.played, i.performance)
                 for i in facts.individual if i.seat.team is team)


def _team_round(facts: ScheveningenFacts, games: sch.TeamRound, score: sch.RoundScore,
                links: Links) -> TeamRound:
    section, table, d = facts.section, facts.table, facts.details
    assert table is not None
    info = section.rounds[score.round - 1] if score.round <= len(section.rounds) else None
    boards = []
    for g in games:
        a, b = d.number(g.a), d.number(g.b)
        ea, eb = table.record(a).rounds[g.round - 1], table.record(b).rounds[g.round - 1]
        boards.append(TeamBoard(g.a.board, links[a], links[b], g.white.team is sch.Team.A,
                                fmt.board_result(ea.code, eb.code)))
    value = section.scoring.value
    return TeamRound(score.round, info.date if info else None, tuple(boards),
                     value(score.a_units), value(score.b_units), score.a_match_points,
                     score.b_match_points, score.complete, any(b.result for b in boards))


def _cross(facts: ScheveningenFacts, links: Links
           ) -> tuple[tuple[PlayerLink, tuple[tuple[Cell, ...], ...], Fraction], ...]:
    section, table, n = facts.section, facts.table, facts.details.size
    assert table is not None
    cross = []
    for a in range(1, n + 1):
        cells: list[list[Cell]] = [[] for _ in range(n)]
        for r, e in enumerate(table.record(a).rounds, start=1):
            assert e.opponent is not None  # everyone plays every round
            cells[e.opponent - n - 1].append(
                Cell(fmt.cell(e.code), e.colour.value if e.colour else "", r))
        cross.append((links[a], tuple(tuple(c) for c in cells),
                      section.scoring.value(table.score(a))))
    return tuple(cross)


def scheveningen_page(season: Season, facts: ScheveningenFacts) -> ScheveningenPage:
    section, d, score = facts.section, facts.details, facts.score
    links = player_links(section, "../")  # once: every board and row shows some
    value = section.scoring.value
    return ScheveningenPage(
        **frame(season, facts, leader=facts.leader), description=section.description,
        team_a=d.team_a, team_b=d.team_b, match_points=d.match_points,
        a_points=value(score.a_board_units), b_points=value(score.b_board_units),
        a_match_points=score.a_match_points, b_match_points=score.b_match_points,
        rounds=tuple(_team_round(facts, games, rs, links)
                     for games, rs in zip(facts.rounds, score.rounds, strict=True)),
        b_players=tuple(links[d.size + j] for j in range(1, d.size + 1)),
        cross=_cross(facts, links), a_individual=_individual(facts, sch.Team.A, links),
        b_individual=_individual(facts, sch.Team.B, links), leader=facts.leader,
        planning=planning_view(season, section))


def scheveningen_pages(season: Season, found: SectionFacts) -> SectionPages:
    facts = scheveningen_facts(found)
    data = rr.SectionData(facts)  # the player pages are the round robin's
    return SectionPages(scheveningen_page(season, facts), player_pages(
        facts.section, "player.html", lambda number: rr.player_page(season, data, number)))


register_renderer("scheveningen", scheveningen_pages, "scheveningen")
