"""What a change of a season does, for a reviewer: results entered and corrected,
withdrawals, late entries (``domain/changes.py``), and beyond them new pairings (games
scheduled without a result that were not there), sections added and removed. Two loaded
seasons in, values out; ``leaguegen diff`` says them in words.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from leaguegen.domain.changes import Change, section_changes

if TYPE_CHECKING:
    from leaguegen.domain.season import Season, Section


@dataclass(frozen=True)
class SectionDiff:
    id: str
    name: str
    changes: tuple[Change, ...] = ()
    pairings: tuple[tuple[int, str, str], ...] = ()  # (round, White, Black), new, no result
    added: bool = False


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
        if changes or pairings:
            out.append(SectionDiff(section.id, section.name, changes, pairings))
    now = {s.id for s in new.sections}
    return SeasonDiff(tuple(out), tuple(s.id for s in old.sections if s.id not in now))
