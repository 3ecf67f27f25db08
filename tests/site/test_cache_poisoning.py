"""A damaged or unreadable build-cache entry is a miss, said in one line, and made again.

Issue 26: a poisoned entry of ``.leaguegen-cache/`` was a traceback (a folder where an
entry goes: "cannot write the site"), a hang (a named pipe: the read blocked forever),
or, worse, published (a PDF or a home page cut short was taken as it was). Every entry
now ends with its CRC-32 (``incremental.seal``); each poisoning below is tried on every
entry of a real build, and the site built over the poisoned cache must be the site.
"""

from __future__ import annotations

import os
import subprocess
import sys
import zlib
from pathlib import Path

import pytest

from leaguegen.site import incremental
from leaguegen.site.build import build_site
from leaguegen.site.incremental import DiskStore, seal, unseal
from leaguegen.site.output_guard import MARKER
from tests.conftest import ROOT

SEASON = ROOT / "seasons" / "riverside-2026"
WARNING = "warning: the build cache's entry "


def _tree(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and p.name != MARKER}


def _entries(cache: Path) -> list[Path]:
    return sorted(p for p in cache.iterdir() if incremental._ENTRY.match(p.name))


def _poison(path: Path, how: str) -> None:
    data = path.read_bytes()
    if how == "cut":
        path.write_bytes(data[: len(data) // 2])
    elif how == "garbage":
        path.write_bytes(os.urandom(300))
    elif how == "same length":  # one byte changed in the middle: only a checksum sees it
        at = len(data) // 2
        path.write_bytes(data[:at] + bytes([data[at] ^ 0x20]) + data[at + 1:])
    elif how == "empty":
        path.write_bytes(b"")
    elif how in ("folder", "empty folder"):
        path.unlink()
        path.mkdir()
        if how == "folder":
            (path / "inside").write_text("x")
    elif how == "pipe":
        path.unlink()
        os.mkfifo(path)


# (a named pipe: test_a_pipe_in_the_cache_does_not_block, in a child with a time bound)
HOWS = ["cut", "garbage", "same length", "empty", "folder", "empty folder"]


@pytest.mark.parametrize("how", HOWS)
def test_a_poisoned_cache_builds_the_same_site(tmp_path: Path, capfd, how: str) -> None:
    out, cache = tmp_path / "site", tmp_path / "cache"
    build_site(SEASON, out, pdf=False, cache_dir=cache)
    first = _tree(out)
    entries = _entries(cache)
    assert entries
    for entry in entries:
        _poison(entry, how)
    capfd.readouterr()
    report = build_site(SEASON, out, pdf=False, cache_dir=cache)
    err = capfd.readouterr().err
    assert _tree(out) == first
    assert report.sections_reused == 0
    warned = [line for line in err.splitlines() if line.startswith(WARNING)]
    assert warned, err
    assert all(str(cache) in line for line in warned)
    again = build_site(SEASON, out, pdf=False, cache_dir=cache)  # the entries made again
    err = capfd.readouterr().err
    assert _tree(out) == first
    if how != "folder":  # a folder holding a file is left alone (and said again)
        assert again.sections_rendered == 0 and WARNING not in err, err


def test_an_unreadable_entry_is_a_warning_and_made_again(tmp_path: Path, capfd,
                                                        monkeypatch) -> None:
    """No permission to read (as root a mode of 000 is read anyway: the refusal is given
    by the system call here)."""
    store = DiskStore(tmp_path / "cache")
    store.put_page("a" * 64, "<p>page</p>")
    real_open = os.open

    def refuse(path, flags, *args):  # noqa: ANN001,ANN202 - os.open's own signature
        if str(path).endswith(".html"):
            raise PermissionError(13, "Permission denied")
        return real_open(path, flags, *args)

    monkeypatch.setattr(incremental.os, "open", refuse)
    assert store.get_page("a" * 64) is None
    assert "cannot be read (Permission denied); it is ignored and made again" in \
        capfd.readouterr().err
    store.put_page("a" * 64, "<p>page</p>")  # the damaged file is removed, then written
    monkeypatch.setattr(incremental.os, "open", real_open)
    assert DiskStore(tmp_path / "cache").get_page("a" * 64) == "<p>page</p>"


@pytest.mark.parametrize("how", ["cut", "same length"])
def test_a_damaged_pdf_or_page_is_never_taken(tmp_path: Path, capfd, how: str) -> None:
    """Before, a PDF cut short still began with %PDF- and was published; a cut page too."""
    store = DiskStore(tmp_path / "cache")
    pdf = b"%PDF-1.7\n" + bytes(range(256)) * 40 + b"\n%%EOF\n"
    store.put_pdf("b" * 64, pdf)
    store.put_page("c" * 64, "<html>" + "x" * 5000 + "</html>")
    assert store.get_pdf("b" * 64) == pdf
    for name in ("b" * 64 + ".pdf", "c" * 64 + ".html"):
        _poison(store.folder / name, how)
    fresh = DiskStore(tmp_path / "cache")
    assert fresh.get_pdf("b" * 64) is None
    assert fresh.get_page("c" * 64) is None
    err = capfd.readouterr().err
    assert err.count(WARNING) == 2 and len(err.strip().splitlines()) == 2


def test_a_pipe_in_the_cache_does_not_block(tmp_path: Path) -> None:
    """Read in a child with a time bound (the harness's, not an assertion): opening a
    named pipe for reading waits for a writer, for ever."""
    cache = tmp_path / "cache"
    DiskStore(cache)
    os.mkfifo(cache / ("d" * 64 + ".section"))
    os.mkfifo(cache / ("d" * 64 + ".html"))
    code = ("import sys; from leaguegen.site.incremental import DiskStore;"
            f"s = DiskStore({str(cache)!r});"
            "print(s.get_section('d' * 64), s.get_page('d' * 64))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "None None"
    assert done.stderr.count("is not a file; it is ignored and made again") == 2


def test_a_cache_folder_that_cannot_be_made_is_a_build_without_cache(tmp_path: Path,
                                                                   capfd) -> None:
    out, cache = tmp_path / "site", tmp_path / "cache"
    cache.write_text("not a folder")
    build_site(SEASON, out, pdf=False, cache_dir=cache / "inner")
    assert "this build keeps no cache" in capfd.readouterr().err
    assert (out / "index.html").is_file()


def test_seal_round_trip_and_every_cut() -> None:
    data = b"<html>\x00\xff" * 50
    sealed = seal(data)
    assert unseal(sealed) == data and sealed.startswith(data)
    assert sealed.endswith(b"%08x" % zlib.crc32(data))
    for cut in range(len(sealed)):
        assert unseal(sealed[:cut]) is None
    assert unseal(sealed + b"x") is None and unseal(b"x" + sealed) is None
    assert unseal(seal(b"")) == b""


def test_a_pipe_for_the_no_change_stamp_does_not_block(tmp_path: Path) -> None:
    """The stamp beside the entries (site/stamp.py) is read before any build: a pipe there
    is no stamp (read in a child with a time bound, as above)."""
    cache = tmp_path / "cache"
    cache.mkdir()
    os.mkfifo(cache / "build-stamp.json")
    code = ("from pathlib import Path; from leaguegen.site import stamp;"
            f"print(stamp.unchanged(Path({str(SEASON)!r}), Path({str(tmp_path / 'site')!r}),"
            f" 'x', Path({str(cache)!r}))[0])")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "None"
