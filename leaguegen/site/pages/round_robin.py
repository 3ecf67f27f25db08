"""Pages of a round-robin section: standings, crosstable, rounds and a page per player.

A quads group is a round robin too, so ``quads.py`` builds its groups' tables
with :class:`SectionData` / :func:`section_page` from here; the Swiss pages use its
:class:`SectionData` and :func:`standing_rows` too. Everything a page
shows comes from the section's facts (``domain.sections``), computed once.

Output: ``<id>/index.html``, ``<id>/rounds.html``, ``<id>/players/*.html`` and
the crosstable PDF.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from leaguegen.domain import divisions, roundrobin
from leaguegen.domain.model import Code, Colour, Crosstable
from leaguegen.domain.performance import table_performance
from leaguegen.domain.season import Season, Section
from leaguegen.domain.sections import SectionFacts
from leaguegen.domain.sections.round_robin import RoundRobinFacts
from leaguegen.domain.standings import Standings
from leaguegen.site import formatting as fmt
from leaguegen.site import urls
from leaguegen.site.pages.common import (
    FREE_ROUND,
    GAME_NOTES,
    N_,
    Board,
    Cell,
    CrossRow,
    Frame,
    PlayerGame,
    PlayerLink,
    PlayerPage,
    RoundView,
    SeasonInfo,
    SectionSummary,
    StandingRow,
    WithdrawalNote,
    player_links,
    season_info,
    section_summary,
    shown_values,
    tiebreak_heads,
    tiebreak_views,
    withdrawal_note,
)
from leaguegen.site.pages.games import game_links_by_players
from leaguegen.site.pages.rating_view import event_change, game_changes, rating_line
from leaguegen.site.pages.registry import SectionPages, player_pages, register_renderer
from leaguegen.site.planning_view import planning_view


@dataclass(frozen=True, slots=True)
class SectionPage(Frame):
    """A section: standings, crosstable, rounds (``<id>/index.html``)."""

    description: str
    standings: tuple[StandingRow, ...]
    tiebreaks: tuple[tuple[str, str], ...]  # (code, name)
    crosstable: tuple[CrossRow, ...]
    rounds: tuple[RoundView, ...]
    pdf_url: str
    double: bool
    free_round_points: Fraction | None  # what a free round scores; None = even field
    withdrawals: tuple[WithdrawalNote, ...]
    planning: object | None = None  # planning_view.PlanningView while no result is entered
    tiebreaks_default: bool = False
    # the season's 50 % rule (``withdrawal_threshold``), stated on the page from round 1
    # and not only once someone has withdrawn (FIDE: the rules are announced in advance)
    withdrawal_threshold: float = 0.5


@dataclass(slots=True)
class SectionData:
    """A round robin's (or a Swiss section's: ``swiss.py``) facts and what its pages derive
    once while being built (ranks, links, points, performances)."""

    facts: SectionFacts
    ranks: dict[int, int | None] = field(default_factory=dict)
    # (Rp, average opponent) by player: the standings and the player's page both show it
    performances: dict[int, tuple[int | None, int | None]] = field(default_factory=dict)
    # what every player page of the section shares, by root: (SeasonInfo, SectionSummary)
    frames: dict[str, tuple[SeasonInfo, SectionSummary]] = field(default_factory=dict)
    # each player's score in units and games played, by number (the standings and the
    # player pages both show them)
    scores: dict[int, tuple[int, int]] = field(default_factory=dict)
    # the players' links by number (index 0 unused), by root
    links: dict[str, tuple[PlayerLink | None, ...]] = field(default_factory=dict)
    # the game pages by (round, White, Black), by root: the section's PGN files matched
    # once for its rounds page and every player page
    games: dict[str, dict[tuple[int, int, int], str]] = field(default_factory=dict)
    # points by units (``Scoring.value`` is Fraction arithmetic): each count made once
    points: dict[int, Fraction] = field(default_factory=dict)

    def value(self, units: int) -> Fraction:
        """``units`` as points (``Scoring.value``), each count made once per section."""
        known = self.points.get(units)
        if known is None:
            known = self.points[units] = self.table.scoring.value(units)
        return known

    def performance(self, number: int) -> tuple[int | None, int | None]:
        """(Rp, average opponent rating) over the games played against rated opponents."""
        known = self.performances.get(number)
        if known is None:
            known = self.performances[number] = (table_performance(self.table, number)
                                                 or (None, None))
        return known

    def links_of(self, root: str) -> tuple[PlayerLink | None, ...]:
        """The players' links from ``root`` (``player_links``), made once per root."""
        known = self.links.get(root)
        if known is None:
            known = self.links[root] = player_links(self.section, root)
        return known

    def games_of(self, root: str) -> dict[tuple[int, int, int], str]:
        """The game pages' links from ``root`` ({} without PGN files)."""
        known = self.games.get(root)
        if known is None:
            known = self.games[root] = game_links_by_players(self.section, root)
        return known

    def score_of(self, number: int) -> tuple[int, int]:
        """(points in units, games completed) of a player."""
        known = self.scores.get(number)
        if known is None:
            t = self.table
            known = self.scores[number] = (t.score(number),
                                           roundrobin.games_completed(t, number))
        return known

    @property
    def section(self) -> Section:
        return self.facts.section

    @property
    def table(self) -> Crosstable:
        assert self.facts.table is not None
        return self.facts.table

    @property
    def excluded(self) -> frozenset[int]:
        return self.facts.excluded

    @property
    def standings(self) -> Standings | None:
        return self.facts.standings


