"""Rendering by content fingerprint, so only what changed is rendered again.

A section's pages depend only on the section, the season facts shown in the
page frame, the templates and the program's version; the home page depends
on the section summaries and the news. Each of those inputs is fingerprinted
and the rendered output kept in a store: in memory for ``serve``, on disk
for repeated ``build`` runs. A rebuild with no change renders nothing.
"""

from __future__ import annotations

import contextlib
import contextvars
import dataclasses
import datetime as dt
import functools
import hashlib
import os
import re
import stat
import sys
import zlib
from collections.abc import Callable, Generator
from dataclasses import dataclass, field
from functools import partial
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any, Protocol

import leaguegen.site.pages  # noqa: F401  (registers every page kind's renderer)
from leaguegen.domain.season import Season
from leaguegen.domain.season_facts import SeasonFacts, season_facts
from leaguegen.domain.sections import SectionFacts
from leaguegen.domain.stages import PendingStage
from leaguegen.errors import Message, OutputRefused
from leaguegen.formats import files
from leaguegen.site import i18n, parallel, program, write
from leaguegen.site.pages import season as season_pages
from leaguegen.site.pages.common import SectionSummary
from leaguegen.site.pages.registry import (
    PAGES_LATER,
    PENDING_RENDERER,
    SectionOutput,
    renderer_for,
)
from leaguegen.site.planning_view import season_plan_view
from leaguegen.site.render import KEPT_PAGES, PDF_LINKS, render, template_dir
from leaguegen.site.write import TreeSink

# 2: a section's cache entry is a header and the pages' bytes (``section_entry``), not JSON
# 3: every entry on disk is sealed with its CRC-32 (``seal``)
FORMAT_VERSION = "3"


def _files_under(folder: str) -> Generator[os.DirEntry, None, None]:
    """Every file below ``folder`` (each entry's ``stat`` is taken once, by the caller)."""
    with os.scandir(folder) as entries:
        for entry in entries:
            if entry.is_dir(follow_symlinks=False):
                yield from _files_under(entry.path)
            elif entry.is_file():
                yield entry


def templates_fingerprint(folder: Path | None = None) -> str:
    """Hash of every template and asset: editing one invalidates every page.

    Files are only read again when their size or modification time changed, so a
    live rebuild does not re-hash the bundled fonts every time (each save still looks at
    every file once: one ``stat`` each).
    """
    folder = folder or template_dir()
    files = sorted((e.path, e.stat()) for e in _files_under(str(folder)))
    return _fingerprint(folder, program.identity(),
                        tuple((path, st.st_mtime_ns, st.st_size) for path, st in files))


@functools.lru_cache(maxsize=1)
def _fingerprint(folder: Path, identity: str, files: tuple[tuple[str, int, int], ...]) -> str:
    digest = hashlib.sha256(f"{FORMAT_VERSION}:{identity}".encode())
    for path, _, _ in files:
        digest.update(str(Path(path).relative_to(folder)).encode())
        digest.update(Path(path).read_bytes())
    return digest.hexdigest()


@functools.cache
def _weasyprint() -> str:
    """The installed WeasyPrint's version (looked up by name, not imported), or ""."""
    try:
        return version("weasyprint")
    except PackageNotFoundError:  # no PDFs are made without it
        return ""


def pdf_key(source: str) -> str:
    """A PDF's cache key: its HTML source and what turns it into PDF bytes (this program
    and its WeasyPrint), so a new leaguegen or WeasyPrint makes the PDFs again (keyed by
    the source alone, the old ones stayed)."""
    return program.content_key("pdf", program.identity(), _weasyprint(), source)


class Store(Protocol):
    def get_section(self, key: str) -> SectionOutput | None: ...
    def put_section(self, key: str, output: SectionOutput) -> list[bytes] | None: ...
    def get_page(self, key: str) -> str | None: ...
    def put_page(self, key: str, html: str) -> None: ...
    def get_pdf(self, key: str) -> bytes | None: ...
    def put_pdf(self, key: str, data: bytes) -> None: ...


