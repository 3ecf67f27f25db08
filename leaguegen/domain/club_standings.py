"""School and club standings inside an individual event: the best N scores of each club.

A scholastic quads day or a weekend open often ranks the schools (or clubs) beside the
players: each club's score is the sum of its best ``best`` players' points (a player's
club is the ``club:`` the players list gives; players without one are in no club). A
club with fewer players counts what it has (the missing scores are zero: a school that
brings two players cannot outscore one that brings three on equal results). Clubs equal
on that score are ordered by the block's tie-breaks, in order:

- ``next``: the score of the club's best player who is not counted (the N+1th; zero
  without one), the usual "next best score" of scholastic team prizes.

Clubs equal on the score and every tie-break share a rank. A player's points are their
points in the section's standings (a quads section: in their group); a player the 50 %
rule keeps out of the standings scores for nobody. No I/O here.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from leaguegen.domain.sections.kind import SectionFacts

NEXT = "next"
TIEBREAKS = (NEXT,)


@dataclass(frozen=True, slots=True)
class ClubRules:
    """The section's ``club_standings:`` block: ``best`` scores count per club; ``title``
    the table's heading as the organiser writes it ("" for the default); ``tiebreaks``
    codes from :data:`TIEBREAKS`, in order."""

    best: int
    title: str = ""
    tiebreaks: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.best < 1:
            raise ValueError("club_standings: best must be at least 1")
        unknown = [c for c in self.tiebreaks if c not in TIEBREAKS]
        if unknown:
            raise ValueError(f"club_standings: unknown tie-break {unknown[0]!r}")


@dataclass(frozen=True, slots=True)
class Member:
    """A player of a club: ``group`` their quads group (None: the section's table),
    ``number`` their number in that table, ``points`` in points (not units)."""

    name: str
    points: Fraction
    group: int | None
    number: int


@dataclass(frozen=True, slots=True)
class ClubRow:
    """A club's line: ``counted`` its best players (best first), ``others`` the rest;
    ``values`` one per tie-break; ``shared``: another club has the same rank."""

    rank: int
    club: str
    points: Fraction
    counted: tuple[Member, ...]
    others: tuple[Member, ...]
    values: tuple[Fraction, ...]
    shared: bool


def club_standings(rules: ClubRules, members: Iterable[tuple[str, Member]]
                   ) -> tuple[ClubRow, ...]:
    """The clubs ranked: ``members`` are (club, member) in standings order (a club's
    players equal on points keep that order)."""
    clubs: dict[str, list[Member]] = {}
    for club, member in members:
        clubs.setdefault(club, []).append(member)
    lines = []
    for club, players in clubs.items():
        ordered = sorted(players, key=lambda m: -m.points)  # stable: standings order
        counted, others = tuple(ordered[:rules.best]), tuple(ordered[rules.best:])
        values = tuple(_value(code, others) for code in rules.tiebreaks)
        lines.append((club, sum((m.points for m in counted), Fraction(0)), counted, others,
                      values))
    lines.sort(key=lambda line: (-line[1], *(-v for v in line[4]), line[0]))
    keys = [(line[1], line[4]) for line in lines]
    rows = []
    for i, (club, points, counted, others, values) in enumerate(lines):
        rank = 1 + next(j for j, k in enumerate(keys) if k == keys[i])
        rows.append(ClubRow(rank, club, points, counted, others, values,
                            keys.count(keys[i]) > 1))
    return tuple(rows)


def _value(code: str, others: tuple[Member, ...]) -> Fraction:
    assert code == NEXT
    return others[0].points if others else Fraction(0)


def section_members(facts: SectionFacts) -> list[tuple[str, Member]]:
    """(club, member) of every ranked player with a club, in standings order (a quads
    section: group by group)."""
    groups = getattr(facts, "group_facts", None)
    tables = list(enumerate(groups, start=1)) if groups is not None else [(None, facts)]
    out = []
    for group, table_facts in tables:
        table, standings = table_facts.table, table_facts.standings
        if table is None or standings is None:
            continue
        unit = table.scoring.unit
        players = {r.number: r.player for r in table.records}
        for row in standings.rows:
            player = players[row.number]
            if player.club:
                out.append((player.club, Member(player.name, row.points * unit, group,
                                                row.number)))
    return out


def section_club_standings(facts: SectionFacts) -> tuple[ClubRow, ...] | None:
    """The section's club table (None: it has no ``club_standings:`` block)."""
    rules = facts.section.club_standings
    if rules is None:
        return None
    return club_standings(rules, section_members(facts))
