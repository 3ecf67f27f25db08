"""The planning figures on the page of a section with no results yet (any format)."""

from __future__ import annotations

from pathlib import Path

import pytest

from leaguegen.domain import planning as pl
from leaguegen.domain.season_plan import own_time_control
from leaguegen.formats.season_yaml import load_season
from leaguegen.site.build import render_pages
from leaguegen.site.planning_view import planning_view
from tests.conftest import ROOT
from tests.group_files import players_yaml, write


@pytest.mark.parametrize("text,expected", [
    ("90+30", (90, 30)), ("90 minutes + 30 seconds a move", (90, 30)),
    ("75 min + 15 s per move", (75, 15)), ("20 minutes", (20, 0)),
])
def test_season_time_control_spellings(text: str, expected: tuple[int, int]) -> None:
    tc = own_time_control(text)
    assert (tc.periods[0].minutes, tc.increment) == expected


def test_unreadable_time_control_gives_no_timing() -> None:
    assert own_time_control("classical, ask the arbiter") is None
    assert own_time_control("") is None


def _season(tmp_path: Path, tc: str, results: str = "", name: str = "season") -> Path:
    return write(tmp_path, name=name, text=f"""\
name: Draft
time_control: "{tc}"
sections:
  - id: rr
    name: Championship
    format: round_robin
    players:
{players_yaml(10)}
{results}""")


def test_round_robin_page_shows_the_plan_until_a_result(tmp_path: Path) -> None:
    season = load_season(_season(tmp_path, "90+30"))
    view = planning_view(season, season.section("rr"))
    expected = pl.plan(pl.round_robin_shape(10), pl.parse_time_control("90+30"))
    assert (view.rounds, view.games, view.per_player) == (9, 45, (9, 9))
    assert view.round_minutes == expected.round_minutes and view.evenings == 9
    page = render_pages(season)[0]["rr/index.html"]
    assert "Before the first round" in page and "Longest round" in page
    # the plan's facts only: the organiser's calendar is for the terminal (issue 26)
    assert "would fit an evening" not in page and "longer than an evening" not in page
    played = load_season(_season(tmp_path, "90+30",
                                 "    rounds:\n      - results:\n          - P01 - P10: 1-0\n",
                                 name="played"))
    assert planning_view(played, played.section("rr")) is None
    assert "Before the first round" not in render_pages(played)[0]["rr/index.html"]


def test_without_a_time_control_only_the_shape(tmp_path: Path) -> None:
    season = load_season(_season(tmp_path, "see the noticeboard"))
    view = planning_view(season, season.section("rr"))
    assert view.round_minutes is None and view.rounds == 9
    page = render_pages(season)[0]["rr/index.html"]
    assert "Games per player" in page and "Longest round" not in page


def test_demo_juniors_match_shows_its_plan() -> None:
    season = load_season(ROOT / "seasons" / "scheveningen-2026")
    view = planning_view(season, season.section("juniors"))
    assert (view.rounds, view.games, view.per_player) == (4, 16, (4, 4))
    assert planning_view(season, season.section("match")) is None
    page = render_pages(season)[0]["juniors/index.html"]
    assert "Before the first round" in page


def test_quads_and_knockout_plans(tmp_path: Path) -> None:
    folder = write(tmp_path, f"""\
name: Draft
time_control: 25+10
sections:
  - id: quads
    name: Quads
    format: quads
    players:
{players_yaml(13)}
  - id: cup
    name: Cup
    format: knockout
    match: {{games: 2}}
    players:
{players_yaml(12)}
""")
    season = load_season(folder)
    quads = planning_view(season, season.section("quads"))
    assert (quads.rounds, quads.per_player) == (5, (3, 4))  # 4 4 5
    cup = planning_view(season, season.section("cup"))
    assert (cup.rounds, cup.games) == (8, 22)  # 4 rounds of 2-game matches; 11 matches
    assert (cup.round_minutes, cup.evenings) == (85, 8)  # 25+10: 2 * (25 + 10) + 15
