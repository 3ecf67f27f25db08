"""What a change of a season does, for a reviewer: results entered and corrected,
withdrawals, late entries (``domain/changes.py``), and beyond them new pairings (games
scheduled without a result that were not there), standings moves (players whose place in the
section's table changed: what a reviewer of a results pull request looks at second), sections
added and removed. Two loaded seasons in, values out; ``leaguegen diff`` says them in words.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from leaguegen.domain.changes import Change, section_changes
from leaguegen.domain.sections.facts import derive_facts

if TYPE_CHECKING:
    from leaguegen.domain.season import Season, Section


@dataclass(frozen=True)
class SectionDiff:
    id: str
    name: str
    changes: tuple[Change, ...] = ()
    pairings: tuple[tuple[int, str, str], ...] = ()  # (round, White, Black), new, no result
    added: bool = False
    # (name, place before, place now), best place now first; a place of None: not ranked
    # (no table yet, or out of it by the withdrawal rule)
    moves: tuple[tuple[str, int | None, int | None], ...] = ()


@dataclass(frozen=True)
class SeasonDiff:
    sections: tuple[SectionDiff, ...] = ()
    removed: tuple[str, ...] = field(default_factory=tuple)  # ids of sections taken out

    @property
    def empty(self) -> bool:
        return not self.sections and not self.removed


def _games(section: Section) -> set[tuple[int, str, str]]:
    names = [p.name for p in section.players]
    return {(g.round, names[g.white - 1], names[g.black - 1]) for g in section.games}


def _places(section: Section) -> dict[str, int]:
    """Each ranked player's place in the section's one table (none for a kind without one,
    a knockout; a team league ranks teams and says so in its own pages)."""
    standings = derive_facts(section).standings
    if standings is None:
        return {}
    names = [p.name for p in section.players]
    return {names[r.number - 1]: r.rank for r in standings.rows}


def _moves(old: Section, new: Section) -> tuple[tuple[str, int | None, int | None], ...]:
    before, now = _places(old), _places(new)
    moved = [(name, before.get(name), now.get(name)) for name in {*before, *now}
             if before.get(name) != now.get(name)]
    return tuple(sorted(moved, key=lambda m: (m[2] is None, m[2] or 0, m[0])))


def season_diff(old: Season, new: Season) -> SeasonDiff:
    """The differences from ``old`` to ``new``, section by section in ``new``'s order."""
    known = {s.id: s for s in old.sections}
    out = []
    for section in new.sections:
        before = known.get(section.id)
        if before is None:
            out.append(SectionDiff(section.id, section.name, added=True))
            continue
        changes = section_changes(before, section)
        had = _games(before)
        names = [p.name for p in section.players]
        pairings = tuple(  # in board order, as the season lists the games
            (g.round, names[g.white - 1], names[g.black - 1]) for g in section.games
            if g.result is None
            and (g.round, names[g.white - 1], names[g.black - 1]) not in had)
        moves = _moves(before, section) if changes else ()
        if changes or pairings:
            out.append(SectionDiff(section.id, section.name, changes, pairings, moves=moves))
    now = {s.id for s in new.sections}
    return SeasonDiff(tuple(out), tuple(s.id for s in old.sections if s.id not in now))