_COLOURS = {Colour.WHITE: Colour.WHITE.value, Colour.BLACK: Colour.BLACK.value, None: ""}
_NOTES = {code._name_: note for code, note in GAME_NOTES.items()}
WITHDREW = N_("not played: a player withdrew")


def section_page(season: Season, data: SectionData, root: str = "../",
                 zones: Mapping[str, str] | None = None) -> SectionPage:
    """``root``: the way up to the site's root from the page (deeper for a quads group);
    ``zones``: a division's promotion and relegation places by name (default: the
    section's own, when the season makes it a division; a quads group gets its section's)."""
    s, t = data.section, data.table
    if zones is None:
        zones = divisions.zones(season, data.facts)
    rows = standing_rows(data, root, lambda number: data.score_of(number)[1], zones)
    leader = rows[0].player.name if rows and data.facts.progress.rounds_played else None
    info = section_summary(data.facts, root, leader)
    withdrawals = tuple(withdrawal_note(s, w, data.excluded) for w in s.withdrawals)
    free_points = t.scoring.value(s.free_round_units) if len(s.players) % 2 else None
    return SectionPage(
        root=root, season=season_info(season), section=info, description=s.description,
        standings=rows, tiebreaks=tiebreak_heads(s.tiebreaks),
        crosstable=_crosstable(data, root), rounds=_rounds(data, root),
        pdf_url=urls.pdf_name(s), double=s.double, free_round_points=free_points,
        withdrawals=withdrawals, tiebreaks_default=s.tiebreaks_default,
        withdrawal_threshold=s.withdrawal_threshold,
    )


def standing_rows(data: SectionData, root: str, played: Callable[[int], int],
                  zones: Mapping[str, str] | None = None) -> tuple[StandingRow, ...]:
    """The standings' rows (a round robin's or a Swiss's), then the players the 50 % rule
    keeps out (no rank, no tiebreaks); each player's rank is kept in ``data.ranks`` for the
    crosstable and the player pages. ``played``: a player's games so far."""
    result = data.standings
    assert result is not None
    counts = Counter(row.rank for row in result.rows)
    blank = ("",) * len(data.section.tiebreaks), ()
    rows = []
    for number, row in [*((row.number, row) for row in result.rows),
                        *((number, None) for number in sorted(data.excluded))]:
        rank = data.ranks[number] = row.rank if row else None
        shown, provisional = shown_values(result.codes, row) if row else blank
        rows.append(StandingRow(
            rank=rank, shared=rank is not None and counts[rank] > 1,
            player=data.links_of(root)[number],
            points=data.value(row.points if row else data.score_of(number)[0]),
            played=played(number), values=shown,
            decided_by=row.decided_by if row else None, withdrawn=number in data.excluded,
            provisional=provisional, performance=data.performance(number)[0],
            rating_change=event_change(data.facts, number),
            zone=zones.get(data.section.players[number - 1].name, "") if zones else ""))
    return tuple(rows)


