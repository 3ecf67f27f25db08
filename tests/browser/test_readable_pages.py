"""Every demo as a visitor meets it (#15): on a phone and a desktop, through axe-core, in print.

One Chromium (Playwright) serves every page. The key cells of each table (rank, name,
points; board, players, result) must lie inside the viewport at 390 px and 1280 px; axe
reports no violation on a page of every kind of every demo (every page: ``-m slow``); a
Swiss round prints on one A4 page, with up to 40 boards, under the tournament's name.
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from leaguegen.site.build import build_site
from tests.browser.driver import axe_source, axe_violations, browser, key_cells
from tests.conftest import ROOT

pytestmark = pytest.mark.browser

DEMOS = sorted(p.name for p in (ROOT / "seasons").iterdir() if (p / "season.yaml").is_file())


@pytest.fixture(scope="module")
def sites(tmp_path_factory) -> Path:
    base = tmp_path_factory.mktemp("demos")
    for name in DEMOS:
        build_site(ROOT / "seasons" / name, base / name, pdf=False, cache_dir=base / f"c-{name}")
    return base


@pytest.fixture(scope="module")
def chrome():  # noqa: ANN201
    with browser() as b:
        yield b


def _kind(site: Path, rel: str) -> tuple[str, str, bool, str]:
    """Pages that share a template, the same kinds of tables and the language stand for each
    other: one player page, quads group or Swiss round for all (what differs is data)."""
    text = (site / rel).read_text(encoding="utf-8")
    tables = ",".join(sorted(set(re.findall(r'<(?:table|div) class="([^"]+)"', text))))
    name = "player" if "/players/" in rel else re.sub(r"round-\d+", "round-*", rel.split("/")[-1])
    lang = re.search(r'<html lang="([^"]+)"', text)
    return name, tables, "withdrawn" in text, lang.group(1) if lang else ""


def _pages(site: Path, every: bool = False) -> list[str]:
    pages = sorted(str(p.relative_to(site)) for p in site.rglob("*.html"))
    if every:
        return pages
    chosen: dict[tuple[str, str, bool, str], str] = {}
    for page in pages:
        chosen.setdefault(_kind(site, page), page)
    return sorted(chosen.values())


def _table_pages(site: Path) -> list[str]:
    return [p for p in _pages(site) if not p.endswith("index.html") or "/" in p]


@pytest.mark.parametrize("width", [390, 1280])
def test_key_columns_inside_the_viewport(sites: Path, chrome, width: int) -> None:  # noqa: ANN001
    page = chrome.new_page(viewport={"width": width, "height": 800})
    problems, tables = [], 0
    for demo in DEMOS:
        for rel in _table_pages(sites / demo):
            got = key_cells(page, (sites / demo / rel).as_uri())
            tables += got["tables"]
            if got["outside"]:
                problems.append((demo, rel, got["outside"][:3]))
            if got["page_width"] > width + 1:  # the page itself never scrolls sideways
                problems.append((demo, rel, f"page is {got['page_width']} px wide"))
    page.close()
    assert tables > 60, f"only {tables} tables measured"
    assert not problems, "\n".join(map(str, problems))


# every word of a table's column headings that the browser drew on more than one line
BROKEN_WORDS = """() => {
  const broken = [];
  for (const th of document.querySelectorAll('thead th')) {
    if (!th.getClientRects().length) continue;  // hidden on this width
    const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const m of node.data.matchAll(/\\S+/g)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const tops = new Set([...range.getClientRects()].filter(r => r.width > 0)
                             .map(r => Math.round(r.top)));
        if (tops.size > 1) broken.push(m[0]);
      }
    }
  }
  return broken;
}"""


def test_column_headings_break_between_words_only(sites: Path, chrome) -> None:  # noqa: ANN001
    """On a phone the pairings' headings broke anywhere: "Bo/ar/d", "Resu/lt", and "Очки"
    one letter a line. A heading may take two lines, never a word split over them."""
    page = chrome.new_page(viewport={"width": 390, "height": 800})
    problems, pages = [], 0
    for demo in DEMOS:
        for rel in _table_pages(sites / demo):
            page.goto((sites / demo / rel).as_uri())
            pages += 1
            if broken := page.evaluate(BROKEN_WORDS):
                problems.append((demo, rel, broken[:5]))
    page.close()
    assert pages > 20
    assert not problems, "\n".join(map(str, problems))


def _every_kind(sites: Path) -> list[tuple[str, str]]:
    """One page of each kind over all demos (a kind in each language it is published in)."""
    chosen: dict[tuple[str, str, bool, str], tuple[str, str]] = {}
    for demo in DEMOS:
        for rel in _pages(sites / demo):
            chosen.setdefault(_kind(sites / demo, rel), (demo, rel))
    # a demo whose every kind an earlier one has (riverside-2024 and -2025 are riverside-2026's
    # kinds again) is still seen through its home page
    seen = {d for d, _ in chosen.values()}
    return sorted([*chosen.values(), *((d, "index.html") for d in DEMOS if d not in seen)])


def _axe(sites: Path, chrome, every: bool) -> None:  # noqa: ANN001
    source = axe_source()
    page = chrome.new_page(viewport={"width": 1280, "height": 900})
    found = []
    pages = ([(d, rel) for d in DEMOS for rel in _pages(sites / d, every=True)] if every
             else _every_kind(sites))
    for demo, rel in pages:
        for v in axe_violations(page, (sites / demo / rel).as_uri(), source):
            if v["id"] == "meta-refresh" and rel.endswith("/screen.html"):
                # the venue screen reloads itself by design (a screen in the hall, no
                # script allowed): WCAG 2.2.1's real-time exception (docs/printables.md)
                continue
            found.append((f"{demo}/{rel}", v["id"], v["nodes"]))
    page.close()
    assert len(pages) >= 30 and {d for d, _ in pages} == set(DEMOS)
    assert not found, "\n".join(map(str, found))


def test_axe_finds_no_violation_on_any_kind_of_page(sites: Path, chrome) -> None:  # noqa: ANN001
    _axe(sites, chrome, every=False)


@pytest.mark.slow
def test_axe_finds_no_violation_on_every_page(sites: Path, chrome) -> None:  # noqa: ANN001
    _axe(sites, chrome, every=True)


def _pdf_pages(data: bytes) -> tuple[int, str]:
    pypdf = pytest.importorskip("pypdf")
    reader = pypdf.PdfReader(io.BytesIO(data))
    return len(reader.pages), "\n".join(p.extract_text() for p in reader.pages)


FORTY_BOARDS = """() => {
  const body = document.querySelector('table.pairings tbody');
  const rows = [...body.querySelectorAll('tr:not(.bye)')];
  let n = rows.length;
  while (n < 40) { const r = rows[n % rows.length].cloneNode(true);
                   r.firstElementChild.textContent = String(++n); body.appendChild(r); }
  return body.querySelectorAll('tr:not(.bye)').length;
}"""


@pytest.mark.parametrize("boards", [None, 40])
def test_a_swiss_round_prints_on_one_page(sites: Path, chrome, boards) -> None:  # noqa: ANN001
    page = chrome.new_page()
    page.goto((sites / "thursday-swiss-2026" / "open" / "round-5.html").as_uri())
    if boards:
        assert page.evaluate(FORTY_BOARDS) == boards
    count, text = _pdf_pages(page.pdf(format="A4"))
    page.close()
    assert count == 1, f"{count} pages"
    assert "Thursday Swiss 2026" in text and "Round 5" in text  # the header names both
    assert "Explain this pairing" not in text and "Standings & crosstable" not in text
    assert "Alexei Morozov" in text


def test_standings_print_without_navigation(sites: Path, chrome) -> None:  # noqa: ANN001
    page = chrome.new_page()
    page.goto((sites / "riverside-2026" / "premier" / "index.html").as_uri())
    count, text = _pdf_pages(page.pdf(format="A4"))
    page.close()
    assert 1 <= count <= 2
    assert "Standings" in text and "Priya Raman" in text
    assert "Rounds\n" not in text and "Published with leaguegen" not in text
