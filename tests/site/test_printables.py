"""The printables (site/printables/): every sheet of a round in the four demo languages,
read back as text (pdftotext: every name, board and round on it), looked at as a picture
(pdftoppm: the paper's size, ink on the page, the Arabic sheets running right to left) and
with their QR codes decoded by an independent decoder (zxing-cpp, a C++ reader that shares
nothing with segno, which drew them) to the round page's address."""

from __future__ import annotations

import dataclasses
import re
import shutil
import subprocess
import unicodedata
from html import unescape
from pathlib import Path

import pytest

from tests.conftest import ROOT

SEASONS = ROOT / "seasons"
SITE = "https://chess.example.org/club"
# (demo, section) in each language: a Swiss in English, round robins in the others
DEMOS = {"en": ("thursday-swiss-2026", "open"), "ru": ("ladya-2026-ru", None),
         "zh": ("chunhui-2026-zh", None), "ar": ("amman-2026-ar", "alnukhba")}
PRINTABLES = ("pairings", "alphabetical", "slips", "scoresheets", "cards", "wallchart")

pytestmark = pytest.mark.pdf


def _tools() -> None:
    for tool in ("pdftotext", "pdftoppm"):
        if not shutil.which(tool):
            pytest.skip(f"{tool} (poppler-utils) not installed")


def _load(lang: str, **changes: object):  # noqa: ANN202 - (season, facts of the section)
    from leaguegen.domain.season_facts import season_facts
    from leaguegen.formats.season_yaml import load_season

    folder, sid = DEMOS[lang]
    season = load_season(SEASONS / folder)
    season = dataclasses.replace(season, **changes)
    section = season.section(sid) if sid else season.sections[0]
    return season, season_facts(season).of(section)


@pytest.fixture(scope="module")
def sheets(tmp_path_factory) -> dict[str, dict]:  # noqa: ANN001
    """Every printable of each demo's current round, with the season's site_url set."""
    from leaguegen.site.pages.alphabetical import current_round
    from leaguegen.site.printables import print_page, printable_html, printable_pdf

    out: dict[str, dict] = {}
    for lang in DEMOS:
        season, facts = _load(lang, site_url=SITE)
        number = current_round(facts)
        folder = tmp_path_factory.mktemp(lang)
        files = {}
        for what in PRINTABLES:
            path = folder / f"{what}.pdf"
            path.write_bytes(printable_pdf(printable_html(season, facts, number, what)))
            files[what] = path
        out[lang] = {"season": season, "facts": facts, "round": number, "files": files,
                     "page": print_page(season, facts, number, "wallchart")}
    return out


def _text(pdf: Path) -> str:
    """The PDF's text, with the direction marks pdftotext puts around right-to-left runs
    dropped and the Arabic presentation forms folded (NFKC)."""
    raw = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True,
                         check=True).stdout
    return _same(raw)


def _same(text: str) -> str:
    """``text`` as compared: NFKC, no format characters, and a lam next to an alef (or
    alef maksura) in one order. A lam-alef ligature is one glyph whose two letters
    pdftotext gives back in the wrong order when it reverses a right-to-left line
    (ليلى read as ليىل); both sides of a comparison go through this."""
    folded = "".join(c for c in unicodedata.normalize("NFKC", text)
                     if unicodedata.category(c) != "Cf")
    return re.sub("([\u0627\u0623\u0625\u0622\u0649])\u0644", "\u0644\\1", folded)


def _num(season, n: int) -> str:  # noqa: ANN001
    from leaguegen.site.formatting import numbers

    return numbers(season.language, season.digits).number(n)


@pytest.mark.parametrize("lang", list(DEMOS))
def test_every_name_board_and_round_is_on_each_sheet(sheets, lang: str) -> None:
    _tools()
    got = sheets[lang]
    season, page, number = got["season"], got["page"], got["round"]
    assert page.boards, "the demo's current round has games"
    for what, pdf in got["files"].items():
        text = _text(pdf)
        assert _num(season, number) in text, (what, "round")
        assert _same(season.name.split()[0]) in text, what
        if what in ("pairings", "slips", "scoresheets", "cards"):
            for board in page.boards:
                assert _same(board.white) in text and _same(board.black) in text, \
                    (what, board)
                assert _num(season, board.number) in text, (what, board.number)
        elif what == "alphabetical":
            for row in page.rows:
                assert _same(row.player.name) in text, (what, row.player.name)
        else:  # the wall chart: every player, a column per round so far
            for row in page.chart:
                assert _same(row.name) in text, (what, row.name)
            assert len(page.chart_rounds) >= number
    # each sheet of slips, score sheets and cards holds one board's game: as many as boards
    pages = _pages(got["files"]["scoresheets"])
    assert pages == len(page.boards)


