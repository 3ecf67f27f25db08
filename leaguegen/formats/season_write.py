"""Writing back to the organiser's season files without losing an edit or a byte.

Every command that changes a season file (``pair`` today; ``result``,
``withdraw``, ``enter`` and ``bye`` later) goes through one
:class:`SeasonSession`:

1. **lock**: an advisory ``fcntl.flock`` on ``.leaguegen.lock`` in the season
   folder, so two leaguegen writers never overlap (the second waits up to
   ``LOCK_WAIT`` seconds, then :class:`SeasonBusy`);
2. **fingerprint**: the SHA-256 of every file the season reads (season.yaml
   and each section file) is taken before the command loads the season and
   confirmed after (``confirm_read``), so what was loaded is what was hashed;
3. **edit as text**: the change is spliced into the file's own text at
   positions taken from the YAML node tree, so every existing line stays
   byte for byte (line endings, a UTF-8 BOM, indentation, comments, a ``---``
   marker); the new lines copy the indentation of their neighbours, and the
   result is parsed again and checked before anything is written;
4. **write if unchanged**: just before the atomic rename every fingerprint is
   checked again; if an editor saved a file meanwhile (a withdrawal, a score)
   :class:`SeasonChanged` is raised and nothing is written.

A symlinked season file is written through to its target (which must be a
regular file inside the season folder), so the link stays a link. The new
text goes to a temporary file beside the target (``.<name>.<random>.leaguegen-tmp``)
that is removed on every error path; a temporary left by a killed run is removed
by the next write. Reads go through ``formats.files`` (confined to the season
folder, regular files only, bounded), as the loader's do.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import os
import stat
import tempfile
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import yaml

from leaguegen.errors import InputError
from leaguegen.formats import files
from leaguegen.formats.season_yaml import SEASON_FILE

LOCK_NAME = ".leaguegen.lock"
LOCK_WAIT = 5.0  # seconds a second writer waits for the lock before refusing
BOM = b"\xef\xbb\xbf"
_BREAKS = "\r\n\x85\u2028\u2029"  # what YAML counts as a line break


class WriteError(Exception):
    """The season file cannot be changed as asked; nothing was written."""


class SeasonBusy(WriteError):
    """Another leaguegen command holds the season's lock."""


class SeasonChanged(WriteError):
    """A season file changed after it was read; writing would lose that edit."""


# ---------------------------------------------------------------- reading


@dataclass(frozen=True, slots=True)
class SeasonText:
    """One season file as read: its text and the layout to write it back in.

    ``path`` is the name the season uses (it may be a symlink); ``target`` is the
    regular file behind it, which is what gets replaced. ``text`` has no BOM and
    keeps the file's own line endings; ``newline`` is the ending new lines get.
    """

    path: Path
    target: Path
    digest: str
    text: str
    bom: bool
    newline: str

    def encode(self, text: str) -> bytes:
        data = text.encode("utf-8")
        return BOM + data if self.bom else data


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _target(path: Path, season_dir: Path) -> Path:
    """The regular file behind ``path``, which must lie inside the season folder."""
    try:
        target = files.confined(path, season_dir, str(path))
    except InputError as err:
        raise WriteError("; ".join(str(p) for p in err.problems)) from None
    if not stat.S_ISREG(target.stat().st_mode):
        raise WriteError(f"{path} is not a regular file")
    return target


def _newline(text: str) -> str:
    if "\r\n" in text:
        return "\r\n"
    if "\r" in text and "\n" not in text:
        return "\r"
    return "\n"


def read_text(path: Path, season_dir: Path) -> SeasonText:
    """Read a season file for editing (UTF-8, with or without a BOM)."""
    path = Path(path)
    target = _target(path, Path(season_dir))
    try:
        raw = files.read_bytes(target, Path(season_dir), str(path))
    except InputError as err:
        raise WriteError("; ".join(str(p) for p in err.problems)) from None
    bom = raw.startswith(BOM)
    try:
        text = raw[len(BOM):].decode("utf-8") if bom else raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise WriteError(f"{path}: byte {exc.start} is not UTF-8 text") from None
    return SeasonText(path, target, _digest(raw), text, bom, _newline(text))


