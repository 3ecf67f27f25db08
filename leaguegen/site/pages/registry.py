"""Which page module renders a section: one renderer per section format.

Each page module under ``leaguegen/site/pages/`` registers its renderer for the
formats of its kind; ``leaguegen/site/pages/__init__.py`` imports them all. A
renderer takes (season, section) and returns a :class:`SectionOutput`: every
page of the section by path, the PDF's HTML source and the summary the home
page shows.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from leaguegen.site.pages.common import SectionSummary


@dataclass
class SectionOutput:
    """Everything one section contributes to the site."""

    pages: dict[str, str]
    pdf_path: str
    pdf_html: str
    summary: SectionSummary


Renderer = Callable[..., SectionOutput]
SECTION_RENDERERS: dict[str, Renderer] = {}
PENDING_RENDERER = "pending_stage"  # a stage whose players are still to be decided


def register_renderer(fmt: str, renderer: Renderer) -> None:
    if fmt in SECTION_RENDERERS:
        raise ValueError(f"a renderer for {fmt!r} is registered twice")
    SECTION_RENDERERS[fmt] = renderer


def renderer_for(fmt: str) -> Renderer:
    return SECTION_RENDERERS[fmt]
