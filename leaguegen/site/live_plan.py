"""The live server's build: plan what changed at once, render each part when it is asked for.

``leaguegen build`` renders the whole site (``pipeline.build``). The live server
cannot afford that on every save, nor even the changed section's pages and feeds
before the browser is told to reload (a few hundred milliseconds for a section of
twenty players on a busy machine). So a save is two steps:

1. :func:`plan`, before the reload event: the season is loaded (the loader's memo
   parses only the changed file), and the site is cut into *units*, each with a
   content key: one section's pages in one language, a language's home page, one
   section's feeds, the season's feeds, one section's PDF, the assets. A unit whose
   key is known keeps its files (rendered once, encoded once); the others are
   pending. That is all the work done before the event: load, hash the changed
   sections, index the paths.
2. :meth:`LiveFiles.get`, when the browser asks for a file: a pending unit is
   rendered the first time one of its files is wanted (the home page wants every
   section's summary, so it renders the pending sections of its language first).
   A path the index does not know (a new player's page) renders every pending
   unit before the answer is "not found".

The units are the same calls as ``pipeline.build``'s, with the same inputs (the
section's renderer with the language's season, the home page from the sections'
summaries and the plan, each output's files, the "last updated" stamp on every
page), merged in the same order, so every file served is the one a fresh build
of the same files writes (tests/site/test_serve_lazy.py holds that over sequences
of saves and of requests in any order). The keys are the incremental build's
inputs (``incremental.render_site``: templates, the season's frame, the section;
``outputs.render_outputs``: the section or the season), hashed here with more
rather than fewer inputs, so a unit is never reused when a fresh build could
differ.
"""

from __future__ import annotations

import dataclasses
import hashlib
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path

import leaguegen.site.feeds  # noqa: F401  (registers the feeds output)
import leaguegen.site.pages  # noqa: F401  (registers every page kind's renderer)
from leaguegen.domain.changes import with_changes
from leaguegen.domain.season import Season, Section
from leaguegen.domain.stages import PendingStage
from leaguegen.formats.git_history import SeasonHistory, read_history
from leaguegen.site import i18n
from leaguegen.site.incremental import program_version
from leaguegen.site.outputs import outputs
from leaguegen.site.pages import season as season_pages
from leaguegen.site.pages.history import stamp_updated
from leaguegen.site.pages.registry import PENDING_RENDERER, SectionOutput, renderer_for
from leaguegen.site.pipeline import ASSETS
from leaguegen.site.planning_view import season_plan_view
from leaguegen.site.render import PDF_LINKS, render, template_dir

Files = dict[str, bytes]


def _hash(*parts: object) -> str:
    return hashlib.sha256("\x1f".join(repr(p) for p in parts).encode()).hexdigest()


@dataclass(eq=False)
class Unit:
    """A part of the site rendered as one: its files once made, or how to make them."""

    key: str
    make: Callable[[Unit], Files] | None
    files: Files | None = None
    stamped: bool = False  # pages: "last updated" is filled in as they are served
    # a section's pages: its summary and PDF source (the pages themselves are in files)
    output: SectionOutput | None = None
    pdf_key: str = ""  # a PDF: the key of its source
    pages: Unit | None = None  # a PDF: the section's pages, whose output names its path
    prefix: str = ""  # a PDF: its language's folder

    def known_paths(self) -> list[str] | None:
        """The paths of a pending PDF, known as soon as its section's pages are rendered."""
        if self.pages is not None and self.pages.output is not None:
            return [self.prefix + self.pages.output.pdf_path]
        return None

    def ensure(self) -> Files:
        if self.files is None:
            assert self.make is not None
            self.files = self.make(self)
            self.make = None
        return self.files


class _Texts:
    """The history's comparison cache (``git_history.TextCache``), in memory."""

    def __init__(self) -> None:
        self.texts: dict[str, str] = {}

    def get_page(self, key: str) -> str | None:
        return self.texts.get(key)

    def put_page(self, key: str, html: str) -> None:
        self.texts[key] = html