def _compose(text: str, path: Path) -> yaml.Node | None:
    """The node tree, with character offsets (the pure-Python loader's marks are exact)."""
    try:
        return yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError as exc:
        raise WriteError(f"{path}: not valid YAML ({exc}); run `leaguegen check`") from None


def _get(node: yaml.Node | None, key: str) -> yaml.Node | None:
    if not isinstance(node, yaml.MappingNode):
        return None
    for k, v in node.value:
        if isinstance(k, yaml.ScalarNode) and k.value == key:
            return v
    return None


def section_files(season_dir: Path) -> list[Path]:
    """season.yaml and every section file it names (as named; missing ones included)."""
    season_dir = Path(season_dir)
    season_path = season_dir / SEASON_FILE
    files = [season_path]
    try:
        doc = yaml.compose(season_path.read_text(encoding="utf-8-sig"), Loader=yaml.SafeLoader)
    except (OSError, UnicodeDecodeError, yaml.YAMLError, RecursionError):
        return files  # the loader reports what is wrong; the bytes of season.yaml still count
    sections = _get(doc, "sections")
    if isinstance(sections, yaml.SequenceNode):
        for item in sections.value:
            if isinstance(item, yaml.ScalarNode) and item.value.strip():
                files.append(season_dir / item.value.strip())
    return files


def _fingerprint(files: Sequence[Path]) -> dict[Path, str | None]:
    out: dict[Path, str | None] = {}
    for path in files:
        try:
            out[path] = _digest(path.read_bytes())
        except OSError:
            out[path] = None
    return out


# ---------------------------------------------------------------- locking


@contextmanager
def season_lock(season_dir: Path, wait: float | None = None) -> Iterator[Path]:
    """Hold the season's advisory write lock (``.leaguegen.lock``, created if missing)."""
    wait = LOCK_WAIT if wait is None else wait
    path = Path(season_dir) / LOCK_NAME
    flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags, 0o644)
    except OSError as exc:
        raise WriteError(f"cannot create the lock file {path}: {exc.strerror}") from None
    try:
        deadline = time.monotonic() + wait
        while not _try_lock(fd):
            if time.monotonic() >= deadline:
                raise SeasonBusy(f"another leaguegen command is writing to {season_dir}"
                                 f" (it holds {path}); waited {wait:g} s; try again when"
                                 " it has finished")
            time.sleep(0.05)
        try:
            yield path
        finally:
            _unlock(fd)
    finally:
        os.close(fd)


try:
    import fcntl

    def _try_lock(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True

    def _unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)

except ImportError:  # pragma: no cover - Windows
    import msvcrt

    def _try_lock(fd: int) -> bool:
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

    def _unlock(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)


# ---------------------------------------------------------------- writing


def _stale_temps(target: Path) -> None:
    """Remove temporaries a killed write of ``target`` left behind (we hold the lock);
    ``.tmp`` is what leaguegen 0.1 named them."""
    prefix = f".{target.name}."
    for entry in target.parent.iterdir():
        if entry.name.startswith(prefix) and entry.name.endswith((files.TEMP_SUFFIX, ".tmp")):
            try:
                if stat.S_ISREG(entry.lstat().st_mode):
                    entry.unlink()
            except OSError:
                pass


def atomic_write(path: Path, data: str | bytes, before_rename=None) -> None:  # noqa: ANN001
    """Replace ``path`` (or, for a symlink, its target) in one rename, keeping its mode.

    ``before_rename`` is called after the new bytes are on disk and just before
    the rename; raising there leaves the old file and no temporary behind.
    """
    path = Path(path)
    target = path.resolve() if path.is_symlink() else path
    payload = data.encode("utf-8") if isinstance(data, str) else data
    mode = stat.S_IMODE(target.stat().st_mode) if target.exists() else 0o644
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.",
                               suffix=files.TEMP_SUFFIX)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(payload)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, mode)
        if before_rename is not None:
            before_rename()
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    _sync_dir(target.parent)


def _sync_dir(folder: Path) -> None:
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


