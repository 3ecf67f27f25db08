"""A grand prix series over real events: each event's final order read from its facts.

``domain/series.py`` ranks players from each event's finishers; this module finds those
finishers in the events' :class:`SectionFacts` (the standings as the section's own page
shows them: rank and points) and says who each player is across the events by the
club's identities (``domain/club/identity``: club id, FIDE ID, name, explicit aliases;
never a guess), so a season's series and a folder's series are one calculation. Each
kind says what its order is (``SectionKind.placings``: one table's standings, quads
group after group, a knockout by the round a player went out); an event with no
result yet has no finishers, and a team kind, which has none, is refused by ``check``
(``formats/series.py``). No I/O here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from leaguegen.domain.club.identity import Roster, roster
from leaguegen.domain.season_facts import SeasonFacts
from leaguegen.domain.sections.kind import SectionFacts
from leaguegen.domain.series import Finisher, SeriesRow, SeriesRules, series_standings

EventRef = tuple[str, str]  # (the season's path in the folder, "" for one season; section id)


@dataclass(frozen=True, slots=True)
class SeriesTable:
    """A series worked out: its rules, its events (as references, in order, with their
    facts), the rows, and where each player last played (key -> (event index, number))."""

    rules: SeriesRules
    events: tuple[EventRef, ...]
    facts: tuple[SectionFacts, ...]
    rows: tuple[SeriesRow, ...]
    last_seen: Mapping[str, tuple[int, int]]

    @property
    def provisional(self) -> bool:
        """Some event of the series is not finished."""
        return not all(f.progress.finished for f in self.facts)


def finishers(facts: SectionFacts, key_of: Mapping[int, str],
              names: Mapping[str, str]) -> list[Finisher]:
    """The event's order as its kind gives it, as finishers (none before its first
    result); ``key_of`` a player's key by number, ``names`` a key's name."""
    placings = facts.placings()
    if placings is None:  # a team kind: refused as a series' event by the reader
        return []
    return [Finisher(key_of[p.number], names[key_of[p.number]], p.rank, p.score, p.tier)
            for p in placings]


def series_table(rules: SeriesRules, events: Sequence[EventRef],
                 seasons: Mapping[str, SeasonFacts], found: Roster) -> SeriesTable:
    """The series over ``events`` (references into ``seasons``), players matched by
    ``found`` (the roster of those seasons)."""
    event_facts, lists, seen = [], [], {}
    names = {m.slug: m.name for m in found.members}
    for index, (path, section_id) in enumerate(events):
        facts = seasons[path].sections[section_id]
        event_facts.append(facts)
        key_of = {n: found.slug_of(path, section_id, n) or f"{section_id}#{n}"
                  for n in range(1, len(facts.section.players) + 1)}
        names.update({k: facts.section.players[n - 1].name for n, k in key_of.items()
                      if k not in names})
        listed = finishers(facts, key_of, names)
        lists.append(listed)
        numbers = {k: n for n, k in key_of.items()}
        for f in listed:
            seen[f.key] = (index, numbers[f.key])
    return SeriesTable(rules, tuple(events), tuple(event_facts),
                       series_standings(rules, lists), seen)


def season_series(facts: SeasonFacts) -> tuple[SeriesTable, ...]:
    """Every series a season declares over its own sections (``series:``)."""
    season = facts.season
    if not season.series:
        return ()
    found = roster({"": season}, [""])
    return tuple(series_table(rules, [("", ref) for ref in rules.events], {"": facts}, found)
                 for rules in season.series)
