"""Pages of a Double-Swiss section (C.04.5): the standings, every match with its two games,
a page per player (each match on one line) and the PDF.

Why its own page module: a round is a match of two games, so a round's row shows two
results and the match score, and the standings show match points beside the game points
they are ranked by.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction

from leaguegen.domain.model import STANDARD_SCORING, Code
from leaguegen.domain.season import GameResult, Season, Section
from leaguegen.domain.sections import double_swiss as ds
from leaguegen.domain.sections.kind import SectionFacts
from leaguegen.site import urls
from leaguegen.site.pages.common import (
    Frame,
    PlayerLink,
    frame,
    player_links,
    shown_values,
    tiebreak_heads,
)
from leaguegen.site.pages.rating_view import (
    RatingLine,
    event_change,
    game_changes,
    games_change,
    rating_line,
)
from leaguegen.site.pages.registry import SectionPages, player_pages, register_renderer

_BYE_WORDS = {Code.PAIRING_BYE: "bye", Code.HALF_BYE: "half", Code.FULL_BYE: "full",
              Code.ZERO_BYE: "absent"}


@dataclass(frozen=True, slots=True)
class MatchRow:
    """One match: ``first`` had White in game 1, ``second`` in game 2; both results as
    the first player's side reads them ("" while not played); the match score once both
    games are in."""

    board: int
    first: PlayerLink
    second: PlayerLink
    game1: str
    game2: str
    first_points: Fraction | None
    second_points: Fraction | None
    forfeited: bool  # a player forfeited both games (preface): not a match played


@dataclass(frozen=True, slots=True)
class MatchRound:
    number: int
    date: dt.date | None
    matches: tuple[MatchRow, ...]
    byes: tuple[tuple[PlayerLink, str], ...]  # (player, bye|half|full|absent)


@dataclass(frozen=True, slots=True)
class StandingLine:
    rank: int
    shared: bool
    player: PlayerLink
    points: Fraction  # game points (what the standings rank by)
    match_points: int  # 2 a match won on games, 1 tied, 0 lost
    values: tuple[object, ...]
    # Rtg+/-: the event's FIDE rating change (a rated section's); None: not rated, unrated
    rating_change: Fraction | None = None


@dataclass(frozen=True, slots=True)
class SectionPage(Frame):
    description: str
    standings: tuple[StandingLine, ...]
    tiebreaks: tuple[tuple[str, str], ...]
    rounds: tuple[MatchRound, ...]
    pdf_url: str


def _rows(section: Section, links: tuple[PlayerLink | None, ...]) -> tuple[MatchRound, ...]:
    by_round: dict[int, list[MatchRow]] = {}
    points = STANDARD_SCORING  # a match's score is its game points at 1 / ½ / 0
    for m in ds.matches(section):
        first = m.game1
        second = ds.FLIPPED[m.game2] if m.game2 is not None else None
        a: Fraction | None = None
        b, forfeited = a, False
        if first is not None and second is not None:
            a, b = (points.value(points.points(first.codes[i]) + points.points(second.codes[i]))
                    for i in (0, 1))
            forfeited = first is second and Code.FORFEIT_LOSS in first.codes  # both games
        rows = by_round.setdefault(m.number, [])
        rows.append(MatchRow(len(rows) + 1, links[m.white], links[m.black],
                             first.text if first else "", second.text if second else "", a, b,
                             forfeited))
    out = []
    for k in range(1, ds.paired_matches(section) + 1):
        written = [b for b in section.byes if b.round == 2 * k - 1]
        asked = [q for q in ds.details(section).requests
                 if q.round == k and q.player not in {b.player for b in written}]
        byes = tuple((links[b.player], _BYE_WORDS.get(b.code, "absent")) for b in written + asked)
        date = section.rounds[2 * k - 1].date if 2 * k - 1 < len(section.rounds) else None
        out.append(MatchRound(k, date, tuple(by_round.get(k, ())), byes))
    return tuple(out)


def section_page(season: Season, facts: SectionFacts, root: str = "../") -> SectionPage:
    section = facts.section
    assert isinstance(facts, ds.DoubleSwissFacts) and facts.standings is not None
    links = player_links(section, root)
    table = facts.table
    assert table is not None
    counts = Counter(row.rank for row in facts.standings.rows)
    lines = []
    for row in facts.standings.rows:
        shown, _ = shown_values(facts.standings.codes, row)
        link = links[row.number]
        assert link is not None
        lines.append(StandingLine(row.rank, counts[row.rank] > 1, link,
                                  table.scoring.value(row.points),
                                  facts.scores[row.number][0], shown,
                                  event_change(facts, row.number)))
    leader = lines[0].player.name if lines and facts.after else None
    return SectionPage(
        **frame(season, facts, root, leader), description=section.description,
        standings=tuple(lines), tiebreaks=tiebreak_heads(section.tiebreaks),
        rounds=_rows(section, links), pdf_url=urls.pdf_name(section))


@dataclass(frozen=True, slots=True)
class PlayerMatch:
    """One of a player's matches (or byes): the colours of its two games ("wb": White in
    game 1), both results from the player's side, the match score once both are in."""

    number: int
    date: dt.date | None
    opponent: PlayerLink | None
    colours: str
    game1: str
    game2: str
    points: Fraction | None
    opponent_points: Fraction | None
    forfeited: bool
    bye: str  # bye | half | full | absent when there is no opponent
    rating_change: Fraction | None = None  # its two games' Rtg+/- (a rated section's)