class SeasonSession:
    """Lock the season, remember what was read, write only if nothing changed since.

    Use as ``with SeasonSession(dir) as s: season = load_season(dir);
    s.confirm_read(); ...; s.append_round(...)``.
    """

    def __init__(self, season_dir: str | Path, wait: float | None = None):
        self.season_dir = Path(season_dir)
        self.wait = wait
        self._lock = None
        self.files: dict[Path, str | None] = {}

    def __enter__(self) -> SeasonSession:
        self._lock = season_lock(self.season_dir, self.wait)
        self._lock.__enter__()
        try:
            self.files = _fingerprint(section_files(self.season_dir))
        except BaseException:
            self._lock.__exit__(None, None, None)
            raise
        return self

    def __exit__(self, *exc: object) -> None:
        lock, self._lock = self._lock, None
        if lock is not None:
            lock.__exit__(*exc)

    def changed(self) -> list[Path]:
        """Files whose bytes differ from the first fingerprint (or that appeared, went)."""
        now = _fingerprint(list(dict.fromkeys([*self.files, *section_files(self.season_dir)])))
        return [p for p, d in now.items() if self.files.get(p) != d]

    def confirm_read(self) -> None:
        """Call after loading the season: it must have read the fingerprinted bytes."""
        changed = self.changed()
        if changed:
            raise SeasonChanged(_changed_message(changed))

    def read(self, path: Path) -> SeasonText:
        """A file of the season for editing; it must still be as first fingerprinted."""
        st = read_text(path, self.season_dir)
        if self.files.get(Path(path), st.digest) != st.digest:
            raise SeasonChanged(_changed_message([Path(path)]))
        return st

    def write(self, st: SeasonText, text: str) -> None:
        """Replace the file with ``text`` unless any season file changed since it was read."""
        if self._lock is None:
            raise WriteError("internal: writing a season file without holding its lock")
        _stale_temps(st.target)

        def still_unchanged() -> None:
            changed = self.changed()
            try:
                current = _digest(st.target.read_bytes())
            except OSError:
                current = None
            if current != st.digest and st.path not in changed:
                changed.append(st.path)
            if changed:
                raise SeasonChanged(_changed_message(changed))

        atomic_write(st.target, st.encode(text), before_rename=still_unchanged)
        self.files[st.path] = _digest(st.encode(text))

    # -- edits ----------------------------------------------------------------

    def locate_section(self, section_id: str) -> tuple[SeasonText, yaml.Node,
                                                       yaml.MappingNode]:
        """The file holding the section, its node tree and the section's mapping in it."""
        season_path = self.season_dir / SEASON_FILE
        st = self.read(season_path)
        doc = _compose(st.text, season_path)
        sections = _get(doc, "sections")
        if isinstance(sections, yaml.SequenceNode):
            for item in sections.value:
                if isinstance(item, yaml.MappingNode):
                    if _scalar_text(_get(item, "id")) == section_id:
                        return st, doc, item
                elif isinstance(item, yaml.ScalarNode) and item.value.strip():
                    sub_path = self.season_dir / item.value.strip()
                    sub = self.read(sub_path)
                    sub_doc = _compose(sub.text, sub_path)
                    if isinstance(sub_doc, yaml.MappingNode) and \
                            _scalar_text(_get(sub_doc, "id")) == section_id:
                        return sub, sub_doc, sub_doc
        raise WriteError(f"no section with id '{section_id}' in {season_path}")

    def append_round(self, section_id: str, games: Sequence[tuple[str, str]],
                     byes: Sequence[tuple[str, str]] = (), date: dt.date | None = None,
                     comment: str | None = None) -> Path:
        """Add a round of pairings (scores empty) at the end of the section's ``rounds``.

        ``games`` are (White name, Black name); ``byes`` are (name, kind) such as
        ("Ann Able", "bye"). Returns the file that was changed (as the season names it).
        """
        st, doc, section = self.locate_section(section_id)
        wanted = NewRound.pairings(games, byes, date)
        new_text = splice_round(st, doc, section, wanted, comment)
        _check_appended(new_text, st, section_id, doc, section, wanted)
        self.write(st, new_text)
        return st.path