def _pages(pdf: Path) -> int:
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True).stdout
    return int(re.search(r"Pages:\s+(\d+)", info).group(1))


def _png(pdf: Path, folder: Path, dpi: int = 150):  # noqa: ANN202 - a PIL image
    from PIL import Image

    stem = folder / pdf.stem
    subprocess.run(["pdftoppm", "-png", "-r", str(dpi), "-f", "1", "-l", "1", str(pdf),
                    str(stem)], check=True)
    return Image.open(next(folder.glob(f"{pdf.stem}-*.png"))).convert("L")


def _decoded(image) -> list[str]:  # noqa: ANN001
    zxingcpp = pytest.importorskip("zxingcpp")
    return [code.text for code in zxingcpp.read_barcodes(image)
            if code.format == zxingcpp.BarcodeFormat.QRCode]


@pytest.mark.parametrize("lang", list(DEMOS))
def test_pictures_have_the_paper_ink_and_a_qr_code_to_the_round_page(
        sheets, lang: str, tmp_path: Path) -> None:
    _tools()
    from leaguegen.site.printables.context import round_url

    got = sheets[lang]
    url = round_url(got["season"], got["facts"], got["round"])
    assert url.startswith(SITE + "/")
    for what, pdf in got["files"].items():
        image = _png(pdf, tmp_path)
        width, height = image.size  # A4 at 150 dpi: 1240 x 1754 pixels (give or take one)
        expected = (1240, 1754) if what != "wallchart" else (1754, 1240)
        assert abs(width - expected[0]) <= 2 and abs(height - expected[1]) <= 2, what
        ink = sum(image.resize((width // 4, height // 4)).histogram()[:128])
        assert ink > 200, f"{what}: the page is (nearly) blank"
        found = _decoded(image)
        assert found and set(found) == {url}, (what, found)


def test_round_urls_by_kind_and_language() -> None:
    from leaguegen.site.printables.context import round_url

    season, facts = _load("en", site_url=SITE)
    assert round_url(season, facts, 3) == f"{SITE}/open/round-3.html"
    season, facts = _load("ar", site_url=SITE)
    assert round_url(season, facts, 2) == f"{SITE}/alnukhba/rounds.html#round-2"
    season, facts = _load("ru", site_url=SITE)  # two languages: the Russian one at the root
    assert round_url(season, facts, 1).startswith(f"{SITE}/{facts.section.id}/rounds.html")
    english = dataclasses.replace(season, language="en")
    assert round_url(english, facts, 1).startswith(f"{SITE}/en/{facts.section.id}/")
    assert round_url(dataclasses.replace(season, site_url=""), facts, 1) == ""


def test_arabic_pairings_run_right_to_left(sheets) -> None:
    """The board column of the Arabic list is at the right, White before Black from the
    right (read from the words' places on the page)."""
    _tools()
    pdf = sheets["ar"]["files"]["pairings"]
    out = subprocess.run(["pdftotext", "-bbox", str(pdf), "-"], capture_output=True,
                         text=True, check=True).stdout
    # each word as it reads (pdftotext -bbox gives a right-to-left word's letters in the
    # order they stand on the page)
    words = [(float(x0), _same(unescape(w)[::-1]))
             for x0, w in re.findall(r'<word xMin="([\d.]+)"[^>]*>([^<]*)</word>', out)]
    board = next(x for x, w in words if w == _same("الرقعة"))  # the "Board" column's heading
    first = sheets["ar"]["page"].boards[0]
    white = next(x for x, w in words if w == _same(first.white.split()[0]))
    black = next(x for x, w in words if w == _same(first.black.split()[0]))
    assert board > white > black


def test_without_site_url_the_sheet_says_so_and_has_no_code(tmp_path: Path) -> None:
    _tools()
    from leaguegen.site.printables import printable_html, printable_pdf

    season, facts = _load("en", site_url="")
    html = printable_html(season, facts, 2, "pairings")
    pdf = tmp_path / "pairings.pdf"
    pdf.write_bytes(printable_pdf(html))
    assert "site_url" in _text(pdf)
    assert _decoded(_png(pdf, tmp_path)) == []


def test_letter_paper(tmp_path: Path) -> None:
    _tools()
    from leaguegen.site.printables import printable_html, printable_pdf

    season, facts = _load("en", paper="Letter", site_url=SITE)
    pdf = tmp_path / "cards.pdf"
    pdf.write_bytes(printable_pdf(printable_html(season, facts, 1, "cards")))
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True).stdout
    assert "612 x 792 pts" in info  # US Letter


def test_sources_fetch_only_from_the_template_folder() -> None:
    """Every resource a printable names is a data: URL or a file of the template folder's
    assets (the PDF fetcher refuses anything else: site/pdf.check_url)."""
    from leaguegen.site.printables import printable_html

    season, facts = _load("zh", site_url=SITE)
    for what in PRINTABLES:
        html = printable_html(season, facts, 1, what)
        refs = re.findall(r'(?:src|href)="([^"]*)"|url\("?([^")]*)', html)
        for ref in (a or b for a, b in refs):
            assert ref.startswith(("data:", "assets/fonts/")), (what, ref)


def test_a_kind_without_round_lists_or_a_round_not_paired_is_refused() -> None:
    from leaguegen.site.printables import NotPrintable, print_page

    season, facts = _load("en")
    with pytest.raises(NotPrintable, match="round 9 of section 'open' is not paired"):
        print_page(season, facts, 9, "pairings")
    with pytest.raises(NotPrintable, match="no printable called"):
        print_page(season, facts, 1, "menu")


def test_arabic_results_read_left_to_right(tmp_path: Path) -> None:
    """A result to tick reads 1–0 in a right-to-left sheet too (not mirrored to 0–1 by
    the bidirectional algorithm), the first choice at the right: White wins first."""
    _tools()
    from leaguegen.site.printables import printable_html, printable_pdf

    season, facts = _load("ar", site_url=SITE)
    pdf = tmp_path / "slips.pdf"
    pdf.write_bytes(printable_pdf(printable_html(season, facts, 1, "slips")))
    out = subprocess.run(["pdftotext", "-bbox", "-f", "1", "-l", "1", str(pdf), "-"],
                         capture_output=True, text=True, check=True).stdout
    words = [(float(x0), unescape(w))
             for x0, w in re.findall(r'<word xMin="([\d.]+)"[^>]*>([^<]*)', out)]
    # where each choice stands on the first slip (the first word of its text)
    places = {w: x for x, w in reversed(words) if w in ("1–0", "½–½", "0–1")}
    assert set(places) == {"1–0", "½–½", "0–1"}, words
    assert places["1–0"] > places["½–½"] > places["0–1"]


def test_a_build_writes_the_current_rounds_sheets_and_links_them(tmp_path: Path) -> None:
    """With ``printables: current`` (the Swiss demo with the key added) a build writes the
    current round's six PDFs beside its pages, linked from the A-Z page and that round's
    page; without the key (the demo as it is) it makes none and links none."""
    from leaguegen.site.build import build_site

    asked = tmp_path / "asked"
    shutil.copytree(SEASONS / "thursday-swiss-2026", asked)
    yaml = asked / "season.yaml"
    yaml.write_text("printables: current\n" + yaml.read_text(encoding="utf-8"),
                    encoding="utf-8")
    site = tmp_path / "site"
    build_site(asked, site, pdf=True, cache_dir=tmp_path / "c")
    sheets = sorted(p.relative_to(site).as_posix() for p in site.rglob("*-round-*.pdf"))
    assert sheets == sorted(f"open/round-5/open-round-5-{w}.pdf" for w in PRINTABLES)
    for page in ("open/alphabetical.html", "open/round-5.html"):
        html = (site / page).read_text(encoding="utf-8")
        links = re.findall(r'href="(round-5/[^"]+\.pdf)"', html)
        assert sorted(f"open/{link}" for link in links) == sheets, page
    assert "round-4/" not in (site / "open" / "round-4.html").read_text(encoding="utf-8")

    build_site(SEASONS / "thursday-swiss-2026", tmp_path / "site2", pdf=True,
               cache_dir=tmp_path / "c2")
    assert not list((tmp_path / "site2").rglob("*-round-*.pdf"))
    plain = (tmp_path / "site2" / "open" / "alphabetical.html").read_text(encoding="utf-8")
    assert not re.search(r'href="round-\d+/[^"]*\.pdf"', plain)  # (the section's own PDFs stay)
