"""WeasyPrint's font subsetting without a C type parse per font (site/pdf.py).

cffi parses every new C type string once per process (about 20 ms with pycparser);
WeasyPrint asked for ``hb_codepoint_t[N]`` with N the glyphs of each font, a new
string for nearly every font of every PDF. ``_OpenArrays`` asks for ``T[]`` with
the same contents instead: the arrays and the PDF bytes are the same.
"""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.pdf

from leaguegen.site import pdf  # noqa: E402
from leaguegen.site.render import template_dir  # noqa: E402


def _ffi():  # noqa: ANN202
    from weasyprint.text.ffi import ffi

    return ffi


def test_an_open_array_holds_what_the_sized_one_would() -> None:
    ffi = _ffi()
    arrays = pdf._OpenArrays(ffi)
    for values in ([7], [3, 1, 4, 1, 5], list(range(300)), tuple(range(2, 40, 3))):
        got = arrays.new(f"hb_codepoint_t[{len(values)}]", values)
        want = ffi.new(f"hb_codepoint_t[{len(values)}]", values)
        assert ffi.typeof(got) is ffi.typeof("hb_codepoint_t[]")
        assert len(got) == len(want) and list(got) == list(want) == list(values)
    # anything else is cffi's own answer: a shorter initialiser is padded with zeros
    padded = arrays.new("hb_codepoint_t[4]", [9])
    assert len(padded) == 4 and list(padded) == [9, 0, 0, 0]
    assert arrays.new("int *", 5)[0] == 5
    assert arrays.sizeof("hb_codepoint_t") == ffi.sizeof("hb_codepoint_t")


def test_pdfs_of_other_glyphs_parse_no_new_array_type() -> None:
    pdf.warm_up(template_dir())
    parsed = _ffi()._parsed_types
    before = {key for key in parsed if isinstance(key, str) and "[" in key}
    words = ["Ab", "Cdefg 123", "Hijklmnop ½ ×", "Qrstuvwxyz 4567890 …"]
    for text in words:  # each a different number of glyphs in each font
        data = pdf.html_to_pdf(f"<p>{text} <b>{text}</b></p>", template_dir())
        assert data.startswith(b"%PDF")
    sized = {key for key in parsed if isinstance(key, str) and "[" in key} - before
    assert not [key for key in sized if key.rstrip("]").split("[")[-1].isdigit()], sized


FONTS = template_dir() / "assets" / "fonts"


def test_a_woff2_font_is_unpacked_once_and_then_read(tmp_path, monkeypatch) -> None:  # noqa: ANN001
    import io

    from fontTools.ttLib import woff2

    monkeypatch.setenv("LEAGUEGEN_CACHE_DIR", str(tmp_path))
    source = FONTS / "NotoSansArabic-Regular.subset.woff2"
    want = io.BytesIO()
    woff2.decompress(io.BytesIO(source.read_bytes()), want)
    assert pdf.unpacked_font(source) == want.getvalue()
    kept, = pdf._fonts_cache().glob("*.sfnt")

    def no_unpacking(*_):  # noqa: ANN002,ANN202
        raise AssertionError("unpacked again")

    monkeypatch.setattr(woff2, "decompress", no_unpacking)
    assert pdf.unpacked_font(source) == want.getvalue()
    # a file cut short (a full disk) is not used: the font is unpacked again
    kept.write_bytes(want.getvalue()[:1000])
    monkeypatch.undo()
    monkeypatch.setenv("LEAGUEGEN_CACHE_DIR", str(tmp_path))
    assert pdf.unpacked_font(source) == want.getvalue()
    assert kept.read_bytes() == want.getvalue()
    assert pdf.unpacked_font(FONTS / "OFL.txt") is None
    assert pdf.unpacked_font(FONTS / "missing.woff2") is None


def test_a_chinese_pdf_is_the_same_with_the_unpacked_font(tmp_path, monkeypatch) -> None:  # noqa: ANN001
    from leaguegen.formats.season_yaml import load_season
    from leaguegen.site.build import render_pages
    from tests.conftest import ROOT

    monkeypatch.setenv("LEAGUEGEN_CACHE_DIR", str(tmp_path))
    source, = render_pages(load_season(ROOT / "seasons" / "chunhui-2026-zh"))[1].values()
    pdf.release()  # a new font configuration: the fonts are added again
    handed = pdf.html_to_pdf(source, template_dir())
    assert len(list(pdf._fonts_cache().glob("*.sfnt"))) >= 2
    pdf.release()
    monkeypatch.setattr(pdf, "unpacked_font", lambda path: None)  # WeasyPrint unpacks
    unpacked_by_weasyprint = pdf.html_to_pdf(source, template_dir())
    pdf.release()
    assert handed == unpacked_by_weasyprint


@pytest.mark.parametrize("subsetter", ["fontTools", "HarfBuzz"])
def test_the_same_page_makes_the_same_pdf_at_any_hour(subsetter, monkeypatch) -> None:  # noqa: ANN001
    """Without libharfbuzz-subset WeasyPrint subsets with fontTools, whose ``save`` stamped
    the clock into every font: two builds a second apart differed (a fresh Debian with pango
    but no browser has no libharfbuzz-subset). Both routes keep the font's own date."""
    from fontTools.ttLib.tables import _h_e_a_d
    from weasyprint.pdf import fonts

    if subsetter == "fontTools":
        monkeypatch.setattr(fonts, "harfbuzz_subset", None)
    elif not fonts.harfbuzz_subset:
        pytest.skip("this system has no libharfbuzz-subset")
    page = "<p>Riverside <b>½–½ 1-0</b> <i>Zoë</i></p>"
    pdfs = []
    for clock in (3_000_000_000, 3_000_086_400):  # a day apart, in the fonts' own epoch
        monkeypatch.setattr(_h_e_a_d, "timestampNow", lambda clock=clock: clock)
        pdfs.append(pdf.html_to_pdf(page, template_dir()))
    assert pdfs[0] == pdfs[1]
