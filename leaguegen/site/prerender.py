"""A cold build's sections made and written where they are rendered (``leaguegen build``).

Without this, the process that loads the season derives every section's facts,
forks once for the feeds and once for the pages, receives every page's text back
through a pipe (107 MB for a season of 2,000 players), stores each in the cache and
writes each into the staging folder: all of that serial, on one core. Here each
section that the cache lacks is done whole by one process (``parallel``: a forked
child when the build has several cores): its facts, its feeds, its pages in every
language, each written into the staging folder through the same guarded writer
(``write.OutputTree``) and into the cache, and only what the season's own files need
comes back: the pages' paths, each section's summary and PDF source, the season
files' parts (``outputs.season_parts``).

The usual pipeline then runs over a store that answers for these sections with
their paths and no text (:class:`Prefilled`), so which files exist, their order,
the cache keys, the home page and the season's files are decided by the same code
as any other build, and the pages written here are byte-identical to what it would
have written (the tests compare the two).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import partial

from leaguegen.domain.season import Season, Section
from leaguegen.site import i18n, outputs, parallel
from leaguegen.site.incremental import (
    SECTION_SUFFIX,
    DiskStore,
    Shown,
    render_frame,
    render_section,
    section_key,
    templates_fingerprint,
)
from leaguegen.site.pages.history import stamp_updated
from leaguegen.site.pages.registry import SectionOutput
from leaguegen.site.render import PDF_LINKS

Writer = Callable[[str, bytes], object]  # (site path, bytes): ``OutputTree.put``


@dataclass(frozen=True)
class _Language:
    code: str
    prefix: str
    signature: str
    season: Season


@dataclass
class _Plan:
    season: Season
    store: DiskStore
    writer: Writer
    pdf: bool
    program: str
    templates: str
    updated: dt.datetime | None
    languages: list[_Language]


@dataclass
class _Done:
    """What one section's process sends back: no page text."""

    outputs_key: str | None  # None: its outputs were in the cache already
    outputs_paths: list[str]
    parts: dict[str, object]
    sections: list[tuple[str, SectionOutput]]  # (store key, output with empty pages)
    written: list[str]


@dataclass
class Prefilled:
    """The store as the pipeline sees it after :func:`prerender`: the entries made in
    the children answer with their paths and empty texts (their files are written)."""

    inner: DiskStore
    sections: dict[str, SectionOutput] = field(default_factory=dict)
    pages: dict[str, str] = field(default_factory=dict)

    @property
    def folder(self):  # noqa: ANN201 - the DiskStore's
        return self.inner.folder

    def get_section(self, key: str) -> SectionOutput | None:
        if key in self.sections:
            self.inner.used.add(key + SECTION_SUFFIX)  # written by a child: kept by the prune
            return self.sections[key]
        return self.inner.get_section(key)

    def put_section(self, key: str, output: SectionOutput) -> None:
        self.inner.put_section(key, output)

    def get_page(self, key: str) -> str | None:
        if key in self.pages:
            self.inner.used.add(key + ".html")
            return self.pages[key]
        return self.inner.get_page(key)

    def put_page(self, key: str, html: str) -> None:
        self.inner.put_page(key, html)

    def get_pdf(self, key: str) -> bytes | None:
        return self.inner.get_pdf(key)

    def put_pdf(self, key: str, data: bytes) -> None:
        self.inner.put_pdf(key, data)


def _languages(season: Season) -> list[_Language]:
    codes = season.languages or (season.language,)
    return [_Language(code, i18n.prefix(code, codes), f"{code}|{season.digits}|{','.join(codes)}",
                      replace(season, language=code, languages=codes)) for code in codes]


def _inner_key(language: _Language, key: str) -> str:
    return i18n.LanguageStore(None, language.signature, set())._key(key)


