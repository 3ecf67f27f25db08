"""Reading season files and writing our own files, safely.

Reads: every file a season is built from must be a regular file inside the
season folder once symbolic links are resolved, small enough to be a season
file, and UTF-8. Anything else is an :class:`InputError` naming the file (and,
for a bad byte, its line and column): a news file that is a link to
``/etc/passwd`` is refused, not published, and a FIFO never blocks a build.

Writes: :func:`write_atomic` is the one way leaguegen replaces a file: a
temporary file beside the target, flushed to disk, then renamed over it, so a
crash leaves the old file or the new one and never half of one; the temporary
file is removed on every error path. A file its owner marked read-only, or one
this user may not write, is refused (:class:`ReadOnlyFile`), as git and editors
do: a rename would replace it anyway, and the file would change hands.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile
from collections.abc import Callable
from pathlib import Path

from leaguegen.errors import InputError, Message, Problem

# A 5,000-player Swiss with 11 rounds of results is about 3 MB of YAML.
MAX_SEASON_FILE_BYTES = 32 * 1024 * 1024
TEMP_SUFFIX = ".leaguegen-tmp"


def _problem(display: str, message: str, line: int = 0, col: int = 0) -> InputError:
    return InputError([Problem(display, line, col, message)])


def confined(path: Path, root: Path, display: str) -> Path:
    """``path`` with links resolved; an InputError unless it lies inside ``root``."""
    base = root.resolve()
    try:
        target = path.resolve(strict=True)
    except FileNotFoundError:
        raise _problem(display, Message("does not exist")) from None
    except RuntimeError:  # a symbolic link loop (Python < 3.13)
        raise _problem(display, Message("is a symbolic link loop")) from None
    except OSError as exc:
        raise _problem(display, _os_reason(exc)) from None
    if target != base and base not in target.parents:
        raise _problem(display, Message("points outside the season folder (to {target}); season "
                                        "files must be inside it",
                                        target=target))
    return target


def _os_reason(exc: OSError) -> str:
    if exc.errno == errno.ELOOP:
        return "is a symbolic link loop"
    if exc.errno in (errno.EACCES, errno.EPERM):
        return "cannot be read: permission denied"
    return f"cannot be read: {exc.strerror or exc}"


def read_bytes(path: Path, root: Path, display: str | None = None,
               limit: int = MAX_SEASON_FILE_BYTES) -> bytes:
    """The bytes of a regular file inside ``root`` (links resolved), at most ``limit``."""
    display = display or str(path)
    target = confined(path, root, display)
    try:
        # O_NONBLOCK: opening a FIFO must not wait for a writer; O_NOFOLLOW: the
        # resolved path must not have become a link since.
        fd = os.open(target, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0)
                     | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        raise _problem(display, _os_reason(exc)) from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise _problem(display, Message("is a folder, not a file"))
        if not stat.S_ISREG(info.st_mode):
            raise _problem(display, Message("is not a regular file (a pipe, socket or device)"))
        if info.st_size > limit:
            raise _problem(display, Message("is {count:,} byte; season files are limited to "
                                            "{limit:,}", "is {count:,} bytes; season files are"
                                            " limited to {limit:,}",
                                            count=info.st_size, limit=limit))
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        data = b"".join(chunks)
    except OSError as exc:
        raise _problem(display, _os_reason(exc)) from None
    finally:
        os.close(fd)
    if len(data) > limit:
        raise _problem(display, Message("is larger than {count:,} byte",
                                        "is larger than {count:,} bytes", count=limit))
    return data


def decode_utf8(data: bytes, display: str) -> str:
    """UTF-8 text (a leading BOM is dropped); a bad byte is an error at its line and column."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        before = data[: exc.start]
        line = before.count(b"\n") + 1
        col = len(before) - (before.rfind(b"\n") + 1) + 1
        raise _problem(display, Message("is not UTF-8 text (byte 0x{data:02x}); save it as UTF-8",
                                        data=data[exc.start]), line, col) from None
    return text[1:] if text.startswith("\ufeff") else text


