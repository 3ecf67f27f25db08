"""Each member's career across a folder of seasons, from the seasons' facts.

A member (``identity.Member``) appears in sections of several seasons; each appearance
is an *event* here: the section's games of that player as its facts hold them (the
crosstable of a round robin, a Swiss, a Scheveningen match; a quads section's group),
the score as the section's standings count it, the performance over rated opponents
(B.02 8.1.1, ``domain.performance``), the rating written for it and, in a section
declared rated, the FIDE rating change (``SectionFacts.rating``). A knockout's event is
its matches' regular games (the tie-break games, at another rate of play, are left out,
as FIDE's rating leaves them out), one line per game under its round, the score those
games' points and the performance over them. The head-to-head record against every
opponent who is a member is summed from the same games; the rating history is the
rating written for each event at its first round, in date order.

Pure: the facts come in derived (one ``SeasonFacts`` per season, as the build made
them); nothing is looked up or kept between calls.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import NamedTuple

from leaguegen.domain import divisions
from leaguegen.domain.club.identity import Member, Roster
from leaguegen.domain.model import Code, Colour, Crosstable
from leaguegen.domain.performance import performance_rating, table_performance
from leaguegen.domain.season_facts import SeasonFacts
from leaguegen.domain.sections import SectionFacts
from leaguegen.domain.sections.knockout import KnockoutFacts
from leaguegen.domain.sections.quads import QuadsFacts

_PLAYED = frozenset({Code.WIN, Code.DRAW, Code.LOSS})


class CareerGame(NamedTuple):  # a tuple: an archive keeps 80,000 of them
    """One round of an event: the opponent (None: a bye or a free round) by name and by
    their number in the section (what a season alone knows: the member they are is the
    roster's, across seasons, in ``CareerEvent.opponents``); the colour ("w", "b", "");
    the player's code (the page prints its cell); ``date`` of the round, if dated."""

    round: int
    date: dt.date | None
    opponent: str | None
    colour: str
    code: Code
    opponent_number: int | None = None


@dataclass(frozen=True, slots=True)
class CareerEvent:
    """One section of one season the member played in (see the module docstring)."""

    season: str  # the season's path in the folder's site
    season_name: str
    section: str  # the section's id
    section_name: str
    number: int  # the player's number in it (their page is the section's player page)
    rating: int | None
    first: dt.date | None
    last: dt.date | None
    games: tuple[CareerGame, ...]
    points: Fraction  # as the section's standings count them (its scoring)
    played: int  # games played over the board
    performance: int | None
    rating_change: Fraction | None  # the FIDE change, in a section declared rated
    # each game's opponent as a member (their slug; None: not a member, a bye), as the
    # roster of the folder says (``careers_from``); empty in a season's own event
    opponents: tuple[str | None, ...] = ()
    # in a division (``domain/divisions``): "promoted" / "relegated" once the section is
    # finished, "promotion" / "relegation" while the player stands in the zone; "" else
    zone: str = ""


@dataclass(frozen=True, slots=True)
class HeadToHead:
    """The member's games over the board against one other member, every season."""

    opponent: str  # the opponent's newest name
    slug: str
    wins: int
    draws: int
    losses: int

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def score(self) -> Fraction:
        return self.wins + Fraction(self.draws, 2)


@dataclass(frozen=True, slots=True)
class Career:
    """A member, every event (oldest first), the head-to-head records (most games first,
    then by name) and the rating history (date, rating), oldest first."""

    member: Member
    events: tuple[CareerEvent, ...]
    head_to_head: tuple[HeadToHead, ...]
    history: tuple[tuple[dt.date, int], ...]


def _table_of(facts: SectionFacts, number: int) -> tuple[Crosstable, int] | None:
    """The crosstable holding the appearance's player and their number in it: the
    section's (numbered as the section), or a quads group's (numbered as the group)."""
    if not isinstance(facts, QuadsFacts):
        return (facts.table, number) if facts.table is not None else None
    name = facts.section.players[number - 1].name
    for group in facts.group_facts:
        if group.table is not None:
            for rec in group.table.records:
                if rec.player.name == name:
                    return group.table, rec.number
    return None


def _knockout_games(facts: KnockoutFacts, number: int
                    ) -> tuple[list[CareerGame], Fraction, int, int | None]:
    """A knockout player's regular games, the points they scored in them, how many were
    played over the board and the performance over those against rated opponents."""
    section = facts.section
    scoring = section.scoring
    games: list[CareerGame] = []
    units, played, rated = 0, 0, []
    for rnd in facts.rounds:
        regular = rnd.format.stages[0].label
        for match in rnd.matches:
            if number not in (match.top, match.bottom):
                continue
            for game in match.games:
                if game.stage != regular or number not in (game.white, game.black):
                    continue
                white = game.white == number
                other = game.black if white else game.white
                code = game.codes[0 if white else 1]
                opponent = section.players[other - 1]
                games.append(CareerGame(rnd.number, rnd.date, opponent.name,
                                        "w" if white else "b", code, other))
                units += scoring.points(code)
                if code in _PLAYED:
                    played += 1
                    if opponent.rating is not None:
                        rated.append((opponent.rating, Fraction(scoring.points(code),
                                                                scoring.points(Code.WIN))))
    perf = performance_rating(rated)
    return games, scoring.value(units), played, perf[0] if perf else None


def event(path: str, facts: SeasonFacts, section_id: str, number: int) -> CareerEvent:
    """The event of player ``number`` of a section of one season (at ``path``), opponents by
    their number in the section (``opponents`` empty: :func:`careers_from` names them).
    It depends on that season alone: a folder's build keeps it with the season's share."""
    section_facts = facts.sections[section_id]
    section = section_facts.section
    player = section.players[number - 1]
    dates = {r.number: r.date for r in section.rounds}
    found = _table_of(section_facts, number)
    games: list[CareerGame] = []
    points, played, performance = Fraction(0), 0, None
    if isinstance(section_facts, KnockoutFacts):
        games, points, played, performance = _knockout_games(section_facts, number)
    elif found is not None:
        table, own = found
        if table is section_facts.table:  # the section's own numbers
            to_section = {rec.number: rec.number for rec in table.records}
        else:  # a quads group's: the section's number of each of its players, by name
            numbers = {p.name: n for n, p in enumerate(section.players, start=1)}
            to_section = {rec.number: numbers[rec.player.name] for rec in table.records}
        for r, e in enumerate(table.record(own).rounds, start=1):
            opponent = table.record(e.opponent).player.name if e.opponent else None
            colour = "w" if e.colour is Colour.WHITE else "b" if e.colour is Colour.BLACK else ""
            games.append(CareerGame(r, dates.get(r), opponent, colour if opponent else "",
                                    e.code, to_section[e.opponent] if e.opponent else None))
            played += e.code in _PLAYED
        points = table.scoring.value(table.score(own))
        perf = table_performance(table, own)
        performance = perf[0] if perf else None
    change = None
    if section_facts.rating is not None:
        change = section_facts.rating.players[number - 1].event.change
    dated = [d for d in dates.values() if d is not None]
    return CareerEvent(path, facts.season.name, section_id, section.name, number,
                       player.rating, min(dated, default=None), max(dated, default=None),
                       tuple(games), points, played, performance, change,
                       zone=_zone(facts, section_facts, player.name))


def _zone(facts: SeasonFacts, section_facts: SectionFacts, name: str) -> str:
    """The player's mark in a division, by the rule its standings mark it with
    (``divisions.zones``), said as what happened once the section is finished."""
    mark = divisions.zones(facts.season, section_facts).get(name, "")
    return divisions.outcome(mark) if mark and section_facts.finished else mark


def _named(roster: Roster, e: CareerEvent) -> CareerEvent:
    """``e`` with each opponent's member slug (the roster's, across the seasons)."""
    slug = roster.member_of.get
    return replace(e, opponents=tuple(slug((e.season, e.section, g.opponent_number))
                                      if g.opponent_number is not None else None
                                      for g in e.games))


def _head_to_head(roster: Roster, member: Member,
                  events: Sequence[CareerEvent]) -> tuple[HeadToHead, ...]:
    tally: dict[str, list[int]] = {}
    for event in events:
        for g, them in zip(event.games, event.opponents, strict=True):
            if them is None or g.code not in _PLAYED:
                continue
            row = tally.setdefault(them, [0, 0, 0])
            row[(Code.WIN, Code.DRAW, Code.LOSS).index(g.code)] += 1
    rows = [HeadToHead(roster.member(slug).name, slug, *counts)
            for slug, counts in tally.items() if slug != member.slug]
    return tuple(sorted(rows, key=lambda h: (-h.games, h.opponent, h.slug)))


def _history(events: Sequence[CareerEvent]) -> tuple[tuple[dt.date, int], ...]:
    points: dict[dt.date, int] = {}
    for event in events:
        if event.rating is not None and event.first is not None:
            points.setdefault(event.first, event.rating)
    return tuple(sorted(points.items()))


def careers(roster: Roster, seasons: Mapping[str, SeasonFacts]) -> tuple[Career, ...]:
    """Every member's career, in the roster's order (by first appearance)."""
    return careers_from(roster, {(a.season, a.section, a.number):
                                 event(a.season, seasons[a.season], a.section, a.number)
                                 for m in roster.members for a in m.appearances})


def careers_from(roster: Roster, events: Mapping[tuple[str, str, int], CareerEvent]
                 ) -> tuple[Career, ...]:
    """:func:`careers` from every appearance's :func:`event`, by (season, section, number)."""
    return tuple(career(roster, member, events) for member in roster.members)


def career(roster: Roster, member: Member,
           events: Mapping[tuple[str, str, int], CareerEvent]) -> Career:
    """One member's career (see :func:`careers_from`): it reads the member's own events
    and the roster only, so a caller keeping careers (``serve``) makes again only those of
    the members whose events changed."""
    mine = [_named(roster, events[(a.season, a.section, a.number)])
            for a in member.appearances]
    mine.sort(key=lambda e: (e.first or dt.date.max, e.season, e.section))
    return Career(member, tuple(mine), _head_to_head(roster, member, mine), _history(mine))
