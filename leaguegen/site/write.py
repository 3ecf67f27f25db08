"""Writing the output tree so that a failed build never leaves a half-written site.

Files go into a fresh sibling folder; only when every file is written is it
swapped in place of the old site (two renames), so a reader or a web server
sees either the old site or the new one.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path


class OutputTree:
    """Collects the files of one build in a staging folder beside the destination."""

    def __init__(self, destination: Path):
        self.destination = destination.resolve()
        self.destination.parent.mkdir(parents=True, exist_ok=True)
        self.staging = Path(tempfile.mkdtemp(prefix=f".{self.destination.name}-build-",
                                             dir=self.destination.parent))
        self.staging.chmod(0o755)  # mkdtemp makes it private; a web server must read it
        self.written: set[str] = set()

    def path(self, relative: str) -> Path:
        target = (self.staging / relative).resolve()
        if self.staging not in target.parents:
            raise ValueError(f"refusing to write outside the site: {relative}")
        return target

    def write(self, relative: str, content: str | bytes) -> Path:
        if relative in self.written:
            raise ValueError(f"{relative} written twice in one build")
        self.written.add(relative)
        target = self.path(relative)
        target.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, str):
            target.write_text(content, encoding="utf-8")
        else:
            target.write_bytes(content)
        return target

    def copy(self, source: Path, relative: str) -> None:
        self.write(relative, source.read_bytes())

    def commit(self) -> None:
        """Swap the staging folder in place of the destination."""
        old = None
        if self.destination.exists():
            old = self.destination.with_name(f".{self.destination.name}-old-{os.getpid()}")
            if old.exists():
                shutil.rmtree(old)
            os.replace(self.destination, old)
        os.replace(self.staging, self.destination)
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)

    def abort(self) -> None:
        shutil.rmtree(self.staging, ignore_errors=True)