def _wanted(plan: _Plan, section: Section,
            made: Made) -> tuple[str | None, list[str | None]]:
    """The keys of what the cache lacks for ``section``: its outputs, its pages per language
    (each key also kept in ``made``'s memos, so that the pipeline does not hash again)."""
    shown = Shown(section)  # its repr, hashed into every key below
    okey = outputs.section_key(plan.season, shown, plan.program)
    made.output_memo[id(section)] = (section, outputs.memo_tag(plan.season, plan.program), okey)
    missing_outputs = None if plan.store.has(okey, "page") else okey
    keys: list[str | None] = []
    for language in plan.languages:
        frame = render_frame(language.season, plan.pdf)
        key = section_key(shown, plan.templates, frame)
        made.fingerprints[id(section)] = (section, (plan.templates, frame), key)
        inner = _inner_key(language, key)
        keys.append(None if plan.store.has(inner, "section") else inner)
    return missing_outputs, keys


def _make(plan: _Plan, item: tuple[Section, str | None, list[str | None]]) -> _Done:
    """One section, whole: in a child of the build when there are several cores."""
    section, okey, keys = item
    written: list[str] = []
    done = _Done(okey, [], {}, [], written)
    if okey is not None:
        files = outputs.section_outputs(plan.season, section)
        plan.store.put_page(okey, outputs.pack(files))
        for rel, data in files.items():
            plan.writer(rel, data)
            written.append(rel)
        done.outputs_paths = list(files)
        done.parts = outputs.season_parts(plan.season, section)
    for language, key in zip(plan.languages, keys, strict=True):
        if key is None:
            continue
        token = PDF_LINKS.set(plan.pdf)
        try:
            output = render_section(language.season, section)
        finally:
            PDF_LINKS.reset(token)
        encoded = [html.encode() for html in output.pages.values()]  # once: entry and site
        plan.store.put_section(key, output, encoded)
        pages = stamp_updated({language.prefix + rel: data
                               for rel, data in zip(output.pages, encoded, strict=True)},
                              plan.season, plan.updated)
        for rel, data in pages.items():
            plan.writer(rel, data)
            written.append(rel)
        done.sections.append((key, replace(output, pages=dict.fromkeys(output.pages, ""))))
    return done


@dataclass
class Made:
    """What :func:`prerender` did: the site paths it wrote, the sections whose outputs
    (feeds) it made."""

    written: list[str] = field(default_factory=list)
    outputs: int = 0
    # the keys computed here, as the pipeline's memos hold them (``fingerprints`` keeps
    # the last language's: the others are hashed again, as in any build)
    output_memo: dict = field(default_factory=dict)
    fingerprints: dict = field(default_factory=dict)


def prerender(season: Season, store: DiskStore, writer: Writer, pdf: bool, program: str,
              updated: dt.datetime | None,
              on_section: Callable[[str, int], None] | None = None) -> tuple[Prefilled, Made]:
    """Make and write every section the cache lacks (see the module's text).

    Returns the store the pipeline should read and what was made. ``on_section``
    hears each finished section's id and in how many languages its pages were made.
    """
    plan = _Plan(season, store, writer, pdf, program, templates_fingerprint(),
                 updated, _languages(season))
    items = []
    report = Made()
    for section in season.sections:
        okey, keys = _wanted(plan, section, report)
        if okey is not None or any(k is not None for k in keys):
            items.append((section, okey, keys))
    prefilled = Prefilled(store)
    made = parallel.map_in_order(partial(_make, plan), items)
    try:
        for (section, _, _), done in zip(items, made, strict=True):
            if done.outputs_key is not None:
                prefilled.pages[done.outputs_key] = outputs.pack(
                    dict.fromkeys(done.outputs_paths, b""))
                outputs.take_season_parts(season, section, done.parts)
                report.outputs += 1
            for key, output in done.sections:
                prefilled.sections[key] = output
            report.written += done.written
            if on_section is not None:
                on_section(section.id, len(done.sections))
    finally:
        made.close()  # on an error the children end and the work not started is dropped
    return prefilled, report