@dataclass
class LiveState:
    """What the live server keeps between saves: units by key, and memos by object."""

    units: dict[str, Unit] = field(default_factory=dict)
    section_keys: dict[int, tuple[Section, str]] = field(default_factory=dict)
    changed: dict[int, tuple[Section, tuple, Section]] = field(default_factory=dict)
    pdfs: dict[str, bytes] = field(default_factory=dict)
    history: _Texts = field(default_factory=_Texts)
    slots: dict[tuple, list[str]] = field(default_factory=dict)  # unit slot -> its last paths
    # one render at a time: requests, the PDF job and tests share the units
    lock: threading.RLock = field(default_factory=threading.RLock)


class LiveFiles:
    """One save's site: ``get(path)`` renders what the path needs, then answers."""

    def __init__(self, state: LiveState, season: Season, stamp: Callable[[Files], Files]):
        self.state = state
        self.season = season
        self._stamp = stamp
        self.order: list[tuple[tuple, Unit]] = []  # (slot, unit) in pipeline.build's order
        self.index: dict[str, Unit] = {}
        self.pdf_units: list[Unit] = []
        # what this save left to render (rendered since, or still pending), as
        # ``pipeline.SiteFiles`` counts it: sections (once per language), feeds, home pages
        self.sections_rendered: list[str] = []
        self.sections_reused: list[str] = []
        self.outputs_rendered = 0
        self.home_rendered = False

    # --- planning --------------------------------------------------------------------------

    def add(self, slot: tuple, key: str, make: Callable[[Unit], Files], stamped: bool = False
            ) -> Unit:
        unit = self.state.units.get(key)
        if unit is None:
            unit = Unit(key, make, stamped=stamped)
            self.state.units[key] = unit
        self.order.append((slot, unit))
        return unit

    def _reindex(self) -> None:
        """Path -> unit, later units winning as later files win in ``pipeline.build``; a
        pending unit is listed under the paths its slot had last time."""
        index: dict[str, Unit] = {}
        slots = self.state.slots
        for slot, unit in self.order:
            paths = unit.files if unit.files is not None else (
                unit.known_paths() or slots.get(slot, ()))
            for path in paths:
                index[path] = unit
            if unit.files is not None:
                slots[slot] = list(unit.files)
        self.index = index

    @property
    def pending(self) -> list[Unit]:
        return [u for _, u in self.order if u.files is None]

    # --- serving ---------------------------------------------------------------------------

    def get(self, path: str) -> bytes | None:
        """The file a fresh build writes at ``path`` (None: it writes none there)."""
        unit = self.index.get(path)
        if unit is None or unit.files is None:
            with self.state.lock:
                if unit is not None:
                    unit.ensure()
                    self._reindex()
                    unit = self.index.get(path)
                if unit is None or unit.files is None or path not in unit.files:
                    # a path no unit had: it may be new (a new player's page), so every
                    # pending page and feed is rendered; then its PDF's path is known too
                    self.render_all(pdfs=False)
                    unit = self.index.get(path)
                    if unit is not None and unit.files is None:
                        unit.ensure()
                        self._reindex()
                if unit is None:
                    return None
        data = unit.files.get(path) if unit.files is not None else None
        if data is None:
            return None
        return self._stamp({path: data})[path] if unit.stamped else data

    def render_all(self, pdfs: bool = True) -> None:
        """Render every pending unit (``pdfs`` False: but the PDFs)."""
        with self.state.lock:
            for unit in self.pending:
                if pdfs or unit.pages is None:
                    unit.ensure()
            self._reindex()

    @property
    def files(self) -> Files:
        """Every file, rendered: what ``pipeline.build`` returns for the same season."""
        self.render_all()
        out: Files = {}
        for _, unit in self.order:
            files = unit.ensure()
            out.update(self._stamp(dict(files)) if unit.stamped else files)
        return out

    def __len__(self) -> int:
        return len(self.index)

    def __iter__(self) -> Iterator[str]:
        self.render_all()
        return iter(list(self.index))

    def __contains__(self, path: object) -> bool:
        return isinstance(path, str) and self.get(path) is not None

    def warm_pdfs(self) -> Files:
        """Render the pending PDFs (the server's background job); returns them. WeasyPrint
        runs outside the lock, so a save meanwhile is planned (and reloads) at once."""
        out: Files = {}
        for unit in self.pdf_units:
            if unit.files is not None or unit.pages is None:
                continue
            with self.state.lock:
                unit.pages.ensure()
                assert unit.pages.output is not None
                source = unit.pages.output.pdf_html
            key = _hash("pdf", source)
            if key not in self.state.pdfs:
                from leaguegen.site.pdf import html_to_pdf

                data = html_to_pdf(source, template_dir())
                with self.state.lock:
                    _keep_pdf(self.state, key, data)
            with self.state.lock:
                out.update(unit.ensure())
                self._reindex()
        return out


