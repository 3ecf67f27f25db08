"""The site kept in memory between rebuilds, for the live preview server.

A save loads the season again (the loader's memo parses only the files that
changed) and plans the site (``site/live_plan.py``): the parts whose inputs did
not change keep their files, the others are rendered when the browser first asks
for one of their files, and the PDFs of changed sections are made afterwards, in
the background. Every reuse is keyed by content, so a build always shows exactly
what a fresh ``leaguegen build`` of the same files shows (tests/site/test_serve.py
and test_serve_lazy.py hold that over sequences of valid and broken saves and of
requests in any order). A file that cannot be read or decoded is an error of the
build, shown in the overlay like any other, never an internal error.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor, wait
from pathlib import Path

from leaguegen.domain.season import Season
from leaguegen.errors import InputError
from leaguegen.formats.git_history import read_history
from leaguegen.formats.season_yaml import load_season, read_confined
from leaguegen.site.incremental import templates_fingerprint
from leaguegen.site.live_plan import LiveFiles, LiveState, plan
from leaguegen.site.pdf import PdfUnavailable, unavailable_warning

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
    """One season, kept in memory between saves (``live_plan``: what changed renders when
    it is asked for)."""

    def __init__(self, season_dir: Path, pdf: bool = True):
        self.season_dir = Path(season_dir)
        self.pdf = pdf
        self.memo = _UsedMemo()
        self.reads = _Reads()
        self.state = LiveState()
        self.season: Season | None = None  # the last season that loaded, as loaded
        self.pool = ThreadPoolExecutor(1, thread_name_prefix="leaguegen-history")

    def build(self) -> tuple[LiveFiles | None, list[str]]:
        """The site's files (rendered as they are asked for), or None and the problems
        that stopped the build."""
        # the history (git, or the files' times) mostly waits for git: read it meanwhile
        history = self.pool.submit(read_history, self.season_dir, cache=self.state.history)
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
        self.season = season
        with self.state.lock:
            live = plan(season, self.state, pdf=self.pdf and not _NO_PDFS,
                        templates=templates_fingerprint(),
                        source=self.season_dir, history=history.result())
            if not self.state.slots:  # the first build: everything, so every path is known
                live.render_all(pdfs=False)  # the PDFs: in the background, as after a save
        return live, []

    @staticmethod
    def summary(live: LiveFiles) -> str:
        if not live.pending:
            return "(nothing changed)"
        return (f"({len(live.sections_rendered)} sections changed,"
                f" {len(live.sections_reused)} unchanged: rendered as they are asked for)")

    @staticmethod
    def background(live: LiveFiles) -> Callable[[], dict[str, bytes]] | None:
        """The PDFs still to make, made after the reload (None: there are none)."""
        if not any(u.files is None for u in live.pdf_units):
            return None

        def job() -> dict[str, bytes]:
            try:
                return live.warm_pdfs()
            except PdfUnavailable as exc:  # said once: the next builds make no PDFs
                if not _NO_PDFS:
                    _NO_PDFS.append(str(exc))
                raise PdfUnavailable(unavailable_warning(
                    exc, "The preview shows the pages without them from the next save."
                )) from None
        return job
