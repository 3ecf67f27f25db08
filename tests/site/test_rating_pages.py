"""Rtg+/- on the pages and in the feed of a section declared ``rated: fide``.

tests/data/rated-2026 is worked by hand from FIDE B.02 (table 8.1.2 as printed, K 20
for an adult under 2400 with nothing else known, K 40 for a junior under 2300):

    Anna 2050 (K 20*)  R1 v Dan (unrated): not counted (8.3.1)
                       R2 beat Boris 1950: D 100 -> PD .64, 20 x (1 - .64)   = +7.2
                       R3 drew Cleo 1600:  D 450 -> 400 (8.3.1) PD .92,
                                           20 x (.5 - .92)                   = -8.4
                       event -1.2
    Boris 1950 (K 20*) R1 beat Cleo: D 350 -> PD .89, 20 x .11               = +2.2
                       R2 lost to Anna: PD .36, 20 x -.36                    = -7.2
                       R3 won by forfeit: not counted (5.1)
                       event -5.0
    Cleo 1600, born 2012, rated in 2026 (K 40, 8.3.3 junior)
                       R1 lost to Boris: PD .11, 40 x -.11                   = -4.4
                       R2 beat Dan (unrated): not counted
                       R3 drew Anna: PD .08 (400 rule), 40 x .42             = +16.8
                       event +12.4
    Dan: unrated, no change.

The "friendly" section of the same season says ``rated: none``: no column, no figures.
"""

from __future__ import annotations

import html as htmllib
import json
import re
from pathlib import Path

import pytest

from leaguegen.errors import InputError
from leaguegen.formats.season_yaml import load_season
from tests.conftest import ROOT

RATED = ROOT / "tests" / "data" / "rated-2026"


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    from leaguegen.site.build import build_site

    out = tmp_path_factory.mktemp("rated") / "site"
    build_site(RATED, out, pdf=False, cache_dir=out.parent / "cache")
    return out


def _rows(html: str, table_class: str) -> list[list[str]]:
    """The cells' visible text of each body row of the first table of ``table_class``."""
    start = html.index(f'<table class="{table_class}"')
    table = html[start:html.index("</table>", start)]
    body = table[table.index("<tbody>"):]
    out = []
    for row in re.findall(r"<tr.*?</tr>", body, re.S):
        cells = re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)
        out.append([" ".join(htmllib.unescape(re.sub(r"<[^>]+>", " ", c)).split())
                    for c in cells])
    return out


def _header(html: str, table_class: str) -> list[str]:
    start = html.index(f'<table class="{table_class}"')
    head = html[start:html.index("</thead>", start)]
    return [re.sub(r"<[^>]+>", "", h).strip() for h in re.findall(r"<th[^>]*>(.*?)</th>",
                                                                    head, re.S)]


def test_standings_show_each_players_event_change(site: Path) -> None:
    html = (site / "open" / "index.html").read_text(encoding="utf-8")
    assert _header(html, "standings")[-1] == "Rtg+/-"
    change = {row[1].split(" ahead")[0]: row[-1] for row in _rows(html, "standings")}
    assert change == {"Anna Alpha": "-1.2", "Boris Beta": "-5", "Cleo Gamma": "+12.4",
                      "Dan Delta": ""}


def test_player_page_shows_the_event_and_each_game(site: Path) -> None:
    html = (site / "open" / "players" / "cleo-gamma.html").read_text(encoding="utf-8")
    facts = " ".join(re.sub(r"<[^>]+>", " ", html[html.index('<dl class="facts"'):
                                                    html.index("</dl>")]).split())
    assert "Rtg+/- +12.4 (K 40; 2 rated games; score ½, expected 0.19)" in facts
    games = {row[0]: row[-1] for row in _rows(html, "games")}
    assert games == {"1": "-4.4", "2": "", "3": "+16.8"}
    anna = (site / "open" / "players" / "anna-alpha.html").read_text(encoding="utf-8")
    assert {row[0]: row[-1] for row in _rows(anna, "games")} == {"1": "", "2": "+7.2",
                                                                 "3": "-8.4"}
    assert "K 20*" in anna and "K assumed from the rating" in anna
    dan = (site / "open" / "players" / "dan-delta.html").read_text(encoding="utf-8")
    assert "unrated: no change" in dan


def test_an_event_not_declared_rated_shows_no_change(site: Path) -> None:
    html = (site / "friendly" / "index.html").read_text(encoding="utf-8")
    assert "Rtg+/-" not in html
    player = (site / "friendly" / "players" / "anna-alpha.html").read_text(encoding="utf-8")
    assert "Rtg+/-" not in player
    assert json.loads((site / "friendly" / "section.json").read_text())["rating"] is None


def test_feed_carries_the_same_figures(site: Path) -> None:
    feed = json.loads((site / "open" / "section.json").read_text())["rating"]
    assert feed["system"] == "fide" and feed["rating_year"] == 2026
    players = {p["number"]: p for p in feed["players"]}
    assert [players[n]["change"] for n in (1, 2, 3, 4)] == [-1.2, -5.0, 12.4, None]
    assert (players[3]["k"], players[3]["k_assumed"], players[1]["k_assumed"]) == (40, False,
                                                                                  True)
    rounds = {r["round"]: r for r in players[2]["rounds"]}
    assert rounds[3] == {"round": 3, "change": None, "not_counted": "forfeit"}
    assert rounds[1]["change"] == 2.2
    assert {r["round"]: r["not_counted"] for r in players[1]["rounds"]}[1] == "unrated_opponent"
    # an event's change is the sum of its games'
    for p in feed["players"]:
        if p["change"] is not None:
            total = sum(r["change"] for r in p["rounds"] if r["change"] is not None)
            assert round(total, 2) == p["change"]


def test_rated_is_read_from_the_season_and_overridden_by_a_section(tmp_path: Path) -> None:
    season = load_season(RATED)
    assert [s.rated for s in season.sections] == ["fide", ""]
    text = (RATED / "season.yaml").read_text(encoding="utf-8").replace("rated: none",
                                                                      "rated: elo")
    (tmp_path / "season.yaml").write_text(text, encoding="utf-8")
    with pytest.raises(InputError) as err:
        load_season(tmp_path)
    line = text.splitlines().index("    rated: elo") + 1
    assert [(p.line, p.col, p.message) for p in err.value.problems] == [
        (line, 12, "rated must be one of fide, none, not 'elo'")]
