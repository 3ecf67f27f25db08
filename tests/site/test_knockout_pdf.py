"""The knockout PDF's bracket, and the shared PDF style.

The bracket is a table (``site_template/knockout/pdf.html``): a column per round,
a row per first-round match, each later match spanning the rows of the two it comes
from. The rendered PDF is read back word by word (``pdftotext -bbox``): one page,
the rounds side by side in order, each match centred between the two before it.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from html import unescape
from pathlib import Path

import pytest

from leaguegen.domain.sections import derive_facts
from leaguegen.formats.season_yaml import load_season
from leaguegen.site.build import render_pages
from leaguegen.site.pages.knockout import knockout_page
from tests.conftest import ROOT

GP = ROOT / "seasons" / "grand-prix-2027"
KO_PDF = "knockout/knockout-crosstable.pdf"


@pytest.fixture(scope="module")
def gp():  # noqa: ANN201
    season = load_season(GP)
    section = next(s for s in season.sections if s.format == "knockout")
    return knockout_page(season, derive_facts(section)), render_pages(season)[1][KO_PDF]


def _cells(table: str) -> list[list[tuple[int, str]]]:
    """Each body row's cells as (rowspan, text)."""
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", table.split("<tbody>")[1], re.S)
    return [[(int(span or 1), " ".join(unescape(re.sub(r"<[^>]+>", " ", text)).split()))
             for span, text in re.findall(r'<td(?: rowspan="(\d+)")?>(.*?)</td>', row, re.S)]
            for row in rows]


def test_bracket_source_is_a_table_with_row_spans(gp) -> None:  # noqa: ANN001
    page, html = gp
    tables = re.findall(r'<table class="bracket">.*?</table>', html, re.S)
    assert len(tables) == 1
    rows = _cells(tables[0])
    assert [[span for span, _ in row] for row in rows] == [[1, 2, 4], [1], [1, 2], [1]]
    by_round = {0: [rows[0][0], rows[1][0], rows[2][0], rows[3][0]],
                1: [rows[0][1], rows[2][1]], 2: [rows[0][2]]}
    for r, cells in by_round.items():
        for (_, text), m in zip(cells, page.rounds[r].matches, strict=True):
            for slot in (m.top, m.bottom):
                assert (slot.name or "to be decided") in text


def _knockout_source(tmp_path: Path, players: int) -> str:
    from tests.group_files import players_yaml, write

    text = ("name: Cup\nsections:\n  - id: cup\n    name: Club Cup\n    format: knockout\n"
            f"    players:\n{players_yaml(players)}\n")
    folder = write(tmp_path, text)
    return render_pages(load_season(folder))[1]["cup/cup-crosstable.pdf"]


def test_a_64_player_bracket_is_printed_in_parts_of_a_page(tmp_path: Path) -> None:
    html = _knockout_source(tmp_path, 64)
    tables = re.findall(r'<table class="bracket big">.*?</table>', html, re.S)
    assert len(tables) == 3  # two halves of five rounds, then the final
    heads = [re.findall(r'<th class="col-title"[^>]*>([^<]*)', t) for t in tables]
    assert heads[0] == heads[1] == ["Round of 64", "Round of 32", "Round of 16",
                                    "Quarter-finals", "Semi-finals"]
    assert heads[2] == ["Final"]
    assert [len(_cells(t)) for t in tables] == [16, 16, 1]
    assert html.count('<div class="match') == 32 + 16 + 8 + 4 + 2 + 1
    first = [text for t in tables[:2] for row in _cells(t) for text in [row[0][1]]]
    assert [re.findall(r"P\d\d", text) for text in first][0] == ["P01", "P64"]
    assert sorted(p for text in first for p in re.findall(r"P\d\d", text)) == \
        [f"P{i:02d}" for i in range(1, 65)]


def _words(pdf: Path) -> tuple[int, list[tuple[float, float, str]]]:
    """Pages and (x centre, y centre, word) of every word on the first page."""
    out = subprocess.run(["pdftotext", "-bbox", str(pdf), "-"], capture_output=True,
                         text=True, check=True).stdout
    pages = out.split("<page ")[1:]
    words = [((float(x0) + float(x1)) / 2, (float(y0) + float(y1)) / 2, unescape(w))
             for x0, y0, x1, y1, w in re.findall(
                 r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">'
                 r"([^<]*)</word>", pages[0])]
    return len(pages), words


@pytest.mark.pdf
def test_bracket_pdf_reads_as_a_bracket(gp, tmp_path: Path) -> None:  # noqa: ANN001
    if not shutil.which("pdftotext"):
        pytest.skip("pdftotext (poppler-utils) not installed")
    from leaguegen.site.pdf import html_to_pdf
    from leaguegen.site.render import template_dir

    page, html = gp
    pdf = tmp_path / "knockout.pdf"
    pdf.write_bytes(html_to_pdf(html, template_dir()))
    pages, words = _words(pdf)
    assert pages == 1
    titles = ("Quarter-finals", "Semi-finals", "Final")
    header_y = next(y for x, y, w in words if w == "Quarter-finals")
    columns = [next(x for x, y, w in words if w == t and abs(y - header_y) < 1) for t in titles]
    assert columns == sorted(columns)  # the rounds side by side, first round first

    def column(x: float) -> int:
        return min(range(len(columns)), key=lambda i: abs(columns[i] - x))

    body = sorted((column(x), y, x, w) for x, y, w in words if y > header_y + 5)
    # a slot line is one with a player from a group ("Group A · 1") or "to be decided"
    slots = [[y for c, y, _, w in body if c == r and w in ("Group", "decided")]
             for r in range(len(titles))]
    assert [len(s) for s in slots] == [2 * len(rnd.matches) for rnd in page.rounds]
    centres = [[(s[2 * j] + s[2 * j + 1]) / 2 for j in range(len(s) // 2)] for s in slots]
    for r in range(1, len(centres)):
        for j, centre in enumerate(centres[r]):
            feeders = (centres[r - 1][2 * j] + centres[r - 1][2 * j + 1]) / 2
            assert abs(centre - feeders) < 4, (titles[r], j, centre, feeders)
    for r, rnd in enumerate(page.rounds):  # each round's players top to bottom, in order
        text = " ".join(w for c, _, _, w in body if c == r)
        names = [s.name for m in rnd.matches for s in (m.top, m.bottom) if s.name]
        at = [text.find(name) for name in names]
        assert -1 not in at and at == sorted(at), (rnd.name, names, text)


def _shared_style(html: str) -> str:
    match = re.search(r"<style data-pdf-shared>(.*?)</style>", html, re.S)
    assert match, "no shared style"
    return match.group(1)


def test_the_shared_pdf_style_is_the_same_text_in_every_pdf() -> None:
    """site/pdf.py parses it once per process: nothing of a season or language in it."""
    texts = set()
    for demo in sorted(p for p in (ROOT / "seasons").iterdir() if (p / "season.yaml").exists()):
        _, pdfs = render_pages(load_season(demo))
        texts |= {_shared_style(html) for html in pdfs.values()}
    assert len(texts) == 1
    assert "{{" not in texts.pop()
