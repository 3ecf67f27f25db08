"""The live server calls the one build (``site/pipeline.py``) with the sections a save
touched: after any sequence of saves its files are a fresh build's, and a save renders
the touched section's pages (with the home page) before the reload and its feeds (with
the season's) after it, no other section's."""

from __future__ import annotations

import shutil
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from leaguegen.domain.season import Section
from leaguegen.site import incremental, outputs, program
from leaguegen.site.live import LiveSite
from tests.conftest import DEMO
from tests.site.test_incremental_rebuild import RenderSpy
from tests.site.test_serve import MINI, Events, _apply, fake_pdf, finished, fresh_build

# (file, old, new): every occurrence of old is replaced; applied again, the edit is undone
EDITS = [
    ("season.yaml", "Ann Able - Dan Dale: 1-0", "Ann Able - Dan Dale: 0-1"),
    ("season.yaml", "name: Group A", "name: Group Alpha"),
    ("season.yaml", "name: Mini League\n", "name: Mini League\nlanguages: [en, ru]\n"),
    ("season.yaml", "Bob Baker - Cat Cole: ½-½", "Bob Baker - Cat Cole: 1-O"),  # invalid
    ("b.yaml", "Fay Ford - Gus Gray: 0-1", "Fay Ford - Gus Gray: ½-½"),
    ("b.yaml", "Hal Hill", "Hal Hull"),  # a player renamed: a page gone, a new one
    ("b.yaml", "Eve East, Fay Ford", "Eve Easton, Fay Ford"),  # invalid: rounds name Eve East
    ("news/2026-01-02-hello.md", "First news.", "First news, edited."),
    ("b.yaml", "\n", "\xff"),  # a byte that is not UTF-8
]
MISSING = ("nope.html", "b/players/nobody.html", "assets/none.css")


def _edit(state: dict[str, str], edit: int) -> dict[str, str]:
    name, old, new = EDITS[edit]
    new = new.replace("\xff", "\udcff")
    state = dict(state)
    text = state[name]
    state[name] = text.replace(old, new) if old in text else text.replace(new, old)
    return state


@settings(max_examples=10, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=st.lists(st.tuples(st.integers(0, len(EDITS) - 1), st.booleans(),
                                st.integers(10, 400),
                                st.lists(st.integers(0, 10**6), max_size=5)),
                      min_size=2, max_size=6))
def test_after_any_saves_every_file_is_what_a_fresh_build_writes(tmp_path_factory, steps
                                                                 ) -> None:
    """Valid, broken, half-written and reverted saves; each answer (pages asked for one by
    one, in any order, and every file at once) is the fresh build's of the same files."""
    folder = tmp_path_factory.mktemp("saves")
    state = dict(MINI)
    _apply(folder, state)
    live = LiveSite(folder, pdf=False)
    served, _ = live.build()
    expected, _ = fresh_build(folder)
    assert served is not None and expected is not None
    for edit, half, cut, asks in steps:
        state = _edit(state, edit)
        name = EDITS[edit][0]
        _apply(folder, dict(state, **{name: state[name][:cut]}) if half else state)
        got, errors = live.build()
        fresh, fresh_errors = fresh_build(folder)
        assert errors == fresh_errors and (got is None) == (fresh is None)
        if got is None:  # the server keeps serving the last good build
            continue
        served, expected = got, fresh
        assert expected is not None
        paths = sorted(expected) + list(MISSING)
        later = {path for path in expected if path not in served}  # feeds, made after
        assert not any(path.endswith(".html") for path in later)
        finished(live, served)
        for ask in asks:  # requests in any order, before the whole site is taken
            path = paths[ask % len(paths)]
            assert served.get(path) == expected.get(path), path
        assert served.files == expected
        assert not served.pending_pdfs


class Renders:
    """Counts what the pipeline renders, by section: its pages (per language), its feeds,
    and how often a section is hashed for its cache keys."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.pages: list[str] = []
        self.feeds: list[str] = []
        self.keyed = 0
        pages, feeds, key = (incremental.render_section, outputs.section_outputs,
                             program.content_key)

        def render_section(season, facts):  # noqa: ANN001,ANN202
            self.pages.append(facts.section.id)
            return pages(season, facts)

        def section_outputs(season, section):  # noqa: ANN001,ANN202
            self.feeds.append(section.id)
            return feeds(season, section)

        def content_key(*parts):  # noqa: ANN002,ANN202
            self.keyed += sum(isinstance(part, Section) for part in parts)
            return key(*parts)

        monkeypatch.setattr(incremental, "render_section", render_section)
        monkeypatch.setattr(outputs, "section_outputs", section_outputs)
        monkeypatch.setattr(program, "content_key", content_key)


A_FILE = """id: a
name: Group A
format: round_robin
players: [Ann Able, Bob Baker, Cat Cole, Dan Dale]
rounds:
  - results:
      - Ann Able - Dan Dale: 1-0
      - Bob Baker - Cat Cole: ½-½
