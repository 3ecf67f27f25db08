"""Marking a folder as the top of a tree, so a file system spreads its subfolders.

Why: a site is thousands of files in a hundred-odd folders, written all at once. On ext4
without a journal (this project's own machines; a no-journal ext4 is also a common choice
for scratch disks and containers) the kernel will not reuse an inode deleted in the last
minute or so: allocating one, it walks the block group's free inodes from the start and
reads each candidate's deletion time, skipping the recent ones. A site deleted a moment
ago (``rm -rf _site``, or the old site a rebuild removes) leaves thousands of such inodes
in one group, and every new folder made beside it goes to that same group, since ext4
keeps a folder near its parent (the Orlov allocator). Each of the next build's files then
costs a walk over the whole deleted site: 6,800 files took 4 to 6 s of kernel time where
they take 0.1 s on a clean group (docs/performance.md, "The file system").

ext4's answer is the folder attribute ``T`` (``chattr +T``, ``FS_TOPDIR_FL``): "the top
of a directory hierarchy for the purposes of the Orlov allocator", whose subfolders are
spread over the groups with the most free room instead of kept beside it. A staging
folder of a site is such a top. The flag changes where new folders are placed, nothing
else; it is not inherited, and file systems without it refuse the call, which is ignored.
"""

from __future__ import annotations

import ctypes
import os
import sys

FS_TOPDIR_FL = 0x00020000  # <linux/fs.h>: "top of directory hierarchies"

# the generic ioctl encoding (x86, arm, riscv, s390); other architectures lay the bits out
# differently, and there the call is not made at all
_GENERIC_IOCTL = ("x86_64", "i386", "i486", "i586", "i686", "aarch64", "arm64", "armv7l",
                  "armv8l", "riscv64", "s390x")


def _ioc(direction: int, number: int) -> int:
    """``_IOR``/``_IOW('f', number, long)``, as <linux/fs.h> defines FS_IOC_*FLAGS."""
    return (direction << 30) | (ctypes.sizeof(ctypes.c_long) << 16) | (ord("f") << 8) | number


FS_IOC_GETFLAGS = _ioc(2, 1)
FS_IOC_SETFLAGS = _ioc(1, 2)


def supported() -> bool:
    """Whether this system has the call at all (Linux, on an architecture of the generic
    ioctl encoding)."""
    return sys.platform.startswith("linux") and os.uname().machine in _GENERIC_IOCTL


def _flags_of(folder: str | os.PathLike[str], add: int = 0) -> int | None:
    """The folder's attribute flags (``lsattr``) after adding ``add`` to them, or None
    where they cannot be read or changed. The folder is opened without following a link."""
    if not supported():
        return None
    import array
    import fcntl

    try:
        fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC)
    except OSError:
        return None
    try:
        value = array.array("I", [0])  # the kernel reads and writes an unsigned int
        fcntl.ioctl(fd, FS_IOC_GETFLAGS, value, True)
        if add and value[0] & add != add:
            value[0] |= add
            fcntl.ioctl(fd, FS_IOC_SETFLAGS, value, False)
        return value[0]
    except OSError:  # ENOTTY, EOPNOTSUPP, EINVAL, EPERM: this file system has no such flag
        return None
    finally:
        os.close(fd)


def flags(folder: str | os.PathLike[str]) -> int | None:
    """The folder's attribute flags (``lsattr``), or None where they cannot be read."""
    return _flags_of(folder)


def mark_top(folder: str | os.PathLike[str]) -> bool:
    """Set ``FS_TOPDIR_FL`` on ``folder`` (a folder leaguegen made); True when it is set.

    Best effort: on another system, file system or architecture, or without the right to
    set it, nothing changes and False comes back. Only that one flag is added to the
    flags the folder has."""
    return _flags_of(folder, FS_TOPDIR_FL) is not None
