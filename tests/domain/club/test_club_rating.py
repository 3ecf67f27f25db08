"""The club rating list (domain/club/club_rating.py): Elo, K 20, per round, worked by hand
on the first round of tests/data/club-seasons, and held to what Elo must keep."""

from __future__ import annotations

import datetime as dt

import pytest

from leaguegen.domain.club.career import careers
from leaguegen.domain.club.club_rating import START, K, club_ratings, expected
from leaguegen.domain.club.identity import roster
from leaguegen.domain.season_facts import season_facts
from leaguegen.formats.season_yaml import load_season
from tests.conftest import ROOT

CLUB = ROOT / "tests" / "data" / "club-seasons"
ORDER = ("autumn-2025", "spring-2026")


@pytest.fixture(scope="module")
def ratings():  # noqa: ANN201
    seasons = {p: load_season(CLUB / p) for p in ORDER}
    made = careers(roster(seasons, ORDER), {p: season_facts(s) for p, s in seasons.items()})
    return {r.slug: r for r in club_ratings(made, ORDER)}


def test_the_first_round_by_hand(ratings) -> None:  # noqa: ANN001
    """Round 1, 10 September 2025: Maria Lopez 1800 beat Jonh Smith 1650:
    E = 1 / (1 + 10^(-150/400)) = 1 / 1.421697 = 0.703385, +20 x 0.296615 = +5.932;
    Tom Hughes 1900 drew Sam Patel 1700: E = 1 / (1 + 10^(-200/400)) = 0.759747,
    20 x (0.5 - 0.759747) = -5.195."""
    assert K == 20 and START == 1500
    assert expected(1800, 1650) == pytest.approx(0.703385, abs=1e-6)
    first = {slug: r.history[0] for slug, r in ratings.items() if r.history}
    day = dt.date(2025, 9, 10)
    assert first["maria-lopez-grant"] == (day, pytest.approx(1805.932, abs=1e-3))
    assert first["john-smith"] == (day, pytest.approx(1644.068, abs=1e-3))
    assert first["tom-hughes"] == (day, pytest.approx(1894.805, abs=1e-3))
    assert first["sam-patel"] == (day, pytest.approx(1705.195, abs=1e-3))


def test_every_game_counts_once_and_the_points_are_kept(ratings) -> None:  # noqa: ANN001
    games = {slug: r.games for slug, r in ratings.items()}
    assert games == {"tom-hughes": 9, "maria-lopez-grant": 9, "sam-patel": 3,
                     "sam-patel-2": 4, "john-smith": 7, "ann-kerr": 6}
    # Elo moves points from one player to the other: the total is the starting total
    assert sum(r.rating for r in ratings.values()) == pytest.approx(
        sum(r.start for r in ratings.values()))
    assert ratings["ann-kerr"].start == 1500  # her first written rating (1500)
    # one point of history per round played: a member plays at most one game a round
    assert all(len(r.history) == r.games for r in ratings.values())
