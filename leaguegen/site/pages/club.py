"""The club's pages of a folder of seasons: every member, and a career page per member.

``club/index.html`` lists every member across the seasons (``domain/club/identity``);
``club/<slug>.html`` is one member's career (``domain/club/career``): each season and
section with its games, score, performance and rating change, the rating history as an
inline SVG chart (``club_chart``), and the head-to-head record against every other
member. Plain values here, worded by ``site_template/club/``.
"""

from __future__ import annotations

import datetime as dt
import hashlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import partial

from leaguegen.domain import divisions
from leaguegen.domain.club.career import Career, CareerEvent, career
from leaguegen.domain.club.club_rating import START, ClubRating, K, RatingRun, rate, ratings_of
from leaguegen.domain.club.identity import Roster
from leaguegen.site import formatting as fmt
from leaguegen.site.pages.club_chart import Chart, rating_chart

CLUB_DIR = "club"
ROOT = "../"  # from a club page up to the folder's root ("../../" from ru/club/)


def member_page(slug: str) -> str:
    """A member's career page, relative to the club folder."""
    return f"{slug}.html"


@dataclass(frozen=True, slots=True)
class MemberRow:
    """A member on the index: newest name, page, FIDE ID, newest rating written, how many
    seasons and events, games played over the board."""

    name: str
    url: str
    fide_id: int | None
    rating: int | None
    seasons: int
    events: int
    games: int


@dataclass(frozen=True, slots=True)
class ClubIndexPage:
    root: str
    title: str
    members: tuple[MemberRow, ...]
    ratings_url: str = "ratings.html"  # the club rating list


@dataclass(frozen=True, slots=True)
class RatingRow:
    """A member on the club rating list: place, newest name, page, the club rating and
    where it started (rounded), the games rated."""

    rank: int
    name: str
    url: str
    rating: int
    start: int
    games: int


@dataclass(frozen=True, slots=True)
class ClubRatingsPage:
    """``club/ratings.html``: the club rating list (``domain/club/club_rating``), with the
    method's K and start rating for its legend."""

    root: str
    title: str
    rows: tuple[RatingRow, ...]
    k: int = K
    start: int = START


@dataclass(frozen=True, slots=True)
class GameView:
    round: int
    date: dt.date | None
    opponent: str | None  # None: a bye or a free round
    opponent_url: str | None  # the opponent's career page
    colour: str  # "w", "b", ""
    result: str  # the crosstable's cell for the player ('1', '½', '0', '+', '−')


@dataclass(frozen=True, slots=True)
class EventView:
    season_name: str
    season_url: str
    section_name: str
    section_url: str
    first: dt.date | None
    rating: int | None
    points: Fraction
    played: int
    performance: int | None
    rating_change: Fraction | None
    games: tuple[GameView, ...]
    zone: str = ""  # a division's mark (standings' ``zone_mark``): "promotion", "relegation"
    moved: bool = False  # the section is finished: the mark is what happened


@dataclass(frozen=True, slots=True)
class HeadToHeadView:
    opponent: str
    url: str
    wins: int
    draws: int
    losses: int
    score: Fraction


@dataclass(frozen=True, slots=True)
class CareerPage:
    """One member's career page (see the module docstring). ``other_names``: the names
    other than the newest that the seasons write (an alias)."""

    root: str
    title: str
    name: str
    other_names: tuple[str, ...]
    fide_id: int | None
    club_id: str | None
    events: tuple[EventView, ...]
    head_to_head: tuple[HeadToHeadView, ...]
    chart: Chart | None
    history: tuple[tuple[dt.date, int], ...]
    games: int
    score: Fraction  # over the games played, at 1 / ½ / 0
    club_rating: int | None = None  # on the club rating list (rounded); None: no game
    club_games: int = 0


def _event(event: CareerEvent, links: Mapping[tuple[str, str], str], root: str) -> EventView:
    games = tuple(GameView(g.round, g.date, g.opponent, member_page(them) if them else None,
                           g.colour, fmt.cell_of(g.code._name_))
                  for g, them in zip(event.games, event.opponents, strict=True))
    return EventView(event.season_name, f"{root}{event.season}/index.html", event.section_name,
                     f"{root}{event.season}/{links[(event.season, event.section)]}", event.first,
                     event.rating, event.points, event.played, event.performance,
                     event.rating_change, games, _MARKS.get(event.zone, event.zone),
                     event.zone in _MARKS)


# what happened in a finished division, as the mark its standings show it with
_MARKS = {divisions.PROMOTED: divisions.PROMOTION, divisions.RELEGATED: divisions.RELEGATION}


def _played(events: tuple[CareerEvent, ...]) -> tuple[int, Fraction]:
    """The games played over the board (by their cell: 1 / ½ / 0) and their score."""
    counts = dict.fromkeys(_HALVES, 0)
    for e in events:
        for g in e.games:
            cell = fmt.cell_of(g.code._name_)
            if g.opponent is not None and cell in counts:
                counts[cell] += 1
    return sum(counts.values()), Fraction(sum(_HALVES[c] * n for c, n in counts.items()), 2)


def _page(career: Career, title: str, links: Mapping[tuple[str, str], str],
          club_rating: int | None, club_games: int, root: str = ROOT) -> CareerPage:
    m = career.member
    h2h = tuple(HeadToHeadView(h.opponent, member_page(h.slug), h.wins, h.draws, h.losses,
                               h.score) for h in career.head_to_head)
    return CareerPage(root, title, m.name, tuple(n for n in m.names if n != m.name),
                      m.fide_id, m.club_id, tuple(_event(e, links, root) for e in career.events),
                      h2h, rating_chart(career.history), career.history,
                      *_played(career.events), club_rating, club_games)


