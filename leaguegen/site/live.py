"""The site kept in memory between rebuilds, for the live preview server.

A save loads the season again (the loader's memo parses only the files that
changed) and calls the one build (``site/pipeline.py``) with the sections whose
files changed (the dirty set), a memory store and the pipeline's memo kept from
the last save: the changed sections' pages are rendered, with the home page when
a summary on it changed; the rest come from the store. What no page needs (the
changed sections' feeds and the season's, then the PDFs of changed sections) is
made afterwards, in the background, and so are the standings after each earlier
round (a request for one meanwhile makes it). Every reuse is keyed by content,
so the preview shows exactly what a fresh ``leaguegen build`` of the same files
writes (tests/site/test_serve.py and test_serve_saves.py hold that over sequences
of valid and broken saves). A file that cannot be read or decoded is an error of
the build, shown in the overlay like any other, never an internal error.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor, wait
from pathlib import Path

from leaguegen.domain.season import Season
from leaguegen.errors import InputError
from leaguegen.formats.git_history import read_history
from leaguegen.formats.season_yaml import load_season, read_confined
from leaguegen.site import pipeline
from leaguegen.site.incremental import MemoryStore
from leaguegen.site.pdf import PdfUnavailable, unavailable_warning
from leaguegen.site.pdf_workers import render_pdfs
from leaguegen.site.pipeline import SiteFiles

# why this process cannot make PDFs, once a try failed (WeasyPrint's system libraries are
# missing): the preview's next builds make pages without PDF links, as ``build`` does
_NO_PDFS: list[str] = []


class _UsedMemo(dict):
    """The loader's memo, remembering which entries the latest load used."""

    def __init__(self) -> None:
        super().__init__()
        self.used: set = set()

    def __contains__(self, key: object) -> bool:
        self.used.add(key)
        return super().__contains__(key)

    def __setitem__(self, key: object, value: object) -> None:
        self.used.add(key)
        super().__setitem__(key, value)

    def prune(self) -> None:
        """Drop the parses of file contents that are gone, so a long session stays small."""
        for key in [k for k in self if k not in self.used]:
            del self[key]
        self.used = set()


class _Reads:
    """Section files' texts kept with their ``stat``: a file whose size, times and inode
    are those it had when it was read is not read (nor its links resolved) again. An
    entry is kept only if the file was last changed (mtime and ctime, which no program
    can set back) more than ``RACY`` seconds before it was read, so a change in the same
    clock tick is never missed (git's rule for its index); replacing a file, or a folder
    on its way, by a link changes the inode or the ctime."""

    RACY = 2.0

    def __init__(self) -> None:
        self.known: dict[str, tuple[tuple, Path, str]] = {}
        self.used: set[str] = set()
        self.stat = os.stat

    def read(self, path: Path, root: Path, display: str) -> tuple[Path, str]:
        key = str(path)
        self.used.add(key)
        try:
            st = self.stat(key)
        except OSError:
            return read_confined(path, root, display)  # says what is wrong, at the file
        signature = (st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino, st.st_dev,
                     str(root))
        known = self.known.get(key)
        if known is not None and known[0] == signature:
            return known[1], known[2]
        started = time.time()
        target, text = read_confined(path, root, display)
        if max(st.st_mtime, st.st_ctime) < started - self.RACY:
            self.known[key] = (signature, target, text)
        else:
            self.known.pop(key, None)
        return target, text

    def prune(self) -> None:
        self.known = {k: v for k, v in self.known.items() if k in self.used}
        self.used = set()


class LiveSite:
    """One season, kept in memory between saves: each save is one call of the build."""

    def __init__(self, season_dir: Path, pdf: bool = True):
        self.season_dir = Path(season_dir)
        self.pdf = pdf
        self.memo = _UsedMemo()
        self.reads = _Reads()
        self.store = MemoryStore()
        self.kept = pipeline.Memo()
        self.history = MemoryStore()  # the history's comparisons (never pruned by a build)
        self.season: Season | None = None  # the last season that loaded, as loaded
        self.builds = 0  # builds so far: a background job of an older one is skipped
        # one build at a time, and the background PDFs' writes to the store between them
        self.lock = threading.RLock()
        self.pool = ThreadPoolExecutor(1, thread_name_prefix="leaguegen-history")

    def dirty(self, season: Season) -> set[str]:
        """The sections this save touched: those the loader did not hand back as the
        very objects of the last load (it does for a file whose text is the same)."""
        before = {s.id: s for s in self.season.sections} if self.season is not None else {}
        return {s.id for s in season.sections if before.get(s.id) is not s}

    def build(self) -> tuple[SiteFiles | None, list[str]]:
        """The site's files, or None and the problems that stopped the build."""
        # the history (git, or the files' times) mostly waits for git: read it meanwhile
        history = self.pool.submit(read_history, self.season_dir, cache=self.history)
        try:
            season = load_season(self.season_dir, memo=self.memo, read=self.reads.read)
        except InputError as err:
            return None, [str(p) for p in err.problems]
        except (OSError, UnicodeDecodeError) as exc:  # the loader says file:line:col; a fallback
            return None, [f"{self.season_dir}: cannot read the season: {exc}"]
        finally:
            self.memo.prune()
            self.reads.prune()
            wait([history])
        dirty = self.dirty(season)
        # a save's standings-after pages are made after the reload; the first build makes
        # them with their sections (else its background would compete with the first saves)
        saved, self.season = self.season is not None, season
        with self.lock:
            self.builds += 1
            built = pipeline.build(season, self.store, pdf=self.pdf and not _NO_PDFS,
                                   history=history.result(), memo=self.kept, dirty=dirty,
                                   outputs_later=True, pages_later=saved)
            built.lock = self.lock  # its pages left for later are made under it
        return built, []

    @staticmethod
    def summary(built: SiteFiles) -> str:
        if not built.rendered_anything:
            return "(nothing changed)"
        return (f"({len(built.sections_rendered)} sections rendered,"
                f" {len(built.sections_reused)} unchanged)")

    def background(self, built: SiteFiles) -> list[Callable[[], dict[str, bytes]]]:
        """What is left to make after the reload: the standings after each earlier round
        of the changed sections, their feeds and the season's, then the PDFs still to
        make."""
        jobs: list[Callable[[], dict[str, bytes]]] = []
        if built.pending:
            current = self.builds

            def pages() -> dict[str, bytes]:
                # made into ``built`` (nothing to merge); a newer build has its own job,
                # which makes those of its sections reused from this one
                if self.builds == current:
                    built.make_pending()
                return {}
            jobs.append(pages)
        if built.later is not None:
            current = self.builds

            def feeds() -> dict[str, bytes]:
                with self.lock:  # the store, and the feeds' own memos, one build at a time
                    # a newer build, published meanwhile, has its own job
                    return built.make_later() if self.builds == current else {}
            jobs.append(feeds)
        if not built.pending_pdfs:
            return jobs
        pending = dict(built.pending_pdfs)

        def pdfs() -> dict[str, bytes]:
            out: dict[str, bytes] = {}
            try:
                render_pdfs(pending, self.store, out, lock=self.lock)
            except PdfUnavailable as exc:  # said once: the next builds make no PDFs
                if not _NO_PDFS:
                    _NO_PDFS.append(str(exc))
                raise PdfUnavailable(unavailable_warning(
                    exc, "The preview shows the pages without them from the next save."
                )) from None
            return out
        jobs.append(pdfs)
        return jobs
