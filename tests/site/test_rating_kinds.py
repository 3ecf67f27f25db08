"""Rtg+/- on the quads, Double-Swiss and knockout pages of a rated section (#29).

tests/data/rated-kinds-2026 has the players of tests/data/rated-2026 (Anna 2050 and Boris
1950, K 20 assumed; Cleo 1600, born 2012, K 40; Dan unrated), worked by hand from FIDE
B.02 (table 8.1.2, the 400-point rule 8.3.1):

Quads (one group of four, the rounds of rated-2026 with Boris beating Dan over the board):
    Anna: R2 beat Boris, D 100, PD .64: 20 x .36 = +7.2; R3 drew Cleo, D 450 -> 400,
          PD .92: 20 x (.5 - .92) = -8.4; R1 v Dan (unrated) not counted: -1.2
    Boris: R1 beat Cleo, D 350, PD .89: +2.2; R2 lost to Anna, PD .36: -7.2: -5.0
    Cleo: R1 lost to Boris, PD .11: 40 x -.11 = -4.4; R3 drew Anna, PD .08: +16.8: +12.4
Double-Swiss (one match of two games each):
    Anna v Cleo 1-0 ½-½: Anna 20 x (1 - .92) + 20 x (.5 - .92) = 1.6 - 8.4 = -6.8;
          Cleo 40 x (0 - .08) + 40 x (.5 - .08) = -3.2 + 16.8 = +13.6
    Boris v Dan (unrated) 2-0: no game counts: 0
Knockout (two-game matches): semi-finals Anna-Dan 2-0, Boris-Cleo 1½-½; final
Anna-Boris 1½-½:
    Anna: final 20 x .36 + 20 x (.5 - .64) = 7.2 - 2.8 = +4.4 (the semi v Dan not counted)
    Boris: semi 20 x .11 + 20 x (.5 - .89) = 2.2 - 7.8 = -5.6; final -7.2 + 2.8 = -4.4;
           event -10.0
    Cleo: semi 40 x -.11 + 40 x (.5 - .11) = -4.4 + 15.6 = +11.2
Dan is unrated: no change anywhere.
"""

from __future__ import annotations

import html as htmllib
import re
import shutil
from pathlib import Path

import pytest

from tests.conftest import ROOT

RATED = ROOT / "tests" / "data" / "rated-kinds-2026"


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    from leaguegen.site.build import build_site

    out = tmp_path_factory.mktemp("rated-kinds") / "site"
    build_site(RATED, out, pdf=False, cache_dir=out.parent / "cache")
    return out


def _text(html: str) -> str:
    return " ".join(htmllib.unescape(re.sub(r"<[^>]+>", " ", html)).split())


def _changes(html: str) -> list[str]:
    """The Rtg+/- figures a page shows, in order (a game that does not count has none)."""
    return [_text(c) for c in re.findall(r'<span class="rtg(?: up| down)?">(.*?)</span>',
                                         html, re.S)]


def _page(site: Path, rel: str) -> str:
    return (site / rel).read_text(encoding="utf-8")


def _standings(html: str) -> dict[str, str]:
    """Player name -> the Rtg+/- cell, from the first standings table."""
    start = html.index('<table class="standings"')
    body = html[html.index("<tbody>", start):html.index("</table>", start)]
    out = {}
    for row in re.findall(r"<tr.*?</tr>", body, re.S):
        name = re.search(r'class="name[^"]*">(.*?)</td>', row, re.S)
        cell = re.search(r'class="num rtg-change">(.*?)</td>', row, re.S)
        assert name and cell, row
        out[_text(name.group(1)).split(" (")[0]] = _text(cell.group(1))
    return out


def test_quads_group_standings_and_section_page(site: Path) -> None:
    expected = {"Anna Alpha": "-1.2", "Boris Beta": "-5", "Cleo Gamma": "+12.4",
                "Dan Delta": ""}
    for rel in ("quads/group-1/index.html", "quads/index.html"):
        got = _standings(_page(site, rel))
        assert {name.split(" ")[0] + " " + name.split(" ")[1]: v for name, v in got.items()} \
            == expected, rel


def test_quads_player_pages(site: Path) -> None:
    anna = _page(site, "quads/group-1/players/anna-alpha.html")
    # the event, then each game: R1 v Dan not counted, R2 +7.2, R3 -8.4
    assert _changes(anna) == ["-1.2", "+7.2", "-8.4"]
    assert "K 20*" in _text(anna) and "2 rated games" in _text(anna)
    cleo = _page(site, "quads/group-1/players/cleo-gamma.html")
    assert _changes(cleo) == ["+12.4", "-4.4", "+16.8"]
    dan = _page(site, "quads/group-1/players/dan-delta.html")
    assert "unrated: no change" in _text(dan)


def test_double_swiss_standings_and_player_pages(site: Path) -> None:
    assert _standings(_page(site, "double/index.html")) == {
        "Boris Beta": "0", "Anna Alpha": "-6.8", "Cleo Gamma": "+13.6", "Dan Delta": ""}
    assert "Rtg+/-: the change to each player" in _page(site, "double/index.html")
    # the event's figure, then the match's two games together
    assert _changes(_page(site, "double/players/anna-alpha.html")) == ["-6.8", "-6.8"]
    assert _changes(_page(site, "double/players/cleo-gamma.html")) == ["+13.6", "+13.6"]
    assert "K 40" in _text(_page(site, "double/players/cleo-gamma.html"))


def test_knockout_player_pages(site: Path) -> None:
    # the event, then each match whose games count
    assert _changes(_page(site, "cup/players/anna-alpha.html")) == ["+4.4", "+4.4"]
    assert _changes(_page(site, "cup/players/boris-beta.html")) == ["-10", "-5.6", "-4.4"]
    assert _changes(_page(site, "cup/players/cleo-gamma.html")) == ["+11.2", "+11.2"]
    assert "unrated: no change" in _text(_page(site, "cup/players/dan-delta.html"))


def test_an_unrated_copy_shows_none(tmp_path: Path) -> None:
    from leaguegen.site.build import build_site

    folder = tmp_path / "season"
    shutil.copytree(RATED, folder)
    path = folder / "season.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("rated: fide\n", ""),
                    encoding="utf-8")
    build_site(folder, tmp_path / "out", pdf=False, cache_dir=tmp_path / "cache")
    for rel in ("quads/group-1/index.html", "quads/group-1/players/anna-alpha.html",
                "double/index.html", "double/players/anna-alpha.html",
                "cup/players/boris-beta.html"):
        assert "Rtg+/-" not in (tmp_path / "out" / rel).read_text(encoding="utf-8"), rel