@dataclass
class MemoryStore:
    """Keeps only the latest output per key; what the live server uses. Sections, pages
    and PDFs share one table: every key is a hash that names what it is the key of."""

    entries: dict[str, object] = field(default_factory=dict)

    def get(self, key: str) -> Any:  # noqa: ANN401 - what was put under the key
        return self.entries.get(key)

    def put(self, key: str, value: object) -> None:
        self.entries[key] = value

    get_section = get_page = get_pdf = get
    put_section = put_page = put_pdf = put

    def keep_only(self, used: set[str]) -> None:
        for key in [k for k in self.entries if k not in used]:
            del self.entries[key]


def _summary_to_json(summary: SectionSummary) -> dict:
    data = dataclasses.asdict(summary)
    return {k: v.isoformat() if isinstance(v, dt.date) else v for k, v in data.items()}


def _summary_from_json(data: dict) -> SectionSummary:
    values = {}
    for f in dataclasses.fields(SectionSummary):
        v = data[f.name]
        if isinstance(v, str) and "date" in str(f.type) and v:
            v = dt.date.fromisoformat(v)
        values[f.name] = v
    return SectionSummary(**values)


SECTION_MAGIC = b"leaguegen section entry 4\n"  # 4: ``program.pack``'s groups


def section_entry(output: SectionOutput, encoded: list[bytes] | None = None) -> bytes:
    """A section's cache entry (``program.pack``): its PDF path and summary, then three
    groups: the pages, the more PDFs' sources, the PDF source. ``encoded``: the pages'
    UTF-8 bytes in ``output.pages``' order, when the caller encoded them already (to write
    them into the site)."""
    bodies = encoded if encoded is not None else [html.encode() for html in output.pages.values()]
    return program.pack(SECTION_MAGIC, {"pdf_path": output.pdf_path,
                                        "summary": _summary_to_json(output.summary)},
                        [dict(zip(output.pages, bodies, strict=True)),
                         {path: html.encode() for path, html in output.pdfs.items()},
                         {"": output.pdf_html.encode()}])


def read_section_entry(raw: bytes | bytearray) -> SectionOutput | None:
    """:func:`section_entry` read back; None (a miss) for anything else (``program.unpack``'s
    misses, and bytes that are not UTF-8)."""
    unpacked = program.unpack(SECTION_MAGIC, raw)
    if unpacked is None:
        return None
    head, groups = unpacked
    try:
        pages, pdfs, source = ({name: str(data, "utf-8") for name, data in group.items()}
                               for group in groups)
        if type(head["pdf_path"]) is not str:
            return None
        return SectionOutput(pages, head["pdf_path"], source[""],
                             _summary_from_json(head["summary"]), pdfs)
    except (ValueError, KeyError, TypeError, AttributeError):
        return None  # damaged: rendered again


CACHE_TAG = "CACHEDIR.TAG"
CACHE_TAG_TEXT = ("Signature: 8a477f597d28d172789f06886806bc55\n"
                  "# This folder is a cache made by leaguegen build; it can be deleted.\n")
# ``.json``: a section's entry before FORMAT_VERSION 2, pruned as any entry not used
_ENTRY = re.compile(r"^(?:[0-9a-f]{64}\.(?:section|json|html|pdf)"
                    r"|\.[0-9a-f]{64}\.(?:section|json|html|pdf)\.\w+\.leaguegen-tmp|\.tmp-\w+)$")
SECTION_SUFFIX = ".section"


# Every entry on disk ends with this tag and the CRC-32 of what comes before it, so an
# entry damaged after it was written (cut, overwritten, garbage) is found when read. The
# entries of before the seal are never read as damaged: every key changed with it (the
# program's digest is in each, and git_history.CACHE_VERSION went to 2).
SEAL = b"\x00lgc"
SEAL_SIZE = len(SEAL) + 8


def seal(data: bytes) -> bytes:
    """``data`` as stored: followed by :data:`SEAL` and its CRC-32 in hex."""
    return b"".join((data, SEAL, b"%08x" % zlib.crc32(data)))


def unseal(raw: bytes | bytearray) -> bytes | bytearray | None:
    """What :func:`seal` sealed, or None when ``raw`` is not exactly that. A bytearray
    (what the store reads into) is cut in place: a big entry is not copied again."""
    if len(raw) < SEAL_SIZE or raw[-SEAL_SIZE:-8] != SEAL:
        return None
    try:
        crc = int(raw[-8:], 16)
    except ValueError:
        return None
    with memoryview(raw) as view:
        body = view[:-SEAL_SIZE]
        ok = zlib.crc32(body) == crc
        body.release()
    if not ok:
        return None
    if isinstance(raw, bytearray):
        del raw[-SEAL_SIZE:]
        return raw
    return raw[:-SEAL_SIZE]


