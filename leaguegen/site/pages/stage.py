"""The "to be decided" page of a section whose players come from an earlier stage that has
not finished yet (``PendingStage``): where its players will come from (``PendingFacts``)."""

from __future__ import annotations

from dataclasses import dataclass

from leaguegen.domain.season import Season
from leaguegen.domain.sections import SectionFacts
from leaguegen.domain.sections.stages import PendingFacts, SourceState
from leaguegen.site.pages.common import Frame, frame
from leaguegen.site.pages.registry import PENDING_RENDERER, SectionPages, register_renderer


@dataclass(frozen=True, slots=True)
class PendingPage(Frame):
    description: str
    top: int
    sources: tuple[SourceState, ...]  # the earlier sections feeding this one (their pages)
    cross: bool


def pending_pages(season: Season, facts: SectionFacts) -> SectionPages:
    section = facts.section
    if not isinstance(facts, PendingFacts):
        raise TypeError(f"section '{section.id}' is not waiting for its players")
    return SectionPages(PendingPage(
        **frame(season, facts), description=section.description, top=facts.top,
        sources=facts.sources, cross=facts.cross))


register_renderer(PENDING_RENDERER, pending_pages, "stage", rounds=False)