def read_text(path: Path, root: Path, display: str | None = None,
              limit: int = MAX_SEASON_FILE_BYTES) -> str:
    """A season file's text: confined to ``root``, regular, bounded, UTF-8."""
    display = display or str(path)
    return decode_utf8(read_bytes(path, root, display, limit), display)


class ReadOnlyFile(PermissionError):
    """A file leaguegen was asked to replace is read-only or not ours to replace."""

    def __str__(self) -> str:
        return str(self.strerror)


def ensure_writable(path: Path, display: str | None = None) -> None:
    """Refuse to replace ``path`` (its target, for a link) unless it may be written.

    A rename over a file needs only the folder's write bit, so without this check
    a ``chmod 444`` season file, or one that belongs to someone else, would be
    replaced and change owner. The file's own write bits are what its owner set
    (root passes ``os.access`` whatever they are, so they are read directly); a
    file that does not exist yet may be made.
    """
    path = Path(path)
    target = path.resolve() if path.is_symlink() else path
    try:
        st = target.stat()
    except FileNotFoundError:
        return
    shown = display or str(path)
    if not st.st_mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH):
        raise ReadOnlyFile(errno.EACCES, Message("{shown} is read-only (mode {mode:04o}); "
                                                 "leaguegen does not replace a read-only file: "
                                                 "make it writable (chmod u+w) and run the "
                                                 "command again",
                                                 shown=shown,
                                                 mode=stat.S_IMODE(st.st_mode)), shown)
    if not os.access(target, os.W_OK):
        raise ReadOnlyFile(errno.EACCES, Message("{shown} may not be written by this user; "
                                                 "nothing was replaced",
                                                 shown=shown), shown)


def _keep_owner(tmp: str, st: os.stat_result | None, shown: str) -> None:
    """Give the new file the old one's owner and group, or refuse if it cannot be.

    Replacing a file by rename makes the writer its owner: a season file kept in a
    shared folder would silently become this user's. Root can keep the owner; anyone
    else can keep it only when it is already theirs (the group too, when they belong
    to it)."""
    if st is None:
        return
    if st.st_uid != os.geteuid():
        try:
            os.chown(tmp, st.st_uid, st.st_gid)
        except PermissionError:
            raise ReadOnlyFile(errno.EPERM, Message("{shown} belongs to another user (uid "
                                                    "{st_uid}); replacing it would make it this "
                                                    "user's: nothing was replaced",
                                                    shown=shown, st_uid=st.st_uid), shown) from None
    elif st.st_gid != os.getegid():
        with contextlib.suppress(PermissionError):
            os.chown(tmp, -1, st.st_gid)


def write_atomic(path: Path, data: bytes | str, before_rename: Callable[[], None] | None = None,
                 durable: bool = True) -> None:
    """Replace ``path`` (for a symbolic link: its target) with ``data`` in one rename.

    The file keeps its permission bits and owner (a new one gets the usual ones, not
    mkstemp's private mode). ``before_rename`` runs once the new bytes are on disk,
    just before the rename: raising there (a file changed meanwhile) leaves the old
    file as it was. The temporary file is removed on every error path, so no stray
    file is left behind. ``durable`` (the default) flushes the data and the folder
    to disk; the build cache, which can always be rebuilt, skips that.
    """
    path = Path(path)
    target = path.resolve() if path.is_symlink() else path
    payload = data.encode("utf-8") if isinstance(data, str) else data
    ensure_writable(path)
    old: os.stat_result | None
    try:
        old = target.stat()
        mode = stat.S_IMODE(old.st_mode)
    except FileNotFoundError:
        old = None
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=TEMP_SUFFIX)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(payload)
            if durable:
                fh.flush()
                os.fsync(fh.fileno())
        os.chmod(tmp, mode)
        _keep_owner(tmp, old, str(path))
        if before_rename is not None:
            before_rename()
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    if durable:
        _sync_folder(target.parent)


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable (POSIX: fsync the folder)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