def lost_to_withdrawal(section: Section, round_number: int, code: Code, *players: int) -> bool:
    """A game not played that never will be: one of its players withdrew before its round
    (under the 50 % rule such games stay unplayed instead of becoming forfeits)."""
    if code is not Code.PENDING:
        return False
    return any(w.player in players and round_number > w.after_round
               for w in section.withdrawals)


def _points_before(data: SectionData) -> dict[int, list[Fraction]]:
    """Each player's score before each round (free rounds included), by player number:
    ``[number][r - 1]`` is the score from the rounds before round ``r``; one pass per
    player rather than a sum per board."""
    out = {}
    points = data.table.scoring.points
    by_name: dict[str, int] = {}  # a code's units, by its name (an Enum's hash is slow)
    for rec in data.table.records:
        units, before = 0, [data.value(0)]
        for e in rec.rounds:
            code = e.code
            got = by_name.get(code._name_)
            if got is None:
                got = by_name[code._name_] = points(code)
            units += got
            before.append(data.value(units))
        out[rec.number] = before
    return out


def _crosstable(data: SectionData, root: str) -> tuple[CrossRow, ...]:
    s, t = data.section, data.table
    n = len(s.players)
    excluded, withdrawals = data.excluded, s.withdrawals
    withdrawn = {w.player for w in withdrawals}
    known: dict[tuple, Cell] = {}  # equal cells are one object (a frozen value)
    out = []
    for rec in t.records:
        number = rec.number
        cells: list[list[Cell]] = [[] for _ in range(n)]
        void = withdrew_cells = False
        row_counted = number not in excluded
        for r, e in enumerate(rec.rounds, start=1):
            opponent = e.opponent
            if opponent is None:
                continue
            counted = row_counted and opponent not in excluded
            withdrew = bool(withdrawals) and lost_to_withdrawal(s, r, e.code, number,
                                                                opponent)
            colour = e.colour
            # by the enums' names: an Enum's own hash is a Python call
            key = (e.code._name_, colour._name_ if colour else None, r, counted, withdrew)
            cell = known.get(key)
            if cell is None:
                cell = known[key] = Cell(fmt.cell(e.code), _COLOURS[e.colour], r, counted,
                                         withdrew=withdrew)
            cells[opponent - 1].append(cell)
            void = void or not counted
            withdrew_cells = withdrew_cells or withdrew
        total = data.value(data.score_of(number)[0])
        counted = None
        if void and data.standings is not None and number not in excluded:
            ranked = data.value(data.standings.row(number).points)
            counted = ranked if ranked != total else None
        out.append(CrossRow(
            player=data.links_of(root)[number],
            cells=tuple([tuple(c) for c in cells]),
            total=total, counted=counted,
            rank=data.ranks.get(number),
            withdrawn=number in withdrawn,
            void=void,
            withdrew_cells=withdrew_cells,
        ))
    return tuple(out)


