"""A whole site from a season folder: load, render what changed, swap in atomically.

``build_site`` builds one season; ``build_seasons`` a folder of seasons (one site,
an index of seasons, each under its own path: ``season_index``).
"""

from __future__ import annotations

import functools
import hashlib
import inspect
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

from leaguegen.domain.season import Season
from leaguegen.errors import OutputRefused
from leaguegen.formats.club_file import read_club_file
from leaguegen.formats.season_yaml import Preloaded, load_season, load_seasons
from leaguegen.site import parallel, pipeline, season_share, stamp
from leaguegen.site.incremental import DiskStore, MemoryStore, render_site
from leaguegen.site.output_guard import check_output
from leaguegen.site.pdf import PdfUnavailable, unavailable_warning
from leaguegen.site.pdf_workers import render_pdfs, start_pdfs
from leaguegen.site.write import Manifest, OutputTree, staging_name

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
    seasons: list[str] = field(default_factory=list)  # a folder of seasons: paths, newest first
    seasons_built: list[str] = field(default_factory=list)  # those loaded and built again


def render_pages(season: Season) -> tuple[dict[str, str], dict[str, str]]:
    """Every HTML page of the season as {path: html}, and the PDF sources as {path: html}."""
    snap = render_site(season, MemoryStore())
    return snap.pages, {path: html for path, (_, html) in snap.pdfs.items()}


def _count(report: BuildReport, built: pipeline.SiteFiles, season: Season) -> None:
    """Add a season's build to ``report``."""
    report.pages += built.pages
    report.pdfs += built.pdfs_cached + len(built.pending_pdfs)
    report.pdfs_rendered += len(built.pending_pdfs)
    report.sections_rendered += len(built.sections_rendered)
    report.sections_reused += len(built.sections_reused)
    report.warnings += [str(w) for w in season.warnings]


def digest_of(data: bytes) -> str:
    """The key of a file made already (a PDF) for ``OutputTree.write_made``: its digest."""
    return hashlib.sha256(data).hexdigest()


def _given(data: bytes) -> bytes:
    return data


def default_cache(out_dir: Path) -> Path:
    """Beside the output, never inside it (the output folder is published)."""
    out = out_dir.resolve()
    return out.parent / CACHE_DIR / out.name


def _write_all(tree: OutputTree, files: dict, out: Path, report: BuildReport,
               planned: dict[str, tuple[str, Callable[[], bytes]]] | None = None) -> None:
    """Every file into the staging tree, then the swap; on any failure the staging
    folder goes and the site on disk stays as it was. ``planned``: files by (key, how to
    make them), written or linked by ``OutputTree.write_made``."""
    try:
        for rel, data in files.items():
            tree.write(rel, data)
        for rel, (key, make) in (planned or {}).items():
            tree.write_made(rel, key, make)
        report.files = sorted(tree.written)
        tree.commit()
    except OSError as exc:
        tree.abort()
        raise OutputRefused(f"cannot write the site to {out}: {exc.strerror or exc}") from exc
    except BaseException:
        tree.abort()
        raise


def without_pdfs(build: Callable[..., BuildReport]) -> Callable[..., BuildReport]:
    """``build`` that, where WeasyPrint cannot load, builds the site again without PDFs
    (pages without their PDF links) and says why, instead of building nothing: the
    standings and crosstables are the site, the PDFs a copy of them. The first attempt
    wrote nothing (its staging folder is removed on any error)."""
    signature = inspect.signature(build)

    @functools.wraps(build)
    def run(*args: object, **kwargs: object) -> BuildReport:
        try:
            return build(*args, **kwargs)
        except PdfUnavailable as exc:
            again = signature.bind(*args, **kwargs)
            again.apply_defaults()
            if not again.arguments["pdf"]:  # no PDF was asked for: not this fallback's case
                raise
            # the cache was emptied already if asked; the inputs' digest and the preloaded
            # files were taken for a build with PDFs
            again.arguments.update(pdf=False, clean=False)
            for name in ("inputs", "preload"):
                if name in signature.parameters:
                    again.arguments[name] = None
            report = build(*again.args, **again.kwargs)
            report.warnings.insert(0, unavailable_warning(exc))
            return report
    return run


