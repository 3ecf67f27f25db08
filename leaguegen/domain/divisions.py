"""Divisions: a season's sections ranked one above the other, with promotion and relegation.

A club or a league that runs several divisions (the Premier over the Major, Division 1 over
Division 2) moves the top of each division up and the bottom down at the end of the season.
FIDE's rules say nothing about it; the leagues do it by their own rules (docs/divisions.md),
which come down to a number of places at the top that go up and a number at the bottom that
go down, per division. The season declares them (``divisions:``, top division first); this
module says which places a table marks, and how next season's divisions are made from this
season's final tables. No I/O: the loader reads the block, ``formats/next_season.py`` writes
the new season.

Why the final order comes from the section's own facts (``SectionFacts.rankings``): the
tables rank by the section's tie-breaks already (the same order its page shows), so a
division moves exactly the players its page marks. An entrant the table leaves out (a player
unranked by the 50 % rule, a team whose results were cancelled) counts as below the last
ranked one: they did not finish the season in the division.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from leaguegen.domain.sections.registry import kind_of

if TYPE_CHECKING:
    from leaguegen.domain.season import Season, Section
    from leaguegen.domain.sections.kind import SectionFacts

PROMOTION, RELEGATION = "promotion", "relegation"  # the places a table marks
PROMOTED, RELEGATED, STAYS = "promoted", "relegated", "stays"  # what happened, once finished


@dataclass(frozen=True, slots=True)
class Division:
    """One division: its section, the places at the top that go up (``promote``) and at the
    bottom that go down (``relegate``). The top division's ``promote`` places leave the
    league upwards (e.g. to a county league), the bottom division's ``relegate`` places
    leave it downwards: the league does not carry them into its next season."""

    section: str
    promote: int = 0
    relegate: int = 0


def can_be_division(section: Section) -> bool:
    """Whether the section's kind orders every entrant in its final table."""
    return kind_of(section.format).division


def entrants(section: Section) -> tuple[str, ...]:
    """What a division moves, in the order listed: its teams or its players."""
    kind = kind_of(section.format)
    if kind.entrants is not None:
        return kind.entrants(section)
    return tuple(p.name for p in section.players)


def division_of(season: Season, section_id: str) -> Division | None:
    return next((d for d in season.divisions if d.section == section_id), None)


def zone(division: Division | None, position: int, count: int) -> str:
    """The mark of the ``position``-th row (1-based, in the final order) of a table of
    ``count`` rows: PROMOTION, RELEGATION or "" (promotion wins where the two meet: the
    loader refuses more movers than entrants)."""
    if division is None:
        return ""
    if position <= division.promote:
        return PROMOTION
    if position > count - division.relegate:
        return RELEGATION
    return ""


def outcome(zone_mark: str) -> str:
    """What a marked place means once the section is finished."""
    return {PROMOTION: PROMOTED, RELEGATION: RELEGATED}.get(zone_mark, STAYS)


def final_order(facts: SectionFacts) -> tuple[str, ...]:
    """Every entrant, best first: the section's tables one after another (quads: group
    after group, the top group first), then the entrants no table ranks, as listed."""
    ranked = [name for _, names in facts.rankings for name in names]
    seen = set(ranked)
    return tuple(ranked) + tuple(n for n in entrants(facts.section) if n not in seen)


@dataclass(frozen=True, slots=True)
class Placed:
    """An entrant's place in next season: where they finished and what that made of it.
    ``target`` None: they leave the league (promoted above the top division, or relegated
    below the bottom one)."""

    name: str
    source: str  # the section they played in this season
    position: int  # their place in its final order (1-based)
    count: int  # how many entrants that order has
    move: str  # PROMOTED, RELEGATED or STAYS
    target: str | None


@dataclass(frozen=True, slots=True)
class NextDivisions:
    """Next season's divisions: each division's entrants in the order the new season lists
    them (those relegated into it first, then those who stay, then those promoted into it,
    each group in its final order), and those who leave the league."""

    divisions: tuple[tuple[str, tuple[Placed, ...]], ...]
    leaving: tuple[Placed, ...]

    def of(self, section_id: str) -> tuple[Placed, ...]:
        return dict(self.divisions)[section_id]


def unfinished(season: Season, facts: Mapping[str, SectionFacts]) -> tuple[str, ...]:
    """The divisions whose section has a game (or a match) still without its result."""
    return tuple(d.section for d in season.divisions if not facts[d.section].finished)


def next_divisions(divisions: Sequence[Division], facts: Mapping[str, SectionFacts]
                   ) -> NextDivisions:
    """Who plays where next season, from each division's final order (every division
    finished: the caller checks ``unfinished`` first)."""
    placed: list[list[Placed]] = []
    for i, div in enumerate(divisions):
        order = final_order(facts[div.section])
        count = len(order)
        here = []
        for pos, name in enumerate(order, start=1):
            mark = outcome(zone(div, pos, count))
            step = -1 if mark == PROMOTED else 1 if mark == RELEGATED else 0
            j = i + step
            target = divisions[j].section if 0 <= j < len(divisions) else None
            here.append(Placed(name, div.section, pos, count, mark, target))
        placed.append(here)
    out = []
    for i, div in enumerate(divisions):
        down = [p for p in placed[i - 1] if p.move == RELEGATED] if i > 0 else []
        stay = [p for p in placed[i] if p.move == STAYS]
        up = [p for p in placed[i + 1] if p.move == PROMOTED] if i + 1 < len(divisions) else []
        out.append((div.section, tuple(down + stay + up)))
    leaving = tuple(p for row in placed for p in row if p.target is None and p.move != STAYS)
    return NextDivisions(tuple(out), leaving)


def zones(season: Season, facts: SectionFacts) -> dict[str, str]:
    """The marked places of a division's table, by entrant name ({} for a section that is
    not a division)."""
    div = division_of(season, facts.section.id)
    if div is None:
        return {}
    order = final_order(facts)
    marks = {name: zone(div, pos, len(order)) for pos, name in enumerate(order, start=1)}
    return {name: mark for name, mark in marks.items() if mark}


def _rank_keys(facts: SectionFacts) -> dict[str, tuple[int, ...]]:
    """Each ranked entrant's rank as its table gives it (a quads group's prefixed by the
    group's number: ranks of two groups are not comparable), by name."""
    groups = getattr(facts, "group_facts", None)
    if groups is not None:
        return {name: (g, *key) for g, gf in enumerate(groups, start=1)
                for name, key in _rank_keys(gf).items()}
    standings = getattr(facts, "standings", None)
    if standings is not None:
        players = facts.section.players
        return {players[r.number - 1].name: (r.rank,) for r in standings.rows
                if r.rank is not None}
    rows = getattr(facts, "rows", ())
    return {r.name: (r.rank,) for r in rows if getattr(r, "rank", None) is not None}


def boundary_ties(division: Division, facts: SectionFacts) -> tuple[tuple[str, str], ...]:
    """The two entrants either side of a promotion or a relegation line who share their
    rank (equal on every tie-break): the table lists one above the other (by pairing
    number), but the league's rule (a play-off, a lot) has to settle which goes."""
    order = final_order(facts)
    keys = _rank_keys(facts)
    lines = {division.promote, len(order) - division.relegate} - {0, len(order)}
    out = []
    for line in sorted(lines):
        above, below = order[line - 1], order[line]
        if above in keys and keys.get(above) == keys.get(below):
            out.append((above, below))
    return tuple(out)
