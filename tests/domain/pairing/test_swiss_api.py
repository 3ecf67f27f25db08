"""The season-facing API: a Crosstable plus extras pairs like the TRF route."""

from __future__ import annotations

from pathlib import Path

import pytest

from leaguegen.domain.model import Colour
from leaguegen.domain.pairing import (
    baku_acceleration,
    pair_round,
    state_from_crosstable,
)
from leaguegen.formats import trf
from leaguegen.formats.swiss_input import rounds_played

CORPUS = Path(__file__).resolve().parents[3] / ".." / "shared" / "conformance"


@pytest.mark.parametrize("name", ["t0003-r04.trf", "t0003-r05.trf", "t0010-r06.trf"])
def test_crosstable_route_matches_corpus(name: str) -> None:
    path = CORPUS / "dutch" / name
    if not path.exists():
        pytest.skip("conformance corpus not available")
    doc = trf.load(str(path))
    done = rounds_played(doc)
    absent = {
        p.number for p in doc.players
        if len(p.rounds) > done and p.rounds[done] is not None
    }
    state = state_from_crosstable(
        trf.to_crosstable(doc), rounds_played=done, absent=absent,
        initial_colour=doc.initial_colour or Colour.WHITE,
    )
    result = pair_round(state)
    expected = path.with_suffix(".pairs").read_text().splitlines()
    assert result.lines() == [line for line in expected if line.strip()]
    assert all(ex.colour_rule for ex in result.explanation)


def test_baku_groups_and_rounds() -> None:
    virtual = baku_acceleration(list(range(1, 162)), 9)
    assert len(virtual) == 82  # 2 * ceil(161 / 4)
    assert virtual[1] == (2, 2, 2, 1, 1)  # rounds 1-3 a win, rounds 4-5 a draw
    assert 83 not in virtual
    assert baku_acceleration(list(range(1, 21)), 11)[1] == (2, 2, 2, 1, 1, 1)


def test_first_round_alternates_from_the_initial_colour() -> None:
    from leaguegen.domain.pairing import SwissPlayer, SwissState

    state = SwissState(
        players=tuple(SwissPlayer(i, ()) for i in range(1, 8)),
        rounds_played=0, rounds_total=5, initial_colour=Colour.BLACK,
    )
    result = pair_round(state)
    # The bye goes to the lowest player; 1-4, 2-5, 3-6 with 1 on the initial colour.
    assert result.boards == ((4, 1), (2, 5), (6, 3))
    assert result.bye == 7


def test_baku_matches_the_corpus_virtual_points() -> None:
    cases = sorted((CORPUS / "dutch-baku").glob("t000[1-5]-r01.trf"))
    if not cases:
        pytest.skip("conformance corpus not available")
    for path in cases:
        doc = trf.load(str(path))
        mine = baku_acceleration([p.number for p in doc.players], doc.rounds_total or 0)
        theirs = {
            n: tuple(int(v * 2) for v in values) for n, values in doc.acceleration.items()
        }
        trimmed = {}
        for n, values in theirs.items():
            kept = list(values)
            while kept and kept[-1] == 0:
                kept.pop()
            if kept:
                trimmed[n] = tuple(kept)
        assert mine == trimmed, path.name
