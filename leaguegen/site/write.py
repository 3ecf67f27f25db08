"""Writing the output tree so that a failed or killed build never loses the site.

Files go into a fresh staging folder beside the destination; only when every
file is written is it swapped in. On Linux the swap is one atomic exchange of
the two folders (``renameat2(RENAME_EXCHANGE)``), so a reader or a web server
sees the old site or the new one and never nothing. Elsewhere it is two
renames, and a build killed between them leaves the old site parked beside the
destination: the next build puts it back before it starts.

Every folder this module creates carries the marker of ``output_guard`` and a
name that says which process made it (``.<out>-build-<pid>-<random>``,
``.<out>-old-<pid>``), so leftovers of killed builds are recognised and removed,
and nothing else is ever touched.

A build that knows what each file is made from (:meth:`OutputTree.write_made`) keeps a
:class:`Manifest` beside its cache: for every file it wrote, that key and the file's
size, modification time and inode as written. The next build links a file whose key is
the same and whose copy in the site on disk still has those (nobody changed it) into
its staging folder instead of making and writing it again: one ``link`` in place of an
``open``, a ``write`` and the work of making the bytes. A file changed, replaced or
removed by hand no longer matches and is written anew. As with make's and rsync's quick
check, a change that keeps all three (a file replaced on a disk that reuses its inode,
its time set back by hand) is not seen; ``build --clean`` writes every file.
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import json
import os
import re
import secrets
import shutil
import stat
import sys
import threading
from collections.abc import Callable
from pathlib import Path

from leaguegen.errors import OutputRefused
from leaguegen.formats import files
from leaguegen.site import program
from leaguegen.site.output_guard import MARKER, MARKER_TEXT

_RENAME_EXCHANGE = 2
_WRITE_FLAGS = (os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_CLOEXEC
                | getattr(os, "O_NOFOLLOW", 0))  # a link where a file goes is refused
_AT_FDCWD = -100


def _pid_alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _exchange(a: Path, b: Path) -> bool:
    """Atomically swap two folders (Linux renameat2); False where that is not available."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        renameat2 = libc.renameat2
    except (OSError, AttributeError):
        return False
    renameat2.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p,
                          ctypes.c_uint]
    # non-zero: EINVAL/ENOSYS (a file system or kernel without it), so fall back
    return renameat2(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b),
                     _RENAME_EXCHANGE) == 0


def _detach(claim: Callable[[int], None] | None = None) -> bool | None:
    """Go on in a new process of its own that nobody waits for: True there, None here
    once it is started, False when it cannot be (no fork, other threads running).

    Fork twice, the middle process ending at once; the grandchild holds no terminal
    and none of this process's files (a caller reading our output to its end is not
    kept waiting for it). ``claim(pid)`` runs in the middle process with the
    grandchild's pid before it ends, so that what it does is done when this returns;
    the grandchild starts only once the middle process is gone.
    """
    if not hasattr(os, "fork") or threading.active_count() > 1:
        return False  # a fork with other threads running may copy a lock one of them holds
    try:
        middle = os.fork()
    except OSError:
        return False
    if middle:
        try:
            _, status = os.waitpid(middle, 0)
        except ChildProcessError:
            return False
        return None if os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0 else False
    try:  # pragma: no cover - the processes after the fork (checked by their effect)
        os.setsid()
        gate, opened = os.pipe()
        grandchild = os.fork()
        if grandchild:
            with contextlib.suppress(BaseException):
                if claim is not None:
                    claim(grandchild)
            os._exit(0)  # closes ``opened``: the grandchild goes on
        os.close(opened)
        os.read(gate, 1)  # end of file once the middle process has ended
        os.close(gate)
        null = os.open(os.devnull, os.O_RDWR)
        for fd in (0, 1, 2):
            os.dup2(null, fd)
        os.closerange(3, 65536)
        return True
    except BaseException:  # pragma: no cover - the middle process could not fork
        os._exit(1)


