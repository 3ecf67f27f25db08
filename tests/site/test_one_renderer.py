"""Every row of every page comes from its template macro, and from nowhere else.

The rows a season has hundreds of thousands of (tiebreak explanations, games, A-Z lines,
boards, crosstable and standings rows, the A-Z pager) used to be written by Python beside
the macros, so a designer's edit to a macro changed nothing on a big site. Here each row
macro of a copy of the templates gets a mark on its row, every demo season is rendered
with the copy, and every row of those tables must carry the mark, the mark being the only
difference from the pages rendered with the templates as they are. And no Python module
writes table rows, cells or links itself.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from leaguegen.formats.season_yaml import load_season
from leaguegen.site import render
from leaguegen.site.build import render_pages
from tests.conftest import ROOT

DEMOS = sorted(p for p in (ROOT / "seasons").iterdir() if (p / "season.yaml").exists())

# (template, the macro, the tag in it that starts a row; the class (a pattern) of the tables
# whose body rows it writes, or of the pager; a knockout's and a Scheveningen match's
# pairings are tables of their own kind)
ROW_MACROS = (
    ("partials/tiebreaks.html", "tiebreak_lines", "<tr", "tb-items"),
    ("partials/games.html", "game_rows", "<tr", "games"),
    ("partials/wall.html", "wall_rows", "<tr", "wall-list"),
    ("partials/rounds.html", "board_lines", "<tr", "pairings(?: swiss-pairings)?"),
    ("partials/crosstable.html", "crosstable_row", "<tr", "crosstable(?: double)?"),
    ("partials/standings.html", "standings_rows", "<tr", "standings"),
    ("partials/wall.html", "round_links", "<a", "round-pager"),
)
PAGER_PAGES = "/alphabetical"  # a Swiss round page's pager is its own (swiss/round.html)


def _mark(name: str) -> str:
    return f' data-macro="{name}"'


def _marked_copy(folder: Path) -> Path:
    """The templates with the mark of each row macro on its first row tag."""
    copy = folder / "site_template"
    shutil.copytree(render.template_dir(), copy)
    for template, macro, tag, _ in ROW_MACROS:
        path = copy / template
        text = path.read_text(encoding="utf-8")
        start = text.index(f"{{% macro {macro}(")
        at = text.index(tag, start) + len(tag)
        path.write_text(text[:at] + _mark(macro) + text[at:], encoding="utf-8")
    return copy


def _pages(templates: Path | None, monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    """Every page of every demo, without PDF links, through ``templates`` (None: as they are)."""
    if templates is not None:
        monkeypatch.setattr(render, "template_dir", lambda: templates)
    render.environment.cache_clear()
    token = render.PDF_LINKS.set(False)
    try:
        return {f"{demo.name}/{path}": html for demo in DEMOS
                for path, html in render_pages(load_season(demo))[0].items()}
    finally:
        render.PDF_LINKS.reset(token)
        monkeypatch.undo()
        render.environment.cache_clear()


def _rows(html: str, table_class: str, tag: str) -> list[str]:
    """The opening tags of the rows (``<tr``) in the bodies of the tables of that class, or
    of the links (``<a``) in the nav of that class; not the rows that are not the macro's
    (a round's free player, a quads group's heading)."""
    if tag == "<a":
        navs = re.findall(rf'<nav class="{table_class}"[^>]*>(.*?)</nav>', html, re.S)
        return [a for nav in navs for a in re.findall(r"<a\b[^>]*>", nav)]
    tables = re.findall(rf'<table class="{table_class}".*?</table>', html, re.S)
    bodies = [body for table in tables for body in re.findall(r"<tbody>(.*?)</tbody>", table, re.S)]
    return [row for body in bodies for row in re.findall(r"<tr\b[^>]*>", body)
            if 'class="bye"' not in row and 'class="group-row"' not in row]


def test_every_row_comes_from_its_macro(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    plain = _pages(None, monkeypatch)
    marked = _pages(_marked_copy(tmp_path), monkeypatch)
    assert marked.keys() == plain.keys()
    for _, macro, tag, table_class in ROW_MACROS:
        rows = [row for path, html in marked.items() for row in _rows(html, table_class, tag)
                if tag != "<a" or PAGER_PAGES in path]
        assert rows, f"no {table_class} rows on any demo page"
        unmarked = [row for row in rows if _mark(macro) not in row]
        assert not unmarked, f"{len(unmarked)} of {len(rows)} {table_class} rows not by {macro}"
    marks = re.compile("|".join(re.escape(_mark(macro)) for _, macro, _, _ in ROW_MACROS))
    for path, html in marked.items():
        assert marks.sub("", html) == plain[path], path


# Literals that start a table, a row, a cell or a link, anywhere in the package; and in
# leaguegen/site, which writes the pages, PDFs and feeds, inline markup too.
TABLES_AND_LINKS = re.compile(r"<(?:td|th|tr|table|thead|tbody)\b|<a\s+href")
MARKUP = re.compile(r"<(?:section|div|span|abbr|time|em|strong|h[1-6])\s|<(?:p|em|strong)>")


def _html_literal(name: str, line: str) -> bool:
    return bool(TABLES_AND_LINKS.search(line)
                or (name.startswith("site/") and MARKUP.search(line)))


def test_no_python_module_writes_html_rows_cells_or_links() -> None:
    found = []
    for path in sorted((ROOT / "leaguegen").rglob("*.py")):
        name = path.relative_to(ROOT / "leaguegen").as_posix()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if _html_literal(name, line):
                found.append(f"leaguegen/{name}:{number}: {line.strip()}")
    assert not found, "HTML written from Python (put it in a template):\n" + "\n".join(found)
