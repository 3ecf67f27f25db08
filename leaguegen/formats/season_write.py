"""Writing back to the organiser's season files without losing an edit or a byte.

Every command that changes a season file (``pair``, ``result``, ``withdraw``,
``enter``, ``bye``, ``freeze``) goes through one :class:`SeasonSession`:

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
import os
import stat
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import yaml

from leaguegen.domain.season import Season
from leaguegen.errors import InputError, Message
from leaguegen.formats import files, season_edits
from leaguegen.formats.season_yaml import SEASON_FILE
from leaguegen.formats.yaml_splice import (
    NewRound,
    SpliceError,
    check_appended,
    compose,
    find_section,
    get,
    scalar_text,
    splice_round,
)

LOCK_NAME = ".leaguegen.lock"
LOCK_WAIT = 5.0  # seconds a second writer waits for the lock before refusing
BOM = b"\xef\xbb\xbf"


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
        raise WriteError(Message("{path} is not a regular file", path=path))
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
        raise WriteError(Message("{path}: byte {start} is not UTF-8 text",
                                 path=path, start=exc.start)) from None
    return SeasonText(path, target, _digest(raw), text, bom, _newline(text))


def section_files(season_dir: Path) -> list[Path]:
    """season.yaml and every section file it names (as named; missing ones included)."""
    season_dir = Path(season_dir)
    season_path = season_dir / SEASON_FILE
    files = [season_path]
    try:
        doc = compose(season_path.read_text(encoding="utf-8-sig"))
    except (OSError, UnicodeDecodeError, SpliceError, RecursionError):
        return files  # the loader reports what is wrong; the bytes of season.yaml still count
    sections = get(doc, "sections")
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
        raise WriteError(Message("cannot create the lock file {path}: {strerror}",
                                 path=path, strerror=exc.strerror)) from None
    try:
        deadline = time.monotonic() + wait
        while not _try_lock(fd):
            if time.monotonic() >= deadline:
                raise SeasonBusy(Message("another leaguegen command is writing to {season_dir} "
                                         "(it holds {path}); waited {wait:g} s; try again when "
                                         "it has finished",
                                         season_dir=season_dir, path=path, wait=wait))
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


def _compose(text: str, path: Path) -> yaml.Node | None:
    try:
        return compose(text)
    except SpliceError as exc:
        raise WriteError(Message("{path}: {exc}", path=path, exc=exc)) from None


class SeasonSession:
    """Lock the season, remember what was read, write only if nothing changed since.

    Use as ``with SeasonSession(dir) as s: season = load_season(dir);
    s.confirm_read(); ...; s.append_round(...)``.
    """

    def __init__(self, season_dir: str | Path, wait: float | None = None):
        self.season_dir = Path(season_dir)
        self.wait = wait
        self._lock = None
        self.froze: list[str] = []  # sections append_round froze, for the caller to say so
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
            raise WriteError(Message("internal: writing a season file without holding its lock"))
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

        files.write_atomic(st.target, st.encode(text), before_rename=still_unchanged)
        self.files[st.path] = _digest(st.encode(text))

    # -- edits ----------------------------------------------------------------

    def locate_section(self, section_id: str) -> tuple[SeasonText, yaml.Node,
                                                       yaml.MappingNode]:
        """The file holding the section, its node tree and the section's mapping in it."""
        season_path = self.season_dir / SEASON_FILE
        st = self.read(season_path)
        doc = _compose(st.text, season_path)
        sections = get(doc, "sections")
        if isinstance(sections, yaml.SequenceNode):
            for item in sections.value:
                if isinstance(item, yaml.MappingNode):
                    if scalar_text(get(item, "id")) == section_id:
                        return st, doc, item
                elif isinstance(item, yaml.ScalarNode) and item.value.strip():
                    sub_path = self.season_dir / item.value.strip()
                    sub = self.read(sub_path)
                    sub_doc = _compose(sub.text, sub_path)
                    if isinstance(sub_doc, yaml.MappingNode) and \
                            scalar_text(get(sub_doc, "id")) == section_id:
                        return sub, sub_doc, sub_doc
        raise WriteError(Message("no section with id '{section_id}' in {season_path}",
                                 section_id=section_id, season_path=season_path))

    def append_round(self, section_id: str, games: Sequence[tuple[str, str]],
                     byes: Sequence[tuple[str, str]] = (), date: dt.date | None = None,
                     comment: str | None = None, freeze: bool = True,
                     paired_by: str | None = None) -> Path:
        """Add a round of pairings (scores empty) at the end of the section's ``rounds``.

        ``games`` are (White name, Black name); ``byes`` are (name, kind) such as
        ("Ann Able", "bye"); ``paired_by`` the engine's marker for the round.
        Returns the file that was changed (as the season names it).
        A section whose numbers still come from ``seeding: rating | lots`` and that has a
        result is frozen in the same write (``freeze_wanted``), so the numbers the round
        was paired with are the ones in the file.
        """
        st, doc, section = self.locate_section(section_id)
        if freeze and freeze_wanted(section):
            st, doc, section = self._frozen_for_pairing(st, section_id)
            self.froze.append(section_id)
        wanted = NewRound.pairings(games, byes, date, paired_by)
        try:
            new_text = splice_round(st.text, st.newline, doc, section, wanted, comment)
            check_appended(new_text, section_id, doc, section, wanted)
        except SpliceError as exc:
            raise WriteError(Message("{path}: {exc}", path=st.path, exc=exc)) from None
        self.write(st, new_text)
        return st.path


    def _frozen_for_pairing(self, st: SeasonText, section_id: str
                            ) -> tuple[SeasonText, yaml.Node, yaml.MappingNode]:
        from leaguegen.formats.season_yaml import load_season

        try:
            season = load_season(self.season_dir)
        except InputError as err:
            raise WriteError("; ".join(str(p) for p in err.problems)) from None
        section = season.section(section_id)
        text = self.edit(st, lambda text, newline: season_edits.freeze(
            text, newline, section_id, [p.name for p in section.players], section.seeding,
            section.seed))
        frozen = SeasonText(st.path, st.target, st.digest, text, st.bom, st.newline)
        doc = _compose(text, st.path)
        node = find_section(doc, section_id)
        if node is None:  # pragma: no cover - freeze verified the section is there
            raise WriteError(Message("{path}: internal: the section went missing", path=st.path))
        return frozen, doc, node

    def edit(self, st: SeasonText, change: Callable[[str, str], str]) -> str:
        """``change(text, newline)`` of a file read by ``read``, a SpliceError as a
        WriteError naming the file (nothing is written here: see ``write``)."""
        try:
            return change(st.text, st.newline)
        except SpliceError as exc:
            raise WriteError(Message("{path}: {exc}", path=st.path, exc=exc)) from None


