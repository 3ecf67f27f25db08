"""A season's history from git: when it last changed, and what each commit changed.

The season folder is usually a folder of the club's git repository. This module
is the only place that runs ``git``: as a list of arguments (never a shell), in
the season's folder, with ``--`` before every path and ``:(literal)`` path specs,
so no folder or file name is read as an option or a pattern, and with a time
limit on every call. Anything that goes wrong (no git installed, not a
repository, a shallow clone, a call that times out, a version of the season that
does not load) means less history, never a failed build.

The history is read by loading each version of the season folder through the
loader (``git archive`` of the folder at that commit, unpacked into a temporary
folder) and comparing consecutive versions as domain values
(``domain/changes.py``): the text of a diff is never parsed. At most
:data:`MAX_COMMITS` commits are read, newest first; each version's loaded
season is remembered by the id of the folder's tree at that commit, so a second
build in the same process (the live preview) loads only new versions.

A shallow clone (what many build hosts check out) has only some past versions;
rather than a list that silently starts part-way, the history is then empty and
:attr:`SeasonHistory.shallow` says why (``git fetch --unshallow`` before the
build brings it back; docs/data-feeds.md, "History from git").
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import os
import subprocess
import tarfile
import tempfile
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from leaguegen.domain.changes import Change, dated, season_changes
from leaguegen.domain.season import Season
from leaguegen.errors import InputError

MAX_COMMITS = 200
CACHE_VERSION = "2"  # of the comparisons kept in the build cache (2: entries sealed)
TIMEOUT = 20.0  # seconds, per git call
_MEMO_SIZE = 512
# a read runs no program the repository's configuration names (git status would start a
# file-system monitor) and no pager
SAFE = ("-c", "core.fsmonitor=false", "-c", "core.pager=cat", "--no-pager")
_SEASONS: OrderedDict[str, Season | None] = OrderedDict()  # tree id -> loaded season


@dataclass(frozen=True)
class SeasonHistory:
    """What the site shows of a season's past.

    ``updated``: the season's newest change (the commit date of the newest commit
    touching the folder; when files in it differ from that commit, or outside
    git, the newest modification time of its files). ``changes`` per section id,
    oldest first. ``in_git``/``shallow`` say where it came from.
    """

    updated: dt.datetime | None = None
    changes: dict[str, tuple[Change, ...]] = field(default_factory=dict)
    in_git: bool = False
    shallow: bool = False
    commits_read: int = 0


def _git(folder: Path, *args: str, binary: bool = False) -> str | bytes | None:
    """``git ARGS`` run in ``folder``; None when git is missing, fails or times out."""
    env = {**os.environ, "GIT_TERMINAL_PROMPT": "0", "LC_ALL": "C",
           "GIT_OPTIONAL_LOCKS": "0"}  # a read must never take the index lock
    try:
        done = subprocess.run(["git", *SAFE, *args], cwd=folder, capture_output=True,
                              timeout=TIMEOUT,
                              check=False, env=env, stdin=subprocess.DEVNULL)
    except (OSError, subprocess.SubprocessError):
        return None
    if done.returncode != 0:
        return None
    return done.stdout if binary else done.stdout.decode("utf-8", "replace")


def _season_files(folder: Path) -> list[Path]:
    """The season's own files: every regular file below it, hidden folders left out."""
    out = []
    for root, dirs, names in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        out += [Path(root) / n for n in names if not n.startswith(".")]
    return [p for p in out if p.is_file() and not p.is_symlink()]


def newest_mtime(folder: Path, paths: list[Path] | None = None) -> dt.datetime | None:
    """The newest modification time of the season's files (UTC), None for none."""
    stamps = []
    for path in paths if paths is not None else _season_files(folder):
        try:
            stamps.append(path.stat().st_mtime)
        except OSError:
            continue
    if not stamps:
        return None
    return dt.datetime.fromtimestamp(max(stamps), tz=dt.UTC).replace(microsecond=0)


def _commits(folder: Path, limit: int) -> list[tuple[str, dt.datetime]]:
    """Commits touching the folder, newest first: (id, committer date)."""
    text = _git(folder, "log", f"--max-count={limit}", "--format=%H %cI", "--", ".")
    if not isinstance(text, str):
        return []
    out = []
    for line in text.splitlines():
        commit, _, when = line.partition(" ")
        try:
            out.append((commit, dt.datetime.fromisoformat(when)))
        except ValueError:
            continue
    return out


