"""Which pages a section has: one renderer for every kind, driven by what a kind declares.

Each kind's page module registers its templates folder and its context function
(:func:`register_renderer`): (season in the page language, the section's facts, derived
once per build and passed down) -> :class:`SectionPages`, rendered here. Pages any section
may have (start list, changes, prizes...) come from page makers
(:func:`register_section_pages`): (season, facts) -> {path: html}, cached and rebuilt with
the section's own pages; a path ending ``.pdf`` is the source of one more PDF. A maker
registered ``later`` gives each page as a function that makes it: ``serve`` makes those
after the reload (:data:`PAGES_LATER`), every other build at once.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from contextvars import ContextVar, copy_context
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from leaguegen.domain.season import Section
from leaguegen.site import urls
from leaguegen.site.pages.common import SectionSummary
from leaguegen.site.render import render, render_pdf_source, templates_pinned


@dataclass
class SectionOutput:  # everything one section contributes to the site
    pages: dict[str, str]
    pdf_path: str
    pdf_html: str
    summary: SectionSummary
    # more PDFs of the section (a page maker's paths ending ``.pdf``): path -> HTML source
    pdfs: dict[str, str] = field(default_factory=dict)
    # the pages left for later (``PAGES_LATER``): path -> what makes it, as the section's
    # render would have; ``SiteFiles`` moves each into ``pages`` once made, so this very
    # output, kept by the store, is whole for the next build that reuses it
    later: dict[str, Callable[[], str]] = field(default_factory=dict, compare=False,
                                                repr=False)


@dataclass
class SectionPages:
    """What a kind's context function returns: ``page``, the context of its folder's
    ``section.html``, ``rounds.html`` and ``pdf.html`` (its ``section`` is the summary the
    home page shows), and the section's other pages as (path, template, context), made
    as they are rendered, in order."""

    page: Any
    more: Iterable[tuple[str, str, object]] = ()


def player_pages(section: Section, template: str, page_of: Callable[[int], object]
                 ) -> Iterator[tuple[str, str, object]]:
    """A page per player of ``section`` for :attr:`SectionPages.more`: ``page_of(number)``."""
    for number in range(1, len(section.players) + 1):
        yield urls.player(section, number), template, page_of(number)


Renderer = Callable[..., SectionOutput]
Context = Callable[..., SectionPages]
SECTION_RENDERERS: dict[str, Renderer] = {}
# each kind's context function and templates folder, by format: what the standings after
# an earlier round (site/pages/standings_after.py) lay out from the kind's facts then
SECTION_CONTEXTS: dict[str, tuple[Context, str]] = {}
PageMaker = Callable[..., dict[str, str]]
SECTION_PAGES: list[PageMaker] = []
LATER_MAKERS: set[PageMaker] = set()  # makers giving (path -> what makes the page)
# Set by ``serve``'s builds (``incremental.render_site``): the later makers' pages are left
# in ``SectionOutput.later`` (the standings after each earlier round: a round-1 result
# changes all of them, and no browser needs them for the reload).
PAGES_LATER: ContextVar[bool] = ContextVar("PAGES_LATER", default=False)
PENDING_RENDERER = "pending_stage"  # a stage whose players are still to be decided


def register_renderer(fmt: str, context: Context, templates: str, rounds: bool = True) -> None:
    """Sections of format ``fmt`` have the pages ``context`` gives, from the templates in
    ``site_template/<templates>/`` (``rounds``: whether it has a ``rounds.html``)."""
    if fmt in SECTION_RENDERERS:
        raise ValueError(f"a renderer for {fmt!r} is registered twice")
    SECTION_RENDERERS[fmt] = partial(_render_kind, context, templates, rounds)
    SECTION_CONTEXTS[fmt] = (context, templates)


def _render_kind(context: Context, templates: str, rounds: bool, season, facts  # noqa: ANN001
                 ) -> SectionOutput:
    section, lang = facts.section, season.language
    made = context(season, facts)
    page = made.page
    pages = {urls.section(section): render(f"{templates}/section.html", page, lang)}
    if rounds:
        pages[urls.rounds(section)] = render(f"{templates}/rounds.html", page, lang)
    for path, template, context_of_page in made.more:
        pages[path] = render(template, context_of_page, lang)
    return SectionOutput(pages, urls.pdf(section),
                         render_pdf_source(f"{templates}/pdf.html", page, lang), page.section)


def register_section_pages(maker: PageMaker, later: bool = False) -> None:
    """Add a page maker run for every section after its kind's renderer (``later``: it
    gives each page, never a PDF source, as a function, made after the reload in
    ``serve``)."""
    if maker in SECTION_PAGES:
        raise ValueError(f"page maker {maker!r} is registered twice")
    SECTION_PAGES.append(maker)
    if later:
        LATER_MAKERS.add(maker)


def page_files(page: object, language: str, *files: tuple[str, str]) -> dict[str, str]:
    """A page maker's files, each ``(path, template)`` rendered from ``page``; a path ending
    ``.pdf`` is a PDF's source, left out of a build without PDFs."""
    out = {}
    for path, template in files:
        text = (render_pdf_source if path.endswith(".pdf") else render)(template, page, language)
        if text:
            out[path] = text
    return out


def renderer_for(fmt: str) -> Renderer:
    renderer = SECTION_RENDERERS[fmt]
    if fmt == PENDING_RENDERER or not SECTION_PAGES:
        return renderer
    return partial(_with_section_pages, renderer)


def _with_section_pages(renderer: Renderer, season, facts) -> SectionOutput:  # noqa: ANN001
    with templates_pinned():  # each template looked up once per section
        output = renderer(season, facts)
        for maker in SECTION_PAGES:
            made = maker(season, facts)
            if maker in LATER_MAKERS:
                if PAGES_LATER.get():  # made later as now: the render's context kept
                    context = copy_context()
                    output.later.update((path, partial(context.run, make))
                                        for path, make in made.items())
                    continue
                made = {path: make() for path, make in made.items()}
            for path, text in made.items():
                (output.pdfs if path.endswith(".pdf") else output.pages)[path] = text
    return output
