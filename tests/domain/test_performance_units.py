"""The integer performance (``table_performance``) is the exact Fraction computation."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from leaguegen.domain import performance
from leaguegen.domain.sections import derive_facts
from leaguegen.formats.season_yaml import load_season

ROOT = Path(__file__).resolve().parents[2]
SEASONS = sorted(p for p in (ROOT / "seasons").iterdir() if (p / "season.yaml").exists())


def _exact(table, number: int):  # noqa: ANN001,ANN202 - the code before, kept as reference
    scoring = table.scoring
    rated = [(table.record(e.opponent).player.rating,
              scoring.value(scoring.points(e.code)) / scoring.value(scoring.win))
             for e in table.record(number).rounds if e.played and e.opponent]
    return performance.performance_rating([(r, Fraction(s)) for r, s in rated if r])


@pytest.mark.parametrize("folder", SEASONS, ids=lambda p: p.name)
def test_every_demo_players_performance_is_the_exact_one(folder: Path) -> None:
    checked = 0
    for section in load_season(folder).sections:
        table = derive_facts(section).table
        if table is None:
            continue
        for number in range(1, len(table.records) + 1):
            assert performance.table_performance(table, number) == _exact(table, number)
            checked += 1
    if not checked:
        pytest.skip("no section with one crosstable (quads keep one per group)")


@settings(max_examples=500, deadline=None)
@given(games=st.lists(st.tuples(st.integers(1, 3500), st.integers(0, 6)), min_size=1,
                      max_size=40),
       win=st.integers(1, 6))
def test_integer_performance_equals_the_fraction_one(games: list[tuple[int, int]],
                                                     win: int) -> None:
    ratings = [r for r, _ in games]
    points = [min(p, win) for _, p in games]
    expected = performance.performance_rating(
        [(r, Fraction(p, win)) for r, p in zip(ratings, points, strict=True)])
    assert performance._in_units(ratings, points, win) == expected
