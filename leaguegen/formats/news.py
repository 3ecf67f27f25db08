"""News: ``news/*.md`` in the season folder, each with optional YAML front matter.

A file is ``---`` + ``title:``/``date:`` + ``---`` + Markdown, or just Markdown
whose first ``# heading`` is the title; a date may also start the file name
(``2026-09-01-welcome.md``). Files are read through ``formats.files`` (inside the
season folder, regular, UTF-8), the front matter is composed like every season
file (no aliases, located errors), and the Markdown is checked against the
limits below, so a hostile file is an error at its line rather than a hang.
"""

from __future__ import annotations

import datetime as dt
import os
import re
from pathlib import Path

import yaml

from leaguegen.domain.season import NewsItem
from leaguegen.errors import InputError, Message, Problem
from leaguegen.formats import files
from leaguegen.formats import yaml_nodes as yn
from leaguegen.formats.options import read_line

NEWS_KEYS = ("title", "date")
MAX_NEWS_BYTES = 256 * 1024
# Python-Markdown is quadratic in unmatched link brackets and recursive in nesting;
# no real news item comes near these limits, and within them it stays fast.
MAX_BRACKETS_PER_BLOCK = 400
MAX_NESTING = 16
_FRONT = re.compile(r"\A---[ \t]*\r?\n(.*?)\r?\n---[ \t]*(?:\r?\n|\Z)", re.S)
_DATED = re.compile(r"^(\d{4}-\d{2}-\d{2})(?:\b|_|-)")


def markdown_problems(text: str, path: str, first_line: int = 1) -> list[Problem]:
    """Limits a Markdown text must keep to: nesting depth and link brackets per block."""
    problems: list[Problem] = []
    brackets, block_start = 0, first_line
    for number, line in enumerate(text.splitlines(), start=first_line):
        if not line.strip():
            brackets, block_start = 0, number + 1
            continue
        stripped = line.lstrip(" \t>")
        quotes = line[: len(line) - len(stripped)].count(">")
        indent = len(line.expandtabs(4)) - len(line.expandtabs(4).lstrip())
        depth = quotes + indent // 2
        if depth > MAX_NESTING:
            problems.append(Problem(path, number, 1, Message("Markdown nested {count} level "
                                                             "deep; at most {MAX_NESTING} are "
                                                             "allowed",
                                                             "Markdown nested {count} levels "
                                                             "deep; at most {MAX_NESTING} are "
                                                             "allowed",
                                                             count=depth,
                                                             MAX_NESTING=MAX_NESTING)))
            return problems
        brackets += line.count("[")
        if brackets > MAX_BRACKETS_PER_BLOCK:
            problems.append(Problem(path, block_start, 1, Message("a Markdown paragraph with "
                                                                  "more than "
                                                                  "{MAX_BRACKETS_PER_BLOCK} '[' "
                                                                  "brackets; split it or remove "
                                                                  "some",
                                                                  MAX_BRACKETS_PER_BLOCK=MAX_BRACKETS_PER_BLOCK)))
            return problems
    return problems


def _date_value(node: yaml.Node, col: yn.Collector) -> dt.date | None:
    raw = str(node.value).strip() if isinstance(node, yaml.ScalarNode) else ""
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}", raw):
        try:
            return dt.date.fromisoformat(raw)
        except ValueError:
            pass
    col.add(node, Message("news date '{raw}' is not a date like 2026-09-03", raw=raw) if raw
            else Message("news date must be a date like 2026-09-03"))
    return None


def read_item(path: Path, root: Path, display: str) -> tuple[NewsItem | None, list[Problem]]:
    """One news file; problems name the file and line."""
    try:
        text = files.read_text(path, root, display, limit=MAX_NEWS_BYTES)
    except InputError as err:
        return None, err.problems
    col = yn.Collector(display)
    title: str | None = None
    date: dt.date | None = None
    body, body_line = text, 1
    m = _FRONT.match(text)
    if m:
        doc = yn.compose(m.group(1), col)
        # front matter starts on line 2 of the file
        col.problems = [Problem(p.path, p.line + 1 if p.line else 0, p.col, p.message)
                        for p in col.problems]
        if doc is not None and not yn.is_null(doc):
            shifted = _Shifted(col)
            keys = yn.mapping(doc, shifted, "news front matter", NEWS_KEYS)
            title = read_line(keys.get("title"), shifted, "news title")
            if "date" in keys:
                date = _date_value(keys["date"], shifted)
        body = text[m.end():]
        body_line = text[: m.end()].count("\n") + 1
    dm = _DATED.match(path.name)
    if date is None and dm and not col.problems:
        try:
            date = dt.date.fromisoformat(dm.group(1))
        except ValueError:
            col.problems.append(Problem(display, 0, 0, Message("the file name starts with "
                                                               "'{group}', which is not a date; "
                                                               "rename it (e.g. "
                                                               "2026-09-03-title.md)",
                                                               group=dm.group(1))))
    col.problems.extend(markdown_problems(body, display, body_line))
    if title is None:
        hm = re.search(r"^#\s+(.+)$", body, re.M)
        title = hm.group(1).strip() if hm else Path(path.name).stem
        if hm:
            body = body[: hm.start()] + body[hm.end():]
    if col.problems:
        return None, col.problems
    slug = re.sub(r"[^a-z0-9-]+", "-", Path(path.name).stem.lower()).strip("-") or "news"
    return NewsItem(slug=slug, title=title, date=date, markdown=body.strip()), []


class _Shifted(yn.Collector):
    """A collector for front matter nodes, whose lines start on line 2 of the file."""

    def __init__(self, target: yn.Collector):
        super().__init__(target.path, target.problems)

    def add(self, node: yaml.Node | None, message: str, warning: bool = False) -> None:
        if node is None:
            self.problems.append(Problem(self.path, 0, 0, message, warning))
        else:
            mark = node.start_mark
            self.problems.append(Problem(self.path, mark.line + 2, mark.column + 1, message,
                                         warning))


def read_news(root: Path, display_root: Path) -> tuple[tuple[NewsItem, ...], list[Problem]]:
    """Every ``news/*.md`` of the season, newest first, and the problems found."""
    folder = root / "news"
    if not folder.exists() and not folder.is_symlink():
        return (), []
    shown = display_root / "news"
    try:
        real = files.confined(folder, root, str(shown))
    except InputError as err:
        return (), err.problems
    if not real.is_dir():
        return (), [Problem(str(shown), 0, 0, Message("must be a folder of .md files"))]
    try:
        names = sorted(e.name for e in os.scandir(real) if e.name.endswith(".md"))
    except OSError as exc:
        return (), [Problem(str(shown), 0, 0, Message("cannot be read: {strerror}",
                                                      strerror=exc.strerror))]
    items, problems = [], []
    for name in names:
        item, found = read_item(real / name, root, str(shown / name))
        problems.extend(found)
        if item is not None:
            items.append(item)
    items.sort(key=lambda n: (n.date or dt.date.min, n.slug), reverse=True)
    return tuple(items), problems
