"""Whether a build would change nothing, answered before the season is even loaded.

A rebuild with nothing changed should cost what it takes to look at the inputs,
not a load, a render from the cache and a rewrite of the whole site. After each
successful build, ``build_site`` records a stamp beside its cache: the content
hash of every file in the season folder, the size and modification time of every
template and asset (their contents are hashed too, except large font files), the
program's version, the options, and which output folder the build swapped in
(its inode, so a deleted or replaced site is rebuilt). ``leaguegen build`` asks
:func:`unchanged` first: when every input is the same, the site on disk is what
a build would write, and the command says so without importing the renderer.

Standard library only: importing this module must stay cheap.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import subprocess
from dataclasses import asdict, dataclass, field
from pathlib import Path

from leaguegen.site import program

STAMP = "build-stamp.json"
FORMAT = "1"
_SMALL = 256 * 1024  # files up to this size are hashed; bigger ones (fonts) by stat


@dataclass
class Stamp:
    """What the last build read and wrote, and the counts its report showed."""

    inputs: str
    output: list[int]
    pages: int = 0
    pdfs: int = 0
    sections: int = 0
    warnings: list[str] = field(default_factory=list)


def cache_folder(out_dir: Path) -> Path:
    """``build``'s default cache, beside the output (as ``site.build.default_cache``)."""
    out = Path(out_dir).resolve()
    return out.parent / ".leaguegen-cache" / out.name


def _files(folder: Path, skip: set[Path]) -> list[Path]:
    """Every regular file under ``folder``, not in hidden folders or the skipped ones."""
    out = []
    for root, dirs, names in os.walk(folder):
        here = Path(root)
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and here / d not in skip)
        out += [here / n for n in sorted(names) if not n.startswith(".")]
    return out


def _digest_of(paths: list[Path], base: Path, digest: hashlib._Hash) -> None:
    for path in paths:
        try:
            st = path.stat()
        except OSError:
            continue
        digest.update(f"{path.relative_to(base)}\0{st.st_size}\0".encode())
        if st.st_size <= _SMALL:
            digest.update(path.read_bytes())
        else:
            digest.update(f"{st.st_mtime_ns}".encode())


def last_commit(folder: Path) -> str:
    """The newest commit touching ``folder`` ("" outside git): the Changes pages and
    "last updated" read the history, so committing edits already built must rebuild."""
    try:
        done = subprocess.run(
            ["git", "-c", "core.fsmonitor=false", "--no-pager", "log", "-1", "--format=%H",
             "--", "."], cwd=folder, capture_output=True, text=True, timeout=10, check=False,
            stdin=subprocess.DEVNULL, env={**os.environ, "GIT_OPTIONAL_LOCKS": "0"})
    except (OSError, subprocess.SubprocessError):
        return ""
    return done.stdout.strip() if done.returncode == 0 else ""


def files_digest(folder: Path) -> str:
    """The content hash of every file under ``folder`` (not its history): what ``serve`` on
    a folder of seasons compares, with the folder's :func:`last_commit`, to leave a season
    no save touched as it was built (a season's load alone is a YAML parse of its files)."""
    digest = hashlib.sha256()
    _digest_of(_files(Path(folder), set()), Path(folder), digest)
    return digest.hexdigest()


def digest(season_dir: Path, out_dir: Path, options: str) -> str:
    """One hash of everything a build of ``season_dir`` reads (its git history, the
    templates and the program's identity too: a rebuild after any change of code is a
    change), taken before a build loads them (a save during the build then leaves a stamp
    that no longer matches, and the next build builds)."""
    season_dir, out = Path(season_dir).resolve(), Path(out_dir).resolve()
    templates = program.template_dir()
    taken = hashlib.sha256(f"{FORMAT}\0{program.identity()}\0{options}\0{out}\0".encode())
    taken.update(f"commit\0{last_commit(season_dir)}\0".encode())
    _digest_of(_files(season_dir, {out}), season_dir, taken)
    taken.update(b"\0templates\0")
    _digest_of(_files(templates, set()), templates, taken)
    return taken.hexdigest()


def _output_id(out_dir: Path) -> list[int]:
    try:
        st = os.stat(out_dir)
        marker = os.stat(Path(out_dir) / ".leaguegen-site")
    except OSError:
        return []
    return [st.st_dev, st.st_ino, marker.st_ino]


def options(pdf: bool) -> str:
    """The build options a stamp includes (a build with PDFs is not one without); the
    CLI's check and the build both spell them here, so the two always agree."""
    return f"pdf={pdf}"


def record(out_dir: Path, cache: Path, stamp: Stamp) -> None:
    """After a successful build: what it read (``stamp.inputs``), the output it swapped in."""
    stamp.output = _output_id(out_dir)
    with contextlib.suppress(OSError):  # no stamp: the next build simply builds
        (Path(cache) / STAMP).write_text(json.dumps(asdict(stamp)), encoding="utf-8")


def unchanged(season_dir: Path, out_dir: Path, options: str,
              cache: Path | None = None) -> tuple[Stamp | None, str | None]:
    """The last build's stamp when nothing it read changed and its site is still there
    (else None), and the inputs' :func:`digest` when it was taken: the build that follows
    records it rather than hashing every file and asking git again."""
    cache = cache or cache_folder(out_dir)
    if not (Path(cache) / STAMP).is_file():  # a pipe there would block the read: no stamp
        return None, None
    try:
        data = json.loads((Path(cache) / STAMP).read_text(encoding="utf-8"))
        known = Stamp(**data)
    except (OSError, ValueError, TypeError):
        return None, None
    if not known.output or known.output != _output_id(out_dir):
        return None, None
    try:
        now = digest(season_dir, out_dir, options)
    except OSError:
        return None, None
    return (known if now == known.inputs else None), now


def forget(cache: Path) -> None:
    """Drop the stamp (before a build starts, so a failed build is never taken as done)."""
    with contextlib.suppress(OSError):
        (Path(cache) / STAMP).unlink()
