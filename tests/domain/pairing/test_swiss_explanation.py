"""Structured explanations: the data the engine returns, its JSON round trip, and the
CLI's words for it (the wording is pinned: docs and organisers' scripts read it)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from leaguegen.cli import main
from leaguegen.domain.pairing import (
    BoardExplanation,
    ByeExplanation,
    ByeReason,
    ColourRule,
    Float,
    FloatDirection,
    PairingResult,
    Relaxed,
    RelaxedKind,
    pair_round,
)
from leaguegen.formats import trf
from leaguegen.formats.swiss_input import state_from_trf

CORPUS = Path(__file__).resolve().parents[3] / ".." / "shared" / "conformance"


def _case(folder: str, name: str) -> Path:
    path = CORPUS / folder / name
    if not path.exists():
        pytest.skip(f"conformance corpus not available ({path})")
    return path


# The output of the engine before explanations became data (t0202-r07: floats, every
# float criterion, C12/C13, four colour rules and a bye): the words must not drift.
T0202_R07 = """\
Round 7 of 7 (dutch)
Board 1: 1 - 3  bracket 4
  float: 1 (4.5) floats down to 3 (4)
  colours: higher-ranked player's preference granted
  relaxed C13: 3 does not get its strong colour preference
  relaxed C14: 1 floated down 1 round(s) ago as well
Board 2: 2 - 8  bracket 3.5
  float: 2 (4.5) floats down to 8 (3.5)
  colours: both preferences granted
  relaxed C14: 2 floated down 1 round(s) ago as well
  relaxed C16: 2 floated down 2 round(s) ago as well
Board 3: 4 - 5  bracket 3.5
  float: 5 (4) floats down to 4 (3.5)
  colours: alternated from the latest round with different colours
  relaxed C12: 5 does not get its mild colour preference
  relaxed C14: 5 floated down 1 round(s) ago as well
  relaxed C17: 4 floated up 2 round(s) ago as well
Board 4: 6 - 7  bracket 3.5
  colours: stronger (absolute) preference granted
  relaxed C12: 6 does not get its mild colour preference
Board 5: 11 - 12  bracket 3
  colours: both preferences granted
Board 6: 13 - 14  bracket 2.5
  colours: stronger (strong) preference granted
  relaxed C12: 14 does not get its mild colour preference
Board 7: 9 - 15  bracket 1
  float: 9 (2) floats down to 15 (1)
  colours: stronger (absolute) preference granted
  relaxed C13: 9 does not get its strong colour preference
  relaxed C15: 15 floated up 1 round(s) ago as well
  relaxed C17: 15 floated up 2 round(s) ago as well
Bye: 10 receives the pairing-allocated bye: lowest score (3) among players who may receive it
"""


def test_explanation_is_data() -> None:
    result = pair_round(state_from_trf(trf.load(str(_case("dutch", "t0202-r07.trf")))))
    third = result.explanation[2]
    assert third == BoardExplanation(
        white=4, black=5, bracket=7,
        floats=(Float(5, 8, FloatDirection.DOWN), Float(4, 7, FloatDirection.UP)),
        colour_rule=ColourRule.ALTERNATE,
        relaxed=(Relaxed("C12", 5, RelaxedKind.MILD), Relaxed("C14", 5, RelaxedKind.FLOAT_DOWN, 1),
                 Relaxed("C17", 4, RelaxedKind.FLOAT_UP, 2)),
    )
    assert result.bye_explanation == ByeExplanation(10, 6, ByeReason.LOWEST_SCORE)
    assert result.win == 2


def test_cli_words_are_unchanged() -> None:
    path = _case("dutch", "t0202-r07.trf")
    out = CliRunner().invoke(main, ["pair", "--trf", str(path), "--explain"]).output
    assert out.split("\n\n", 1)[1] == T0202_R07


@pytest.mark.parametrize(("folder", "name", "system"), [
    ("dutch", "t0202-r07.trf", "dutch"), ("dutch", "t0070-r11.trf", "dutch"),
    ("dutch-baku", "t0001-r02.trf", "dutch"), ("burstein", "t0001-r02.trf", "burstein"),
    ("burstein", "t0003-r05.trf", "burstein"),
])
def test_round_trip_through_json(folder: str, name: str, system: str) -> None:
    result = pair_round(state_from_trf(trf.load(str(_case(folder, name)))), system=system)
    data = json.loads(json.dumps(result.to_dict()))
    assert data == result.to_dict()  # plain JSON types only
    assert PairingResult.from_dict(data) == result
    for ex in result.explanation:
        assert BoardExplanation.from_dict(json.loads(json.dumps(ex.to_dict()))) == ex


_players = st.integers(min_value=1, max_value=9999)
_units = st.integers(min_value=0, max_value=60)
_explanations = st.builds(
    BoardExplanation,
    white=_players, black=_players, bracket=_units,
    floats=st.lists(st.builds(Float, _players, _units, st.sampled_from(FloatDirection)),
                    max_size=2).map(tuple),
    colour_rule=st.sampled_from(ColourRule),
    relaxed=st.lists(st.builds(Relaxed, st.sampled_from(["C10/C11", "C12", "C13", "C14"]),
                               _players, st.sampled_from(RelaxedKind),
                               st.integers(min_value=0, max_value=2)), max_size=4).map(tuple),
)


@settings(max_examples=60, deadline=None)
@given(boards=st.lists(_explanations, max_size=5),
       bye=st.one_of(st.none(), st.builds(ByeExplanation, _players, _units,
                                          st.sampled_from(ByeReason))),
       win=st.sampled_from([2, 3, 6]))
def test_any_explanation_round_trips(boards, bye, win) -> None:  # noqa: ANN001
    result = PairingResult(tuple((b.white, b.black) for b in boards),
                           bye.player if bye else None, tuple(boards), bye, win)
    assert PairingResult.from_dict(json.loads(json.dumps(result.to_dict()))) == result


def test_every_colour_rule_has_words() -> None:
    from leaguegen.cli import explain_words
    from leaguegen.site.pages.swiss import COLOUR_RULES

    assert set(explain_words.COLOUR_WORDS) == set(ColourRule) == set(COLOUR_RULES)
    assert set(explain_words.BYE_WORDS) == set(ByeReason)