def freeze_wanted(section: yaml.MappingNode) -> bool:
    """Whether a section read from the file still has computed pairing numbers
    (``seeding: rating | lots | varma``, the players listed in the file) and a result."""
    from leaguegen.domain.sections import kind_of

    fmt = scalar_text(get(section, "format")) or ""
    try:
        kind = kind_of(fmt)
    except KeyError:
        return False
    if not kind.chores.computed_numbers or \
            scalar_text(get(section, "seeding")) not in season_edits.COMPUTED_SEEDINGS or \
            not isinstance(get(section, "players"), yaml.SequenceNode):
        return False
    rounds = get(section, "rounds")
    for item in rounds.value if isinstance(rounds, yaml.SequenceNode) else ():
        results = get(item, "results")
        for line in results.value if isinstance(results, yaml.SequenceNode) else ():
            if isinstance(line, yaml.MappingNode) and len(line.value) == 1:
                value = line.value[0][1]
                if isinstance(value, yaml.ScalarNode) and value.value.strip() and \
                        value.value.strip().lower() not in ("?", "pending", "postponed",
                                                            "adjourned"):
                    return True
    return False


def load_candidate(season_dir: Path, replaced: Mapping[Path, str],
                   memo: dict | None = None) -> Season:
    """The season as it would load with the files of ``replaced`` (as the season names
    them) holding the new texts, read in place: the new texts stand for those files, the
    others are read as they are (``memo``, the one the season was first loaded with: the
    files not changed are not parsed again). News is left out: an edit of a section
    cannot change what it says. Problems name the season's own paths (an InputError, as
    ``load_season``)."""
    from leaguegen.formats.season_yaml import load_season, read_confined

    season_dir = Path(season_dir)
    texts = {Path(path).resolve(): text for path, text in replaced.items()}

    def read(path: Path, root: Path, display: str) -> tuple[Path, str]:
        target = files.confined(path, root, display)
        text = texts.get(Path(target).resolve())
        return (target, text) if text is not None else read_confined(path, root, display)

    return load_season(season_dir, memo, read=read, news=False,
                       season_text=texts.get((season_dir / SEASON_FILE).resolve()))


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