def discard(folder: Path) -> None:
    """Remove ``folder``, a folder this build made or parked (the old site after the swap).

    Unlinking the thousands of files of an old site costs from half a second to two on
    a busy disk, after the new site is in place already: a detached process does it
    (where fork exists). The folder is renamed to a staging name carrying that process's
    pid before this returns, so that a build starting meanwhile, even once this process
    has ended, leaves it alone (``recover``), and the next build after a kill removes
    what is left. Elsewhere it is removed here, before returning.
    """
    match = re.match(r"^\.(.+)-(?:build-\d+-[0-9a-f]+|old-\d+)$", folder.name)
    token = secrets.token_hex(4)

    def renamed(pid: int) -> Path:
        return folder if match is None else folder.with_name(
            f".{match.group(1)}-build-{pid}-{token}")  # (its destination's staging name)

    def claim(pid: int) -> None:
        if match is not None:
            os.rename(folder, renamed(pid))

    detached = _detach(claim)
    if detached is None:
        return
    if not detached:
        shutil.rmtree(folder, ignore_errors=True)
        return
    try:  # pragma: no cover - the detached process
        mine = renamed(os.getpid())
        shutil.rmtree(mine if mine.exists() else folder, ignore_errors=True)
    finally:  # pragma: no cover
        os._exit(0)


def staging_name(destination: Path) -> Path:
    """A new staging folder's path beside ``destination``, named for this process (what
    :func:`recover` removes once the process is gone)."""
    destination = Path(os.path.abspath(destination))
    return destination.with_name(f".{destination.name}-build-{os.getpid()}-"
                                 f"{secrets.token_hex(4)}")


def _leftovers(destination: Path) -> tuple[list[tuple[Path, int]], list[tuple[Path, int]]]:
    """Staging and parked folders of earlier builds of ``destination``, with their pids."""
    name = re.escape(destination.name)
    build = re.compile(rf"^\.{name}-build-(\d+)-[0-9a-f]+$")
    old = re.compile(rf"^\.{name}-old-(\d+)$")
    staging, parked = [], []
    try:
        entries = list(destination.parent.iterdir())
    except OSError:
        return [], []
    for entry in entries:
        if entry.is_symlink() or not entry.is_dir():
            continue
        if m := build.match(entry.name):
            staging.append((entry, int(m.group(1))))
        elif m := old.match(entry.name):
            parked.append((entry, int(m.group(1))))
    return staging, parked


def recover(destination: Path) -> list[str]:
    """Undo what killed builds left: restore a parked site, remove stale staging folders.

    Folders of a build that is still running (its pid is alive) are left alone.
    Returns a line per action, for the CLI to show.
    """
    staging, parked = _leftovers(destination)
    done = []
    for folder, pid in sorted(parked, key=lambda item: item[0].stat().st_mtime, reverse=True):
        if _pid_alive(pid) and pid != os.getpid():
            continue
        if not destination.exists():  # killed between the two renames of a swap
            os.replace(folder, destination)
            done.append(f"restored the site a killed build had parked in {folder.name}")
        else:
            shutil.rmtree(folder, ignore_errors=True)
            done.append(f"removed {folder.name}, left by a killed build")
    for folder, pid in staging:
        if _pid_alive(pid):
            continue
        shutil.rmtree(folder, ignore_errors=True)
        done.append(f"removed {folder.name}, left by a killed build")
    return done


MANIFEST = "site-manifest.json"
MANIFEST_FORMAT = "1"

Entry = tuple[str, int, int, int]  # what the file is made from (a key), size, mtime_ns, inode