"""


def _two_files(folder: Path) -> None:
    """MINI with section a in a file of its own too (an inline section is parsed again at
    every load, so it is in every save's dirty set)."""
    season = MINI["season.yaml"]
    inline = season[season.index("  - id: a"):season.index("  - b.yaml")]
    _apply(folder, dict(MINI, **{"season.yaml": season.replace(inline, "  - a.yaml\n"),
                                 "a.yaml": A_FILE}))


def test_a_save_renders_the_dirty_section_only(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """A result saved in b.yaml: the dirty set is {b}; b's pages and feeds are rendered and
    keyed, a's are neither (reused from the memory store), the home page once."""
    _two_files(tmp_path)
    live = LiveSite(tmp_path, pdf=False)
    first, _ = live.build()
    assert first is not None and first.sections_rendered == ["a", "b"]
    finished(live, first)
    count = Renders(monkeypatch)
    unchanged, _ = live.build()  # a save that changed nothing: nothing rendered or keyed
    assert unchanged is not None and not unchanged.rendered_anything
    assert (count.pages, count.feeds, count.keyed) == ([], [], 0)
    _apply(tmp_path, {"b.yaml": MINI["b.yaml"].replace("Gus Gray: 0-1", "Gus Gray: 1-0")})
    spy = RenderSpy(monkeypatch)
    site, _ = live.build()
    assert site is not None
    assert (count.pages, count.feeds, count.keyed) == (["b"], [], 1)
    assert site.sections_rendered == ["b"] and site.sections_reused == ["a"]
    finished(live, site)
    assert count.feeds == ["b"]  # b's feeds, made after the reload; a's are kept
    # the home page at most once (only when b's summary on it changed: keyed by content)
    assert spy.names.count("season.html") == int(site.home_rendered) <= 1
    assert site.files == fresh_build(tmp_path)[0]


def test_a_section_outside_the_dirty_set_keeps_its_history(tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch
                                                           ) -> None:
    """The pipeline takes an untouched section from its memo only while its changes (from
    the history) are the same: a section whose changes differ is rendered though its
    file did not change."""
    import datetime as dt

    from leaguegen.domain.changes import Change
    from leaguegen.formats.git_history import SeasonHistory
    from leaguegen.formats.season_yaml import load_season
    from leaguegen.site import pipeline
    from leaguegen.site.incremental import MemoryStore

    _apply(tmp_path, MINI)
    season = load_season(tmp_path)
    store, memo = MemoryStore(), pipeline.Memo()
    when = dt.datetime(2026, 1, 3, tzinfo=dt.UTC)
    change = Change("result", 1, ("Eve East", "Hal Hill"), None, "1-0", when, "abcdef0")
    first = pipeline.build(season, store, pdf=False, memo=memo,
                           history=SeasonHistory(when, {"b": (change,)}))
    assert first.sections_rendered == ["a", "b"]
    count = Renders(monkeypatch)
    again = pipeline.build(season, store, pdf=False, memo=memo, dirty=set(),
                           history=SeasonHistory(when, {"b": (change,)}))
    assert again.sections_rendered == [] and count.keyed == 0
    later = pipeline.build(season, store, pdf=False, memo=memo, dirty=set(),
                           history=SeasonHistory(when, {"b": (change, change)}))
    assert later.sections_rendered == ["b"] and count.pages == ["b"]


def test_pdfs_are_made_in_the_background_and_only_the_changed_ones(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import leaguegen.site.pdf as pdf_module

    made: list[str] = []

    def fake(source: str, base: object) -> bytes:
        made.append(source)
        return fake_pdf(source, base)

    monkeypatch.setattr(pdf_module, "html_to_pdf", fake)
    _apply(tmp_path, MINI)
    live = LiveSite(tmp_path, pdf=True)
    site, _ = live.build()
    assert site is not None and made == []  # the pages first, the PDFs after the reload
    assert site.get("a/a-crosstable.pdf") is None
    # what a request for a missing file waits for (serve.py), and what it does not
    assert site.coming("a/a-crosstable.pdf") and site.coming("feed.atom")
    assert site.coming("a/section.json") and not site.coming("a/nobody.html")
    finished(live, site)
    assert not site.coming("a/a-crosstable.pdf") and not site.coming("feed.atom")
    assert not site.coming("a/nothing.pdf")
    assert len(made) == 2
    assert site.files == fresh_build(tmp_path, pdf=True)[0]
    made.clear()
    _apply(tmp_path, {"b.yaml": MINI["b.yaml"].replace("Gus Gray: 0-1", "Gus Gray: 1-0")})
    site, _ = live.build()
    assert site is not None and list(site.pending_pdfs) == ["b/b-crosstable.pdf"]
    finished(live, site)
    assert len(made) == 1  # only b's PDF
    assert site.files == fresh_build(tmp_path, pdf=True)[0]
    _apply(tmp_path, MINI)  # back: b's old PDF was made for another source, so again
    site, _ = live.build()
    assert site is not None and list(site.pending_pdfs) == ["b/b-crosstable.pdf"]


def test_served_pages_are_the_built_site_on_disk(tmp_path: Path) -> None:
    """Through HTTP: after a save, each page (the injected reload script taken out) is the
    file `leaguegen build` writes for the same files."""
    from leaguegen.serve import RELOAD_SCRIPT, BuildOutcome, DevServer
    from leaguegen.site.build import build_site

    season = tmp_path / "season"
    shutil.copytree(DEMO, season)
    site = LiveSite(season, pdf=False)

    def build() -> BuildOutcome:
        built, errors = site.build()
        if built is None:
            return BuildOutcome(None, errors)
        return BuildOutcome(built, [], site.background(built), site.summary(built))

    server = DevServer(build, [season], port=0)  # feed.atom: asked before it may be made
    server.start()
    try:
        base = f"http://127.0.0.1:{server.port}"
        events = Events(base + "/__leaguegen/events")
        assert events.ready.wait(10)
        path = season / "season.yaml"
        text = path.read_text(encoding="utf-8")
        line = "          - Eleanor Whitfield - Daniel Reyes: 1-0"
        path.write_text(text.replace(line, line.replace("1-0", "0-1")), encoding="utf-8")
        events.wait_reload(1)
        out = tmp_path / "out"
        build_site(season, out, pdf=False, cache_dir=tmp_path / "cache")
        pages = ["premier/players/eleanor-whitfield.html", "index.html", "premier/index.html",
                 "premier/rounds.html"]
        pages += sorted(str(p.relative_to(out)) for p in out.rglob("*.json"))[:3]
        pages += ["feed.atom", "season.ics", "season.json"]  # made after the reload
        for rel in pages:
            with urllib.request.urlopen(f"{base}/{rel}", timeout=30) as resp:
                body = resp.read()
            if rel.endswith(".html"):
                script = (RELOAD_SCRIPT % server.state.build_id).encode()
                assert script in body
                body = body.replace(script, b"", 1)
            assert body == (out / rel).read_bytes(), rel
        with pytest.raises(urllib.error.HTTPError) as missing:
            urllib.request.urlopen(f"{base}/premier/players/nobody.html", timeout=30)
        assert missing.value.code == 404
    finally:
        server.stop()


def test_a_page_that_fails_to_be_served_is_an_overlay_error(tmp_path: Path) -> None:
    """A bug while a page is finished on request: a 500 page with the error in the
    overlay, and the server goes on."""
    from leaguegen.serve import BuildOutcome, DevServer

    class Broken:
        def get(self, path: str) -> bytes | None:
            if path == "bad.html":
                raise RuntimeError("boom")
            return b"<html><body>ok</body></html>" if path == "index.html" else None

        def update(self, files: dict[str, bytes]) -> None:
            return None

        def __len__(self) -> int:
            return 2

    server = DevServer(lambda: BuildOutcome(Broken()), [tmp_path], port=0)
    server.start()
    try:
        base = f"http://127.0.0.1:{server.port}"
        with pytest.raises(urllib.error.HTTPError) as failed:
            urllib.request.urlopen(f"{base}/bad.html", timeout=10)
        assert failed.value.code == 500
        body = failed.value.read().decode()
        assert "leaguegen-errors" in body and "internal error while rendering bad.html" in body
        time.sleep(0.05)
        with urllib.request.urlopen(f"{base}/index.html", timeout=10) as resp:
            assert b"ok" in resp.read()
    finally:
        server.stop()


def test_a_section_file_is_read_again_unless_its_stat_is_old_and_unchanged(tmp_path: Path
                                                                           ) -> None:
    """The live loader's reads: a file changed in the clock tick it was read in (same size,
    same times) is read again; one last changed long before, with the same stat, is not."""
    import os
    from types import SimpleNamespace

    from leaguegen.site.live import _Reads

    section = tmp_path / "s.yaml"
    section.write_text("one", encoding="utf-8")
    real = os.stat(section)
    now = SimpleNamespace(st_size=3, st_mtime_ns=1, st_ctime_ns=1, st_ino=real.st_ino,
                          st_dev=real.st_dev, st_mtime=time.time(), st_ctime=time.time())
    reads = _Reads()
    reads.stat = lambda _path: now  # every write in the same tick: the same stat
    assert reads.read(section, tmp_path, "s.yaml")[1] == "one"
    section.write_text("two", encoding="utf-8")
    assert reads.read(section, tmp_path, "s.yaml")[1] == "two"  # racy: read again
    old = SimpleNamespace(**{**vars(now), "st_mtime": time.time() - 60,
                             "st_ctime": time.time() - 60})
    reads.stat = lambda _path: old
    assert reads.read(section, tmp_path, "s.yaml")[1] == "two"
    section.write_text("six", encoding="utf-8")  # (a real stat would show the change)
    assert reads.read(section, tmp_path, "s.yaml")[1] == "two"  # trusted: not read
    changed = SimpleNamespace(**{**vars(old), "st_ctime_ns": 2})
    reads.stat = lambda _path: changed
    assert reads.read(section, tmp_path, "s.yaml")[1] == "six"


def test_without_weasyprint_the_preview_says_so_once_then_links_no_pdfs(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Where WeasyPrint cannot load, the background job says why (not a bare repr of an
    OSError, at every save), and the next builds make the pages without PDF links, as a
    ``leaguegen build`` there does."""
    import leaguegen.site.live as live_module
    import leaguegen.site.pdf as pdf_module
    from leaguegen.site.pdf import PdfUnavailable

    def missing(source: str, base: object) -> bytes:
        raise PdfUnavailable("cannot load library 'libpango-1.0-0'")

    monkeypatch.setattr(pdf_module, "html_to_pdf", missing)
    monkeypatch.setattr(live_module, "_NO_PDFS", [])
    _apply(tmp_path, MINI)
    live = LiveSite(tmp_path, pdf=True)
    site, _ = live.build()
    assert site is not None and b"a-crosstable.pdf" in site.get("a/index.html")  # not known yet
    *feeds, pdfs = live.background(site)
    for job in feeds:
        site.update(job())
    with pytest.raises(PdfUnavailable, match="no PDF crosstables.*libpango.*next save"):
        pdfs()
    site, _ = live.build()  # the next save
    # no PDF job: the standings-after pages left for later only, made into ``site``
    assert site is not None and not site.pending_pdfs
    assert all(job() == {} for job in live.background(site))
    assert not [rel for rel, data in site.files.items()
                if rel.endswith(".pdf") or (rel.endswith(".html") and b".pdf" in data)]
    assert site.files == fresh_build(tmp_path, pdf=False)[0]


def test_a_file_still_being_made_in_the_background_is_waited_for(tmp_path: Path) -> None:
    """A request for a file the published build lacks, while its background work runs,
    gets that file once the work is done, not a 404; a file nobody makes is a 404 then."""
    import threading

    from leaguegen.serve import BuildOutcome, DevServer

    release = threading.Event()

    def feeds() -> dict[str, bytes]:
        release.wait(30)
        return {"feed.atom": b"<feed/>"}

    server = DevServer(lambda: BuildOutcome({"index.html": b"<html><body></body></html>"},
                                            background=[feeds]), [tmp_path], port=0)
    server.start()
    answers: dict[str, object] = {}

    def ask(path: str) -> None:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{server.port}/{path}",
                                        timeout=30) as resp:
                answers[path] = resp.read()
        except urllib.error.HTTPError as exc:
            answers[path] = exc.code

    try:
        asking = [threading.Thread(target=ask, args=(p,)) for p in ("feed.atom", "nope.xml")]
        for t in asking:
            t.start()
        time.sleep(0.3)
        assert answers == {}  # both wait for the background work
        release.set()
        for t in asking:
            t.join(30)
        assert answers == {"feed.atom": b"<feed/>", "nope.xml": 404}
    finally:
        server.stop()
