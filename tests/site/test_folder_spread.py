"""The site's and the cache's top folders carry ext4's "top of a tree" flag (folder_spread.py).

Why it matters: without it, on ext4 without a journal, a build right after a deleted site
spent 4-6 s of kernel time walking the deleted inodes (docs/performance.md). What the flag
does to placement is the kernel's affair; these tests hold what leaguegen does: the flag is
set on the folders it makes, only that flag is added, a link is never followed, and a file
system that has no such flag changes nothing about the build.
"""

from __future__ import annotations

import errno
import fcntl
import os
from pathlib import Path

import pytest

from leaguegen.site import folder_spread
from leaguegen.site.build import build_site
from leaguegen.site.incremental import DiskStore
from leaguegen.site.write import OutputTree
from tests.conftest import DEMO

FS_NOATIME_FL = 0x00000080


def _needs_the_flag(tmp_path: Path) -> None:
    probe = tmp_path / "probe"
    probe.mkdir()
    if not folder_spread.mark_top(probe):
        pytest.skip(f"the file system of {tmp_path} has no FS_TOPDIR_FL (not ext2/3/4, or"
                    " not Linux): nothing to check")
    probe.rmdir()


def _topdir(folder: Path) -> bool:
    value = folder_spread.flags(folder)
    return value is not None and bool(value & folder_spread.FS_TOPDIR_FL)


def test_the_built_site_and_its_cache_are_tops_of_trees(tmp_path: Path) -> None:
    _needs_the_flag(tmp_path)
    out = tmp_path / "site"
    build_site(DEMO, out, pdf=False)
    assert _topdir(out)
    assert _topdir(tmp_path / ".leaguegen-cache")
    # not inherited, and not set below the top: the section folders stay plain
    below = [p for p in out.iterdir() if p.is_dir()]
    assert below and not any(_topdir(p) for p in below)


def test_a_staging_folder_is_marked_before_anything_is_written_into_it(tmp_path: Path) -> None:
    _needs_the_flag(tmp_path)
    tree = OutputTree(tmp_path / "site")
    try:
        assert _topdir(tree.staging)
    finally:
        tree.abort()


def test_only_the_one_flag_is_added(tmp_path: Path) -> None:
    _needs_the_flag(tmp_path)
    folder = tmp_path / "folder"
    folder.mkdir()
    fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    try:
        import array

        value = array.array("I", [0])
        fcntl.ioctl(fd, folder_spread.FS_IOC_GETFLAGS, value, True)
        value[0] |= FS_NOATIME_FL
        fcntl.ioctl(fd, folder_spread.FS_IOC_SETFLAGS, value, False)
        before = value[0]
    finally:
        os.close(fd)
    assert folder_spread.mark_top(folder)
    assert folder_spread.flags(folder) == before | folder_spread.FS_TOPDIR_FL
    assert folder_spread.mark_top(folder)  # a second time changes nothing
    assert folder_spread.flags(folder) == before | folder_spread.FS_TOPDIR_FL


def test_a_link_is_not_followed(tmp_path: Path) -> None:
    _needs_the_flag(tmp_path)
    target = tmp_path / "theirs"
    target.mkdir()
    (tmp_path / "link").symlink_to(target)
    assert not folder_spread.mark_top(tmp_path / "link")
    assert not _topdir(target)


def test_a_cache_folder_made_before_is_left_as_it_is(tmp_path: Path) -> None:
    _needs_the_flag(tmp_path)
    (tmp_path / ".leaguegen-cache" / "site").mkdir(parents=True)
    DiskStore(tmp_path / ".leaguegen-cache" / "site")
    assert not _topdir(tmp_path / ".leaguegen-cache")
    # a cache put in a folder someone else made: that folder is not ours to mark
    (tmp_path / "theirs").mkdir()
    DiskStore(tmp_path / "theirs" / "site")
    assert (tmp_path / "theirs" / "site").is_dir() and not _topdir(tmp_path / "theirs")


def test_a_file_system_without_the_flag_changes_nothing(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    calls = []

    def refused(fd: int, request: int, *args: object) -> None:
        calls.append(request)
        raise OSError(errno.ENOTTY, "Inappropriate ioctl for device")

    monkeypatch.setattr(fcntl, "ioctl", refused)
    assert not folder_spread.mark_top(tmp_path)
    assert folder_spread.flags(tmp_path) is None
    report = build_site(DEMO, tmp_path / "site", pdf=False)
    assert (tmp_path / "site" / "index.html").is_file()
    assert report.pages > 0
    assert calls or not folder_spread.supported()


def test_elsewhere_the_call_is_not_made(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(folder_spread.sys, "platform", "darwin")

    def never(*args: object) -> None:
        raise AssertionError("ioctl called off Linux")

    monkeypatch.setattr(fcntl, "ioctl", never)
    assert not folder_spread.mark_top(tmp_path)


def test_the_request_numbers_are_linux_s() -> None:
    # <linux/fs.h> on a 64-bit system: _IOR('f', 1, long), _IOW('f', 2, long)
    if os.uname().machine in ("x86_64", "aarch64"):
        assert folder_spread.FS_IOC_GETFLAGS == 0x80086601
        assert folder_spread.FS_IOC_SETFLAGS == 0x40086602