def _to_stderr(message: Message) -> None:
    sys.stderr.write(f"{message}\n")


# How a cache warning reaches whoever builds: English on stderr, unless the command line
# sets its own (``leaguegen build`` says it in the reader's language); a context variable,
# as ``parallel.WORKERS``, so the site layer needs nothing from the command line's.
CACHE_WARNING: contextvars.ContextVar[Callable[[Message], None]] = contextvars.ContextVar(
    "cache_warning", default=_to_stderr)


class DiskStore:
    """A cache folder of section entries, HTML and PDF files named by fingerprint.

    Only our own plain data is stored (no pickles), each file is written to a
    temporary name and renamed, and unused entries are pruned after a build.
    The folder is tagged (``CACHEDIR.TAG``, the cache-directory standard that
    backup tools honour); it must be a real folder, entries are never followed
    through symbolic links, and pruning removes only regular files whose names
    this class makes, so a link or a stranger's file in it is never touched.

    The cache is never needed: an entry that cannot be read, or does not end with the
    CRC it was written with (:func:`seal`), or is not a file at all (a folder, a link,
    a pipe: opened without blocking), is a miss, said in one line on stderr, and made
    again; an entry that cannot be written, or a cache folder that cannot be made, is
    said once and the build goes on without it (issue 26: a poisoned entry was a
    traceback, a hang, or a damaged page published).
    """

    def __init__(self, folder: Path):
        self.folder = Path(os.path.abspath(folder))
        self.used: set[str] = set()
        self.off = False  # no cache folder could be made: every read misses, nothing kept
        self._warned: set[str] = set()
        self._damaged: set[str] = set()
        for place in (self.folder.parent, self.folder):
            if place.is_symlink():
                raise OutputRefused(f"the cache folder {place} is a symbolic link; remove it"
                                    " (leaguegen makes its own)")
        try:
            self.folder.parent.mkdir(parents=True, exist_ok=True)
            tag = self.folder.parent / CACHE_TAG
            if not tag.exists() and not tag.is_symlink():
                tag.write_text(CACHE_TAG_TEXT, encoding="utf-8")
            self.folder.mkdir(exist_ok=True)
        except OSError as exc:
            self.off = True
            self._warn("", Message("the build cache's folder {where} cannot be made ({error});"
                                   " this build keeps no cache", where=self.folder,
                                   error=exc.strerror or exc))

    def _warn(self, name: str, what: Message) -> None:
        """One line on stderr, once per entry and process: the build goes on without it.
        Said through :data:`CACHE_WARNING` (the command line's, in the reader's language)."""
        if name in self._warned:
            return
        self._warned.add(name)
        CACHE_WARNING.get()(Message("warning: {text}", text=what))

    def _path(self, key: str, suffix: str) -> Path:
        return self.folder / f"{key}{suffix}"

    def _write(self, path: Path, data: bytes) -> None:
        if self.off:
            return
        try:
            if path.is_symlink():  # never write through a link someone put in the cache
                path.unlink()
            elif path.name in self._damaged:
                self._clear(path)
            try:
                files.write_atomic(path, seal(data), durable=False)
            except IsADirectoryError:  # a folder where the entry goes: gone if empty
                self._clear(path)
                files.write_atomic(path, seal(data), durable=False)
                self._warn(path.name, Message("the build cache's entry {where} was a folder;"
                                              " it is replaced by the entry", where=path))
        except OSError as exc:
            self._warn(path.name, Message("the build cache's entry {where} cannot be written"
                                          " ({error}); the build goes on without it",
                                          where=path, error=exc.strerror or exc))

    def _clear(self, path: Path) -> None:
        """Room for a new entry where a damaged one was: a file (which may have lost its
        permissions) is removed, so the new one gets the usual ones; an empty folder is
        removed; a folder holding something is left alone (the write then fails, said)."""
        if path.is_dir():
            path.rmdir()
        else:
            with contextlib.suppress(FileNotFoundError):
                path.unlink()

    def _read(self, key: str, suffix: str) -> bytearray | bytes | None:
        name = key + suffix
        self.used.add(name)
        if self.off:
            return None
        flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
        try:
            fd = os.open(self._path(key, suffix), flags)
        except FileNotFoundError:
            return None  # not made yet: a plain miss
        except OSError as exc:  # a link (ELOOP), no permission
            return self._bad(name, Message("cannot be read ({error})",
                                           error=exc.strerror or exc))
        try:
            with os.fdopen(fd, "rb") as fh:
                info = os.fstat(fh.fileno())
                if not stat.S_ISREG(info.st_mode):
                    return self._bad(name, Message("is not a file"))
                raw = bytearray(info.st_size)
                if fh.readinto(raw) != info.st_size or fh.read(1):
                    return self._bad(name, Message("changed while it was read"))
        except OSError as exc:
            return self._bad(name, Message("cannot be read ({error})",
                                           error=exc.strerror or exc))
        data = unseal(raw)
        if data is None:
            return self._bad(name, Message("is damaged (cut short, or changed since it was"
                                           " written)"))
        return data

    def _bad(self, name: str, what: Message) -> None:
        self._damaged.add(name)
        self._warn(name, Message("the build cache's entry {where} {problem}; it is ignored and"
                                 " made again", where=self.folder / name, problem=what))
        return None

    def get_section(self, key: str) -> SectionOutput | None:
        raw = self._read(key, SECTION_SUFFIX)
        return read_section_entry(raw) if raw is not None else None

    def put_section(self, key: str, output: SectionOutput,
                    bodies: list[bytes] | None = None) -> list[bytes]:
        """Store ``output`` (``bodies``: its pages' bytes, when the caller encoded them); the
        pages' bytes, for the caller that writes them into the site too (``Snapshot``:
        each page is encoded once; 107 MB were encoded twice in a big season's cold build)."""
        self.used.add(key + SECTION_SUFFIX)
        if bodies is None:
            bodies = [html.encode() for html in output.pages.values()]
        self._write(self._path(key, SECTION_SUFFIX), section_entry(output, bodies))
        return bodies

    def get_page(self, key: str) -> str | None:
        raw = self._read(key, ".html")
        try:
            return raw.decode() if raw is not None else None
        except UnicodeDecodeError:
            return None

    def put_page(self, key: str, html: str) -> None:
        self.used.add(key + ".html")
        self._write(self._path(key, ".html"), html.encode())

    def get_pdf(self, key: str) -> bytes | None:
        data = self._read(key, ".pdf")
        return bytes(data) if data is not None and data.startswith(b"%PDF-") else None

    def put_pdf(self, key: str, data: bytes) -> None:
        self.used.add(key + ".pdf")
        self._write(self._path(key, ".pdf"), data)

    def _ours(self) -> list[str]:
        try:
            entries = list(os.scandir(self.folder))
        except OSError:
            return []
        return [e.name for e in entries
                if _ENTRY.match(e.name) and e.is_file(follow_symlinks=False)]

    def prune(self) -> None:
        for name in self._ours():
            if name not in self.used:
                with contextlib.suppress(OSError):
                    os.unlink(self.folder / name)

    def clear(self, trash: Path | None = None) -> None:
        """Drop every entry (``build --clean``). With ``trash`` (a new folder's name, on
        the same disk, that ``write.recover`` knows as a killed build's), the entries are
        moved there, one rename each, and removed by ``write.discard`` in the background:
        unlinking a big season's cache (95 MB) took from 0.3 to 0.7 s before the build
        could start. Only entries are moved; a stranger's file or a link stays."""
        names = self._ours()
        if trash is not None and names:
            try:
                trash.mkdir(mode=0o700)
            except OSError:
                trash = None
        for name in names:
            if trash is not None:
                with contextlib.suppress(OSError):
                    os.rename(self.folder / name, trash / name)
                    continue
            with contextlib.suppress(OSError):
                os.unlink(self.folder / name)
        if trash is not None and names:
            write.discard(trash)  # (looked up here: a test stands in for it)


