"""Which program a build ran, the content keys its cache entries are named by, and the
one format of a cache entry that holds files (:func:`pack`).

Every cache key and the no-change stamp name the program that made a page, so a new
program renders again. The version alone stays the same between commits, so a fix
installed from a checkout left the pages the old code had cached; the digest of the
package's ``.py`` files (2-3 ms once a process) changes with any line of code.
Standard library only: ``site.stamp`` uses it before the renderer is loaded.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
from collections.abc import Mapping, Sequence
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1]  # the leaguegen package folder


def template_dir() -> Path:
    """The site templates: installed with the package, or beside it in a checkout."""
    installed = PACKAGE / "site_template"
    return installed if installed.is_dir() else PACKAGE.parent / "site_template"


def user_cache(name: str) -> Path:
    """A folder of the user's cache for what outlives a process (compiled templates,
    unpacked fonts): ``$LEAGUEGEN_CACHE_DIR``, else ``$XDG_CACHE_HOME/leaguegen``, else
    ``~/.cache/leaguegen``; not made here."""
    base = os.environ.get("LEAGUEGEN_CACHE_DIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"),
        "leaguegen")
    return Path(base) / name


def code_digest(package: Path = PACKAGE) -> str:
    """The SHA-256 of every ``.py`` file below ``package`` (names and contents, in a fixed
    order; ``__pycache__`` and hidden folders left out)."""
    digest = hashlib.sha256()
    for root, dirs, names in os.walk(package):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__" and not d.startswith("."))
        for name in sorted(names):
            if name.endswith(".py"):
                path = Path(root) / name
                digest.update(f"{path.relative_to(package).as_posix()}\0".encode())
                digest.update(path.read_bytes())
                digest.update(b"\0")
    return digest.hexdigest()


@functools.cache
def identity() -> str:
    """``<version>+<first 16 hex digits of the code's digest>``, taken once per process (the
    running code does not change under it)."""
    try:
        number = version("leaguegen")
    except PackageNotFoundError:  # pragma: no cover - running from a bare checkout
        number = "dev"
    return f"{number}+{code_digest()[:16]}"


def content_key(*parts: object) -> str:
    """The key of what ``parts`` are, by their reprs (plain data, all the way down): every
    cache entry of a build (a section's pages, its feeds, the home page, a PDF) is named so."""
    return hashlib.sha256("\x1f".join(repr(p) for p in parts).encode()).hexdigest()


def pack(magic: bytes, head: dict, groups: Sequence[Mapping[str, bytes]]) -> bytes:
    """A cache entry: ``magic``, a line of JSON (``head``, with each group's files' names
    and byte lengths), then the files' bytes, group after group. A section's pages and its
    feeds are kept so (as a JSON object, their escaping was most of what storing cost)."""
    line = json.dumps({**head, "groups": [[[name, len(data)] for name, data in group.items()]
                                          for group in groups]})
    return b"".join((magic, line.encode(), b"\n", *(d for g in groups for d in g.values())))


def unpack(magic: bytes, raw: bytes | bytearray) -> tuple[dict, list[dict[str, memoryview]]] | None:
    """:func:`pack` read back: the head and each group's files (views of ``raw``, not
    copies); None (a miss, made again) for anything else: another format or version, an
    entry cut or lengthened, lengths that do not add up, a name twice in a group."""
    end = raw.find(b"\n", len(magic)) if raw.startswith(magic) else -1
    try:
        head = json.loads(raw[len(magic):end]) if end >= 0 else None
        view, at, groups = memoryview(raw), end + 1, []
        for listed in head["groups"]:
            group: dict[str, memoryview] = {}
            for name, length in listed:
                if type(name) is not str or type(length) is not int or length < 0 \
                        or at + length > len(raw) or name in group:
                    return None
                group[name], at = view[at:at + length], at + length
            groups.append(group)
    except (ValueError, KeyError, TypeError):
        return None
    return (head, groups) if at == len(raw) else None