def _dirty(folder: Path, root: Path) -> list[Path]:
    """Files of the folder that differ from the last commit (changed or new)."""
    text = _git(folder, "status", "--porcelain=v1", "-z", "--untracked-files=all", "--", ".")
    if not isinstance(text, str):
        return []
    entries = text.split("\0")
    out = []
    i = 0
    while i < len(entries):
        entry = entries[i]
        i += 1
        if len(entry) < 4:
            continue
        if entry[0] in "RC":  # a rename is followed by its old path
            i += 1
        out.append(root / entry[3:])
    return out


def _trees(top: Path, commits: list[str], prefix: str) -> dict[str, str]:
    """The id of the season folder's tree at each commit (missing where it did not exist),
    from one ``git cat-file --batch-check`` for all of them."""
    path = prefix.rstrip("/")
    if "\n" in path or "\r" in path:
        return {}  # the batch protocol is line based: no history for such a folder
    asks = [f"{c}:{path}" if path else f"{c}^{{tree}}" for c in commits]
    env = {**os.environ, "GIT_TERMINAL_PROMPT": "0", "LC_ALL": "C", "GIT_OPTIONAL_LOCKS": "0"}
    try:
        done = subprocess.run(["git", *SAFE, "cat-file", "--batch-check"], cwd=top, env=env,
                              input="".join(a + "\n" for a in asks).encode("utf-8"),
                              capture_output=True, timeout=TIMEOUT, check=False)
    except (OSError, subprocess.SubprocessError):
        return {}
    if done.returncode != 0:
        return {}
    out = {}
    answers = done.stdout.decode("utf-8", "replace").splitlines()
    for commit, answer in zip(commits, answers, strict=False):
        parts = answer.split(" ")
        if len(parts) == 3 and parts[1] == "tree":
            out[commit] = parts[0]
    return out


def _load_tree(top: Path, tree: str) -> Season | None:
    """The season as a tree of the repository holds it (None if it does not load).

    ``git archive`` runs at the repository's top: from inside a folder it archives
    only what lies below that folder of the tree it is given.
    """
    if tree in _SEASONS:
        _SEASONS.move_to_end(tree)
        return _SEASONS[tree]
    season = None
    data = _git(top, "archive", "--format=tar", tree, binary=True)
    if isinstance(data, bytes):
        season = _load_archive(data)
    _SEASONS[tree] = season
    while len(_SEASONS) > _MEMO_SIZE:
        _SEASONS.popitem(last=False)
    return season


class TextCache(Protocol):
    """Where comparisons are kept between builds: the build cache's text entries."""

    def get_page(self, key: str) -> str | None: ...
    def put_page(self, key: str, html: str) -> None: ...


def _key(*parts: str) -> str:
    return hashlib.sha256("\x1f".join(("git-history", CACHE_VERSION, *parts)).encode()).hexdigest()


def _pack(found: dict[str, tuple[Change, ...]] | None) -> str:
    if found is None:
        return "null"
    return json.dumps({sid: [[c.kind, c.round, list(c.players), c.old, c.new] for c in changes]
                       for sid, changes in found.items()}, ensure_ascii=False)


def _unpack(text: str) -> dict[str, tuple[Change, ...]] | None:
    data = json.loads(text)
    if data is None:
        return None
    return {sid: tuple(Change(k, r, tuple(p), o, n) for k, r, p, o, n in rows)
            for sid, rows in data.items()}


def _compare(top: Path, before: str, after: str,
             cache: TextCache | None) -> dict[str, tuple[Change, ...]] | None:
    """The changes from tree ``before`` to tree ``after``; None when ``after`` does not load."""
    key = _key("pair", before, after)
    if cache is not None:
        known = cache.get_page(key)
        if known is not None:
            try:
                return _unpack(known)
            except (ValueError, TypeError):
                pass  # a damaged entry: compared again
    old, new = _load_tree(top, before), _load_tree(top, after)
    found = None if new is None or old is None else season_changes(old, new)
    if cache is not None:
        cache.put_page(key, _pack(found))
    return found


def _loads(top: Path, tree: str, cache: TextCache | None) -> bool:
    key = _key("loads", tree)
    known = cache.get_page(key) if cache is not None else None
    if known in ("0", "1"):
        return known == "1"
    ok = _load_tree(top, tree) is not None
    if cache is not None:
        cache.put_page(key, "1" if ok else "0")
    return ok


