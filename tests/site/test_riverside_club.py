"""The demo club of three seasons (seasons/riverside-2024, -2025, -2026: the Premier above
the Major, two up and two down each year, the same members throughout) built as one folder:
the club's index lists every member with their three seasons, a career page follows a
member up and down the divisions, and both are held to golden files (tests/data/golden)."""

from __future__ import annotations

import html as htmllib
import re
import shutil
from pathlib import Path

import pytest

from tests.conftest import ROOT
from tests.golden import assert_golden

SEASONS = ("riverside-2024", "riverside-2025", "riverside-2026")


def club_folder(base: Path) -> Path:
    """A folder of the three seasons only (the repository's seasons/ holds other demos)."""
    folder = base / "riverside"
    for name in SEASONS:
        shutil.copytree(ROOT / "seasons" / name, folder / name)
    return folder


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    from leaguegen.site.build import build_seasons

    base = tmp_path_factory.mktemp("riverside-club")
    out = base / "site"
    build_seasons(club_folder(base), out, pdf=False, cache_dir=base / "cache")
    return out


def _main(html: str) -> str:
    m = re.search(r"<main.*?</main>", html, re.S)
    assert m
    return m.group(0) + "\n"


def _text(html: str) -> str:
    return " ".join(htmllib.unescape(re.sub(r"<[^>]+>", " ", html)).split())


def _rows(html: str, table_class: str) -> list[list[str]]:
    start = html.index(f'<table class="{table_class}"')
    body = html[html.index("<tbody>", start):html.index("</table>", start)]
    return [[_text(c) for c in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
            for row in re.findall(r"<tr>.*?</tr>", body, re.S)]


def test_every_division_member_has_three_seasons(site: Path) -> None:
    html = (site / "club" / "index.html").read_text(encoding="utf-8")
    rows = {r[0]: r for r in _rows(html, "club-players")}
    divisions = ("Eleanor Whitfield Hannah Lindqvist Priya Raman Tomasz Kowalczyk Yusuf Demir "
                 "Charlotte Bellamy Marcus Okafor George Abernethy Siobhan Murphy Daniel Reyes "
                 "Oliver Grant Amelia Novak Kwame Mensah Isabel Ferreira Rajesh Iyer "
                 "Lucy Chambers Felix Hartmann")
    names = [" ".join(p) for p in zip(*[iter(divisions.split())] * 2, strict=True)]
    assert all(rows[n][2] == "3" for n in names), {n: rows[n] for n in names}
    # the rapid players of 2026 only: one season
    assert rows["Nadia Petrova"][2] == "1"
    assert_golden("riverside-club-index.html", _main(html))


def test_a_career_up_and_down_the_divisions(site: Path) -> None:
    """Oliver Grant: won the Major in 2024/25, last of the Premier in 2025/26, back in the
    Major in 2026/27: three seasons, three events, his rating written for each."""
    html = (site / "club" / "oliver-grant.html").read_text(encoding="utf-8")
    text = _text(html)
    headings = re.findall(r"<h3>(.*?)</h3>", html, re.S)
    assert [_text(h) for h in headings][:3] == [
        "Riverside Chess Club Winter League 2024/25 : Major",
        "Riverside Chess Club Winter League 2025/26 : Premier",
        "Riverside Chess Club Winter League 2026/27 : Major"]
    assert _rows(html, "rating-history") == [
        ["Mon 7 October 2024", "1745"], ["Wed 10 September 2025", "1738"],
        ["Mon 5 October 2026", "1720"]]
    assert "Events 3" in text
    assert_golden("riverside-club-oliver-grant.html", _main(html))


def test_the_folder_index_lists_the_three_seasons_newest_first(site: Path) -> None:
    index = (site / "index.html").read_text(encoding="utf-8")
    assert re.findall(r'<a class="card" href="([^"/]+)/index.html"', index) == [
        "riverside-2026", "riverside-2025", "riverside-2024"]
