"""``plan SEASON_DIR`` (issue 26): no evening length nobody set, withdrawn players not
counted, a section's own ``time_control``, and the public page showing facts, not advice."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from leaguegen.cli import main
from leaguegen.domain import planning as pl
from leaguegen.domain.season_plan import plan_season
from leaguegen.formats.season_yaml import load_season
from leaguegen.site.build import render_pages
from leaguegen.site.planning_view import planning_view, season_plan_view
from tests.conftest import ROOT
from tests.group_files import players_yaml, write


def run(*args: object):  # noqa: ANN201
    return CliRunner().invoke(main, ["plan", *(str(a) for a in args)])


def draft(tmp_path: Path, extra: str = "", name: str = "draft") -> Path:
    """Twelve players at 90+30 before round 1: the issue's season (a round of 255 minutes)."""
    return write(tmp_path, name=name, text=f"""\
name: Draft
time_control: 90+30
sections:
  - id: rr
    name: Championship
    format: round_robin
{extra}    players:
{players_yaml(12)}""")


def test_no_evening_length_no_verdict(tmp_path: Path) -> None:
    folder = draft(tmp_path)
    res = run(folder)
    assert res.exit_code == 0, res.output
    assert "DOES NOT FIT" not in res.output and "180" not in res.output
    assert "1 round an evening of 90+30s (a round up to 255 min): up to 255 min" in res.output
    told = run(folder, "--evening-minutes", 180)
    assert told.exit_code == 1
    assert "DOES NOT FIT: an evening can take 255 min (Championship); the evening has 180 min" \
        in told.output
    assert run(folder, "--evening-minutes", 270).exit_code == 0


def test_the_demo_seasons_are_not_measured_against_an_unset_evening() -> None:
    for name in ("riverside-2026", "ladya-2026-ru", "scheveningen-2026", "grand-prix-2027"):
        res = run(ROOT / "seasons" / name)
        assert res.exit_code == 0, res.output
        assert "DOES NOT FIT" not in res.output


def test_one_event_without_an_evening_has_no_faster_time_control() -> None:
    res = CliRunner().invoke(main, ["plan", "--players", "12", "--format", "round_robin",
                                    "--time-control", "90+30"])
    assert res.exit_code == 0, res.output
    assert "52" not in res.output and "faster time control" not in res.output
    told = CliRunner().invoke(main, ["plan", "--players", "12", "--format", "round_robin",
                                     "--time-control", "90+30", "--evening-minutes", "180"])
    assert told.exit_code == 1 and "up to 52+30 per player fits a 180-minute evening" in \
        told.output


def test_withdrawn_players_are_not_counted(tmp_path: Path) -> None:
    folder = draft(tmp_path)
    path = folder / "season.yaml"
    path.write_text(path.read_text(encoding="utf-8").rstrip("\n") + "\n    withdrawals:\n"
                    "      - {player: P12, after_round: 0}\n", encoding="utf-8")
    season = load_season(folder)
    plan = plan_season(season.sections, pl.parse_time_control("90+30"))
    assert (plan.sections[0].players, plan.sections[0].shape.games) == (11, 55)
    res = run(folder)
    assert "Round robin, 11 players: 11 rounds, 55 games" in res.output
    view = planning_view(season, season.section("rr"))
    assert (view.players, view.games) == (11, 55)
    assert season_plan_view(season).sections[0].players == 11


def test_a_section_states_its_own_time_control(tmp_path: Path) -> None:
    folder = draft(tmp_path, "    time_control: 25 minutes + 10 seconds a move\n")
    season = load_season(folder)
    assert season.section("rr").time_control == "25 minutes + 10 seconds a move"
    res = run(folder)
    assert "1 round an evening of 25+10s (a round up to 85 min)" in res.output
    view = planning_view(season, season.section("rr"))
    assert (view.round_minutes, view.time_control) == (85, "25 minutes + 10 seconds a move")
    page = render_pages(season)[0]["rr/index.html"]
    assert "(25 minutes + 10 seconds a move)" in page and "85 minutes" in page
    home = render_pages(season)[0]["index.html"]
    assert "(25 minutes + 10 seconds a move)" in home
    # the command line's ID=TC still wins over the file
    slow = run(folder, "--time-control", "rr=90+30")
    assert "1 round an evening of 90+30s (a round up to 255 min)" in slow.output


def test_an_unreadable_section_time_control_is_said(tmp_path: Path) -> None:
    folder = draft(tmp_path, "    time_control: ask the arbiter\n")
    res = run(folder)
    assert res.exit_code == 0, res.output
    assert "note: section rr's time control 'ask the arbiter' is not one leaguegen reads" in \
        res.output
    assert "no time control, so no timing" in res.output


def test_the_public_page_before_round_1_shows_facts_not_advice(tmp_path: Path) -> None:
    season = load_season(draft(tmp_path))
    pages = render_pages(season)[0]
    section, home = pages["rr/index.html"], pages["index.html"]
    assert "Before the first round" in section and "Longest round" in section
    assert "The season's plan" in home
    for page in (section, home):
        for advice in ("would fit an evening", "longer than an evening", "Quads would take",
                       "Two rounds a sitting", "A Swiss of", "180 minutes", "evening of"):
            assert advice not in page