@dataclass
class Snapshot:
    """The rendered site: each section's output as the store holds it (by language: its
    path prefix), the other pages (the home page, the series) by path, and each PDF's
    source keyed by content hash. The sections' pages are not copied into one dict: after
    one save, the caller (``pipeline.encode``) handles the changed sections' only."""

    others: dict[str, str]
    pdfs: dict[str, tuple[str, str]]  # path -> (content key, html source)
    # by language prefix; with the pages' bytes when the disk store encoded them (None)
    outputs: list[tuple[str, SectionOutput, list[bytes] | None]] = field(default_factory=list)
    sections_rendered: list[str] = field(default_factory=list)
    sections_reused: list[str] = field(default_factory=list)
    home_rendered: bool = False
    used: set[str] = field(default_factory=set)  # the store keys this build read or wrote
    written: list[str] = field(default_factory=list)  # the pages the workers wrote (``sink``)
    # the outputs with pages left for later (``SectionOutput.later``), by language prefix
    pending: list[tuple[str, SectionOutput]] = field(default_factory=list)

    @property
    def pages(self) -> dict[str, str]:
        """Every page by path."""
        pages = {prefix + path: html for prefix, output, _ in self.outputs
                 for path, html in output.pages.items()}
        pages.update(self.others)
        return pages

    def __len__(self) -> int:  # the pages
        return sum(len(output.pages) for _, output, _ in self.outputs) + len(self.others)


