"""A grand prix series over a knockout cup and a quads section (issue 29): each kind gives
its places through its own hook (``SectionKind.placings``), every figure worked by hand;
and a team event refused as a series' event by ``check`` at its file:line:col, exit 2."""

from __future__ import annotations

import html as htmllib
import re
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner

from leaguegen.cli import main
from leaguegen.domain.season_facts import season_facts
from leaguegen.domain.series import BY_POINTS, HIGHER, SeriesRules
from leaguegen.domain.series_events import season_series, series_table
from leaguegen.formats.season_yaml import load_season
from tests.conftest import ROOT

SEASON = ROOT / "tests" / "data" / "series-kinds-2026"


def _rows(page: str) -> list[list[str]]:
    body = page.split("<tbody>")[1].split("</tbody>")[0]
    return [[htmllib.unescape(re.sub(r"<[^>]+>", "", c)).strip()
             for c in re.findall(r"<t[dh].*?</t[dh]>", row, re.S)]
            for row in re.findall(r"<tr.*?</tr>", body, re.S)]


def test_the_cup_and_the_quads_as_worked_by_hand(tmp_path: Path) -> None:
    from leaguegen.site.build import build_site

    out = tmp_path / "site"
    build_site(SEASON, out, cache_dir=tmp_path / "cache", pdf=False)
    page = (out / "series-cup-gp.html").read_text(encoding="utf-8")
    # Table 12-10-8-6-5-4-3-2, ties shared. The cup (5 players, bracket of 8): Cat won
    # (12), Ann lost the final (10), Bob and Eve lost the semi-finals and share 3rd-4th:
    # (8 + 6) / 2 = 7 each; Dan lost in round 1, the only one there: 5th, 5.
    # The quads: group 1 (Ann, Bob, Cat, Dan by rating) Dan 3, Ann 2, Bob 1, Cat 0 take
    # places 1-4 (12, 10, 8, 6); group 2 drew every game and share places 5-8:
    # (5 + 4 + 3 + 2) / 4 = 3½ each, below Cat's 0 points in the group above.
    assert _rows(page) == [
        ["1", "Ann Able", "20", "10 (2)", "10 (2)"],
        ["2", "Cat Cole", "18", "12 (1)", "6 (4)"],
        ["3", "Dan Dale", "17", "5 (5)", "12 (1)"],
        ["4", "Bob Best", "15", "7 (3=)", "8 (3)"],
        ["5", "Eve East", "10½", "7 (3=)", "3½ (5=)"],
        ["6=", "Fay Ford", "3½", "–", "3½ (5=)"],
        ["6=", "Gus Gray", "3½", "–", "3½ (5=)"],
        ["6=", "Hal Hunt", "3½", "–", "3½ (5=)"],
    ]


def _points(rules: SeriesRules) -> dict[tuple[str, int], tuple[int, int, Fraction]]:
    facts = season_facts(load_season(SEASON))
    table = season_series(facts)[0]
    found = series_table(rules, [("", e) for e in rules.events], {"": facts},
                         _roster(facts))
    assert table.rules.events == rules.events
    return {(row.name, r.event): (r.place, r.tied, r.points)
            for row in found.rows for r in row.results if r is not None}


def _roster(facts):  # noqa: ANN001, ANN202
    from leaguegen.domain.club.identity import roster

    return roster({"": facts.season}, [""])


def test_ties_higher_and_by_points() -> None:
    base = SeriesRules(id="gp", name="GP", events=("cup", "quads"),
                       points=tuple(map(Fraction, (12, 10, 8, 6, 5, 4, 3, 2))))
    higher = _points(SeriesRules(**{**{f: getattr(base, f) for f in base.__slots__},
                                    "ties": HIGHER}))
    # ``higher``: the semi-finals' losers each take 3rd's 8; group 2 each 5th's 5
    assert higher[("Bob Best", 0)] == higher[("Eve East", 0)] == (3, 2, 8)
    assert higher[("Hal Hunt", 1)] == (5, 4, 5)
    by_points = _points(SeriesRules(**{**{f: getattr(base, f) for f in base.__slots__},
                                       "places": BY_POINTS}))
    # ``points``: equal points share a place within a group (a band), never across: Cat's
    # 0 in group 1 stays 4th above group 2's 1½
    assert by_points[("Cat Cole", 1)] == (4, 1, 6)
    assert by_points[("Eve East", 1)] == (5, 4, Fraction(7, 2))
    assert by_points[("Dan Dale", 0)] == (5, 1, 5)


TEAM = """\
name: Test league
sections:
  - id: div1
    name: Division 1
    format: team_league
    boards: 2
    teams:
      - {name: Alpha, players: [A One, A Two]}
      - {name: Beta, players: [B One, B Two]}
  - id: rapid
    name: Rapid
    format: round_robin
    players: [A One, B One, C One]
series:
  - id: gp
    name: Grand Prix
    events: [rapid, div1]
    points: [3, 2, 1]
"""


@pytest.mark.parametrize("lang,said", [
    ("en", "series: event 'div1' is a team event (format: team_league): its players finish"
           " in no order of their own, so it gives a series no places"),
    ("ru", "'div1'"),
])
def test_a_team_league_is_refused_as_an_event(tmp_path: Path, lang: str, said: str) -> None:
    (tmp_path / "season.yaml").write_text(TEAM, encoding="utf-8")
    before = (tmp_path / "season.yaml").read_bytes()
    result = CliRunner().invoke(main, ["--lang", lang, "check", str(tmp_path)])
    out = result.output + result.stderr
    assert result.exit_code == 2, out
    assert "season.yaml:17:21: " in out and said in out, out
    if lang == "ru":
        assert "командн" in out, out  # said in Russian, not English
    assert (tmp_path / "season.yaml").read_bytes() == before
