"""Which page module renders a section: one renderer per section format.

Each page module under ``leaguegen/site/pages/`` registers its renderer for the
formats of its kind; ``leaguegen/site/pages/__init__.py`` imports them all. A
renderer takes (season, facts): the season as the page frame shows it (in the
language being rendered) and the section's :class:`SectionFacts` (its section is
``facts.section``), derived once per build (``domain.season_facts``) and passed
down, never looked up; it returns a :class:`SectionOutput`: every page of the
section by path, the PDF's HTML source and the summary the home page shows.

Pages that any section of a kind with a start list may have (the start rank
list, the alphabetical pairing lists, the changes from the season's history)
are made by page makers registered with :func:`register_section_pages`: each
takes (season, facts) and returns {path: html}, possibly empty; their pages
join the section's own, so they are cached and rebuilt with it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from leaguegen.site.pages.common import SectionSummary
from leaguegen.site.render import templates_pinned


@dataclass
class SectionOutput:
    """Everything one section contributes to the site."""

    pages: dict[str, str]
    pdf_path: str
    pdf_html: str
    summary: SectionSummary


Renderer = Callable[..., SectionOutput]
SECTION_RENDERERS: dict[str, Renderer] = {}
PageMaker = Callable[..., dict[str, str]]
SECTION_PAGES: list[PageMaker] = []
PENDING_RENDERER = "pending_stage"  # a stage whose players are still to be decided


def register_renderer(fmt: str, renderer: Renderer) -> None:
    if fmt in SECTION_RENDERERS:
        raise ValueError(f"a renderer for {fmt!r} is registered twice")
    SECTION_RENDERERS[fmt] = renderer


def register_section_pages(maker: PageMaker) -> None:
    """Add a page maker run for every section after its kind's renderer."""
    if maker in SECTION_PAGES:
        raise ValueError(f"page maker {maker!r} is registered twice")
    SECTION_PAGES.append(maker)


def renderer_for(fmt: str) -> Renderer:
    renderer = SECTION_RENDERERS[fmt]
    if fmt == PENDING_RENDERER or not SECTION_PAGES:
        return renderer
    return partial(_with_section_pages, renderer)


def _with_section_pages(renderer: Renderer, season, facts) -> SectionOutput:  # noqa: ANN001
    with templates_pinned():  # each template looked up once per section
        output = renderer(season, facts)
        for maker in SECTION_PAGES:
            output.pages.update(maker(season, facts))
    return output