class Manifest:
    """What the last build of a site wrote: by site path, an :data:`Entry`.

    Kept in the build's cache folder (never in the published site), for one destination
    and one program (a new program may make other bytes of the same sources): anything
    else, or a file that cannot be read, is an empty manifest, and every file is written.
    """

    def __init__(self, cache: Path, destination: Path) -> None:
        self.path = Path(cache) / MANIFEST
        self.head = [MANIFEST_FORMAT, program.identity(), str(Path(os.path.abspath(destination)))]
        self.entries: dict[str, Entry] = {}

    def load(self) -> Manifest:
        """The entries recorded for this destination and program, if any."""
        try:
            if stat.S_ISREG(os.lstat(self.path).st_mode):
                data = json.loads(self.path.read_text(encoding="utf-8"))
                if data.get("head") == self.head:
                    self.entries = {p: (str(k), int(size), int(mtime), int(ino))
                                    for p, (k, size, mtime, ino) in data["files"].items()}
        except (OSError, ValueError, TypeError, AttributeError, KeyError):
            self.entries = {}
        return self

    def save(self, entries: dict[str, Entry]) -> None:
        """Record ``entries`` (after the swap: what the site on disk now holds)."""
        with contextlib.suppress(OSError):  # none: the next build writes every file
            if self.path.is_symlink():  # never written through a link put in the cache
                self.path.unlink()
            files.write_atomic(self.path, json.dumps({"head": self.head, "files": entries},
                                                     separators=(",", ":")), durable=False)


