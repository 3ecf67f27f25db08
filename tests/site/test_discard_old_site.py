"""The old site, swapped out by a rebuild, is removed by a detached process (``write.discard``):
the command returns with the new site in place, nobody waits for the unlinks, and only
the swapped-out folder is ever removed."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from leaguegen.site import write as site_write
from leaguegen.site.output_guard import MARKER
from leaguegen.site.write import OutputTree, recover

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")


def _site(folder: Path, text: str, files: int = 30) -> None:
    tree = OutputTree(folder)
    for i in range(files):
        tree.write(f"s{i % 3}/p{i}.html", f"{text} {i}")
    tree.commit()


def _wait_gone(parent: Path, pattern: str) -> None:
    deadline = time.monotonic() + 30
    while list(parent.glob(pattern)):
        assert time.monotonic() < deadline, f"{pattern} still there"
        time.sleep(0.02)


def test_the_old_site_goes_and_nothing_else(tmp_path: Path) -> None:
    out = tmp_path / "_site"
    _site(out, "old")
    beside = tmp_path / "notes"
    beside.mkdir()
    (beside / "mine.txt").write_text("not leaguegen's")
    _site(out, "new")
    assert (out / "s0" / "p0.html").read_text() == "new 0"  # in place on return
    assert (out / MARKER).is_file()
    _wait_gone(tmp_path, "._site-*")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["_site", "notes"]
    assert (beside / "mine.txt").read_text() == "not leaguegen's"
    assert sorted(p.read_text() for p in out.rglob("*.html"))[:2] == ["new 0", "new 1"]


def test_without_fork_it_is_removed_before_returning(tmp_path: Path, monkeypatch) -> None:
    out = tmp_path / "_site"
    _site(out, "old")
    monkeypatch.setattr(site_write, "_detach", lambda claim=None: False)
    _site(out, "new")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["_site"]


def test_the_fallback_swap_parks_and_discards_too(tmp_path: Path, monkeypatch) -> None:
    out = tmp_path / "_site"
    _site(out, "old")
    monkeypatch.setattr(site_write, "_exchange", lambda a, b: False)  # two renames
    _site(out, "new")
    assert (out / "s1" / "p1.html").read_text() == "new 1"
    _wait_gone(tmp_path, "._site-*")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["_site"]


def test_the_command_does_not_wait_for_the_unlinks(tmp_path: Path) -> None:
    """A caller reading the build's output to its end gets it back while the old site is
    still being removed, by a process with its own pid in the folder's name, which a
    build starting meanwhile leaves alone."""
    out = tmp_path / "_site"
    _site(out, "old")
    started = tmp_path / "deleter-pid"
    script = tmp_path / "rebuild.py"
    script.write_text(textwrap.dedent(f"""
        import os, shutil, time
        from pathlib import Path
        from leaguegen.site import write

        real = shutil.rmtree
        def slow(path, *args, **kwargs):
            Path({str(started)!r}).write_text(f"{{os.getpid()}} {{path}}")
            time.sleep(4)
            real(path, *args, **kwargs)
        write.shutil.rmtree = slow
        tree = write.OutputTree(Path({str(out)!r}))
        tree.write("index.html", "new")
        tree.commit()
        print("built")
    """))
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                          timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "built"
    assert (out / "index.html").read_text() == "new"
    deadline = time.monotonic() + 30
    while not started.exists() or " " not in started.read_text():
        assert time.monotonic() < deadline
        time.sleep(0.02)
    pid_text, folder = started.read_text().split(" ", 1)
    pid = int(pid_text)
    os.kill(pid, 0)  # still removing the old site after the command returned
    assert Path(folder).name.startswith(f"._site-build-{pid}-")
    assert Path(folder).is_dir()
    assert recover(out) == []  # a build starting now leaves the deleter's folder alone
    assert Path(folder).is_dir()
    _wait_gone(tmp_path, "._site-*")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["_site", "deleter-pid",
                                                          "rebuild.py"]


SEASON = Path(__file__).resolve().parents[2] / "seasons" / "riverside-2026"


def _tree_of(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file()}


def test_clean_moves_the_cache_aside_and_keeps_a_strangers_file(tmp_path: Path,
                                                                 monkeypatch) -> None:
    from leaguegen.site.build import build_site, default_cache
    from leaguegen.site.incremental import _ENTRY

    out = tmp_path / "_site"
    first = build_site(SEASON, out, pdf=False)
    cache = default_cache(out)
    (cache / "notes.txt").write_text("mine")
    entries = sorted(p.name for p in cache.iterdir() if _ENTRY.match(p.name))
    assert entries
    site = _tree_of(out)
    discarded: list[Path] = []
    real_discard = site_write.discard

    def seen(folder: Path) -> None:
        discarded.append(folder)
        if not folder.name.startswith("._site-build-"):
            raise AssertionError(f"{folder} is not a staging name recover() knows")
        names = sorted(p.name for p in folder.iterdir())
        if names == entries:  # the cache's old entries, moved aside in one go
            discarded.append(Path("entries"))
        real_discard(folder)

    monkeypatch.setattr(site_write, "discard", seen)
    again = build_site(SEASON, out, pdf=False, clean=True)
    assert Path("entries") in discarded
    assert again.sections_rendered == first.sections_rendered and again.sections_reused == 0
    assert _tree_of(out) == site
    assert (cache / "notes.txt").read_text() == "mine"
    _wait_gone(tmp_path, "._site-*")
    assert sorted(p.name for p in cache.iterdir() if _ENTRY.match(p.name)) == entries
    third = build_site(SEASON, out, pdf=False)
    assert third.sections_reused == first.sections_rendered  # the cache is whole again


def test_clean_unlinks_when_the_entries_cannot_be_moved(tmp_path: Path, monkeypatch) -> None:
    from leaguegen.site import incremental
    from leaguegen.site.incremental import DiskStore

    store = DiskStore(tmp_path / "cache")
    store.put_page("a" * 64, "x")
    (tmp_path / "cache" / "notes.txt").write_text("mine")

    def refuse(*args: object) -> None:
        raise OSError(18, "Invalid cross-device link")

    monkeypatch.setattr(incremental.os, "rename", refuse)
    trash = tmp_path / ".out-build-1-abcd"
    store.clear(trash=trash)
    assert sorted(p.name for p in (tmp_path / "cache").iterdir()) == ["notes.txt"]
    _wait_gone(tmp_path, ".out-build-*")


@pytest.mark.parametrize("exchange", [True, False], ids=["exchange", "two-renames"])
def test_the_old_site_has_its_removers_name_before_the_build_returns(tmp_path: Path,
                                                                     monkeypatch,
                                                                     exchange: bool) -> None:
    """Once the command has returned (and its process may be gone), the old site is
    already under the staging name of the live process removing it: a build starting at
    once neither restores it nor reports it as left by a killed build."""
    out = tmp_path / "_site"
    _site(out, "old")
    if not exchange:
        monkeypatch.setattr(site_write, "_exchange", lambda a, b: False)
    real_rmtree = site_write.shutil.rmtree

    def slow_rmtree(path, *args, **kwargs):  # noqa: ANN001, ANN002, ANN003, ANN202
        time.sleep(0.5)  # the remover is slow (inherited by the detached process)
        return real_rmtree(path, *args, **kwargs)

    monkeypatch.setattr(site_write.shutil, "rmtree", slow_rmtree)
    _site(out, "new")
    left = [p.name for p in tmp_path.iterdir() if p.name != "_site"]
    assert len(left) == 1 and left[0].startswith("._site-build-"), left
    pid = int(left[0].split("-")[2])
    assert pid != os.getpid() and site_write._pid_alive(pid)
    assert recover(out) == []  # a build starting now leaves it alone
    _wait_gone(tmp_path, "._site-*")
    assert (out / "s0" / "p0.html").read_text() == "new 0"
