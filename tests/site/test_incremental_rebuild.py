"""A rebuild renders only what changed: nothing at all when nothing did (build and serve)."""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import jinja2
import pytest
from click.testing import CliRunner

from leaguegen.cli import main
from leaguegen.site import build as build_module
from leaguegen.site.live import LiveSite
from tests.conftest import DEMO


class RenderSpy:
    """Counts the templates rendered (every page, whichever module renders it)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.names: list[str] = []
        original = jinja2.Template.render

        def render(template, *args, **kwargs):  # noqa: ANN001,ANN202
            self.names.append(template.name)
            return original(template, *args, **kwargs)

        monkeypatch.setattr(jinja2.Template, "render", render)


@pytest.fixture
def season(tmp_path: Path) -> Path:
    folder = tmp_path / "season"
    shutil.copytree(DEMO, folder)
    return folder


def _build(season: Path, out: Path, *extra: str):
    result = CliRunner().invoke(main, ["build", str(season), "--out", str(out), "--no-pdf",
                                       *extra])
    assert result.exit_code == 0, result.output
    return result


RESULT = re.compile(r"^(\s+- [^#\n]+ - [^#\n]+): 1-0$", re.M)


def _flip_a_result(season: Path) -> Path:
    """The first 1-0 result becomes 0-1 (the same length)."""
    for path in sorted(season.rglob("*.yaml")):
        text = path.read_text(encoding="utf-8")
        if RESULT.search(text):
            path.write_text(RESULT.sub(r"\1: 0-1", text, count=1), encoding="utf-8")
            return path
    raise AssertionError("the demo has a 1-0 result")


def test_a_rebuild_with_nothing_changed_loads_renders_and_writes_nothing(
        season: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "site"
    _build(season, out)
    before = {p: p.stat().st_ino for p in out.rglob("*")}
    spy = RenderSpy(monkeypatch)

    def no_build(*args, **kwargs):  # noqa: ANN002,ANN003,ANN202
        raise AssertionError("a build ran although nothing changed")

    monkeypatch.setattr(build_module, "build_site", no_build)
    result = _build(season, out)
    assert "nothing changed" in result.output
    # start, A-Z lists, screens, the standings after each earlier round
    assert result.output.startswith("Built 83 pages and 0 PDFs")
    assert spy.names == []
    assert {p: p.stat().st_ino for p in out.rglob("*")} == before  # the very same files


def test_a_changed_file_same_size_and_time_is_still_a_change(season: Path,
                                                             tmp_path: Path) -> None:
    out = tmp_path / "site"
    _build(season, out)
    path = next(p for p in sorted(season.rglob("*.yaml")) if RESULT.search(p.read_text()))
    st = path.stat()
    _flip_a_result(season)  # same length
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))
    assert path.stat().st_size == st.st_size
    result = _build(season, out)
    assert "nothing changed" not in result.output
    assert "1 section rendered" in result.output


@pytest.mark.skipif(shutil.which("git") is None, reason="git not installed")
def test_committing_edits_already_built_is_a_change(season: Path, tmp_path: Path) -> None:
    """The pages show the git history (Changes, last updated): a commit that changes no
    file's content still changes them, so it must not be taken for "nothing changed"."""
    import subprocess

    def git(*args: str) -> None:
        subprocess.run(["git", "-c", "user.name=T", "-c", "user.email=t@example.org", *args],
                       cwd=season, check=True, capture_output=True)

    git("init", "-q")
    git("add", ".")
    git("commit", "-q", "-m", "season")
    out = tmp_path / "site"
    _flip_a_result(season)
    _build(season, out)  # the edit built before it is committed
    assert "nothing changed" in _build(season, out).output
    git("commit", "-q", "-am", "result corrected")
    assert "nothing changed" not in _build(season, out).output
    assert "nothing changed" in _build(season, out).output


