"""One :class:`SectionFacts` per section, derived by the section's kind.

``derive_facts(section)`` asks the section's kind (by its ``format``) to derive its
facts. It remembers nothing: a build derives every section's facts once, at the
top (``domain.season_facts``), and hands them to the pages, the PDF, the feeds and
the TRF export; the loader derives the facts of a stage's sources once per load
(``formats.stage_sources``). A section whose players are still to be decided (an
unfinished earlier stage) has facts without a table (``stages.PendingFacts``:
where its players will come from).
"""

from __future__ import annotations

from leaguegen.domain.season import Section
from leaguegen.domain.sections import stages
from leaguegen.domain.sections.kind import SectionFacts
from leaguegen.domain.sections.registry import kind_of
from leaguegen.domain.stages import PendingStage


def derive_facts(section: Section) -> SectionFacts:
    """The facts of ``section``, derived now (callers keep them and pass them on)."""
    kind = kind_of(section.format)
    if isinstance(section.stage, PendingStage):
        return stages.pending(section, section.stage, kind)
    return kind.facts(section)


def next_date(section: Section, played: int, finished: bool):  # noqa: ANN201 - date | None
    """The date of the first round after ``played`` that has one, unless finished."""
    if finished:
        return None
    upcoming = [r for r in section.rounds if r.number > played and r.date]
    return upcoming[0].date if upcoming else None
