"""``leaguegen build`` writes sections where they are rendered (site/prerender.py), and the
site on disk is byte for byte the one the plain pipeline makes in one process."""

from __future__ import annotations

import multiprocessing
from pathlib import Path

import pytest

from leaguegen.errors import OutputRefused
from leaguegen.formats.season_yaml import load_season
from leaguegen.site import parallel, pipeline
from leaguegen.site.build import build_site
from leaguegen.site.incremental import MemoryStore
from leaguegen.site.output_guard import MARKER
from leaguegen.site.write import OutputTree

pytestmark = pytest.mark.skipif("fork" not in multiprocessing.get_all_start_methods(),
                                reason="no fork start method on this platform")


def _on_disk(out: Path) -> dict[str, bytes]:
    return {p.relative_to(out).as_posix(): p.read_bytes() for p in sorted(out.rglob("*"))
            if p.is_file() and p.name != MARKER}


def _reference(folder: Path) -> dict[str, bytes]:
    """The plain pipeline in this process: every file in memory."""
    return pipeline.build(load_season(folder), MemoryStore(), pdf=False, source=folder).files


@pytest.fixture
def forking(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Two processes for any build of two sections or more; the pools forked, by size."""
    monkeypatch.setattr(parallel, "MIN_ITEMS", 2)
    monkeypatch.setenv("LEAGUEGEN_JOBS", "2")
    forked: list[int] = []
    real = parallel.ProcessPoolExecutor

    def spy(*args, **kwargs):  # noqa: ANN002,ANN003,ANN202
        forked.append(kwargs["max_workers"])
        return real(*args, **kwargs)

    monkeypatch.setattr(parallel, "ProcessPoolExecutor", spy)
    return forked


# seven sections of four kinds and stages; two languages; a season with git history
# (the pages' "last updated" is stamped in the children)
@pytest.mark.parametrize("demo", ["grand-prix-2027", "ladya-2026-ru", "riverside-2026"])
def test_forked_build_writes_the_same_site_cold_and_warm(demo: str, tmp_path: Path,
                                                         forking: list[int]) -> None:
    folder = Path("seasons") / demo
    expected = _reference(folder)
    season = load_season(folder)
    out, cache = tmp_path / "site", tmp_path / "cache"
    report = build_site(folder, out, pdf=False, cache_dir=cache)
    if len(season.sections) >= 2:
        assert forking == [2]  # one pool: facts, feeds and pages of a section together
    assert _on_disk(out) == expected
    assert sorted(report.files) == sorted(expected)
    assert report.sections_reused == 0
    forking.clear()
    again = build_site(folder, out, pdf=False, cache_dir=cache)  # every section cached
    assert forking == []
    assert _on_disk(out) == expected
    assert again.sections_rendered == 0
    assert again.sections_reused == report.sections_rendered == len(season.sections) * max(
        1, len(season.languages))


def test_one_process_build_writes_the_same_site(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LEAGUEGEN_JOBS", "1")
    folder = Path("seasons/grand-prix-2027")
    build_site(folder, tmp_path / "site", pdf=False, cache_dir=tmp_path / "cache")
    assert _on_disk(tmp_path / "site") == _reference(folder)


def test_a_write_failing_in_a_child_leaves_the_old_site(tmp_path: Path, forking: list[int],
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    folder = Path("seasons/grand-prix-2027")
    out = tmp_path / "site"
    build_site(folder, out, pdf=False, cache_dir=tmp_path / "cache")
    before = _on_disk(out)
    real_put = OutputTree.put

    def failing(self: OutputTree, relative: str, content: str | bytes) -> Path:
        if relative.endswith(".ics"):
            raise OSError(28, "No space left on device")
        return real_put(self, relative, content)

    monkeypatch.setattr(OutputTree, "put", failing)
    with pytest.raises(OutputRefused, match="No space left on device"):
        build_site(folder, out, pdf=False, cache_dir=tmp_path / "cache", clean=True)
    assert forking[-1] == 2  # it failed in a child
    assert _on_disk(out) == before
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".site-")]  # no staging left


def test_the_parent_derives_no_sections_facts(tmp_path: Path, forking: list[int],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """The children hand back what the season's own files need of each section (its
    calendar lines, feed entry, Atom entries), so the build's serial part derives none."""
    import os

    from leaguegen.domain.sections import facts as facts_module

    parent, derived = os.getpid(), []
    real = facts_module.kind_of

    def spy(name: str):  # noqa: ANN202
        if os.getpid() == parent:
            derived.append(name)
        return real(name)

    monkeypatch.setattr(facts_module, "kind_of", spy)
    folder = Path("seasons/riverside-2026")  # three sections, no stages (none derived to load)
    build_site(folder, tmp_path / "site", pdf=False, cache_dir=tmp_path / "cache")
    assert forking == [2]
    assert derived == []
    monkeypatch.setattr(facts_module, "kind_of", real)
    assert _on_disk(tmp_path / "site") == _reference(folder)