def render_site(season: Season, store: Store, digests: dict[str, str] | None = None,
                pdf: bool = True,
                progress: Callable[[str, int, int], None] | None = None,
                sink: TreeSink | None = None, facts: SeasonFacts | None = None,
                kept: dict[str, dict[str, tuple[str, str]]] | None = None,
                later: bool = False) -> Snapshot:
    """Render what changed since the store last saw this season; reuse the rest.

    The site is rendered once per language (``season.languages``), each under its path
    prefix (one language, the usual case: at the root). The keys need not name the
    language: the season's language, digits and list of languages (the switcher) are in
    the frame every key holds (:func:`render_frame`). ``snapshot.used`` lists the store
    keys the build read or wrote (what a memory store keeps: ``pipeline.build``).

    ``digests``: each section's ``program.content_key`` by id (the pipeline's, shared with
    the feeds' keys; taken here without it). ``progress`` is told ("pages", sections
    done, sections in all languages) as each section's pages are ready. ``sink`` (with a
    disk store): the sections rendered here are stored and written by their workers, their
    pages listed in ``snapshot.written``; the snapshot holds the others' pages.
    ``facts``: the season's facts, derived once at the top of the build
    (``pipeline.build``; derived here without it), handed to each section's renderer.
    ``kept`` (``pipeline.Memo.pages``): the pages a section's renderer may take from the
    last build by what they read (``render.kept_page``), by language.
    ``later`` (``serve``, with a memory store): the pages of the makers registered
    ``later`` are left in their output's ``later`` (listed in ``snapshot.pending``), to be
    made after the reload (``pipeline.SiteFiles``).
    """
    templates = templates_fingerprint()
    if facts is None:
        facts = season_facts(season)
    if digests is None:
        digests = {section.id: program.content_key(section) for section in season.sections}
    languages = season.languages or (season.language,)
    site = Snapshot(others={}, pdfs={})
    total = len(languages) * len(season.sections)
    done = None if progress is None else lambda n: progress("pages", n, total)
    token, deferred = PDF_LINKS.set(pdf), PAGES_LATER.set(later)
    try:
        for code in languages:
            one = dataclasses.replace(season, language=code, languages=languages)
            frame = program.content_key(templates, render_frame(one, pdf))
            pages = None if kept is None else (frame, kept.setdefault(code, {}))
            with_pages = KEPT_PAGES.set(pages)
            try:
                outputs = _render_site(site, one, facts, store, digests, frame,
                                       i18n.prefix(code, languages), sink, done)
            finally:
                KEPT_PAGES.reset(with_pages)
            if kept is not None:  # the pages of a section or round gone are not kept (in
                # place: the pages left for later keep the dict they were made with)
                paths = set().union(*(output.pages for output in outputs),
                                    *(output.later for output in outputs))
                for path in [p for p in kept[code] if p not in paths]:
                    del kept[code][path]
    finally:
        PDF_LINKS.reset(token)
        PAGES_LATER.reset(deferred)
    site.used.update(key for key, _ in site.pdfs.values())
    if kept is not None:
        for code in [c for c in kept if c not in languages]:
            del kept[code]
    return site


