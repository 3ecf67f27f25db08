"""Sites in English, Russian, Chinese and Arabic: catalogues, locale formats, RTL, fonts, PDFs."""

from __future__ import annotations

import dataclasses
import html as htmllib
import importlib.util
import io
import re
import shutil
import subprocess
from fractions import Fraction
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tests.conftest import DEMO, ROOT

SEASONS = ROOT / "seasons"
TEMPLATES = ROOT / "site_template"
RU, ZH, AR = SEASONS / "ladya-2026-ru", SEASONS / "chunhui-2026-zh", SEASONS / "amman-2026-ar"


def _tool():
    spec = importlib.util.spec_from_file_location("i18n_tool", ROOT / "tools" / "i18n.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """The three demo seasons built once, with PDFs."""
    from leaguegen.site.build import build_site

    out = {}
    for name, folder in (("ru", RU), ("zh", ZH), ("ar", AR)):
        target = tmp_path_factory.mktemp(name) / "_site"
        build_site(folder, target, pdf=True, cache_dir=target.parent / "cache")
        out[name] = target
    return out


def _read(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def _text(html: str) -> str:
    """Visible text plus the title/aria-label/alt attributes a reader also meets."""
    attrs = " ".join(re.findall(r'(?:title|aria-label|alt)="([^"]*)"', html))
    body = re.sub(r"<style.*?</style>|<script.*?</script>", " ", html, flags=re.S)
    return htmllib.unescape(re.sub(r"<[^>]+>", " ", body) + " " + attrs)


# --- catalogues -------------------------------------------------------------------------

def test_catalogues_cover_every_string_and_mo_files_are_fresh() -> None:
    """Extract the catalogue from the templates and context.py; all four languages at 100 %."""
    tool = _tool()
    template = tool.extract()
    ids = [m.id for m in template if m.id]
    assert len(ids) > 80
    assert "Standings" in ids and "won by forfeit" in ids and "Sonneborn-Berger" in ids
    assert tool.problems() == []


def _translated_literals(code: str) -> set[str]:
    """English fragments of every msgid whose translation differs (placeholders cut out)."""
    tool = _tool()
    catalog = tool.read(code)
    out = set()
    for msg in catalog:
        if not msg.id:
            continue
        ids = msg.id if isinstance(msg.id, tuple) else (msg.id,)
        strings = msg.string if isinstance(msg.string, tuple) else (msg.string,)
        for english in ids:
            if english in strings:
                continue
            for part in re.split(r"%\(\w+\)s", english):
                part = part.strip(" .:;,()")
                if len(part) >= 4 and re.search(r"[a-z]{3}", part):
                    out.add(part)
    return out


@pytest.mark.parametrize("code", ["ru", "zh_Hans", "ar"])
def test_no_english_template_string_leaks(code: str) -> None:
    """The English demo (withdrawals, free rounds, double round robin) rendered in each language."""
    from leaguegen.formats.season_yaml import load_season
    from leaguegen.site.build import render_pages

    season = load_season(DEMO)
    # news and the description are the organiser's Markdown, in whatever language they wrote
    season = dataclasses.replace(season, language=code, languages=(code,), news=(),
                                 description="")
    pages, pdfs = render_pages(season)
    english = _translated_literals(code)
    # the organiser's own words stay as written: drop them before looking
    own = {season.name, season.organiser, season.venue, season.time_control}
    own |= {s.name for s in season.sections} | {s.description for s in season.sections}
    own |= {p.name for s in season.sections for p in s.players}
    for path, html in {**pages, **pdfs}.items():
        text = _text(html)
        for item in own:
            text = text.replace(item, " ")
        leaks = sorted(e for e in english if e in text)
        assert not leaks, f"{code} {path}: English left in the page: {leaks}"


# --- headings, lang, dir ------------------------------------------------------------------

@pytest.mark.parametrize("site, page, expected", [
    ("ru", "vysshaya/index.html", ["<h2>Положение участников</h2>", "<h2>Турнирная таблица</h2>"]),
    ("ru", "index.html", ["<h2>Группы</h2>", "6 участников", "Сыграно 4 тура из 5"]),
    ("zh", "jiazu/index.html", ["<h2>排名</h2>", "<h2>交叉表</h2>", "7名棋手"]),
    ("zh", "index.html", ["<h2>组别</h2>"]),
    ("ar", "alnukhba/index.html", ["<h2>الترتيب</h2>", "<h2>الجدول التقاطعي</h2>", "٦ لاعبين"]),
    ("ar", "alnukhba/rounds.html", ["الجولة ١"]),
])
def test_translated_headings(built, site, page, expected) -> None:
    html = _read(built[site] / page)
    for item in expected:
        assert item in html, item


def test_lang_and_dir_on_every_page(built) -> None:
    cases = (("ru", "ru", "ltr"), ("zh", "zh-Hans", "ltr"), ("ar", "ar", "rtl"))
    for site, tag, direction in cases:
        pages = [p for p in built[site].rglob("*.html") if not p.is_relative_to(built[site] / "en")]
        assert pages
        for page in pages:
            assert f'<html lang="{tag}" dir="{direction}">' in _read(page), page
    for page in (built["ru"] / "en").rglob("*.html"):
        assert '<html lang="en" dir="ltr">' in _read(page)


def test_locale_dates(built) -> None:
    assert '<time datetime="2026-10-04">вс, 4 октября 2026\u202fг.</time>' in _read(
        built["ru"] / "vysshaya" / "rounds.html")
    assert '<time datetime="2026-10-04">Sun 4 October 2026</time>' in _read(
        built["ru"] / "en" / "vysshaya" / "rounds.html")
    assert '<time datetime="2026-09-12">2026年9月12日周六</time>' in _read(
        built["zh"] / "jiazu" / "rounds.html")
    assert '<time datetime="2026-10-02">الجمعة، ٢ أكتوبر ٢٠٢٦</time>' in _read(
        built["ar"] / "alnukhba" / "rounds.html")


def test_arabic_indic_digits_in_tables(built) -> None:
    html = _read(built["ar"] / "alnukhba" / "index.html")
    for cls in ("standings", "crosstable"):
        table = re.search(rf'<table class="{cls}.*?</table>', html, re.S).group(0)
        text = re.sub(r"<[^>]+>", " ", table)
        assert not re.search(r"[0-9]", text), f"Western digit in the {cls} table"
        assert "٢١٩٠" in text or cls == "crosstable"
    assert "٣٫٥" in html  # 3½ written as a decimal with the Arabic decimal separator
    assert "٥٠٪" in html  # the 50 % withdrawal rule


def test_western_digits_when_chosen(tmp_path: Path) -> None:
    from leaguegen.site.build import build_site

    season = tmp_path / "s"
    season.mkdir()
    (season / "season.yaml").write_text(
        _read(AR / "season.yaml").replace("digits: arabic-indic", "digits: western"),
        encoding="utf-8")
    build_site(season, tmp_path / "out", pdf=False)
    html = _read(tmp_path / "out" / "alnukhba" / "index.html")
    assert "2190" in html and "3.5" in html and "٢١٩٠" not in html


def test_formatter_points_and_numbers() -> None:
    from leaguegen.site.i18n import Formatter

    assert Formatter("en").points(Fraction(7, 2)) == "3½"
    assert Formatter("ru").points(Fraction(1, 2)) == "½"
    # a quarter as the scores are written (issue 26): 2¼ beside 3½; other fractions decimal
    assert Formatter("ru").tiebreak(Fraction(9, 4)) == "2¼"
    assert Formatter("ru").tiebreak(Fraction(7, 3), decimal=True) == "2,33"
    assert Formatter("zh_Hans").points(Fraction(7, 2)) == "3½"
    assert Formatter("ar").points(Fraction(7, 2)) == "3.5"
    assert Formatter("ar", "arabic-indic").points(Fraction(7, 2)) == "٣٫٥"
    assert Formatter("ar", "arabic-indic").number(2198) == "٢١٩٨"
    assert Formatter("ar", "arabic-indic").digits_of("1–0") == "١–٠"


@pytest.mark.parametrize("code, counts", [
    ("ru", {1: "1 участник", 3: "3 участника", 5: "5 участников", 11: "11 участников",
            21: "21 участник", 24: "24 участника"}),
    ("ar", {0: "٠ لاعب", 1: "لاعب واحد", 2: "لاعبان", 3: "٣ لاعبين", 11: "١١ لاعبًا",
            100: "١٠٠ لاعب"}),
    ("zh_Hans", {1: "1名棋手", 8: "8名棋手"}),
    ("en", {1: "1 player", 2: "2 players"}),
])
def test_plural_forms(code, counts) -> None:
    from leaguegen.site.i18n import gettext_callables

    digits = "arabic-indic" if code == "ar" else "western"
    _, ngettext = gettext_callables(code, digits)
    for n, expected in counts.items():
        assert str(ngettext("%(num)s player", "%(num)s players", n)) == expected


# --- two languages ---------------------------------------------------------------------------

class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[tuple[str, dict]] = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        for k in ("href", "src"):
            if a.get(k):
                self.links.append((a[k], a))


@pytest.mark.pdf
def test_two_languages_switcher_and_hreflang(built) -> None:
    site = built["ru"]
    assert (site / "index.html").is_file() and (site / "en" / "index.html").is_file()
    assert (site / "en" / "vysshaya" / "vysshaya-crosstable.pdf").is_file()
    for page in site.rglob("*.html"):
        html = _read(page)
        assert 'class="languages"' in html, page
        parser = _Links()
        parser.feed(html)
        hreflangs = {a.get("hreflang") for _, a in parser.links
                     if a.get("rel") == "alternate" and "hreflang" in a}
        assert hreflangs == {"ru", "en", "x-default"}, page
        for link, _ in parser.links:
            if re.match(r"^[a-z]+:", link) or link.startswith("#"):
                continue
            target = (page.parent / link.split("#")[0]).resolve()
            assert target.exists(), f"{page} links to missing {link}"
    english = _read(site / "en" / "vysshaya" / "index.html")
    assert "<h2>Standings</h2>" in english and "Высшая лига" in english  # names as written


def test_single_language_site_has_no_switcher(demo_site) -> None:
    out, _ = demo_site
    html = _read(out / "index.html")
    assert 'class="languages"' not in html and "hreflang" not in html
    assert not (out / "assets" / "fonts").exists()


# --- season keys ----------------------------------------------------------------------------

def _season_with(tmp_path: Path, header: str) -> Path:
    folder = tmp_path / "s"
    folder.mkdir(exist_ok=True)
    text = _read(ZH / "season.yaml").replace("language: zh_Hans\n", header)
    (folder / "season.yaml").write_text(text, encoding="utf-8")
    return folder


def test_language_keys(tmp_path: Path) -> None:
    from leaguegen.errors import InputError
    from leaguegen.formats.season_yaml import load_season

    season = load_season(_season_with(tmp_path, "language: zh\n"))
    assert season.language == "zh_Hans" and season.languages == ("zh_Hans",)
    season = load_season(_season_with(tmp_path, "languages: [zh-Hans, en]\ndigits: western\n"))
    assert season.languages == ("zh_Hans", "en") and season.language == "zh_Hans"
    for bad, message in (("language: fr\n", "'fr' has no translation"),
                         ("digits: roman\n", "digits must be one of"),
                         ("language: en\nlanguages: [ru, en]\n", "is not the first of languages"),
                         ("languages: [ru, ru]\n", "listed twice")):
        with pytest.raises(InputError) as err:
            load_season(_season_with(tmp_path, bad))
        assert any(message in p.message and p.line > 0 for p in err.value.problems), bad


# --- PDFs and fonts ---------------------------------------------------------------------------

def _embedded_fonts(reader) -> list[bytes]:
    """The font programs embedded in a PDF (FontFile, FontFile2 or FontFile3 streams)."""
    programs = []
    for page in reader.pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            descendants = font.get("/DescendantFonts")
            holder = descendants[0].get_object() if descendants else font
            descriptor = holder["/FontDescriptor"].get_object()
            for key in ("/FontFile", "/FontFile2", "/FontFile3"):
                if key in descriptor:
                    programs.append(descriptor[key].get_object().get_data())
    return programs


def _outlines(font) -> set[str]:
    from fontTools.pens.recordingPen import DecomposingRecordingPen

    glyphs = font.getGlyphSet()
    found = set()
    for name in glyphs:
        pen = DecomposingRecordingPen(glyphs)
        glyphs[name].draw(pen)
        if pen.value:
            found.add(repr(pen.value))
    return found


@pytest.mark.parametrize("site, pdf, words, font", [
    ("zh", "jiazu/jiazu-crosstable.pdf", ["甲组", "排名", "王浩然", "积分"],
     "NotoSansSC-Regular.subset.woff2"),
    ("ar", "alnukhba/alnukhba-crosstable.pdf", ["الترتيب", "يوسف الحسن", "النقاط", "٢١٩٠"],
     "NotoSansArabic-Regular.subset.woff2"),
])
@pytest.mark.pdf
def test_pdf_has_the_glyph_text_and_bundled_font(built, tmp_path, site, pdf, words, font) -> None:
    """The text is in the PDF, drawn with the bundled font whatever its embedded name.

    WeasyPrint names an embedded subset after the CSS family in some releases and
    after the font in others, so the font is recognised by its glyph outlines: the
    PDF must embed glyphs drawn exactly as the bundled font draws them.
    """
    pypdf = pytest.importorskip("pypdf")
    ttlib = pytest.importorskip("fontTools.ttLib")
    reader = pypdf.PdfReader(str(built[site] / pdf))
    text = "".join(p.extract_text() for p in reader.pages)
    for word in words:
        assert word in text, word
    bundled = _outlines(ttlib.TTFont(str(TEMPLATES / "assets" / "fonts" / font)))
    shared = max(len(_outlines(ttlib.TTFont(io.BytesIO(data))) & bundled)
                 for data in _embedded_fonts(reader))
    assert shared >= 10, f"no embedded font draws the glyphs of {font} ({shared} in common)"
    if not shutil.which("pdftoppm"):
        pytest.skip("pdftoppm (poppler-utils) not installed")
    subprocess.run(["pdftoppm", "-png", "-r", "40", "-f", "1", "-l", "1",
                    str(built[site] / pdf), str(tmp_path / "p")], check=True)
    png = next(tmp_path.glob("p-*.png"))
    assert png.stat().st_size > 5000


def test_fonts_are_copied_for_scripts_that_need_them(built) -> None:
    assert (built["zh"] / "assets" / "fonts" / "NotoSansSC-Regular.subset.woff2").is_file()
    assert (built["ar"] / "assets" / "fonts" / "NotoSansArabic-Regular.subset.woff2").is_file()
    assert (built["ar"] / "assets" / "fonts" / "OFL.txt").is_file()
    assert not (built["ru"] / "assets" / "fonts").exists()
    css = _read(built["ar"] / "assets" / "style.css")
    assert "fonts/NotoSansArabic-Regular.subset.woff2" in css


def test_each_language_is_cached_and_memory_store_stays_bounded() -> None:
    from leaguegen.formats.season_yaml import load_season
    from leaguegen.site.incremental import MemoryStore
    from leaguegen.site.pipeline import build

    season = load_season(RU)
    store = MemoryStore()
    first = build(season, store)
    assert first.sections_rendered == ["vysshaya", "vysshaya"]  # once per language
    size = len(store.entries)
    again = build(season, store)
    assert again.sections_rendered == [] and again.files == first.files
    assert len(store.entries) == size
    digits = dataclasses.replace(season, digits="arabic-indic")
    assert build(digits, store).sections_rendered  # digits are a key
    assert len(store.entries) == size  # the old entries were dropped


@pytest.mark.browser
def test_arabic_crosstable_runs_right_to_left_in_a_browser(built, tmp_path) -> None:
    """Chromium lays the Arabic crosstable out mirrored: number, name, then opponents 1..n."""
    chromium = next((shutil.which(n) for n in ("chromium", "chromium-browser", "google-chrome")
                     if shutil.which(n)), None)
    if chromium is None:
        pytest.skip("headless Chromium not installed")
    page = built["ar"] / "alnukhba" / "index.html"
    probe = page.with_name("probe.html")
    script = ("<script>addEventListener('load',()=>{const h=[...document.querySelectorAll("
              "'table.crosstable thead th')];document.body.setAttribute('data-x',"
              "h.map(e=>Math.round(e.getBoundingClientRect().left)).join(','));});</script>")
    probe.write_text(_read(page).replace("</body>", script + "</body>"), encoding="utf-8")
    dom = subprocess.run(
        [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
         f"--user-data-dir={tmp_path / 'profile'}", "--window-size=1280,900",
         "--virtual-time-budget=3000", "--dump-dom", probe.as_uri()],
        check=True, capture_output=True, text=True, timeout=60).stdout
    probe.unlink()
    xs = [int(x) for x in re.search(r'data-x="([^"]+)"', dom).group(1).split(",")]
    # headers in source order: #, player, opponents 1..6, points, rank
    assert xs == sorted(xs, reverse=True), f"not right to left: {xs}"