def test_a_changed_build_hashes_its_inputs_once(season: Path, tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """The CLI's no-change check hashes every file (and asks git); the build it then
    starts records that hash instead of taking it again."""
    from leaguegen.site import stamp

    out = tmp_path / "site"
    _build(season, out)
    calls = []
    original = stamp.digest
    monkeypatch.setattr(stamp, "digest", lambda *a: calls.append(a) or original(*a))
    _flip_a_result(season)
    assert "1 section rendered" in _build(season, out).output
    assert len(calls) == 1
    assert "nothing changed" in _build(season, out).output  # the stamp is the edited inputs'
    _flip_a_result(season)
    same, inputs = stamp.unchanged(season, out, stamp.options(False))
    assert same is None and inputs == original(season, out, stamp.options(False))


def test_options_templates_and_a_missing_site_are_changes(season: Path, tmp_path: Path) -> None:
    out = tmp_path / "site"
    _build(season, out)
    result = CliRunner().invoke(main, ["build", str(season), "--out", str(out)])
    assert "nothing changed" not in result.output  # now with PDFs: another build
    _build(season, out)
    shutil.rmtree(out)
    result = _build(season, out)
    assert "nothing changed" not in result.output
    assert (out / "index.html").is_file()
    assert "nothing changed" in _build(season, out).output
    assert "nothing changed" not in _build(season, out, "--clean").output


def test_serve_renders_nothing_when_nothing_changed(season: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    site = LiveSite(season, pdf=False)
    first, _ = site.build()
    assert first is not None
    for job in site.background(first):  # the season's feeds, made after the reload
        first.update(job())
    spy = RenderSpy(monkeypatch)
    built, problems = site.build()
    assert problems == [] and built is not None
    assert spy.names == []
    assert built.outputs_rendered == 0  # the feeds were not computed again either


def test_serve_after_one_edit_renders_that_section_and_the_home_page_only(
        season: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    site = LiveSite(season, pdf=False)
    first, _ = site.build()
    assert first is not None
    for job in site.background(first):  # the feeds, made after the reload
        first.update(job())
    edited = _flip_a_result(season)
    spy = RenderSpy(monkeypatch)
    built, problems = site.build()
    assert problems == [] and built is not None
    assert len(built.sections_rendered) == 1
    section = built.sections_rendered[0]
    assert section in edited.read_text(encoding="utf-8")
    # the A-Z lists show the pairings, which a result leaves as they were: they are kept
    # by their context (render.kept_page, tests/site/test_standings_after_kept.py)
    pages_of_section = [p for p in built.files if p.startswith(f"{section}/")
                        and p.endswith(".html") and "/alphabetical" not in p]
    # the section's other pages and the home page; no other section's, and no PDF source
    # in a build without PDFs
    assert len(spy.names) == len(pages_of_section) + 1
    assert not any(name.endswith("pdf.html") for name in spy.names)
    assert built.outputs_rendered == 2  # that section's feeds and the season's (later)


def test_compiled_templates_from_the_cache_render_what_fresh_ones_do(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Jinja2 folds constant filters into the compiled code, so a template compiled for one
    language's digits must never be reused for another's."""
    from leaguegen.formats.season_yaml import load_season
    from leaguegen.site import render

    arabic = load_season(DEMO.parent / "amman-2026-ar")
    english = load_season(DEMO)
    (tmp_path / "a-file").write_text("")
    monkeypatch.setenv("LEAGUEGEN_CACHE_DIR", str(tmp_path / "a-file" / "x"))  # no cache
    render.environment.cache_clear()
    fresh = build_module.render_pages(arabic)
    monkeypatch.setenv("LEAGUEGEN_CACHE_DIR", str(tmp_path / "cache"))
    for _ in range(2):
        render.environment.cache_clear()
        build_module.render_pages(english)  # fills the cache with western digits
        render.environment.cache_clear()
        assert build_module.render_pages(arabic) == fresh
    assert any((tmp_path / "cache").rglob("*.cache"))
    render.environment.cache_clear()
