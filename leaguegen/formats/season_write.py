"""Writing back to the organiser's season files without losing a comment or a byte.

Round-trip YAML (ruamel.yaml) keeps comments, key order, flow style and
quoting of everything we do not touch; the new text goes to a temporary file
in the same folder and is renamed over the original, so a crash or a full
disk leaves either the old file or the new one, never half of each.
"""

from __future__ import annotations

import datetime as dt
import io
import os
import tempfile
from collections.abc import Sequence
from pathlib import Path

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq

from leaguegen.formats.season_yaml import SEASON_FILE


class WriteError(Exception):
    pass


def _yaml() -> YAML:
    yaml = YAML(typ="rt")
    yaml.preserve_quotes = True
    yaml.width = 4096  # never re-wrap an organiser's long lines
    yaml.indent(mapping=2, sequence=4, offset=2)
    return yaml


def atomic_write(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` in one rename, keeping the file's permissions."""
    mode = path.stat().st_mode & 0o777 if path.exists() else 0o644
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _section_location(season_dir: Path, section_id: str) -> tuple[Path, list[str] | None]:
    """The file holding the section, and (for an inline section) its index in season.yaml."""
    yaml = _yaml()
    season_path = season_dir / SEASON_FILE
    doc = yaml.load(season_path.read_text(encoding="utf-8"))
    for item in doc.get("sections") or []:
        if isinstance(item, str):
            path = (season_dir / item).resolve()
            if season_dir.resolve() not in path.parents:
                continue
            sub = yaml.load(path.read_text(encoding="utf-8"))
            if isinstance(sub, dict) and str(sub.get("id")) == section_id:
                return path, None
        elif isinstance(item, dict) and str(item.get("id")) == section_id:
            return season_path, ["sections"]
    raise WriteError(f"no section with id '{section_id}' in {season_path}")


def _find_section(doc: CommentedMap, section_id: str, inline: bool) -> CommentedMap:
    if not inline:
        return doc
    for item in doc["sections"]:
        if isinstance(item, dict) and str(item.get("id")) == section_id:
            return item
    raise WriteError(f"section '{section_id}' disappeared while writing")


def append_round(season_dir: Path, section_id: str, games: Sequence[tuple[str, str]],
                 byes: Sequence[tuple[str, str]] = (), date: dt.date | None = None,
                 comment: str | None = None) -> Path:
    """Add a round of pairings (scores left empty) to the section's ``rounds`` list.

    ``games`` are (White name, Black name); ``byes`` are (name, kind) such as
    ("Ann Able", "bye"). Returns the file that was changed.
    """
    season_dir = Path(season_dir)
    path, inline = _section_location(season_dir, section_id)
    yaml = _yaml()
    original = path.read_text(encoding="utf-8")
    doc = yaml.load(original)
    section = _find_section(doc, section_id, inline is not None)
    rounds = section.get("rounds")
    if rounds is None:
        rounds = CommentedSeq()
        section["rounds"] = rounds
    entry = CommentedMap()
    if date is not None:
        entry["date"] = date
    results = CommentedSeq()
    for white, black in games:
        line = CommentedMap()
        line[f"{white} - {black}"] = None
        results.append(line)
    for name, kind in byes:
        line = CommentedMap()
        line[name] = kind
        results.append(line)
    entry["results"] = results
    rounds.append(entry)
    if comment:
        rounds.yaml_set_comment_before_after_key(len(rounds) - 1, before=comment,
                                                 indent=_indent_of(original, "rounds:") + 2)
    out = io.StringIO()
    yaml.dump(doc, out)
    text = out.getvalue()
    if not text.startswith(original.split("\n", 1)[0]) and original.startswith("#"):
        raise WriteError("refusing to write: the file's opening comment would be lost")
    atomic_write(path, text)
    return path


def _indent_of(text: str, key: str) -> int:
    for line in text.splitlines():
        if line.strip().startswith(key):
            return len(line) - len(line.lstrip())
    return 0