def _inputs(career: Career, digests: Mapping[tuple[str, str, int], str]) -> str:
    """Everything a career page is made from but its title and club rating, each event by
    its content's digest (``digests`` by season, section, number: ``season_share``), as
    one digest: the page's key (with those two), taken without making the page."""
    m, events = career.member, career.events
    text = repr((m.slug, m.name, m.names, m.fide_id, m.club_id,
                 tuple(digests[(e.season, e.section, e.number)] for e in events),
                 tuple(e.opponents for e in events), career.head_to_head))
    return hashlib.sha256(text.encode()).hexdigest()


# a game played over the board, by its cell: its score in half points (1 / ½ / 0)
_HALVES = {"1": 2, "½": 1, "0": 0}


def ratings_page(ratings: tuple[ClubRating, ...], title: str) -> ClubRatingsPage:
    """The club rating list: members with a rated game, highest first (equal ratings share
    the place of the first)."""
    rows: list[RatingRow] = []
    for r in ratings:
        if not r.games:
            continue
        shown = round(r.rating)
        rank = rows[-1].rank if rows and rows[-1].rating == shown else len(rows) + 1
        rows.append(RatingRow(rank, r.name, member_page(r.slug), shown, round(r.start),
                              r.games))
    return ClubRatingsPage(ROOT, title, tuple(rows))


# a career page's context, made when its page is, given the way up to the site's root
Made = Callable[[str], CareerPage]


@dataclass(frozen=True, slots=True)
class _Kept:
    """A member's career as the last save made it: the digests of its events, the career,
    its page's key (:func:`_inputs`) and its games played and their score."""

    events: tuple[str, ...]
    career: Career
    inputs: str
    played: tuple[int, Fraction]


@dataclass
class ClubMemo:
    """What the club's pages were made from at the last save, kept by ``serve``
    (``LiveSeasons``) so that a save makes again only what its edit changed: the roster
    (by the seasons' players), each member's career (by their events' digests), the
    club rating list's run (rated again from the first season whose games changed),
    the pages rendered (by key) and the whole output (by every share's digest).
    A build makes a fresh one: the same code, nothing kept."""

    roster_key: str = ""
    roster: Roster | None = None
    careers: dict[str, _Kept] = field(default_factory=dict)
    rating: RatingRun | None = None
    pages: dict[str, bytes] = field(default_factory=dict)  # the last save's, by key
    series_read: str = ""  # what the series' pages read (club.yaml, the seasons' sections)
    series: dict[str, list] = field(default_factory=dict)  # their pages, by language
    whole: tuple[str, dict[str, bytes]] | None = None  # the last output, by its inputs
    made: int = 0  # careers made (not kept) by the last save: what a test counts

    def use_roster(self, key: str, make: Callable[[], Roster]) -> Roster:
        """The roster for the seasons' players (``key``): the last one if they are the
        same; else a new one, and every career and the rating run made again."""
        if self.roster is None or key != self.roster_key:
            self.roster_key, self.roster = key, make()
            self.careers, self.rating = {}, None
        return self.roster


def club_pages(found: Roster, events: Mapping[tuple[str, str, int], CareerEvent], title: str,
               order: tuple[str, ...], links: Mapping[tuple[str, str], str],
               digests: Mapping[tuple[str, str, int], str],
               memo: ClubMemo | None = None, season_keys: Mapping[str, str] | None = None
               ) -> tuple[ClubIndexPage, dict[str, tuple[str, Made]], ClubRatingsPage]:
    """The index, every career page (by file name in the club folder) and the club rating
    list, from every player entry's event (``career.event``, by season, section, number;
    ``order``: the seasons' paths, oldest first; ``links``: each section's page, by season
    and section id).

    A career page comes as (its key, a function that makes its context from the way up
    to the site's root: one per language): the key is :func:`_inputs`, over each event's
    content digest (``digests``), so a page the cache has is not made at all. With
    ``memo`` (the roster ``found`` is its roster) and ``season_keys`` (each season's
    share's digest), a member whose events' digests are those of the last save keeps
    their career, and the rating list is rated again from the first season whose key
    changed."""
    memo = memo if memo is not None else ClubMemo()
    kept, memo.careers, memo.made = memo.careers, {}, 0
    made = []
    for member in found.members:
        mine = tuple(digests[(a.season, a.section, a.number)] for a in member.appearances)
        last = kept.get(member.slug)
        if last is None or last.events != mine:
            c = career(found, member, events)
            last = _Kept(mine, c, _inputs(c, digests), _played(c.events))
            memo.made += 1
        memo.careers[member.slug] = last
        made.append(last)
    careers = [k.career for k in made]
    keys = [season_keys[p] for p in order] if season_keys is not None else None
    memo.rating = rate(careers, order, keys, memo.rating)
    ratings = ratings_of(careers, memo.rating)
    by_slug = {r.slug: r for r in ratings}
    rows, pages = [], {}
    for k in made:
        c, rating = k.career, by_slug[k.career.member.slug]
        rated = (round(rating.rating), rating.games) if rating.games else (None, 0)
        make = partial(_page, c, title, links, *rated)
        name = member_page(c.member.slug)
        pages[name] = (repr((title, rated, k.inputs)), make)
        ratings_kept = [e.rating for e in c.events if e.rating is not None]
        rows.append(MemberRow(c.member.name, name, c.member.fide_id,
                              ratings_kept[-1] if ratings_kept else None,
                              len({e.season for e in c.events}), len(c.events), k.played[0]))
    rows.sort(key=lambda r: (r.name.casefold(), r.url))
    return ClubIndexPage(ROOT, title, tuple(rows)), pages, ratings_page(ratings, title)