def render_frame(season: Season, pdf: bool) -> tuple:
    """What of the season (and the build) every section's pages depend on: the season's
    facts every page may show (all but the sections and the news), and the PDF links."""
    return (*((f.name, getattr(season, f.name)) for f in dataclasses.fields(season)
              if f.name not in ("sections", "news", "warnings")), ("pdf links", pdf))


def render_section(season: Season, facts: SectionFacts) -> SectionOutput:
    """A section's pages, PDF source and summary, by its kind's renderer, from its facts
    (``season``: as the pages show it, in the language being rendered)."""
    section = facts.section
    # a stage still waiting for its players has one page, whatever its format
    kind = PENDING_RENDERER if isinstance(section.stage, PendingStage) else section.format
    return renderer_for(kind)(season, facts)


def _rendered(season: Season, store: DiskStore, sink: TreeSink | None, prefix: str,
              item: tuple[SectionFacts, str]) -> tuple[SectionOutput, list[str]]:
    """A section's output (in a worker when the build has them). With ``sink``, the worker
    stores it and writes its pages itself: only the paths, the PDF sources and the
    summary go back."""
    facts, key = item
    output = render_section(season, facts)
    if sink is None:
        return output, []  # stored by the caller, whose store may be in memory
    bodies = [html.encode() for html in output.pages.values()]
    store.put_section(key, output, bodies)
    pages = dict(zip((prefix + path for path in output.pages), bodies, strict=True))
    return dataclasses.replace(output, pages={}), sink.write(pages, pages=True)


def _render_site(site: Snapshot, season: Season, facts: SeasonFacts, store: Store,
                 digests: dict[str, str], frame: str, prefix: str, sink: TreeSink | None,
                 done: Callable[[int], None] | None) -> list[SectionOutput]:
    """One language's pages into ``site``, under ``prefix`` (its folder); ``frame``: the key
    of the templates and :func:`render_frame`. Returns the language's sections' outputs."""
    keyed = []  # (section, key, what the store has or None)
    for section in season.sections:
        key = program.content_key("section", frame, digests[section.id])
        site.used.add(key)
        keyed.append((section, key, store.get_section(key)))
    # the sections to render, on every core when the build allows it (``parallel``)
    rendered = parallel.map_in_order(partial(_rendered, season, store, sink, prefix),
                                     [(facts.of(section), key) for section, key, output
                                      in keyed if output is None])
    outputs = []
    try:
        for section, key, output in keyed:
            bodies = None
            if output is None:
                output, written = next(rendered)
                site.written += written
                if sink is None:
                    bodies = store.put_section(key, output)
                site.sections_rendered.append(section.id)
            else:
                site.sections_reused.append(section.id)
            outputs.append(output)
            site.outputs.append((prefix, output, bodies))
            if output.later:  # (this build's or, reused, an earlier one's not made yet)
                site.pending.append((prefix, output))
            for path, source in ((output.pdf_path, output.pdf_html), *output.pdfs.items()):
                site.pdfs[prefix + path] = (pdf_key(source), source)
            if done is not None:  # (a progress display)
                done(len(site.sections_rendered) + len(site.sections_reused))
    finally:
        rendered.close()  # type: ignore[attr-defined]  (the children end with the last section)
    summaries = [output.summary for output in outputs]
    plan = season_plan_view(season)
    home_key = program.content_key("home", frame, summaries, season.news, plan)
    site.used.add(home_key)
    home = store.get_page(home_key)
    if home is None:
        home = render("season.html", season_pages.season_page(season, summaries, plan),
                      season.language)
        store.put_page(home_key, home)
        site.home_rendered = True
    site.others[prefix + "index.html"] = home
    if season.series:  # the grand prix series over the season's sections, beside the home page
        from leaguegen.site.pages.series import render_season_series

        pages, pdfs = render_season_series(season, facts)
        site.others.update((prefix + path, html) for path, html in pages.items())
        site.pdfs.update((prefix + path, (pdf_key(html), html)) for path, html in pdfs.items())
    return outputs