@dataclass(frozen=True, slots=True)
class PlayerPage(Frame):
    player: PlayerLink
    rank: int | None
    points: Fraction  # game points, as the standings rank
    match_points: int
    matches: tuple[PlayerMatch, ...]
    withdrew_after: int | None  # the match after which the player left
    rating: RatingLine | None = None  # the event's rating change; None: not rated


def _flip(text: str) -> str:
    return ds.FLIPPED[GameResult(text)].text if text else ""


def player_page(season: Season, facts: SectionFacts, number: int,
                rounds: tuple[MatchRound, ...], links: tuple[PlayerLink | None, ...]
                ) -> PlayerPage:
    """A player's page from the section's rounds as the rounds page shows them, ``rounds``
    and ``links`` made once for all the player pages."""
    section = facts.section
    assert isinstance(facts, ds.DoubleSwissFacts) and facts.standings is not None
    table = facts.table
    assert table is not None
    link = links[number]
    assert link is not None
    made = []
    changes = game_changes(facts, number)  # by game round: match k is rounds 2k-1 and 2k
    for rnd in rounds:
        for m in rnd.matches:
            if number in (m.first.number, m.second.number):
                first = m.first.number == number
                made.append(PlayerMatch(
                    rnd.number, rnd.date, m.second if first else m.first,
                    "wb" if first else "bw", m.game1 if first else _flip(m.game1),
                    m.game2 if first else _flip(m.game2),
                    m.first_points if first else m.second_points,
                    m.second_points if first else m.first_points, m.forfeited, "",
                    games_change(changes, (2 * rnd.number - 1, 2 * rnd.number))))
        made += [PlayerMatch(rnd.number, rnd.date, None, "", "", "", None, None, False, kind)
                 for player, kind in rnd.byes if player.number == number]
    row = next(r for r in facts.standings.rows if r.number == number)
    gone = next((w.after_round // 2 for w in section.withdrawals if w.player == number), None)
    return PlayerPage(**frame(season, facts, "../../"), player=link, rank=row.rank,
                      points=table.scoring.value(row.points), match_points=facts.scores[number][0],
                      matches=tuple(made), withdrew_after=gone, rating=rating_line(facts, number))


def double_swiss_pages(season: Season, facts: SectionFacts) -> SectionPages:
    links = player_links(facts.section, "../../")
    rounds = _rows(facts.section, links)
    return SectionPages(section_page(season, facts), player_pages(
        facts.section, "double_swiss/player.html",
        lambda number: player_page(season, facts, number, rounds, links)))


register_renderer(ds.FORMAT, double_swiss_pages, "double_swiss")
