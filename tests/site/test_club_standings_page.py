"""The school table of the quads demo (seasons/school-quads-2026: four schools, best
three scores, then the next best player's): page, PDF and tab.

Worked by hand from the groups' standings after round 3: Riverside Primary counts Zara
Baker 3 (group 3), Theo Marsh 3 (group 9), Priya Adams 2 = 8, next 2 (Yusuf Fischer);
St Anne's Evie Okafor 3, Leo Brown 2½, Omar Ito 2½ = 8, next 2 (Freya Clarke): equal on
both, they share 1st. Northgate School and Hillcrest Academy both 6½ (2½ + 2 + 2); the
next best player's 2 (Grace Davies) against 1½ (Ivy Chen) puts Northgate 3rd.
"""

from __future__ import annotations

import dataclasses
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from leaguegen.domain.season_facts import season_facts
from leaguegen.formats.season_yaml import load_season
from leaguegen.site.build import build_site
from leaguegen.site.pages.club_standings import clubs_pages
from tests.conftest import ROOT

DEMO = ROOT / "seasons" / "school-quads-2026"


def rows_of(html: str) -> list[tuple[str, ...]]:
    return re.findall(r'<tr><td class="num">([^<]+)</td><td class="name"><bdi>([^<]+)</bdi>'
                      r'</td><td class="num pts">([^<]+)</td><td class="num">([^<]+)</td>', html)


def test_the_school_table() -> None:
    season = load_season(DEMO)
    files = clubs_pages(season, season_facts(season).of(season.section("quads")))
    html = files["quads/clubs.html"]
    assert rows_of(html) == [("1=", "Riverside Primary", "8", "2"),
                             ("1=", "St Anne&#39;s", "8", "2"),
                             ("3", "Northgate School", "6½", "2"),
                             ("4", "Hillcrest Academy", "6½", "1½")]
    # the counted players, linked to their group pages, with their group
    assert ('<span class="member"><a href="../quads/group-9/players/theo-marsh.html">Theo'
            ' Marsh</a> 3 <span class="meta">(Group 9)</span></span>') in html
    assert "Each club's score is the sum of its best 3 players' points" in html
    assert "<h1>Schools Quads: Schools</h1>" in html
    assert 'aria-current="page">Schools</a>' in html
    assert "quads/quads-clubs.pdf" in files


def test_the_school_table_in_russian() -> None:
    season = dataclasses.replace(load_season(DEMO), language="ru")
    html = clubs_pages(season, season_facts(season).of(season.section("quads")))[
        "quads/clubs.html"]
    assert "Очки клуба — сумма очков его лучших участников (3)" in html
    assert "Не засчитаны" in html


def test_a_section_without_the_block_has_no_table() -> None:
    season = load_season(ROOT / "seasons" / "thursday-swiss-2026")
    assert clubs_pages(season, season_facts(season).of(season.section("open"))) == {}


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("clubs") / "_site"
    build_site(DEMO, out, pdf=True, cache_dir=out.parent / "cache")
    return out


def test_the_demo_builds_the_table_its_pdf_and_tab(site: Path) -> None:
    section = (site / "quads" / "index.html").read_text(encoding="utf-8")
    assert 'href="../quads/clubs.html">Schools</a>' in section
    pdf = site / "quads" / "quads-clubs.pdf"
    assert pdf.read_bytes().startswith(b"%PDF")
    if shutil.which("pdftotext"):
        words = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True,
                               text=True, check=True, timeout=60).stdout
        for school in ("Riverside Primary", "St Anne's", "Northgate School",
                       "Hillcrest Academy", "Theo Marsh", "Evie Okafor"):
            assert school in words
