"""A grand prix series: points for each place in several events, added up.

A club's season-long grand prix gives each player points for their place in each
event of the series (a points table: 1st 10, 2nd 8, ...; places past the table score
``rest``, zero by default), adds up the best ``best`` results of each player (best N of
M: the rest are *dropped*), ranks only the players with at least ``minimum`` events,
and orders players equal on points by the series' own tie-breaks, in the order the
file writes them. Everything is stated in the file so a reader can add it up by hand
(docs/club.md, "A grand prix series").

Ties for a place in an event are settled as the series' rules say (``ties``):

- ``share``: the tied players' places' points are added and shared equally (two players
  tied for 2nd in a 10-8-6 table get (8 + 6) / 2 = 7 each);
- ``higher``: each takes the points of the highest place of the tie (8 each).

Which players are tied for a place is ``places``: ``standings`` (the event's own
ranking, its tie-breaks included: only players equal on every tie-break share a place)
or ``points`` (players on equal points share the place, the event's tie-breaks aside).
Either way within a finisher's ``tier``: a quads group, or the round a knockout's player
went out in, ranks above any points (the kind says, ``SectionKind.placings``).

The series' tie-breaks (:data:`TIEBREAKS`):

- ``played``: more events played;
- ``all``: more points from all events, the dropped results included;
- ``best``: better places, best first (the best place; then the second best; ...; a
  player with fewer events is behind at the first place the other has and they lack);
- ``last``: more points in the last event of the series either player played, counting
  back (the latest event where their points differ decides).

Players equal on points and every tie-break share the rank. Of a player's results equal
in points the later event is dropped first. No I/O here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

SHARE = "share"
HIGHER = "higher"
TIES = (SHARE, HIGHER)
BY_STANDINGS = "standings"
BY_POINTS = "points"
PLACES = (BY_STANDINGS, BY_POINTS)
PLAYED, ALL, BEST, LAST = "played", "all", "best", "last"
TIEBREAKS = (PLAYED, ALL, BEST, LAST)


@dataclass(frozen=True, slots=True)
class SeriesRules:
    """One series as declared: ``id`` (its pages' name), ``name``, ``events`` the event
    references as written (a section id, or ``season/section`` for a folder of seasons),
    ``points`` per place (1st first), ``rest`` the points of a place past the table,
    ``ties`` (:data:`TIES`), ``places`` (:data:`PLACES`), ``best`` results counted
    (None: all), ``minimum`` events to be ranked, ``tiebreaks`` (:data:`TIEBREAKS`)."""

    id: str
    name: str
    events: tuple[str, ...]
    points: tuple[Fraction, ...]
    rest: Fraction = Fraction(0)
    ties: str = SHARE
    places: str = BY_STANDINGS
    best: int | None = None
    minimum: int = 1
    tiebreaks: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not self.events:
            raise ValueError("a series needs at least one event")
        if not self.points:
            raise ValueError("a series needs a points table")
        if self.ties not in TIES or self.places not in PLACES:
            raise ValueError(f"unknown ties {self.ties!r} or places {self.places!r}")
        if self.best is not None and self.best < 1:
            raise ValueError("best must be at least 1")
        if self.minimum < 1:
            raise ValueError("minimum must be at least 1")
        unknown = [c for c in self.tiebreaks if c not in TIEBREAKS]
        if unknown:
            raise ValueError(f"unknown series tie-break {unknown[0]!r}")

    def place_points(self, place: int) -> Fraction:
        """The table's points for ``place`` (1-based)."""
        return self.points[place - 1] if place <= len(self.points) else self.rest


@dataclass(frozen=True, slots=True)
class Finisher:
    """A player in an event's final order: ``key`` who they are across the events (the
    caller's identity), ``name`` as shown, ``tier`` a band above any points (0 for one
    table; a quads group, a knockout's round gone out in: lower is better), ``rank`` their
    rank in it (equal ranks: tied on every tie-break), ``score`` their points in it."""

    key: str
    name: str
    rank: int
    score: Fraction
    tier: int = 0


@dataclass(frozen=True, slots=True)
class EventResult:
    """A player's result in one event: their ``place`` (the highest of a tie), how many
    shared it (``tied``, 1 alone), the series points and whether they count."""

    event: int  # index into the series' events
    place: int
    tied: int
    points: Fraction
    counted: bool


@dataclass(frozen=True, slots=True)
class SeriesRow:
    """A player's line. ``rank`` None: below the minimum of events (listed after the
    ranked players, not ranked). ``results`` one per event (None: not played);
    ``values`` one per tie-break; ``shared``: another player has the same rank;
    ``decided_by``: the tie-break that put this player above the next on equal points
    (None: different points, or equal on everything)."""

    rank: int | None
    key: str
    name: str
    total: Fraction
    results: tuple[EventResult | None, ...]
    played: int
    values: tuple[object, ...]
    shared: bool
    decided_by: str | None


def event_places(rules: SeriesRules, finishers: Sequence[Finisher]
                 ) -> dict[str, tuple[int, int, Fraction]]:
    """Each finisher's (place, tied, points) in one event, by key: the place's points
    from the table, a tie for a place settled as ``rules.ties`` says."""
    def tie_of(f: Finisher) -> object:
        return (f.tier, f.score) if rules.places == BY_POINTS else (f.tier, f.rank, f.score)

    groups: dict[object, list[Finisher]] = {}
    for f in finishers:
        groups.setdefault(tie_of(f), []).append(f)
    ordered = sorted(groups.values(), key=lambda g: (g[0].tier, -g[0].score, g[0].rank))
    out: dict[str, tuple[int, int, Fraction]] = {}
    place = 1
    for group in ordered:
        count = len(group)
        if rules.ties == SHARE:
            points = sum((rules.place_points(place + i) for i in range(count)),
                         Fraction(0)) / count
        else:
            points = rules.place_points(place)
        for f in group:
            out[f.key] = (place, count, points)
        place += count
    return out


def series_standings(rules: SeriesRules, events: Sequence[Sequence[Finisher]]
                     ) -> tuple[SeriesRow, ...]:
    """The series table: ``events`` the finishers of each of ``rules.events`` in order
    (an event not yet played: empty). Ranked players first, then those below the
    minimum (by points, then name)."""
    if len(events) != len(rules.events):
        raise ValueError("one list of finishers per event of the series")
    names: dict[str, str] = {}
    results: dict[str, list[EventResult | None]] = {}
    for index, finishers in enumerate(events):
        for key, (place, tied, points) in event_places(rules, finishers).items():
            results.setdefault(key, [None] * len(events))[index] = EventResult(
                index, place, tied, points, True)
        for f in finishers:
            names[f.key] = f.name  # the newest event's name
    lines = []
    for key, own in results.items():
        own = _mark_counted(own, rules.best)
        total = sum((r.points for r in own if r is not None and r.counted), Fraction(0))
        played = sum(1 for r in own if r is not None)
        values = tuple(_value(code, own) for code in rules.tiebreaks)
        lines.append((key, names[key], total, tuple(own), played, values))
    ranked = [line for line in lines if line[4] >= rules.minimum]
    below = [line for line in lines if line[4] < rules.minimum]
    ranked.sort(key=lambda line: (-line[2], *(_sort_key(c, v) for c, v
                                               in zip(rules.tiebreaks, line[5], strict=True)),
                                  line[1].casefold(), line[0]))
    below.sort(key=lambda line: (-line[2], line[1].casefold(), line[0]))
    keys = [(line[2], line[5]) for line in ranked]
    rows = []
    for i, (key, name, total, own, played, values) in enumerate(ranked):
        rank = 1 + keys.index(keys[i])
        decided = None
        if i + 1 < len(ranked) and ranked[i + 1][2] == total and keys[i + 1] != keys[i]:
            decided = next(c for c, a, b in zip(rules.tiebreaks, values, ranked[i + 1][5],
                                                strict=True) if a != b)
        rows.append(SeriesRow(rank, key, name, total, own, played, values,
                              keys.count(keys[i]) > 1, decided))
    for key, name, total, own, played, values in below:
        rows.append(SeriesRow(None, key, name, total, own, played, values, False, None))
    return tuple(rows)


def _mark_counted(own: list[EventResult | None], best: int | None
                  ) -> list[EventResult | None]:
    """The best ``best`` results counted, the others dropped (of equal points, the later
    event is dropped)."""
    played = [r for r in own if r is not None]
    if best is None or len(played) <= best:
        return own
    keep = sorted(played, key=lambda r: (-r.points, r.event))[:best]
    kept = {r.event for r in keep}
    return [None if r is None else EventResult(r.event, r.place, r.tied, r.points,
                                               r.event in kept) for r in own]


def _value(code: str, own: Sequence[EventResult | None]) -> object:
    played = [r for r in own if r is not None]
    if code == PLAYED:
        return len(played)
    if code == ALL:
        return sum((r.points for r in played), Fraction(0))
    if code == BEST:
        return tuple(sorted(r.place for r in played))
    assert code == LAST
    return tuple(r.points if r is not None else Fraction(0) for r in reversed(own))


def _sort_key(code: str, value: object) -> object:
    """Ascending sort key: better first."""
    if code == BEST:
        places = tuple(value)  # type: ignore[arg-type]
        return tuple((0, p) for p in places) + ((1, 0),)
    if code == LAST:
        return tuple(-v for v in value)  # type: ignore[attr-defined]
    return -value  # type: ignore[operator]
