"""The TRF writer's quick path (issue #13): a ``001`` line written at once must be the
line the field-by-field writer gives, and anything that writer refuses must be refused
with its very message. ``_dump_player_checked`` is the writer as it was (its fields put
one by one, each checked); the control-character test is a regular expression now, held
here to the per-character test it replaced, over every code point."""

from __future__ import annotations

import datetime as dt
import sys
import unicodedata
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from leaguegen.domain.model import Code, Colour, RoundEntry
from leaguegen.formats import season_trf, trf
from leaguegen.formats.trf import TrfPlayer, TrfWriteError


def _control_before(ch: str) -> bool:
    return ch in "\x85\u2028\u2029" or unicodedata.category(ch) == "Cc"


def _one_line_before(text: str, what: str) -> str:
    for ch in text:
        if _control_before(ch):
            raise TrfWriteError(f"{what} contains the control character U+{ord(ch):04X};"
                                " a TRF record is one line of printable text")
    return text


def test_the_control_characters_are_the_ones_before() -> None:
    every = "".join(map(chr, range(sys.maxunicode + 1)))
    found = {m.start() for m in trf._CONTROL.finditer(every)}
    assert found == {i for i, ch in enumerate(every) if _control_before(ch)}


fields = st.text(st.characters(blacklist_categories=("Cs",)) | st.sampled_from(
    list("\n\r\t\x85\u2028\x7f é中ع")), max_size=6)
short = st.text(st.sampled_from(list("ab1 ")), max_size=4) | fields
numbers = st.none() | st.integers(-2, 12000)
entries = st.none() | st.builds(RoundEntry, st.none() | st.integers(-1, 10001) | st.sampled_from(
    [1, 2, 99]), st.none() | st.sampled_from(Colour), st.sampled_from(Code))


@st.composite
def players(draw) -> TrfPlayer:  # noqa: ANN001
    """Players mostly writable, sometimes not (every field can be too wide or hold a line
    break; numbers out of range; a pending game)."""
    return TrfPlayer(
        number=draw(st.integers(1, 30) | st.integers(-1, 10001)),
        name=draw(st.text(st.characters(blacklist_categories=("Cs", "Cc")), max_size=40)
                  | fields),
        rounds=tuple(draw(st.lists(entries, max_size=5))),
        sex=draw(st.sampled_from(["", "m", "w"]) | short),
        title=draw(st.sampled_from(["", "GM", "WIM"]) | short),
        rating=draw(numbers), federation=draw(st.sampled_from(["", "ENG"]) | short),
        fide_id=draw(st.none() | st.integers(0, 10**12)),
        birth=draw(st.sampled_from(["", "1990/01/02"]) | fields),
        points=draw(st.none() | st.fractions(0, 1000, max_denominator=2)),
        rank=draw(numbers))


def _written(write, player: TrfPlayer) -> str:  # noqa: ANN001
    try:
        return write(player)
    except TrfWriteError as error:
        return f"refused: {error}"


@settings(max_examples=150, deadline=None)
@given(players())
def test_a_line_written_at_once_is_the_checked_writers(player: TrfPlayer) -> None:
    assert _written(trf.dump_player, player) == _written(trf._dump_player_checked, player)


@settings(max_examples=200, deadline=None)
@given(st.text(st.characters(blacklist_categories=("Cs",)) | st.sampled_from(
    list("\n\r\x85\u2028\u2029\x00\x9f")), max_size=30))
def test_one_line_refuses_what_it_refused(text: str) -> None:
    assert _written(lambda t: trf._one_line(t, "x"), text) == \
        _written(lambda t: _one_line_before(t, "x"), text)


def test_a_writable_player_takes_the_quick_path(monkeypatch: pytest.MonkeyPatch) -> None:
    """The quick path is taken for an ordinary line (else the test above proves nothing)."""
    monkeypatch.setattr(trf, "_dump_player_checked", lambda p: pytest.fail("checked path"))
    player = TrfPlayer(7, "Ada Lovelace", (RoundEntry(3, Colour.WHITE, Code.WIN), None,
                                           RoundEntry(None, None, Code.HALF_BYE)),
                       sex="w", title="WGM", rating=2011, federation="ENG", fide_id=123,
                       birth="1815/12/10", points=Fraction(3, 2), rank=1)
    assert trf.dump_player(player) == (
        "001    7 wWGM Ada Lovelace                      2011 ENG         123 1815/12/10"
        "  1.5    1     3 w 1            0000 - H")


@settings(max_examples=100, deadline=None)
@given(st.dates(dt.date(1, 1, 1), dt.date(9999, 12, 31)))
def test_a_round_date_is_what_strftime_wrote(day: dt.date) -> None:
    assert season_trf._date(day) == day.strftime("%y/%m/%d")
