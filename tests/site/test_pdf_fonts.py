"""WeasyPrint's font subsetting without a C type parse per font (site/pdf.py).

cffi parses every new C type string once per process (about 20 ms with pycparser);
WeasyPrint asked for ``hb_codepoint_t[N]`` with N the glyphs of each font, a new
string for nearly every font of every PDF. ``_OpenArrays`` asks for ``T[]`` with
the same contents instead: the arrays and the PDF bytes are the same.
"""

from __future__ import annotations

import pytest

weasyprint = pytest.importorskip("weasyprint", reason="WeasyPrint is not installed")

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