@without_pdfs
def build_site(season_dir: str | Path, out_dir: str | Path, pdf: bool = True,
               clean: bool = False, cache_dir: Path | None = None,
               force: bool = False, progress: pipeline.Progress | None = None,
               inputs: str | None = None, preload: Preloaded | None = None) -> BuildReport:
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

    ``inputs`` is the inputs' ``stamp.digest`` when the caller took it already, before
    ``preload`` (``formats.season_preload.start``: a child parsing the section files
    while the builder was imported) read anything.
    """
    started = time.perf_counter()
    out = check_output(Path(out_dir), Path(season_dir), force=force)
    if inputs is None:
        inputs = stamp.digest(Path(season_dir), out, stamp.options(pdf))
    pdf_server = start_pdfs(pdf)
    season = load_season(season_dir, preload=preload)
    store = DiskStore(cache_dir or default_cache(out))
    stamp.forget(store.folder)
    if clean:
        store.clear(trash=staging_name(out))
    tree = OutputTree(out)
    workers = parallel.WORKERS.set(parallel.build_workers())  # every core (site/parallel)
    try:
        built = pipeline.build(season, store, pdf=pdf, progress=progress,
                               source=Path(season_dir), tree=tree)
        tree.claim(built.written)
        files = built.files
        render_pdfs(built.pending_pdfs, store, files, progress, pdf_server)
    except BaseException:
        tree.abort()
        raise
    finally:
        parallel.WORKERS.reset(workers)
    report = BuildReport(notes=list(tree.recovered) + built.notes)
    _count(report, built, season)
    _write_all(tree, files, out, report)
    store.prune()
    stamp.record(out, store.folder, stamp.Stamp(
        inputs, [], pages=report.pages, pdfs=report.pdfs,
        sections=report.sections_rendered + report.sections_reused, warnings=report.warnings))
    report.seconds = time.perf_counter() - started
    return report


@without_pdfs
def build_seasons(folder: str | Path, out_dir: str | Path, pdf: bool = True,
                  clean: bool = False, cache_dir: Path | None = None,
                  force: bool = False, inputs: str | None = None) -> BuildReport:
    """A folder of seasons (``season_index``) as one site: an index, a path per season.

    Every season is built by the same pipeline as :func:`build_site`, into its
    own path; the assets are written once, at the root, and the pages' links to
    them moved there. The output rules are :func:`build_site`'s, checked against
    the folder and every season in it; every season is loaded (and every
    problem of every season collected) before anything is written, and the whole
    site is swapped in at once, so an error in one season leaves the old site.

    As :func:`build_site`, the build records a ``stamp`` of what it read (every file of
    the folder, club.yaml and each season's, the templates, the program, the options), so
    that the CLI sees that a rebuild would change nothing before loading a season
    (``inputs``: that digest when the caller took it already). The club's pages are kept
    in the cache page by page (``season_index.club_files``), and a file the last build
    wrote and nobody changed since is linked from the site on disk instead of written
    again (``write.Manifest``).
    """
    from leaguegen.site import season_index
    from leaguegen.site.incremental import templates_fingerprint

    started = time.perf_counter()
    folder = Path(folder)
    folders = season_index.season_folders(folder)
    out = check_output(Path(out_dir), folder, force=force, seasons=list(folders.values()))
    if inputs is None:
        inputs = stamp.digest(folder, out, stamp.options(pdf))
    pdf_server = start_pdfs(pdf)
    store = DiskStore(cache_dir or default_cache(out))
    stamp.forget(store.folder)
    if clean:
        store.clear()
    # a season whose inputs did not change is not loaded again: its share stands for it
    made_with = f"{templates_fingerprint()}\0{stamp.options(pdf)}"
    keys = {p: season_share.key(f, p, made_with) for p, f in folders.items()}
    shares = {p: share for p in folders
              if (share := _kept_share(store, keys[p], p)) is not None}
    seasons = load_seasons({p: f for p, f in folders.items() if p not in shares})
    club = read_club_file(folder, {p: seasons[p] if p in seasons else shares[p].outline
                                   for p in folders}, folders)  # type: ignore[misc]
    report = BuildReport()
    workers = parallel.WORKERS.set(parallel.build_workers())  # every core (site/parallel)
    try:
        builds, used = {}, {}
        for path, season in seasons.items():
            builds[path], used[path] = _season_build(season, store, pdf, folders[path])
            shares[path] = season_share.share_of(path, season, builds[path].facts)
        shares = {p: shares[p] for p in folders}  # the folder's order
        lazy: dict[str, pipeline.SiteFiles] = {}

        def later(path: str) -> pipeline.SiteFiles:
            """A season not built again whose files must be written after all."""
            if path not in lazy:
                lazy[path] = _season_build(load_season(folders[path]), store, pdf,
                                           folders[path])[0]
                extra: dict[str, bytes] = {}
                render_pdfs(lazy[path].pending_pdfs, store, extra)
                lazy[path].update(extra)
            return lazy[path]

        # the club's pages: those the cache does not have rendered on every core too
        site = pipeline.SeasonsFiles(builds, shares, club, pdf=pdf, store=store, later=later)
    finally:
        parallel.WORKERS.reset(workers)
    planned = site.planned()
    pending = site.pending_pdfs
    files: dict[str, bytes] = {}  # the PDFs
    for path, (key, _source) in site.club_pdfs.items():  # the series' PDFs, cached by source
        data = store.get_pdf(key)
        if data is not None:
            files[path] = data
            del pending[path]
        else:
            report.pdfs_rendered += 1
    render_pdfs(pending, store, files, server=pdf_server)
    for path, built in builds.items():  # each season's share: kept for the next build
        _record_share(shares[path], built, seasons[path], used[path], path, files)
        store.put_page(keys[path], season_share.to_json(shares[path]))
    notes: list[str] = []
    for path, share in shares.items():
        if path in builds:
            _count(report, builds[path], seasons[path])
        else:
            store.used.update(share.used)
            report.pages += share.pages
            report.pdfs += share.pdfs
            report.sections_reused += share.sections
            report.warnings += share.warnings
        notes += [n for n in share.notes if n not in notes]
    # the index, the club's pages (the series' JSON is not a page; their PDFs are PDFs)
    report.pages += 1 + sum(1 for p in site.club if p.endswith(".html"))
    report.pdfs += len(site.club_pdfs)
    report.seasons_built = list(builds)
    tree = OutputTree(out)
    manifest = Manifest(store.folder, out)
    if not clean:
        tree.keep(manifest.load())
    report.notes = list(tree.recovered) + notes
    report.seasons = list(season_index.newest_first(
        {p: share.outline for p, share in shares.items()}))
    planned.update((path, (digest_of(data), partial(_given, data)))
                   for path, data in files.items())
    _write_all(tree, {}, out, report, planned)
    manifest.save(tree.made)
    store.prune()
    stamp.record(out, store.folder, stamp.Stamp(
        inputs, [], pages=report.pages, pdfs=report.pdfs,
        sections=report.sections_rendered + report.sections_reused, warnings=report.warnings))
    report.seconds = time.perf_counter() - started
    return report


def _kept_share(store: DiskStore, key: str, path: str) -> season_share.Share | None:
    text = store.get_page(key)
    return season_share.from_json(text, path) if text is not None else None


def _season_build(season: Season, store: DiskStore, pdf: bool, source: Path
                  ) -> tuple[pipeline.SiteFiles, set[str]]:
    """One season's build, and the cache entries it read or wrote (kept from pruning while
    the season is not built again)."""
    before, store.used = store.used, set()
    try:
        built = pipeline.build(season, store, pdf=pdf, source=Path(source))
    finally:
        mine, store.used = store.used, before | store.used
    return built, mine


def _record_share(share: season_share.Share, built: pipeline.SiteFiles, season: Season,
                  used: set[str], path: str, pdfs: dict[str, bytes]) -> None:
    """What a season's share keeps of its build: its files' digests, the cache entries it
    used, its report's counts and notes."""
    mine = {rel: pdfs[f"{path}/{rel}"] for rel in built.pending_pdfs}
    share.outputs = {rel: digest_of(data) for rel, data in {**built.files, **mine}.items()}
    share.used = sorted(used | {key + ".pdf" for key, _ in built.pending_pdfs.values()})
    share.pages = built.pages
    share.pdfs = built.pdfs_cached + len(built.pending_pdfs)
    share.sections = len(built.sections_rendered) + len(built.sections_reused)
    share.notes = list(built.notes)
