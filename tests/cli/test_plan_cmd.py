"""``leaguegen plan``: the guides' advice, a whole season, the spellings and the plurals.

The guide passages each have a test: field sizes for round robins and the
Swiss, the grand-prix season totalled, the time-control spellings accepted on
the command line, and "1 week" in the singular (Babel's plural rule).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from leaguegen.cli import main
from tests.conftest import ROOT
from tests.domain.test_planning_season import grand_prix_draft

GRAND_PRIX = ROOT / "seasons" / "grand-prix-2027"


def run(*args: str):
    return CliRunner().invoke(main, ["plan", *args])


def advice(res) -> str:
    lines = [line for line in res.output.splitlines() if "advice:" in line]
    assert len(lines) == 1, res.output
    return lines[0]


def test_guide_round_robin_easy_to_about_6_players() -> None:
    res = run("--players", "6", "--format", "round_robin", "--time-control", "G/25;d5")
    assert res.exit_code == 0, res.output
    assert "5 rounds: easy, like a round robin of up to about 6 players" in advice(res)


def test_guide_round_robin_7_to_10_when_the_calendar_allows() -> None:
    res = run("--players", "9", "--format", "round_robin", "--time-control", "G/25;d5")
    assert "9 rounds: fine when the calendar allows" in advice(res)


def test_guide_round_robin_11_to_12_the_ceiling() -> None:
    res = run("--players", "12", "--format", "round-robin", "--time-control", "G/25;d5")
    assert "11 rounds: the ceiling" in advice(res)


def test_guide_16_players_should_be_a_swiss_rating_bands_or_quads() -> None:
    """The issue: 'plan --players 16 --format round_robin' just said it fits."""
    res = run("--players", "16", "--format", "round_robin", "--time-control", "G/25;d5")
    line = advice(res)
    assert "15 rounds: too long" in line
    assert "should be a Swiss, rating-band round robins or quads" in line
    assert "a Swiss of 5-6 rounds, quads in 3 rounds, 3 rating-band round robins" in line


def test_guide_a_swiss_needs_more_players_than_rounds() -> None:
    """The issue: 'plan --players 5 --format swiss' planned it without a word."""
    res = run("--players", "5", "--format", "swiss", "--time-control", "G/25;d5")
    assert res.exit_code == 0, res.output
    line = advice(res)
    assert "5 players for 4 rounds: too few, the pairings can run out" in line
    assert "a Swiss of 5 players has at most 4 rounds, and fewer are safe" in line
    refused = run("--players", "5", "--format", "swiss", "--rounds", "5",
                  "--time-control", "G/25;d5")
    assert refused.exit_code == 2
    assert "a Swiss of 5 players has at most 4 rounds, and fewer are safe" in refused.output


@pytest.mark.parametrize(("fmt", "expected"), [
    ("quads", "3 rounds: easy"), ("scheveningen", "8 rounds"), ("double_scheveningen", "16 rounds"),
    ("knockout", "16 players fill the bracket"), ("double_round_robin", "30 rounds"),
    ("swiss", "16 players for 5 rounds: enough"),
])
def test_every_format_says_how_its_field_fits(fmt: str, expected: str) -> None:
    res = run("--players", "16", "--format", fmt, "--time-control", "G/25;d5")
    assert res.exit_code == 0, res.output
    assert expected in advice(res)


@pytest.mark.parametrize("spelling", ["90/40+30+30s", "90+30", "G/25 d5", "G/25;d5", "G/25 +5",
                                      "90 minutes + 30 seconds per move"])
def test_guide_time_control_spellings_on_the_command_line(spelling: str) -> None:
    res = run("--players", "6", "--format", "round_robin", "--time-control", spelling)
    assert res.exit_code in (0, 1), res.output
    assert "time control:" in res.output and "cannot read" not in res.output


def test_guide_one_week_reads_in_the_singular() -> None:
    """The issue: 'plan' printed '1 weeks'."""
    res = run("--players", "2", "--format", "round_robin", "--time-control", "G/25;d5")
    assert res.exit_code == 0, res.output
    assert "= 1 week at one evening a week" in res.output and "1 weeks" not in res.output
    three = run("--players", "4", "--format", "round_robin", "--time-control", "G/25;d5")
    assert "= 3 weeks at one evening a week" in three.output


def test_guide_grand_prix_season_totals() -> None:
    res = run(str(GRAND_PRIX))
    assert "total: 14 rounds, 98 games, 10 days; the longest day 510 min (Knock-out)" \
        in res.output
    assert "Knock-out  " in res.output and "days 7-10 (after Group A, Group B" in res.output
    assert "Round robin, 4 players to be decided: 3 rounds, 6 games, days 3-5" in res.output
    # the rapid section's own time control (25+10) fits its day of five rounds
    assert "5 rounds a day of 25+10s (a round up to 85 min): up to 425 min" in res.output
    assert res.exit_code == 0, res.output
    # at the season's 90+30 it would be more than a day's play
    slow = run(str(GRAND_PRIX), "--time-control", "challengers=90+30")
    assert slow.exit_code == 1
    assert "DOES NOT FIT: Challengers (rapid) plays 5 rounds a day" in slow.output


def test_a_section_can_have_its_own_time_control() -> None:
    res = run(str(GRAND_PRIX), "--time-control", "challengers=G/25 +5",
              "--time-control", "challengers-final=G/25 +5")
    assert res.exit_code == 0, res.output
    assert "the longest day 510 min (Knock-out)" in res.output
    assert "5 rounds a day of 25+5s (a round up to 75 min): up to 375 min" in res.output
    unknown = run(str(GRAND_PRIX), "--time-control", "nosuch=G/25")
    assert unknown.exit_code == 2 and "no section nosuch" in unknown.output


def test_guide_grand_prix_draft_by_hand(tmp_path: Path) -> None:
    """The guide's event as a draft season: 51 games, and 8 evenings where it said 6."""
    res = run(str(grand_prix_draft(tmp_path)), "--evening-minutes", "270")
    assert res.exit_code == 0, res.output
    assert "total: 8 rounds, 51 games, 8 evenings; the longest evening 255 min" in res.output
    short = run(str(grand_prix_draft(tmp_path, name="short")), "--evenings", "6",
                "--evening-minutes", "270")
    assert short.exit_code == 1 and "DOES NOT FIT: 8 evenings needed, 6 available" in short.output


def test_a_season_that_does_not_load_exits_2(tmp_path: Path) -> None:
    broken = tmp_path / "broken"
    shutil.copytree(GRAND_PRIX, broken)
    (broken / "season.yaml").write_text("name: x\nsections: 3\n")
    res = run(str(broken))
    assert res.exit_code == 2 and "season.yaml" in res.output


def test_season_and_single_event_options_do_not_mix() -> None:
    assert run(str(GRAND_PRIX), "--players", "8", "--format", "swiss").exit_code == 2
    assert run("--players", "8").exit_code == 2
