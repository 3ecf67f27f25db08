"""The next round's date from the section's rhythm (``pair`` without ``--date``)."""

from __future__ import annotations

import datetime as dt

from hypothesis import given
from hypothesis import strategies as st

from leaguegen.domain.round_dates import next_round_date

D = dt.date


def test_weekly_rounds_continue_weekly() -> None:
    rounds = [(1, D(2026, 10, 1)), (2, D(2026, 10, 8)), (3, D(2026, 10, 15)), (4, None)]
    assert next_round_date(rounds, 4) == D(2026, 10, 22)


def test_a_gap_in_the_dates_is_spread_over_the_rounds_between() -> None:
    assert next_round_date([(1, D(2026, 1, 1)), (3, D(2026, 1, 15))], 5) == D(2026, 1, 29)


def test_no_rhythm_no_date() -> None:
    assert next_round_date([], 1) is None
    assert next_round_date([(1, D(2026, 1, 1))], 2) is None  # one date shows no step
    assert next_round_date([(1, D(2026, 1, 1)), (2, D(2026, 1, 1))], 3) is None  # same day
    assert next_round_date([(1, D(2026, 1, 1)), (3, D(2026, 1, 4))], 4) is None  # 1½ days


@given(st.dates(min_value=D(2000, 1, 1), max_value=D(2090, 1, 1)), st.integers(1, 14),
       st.integers(2, 9))
def test_the_step_is_kept(start: dt.date, step: int, rounds: int) -> None:
    dated = [(r, start + dt.timedelta(days=step * (r - 1))) for r in range(1, rounds + 1)]
    got = next_round_date(dated, rounds + 1)
    assert got is not None and (got - dated[-1][1]).days == step
