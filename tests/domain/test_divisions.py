"""domain/divisions.py: which places a division's table marks, who goes where next season,
and the ties a league's rule must settle (docs/divisions.md)."""

from __future__ import annotations

from leaguegen.domain.divisions import (
    PROMOTION,
    RELEGATION,
    Division,
    boundary_ties,
    final_order,
    next_divisions,
    zone,
)
from leaguegen.domain.sections import derive_facts
from leaguegen.formats.season_yaml import load_season
from tests.conftest import ROOT


def test_the_marked_places_of_a_table_of_ten() -> None:
    d = Division("x", promote=2, relegate=3)
    assert [zone(d, pos, 10) for pos in range(1, 11)] == [
        PROMOTION, PROMOTION, "", "", "", "", "", RELEGATION, RELEGATION, RELEGATION]
    assert [zone(None, pos, 3) for pos in (1, 2, 3)] == ["", "", ""]


def test_a_withdrawn_player_counts_below_the_last_ranked() -> None:
    facts = derive_facts(load_season(ROOT / "seasons" / "riverside-2026").section("premier"))
    order = final_order(facts)
    assert order[-1] == "Siobhan Murphy" and len(order) == 10


def test_a_tie_on_every_tiebreak_across_the_relegation_line_is_named() -> None:
    # after six rounds Yusuf Demir and Charlotte Bellamy share 8th (equal on every
    # tie-break); with two relegated the line runs between 8th and 9th place
    facts = derive_facts(load_season(ROOT / "seasons" / "riverside-2026").section("premier"))
    assert boundary_ties(Division("premier", 0, 2), facts) == (
        ("Yusuf Demir", "Charlotte Bellamy"),)
    assert boundary_ties(Division("premier", 0, 1), facts) == ()
    assert boundary_ties(Division("premier", 2, 0), facts) == ()


def test_next_divisions_and_who_leaves_the_league() -> None:
    season = load_season(ROOT / "seasons" / "riverside-2025")
    facts = {d.section: derive_facts(season.section(d.section)) for d in season.divisions}
    plan = next_divisions(season.divisions, facts)
    assert [p.name for p in plan.of("premier")][-2:] == ["Charlotte Bellamy", "Yusuf Demir"]
    assert [(p.name, p.move, p.position) for p in plan.of("major")][:2] == [
        ("Amelia Novak", "relegated", 9), ("Oliver Grant", "relegated", 10)]
    assert plan.leaving == ()
    # the top division's promotion places leave the league; so do the bottom's relegated
    wider = (Division("premier", 1, 2), Division("major", 2, 1))
    plan = next_divisions(wider, facts)
    assert [(p.name, p.move, p.target) for p in plan.leaving] == [
        ("Priya Raman", "promoted", None), ("Felix Hartmann", "relegated", None)]
    assert len(plan.of("premier")) == 9 and len(plan.of("major")) == 6