def _rounds(data: SectionData, root: str) -> tuple[RoundView, ...]:
    s, t = data.section, data.table
    players = data.links_of(root)
    made = []
    facts = data.facts
    assert isinstance(facts, RoundRobinFacts)  # a round robin's, or a quads group's
    schedule = facts.schedule  # worked out once, with the section's facts
    before = _points_before(data)
    records, withdrawals = t.records, s.withdrawals
    games = data.games_of(root)
    results: dict[tuple[str, str], str] = {}  # by the codes' names (an Enum's hash is slow)

    for info in s.rounds:
        r = info.number
        boards = []
        out = None
        complete, started = True, False
        for pairing in schedule[r - 1]:
            white, black = pairing.white, pairing.black
            if black is None:
                out = white
                continue
            we = records[white - 1].rounds[r - 1]
            be = records[black - 1].rounds[r - 1]
            key = (we.code._name_, be.code._name_)
            result = results.get(key)
            if result is None:
                result = results[key] = fmt.board_result(we.code, be.code)
            complete = complete and bool(result)
            started = started or bool(result)
            scores, other = before[white], before[black]
            boards.append(Board(
                len(boards) + 1, players[white], players[black], result,
                scores[min(r - 1, len(scores) - 1)], other[min(r - 1, len(other) - 1)],
                bool(withdrawals) and lost_to_withdrawal(s, r, we.code, white, black),
                games.get((r, white, black), "") if games else ""))
        made.append(RoundView(r, info.date, tuple(boards), players[out] if out else None,
                              complete, started))
    return tuple(made)


def player_page(season: Season, data: SectionData, number: int,
                root: str = "../../") -> PlayerPage:
    s, t = data.section, data.table
    players = data.links_of(root)
    rec = t.record(number)
    rounds = s.rounds
    dates = [info.date for info in rounds]
    withdrawals = s.withdrawals
    white, black = Colour.WHITE, Colour.BLACK
    changes = game_changes(data.facts, number)
    games = data.games_of(root)
    made = []
    for r, e in enumerate(rec.rounds, start=1):
        date = dates[r - 1] if r <= len(dates) else None
        opponent = e.opponent
        code = e.code
        if opponent is None:
            made.append(PlayerGame(r, date, "", None,
                                   fmt.units(t.scoring.points(code), t.scoring), FREE_ROUND))
            continue
        withdrew = bool(withdrawals) and lost_to_withdrawal(s, r, code, number, opponent)
        name = code._name_  # an Enum's own hash is a Python call: its name's is not
        note = WITHDREW if withdrew else _NOTES.get(name, "")
        colour = e.colour
        made.append(PlayerGame(r, date,
                               "w" if colour is white else "b" if colour is black else "",
                               players[opponent], fmt.cell_of(name), note, withdrew,
                               changes.get(r), data.value(data.score_of(opponent)[0]),
                               games.get((r, number, opponent) if colour is white
                                         else (r, opponent, number), "") if games else ""))
    perf, average = data.performance(number)
    withdrawal = next((withdrawal_note(s, w, data.excluded) for w in withdrawals
                       if w.player == number), None)
    units, played = data.score_of(number)
    score = data.value(units)
    counted = None
    if data.standings is not None and number not in data.excluded:
        ranked = data.value(data.standings.row(number).points)
        counted = ranked if ranked != score else None
    shared = data.frames.get(root)
    if shared is None:
        shared = data.frames[root] = (season_info(season),
                                      section_summary(data.facts, root, None))
    return PlayerPage(
        root=root, season=shared[0], section=shared[1],
        player=data.links_of(root)[number], games=tuple(made), score=score,
        counted_score=counted,
        played=played, rank=data.ranks.get(number),
        performance=perf, average_opponent=average,
        withdrawal=withdrawal,
        tiebreaks=tiebreak_views(data.standings, number, data.links_of(root),
                                 fmt.numbers(season.language, season.digits)),
        rating=rating_line(data.facts, number),
    )


def section_pages(season: Season, facts: SectionFacts) -> SectionPages:
    data = SectionData(facts)
    page = dataclasses.replace(section_page(season, data),
                               planning=planning_view(season, facts.section))
    return SectionPages(page, player_pages(
        facts.section, "player.html", lambda number: player_page(season, data, number)))


for _fmt in ("round_robin", "double_round_robin"):
    register_renderer(_fmt, section_pages, "round_robin")