class OutputTree:
    """Collects the files of one build in a staging folder beside the destination."""

    def __init__(self, destination: Path):
        self.destination = Path(os.path.abspath(destination))
        try:
            self.destination.parent.mkdir(parents=True, exist_ok=True)
            self.recovered = recover(self.destination)
            self.staging = staging_name(self.destination)
            self.staging.mkdir(mode=0o755)
            (self.staging / MARKER).write_text(MARKER_TEXT, encoding="utf-8")
        except PermissionError as exc:
            raise OutputRefused(f"cannot write the site beside {self.destination}:"
                                f" permission denied ({exc.filename})") from None
        except OSError as exc:
            raise OutputRefused(f"cannot write the site beside {self.destination}:"
                                f" {exc.strerror}") from None
        self.written: set[str] = set()
        # resolved once: every folder below it is made by this build (``write``), so a
        # path is checked by its parts rather than by resolving it (13,000 resolves
        # were a second of a big build)
        self.root = self.staging.resolve()
        self._root = str(self.root)
        self._folders: set[str] = {self._root}
        # :meth:`write_made`: the last build's files (``keep``), and this build's
        self.previous: dict[str, Entry] = {}
        self.made: dict[str, Entry] = {}

    def keep(self, manifest: Manifest) -> None:
        """Let :meth:`write_made` link the files ``manifest`` lists from the site on disk."""
        self.previous = manifest.entries

    def write_made(self, relative: str, key: str, make: Callable[[], bytes]) -> None:
        """:meth:`write` the file ``make`` returns, whose content ``key`` names; or, when the
        last build wrote it from the same key and it is still as written in the site on
        disk (a regular file of the recorded size, modification time and inode: not
        changed by hand since), link that file into the staging folder instead."""
        self.claim([relative])
        before = self.previous.get(relative)
        if before is not None and before[0] == key and self._link(relative, before):
            self.made[relative] = before
            return
        info = os.lstat(self.put(relative, make()))
        self.made[relative] = (key, info.st_size, info.st_mtime_ns, info.st_ino)

    def _link(self, relative: str, before: Entry) -> bool:
        """Link the destination's ``relative`` into the staging folder when it is the file
        ``before`` describes; False (nothing done) otherwise."""
        target, folder = self._locate(relative)  # (a path that would leave the site: raised)
        source = f"{self.destination}{target[len(self._root):]}"
        try:
            info = os.lstat(source)
        except (OSError, ValueError):
            return False
        if (not stat.S_ISREG(info.st_mode) or info.st_size != before[1]
                or info.st_mtime_ns != before[2] or info.st_ino != before[3]):
            return False
        self._made(folder)
        try:
            os.link(source, target, follow_symlinks=False)
        except OSError:  # a file system without hard links, or too many: written instead
            return False
        return True

    def _locate(self, relative: str) -> tuple[str, str]:
        """Where ``relative`` goes in the staging folder and the folder holding it, both as
        strings; ValueError for a path that would leave it (absolute, ``..``, empty) or lead
        through a link. A plain path (no empty, ``.`` or ``..`` part, no NUL: every path
        a build writes) is put beside the root as it is; any other is taken apart first
        (the same answer: 6,600 ``os.path.join`` and ``dirname`` calls were a tenth of a
        big build's writing)."""
        parts = relative.split("/")
        if "" in parts or "." in parts or ".." in parts or "\0" in relative:
            parts = [p for p in parts if p and p != "."]
            if not parts or relative.startswith("/") or ".." in parts or "\0" in relative:
                raise ValueError(f"refusing to write outside the site: {relative}")
            target = os.path.join(self._root, *parts)
        else:
            target = f"{self._root}/{relative}"
        folder = target[:target.rindex("/")]
        if folder not in self._folders:
            # the folders below the root are ours, made here; one that is a link (not
            # made by this build) is refused, as ``resolve`` refused it before
            up = folder
            while up != self._root:
                if os.path.islink(up):
                    raise ValueError(f"refusing to write outside the site: {relative}")
                up = os.path.dirname(up)
        return target, folder

    def _made(self, folder: str) -> None:
        """Make ``folder`` (below the root) and those on its way, once per build."""
        if folder not in self._folders:
            os.makedirs(folder, exist_ok=True)
            while folder not in self._folders:
                self._folders.add(folder)
                folder = os.path.dirname(folder)

    def write(self, relative: str, content: str | bytes) -> str:
        """Write one file of this build (:meth:`put`); ValueError for one written twice."""
        self.claim([relative])
        return self.put(relative, content)

    def claim(self, written: list[str]) -> None:
        """Count files :meth:`put` wrote for this build elsewhere (a section's worker
        writes its pages itself: :class:`TreeSink`) as :meth:`write` counts its own."""
        for relative in written:
            if relative in self.written or relative == MARKER:
                raise ValueError(f"{relative} written twice in one build")
            self.written.add(relative)

    def put(self, relative: str, content: str | bytes) -> str:
        """Write one file into the staging folder (checked as :meth:`path` says), without
        counting it as :meth:`write` does. The file is opened without following a link
        (``O_NOFOLLOW``): a link put where the file goes is refused, never written
        through. Returns where it went."""
        target, folder = self._locate(relative)
        self._made(folder)
        data = content.encode("utf-8") if isinstance(content, str) else content
        try:
            fd = os.open(target, _WRITE_FLAGS, 0o666)
        except OSError as exc:
            if os.path.islink(target):
                raise ValueError(f"refusing to write outside the site: {relative}") from exc
            raise
        try:  # the bytes straight to the file (no buffered file object per page)
            written = os.write(fd, data)
            if written < len(data):
                view = memoryview(data)
                while written < len(view):
                    written += os.write(fd, view[written:])
        finally:
            os.close(fd)
        return target

    def commit(self) -> None:
        """Swap the staging folder in place of the destination, then drop the old site
        (``discard``: in the background, the new site being in place already)."""
        if self.destination.exists() and _exchange(self.staging, self.destination):
            discard(self.staging)  # now holds the old site
            return
        old = None
        if self.destination.exists():
            old = self.destination.with_name(f".{self.destination.name}-old-{os.getpid()}")
            if old.exists():
                shutil.rmtree(old)
            os.replace(self.destination, old)
            # a site from before the marker existed gets one, so recovery knows it
            with contextlib.suppress(OSError):
                (old / MARKER).touch()
        os.replace(self.staging, self.destination)
        if old is not None:
            discard(old)

    def abort(self) -> None:
        shutil.rmtree(self.staging, ignore_errors=True)


class TreeSink:
    """``build``'s staging tree as a section's worker sees it: the worker writes the files
    it made (its pages, stamped with ``stamp``; its feeds) into the tree itself and only
    their paths travel back (the parent held, stamped and wrote every page it got through
    a pipe: a big season's cold build, 4 to 6 s, 300 MiB at its peak). The parent counts
    them with :meth:`OutputTree.claim`."""

    def __init__(self, tree: OutputTree, stamp: Callable[[dict[str, bytes]], dict[str, bytes]]
                 ) -> None:
        self.tree, self.stamp = tree, stamp

    def write(self, files: dict[str, bytes], pages: bool = False) -> list[str]:
        """Write ``files`` (``pages``: stamped first); their paths."""
        for path, data in (self.stamp(files) if pages else files).items():
            self.tree.put(path, data)
        return list(files)