def _frame(season: Season) -> tuple:
    """The season facts every page may show: everything but the sections and the news."""
    return tuple((f.name, getattr(season, f.name)) for f in dataclasses.fields(season)
                 if f.name not in ("sections", "news", "warnings"))


def _section_key(state: LiveState, fresh: dict, section: Section) -> str:
    known = state.section_keys.get(id(section))
    key = known[1] if known is not None and known[0] is section else _hash("section", section)
    fresh[id(section)] = (section, key)
    return key


def _with_changes(state: LiveState, season: Season, changes: dict) -> Season:
    """``with_changes``, keeping the same Section object while a section and its changes
    are the same, so its key is not hashed again on every save."""
    if not changes:
        return season
    changed = with_changes(season, changes)
    fresh: dict = {}
    sections = []
    for before, after in zip(season.sections, changed.sections, strict=True):
        if after is not before:
            known = state.changed.get(id(before))
            if known is not None and known[0] is before and known[1] == after.changes:
                after = known[2]
            fresh[id(before)] = (before, after.changes, after)
        sections.append(after)
    state.changed = fresh
    return replace(changed, sections=tuple(sections))


def plan(season: Season, state: LiveState, pdf: bool = True, templates: str = "",
         source: Path | None = None, history: SeasonHistory | None = None) -> LiveFiles:
    """The site of ``season`` as units, known ones reused, the rest pending.

    ``history`` is ``read_history(source)``'s (read here when not given).
    """
    if history is None and source is not None:
        history = read_history(source, cache=state.history)
    if history is not None:
        season = _with_changes(state, season, history.changes)
    updated = history.updated if history is not None else None
    live = LiveFiles(state, season, lambda files: stamp_updated(files, season, updated))
    fresh: dict = {}
    section_keys = [_section_key(state, fresh, s) for s in season.sections]
    state.section_keys = fresh
    frame = _frame(season)
    languages = season.languages or (season.language,)
    page_units: dict[str, Unit] = {}
    for code in languages:
        signature = f"{code}|{season.digits}|{','.join(languages)}"
        local = replace(season, language=code, languages=languages)
        pre = i18n.prefix(code, languages)
        base = _hash("pages", templates, frame, pdf, signature)
        units = []
        for section, skey in zip(season.sections, section_keys, strict=True):
            key = _hash(base, skey)
            unit = live.add(("section", code, section.id), key,
                            _section_maker(local, section, pre, pdf), stamped=True)
            units.append(unit)
            page_units[f"{code}/{section.id}"] = unit
            (live.sections_reused if unit.files is not None
             else live.sections_rendered).append(section.id)
        key = _hash(base, "home", [u.key for u in units], season.news)
        home = live.add(("home", code), key, _home_maker(local, units, pre, pdf), stamped=True)
        live.home_rendered = live.home_rendered or home.files is None
    assets = ASSETS + i18n.font_assets(season)
    live.add(("assets",), _hash("assets", templates, assets),
             lambda _unit: {f"assets/{a}": (template_dir() / "assets" / a).read_bytes()
                            for a in assets})
    program = program_version()  # taken once a process (site/program.py)
    names = tuple(o.name for o in outputs())
    base = _hash("outputs", program, names, frame)
    for section, skey in zip(season.sections, section_keys, strict=True):
        key = _hash(base, skey)
        unit = live.add(("outputs", section.id), key, _outputs_maker(season, section))
        live.outputs_rendered += unit.files is None
    key = _hash(base, "season", season.news, section_keys)
    unit = live.add(("outputs-season",), key, _season_outputs_maker(season))
    live.outputs_rendered += unit.files is None
    if pdf:
        for code in languages:
            pre = i18n.prefix(code, languages)
            for section in season.sections:
                pages = page_units[f"{code}/{section.id}"]
                unit = live.add(("pdf", code, section.id), _hash("pdf", pages.key),
                                _pdf_maker(state, pages, pre))
                unit.pages, unit.prefix = pages, pre
                live.pdf_units.append(unit)
    state.units = {u.key: u for _, u in live.order}
    state.slots = {slot: state.slots[slot] for slot, _ in live.order if slot in state.slots}
    live._reindex()
    return live


