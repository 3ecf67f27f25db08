"""Every table of every demo page has a caption and every header cell a scope (issue 26).

A screen reader announces a table by its caption and reads a data cell with its column's
and row's headers; a table without either is a grid of numbers. The demo seasons between
them use every template, so building all of them and reading every table holds every
template (and the Python writers that fill the same tables) to the rule. The season's plan
(shown before the first result, which no demo is) is rendered on its own.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from html.parser import HTMLParser
from pathlib import Path

import pytest

from leaguegen.formats.season_yaml import load_season
from leaguegen.site.build import build_site, render_pages
from tests.conftest import ROOT

DEMOS = sorted(p for p in (ROOT / "seasons").iterdir() if (p / "season.yaml").is_file())


class _Tables(HTMLParser):
    """Each table's caption (its text, or None) and its header cells without a scope."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: list[dict] = []
        self._open: list[dict] = []
        self._in_caption = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "table":
            self._open.append({"caption": None, "unscoped": 0, "headers": 0})
            self.tables.append(self._open[-1])
        elif tag == "caption" and self._open:
            self._open[-1]["caption"] = ""
            self._in_caption = True
        elif tag == "th" and self._open:
            self._open[-1]["headers"] += 1
            scope = dict(attrs).get("scope")
            if scope not in ("col", "row", "colgroup", "rowgroup"):
                self._open[-1]["unscoped"] += 1

    def handle_endtag(self, tag: str) -> None:
        if tag == "table" and self._open:
            self._open.pop()
        elif tag == "caption":
            self._in_caption = False

    def handle_data(self, data: str) -> None:
        if self._in_caption and self._open:
            self._open[-1]["caption"] += data


def _problems(html: str) -> Counter:
    parser = _Tables()
    parser.feed(html)
    found: Counter = Counter()
    for table in parser.tables:
        if not (table["caption"] or "").strip():
            found["table without a caption"] += 1
        if table["unscoped"]:
            found["th without a scope"] += table["unscoped"]
    found["tables"] = len(parser.tables)
    return found


@pytest.fixture(scope="module")
def demo_sites(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("captions")
    for demo in DEMOS:
        build_site(demo, out / demo.name, pdf=False)
    return out


def test_every_demo_table_has_a_caption_and_every_header_a_scope(demo_sites: Path) -> None:
    assert len(DEMOS) >= 8
    total: Counter = Counter()
    bad: dict[str, Counter] = {}
    for page in sorted(demo_sites.rglob("*.html")):
        found = _problems(page.read_text(encoding="utf-8"))
        total["tables"] += found.pop("tables")
        if found:
            bad[str(page.relative_to(demo_sites))] = found
    assert total["tables"] > 1000  # every kind of page was read
    assert not bad, f"{len(bad)} pages: " + "; ".join(
        f"{name}: {dict(c)}" for name, c in list(bad.items())[:10])


def test_the_season_plan_table_has_a_caption_and_scoped_headers() -> None:
    season = load_season(ROOT / "seasons" / "riverside-2026")
    fresh = replace(season, sections=tuple(replace(s, games=()) for s in season.sections))
    pages, _ = render_pages(fresh)
    home = pages["index.html"]
    assert 'class="plan"' in home  # the plan is shown before the first result
    assert _problems(home) == Counter({"tables": home.count("<table")})
