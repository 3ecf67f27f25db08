"""What changed between two versions of a season: results entered or corrected,
withdrawals, late entries.

The season's history is the organiser's git history of its files; reading it is
the I/O edge's job (``formats/git_history.py``), which loads each version through
the loader and hands two :class:`Season` values here. Comparing the domain values
(never the text of a diff) means a result moved to another line, a re-indented
file or a section moved into its own file is no change, and a change is named the
way the season names it: by round and players, with the old and the new value.

Players are matched by name, not by pairing number, because a late entry in a
Swiss seeded by rating renumbers the field without changing any game.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # season.py refers to Change; only attributes are read at run time
    from leaguegen.domain.season import Season, Section

RESULT = "result"  # a result entered where there was none
CORRECTION = "correction"  # an entered result changed (or taken back: new None)
WITHDRAWAL = "withdrawal"  # a withdrawal added, moved to another round (or taken back)
LATE_ENTRY = "late_entry"  # a player added to a section that already existed


@dataclass(frozen=True, slots=True)
class Change:
    """One logged change of a section.

    ``players`` are names: (White, Black) for a result, (the player,) otherwise.
    ``old`` and ``new`` are the values as the season file writes them: a score
    (``1-0``, ``½-½``, ``+-``), the last round played before a withdrawal (as a
    string, ``"3"``), or None where there was (or is) none. ``date`` and
    ``commit`` say when the change was recorded (the commit that made it).
    """

    kind: str
    round: int | None
    players: tuple[str, ...]
    old: str | None
    new: str | None
    date: dt.datetime | None = None
    commit: str = ""


def _results(section: Section) -> dict[tuple[int, str, str], str | None]:
    names = [p.name for p in section.players]
    return {(g.round, names[g.white - 1], names[g.black - 1]):
            g.result.value if g.result is not None else None for g in section.games}


def _withdrawals(section: Section) -> dict[str, int]:
    return {section.players[w.player - 1].name: w.after_round for w in section.withdrawals}


def section_changes(old: Section | None, new: Section) -> tuple[Change, ...]:
    """The changes from ``old`` to ``new`` (a section that did not exist has none yet).

    In order: late entries, then results by round and board order of ``new``,
    then withdrawals, so a page and a TRF list them as the organiser would.
    """
    if old is None:
        return ()
    out: list[Change] = []
    before = {p.name for p in old.players}
    out += [Change(LATE_ENTRY, None, (p.name,), None, p.name) for p in new.players
            if p.name not in before]
    was, now = _results(old), _results(new)
    for key, result in now.items():
        previous = was.get(key)
        if result == previous:
            continue
        kind = RESULT if previous is None else CORRECTION
        out.append(Change(kind, key[0], key[1:], previous, result))
    out += [Change(CORRECTION, key[0], key[1:], result, None)
            for key, result in was.items() if result is not None and key not in now]
    left, leaves = _withdrawals(old), _withdrawals(new)
    for name, after in leaves.items():
        if left.get(name) != after:
            previous = left.get(name)
            out.append(Change(WITHDRAWAL, after, (name,),
                              None if previous is None else str(previous), str(after)))
    out += [Change(WITHDRAWAL, after, (name,), str(after), None)
            for name, after in left.items() if name not in leaves]
    return tuple(out)


def season_changes(old: Season | None, new: Season) -> dict[str, tuple[Change, ...]]:
    """Per section id of ``new``, its changes since ``old`` (sections with none left out)."""
    known = {s.id: s for s in old.sections} if old is not None else {}
    out = {}
    for section in new.sections:
        changes = section_changes(known.get(section.id), section) if old is not None else ()
        if changes:
            out[section.id] = changes
    return out


def dated(changes: tuple[Change, ...], when: dt.datetime, commit: str) -> tuple[Change, ...]:
    """The same changes, stamped with the commit that recorded them."""
    return tuple(replace(c, date=when, commit=commit) for c in changes)


def with_changes(season: Season, changes: dict[str, tuple[Change, ...]]) -> Season:
    """The season whose sections carry their logged changes (``Section.changes``).

    Sections without any are the very same objects, so what was derived from them
    (their facts, their cache keys) is reused.
    """
    if not changes:
        return season
    sections = tuple(replace(s, changes=changes[s.id]) if changes.get(s.id) else s
                     for s in season.sections)
    return replace(season, sections=sections)