def _section_maker(season: Season, section: Section, pre: str, pdf: bool
                   ) -> Callable[[Unit], Files]:
    def make(unit: Unit) -> Files:
        kind = PENDING_RENDERER if isinstance(section.stage, PendingStage) else section.format
        token = PDF_LINKS.set(pdf)
        try:
            output = renderer_for(kind)(season, section)
        finally:
            PDF_LINKS.reset(token)
        unit.output = SectionOutput({}, output.pdf_path, output.pdf_html, output.summary)
        return {pre + path: html.encode() for path, html in output.pages.items()}
    return make


def _home_maker(season: Season, units: list[Unit], pre: str, pdf: bool
                ) -> Callable[[Unit], Files]:
    def make(_unit: Unit) -> Files:
        summaries = []
        for unit in units:
            unit.ensure()
            assert unit.output is not None
            summaries.append(unit.output.summary)
        token = PDF_LINKS.set(pdf)
        try:
            plan_view = season_plan_view(season)
            html = render("season.html", season_pages.season_page(season, summaries, plan_view),
                          season.language)
        finally:
            PDF_LINKS.reset(token)
        return {pre + "index.html": html.encode()}
    return make


def _outputs_maker(season: Season, section: Section) -> Callable[[Unit], Files]:
    def make(_unit: Unit) -> Files:
        files: Files = {}
        for output in outputs():
            if output.per_section is not None:
                files.update(output.per_section(season, section))
        return files
    return make


def _season_outputs_maker(season: Season) -> Callable[[Unit], Files]:
    def make(_unit: Unit) -> Files:
        files: Files = {}
        for output in outputs():
            if output.per_season is not None:
                files.update(output.per_season(season))
        return files
    return make


def _pdf_maker(state: LiveState, pages: Unit, pre: str) -> Callable[[Unit], Files]:
    def make(unit: Unit) -> Files:
        pages.ensure()
        output = pages.output
        assert output is not None
        unit.pdf_key = key = _hash("pdf", output.pdf_html)
        data = state.pdfs.get(key)
        if data is None:
            from leaguegen.site.pdf import html_to_pdf

            data = html_to_pdf(output.pdf_html, template_dir())
            _keep_pdf(state, key, data)
        return {pre + output.pdf_path: data}
    return make


def _keep_pdf(state: LiveState, key: str, data: bytes) -> None:
    """Keep a PDF by its source's key, and only those of the current units besides."""
    wanted = {u.pdf_key for u in state.units.values() if u.pdf_key} | {key}
    state.pdfs = {k: v for k, v in state.pdfs.items() if k in wanted}
    state.pdfs[key] = data