def _changed_message(paths: Sequence[Path]) -> str:
    names = ", ".join(str(p) for p in paths)
    return (f"{names} changed while this command ran (saved by an editor or another"
            " program); nothing was written; run the command again to use the new content")


def append_round(season_dir: Path, section_id: str, games: Sequence[tuple[str, str]],
                 byes: Sequence[tuple[str, str]] = (), date: dt.date | None = None,
                 comment: str | None = None) -> Path:
    """One locked, checked write of a new round (see :meth:`SeasonSession.append_round`)."""
    with SeasonSession(season_dir) as session:
        return session.append_round(section_id, games, byes, date, comment)


# ---------------------------------------------------------------- the splice


def _scalar_text(node: yaml.Node | None) -> str | None:
    return node.value.strip() if isinstance(node, yaml.ScalarNode) else None


def yaml_scalar(text: str) -> str:
    """``text`` as a YAML scalar that reads back as exactly ``text``: plain if it can be."""
    if text and text == text.strip() and not any(c in text for c in "\"'#\\") and \
            text.isprintable():
        try:
            back = yaml.safe_load(f"{text}: x")
        except yaml.YAMLError:
            back = None
        if back == {text: "x"}:
            return text
    return json.dumps(text, ensure_ascii=False)  # JSON strings are YAML double-quoted scalars


@dataclass(frozen=True, slots=True)
class NewRound:
    """A round to add: its date and its result lines as (key, value or None for empty)."""

    date: dt.date | None
    lines: tuple[tuple[str, str | None], ...]

    @classmethod
    def pairings(cls, games: Sequence[tuple[str, str]], byes: Sequence[tuple[str, str]] = (),
                 date: dt.date | None = None) -> NewRound:
        """Games as ``White - Black:`` with the score left empty, byes as ``Name: kind``."""
        lines = [(f"{white} - {black}", None) for white, black in games]
        lines += [(name, kind) for name, kind in byes]
        return cls(date, tuple(lines))

    def expected(self) -> list[tuple[object, object]]:
        """What the new round must read back as (see ``_node_value``)."""
        out: list[tuple[object, object]] = []
        if self.date is not None:
            out.append(("date", self.date.isoformat()))
        out.append(("results", [[(key, value)] for key, value in self.lines]))
        return out


def _line_start(text: str, index: int) -> int:
    """Offset of the start of the line holding ``index``."""
    return max(text.rfind(c, 0, index) for c in _BREAKS) + 1


def _after_line(text: str, index: int) -> int:
    """Offset just past the line break that ends the line holding ``index``."""
    if index > 0 and text[index - 1] in _BREAKS:
        return index  # a block scalar's end mark is already at the next line
    ends = [i for i in (text.find(c, index) for c in _BREAKS) if i >= 0]
    if not ends:
        return len(text)
    end = min(ends)
    return end + 2 if text.startswith("\r\n", end) else end + 1


def _content_end(node: yaml.Node) -> int:
    """Offset where the last character of a node's own content ends (not its trailing
    comments: PyYAML's end mark of a block collection lies at the next token)."""
    if isinstance(node, yaml.ScalarNode):
        return node.end_mark.index
    if node.flow_style:
        return node.end_mark.index
    ends = [node.start_mark.index]
    for child in node.value:
        if isinstance(child, tuple):
            ends.extend(_content_end(c) for c in child)
        else:
            ends.append(_content_end(child))
    return max(ends)


def _column(text: str, index: int) -> int:
    return index - _line_start(text, index)


def _dash(text: str, item: yaml.Node) -> tuple[int, bool] | None:
    """Column of the ``-`` that opens a block sequence item, and whether the item's
    content starts on the dash's line (``- date: ...`` rather than ``-`` then a line)."""
    i = item.start_mark.index - 1
    same_line = True
    while i >= 0 and text[i] in " \t" + _BREAKS:
        same_line = same_line and text[i] not in _BREAKS
        i -= 1
    if i < 0 or text[i] != "-":
        return None
    return _column(text, i), same_line


@dataclass(frozen=True, slots=True)
class _Layout:
    dash: int  # column of a round's "-"
    key: int  # column of a round's keys
    result_dash: int  # column of a result line's "-"


