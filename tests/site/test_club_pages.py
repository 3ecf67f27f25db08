"""The club's pages of a folder of seasons (tests/data/club-seasons): the index of every
member, a career page per member (events, games, score, performance, rating change,
head-to-head) and the rating history's SVG chart, whose coordinates are worked here."""

from __future__ import annotations

import datetime as dt
import html as htmllib
import re
from pathlib import Path

import pytest

from leaguegen.site.pages.club_chart import rating_chart
from tests.conftest import ROOT

CLUB = ROOT / "tests" / "data" / "club-seasons"


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    from leaguegen.site.build import build_seasons

    out = tmp_path_factory.mktemp("club") / "site"
    build_seasons(CLUB, out, pdf=False, cache_dir=out.parent / "cache")
    return out


def _text(html: str) -> str:
    return " ".join(htmllib.unescape(re.sub(r"<[^>]+>", " ", html)).split())


def _rows(html: str, table_class: str, nth: int = 0) -> list[list[str]]:
    starts = [m.start() for m in re.finditer(f'<table class="{table_class}"', html)]
    start = starts[nth]
    body = html[html.index("<tbody>", start):html.index("</table>", start)]
    return [[_text(c) for c in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
            for row in re.findall(r"<tr>.*?</tr>", body, re.S)]


def test_the_root_index_links_the_club_players(site: Path) -> None:
    assert 'href="club/index.html"' in (site / "index.html").read_text(encoding="utf-8")
    html = (site / "club" / "index.html").read_text(encoding="utf-8")
    rows = _rows(html, "club-players")
    # name, newest rating, seasons, events, games played over the board
    assert rows == [["Ann Kerr", "1500", "1", "2", "6"],
                    ["John Smith", "1660", "2", "2", "7"],
                    ["Maria Lopez-Grant", "1810", "2", "3", "9"],
                    ["Sam Patel", "1690", "1", "1", "4"],  # sam-patel-2.html, spring
                    ["Sam Patel", "1700", "1", "1", "3"],
                    ["Tom Hughes", "1915", "2", "3", "9"]]
    assert 'href="maria-lopez-grant.html"' in html and 'href="sam-patel-2.html"' in html
    assert 'href="../assets/style.css"' in html


def test_a_career_page_holds_every_event_game_and_head_to_head(site: Path) -> None:
    html = (site / "club" / "maria-lopez-grant.html").read_text(encoding="utf-8")
    text = _text(html)
    assert "Also written as Maria Lopez" in text  # the alias
    assert "6½ from 9 games played" in text
    # autumn, as Maria Lopez, rated: 1800 v Jonh Smith 1650 (D 150, PD .70) won +6,
    # v Tom Hughes 1900 (PD .36) lost -7.2, v Sam Patel 1700 (PD .64) drew -2.8: -4
    assert ("Club Autumn 2025 : Club Championship Rating 1800 · Score 1½ · Performance 1750"
            " · Rtg+/- -4") in text
    assert _rows(html, "games", 0) == [["1", "10 Sept", "White", "Jonh Smith", "1"],
                                       ["2", "24 Sept", "White", "Tom Hughes", "0"],
                                       ["3", "8 Oct", "Black", "Sam Patel", "½"]]
    assert 'href="../autumn-2025/club/index.html"' in html
    assert 'href="john-smith.html">Jonh Smith</a>' in html  # the typo's member page
    # the blitz section is not rated: no change shown for it
    assert "Blitz Night Rating 1810 · Score 1½ · Performance 1915 Club Spring 2026:" in text
    # opponent, games, wins, draws, losses, score; most games first, then by name: the two
    # Sam Patels are two members (check warns about them), each with their own row
    assert _rows(html, "head-to-head") == [
        ["Tom Hughes", "3", "0", "2", "1", "1"],  # the autumn loss, two spring draws
        ["Ann Kerr", "2", "2", "0", "0", "2"],
        ["John Smith", "2", "2", "0", "0", "2"],  # as Jonh Smith in autumn
        ["Sam Patel", "1", "0", "1", "0", "½"],
        ["Sam Patel", "1", "1", "0", "0", "1"]]


def test_rating_chart_coordinates_are_worked_out() -> None:
    history = [(dt.date(2025, 9, 10), 1800), (dt.date(2026, 3, 4), 1810),
               (dt.date(2026, 5, 6), 1810)]
    chart = rating_chart(history)
    assert chart is not None
    # y: 1750 (1800 - 25, down to a 50) to 1850 over 176 units from y 14; x: 238 days
    # over 568 units from x 52 (4 March is day 175: 52 + 568 x 175 / 238 = 469.6)
    assert chart.line == "52,102 469.6,84.4 620,84.4"
    assert [(t.at, t.value) for t in chart.y_ticks] == [(190.0, 1750), (102.0, 1800),
                                                        (14.0, 1850)]
    assert [t.at for t in chart.x_ticks] == [52, 620]
    one = rating_chart([(dt.date(2026, 3, 4), 1690)])
    # alone in the middle; 1690 between 1650 and 1750: 14 + 176 x 60 / 100 = 119.6
    assert one is not None and one.line == "336,119.6" and len(one.x_ticks) == 1
    assert rating_chart([]) is None


def test_the_chart_is_an_inline_svg_without_script(site: Path) -> None:
    html = (site / "club" / "maria-lopez-grant.html").read_text(encoding="utf-8")
    svg = html[html.index("<svg"):html.index("</svg>")]
    assert '<polyline class="line" points="52,102 469.6,84.4 620,84.4"/>' in svg
    assert [(float(x), float(y)) for x, y in re.findall(r'<circle class="point" cx="([\d.]+)"'
                                                        r' cy="([\d.]+)"', svg)] == [
        (52, 102), (469.6, 84.4), (620, 84.4)]
    assert "<script" not in html and "style=" not in svg
    assert _rows(html, "rating-history") == [["Wed 10 September 2025", "1800"],
                                            ["Wed 4 March 2026", "1810"],
                                            ["Wed 6 May 2026", "1810"]]
    single = (site / "club" / "sam-patel-2.html").read_text(encoding="utf-8")
    assert "<polyline" not in single
    assert '<circle class="point" cx="336" cy="119.6"' in single


def test_the_club_rating_list(site: Path) -> None:
    html = (site / "club" / "ratings.html").read_text(encoding="utf-8")
    # rank, player, club rating, games, start (domain/club/club_rating: Elo, K 20, per round)
    assert _rows(html, "club-ratings") == [["1", "Tom Hughes", "1911", "9", "1900"],
                                           ["2", "Maria Lopez-Grant", "1820", "9", "1800"],
                                           ["3", "Sam Patel", "1716", "3", "1700"],
                                           ["4", "Sam Patel", "1682", "4", "1690"],
                                           ["5", "John Smith", "1631", "7", "1650"],
                                           ["6", "Ann Kerr", "1480", "6", "1500"]]
    assert "K = 20 for everyone" in _text(html)
    assert 'href="ratings.html"' in (site / "club" / "index.html").read_text(encoding="utf-8")
    career = _text((site / "club" / "tom-hughes.html").read_text(encoding="utf-8"))
    assert "Club rating 1911 (9 games)" in career
