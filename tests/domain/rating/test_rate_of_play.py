"""B.02 1.1: the minutes for 60 moves a game needs to be standard-rated, at its edges."""

from __future__ import annotations

import pytest

from leaguegen.domain.rating.rate_of_play import fast_for_standard, minimum_minutes


@pytest.mark.parametrize(("rating", "opponent", "minutes"), [
    (1799, 1799, 60), (1799, 1800, 90), (1800, None, 90), (None, None, 60),
    (None, 1799, 60), (2399, 1000, 90), (1000, 2400, 120), (2400, 2400, 120),
])
def test_the_minimum(rating: int | None, opponent: int | None, minutes: int) -> None:
    assert minimum_minutes(rating, opponent) == minutes
    assert not fast_for_standard(minutes, rating, opponent)
    assert fast_for_standard(minutes - 0.5, rating, opponent)
