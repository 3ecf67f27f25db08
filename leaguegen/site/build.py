"""A whole site from a season folder: load, render what changed, swap in atomically."""

from __future__ import annotations

import os
import sys
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from leaguegen.domain.season import Season
from leaguegen.errors import OutputRefused
from leaguegen.formats.season_yaml import load_season
from leaguegen.site import i18n, pipeline, stamp
from leaguegen.site.incremental import DiskStore, MemoryStore, render_site
from leaguegen.site.output_guard import check_output
from leaguegen.site.render import template_dir
from leaguegen.site.write import OutputTree

CACHE_DIR = ".leaguegen-cache"


@dataclass
class BuildReport:
    pages: int = 0
    pdfs: int = 0
    seconds: float = 0.0
    sections_rendered: int = 0
    sections_reused: int = 0
    pdfs_rendered: int = 0
    files: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


def render_pages(season: Season) -> tuple[dict[str, str], dict[str, str]]:
    """Every HTML page of the season as {path: html}, and the PDF sources as {path: html}."""
    snap = i18n.render_languages(render_site, season, MemoryStore())
    return snap.pages, {path: html for path, (_, html) in snap.pdfs.items()}


def _die_with_parent() -> None:
    """A PDF worker process ends when the build that started it does, even on ``kill -9``.

    Linux delivers SIGKILL to the worker when its parent dies (``PR_SET_PDEATHSIG``);
    elsewhere a watcher thread polls the parent's pid.
    """
    parent = os.getppid()
    if sys.platform.startswith("linux"):
        try:
            import ctypes
            import signal

            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(1, int(signal.SIGKILL), 0, 0, 0)  # 1 = PR_SET_PDEATHSIG
        except (OSError, AttributeError):
            pass
    if os.getppid() != parent:  # the parent died before prctl took effect
        os._exit(1)

    def watch() -> None:
        while True:
            time.sleep(1.0)
            if os.getppid() != parent:
                os._exit(1)

    threading.Thread(target=watch, name="leaguegen-parent-watch", daemon=True).start()


def _pdf_worker(html: str) -> bytes:
    from leaguegen.site.pdf import html_to_pdf

    return html_to_pdf(html, template_dir())


def render_pdfs(sources: dict[str, str],
                progress: pipeline.Progress | None = None) -> list[tuple[str, bytes]]:
    """PDFs for {path: html}; several at once on a machine with more than one core.

    WeasyPrint is single-threaded and a large season has a PDF per section, so
    the work is spread over processes (one per core) when there is enough of it.
    ``progress`` is told ("pdfs", rendered, pending) as each one is done.
    """
    tell = progress or (lambda stage, done, total: None)
    workers = min(os.cpu_count() or 1, len(sources))
    out: list[tuple[str, bytes]] = []
    if sources:
        tell("pdfs", 0, len(sources))
    if workers < 2 or len(sources) < 8:  # starting a worker costs about a second
        for rel, html in sources.items():
            out.append((rel, _pdf_worker(html)))
            tell("pdfs", len(out), len(sources))
        return out
    with ProcessPoolExecutor(max_workers=workers, initializer=_die_with_parent) as pool:
        for rel, data in zip(sources, pool.map(_pdf_worker, sources.values(), chunksize=2),
                             strict=True):
            out.append((rel, data))
            tell("pdfs", len(out), len(sources))
    return out


def default_cache(out_dir: Path) -> Path:
    """Beside the output, never inside it (the output folder is published)."""
    out = out_dir.resolve()
    return out.parent / CACHE_DIR / out.name


def build_site(season_dir: str | Path, out_dir: str | Path, pdf: bool = True,
               clean: bool = False, cache_dir: Path | None = None,
               force: bool = False, progress: pipeline.Progress | None = None) -> BuildReport:
    """Build into a staging folder and swap it in; on any error the old site stays.

    ``progress`` (a callback: stage, done, total) hears of sections and PDFs as
    they are done; the build records a ``stamp`` of its inputs so that the CLI can
    see that a rebuild would change nothing before loading anything.

    The output folder must be one a build may replace (``output_guard``: missing,
    empty or made by leaguegen; ``force`` allows another folder, never the season,
    a folder holding it, the home folder or ``/``); this is checked before
    anything is written. Sections, the home page, the feeds and PDFs whose inputs
    did not change since the last build are taken from the cache; ``clean``
    empties it. Raises InputError for a bad season, OutputRefused for a bad
    output place.
    """
    started = time.perf_counter()
    out = check_output(Path(out_dir), Path(season_dir), force=force)
    inputs = stamp.digest(Path(season_dir), out, stamp_options(pdf))
    season = load_season(season_dir)
    store = DiskStore(cache_dir or default_cache(out))
    stamp.forget(store.folder)
    if clean:
        store.clear()
    built = pipeline.build(season, store, pdf=pdf, progress=progress)
    files = built.files
    for rel, data in render_pdfs({rel: html for rel, (_, html) in built.pending_pdfs.items()},
                                 progress):
        store.put_pdf(built.pending_pdfs[rel][0], data)
        files[rel] = data
    tree = OutputTree(out)
    report = BuildReport(pages=built.pages, pdfs=built.pdfs_cached + len(built.pending_pdfs),
                         pdfs_rendered=len(built.pending_pdfs),
                         sections_rendered=len(built.sections_rendered),
                         sections_reused=len(built.sections_reused), notes=list(tree.recovered),
                         warnings=[str(w) for w in season.warnings])
    try:
        for rel, data in files.items():
            tree.write(rel, data)
        report.files = sorted(tree.written)
        tree.commit()
    except OSError as exc:
        tree.abort()
        raise OutputRefused(f"cannot write the site to {out}: {exc.strerror or exc}") from exc
    except BaseException:
        tree.abort()
        raise
    store.prune()
    stamp.record(out, store.folder, stamp.Stamp(
        inputs, [], pages=report.pages, pdfs=report.pdfs,
        sections=report.sections_rendered + report.sections_reused, warnings=report.warnings))
    report.seconds = time.perf_counter() - started
    return report


def stamp_options(pdf: bool) -> str:
    """The build options a stamp includes (a build with PDFs is not one without)."""
    return f"pdf={pdf}"
