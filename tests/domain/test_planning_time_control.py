"""Time controls in every spelling the guides and season files use (issue 17, part 3).

One test per spelling the issue quotes, each checked on what it means (periods,
increment, delay) and on the worst case it gives a 60-move game, and a
property: every time control's canonical label reads back as itself.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from leaguegen.domain.planning import parse_time_control as planning_parser
from leaguegen.domain.time_control import Period, TimeControl, parse_time_control


def _read(text: str) -> tuple[tuple[tuple[float, int | None], ...], int, int]:
    tc = parse_time_control(text)
    return tuple((p.minutes, p.moves) for p in tc.periods), tc.increment, tc.delay


def test_guide_fide_spelling_90_40_30_30s() -> None:
    """FIDE's classical control: 90 minutes for 40 moves, then 30, 30 s a move from move 1."""
    assert _read("90/40+30+30s") == (((90, 40), (30, None)), 30, 0)
    assert _read("90/40 + 30 + 30s") == _read("90/40+30+30")
    assert parse_time_control("90/40+30+30s").game_minutes(60) == 2 * (90 + 30 + 30)


def test_guide_fide_spelling_90_30() -> None:
    assert _read("90+30") == (((90, None),), 30, 0)
    assert parse_time_control("90+30").game_minutes(60) == 240


def test_guide_us_spelling_g25_space_d5() -> None:
    """The issue's refusal: 'G/25 d5' used to fail with "cannot read 'g/25d5'"."""
    assert _read("G/25 d5") == (((25, None),), 0, 5)
    assert parse_time_control("G/25 d5").game_minutes(60) == 2 * (25 + 5)


def test_guide_us_spelling_g25_semicolon_d5() -> None:
    assert _read("G/25;d5") == _read("G/25 d5") == _read("g/25; d/5") == _read("G/25d5")


def test_guide_us_spelling_g25_plus_5() -> None:
    """'+5' after a US period is an increment, not a delay."""
    assert _read("G/25 +5") == (((25, None),), 5, 0)
    assert _read("G/25+5") == _read("G/25 + 5") == _read("G/25;inc5")


def test_guide_words_90_minutes_30_seconds_per_move() -> None:
    assert _read("90 minutes + 30 seconds per move") == (((90, None),), 30, 0)
    assert _read("90 minutes + 30 seconds a move") == _read("90 min + 30 s per move")


@pytest.mark.parametrize(("text", "expected"), [
    ("40/90, SD/30; d5", (((90, 40), (30, None)), 0, 5)),
    ("G/90;inc30", (((90, None),), 30, 0)),
    ("Game/60", (((60, None),), 0, 0)),
    ("120/40+60/20+15+30", (((120, 40), (60, 20), (15, None)), 30, 0)),
    ("15|10", (((15, None),), 10, 0)),
    ("90' + 30s", (((90, None),), 30, 0)),
    ("90 minutes for 40 moves, then 30 minutes, 30 seconds a move from move 1",
     (((90, 40), (30, None)), 30, 0)),
    ("40 moves in 120 minutes, then 60 minutes with 30 seconds per move",
     (((120, 40), (60, None)), 30, 0)),
    ("game in 60 minutes with a 5-second delay", (((60, None),), 0, 5)),
    ("2 hours", (((120, None),), 0, 0)),
    # the translated demos' own words, and digits of another script
    ("90 минут + 30 секунд на ход", (((90, None),), 30, 0)),
    ("每方60分钟，每步加30秒", (((60, None),), 30, 0)),
    ("٩٠ دقيقة + ٣٠ ثانية لكل نقلة", (((90, None),), 30, 0)),
    ("٩٠+٣٠", (((90, None),), 30, 0)),
])
def test_other_spellings(text: str, expected: tuple) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize("bad", [
    "", "abc", "90/40", "90+30+5", "G/60;x5", "90/x+30", "SD/30,40/90", "G/60 G/30", "0",
    "classical, ask the arbiter", "see the noticeboard", "90 minutes for 40 moves",
    "rapid 15+10",
])
def test_unreadable_time_controls_say_so(bad: str) -> None:
    with pytest.raises(ValueError):
        parse_time_control(bad)


def test_planning_reads_with_the_same_parser() -> None:
    """``plan`` and the pages' planning block import the one parser through planning."""
    assert planning_parser is parse_time_control


@given(
    periods=st.lists(st.tuples(st.integers(1, 180), st.integers(1, 60)), max_size=2),
    last=st.integers(1, 180),
    increment=st.integers(0, 60),
    delay=st.integers(0, 30),
)
def test_every_label_reads_back(periods: list[tuple[int, int]], last: int, increment: int,
                                delay: int) -> None:
    tc = TimeControl((*(Period(m, n) for m, n in periods), Period(last)), increment, delay)
    assert parse_time_control(tc.label) == tc
