"""A build's PDFs: a process that loads WeasyPrint while the pages are rendered, then
renders them (``build``), or this process one by one (``serve``, in the background).

Importing WeasyPrint costs about a second of CPU and the first PDF of a process another
half second (fontconfig, the fonts' first faces). A build pays that once, on the second
core, while the parent renders the HTML: :func:`start` forks the server (or takes over
the one :func:`start_early` forked before the builder was imported); the warm server
forks its workers, so none imports WeasyPrint again. A server renders one batch and ends.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import multiprocessing.util
import weakref
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from contextlib import AbstractContextManager
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from leaguegen.site.incremental import Store

from leaguegen.site import pdf
from leaguegen.site.parallel import cores, die_with_parent
from leaguegen.site.program import template_dir

# fork, not spawn: a worker must inherit what its parent loaded (Linux, macOS; not Windows)
_FORK = (multiprocessing.get_context("fork")
         if "fork" in multiprocessing.get_all_start_methods() else None)
_render: Callable[[str], bytes] | None = None  # a pool worker's renderer (_init_worker)
_early: PdfServer | None = None  # forked by start_early, taken by start


def render(html: str) -> bytes:
    """One PDF in a worker of the server's pool (``_serve``)."""
    assert _render is not None
    return _render(html)


def render_template_pdf(html: str) -> bytes:
    """A PDF of the site templates' sources (fonts and styles from ``site_template``),
    named here so that a server :func:`start_early` forks renders with it too."""
    return pdf.html_to_pdf(html, template_dir())


def _init_worker(render_one: Callable[[str], bytes]) -> None:
    global _render
    die_with_parent()
    pdf.forked()
    multiprocessing.util.Finalize(None, pdf.release, exitpriority=10)
    _render = render_one


class PdfServer:
    """The forked PDF process and the pipe to it; ends with its batch (``close``,
    garbage collection, or the parent's death: ``parallel.die_with_parent``)."""

    def __init__(self, render_one: Callable[[str], bytes], base_dir: Path) -> None:
        self.render_one, self.base_dir = render_one, base_dir
        self._conn, child = _FORK.Pipe()
        self._process = _FORK.Process(target=_serve, args=(child, render_one, base_dir),
                                      name="leaguegen-pdf")  # not a daemon: it forks its workers
        self._process.start()
        child.close()
        self._done = [False]  # every PDF received: the server is ending by itself
        self._finalizer = weakref.finalize(self, _stop, self._process, self._conn, self._done)

    def render(self, sources: dict[str, str]) -> Iterator[tuple[str, bytes]]:
        """(path, PDF bytes) for each of ``sources``, in the order they are done."""
        self._conn.send(list(sources.items()))
        for _ in sources:
            try:
                kind, *value = self._conn.recv()
            except EOFError:
                self._process.join(timeout=5)
                raise RuntimeError("the PDF process ended before its PDFs were done (exit"
                                   f" code {self._process.exitcode})") from None
            if kind == "error":
                raise value[0]
            yield value[0], value[1]
        self._done[0] = True

    def close(self) -> None:
        self._finalizer()


def _stop(process: multiprocessing.process.BaseProcess, conn, done: list[bool]) -> None:  # noqa: ANN001
    """Wait for a server that has sent every PDF (it deletes its fonts and ends); kill one
    that has not: unused (still loading, nothing unpacked), or given up on after an error."""
    if not done[0]:
        process.kill()
    process.join(timeout=10)
    if process.is_alive():  # pragma: no cover - a stuck renderer
        process.kill()
        process.join()
    conn.close()


def available() -> bool:
    """Whether :func:`start` gives a server: another core to warm it up on, and fork."""
    return cores() >= 2 and _FORK is not None


def start_early() -> None:
    """Fork the server now, for the :func:`start` to come: ``leaguegen build`` calls it
    before importing the site builder (0.6 s of CPU the server need not wait for)."""
    global _early
    if _early is None and available():
        _early = PdfServer(render_template_pdf, template_dir())


