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

import leaguegen.site.feeds  # noqa: F401  (registers the feeds output)
from leaguegen.domain.season import Season
from leaguegen.site import i18n
from leaguegen.site.incremental import MemoryStore, Store, program_version, render_site
from leaguegen.site.outputs import render_outputs
from leaguegen.site.render import template_dir

ASSETS = ("style.css",)


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
          progress: Progress | None = None, output_memo: dict | None = None) -> SiteFiles:
    """Render what changed since ``store`` last saw this season; reuse the rest.

    ``fingerprints`` and ``encoder`` are kept between calls by a long-running
    process; ``pdf`` False builds pages that do not link PDFs and makes none.
    ``progress`` is told ("pages", sections done, sections in all languages) as
    each section's pages are ready; ``output_memo`` is the outputs' ``fingerprints``.
    The outputs (feeds) are made first, so that a memory store's pruning after the
    pages keeps them.
    """
    extra = render_outputs(season, store, program_version(), memo=output_memo)
    if isinstance(store, MemoryStore):
        store.pinned = set(extra.keys)
    total = len(season.sections) * len(season.languages or (season.language,))
    done = 0

    def on_section(_: str) -> None:
        nonlocal done
        done += 1
        if progress is not None:
            progress("pages", done, total)

    snap = i18n.render_languages(render_site, season, store, templates,
                                 fingerprints=fingerprints, pdf=pdf, on_section=on_section)
    files = (encoder or Encoder()).encode(snap.pages)
    result = SiteFiles(files, {}, pages=len(snap.pages),
                       sections_rendered=list(snap.sections_rendered),
                       sections_reused=list(snap.sections_reused),
                       home_rendered=snap.home_rendered)
    for asset in ASSETS + i18n.font_assets(season):
        files[f"assets/{asset}"] = (template_dir() / "assets" / asset).read_bytes()
    files.update(extra.files)
    result.outputs_rendered = extra.rendered
    if pdf:
        for path, (key, source) in snap.pdfs.items():
            data = store.get_pdf(key)
            if data is None:
                result.pending_pdfs[path] = (key, source)
            else:
                files[path] = data
                result.pdfs_cached += 1
    return result
