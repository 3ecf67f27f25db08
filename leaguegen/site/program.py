"""Which program a build ran: its version and a digest of its own code.

Every cache key and the no-change stamp name the program that made a page, so a new
program renders again. The version alone stays the same between commits, so a fix
installed from a checkout left the pages the old code had cached; the digest of the
package's ``.py`` files (2-3 ms once a process) changes with any line of code.
Standard library only: ``site.stamp`` uses it before the renderer is loaded.
"""

from __future__ import annotations

import functools
import hashlib
import os
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1]  # the leaguegen package folder


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