def start(render_one: Callable[[str], bytes], base_dir: Path) -> PdfServer | None:
    """A warming-up PDF server when another core can do it; None on one core. The one
    :func:`start_early` forked is taken when it renders with ``render_one`` from
    ``base_dir`` (a test's stand-in gets a server of its own)."""
    global _early
    early, _early = _early, None
    if early is not None:
        if early.render_one is render_one and early.base_dir == base_dir:
            return early
        early.close()
    return PdfServer(render_one, base_dir) if available() else None


def start_pdfs(wanted: bool) -> PdfServer | None:
    """At the start of a build that makes PDFs: WeasyPrint loading on another core
    while this one renders the pages; None when there is no other (or no PDFs)."""
    return start(render_template_pdf, template_dir()) if wanted else None


Progress = Callable[[str, int, int], None]  # ("pdfs", done, total): ``pipeline.Progress``


def render_pdfs(pending: dict[str, tuple[str, str]], store: Store, files: dict[str, bytes],
                progress: Progress | None = None, server: PdfServer | None = None,
                lock: AbstractContextManager | None = None) -> None:
    """The PDFs still to make, {path: (store key, html)} (``SiteFiles.pending_pdfs``), into
    ``files`` and ``store``: those the store has meanwhile (another save's, in ``serve``)
    taken from it, the others made by ``server`` (``start_pdfs``), else here, one by one.

    WeasyPrint is single-threaded and a large season has a PDF per section; the
    server, warmed up while the pages were rendered, forks a worker per core that
    has WeasyPrint loaded already. Without a server this process renders them in turn,
    loading WeasyPrint once. ``server`` is closed before this returns. ``progress`` is
    told ("pdfs", rendered, pending) as each one is done; ``lock`` is held around each
    use of the store (``serve`` builds meanwhile).
    """
    tell = progress or (lambda stage, done, total: None)
    lock = lock or contextlib.nullcontext()
    sources = {}
    try:
        for rel, (key, html) in pending.items():
            with lock:
                data = store.get_pdf(key)
            if data is None:
                sources[rel] = html
            else:
                files[rel] = data
        if sources:
            tell("pdfs", 0, len(sources))
        results = (server.render(sources) if server is not None and sources else
                   ((rel, render_template_pdf(html)) for rel, html in sources.items()))
        for done, (rel, data) in enumerate(results, start=1):
            with lock:
                store.put_pdf(pending[rel][0], data)
            files[rel] = data
            tell("pdfs", done, len(sources))
    finally:
        if server is not None:
            server.close()


def _serve(conn, render_one: Callable[[str], bytes], base_dir: Path) -> None:  # noqa: ANN001
    die_with_parent()
    pdf.forked()
    with contextlib.suppress(Exception):  # the real PDFs report any problem
        pdf.warm_up(base_dir)
    try:
        job = conn.recv()
    except EOFError:
        return
    try:
        workers = min(cores(), len(job))
        if workers < 2:
            for rel, html in job:
                conn.send(("pdf", rel, render_one(html)))
        else:
            # workers forked from the warm server have what it loaded (WeasyPrint, fonts);
            # ``render_one`` is handed over by the fork, not pickled
            with ProcessPoolExecutor(max_workers=workers, mp_context=_FORK,
                                     initializer=_init_worker,
                                     initargs=(render_one,)) as workers_pool:
                # the longest first, so that no worker is left with a long one at the end
                futures = {workers_pool.submit(render, html): rel
                           for rel, html in sorted(job, key=lambda item: -len(item[1]))}
                for future in as_completed(futures):
                    conn.send(("pdf", futures[future], future.result()))
    except Exception as exc:  # noqa: BLE001 - handed to the build, which raises it
        conn.send(("error", exc))
    finally:
        pdf.release()
        conn.close()
