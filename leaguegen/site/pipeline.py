"""The one build: a loaded season in, every file of its site out (in memory).

Both ``leaguegen build`` (``site/build.py``: a disk cache, then the files written
into a staging folder and swapped in) and ``leaguegen serve`` (``site/live.py``: a
memory store kept between saves, the files served from memory) call
:func:`build` with the season their caller loaded, as mkdocs does: what is
rendered, from which cache, in which order, is decided in one place.

A build returns the files that are ready (pages in every language, assets, the
outputs beside the pages such as the feeds, and every PDF the store already
has) and the PDFs still to render, which the caller renders as it sees fit: all
at once across the cores (``build``), or in the background after the pages are
served (``serve``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import leaguegen.site.feeds  # noqa: F401  (registers the feeds output)
from leaguegen.domain.changes import with_changes
from leaguegen.domain.season import Season
from leaguegen.formats.git_history import read_history
from leaguegen.site import i18n, prerender
from leaguegen.site.incremental import DiskStore, MemoryStore, Store, program_version, render_site
from leaguegen.site.outputs import render_outputs
from leaguegen.site.pages.history import stamp_updated
from leaguegen.site.render import template_dir

ASSETS = ("style.css",)
SHALLOW_NOTE = ("note: the season's git history is shallow (a clone of the newest commits only),"
                " so the pages list no changes; run 'git fetch --unshallow' before building"
                " (docs/data-feeds.md)")


@dataclass
class SiteFiles:
    """One build's result: ``files`` by site path, and the PDFs still to make."""

    files: dict[str, bytes]
    pending_pdfs: dict[str, tuple[str, str]]  # path -> (store key, HTML source)
    pages: int = 0
    pdfs_cached: int = 0
    sections_rendered: list[str] = field(default_factory=list)
    sections_reused: list[str] = field(default_factory=list)
    outputs_rendered: int = 0
    home_rendered: bool = False
    notes: list[str] = field(default_factory=list)  # for the organiser (a shallow history)
    written: list[str] = field(default_factory=list)  # paths ``writer`` wrote, not in files

    @property
    def rendered_anything(self) -> bool:
        return bool(self.sections_rendered or self.outputs_rendered or self.home_rendered)


class Encoder:
    """Keeps the UTF-8 bytes of each page, so a page the store handed back as the very
    same text object is not encoded again (what makes a live rebuild after one edit
    cheap in a season of hundreds of pages)."""

    def __init__(self) -> None:
        self.known: dict[str, tuple[str, bytes]] = {}

    def encode(self, pages: dict[str, str]) -> dict[str, bytes]:
        out = {}
        for path, html in pages.items():
            known = self.known.get(path)
            out[path] = known[1] if known is not None and known[0] is html else html.encode()
            self.known[path] = (html, out[path])
        self.known = {path: self.known[path] for path in out}
        return out


Progress = Callable[[str, int, int], None]  # (stage, done, total): "pages" or "pdfs"


def build(season: Season, store: Store, pdf: bool = True, templates: str | None = None,
          fingerprints: dict | None = None, encoder: Encoder | None = None,
          progress: Progress | None = None, output_memo: dict | None = None,
          source: Path | None = None, writer: prerender.Writer | None = None) -> SiteFiles:
    """Render what changed since ``store`` last saw this season; reuse the rest.

    ``fingerprints`` and ``encoder`` are kept between calls by a long-running
    process; ``pdf`` False builds pages that do not link PDFs and makes none.
    ``progress`` is told ("pages", sections done, sections in all languages) as
    each section's pages are ready; ``output_memo`` is the outputs' ``fingerprints``.
    The outputs (feeds) are made first, so that a memory store's pruning after the
    pages keeps them.
    ``source``, the season's folder, gives the history: each section's changes
    from git and every page's "last updated" (without it, neither is shown).
    ``writer`` (``OutputTree.put``, with a disk store: ``leaguegen build``) has the
    sections the store lacks made and written where they are rendered
    (``prerender``); their paths are then in ``written``, not in ``files``.
    """
    # history from git: the sections' changes, "last updated" (formats/git_history.py)
    history = read_history(source, cache=store) if source is not None else None
    if history is not None:
        season = with_changes(season, history.changes)
    total = len(season.sections) * len(season.languages or (season.language,))
    done = 0
    made: dict[str, int] = {}  # section id -> languages made by ``prerender``
    pre = prerender.Made()
    if writer is not None and isinstance(store, DiskStore):
        def on_made(section_id: str, count: int) -> None:
            nonlocal done
            made[section_id] = made.get(section_id, 0) + count
            done += count
            if progress is not None and count:
                progress("pages", done, total)

        store, pre = prerender.prerender(
            season, store, writer, pdf, program_version(),
            history.updated if history is not None else None, on_made)
        if output_memo is None:  # the keys prerender computed, not hashed again
            output_memo = pre.output_memo
        if fingerprints is None:
            fingerprints = pre.fingerprints
    extra = render_outputs(season, store, program_version(), memo=output_memo)
    if isinstance(store, MemoryStore):
        store.pinned = set(extra.keys)
    counted = dict(made)

    def on_section(section_id: str) -> None:
        nonlocal done
        if counted.get(section_id, 0) > 0:  # counted as ``prerender`` made it
            counted[section_id] -= 1
            return
        done += 1
        if progress is not None:
            progress("pages", done, total)

    snap = i18n.render_languages(render_site, season, store, templates,
                                 fingerprints=fingerprints, pdf=pdf, on_section=on_section)
    files = (encoder or Encoder()).encode(snap.pages)
    stamp_updated(files, season, history.updated if history is not None else None)
    rendered, reused = list(snap.sections_rendered), []
    for section_id in snap.sections_reused:  # what ``prerender`` made reads as reused
        if made.get(section_id, 0) > 0:
            made[section_id] -= 1
            rendered.append(section_id)
        else:
            reused.append(section_id)
    result = SiteFiles(files, {}, pages=len(snap.pages), sections_rendered=rendered,
                       sections_reused=reused, home_rendered=snap.home_rendered,
                       written=pre.written)
    if history is not None and history.shallow:
        result.notes.append(SHALLOW_NOTE)
    for asset in ASSETS + i18n.font_assets(season):
        files[f"assets/{asset}"] = (template_dir() / "assets" / asset).read_bytes()
    files.update(extra.files)
    for rel in pre.written:  # in the staging folder already
        del files[rel]
    result.outputs_rendered = extra.rendered + pre.outputs
    if pdf:
        for path, (key, source) in snap.pdfs.items():
            data = store.get_pdf(key)
            if data is None:
                result.pending_pdfs[path] = (key, source)
            else:
                files[path] = data
                result.pdfs_cached += 1
    return result
