"""The one build: a loaded season in, every file of its site out (in memory).

``leaguegen build`` (``site/build.py``: a disk cache, then the files written into a
staging folder and swapped in) and ``leaguegen serve`` (``site/live.py``: a memory
store and a :class:`Memo` kept between saves, the files served from memory) call
:func:`build` with the season their caller loaded, as mkdocs does: what is
rendered, from which cache, in which order, is decided in one place. ``serve``
passes the sections a save touched (``dirty``); the others are the very objects of
the last build, so their cache keys are not computed again and their pages, feeds
and summaries come from the store. What depends on every section (the home page,
the season's feeds) is rendered again when one of its inputs changed.

A build returns the files that are ready (pages in every language, assets, the
outputs beside the pages such as the feeds, and every PDF the store already
has) and the PDFs still to render, which the caller renders as it sees fit: all
at once across the cores (``build``), or in the background after the pages are
served (``serve``, which also asks for the changed feeds to be left to it:
``outputs_later``). The pages' "last updated" line is put in as the files are
taken (:class:`SiteFiles`): all at once by ``build``, page by page as a browser
asks by ``serve`` (after a save every page's date may change). ``serve`` also leaves the
standings after each earlier round (``registry.PAGES_LATER``) to :meth:`SiteFiles.make_pending`,
after the reload; a request for one before then makes it.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Collection
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from leaguegen.domain.changes import with_changes
from leaguegen.domain.season import Season, Section
from leaguegen.domain.season_facts import SeasonFacts, season_facts
from leaguegen.domain.sections import SectionFacts
from leaguegen.formats.club_file import ClubFile
from leaguegen.formats.git_history import SeasonHistory, read_history
from leaguegen.site import i18n, printables, program
from leaguegen.site.incremental import DiskStore, MemoryStore, Snapshot, Store, pdf_key, render_site
from leaguegen.site.outputs import render_outputs
from leaguegen.site.pages.history import stamp_updated
from leaguegen.site.pages.registry import SectionOutput
from leaguegen.site.render import template_dir
from leaguegen.site.season_share import Share
from leaguegen.site.write import OutputTree, TreeSink

if TYPE_CHECKING:  # the club's pages load with a folder of seasons only
    from leaguegen.site.pages.club import ClubMemo

ASSETS = ("style.css",)
SHALLOW_NOTE = ("note: the season's git history is shallow (a clone of the newest commits only),"
                " so the pages list no changes; run 'git fetch --unshallow' before building"
                " (docs/data-feeds.md)")

Files = dict[str, bytes]


class SiteFiles:
    """One build's result: its files by site path, and the PDFs still to make.

    The pages are kept as rendered (cached, the same bytes from build to build) and
    get their "last updated" line (``stamp_updated``) when they are taken: every one
    by :attr:`files`, one by :meth:`get`. A page is stamped by the same function either
    way, so what ``serve`` answers is what ``build`` writes.
    """

    def __init__(self, raw: Files, stamp: Callable[[Files], Files]) -> None:
        self.raw = raw
        self._stamp = stamp
        self._stamped: Files = {}
        self._all: Files | None = None
        self.pending_pdfs: dict[str, tuple[str, str]] = {}  # path -> (store key, source)
        # the outputs beside the pages that changed (feeds), when asked for them later
        self.later: Callable[[], Files] | None = None
        self.pages = 0
        self.pdfs_cached = 0
        self.sections_rendered: list[str] = []
        self.sections_reused: list[str] = []
        self.outputs_rendered = 0
        self.home_rendered = False
        self.notes: list[str] = []  # for the organiser (a shallow history)
        # the season's facts as this build derived them (the club's pages of a folder of
        # seasons read them: SeasonsFiles)
        self.facts: SeasonFacts | None = None
        # files the workers wrote into the caller's tree already (``build``'s ``tree``):
        # the pages of the sections rendered, stamped, and those sections' feeds
        self.written: list[str] = []
        # the pages left for later (``serve``): site path -> (its section's output, its
        # path there), made by :meth:`make_pending` under ``lock`` (``serve``'s build lock:
        # a page made moves into the output the store and the next build share)
        self.pending: dict[str, tuple[SectionOutput, str]] = {}
        self.lock: AbstractContextManager = nullcontext()

    @property
    def rendered_anything(self) -> bool:
        return bool(self.sections_rendered or self.outputs_rendered or self.home_rendered)

    @property
    def files(self) -> Files:
        """Every file, the pages stamped (in place: the unstamped pages are not kept)."""
        if self._all is None:
            self.make_pending()
            self._all = self._stamp(self.raw)
        return self._all

    def make_pending(self, only: str | None = None) -> Files:
        """Make the pages left for later (``only``: that one), add them, and return them.
        A page an earlier build of the same output made already is taken as it is: each
        is made once, and the output is whole for whichever build reuses it next."""
        made: Files = {}
        with self.lock:
            for path in [only] if only is not None else list(self.pending):
                entry = self.pending.pop(path, None)
                if entry is None:
                    continue
                output, rel = entry
                html = output.pages.get(rel)
                if html is None:
                    html = output.pages[rel] = output.later[rel]()
                    del output.later[rel]
                made[path] = html.encode()
            self.update(made)
        return made

    def get(self, path: str) -> bytes | None:
        """One file, stamped if it is a page (what ``serve`` answers a request with); a
        page left for later is made now."""
        if path in self.pending:
            self.make_pending(path)
        if self._all is not None:
            return self._all.get(path)
        data = self._stamped.get(path)
        if data is None:
            data = self.raw.get(path)
            if data is not None and path.endswith(".html"):
                data = self._stamp({path: data})[path]
                self._stamped[path] = data
        return data

    def make_later(self) -> Files:
        """Make what was left for later (``outputs_later``) and return it (to be merged
        with :meth:`update`)."""
        if self.later is None:
            return {}
        made = self.later()
        self.later = None
        return made

    def coming(self, path: str) -> bool:
        """Whether ``path``, missing, may still be made by the work left to the caller: a
        PDF still to make, or a file beside the pages while the outputs are (never a
        page)."""
        if path in self.raw:
            return False
        return path in self.pending_pdfs or (self.later is not None
                                             and not path.endswith(".html"))

    def update(self, extra: Files) -> None:
        """Add files made later (``serve``'s PDFs, made in the background)."""
        self.raw.update(extra)
        for path in extra:
            self._stamped.pop(path, None)
        if self._all is not None:
            self._all.update(self._stamp(dict(extra)))

    def __len__(self) -> int:
        return len(self.raw) + len(self.pending)

    def __contains__(self, path: object) -> bool:
        return path in self.raw or path in self.pending


def encode(snap: Snapshot, last: dict | None = None) -> Files:
    """Every page's UTF-8 bytes. ``last`` (``Memo.encoded``, kept by ``serve``) holds each
    section's output with its pages' bytes, by (language prefix, its PDF path), and is
    updated: a section the store handed back as the very same output is not encoded (nor
    even looked at page by page) again, so after one save in a season of thousands of
    pages only the saved section's are; a page whose text is that of the section's last
    output keeps its bytes. The pages the disk store encoded for its entry come with their
    bytes (``Snapshot.outputs``). An output kept with more pages than were encoded (its
    pages left for later, made since) has those encoded."""
    known = last if last is not None else {}
    out: Files = {}
    kept: dict[tuple[str, str], tuple[SectionOutput, Files]] = {}
    for prefix, output, bodies in snap.outputs:
        entry = known.get((prefix, output.pdf_path))
        if entry is None or entry[0] is not output or len(entry[1]) != len(output.pages):
            if bodies is not None:
                pages = dict(zip((prefix + path for path in output.pages), bodies, strict=True))
            else:
                before, encoded = entry if entry is not None else (None, {})
                pages = {prefix + path: encoded[prefix + path] if before is not None
                         and prefix + path in encoded and before.pages.get(path) == html
                         else html.encode() for path, html in output.pages.items()}
            entry = (output, pages)
        kept[(prefix, output.pdf_path)] = entry
        out.update(entry[1])
    out.update((path, html.encode()) for path, html in snap.others.items())
    if last is not None:
        last.clear()
        last.update(kept)
    return out


@dataclass
class Memo:
    """What a long-running caller (``serve``) keeps between builds, so that a build after
    one save does the work of that save only.

    ``sections``: the last build's sections (with their changes) by id. A section that
    is not in the next build's ``dirty`` set, equal to the one loaded last time (the very
    object, which the loader hands back for a file not saved: compared at once) and whose
    changes are the same, is taken from here as the very same object, so the memos below
    (by section id, checked by equality) find its cache keys without hashing it again.
    """

    outputs: dict = field(default_factory=dict)  # ``render_outputs``'
    encoded: dict = field(default_factory=dict)  # ``encode``'s
    # as loaded, as built (with its changes), and its digest
    sections: dict[str, tuple[Section, Section, str]] = field(default_factory=dict)
    # the last build's section facts by section id, each holding the section it was derived
    # from: reused for an equal section (``season_facts``' ``known``)
    facts: dict[str, SectionFacts] = field(default_factory=dict)
    # pages a section's renderer takes back when what they read is the same (by language,
    # then path: ``render.kept_page``)
    pages: dict[str, dict[str, tuple[str, str]]] = field(default_factory=dict)


def _settled(season: Season, changes: dict, memo: Memo | None,
             dirty: Collection[str] | None) -> tuple[Season, dict[str, str]]:
    """``with_changes``, and each section's digest by its id (``program.content_key``: a
    section is hashed once per build, for the keys of its pages in every language and of
    its feeds). A section outside ``dirty`` whose changes are those of the last build is
    that build's very object, with its digest (``Memo.sections``): not hashed again."""
    built = with_changes(season, changes) if changes else season
    last = memo.sections if memo is not None else {}
    kept: dict[str, tuple[Section, Section, str]] = {}
    for loaded, after in zip(season.sections, built.sections, strict=True):
        known = last.get(loaded.id)
        if (known is not None and (dirty is None or loaded.id not in dirty)
                and known[1].changes == after.changes and known[0] == loaded):
            kept[loaded.id] = known
        else:
            kept[loaded.id] = (loaded, after, program.content_key(after))
    digests = {key: digest for key, (_, _, digest) in kept.items()}
    if memo is None:
        return built, digests
    memo.sections = kept
    return replace(built, sections=tuple(after for _, after, _ in kept.values())), digests


Progress = Callable[[str, int, int], None]  # (stage, done, total): "pages" or "pdfs"


def build(season: Season, store: Store, pdf: bool = True,
          progress: Progress | None = None, source: Path | None = None,
          history: SeasonHistory | None = None, memo: Memo | None = None,
          dirty: Collection[str] | None = None, outputs_later: bool = False,
          tree: OutputTree | None = None, pages_later: bool = False) -> SiteFiles:
    """Render what changed since ``store`` last saw this season; reuse the rest.

    ``pdf`` False builds pages that do not link PDFs and makes none. ``progress`` is
    told ("pages", sections done, sections in all languages) as each section's pages
    are ready. A memory store keeps what this build used (pages, feeds, PDFs) only.

    ``source``, the season's folder, gives the history (``history``, when the caller
    read it already): each section's changes from git and every page's "last
    updated" (without either, neither is shown).

    ``memo`` is kept between calls by a long-running process (``serve``), and
    ``dirty`` then names the sections whose files changed since the last call (None:
    any may have): the others are not keyed again (:class:`Memo`). Every reuse is
    still by content key, so the files are a fresh build's. ``outputs_later`` leaves the
    outputs beside the pages that changed (a changed section's feeds, the season's; no
    page reads them) to ``SiteFiles.later``, as the PDFs are left to the caller:
    ``serve`` makes them after the browsers are told to reload. ``pages_later`` (``serve``,
    with a memory store) leaves the standings after each earlier round of the sections
    rendered to :meth:`SiteFiles.make_pending` (``SiteFiles.pending``).

    ``tree`` (``build``, with a disk store): the pages (stamped) and feeds of the sections
    rendered are written into it by their workers (``write.TreeSink``) and listed in
    ``SiteFiles.written``; the rest are returned as ever.
    """
    if history is None and source is not None:
        history = read_history(source, cache=store)
    season, digests = _settled(season, history.changes if history is not None else {}, memo,
                               dirty)

    # every section's facts and schedule, derived once (``serve``: an unchanged section's
    # are the last build's, found by its id and checked by content: ``Memo.facts``)
    facts = season_facts(season, memo.facts if memo else None)
    if memo is not None:
        memo.facts = dict(facts.sections)
    updated = history.updated if history is not None else None

    def stamp(files: Files) -> Files:
        return stamp_updated(files, season, updated)

    # a build into a tree with a disk cache: every worker stores and writes its own files
    sink = (TreeSink(tree, stamp) if tree is not None and isinstance(store, DiskStore)
            and not outputs_later else None)
    extra = render_outputs(facts, store, digests, memo=memo.outputs if memo else None,
                           later=outputs_later, sink=sink)
    # never left out of an entry a disk cache would keep
    later = pages_later and isinstance(store, MemoryStore)
    snap = render_site(season, store, digests, pdf=pdf, progress=progress, sink=sink,
                       facts=facts, kept=memo.pages if memo else None, later=later)
    if isinstance(store, MemoryStore):  # what this build used, and nothing else, is kept
        store.keep_only(snap.used | set(extra.keys))
    raw = encode(snap, memo.encoded if memo else None)
    result = SiteFiles(raw, stamp)
    result.facts = facts
    result.written = [*extra.written, *snap.written]
    result.sections_rendered = list(snap.sections_rendered)
    result.sections_reused = list(snap.sections_reused)
    result.home_rendered = snap.home_rendered
    result.outputs_rendered = extra.rendered
    result.later = extra.later
    result.pending = {prefix + path: (output, path) for prefix, output in snap.pending
                      for path in output.later}
    result.pages = len(snap) + len(snap.written) + len(result.pending)
    if history is not None and history.shallow:
        result.notes.append(SHALLOW_NOTE)
    for asset in ASSETS + i18n.font_assets(season):
        raw[f"assets/{asset}"] = (template_dir() / "assets" / asset).read_bytes()
    raw.update(extra.files)
    if pdf:
        # the printables of each section's current round, when the season asks for them
        # (``printables: current``): PDFs like the crosstables, cached by their source
        sheets = {path: (pdf_key(html), html)
                  for path, html in printables.build_sources(season, facts).items()}
        for path, (key, html) in {**snap.pdfs, **sheets}.items():
            data = store.get_pdf(key)
            if data is None:
                result.pending_pdfs[path] = (key, html)
            else:
                raw[path] = data
                result.pdfs_cached += 1
    return result


class SeasonsFiles:
    """The builds of a folder of seasons as one site (``season_index``): each season under
    its path, its pages' links to the assets moved up a folder and a link up to the index
    added (``share_assets``), the assets once at the root, the index. What ``build``
    writes and ``serve`` answers with, file by file.

    ``shares`` (``season_share``) hold every season's part of the club's pages and index;
    a season in ``shares`` but not in ``builds`` was not built again (its inputs did not
    change): its files are planned from the digests its share keeps, and made, if they
    must be written after all (changed by hand since), from ``later(path)``: its build.
    ``memo``: what ``serve`` keeps of the club's pages between saves (``ClubMemo``);
    ``club_lock``: the club's pages are made when first asked for (``serve``: after the
    reload, in the background, or by the request for one of them), under that lock."""

    def __init__(self, builds: dict[str, SiteFiles], shares: dict[str, Share],
                 club: ClubFile | None = None, pdf: bool = True, store: Store | None = None,
                 later: Callable[[str], SiteFiles] | None = None,
                 memo: ClubMemo | None = None,
                 club_lock: AbstractContextManager | None = None) -> None:
        from leaguegen.site import season_index

        self._index = season_index
        self.builds = builds
        self.shares = shares
        self._later = later
        outlines = {p: share.outline for p, share in shares.items()}
        self.index = season_index.render_index(outlines).encode()
        # the club's pages across the seasons (every member, a career page each; the grand
        # prix series of club.yaml), and the series' PDFs still to make (path -> key, source)
        self._club_inputs = (shares, club, pdf, store, memo)
        self._club_lock = club_lock
        self._club: tuple[Files, dict[str, tuple[str, str]]] | None = None
        if club_lock is None:
            self._club_made()
        title = season_index.index_title(outlines)
        self.back = {p: season_index.back_labels(o, title) for p, o in outlines.items()}
        # the longest path first, so a season inside another's folder is found
        self.paths = sorted(shares, key=len, reverse=True)
        self.assets = f"{season_index.ASSETS_DIR}/"

    def _club_made(self) -> tuple[Files, dict[str, tuple[str, str]]]:
        if self._club is None:
            with self._club_lock or nullcontext():
                if self._club is None:
                    made = self._index.club_files(*self._club_inputs)
                    self._club = ({p: d for p, d in made.items() if not p.endswith(".pdf")},
                                  {p: (pdf_key(d.decode()), d.decode())
                                   for p, d in made.items() if p.endswith(".pdf")})
        return self._club

    @property
    def club(self) -> Files:
        return self._club_made()[0]

    @property
    def club_pdfs(self) -> dict[str, tuple[str, str]]:
        return self._club_made()[1]

    def _built(self, season: str) -> SiteFiles:
        if season not in self.builds and self._later is not None:
            self.builds[season] = self._later(season)
        return self.builds[season]

    def get(self, path: str) -> bytes | None:
        if path == self._index.INDEX:
            return self.index
        if path.startswith(f"{self._index.CLUB_DIR}/"):
            return self.club.get(path)
        if path.startswith(self.assets):
            for built in reversed(list(self.builds.values())):
                data = built.get(path)
                if data is not None:
                    return data
            return None
        for season in self.paths:
            if path.startswith(f"{season}/"):
                rel = path[len(season) + 1:]
                data = None if rel.startswith(self.assets) else self._built(season).get(rel)
                if data is None:  # a season's assets are served at the root
                    return None
                return self._index.share_assets({rel: data}, self.back[season])[rel]
        return None

    def _sources(self) -> dict[str, tuple[bytes, str | None]]:
        """Every file by its path in the folder's site (but the PDFs still to make), as the
        bytes it is made from and the season whose page it is (its path; None for a file
        taken as it is: the index, the club's, the assets, a season's other files)."""
        out: dict[str, tuple[bytes, str | None]] = {}
        for path, built in self.builds.items():
            for rel, data in built.files.items():
                if not rel.startswith(self.assets):
                    out[f"{path}/{rel}"] = (data, path if rel.endswith(".html") else None)
                elif out.setdefault(rel, (data, None))[0] != data:  # pragma: no cover
                    raise ValueError(f"two seasons bring different {rel}")  # one template dir
        out[self._index.INDEX] = (self.index, None)
        out.update((p, (d, None)) for p, d in self.club.items())
        return out

    def _made(self, path: str, data: bytes, season: str | None) -> bytes:
        """A file of ``_sources`` as the site has it: a season's page under its path."""
        if season is None:
            return data
        rel = path[len(season) + 1:]
        return self._index.share_assets({rel: data}, self.back[season])[rel]

    @property
    def files(self) -> Files:
        """Every file: what the folder's build writes (but the PDFs still to make)."""
        return {path: self._made(path, data, season)
                for path, (data, season) in self._sources().items()}

    def planned(self) -> dict[str, tuple[str, Callable[[], bytes]]]:
        """:attr:`files` as (a key of what each is made from, how to make it): what
        ``build`` writes with ``OutputTree.write_made``, so that a file made from the same
        bytes as last time is linked from the site on disk, not made and written again (a
        season's page is made by ``share_assets``, its key holds the season's labels)."""
        labels = {p: repr(sorted(b.items())) for p, b in self.back.items()}

        def key(digest: str, season: str | None) -> str:
            return digest if season is None else hashlib.sha256(
                f"{digest}\0{labels[season]}".encode()).hexdigest()

        out = {path: (key(hashlib.sha256(data).hexdigest(), season),
                      partial(self._made, path, data, season))
               for path, (data, season) in self._sources().items()}
        for path, share in self.shares.items():  # the seasons not built again
            if path in self.builds:
                continue
            for rel, digest in share.outputs.items():
                page = path if rel.endswith(".html") else None
                made = partial(self._made_later, path, rel, page)
                if not rel.startswith(self.assets):
                    out[f"{path}/{rel}"] = (key(digest, page), made)
                elif rel not in out:
                    out[rel] = (digest, made)
        return out

    def _made_later(self, season: str, rel: str, page: str | None) -> bytes:
        """A file of a season not built again, made after all (its build is made once)."""
        data = self._built(season).files[rel]
        return data if rel.startswith(self.assets) else self._made(f"{season}/{rel}", data, page)

    @property
    def pending_pdfs(self) -> dict[str, tuple[str, str]]:
        return {**{f"{path}/{rel}": value for path, built in self.builds.items()
                   for rel, value in built.pending_pdfs.items()},
                **{p: v for p, v in self.club_pdfs.items() if p not in self.club}}

    def coming(self, path: str) -> bool:
        """:meth:`SiteFiles.coming`, by the path in the folder's site."""
        if path.startswith(f"{self._index.CLUB_DIR}/"):
            return path in self.club_pdfs and path not in self.club
        for season in self.paths:
            if path.startswith(f"{season}/") and season in self.builds:
                return self.builds[season].coming(path[len(season) + 1:])
        return False

    def update(self, extra: Files) -> None:
        """Add files made later (the PDFs), by their paths in the folder's site."""
        if any(p.startswith(f"{self._index.CLUB_DIR}/") for p in extra):
            self.club.update({p: d for p, d in extra.items() if p in self.club_pdfs})
        for season in (p for p in self.paths if p in self.builds):
            mine = {p[len(season) + 1:]: d for p, d in extra.items()
                    if p.startswith(f"{season}/")}
            self.builds[season].update(mine)
            extra = {p: d for p, d in extra.items() if not p.startswith(f"{season}/")}

    def __len__(self) -> int:
        return sum(len(b) for b in self.builds.values()) + 1 + len(self.club)

    @property
    def sections_rendered(self) -> list[str]:
        return [f"{p}/{s}" for p, b in self.builds.items() for s in b.sections_rendered]

    @property
    def sections_reused(self) -> list[str]:
        return [f"{p}/{s}" for p, b in self.builds.items() for s in b.sections_reused]

    @property
    def rendered_anything(self) -> bool:
        return any(b.rendered_anything for b in self.builds.values())
