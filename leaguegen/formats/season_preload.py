"""A season's section files parsed on two cores: a forked child from the last one back.

``leaguegen build`` of a big season spends its first second on one core: importing
the site builder (about 0.4 s) and then parsing a hundred section files (about 1 s),
while the other core waits for the render workers. :func:`start`, called as soon as
the loader is imported, forks a child that reads season.yaml and parses section
files from the last one back; the build then imports the site builder, checks its
output folder and calls ``load_season(..., preload=...)``, which parses from the first
file on until it meets the files the child has taken (:meth:`Preload.claim`), and
takes the child's results for the rest (:meth:`Preload.results`).

What comes back is what ``season_yaml.parse_section_file`` returns in this process,
pickled: the same sections and the same problems with their file:line. Every check
across sections (ids, stages, season.yaml itself) is still made by ``load_season``
here, in file order, so a season loads to the same Season or the same errors as in
one process. A result is taken only if it was parsed with the same season.yaml
(its tag, ``section_file_tags``); one the child could not send, or any failure of the
child, is parsed here instead.

Nothing here writes outside a temporary file: the child only reads the season.
"""

from __future__ import annotations

import contextlib
import mmap
import os
import pickle
import signal
import struct
import sys
import tempfile
import threading
from pathlib import Path

from leaguegen.formats import season_yaml

_SLOTS = struct.Struct("<qq")  # (front: next index this process takes, back: the child's last)
_LENGTH = struct.Struct("<Q")


def _can_fork() -> bool:
    # a fork with other threads running may copy a lock held by one of them
    return hasattr(os, "fork") and sys.platform != "win32" and threading.active_count() == 1


class Preload:
    """The child forked by :func:`start` and the two counters it shares with this process."""

    def __init__(self, folder: Path, pid: int, counters: mmap.mmap, fd: int):
        self.folder = folder
        self.pid: int | None = pid
        self._counters = counters
        self._fd = fd

    def _slots(self) -> tuple[int, int]:
        return _SLOTS.unpack_from(self._counters, 0)

    def claim(self, index: int) -> bool:
        """Whether this process parses file ``index`` (called for 0, 1, 2, ... in turn):
        True while the child has not taken it. Both may take the one file where they
        meet; this process then keeps its own result."""
        if index >= self._slots()[1]:
            return False
        struct.pack_into("<q", self._counters, 0, index + 1)
        return True

    def results(self, tags: list[str]) -> dict[int, season_yaml.ParsedFile]:
        """The files the child parsed, by index, once it has ended; only those whose tag
        is ``tags[index]`` (parsed with the same season.yaml as this process)."""
        self._wait()
        out: dict[int, season_yaml.ParsedFile] = {}
        data = b""
        with contextlib.suppress(OSError):
            size = os.fstat(self._fd).st_size
            data = os.pread(self._fd, size, 0) if size else b""
        at = 0
        while at + _LENGTH.size <= len(data):
            (length,) = _LENGTH.unpack_from(data, at)
            at += _LENGTH.size
            blob = data[at:at + length]
            at += length
            if len(blob) < length:
                break  # cut short: those files are parsed here
            try:
                index, tag, parsed = pickle.loads(blob)
            except Exception:  # noqa: BLE001 - any damage: the file is parsed here
                continue
            if isinstance(index, int) and 0 <= index < len(tags) and tag == tags[index]:
                out[index] = parsed
        self.close()
        return out

    def _wait(self) -> None:
        if self.pid is not None:
            with contextlib.suppress(ChildProcessError):
                os.waitpid(self.pid, 0)
            self.pid = None

    def close(self) -> None:
        """End the child (if it still runs) and free what it shared; safe to call twice."""
        if self.pid is not None:
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.pid, signal.SIGKILL)
            self._wait()
        if self._fd >= 0:
            with contextlib.suppress(OSError):
                os.close(self._fd)
            self._fd = -1
        with contextlib.suppress(ValueError, BufferError):
            self._counters.close()


def start(folder: str | Path) -> Preload | None:
    """Fork the child that parses ``folder``'s section files from the last one back.

    None where fork is missing or other threads run (then ``load_season`` parses
    everything itself), or when the folder has no season.yaml to read.
    """
    root = Path(folder)
    path = root / season_yaml.SEASON_FILE
    if not _can_fork() or not path.is_file():
        return None
    counters = mmap.mmap(-1, _SLOTS.size)  # shared with the child (MAP_SHARED)
    _SLOTS.pack_into(counters, 0, 0, sys.maxsize)
    fd, name = tempfile.mkstemp(prefix="leaguegen-load-")
    os.unlink(name)  # only the two processes hold it
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child (its work is checked through the parent)
        code = 1
        try:
            _child(root, path, counters, fd)
            code = 0
        finally:
            os._exit(code)
    return Preload(root, pid, counters, fd)


def _child(root: Path, path: Path, counters: mmap.mmap, fd: int) -> None:  # pragma: no cover
    """Parse section files from the last one back until meeting the parent's (see
    :meth:`Preload.claim`), appending each result to ``fd`` as it is done."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)  # ^C ends the child with the build
    resolved = root.resolve()
    head = season_yaml.season_head(resolved, path)
    if head.keys is None:
        return
    nodes = [n for n in head.section_nodes or () if isinstance(n, season_yaml.yaml.ScalarNode)]
    defaults = head.defaults or {}
    tags = season_yaml.section_file_tags(nodes, head.col.path, head.scoring, defaults)
    back = len(nodes)
    while back > 0:
        index = back - 1
        if index < _SLOTS.unpack_from(counters, 0)[0]:
            return  # the parent has it
        struct.pack_into("<q", counters, 8, index)
        back = index
        parsed = season_yaml.parse_section_file(nodes[index], resolved, head.col.path,
                                                head.scoring, defaults)
        try:
            blob = pickle.dumps((index, tags[index], parsed), protocol=pickle.HIGHEST_PROTOCOL)
        except Exception:  # noqa: BLE001 - not picklable: the parent parses this file
            continue
        data = memoryview(_LENGTH.pack(len(blob)) + blob)
        while data:
            data = data[os.write(fd, data):]