def _extract(tar: tarfile.TarFile, into: str) -> None:
    """Regular files and folders only, inside ``into`` (links and devices are skipped:
    the loader reads none). Python's "data" filter where it has one (3.11.4 on)."""
    safe = [m for m in tar.getmembers()
            if (m.isfile() or m.isdir()) and not m.name.startswith(("/", "\\"))
            and ".." not in Path(m.name).parts]
    if hasattr(tarfile, "data_filter"):
        tar.extractall(into, members=safe, filter="data")
    else:  # pragma: no cover - Python before 3.11.4
        tar.extractall(into, members=safe)  # noqa: S202 - members checked above


def _load_archive(data: bytes) -> Season | None:
    import io

    from leaguegen.formats.season_yaml import load_season

    with tempfile.TemporaryDirectory(prefix="leaguegen-history-") as tmp:
        try:
            with tarfile.open(fileobj=io.BytesIO(data)) as tar:
                _extract(tar, tmp)
            return load_season(tmp)
        except (InputError, OSError, tarfile.TarError, UnicodeDecodeError, ValueError):
            return None  # that version was broken: the next one is compared with the last good


def read_history(folder: str | Path, limit: int = MAX_COMMITS,
                 cache: TextCache | None = None) -> SeasonHistory:
    """The season folder's history (see the module docstring); never raises.

    ``cache`` (the build cache) keeps the comparison of each pair of versions,
    keyed by their tree ids, so a later build loads only the versions it has not
    compared yet.
    """
    folder = Path(folder).resolve()
    inside = _git(folder, "rev-parse", "--is-inside-work-tree", "--is-shallow-repository",
                  "--show-toplevel", "--show-prefix")
    if not isinstance(inside, str) or not inside.startswith("true"):
        return SeasonHistory(updated=newest_mtime(folder))
    lines = inside.split("\n")
    if len(lines) < 4:
        return SeasonHistory(updated=newest_mtime(folder))
    shallow = lines[1] == "true"
    top, prefix = Path(lines[2]), lines[3]  # a name may end in spaces: not stripped
    commits = _commits(folder, limit)
    updated = commits[0][1] if commits else None
    dirty = _dirty(folder, top)
    if dirty:
        changed = newest_mtime(folder, dirty)
        if changed is not None and (updated is None or changed > updated):
            updated = changed
    if updated is None:
        updated = newest_mtime(folder)
    if shallow or len(commits) < 2:
        return SeasonHistory(updated, {}, in_git=True, shallow=shallow,
                             commits_read=len(commits))
    trees = _trees(top, [c for c, _ in commits], prefix)
    changes: dict[str, list[Change]] = {}
    previous: str | None = None  # the tree of the last version that loaded
    for commit, when in reversed(commits):  # oldest first
        tree = trees.get(commit)
        if tree is None or tree == previous:
            continue
        if previous is None:
            previous = tree if _loads(top, tree, cache) else None
            continue
        found = _compare(top, previous, tree, cache)
        if found is None:
            continue  # that version did not load: the next is compared with the last good
        for sid, listed in found.items():
            changes.setdefault(sid, []).extend(dated(listed, when, commit))
        previous = tree
    return SeasonHistory(updated, {k: tuple(v) for k, v in changes.items()}, in_git=True,
                         commits_read=len(commits))


def season_at(folder: str | Path, rev: str) -> Season | str:
    """The season folder as revision ``rev`` holds it (for ``leaguegen diff``), or a
    message saying why it cannot be had (not a repository, no such revision, the folder
    not there then, a version that does not load)."""
    folder = Path(folder).resolve()
    if rev.startswith("-") or any(c in rev for c in "\n\r\0"):
        return f"'{rev}' is not a revision"
    inside = _git(folder, "rev-parse", "--show-toplevel", "--show-prefix")
    if not isinstance(inside, str) or len(inside.split("\n")) < 2:
        return f"{folder} is not in a git repository"
    top, prefix = (Path(inside.split("\n")[0]), inside.split("\n")[1])
    commit = _git(folder, "rev-parse", "--verify", "--quiet", "--end-of-options",
                  f"{rev}^{{commit}}")
    if not isinstance(commit, str) or not commit.strip():
        return f"no revision '{rev}' in {top}"
    tree = _trees(top, [commit.strip()], prefix).get(commit.strip())
    if tree is None:
        return f"the season folder is not in revision '{rev}'"
    season = _load_tree(top, tree)
    return season if season is not None else f"the season at '{rev}' does not load"
