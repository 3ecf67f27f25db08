"""The registry of page renderers per section format.

The round robin's renderer is the default (``incremental.render_section``);
each other format registers its own in a module under ``leaguegen/site/sections/``.
A renderer takes (season, section) and returns an ``incremental.SectionOutput``:
every page of the section by path, the PDF's HTML source and the summary the
home page shows.
"""

from __future__ import annotations

from collections.abc import Callable

SECTION_RENDERERS: dict[str, Callable[..., object]] = {}
PENDING_RENDERER = "pending_stage"  # a stage whose players are still to be decided


def register_renderer(fmt: str, renderer: Callable[..., object]) -> None:
    SECTION_RENDERERS[fmt] = renderer
