"""Everything a season derives, made once at the top of a build and passed down.

The pages, the PDFs and the feeds of a season read the same derived facts: each
section's :class:`SectionFacts` (crosstable, standings, progress), a round robin's
table of rounds, and the season's last dated change (the calendars' DTSTAMP, the Atom
feed's ``updated``). They used to fetch them from module-level caches keyed by the
objects' identity, each module its own; :func:`season_facts` derives them in one
place, from the season alone, and the pipeline hands the result to whatever needs it
(issue 27, "facts passed down"). A value, not a cache: built again for every build,
so nothing outlives the season it was made of; ``serve`` hands the last build's section
facts back in (``known``), and a section's are reused only for an equal section.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass, replace

from leaguegen.domain.rating.report import section_report
from leaguegen.domain.schedule.berger import Round
from leaguegen.domain.season import Season, Section
from leaguegen.domain.sections import SectionFacts, derive_facts
from leaguegen.domain.sections.round_robin import RoundRobinFacts

NO_CHANGE = dt.date(2000, 1, 1)  # the last change of a season that has none dated


@dataclass(frozen=True, slots=True)
class SeasonFacts:
    """The derived, read-only facts of one season (see the module docstring).

    ``sections``: each section's facts by id, in the season's order. ``schedules``: the
    boards of each round of each round-robin section by id (the Berger table, or the
    rounds as written for one played outside the tables). ``last_change``: the newest
    date of a played round or a news item (:data:`NO_CHANGE` when none is dated).
    """

    season: Season
    sections: Mapping[str, SectionFacts]
    schedules: Mapping[str, tuple[Round, ...]]
    last_change: dt.date

    def of(self, section: Section) -> SectionFacts:
        """The facts of ``section``, one of this season's."""
        return self.sections[section.id]

    def schedule(self, section: Section) -> tuple[Round, ...]:
        """The rounds of a round-robin ``section`` whose players are known."""
        return self.schedules[section.id]


def last_change(season: Season) -> dt.date:
    """The newest date the season's files mention: a played round or a news item."""
    dates = []
    for s in season.sections:
        played = {g.round for g in s.games if g.result}
        dates += [r.date for r in s.rounds if r.date and r.number in played]
    dates += [n.date for n in season.news if n.date]
    return max(dates, default=NO_CHANGE)


def rated(facts: SectionFacts, season_time_control: str) -> SectionFacts:
    """``facts`` with the section's rating changes (``SectionFacts.rating``) when it is
    declared rated and its players are known; unchanged otherwise. ``facts`` kept from
    the last build (``serve``'s memo) are handed back as they are when their changes were
    made under the same time control (the season's may have changed)."""
    section = facts.section
    if not section.rated or facts.table is None and not section.players:
        return facts if facts.rating is None else replace(facts, rating=None)
    made = facts.rating
    if made is not None and made.time_control == (section.time_control or season_time_control):
        return facts
    return replace(facts, rating=section_report(section, facts,
                                                season_time_control=season_time_control))


def season_facts(season: Season,
                 known: Mapping[str, SectionFacts] | None = None) -> SeasonFacts:
    """The season's facts: every section's derived once (a round robin's schedule with
    them). ``known``: facts derived before, by section id (``serve``'s memo, between
    saves); a section's are taken from there when they were derived from a section
    equal to this one (by content: an unchanged section is the very object, compared
    at once), derived again otherwise."""
    sections = {}
    for s in season.sections:
        found = known.get(s.id) if known is not None else None
        facts = found if found is not None and found.section == s else derive_facts(s)
        sections[s.id] = rated(facts, season.time_control)
    schedules = {sid: f.schedule for sid, f in sections.items()
                 if isinstance(f, RoundRobinFacts)}
    return SeasonFacts(season, sections, schedules, last_change(season))
