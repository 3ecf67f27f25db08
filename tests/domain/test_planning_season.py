"""A whole season planned (issue 17, part 2): sections, stages in order, totals.

The guide's Grand Prix passage ("four groups of four, double round robin,
winners to a knockout: 6 evenings and 51 games", worked by hand) is checked
here: the 51 games are right, the 6 evenings are the group stage alone (the
knockout of the four winners adds a semi-final and a final evening: 8). The
eight-player version (top two of each group) is 55 games and 9 evenings at a
game a match; the grand-prix demo, with its two-game matches, four-game final
and its dates, is 14 rounds, 98 games and 10 days.
"""

from __future__ import annotations

from pathlib import Path

from leaguegen.domain import planning as pl
from leaguegen.domain.season_plan import has_results, plan_season, rhythm_of
from leaguegen.formats.season_yaml import load_season
from tests.conftest import ROOT
from tests.group_files import players_yaml, write

GRAND_PRIX = ROOT / "seasons" / "grand-prix-2027"
TC = pl.parse_time_control("90+30")


def grand_prix_draft(tmp_path: Path, top: int = 1, match: str = "", name: str = "gp") -> Path:
    """Four groups of four (double round robins) and a knockout of the top ``top`` of each."""
    groups = "".join(f"""
  - id: group-{g}
    name: Group {g.upper()}
    format: double_round_robin
    players:
{players_yaml(4, start=4 * i)}""" for i, g in enumerate("abcd"))
    return write(tmp_path, f"""\
name: Grand Prix draft
time_control: 90 minutes + 30 seconds a move
sections:{groups}
  - id: knockout
    name: Knock-out
    format: knockout
    players: {{from: [group-a, group-b, group-c, group-d], top: {top}, seeding: cross}}
{match}""", name=name)


def test_guide_grand_prix_by_hand_6_evenings_and_51_games(tmp_path: Path) -> None:
    """Winners to a knockout: 51 games as the guide says, but 8 evenings, not 6."""
    season = load_season(grand_prix_draft(tmp_path))
    plan = plan_season(season.sections, TC)
    assert plan.games == 4 * 12 + 3 == 51
    groups, knockout = plan.sections[:4], plan.sections[4]
    assert all((g.shape.rounds, g.sittings, g.start) == (6, 6, 0) for g in groups)
    assert (knockout.players, knockout.pending, knockout.shape.games) == (4, True, 3)
    assert (knockout.start, knockout.sittings) == (6, 2)  # semi-finals, then the final
    assert (plan.rounds, plan.sittings, plan.days) == (8, 8, False)
    assert plan.longest_sitting == 255  # one 90+30 round an evening: 240 + 15 changeover


def test_grand_prix_with_an_eight_player_knockout(tmp_path: Path) -> None:
    """The top two of each group: 55 games and 9 evenings at one game a match."""
    season = load_season(grand_prix_draft(tmp_path, top=2))
    plan = plan_season(season.sections, TC)
    assert (plan.games, plan.rounds, plan.sittings) == (48 + 7, 9, 9)
    assert plan.sections[4].sources == ("group-a", "group-b", "group-c", "group-d")


def test_a_pending_knockout_is_planned_from_its_count(tmp_path: Path) -> None:
    """Before the groups finish, ``players: {from:, top:}`` gives the count; the section's
    match format is only read with its players, so it counts one game a match until then."""
    season = load_season(grand_prix_draft(tmp_path, top=2,
                                          match="    match: {games: 2}\n    final: {games: 4}\n"))
    knockout = plan_season(season.sections, TC).sections[4]
    assert (knockout.pending, knockout.players, knockout.shape.games) == (True, 8, 7)
    assert season.section("knockout").players == ()


def test_the_grand_prix_demo_totals() -> None:
    season = load_season(GRAND_PRIX)
    plan = plan_season(season.sections, pl.parse_time_control(season.time_control))
    by_id = {p.id: p for p in plan.sections}
    # the groups: six rounds on six days (1-3 and 5-7 March), side by side
    assert {(p.shape.rounds, p.shape.games, p.start, p.end) for p in plan.sections[:4]} \
        == {(6, 12, 0, 6)}
    ko = by_id["knockout"]
    assert (ko.players, ko.shape.rounds, ko.shape.games) == (8, 2 + 2 + 4, 4 * 2 + 2 * 2 + 4)
    assert (ko.rhythm.rounds_per_sitting, ko.start, ko.sittings) == (2, 6, 4)
    rapid = by_id["challengers"]
    assert (rapid.rhythm.rounds_per_sitting, rapid.sittings) == (5, 2)  # 5 rounds on 13 March
    final = by_id["challengers-final"]
    assert (final.pending, final.players, final.shape.games, final.start) == (True, 4, 6, 2)
    assert (plan.rounds, plan.games, plan.sittings, plan.days) == (6 + 8, 48 + 16 + 28 + 6, 10,
                                                                   True)
    # the rapid section states its own time control (25+10: a round up to 85 minutes), so
    # its day of five rounds is 425 minutes and the knock-out's two rounds the longest
    assert (rapid.time_control.label, rapid.round_minutes) == ("25+10s", 85)
    assert (plan.longest.id, plan.longest_sitting) == ("knockout", 2 * 255)
    assert not plan.too_long(rapid) and not plan.too_long(ko) and plan.fits
    # at the season's 90+30 (the command line's --time-control challengers=...) it would not
    slow = plan_season(season.sections, pl.parse_time_control(season.time_control),
                       time_controls={"challengers": pl.parse_time_control("90+30")})
    assert not slow.fits and slow.longest.id == "challengers"


def test_rhythm_from_dates() -> None:
    season = load_season(GRAND_PRIX)
    weekly = load_season(ROOT / "seasons" / "riverside-2026").section("premier")
    assert rhythm_of(weekly, (1,) * 9).days is False  # one round a week: club evenings
    assert rhythm_of(season.section("group-a"), (1,) * 6).days is True  # 1-7 March
    assert rhythm_of(season.section("challengers-final"), (1,) * 3) is None  # no dates


def test_a_club_season_shares_its_evenings(tmp_path: Path) -> None:
    """Divisions side by side: the season is as long as its longest division."""
    folder = write(tmp_path, f"""\
name: Club
time_control: G/60;d5
sections:
  - id: a
    name: A
    format: round_robin
    players:
{players_yaml(10)}
  - id: b
    name: B
    format: round_robin
    players:
{players_yaml(6, start=10)}
""")
    season = load_season(folder)
    plan = plan_season(season.sections, pl.parse_time_control(season.time_control),
                       pl.Session(evenings_available=8))
    assert (plan.rounds, plan.games, plan.sittings) == (9, 45 + 15, 9)
    assert plan.longest_sitting == 2 * (60 + 5) + 15 and plan.fits_budget is False
    two_a_night = plan_season(season.sections, None, rounds_per_sitting=2)
    assert two_a_night.sittings == 5 and two_a_night.longest_sitting is None


def test_a_season_with_results_is_not_a_draft() -> None:
    assert has_results(load_season(GRAND_PRIX).sections)


def test_every_demo_can_be_planned() -> None:
    for folder in sorted((ROOT / "seasons").iterdir()):
        if not (folder / "season.yaml").is_file():
            continue  # the folder's club.yaml (its grand prix series)
        season = load_season(folder)
        plan = plan_season(season.sections, None)
        assert not plan.unplanned, folder.name
        assert plan.games == sum(p.shape.games for p in plan.sections) > 0