def _style(text: str, node: yaml.Node) -> tuple[int, int] | None:
    """(dash column - key column, content column - dash column) of the first block list of
    mappings found under ``node``: how this file indents its lists."""
    if not isinstance(node, yaml.MappingNode):
        return None
    for key, value in node.value:
        if isinstance(value, yaml.SequenceNode) and value.value and not value.flow_style:
            item = value.value[0]
            found = _dash(text, item)
            if found is not None:
                dash, same_line = found
                step = item.start_mark.column - dash if same_line else 2
                return dash - key.start_mark.column, max(step, 2)
        inner = _style(text, value)
        if inner is not None:
            return inner
    return None


def _layout(text: str, doc: yaml.Node, section: yaml.MappingNode, rounds_key_col: int,
            rounds: yaml.Node | None) -> _Layout:
    """Copy the indentation of the last round, else of the file's other lists."""
    seq_step, item_step = _style(text, section) or _style(text, doc) or (2, 2)
    if isinstance(rounds, yaml.SequenceNode) and rounds.value and not rounds.flow_style:
        last = rounds.value[-1]
        found = _dash(text, last)
        if found is not None:
            dash, same_line = found
            block = isinstance(last, yaml.MappingNode) and not last.flow_style
            key = last.start_mark.column if block and same_line else dash + item_step
            if block and not same_line:
                key = last.start_mark.column
            results = _get(last, "results")
            if isinstance(results, yaml.SequenceNode) and results.value and \
                    not results.flow_style:
                rdash = _dash(text, results.value[-1])
                if rdash is not None:
                    return _Layout(dash, key, rdash[0])
            return _Layout(dash, key, key + (dash - rounds_key_col))
    dash = rounds_key_col + seq_step
    return _Layout(dash, dash + item_step, dash + item_step + seq_step)


def _render_round(wanted: NewRound, layout: _Layout, newline: str,
                  comment: str | None) -> str:
    lines: list[str] = []
    if comment:
        for part in comment.splitlines() or [""]:
            lines.append(" " * layout.dash + "# " + part if part else " " * layout.dash + "#")
    first = True

    def key_line(body: str) -> None:
        nonlocal first
        if first:
            lines.append(" " * layout.dash + "- " + " " * (layout.key - layout.dash - 2) + body)
            first = False
        else:
            lines.append(" " * layout.key + body)

    if wanted.date is not None:
        key_line(f"date: {wanted.date.isoformat()}")
    key_line("results:")
    for key, value in wanted.lines:
        body = f"{yaml_scalar(key)}:" if value is None else \
            f"{yaml_scalar(key)}: {yaml_scalar(value)}"
        lines.append(" " * layout.result_dash + "- " + body)
    return "".join(line + newline for line in lines)


def splice_round(st: SeasonText, doc: yaml.Node, section: yaml.MappingNode,
                 wanted: NewRound, comment: str | None = None) -> str:
    """The file's text with one more round at the end of the section's ``rounds``."""
    text = st.text
    rounds_key = next((k for k, _ in section.value
                       if isinstance(k, yaml.ScalarNode) and k.value == "rounds"), None)
    rounds = _get(section, "rounds")
    if rounds_key is None:
        # no rounds yet: a "rounds:" key after the section's last line, at its keys' column
        col = section.value[0][0].start_mark.column if section.value else 0
        at = _after_line(text, _content_end(section))
        layout = _layout(text, doc, section, col, None)
        body = " " * col + "rounds:" + st.newline
        return _join(text, at, body + _render_round(wanted, layout, st.newline, comment),
                     st.newline)
    layout = _layout(text, doc, section, rounds_key.start_mark.column, rounds)
    if isinstance(rounds, yaml.SequenceNode) and not rounds.flow_style:
        at = _after_line(text, _content_end(rounds))
        return _join(text, at, _render_round(wanted, layout, st.newline, comment), st.newline)
    empty_flow = isinstance(rounds, yaml.SequenceNode) and not rounds.value
    null = isinstance(rounds, yaml.ScalarNode) and rounds.tag.endswith(":null") and \
        not rounds.style
    if not (empty_flow or null):
        shape = "a flow list [...]" if isinstance(rounds, yaml.SequenceNode) else "one value"
        raise WriteError(f"{st.path}:{rounds.start_mark.line + 1}: 'rounds' is written as"
                         f" {shape}; write it as a block list (one '- date: ...' per round)"
                         " so that a round can be added without rewriting it")
    # "rounds: []", "rounds: ~" or "rounds:": the value goes, a comment after it stays
    start, end = rounds.start_mark.index, rounds.end_mark.index
    line_end = _after_line(text, end)
    rest = text[end:line_end]
    if rest.strip(" \t" + _BREAKS):
        head = text[:start] + " " * (end - start) + rest  # the comment keeps its column
    else:
        head = text[:start].rstrip(" \t") + rest.lstrip(" \t")
    if not head.endswith(tuple(_BREAKS)):
        head += st.newline
    return head + _render_round(wanted, layout, st.newline, comment) + text[line_end:]


