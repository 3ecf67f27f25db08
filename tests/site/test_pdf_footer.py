"""The PDF footer names the season and section as written, whatever characters they hold.

The footer is a CSS string in the layout's ``<style>`` (``@page { content: "..." }``),
where HTML escaping is wrong (entities are printed as they stand) and a quote, a
backslash or ``</style>`` in a name would end the string, the rule or the element.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from leaguegen.formats.season_yaml import load_season
from leaguegen.site.build import render_pages
from leaguegen.site.formatting import css_string
from tests.conftest import DEMO

NAME = 'O\'Brien "Winter" Cup & Co </style> a\\b'


@pytest.mark.parametrize("text", [NAME, "Шахматы", "象棋", "", "\\", '"', "\u2028x\x7f"])
def test_css_string_reads_back_as_the_text(text: str) -> None:
    """What a CSS reader makes of the escaped string (CSS Syntax 4.3.7: a backslash, hex
    digits, one optional space) is the text itself, and nothing in it can end it."""
    escaped = str(css_string(text))
    assert not re.search(r'["<>&\n\r\f]', escaped)
    back = re.sub(r"\\([0-9a-f]{1,6}) ?", lambda m: chr(int(m.group(1), 16)), escaped)
    assert back == text


def test_the_footer_of_every_pdf_holds_the_names_as_a_css_string(tmp_path: Path) -> None:
    season_dir = tmp_path / "season"
    shutil.copytree(DEMO, season_dir)
    path = season_dir / "season.yaml"
    text = path.read_text(encoding="utf-8")
    new = re.sub(r"^name: .*$", "name: 'O''Brien \"Winter\" Cup & Co </style> a\\\\b'", text,
                 count=1, flags=re.M)
    assert new != text
    path.write_text(new, encoding="utf-8")
    season = load_season(season_dir)
    assert season.name == NAME
    _, pdfs = render_pages(season)
    assert pdfs
    for source in pdfs.values():
        footer = re.search(r'content: "([^"]*) · ', source)
        assert footer, "the footer rule is there and its string is not cut short"
        assert footer.group(1) == str(css_string(season.name))
        assert "&#39;" not in footer.group(1) and "&#34;" not in footer.group(1)
        assert source.count("</style>") == source.count("<style")
