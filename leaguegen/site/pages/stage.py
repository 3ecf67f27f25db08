"""Pages shared by the quads, Scheveningen and knockout renderers, and the "to be decided" page.

A section whose players come from an earlier stage that has not finished yet
(:class:`leaguegen.domain.stages.PendingStage`) gets one page saying where its
players will come from, and the home page lists it as such.
"""

from __future__ import annotations

from dataclasses import dataclass

from leaguegen.domain.season import Season, Section
from leaguegen.domain.sections import label
from leaguegen.domain.stages import PendingStage, Seeding
from leaguegen.site import urls
from leaguegen.site.pages import common
from leaguegen.site.pages.common import SeasonInfo, SectionSummary
from leaguegen.site.pages.registry import PENDING_RENDERER, SectionOutput, register_renderer
from leaguegen.site.render import render


@dataclass(frozen=True, slots=True)
class SourceLink:
    """An earlier section feeding this one, and whether it has finished."""

    name: str
    url: str
    finished: bool


@dataclass(frozen=True, slots=True)
class PendingPage:
    """A stage whose players are still to be decided (``<id>/index.html``)."""

    root: str
    season: SeasonInfo
    section: SectionSummary
    description: str
    top: int
    sources: tuple[SourceLink, ...]
    cross: bool


def pending_summary(section: Section, root: str) -> SectionSummary:
    return SectionSummary(
        id=section.id, name=section.name, format_label=label(section.format),
        url=root + urls.section(section), players=0, rounds_played=0, rounds_total=0,
        leader=None, next_date=None, finished=False)


def render_pending(season: Season, section: Section) -> SectionOutput:
    pending = section.stage
    assert isinstance(pending, PendingStage)
    root = "../"
    titles = pending.source_names or pending.source.sources  # part of the section's value
    sources = tuple(
        SourceLink(title, root + f"{sid}/index.html", sid not in pending.unfinished)
        for sid, title in zip(pending.source.sources, titles, strict=True))
    page = PendingPage(
        root=root, season=common.season_info(season), section=pending_summary(section, root),
        description=section.description, top=pending.source.top, sources=sources,
        cross=pending.source.seeding is Seeding.CROSS and len(sources) > 1)
    lang = season.language
    html = render("stage/section.html", page, lang)
    return SectionOutput({urls.section(section): html}, urls.pdf(section),
                         render("stage/pdf.html", page, lang), page.section)


register_renderer(PENDING_RENDERER, render_pending)