def _join(text: str, at: int, body: str, newline: str) -> str:
    head = text[:at]
    if head and not head.endswith(tuple(_BREAKS)):
        head += newline  # the file ended without a line break
    return head + body + text[at:]


def _node_value(node: yaml.Node, skip: yaml.Node | None = None,
                empty: yaml.Node | None = None) -> object:
    """A node tree as plain lists (mappings as lists of pairs, in order).

    ``skip``: a sequence item to leave out; ``empty``: a node read as an empty list
    (the ``rounds: []`` / ``rounds:`` that the first round replaces).
    """
    if node is empty:
        return []
    if isinstance(node, yaml.ScalarNode):
        return None if node.tag.endswith(":null") and not node.style else node.value
    if isinstance(node, yaml.SequenceNode):
        return [_node_value(n, skip, empty) for n in node.value if n is not skip]
    return [(_node_value(k, skip, empty), _node_value(v, skip, empty)) for k, v in node.value]


def _find_section(doc: yaml.Node | None, section_id: str) -> yaml.MappingNode | None:
    if isinstance(doc, yaml.MappingNode) and _scalar_text(_get(doc, "id")) == section_id:
        return doc
    sections = _get(doc, "sections")
    for item in sections.value if isinstance(sections, yaml.SequenceNode) else []:
        if isinstance(item, yaml.MappingNode) and _scalar_text(_get(item, "id")) == section_id:
            return item
    return None


def _check_appended(new_text: str, st: SeasonText, section_id: str, old_doc: yaml.Node,
                    old: yaml.MappingNode, wanted: NewRound) -> None:
    """Parse the new text: the section has exactly one more round, the one wanted, and
    everything else in the file reads exactly as before."""
    doc = _compose(new_text, st.path)
    section = _find_section(doc, section_id)
    old_rounds = _get(old, "rounds")
    before = len(old_rounds.value) if isinstance(old_rounds, yaml.SequenceNode) else 0
    rounds = _get(section, "rounds") if section is not None else None
    problem = None
    if not isinstance(rounds, yaml.SequenceNode) or len(rounds.value) != before + 1 or \
            _node_value(rounds.value[-1]) != wanted.expected():
        problem = "the new round would not read back as written"
    else:
        was = _node_value(old_doc, empty=old_rounds if before == 0 else None)
        now = _node_value(doc, skip=rounds.value[-1])
        if old_rounds is None:  # "rounds:" was added at the end of the section
            now = _node_value(doc, skip=rounds.value[-1], empty=rounds)
            was = _with_rounds_key(old_doc, old)
        if was != now:
            problem = "the rest of the file would not read as before"
    if problem:
        raise WriteError(f"internal: {problem} in {st.path}; nothing was changed (please"
                         " report this file's layout)")


def _with_rounds_key(doc: yaml.Node, section: yaml.MappingNode) -> object:
    """The old tree's value with ``rounds: []`` appended to the section that had none."""
    def value(node: yaml.Node) -> object:
        if isinstance(node, yaml.ScalarNode):
            return _node_value(node)
        if isinstance(node, yaml.SequenceNode):
            return [value(n) for n in node.value]
        pairs = [(value(k), value(v)) for k, v in node.value]
        return pairs + [("rounds", [])] if node is section else pairs

    return value(doc)
