"""Lim (C.04.4.3, 2026): the worked examples the FIDE text itself gives, as fixtures.

The 2026 page is in the search store only as far as 2.3; its examples (the
exchange tables of 4.2 and 4.3, the two cases of 4.4, the forty-player lines of
7.2, 7.1) were read as another implementation transcribes them for its own tests
(read, not copied: every expectation below was worked again by hand from the
article it names). Where leaguegen's generalisation of the text (after a choice
the rest is proposed anew; a group floats what a maximum pairing leaves over)
reproduces the text's own answer, these tests say so; a change that breaks one
of them departs from the text, not just from a reading.
"""

from __future__ import annotations

import pytest

from leaguegen.domain.model import Colour
from leaguegen.domain.pairing import PastRound, SwissPlayer, SwissState, pair_round
from leaguegen.domain.pairing.lim import DOWN, LimRound


def _round(n: int, met: dict[int, tuple[int, ...]], played: int = 1) -> LimRound:
    """n players of one score with no colours yet; ``met`` as forbidden pairs (made symmetric)."""
    filler = (PastRound(None, None, 0, False, False),) * played
    forbidden = frozenset(frozenset((a, b)) for a, bs in met.items() for b in bs)
    st = SwissState(tuple(SwissPlayer(i, filler) for i in range(1, n + 1)), played, 9,
                    forbidden=forbidden)
    return LimRound(st)


def _pairs(pairs) -> str:  # noqa: ANN001 - list of lim._Pair
    return " ".join(sorted(f"{min(p.a.tpn, p.b.tpn)}-{max(p.a.tpn, p.b.tpn)}" for p in pairs))


def _six(met: dict[int, tuple[int, ...]]) -> str:
    rnd = _round(6, met)
    return _pairs(rnd.exchange(0, list(rnd.players), DOWN))


@pytest.mark.parametrize(("column", "expected"), [
    (1, "1-4 2-5 3-6"),  # the proposed pairings (2.4)
    (2, "1-5 2-4 3-6"),  # 1 has met 4
    (3, "1-6 2-4 3-5"),  # 1 has met 4 and 5
    (4, "1-3 2-5 4-6"),  # 1 has met the whole bottom half: the top half from the bottom, 3
    (5, "1-2 3-5 4-6"),  # ... and 3 as well: 2
])
def test_exchange_table_of_4_2(column: int, expected: str) -> None:
    """4.2: in a group of six paired downward #1 tries 4, 5, 6, then 3, then 2."""
    met = {1: (4, 5, 6, 3)[: column - 1]}
    assert _six(met) == expected


@pytest.mark.parametrize(("column", "expected"), [
    (1, "1-6 2-4 3-5"),  # 1 has met 4 and 5, so 1-6; 2-4 3-5 proposed anew
    (2, "1-6 2-5 3-4"),  # 2 has met 4: 2 takes 5
    (3, "1-6 2-3 4-5"),  # 2 has met 4 and 5: the top half, 3
    (4, "1-3 2-6 4-5"),  # 2 has met 4, 5, 3: 2 takes 6, which moves 1 on to 3
    (5, "1-2 3-5 4-6"),  # 2 has met 6 too: only 1 is left for 2
])
def test_exchange_table_of_4_3(column: int, expected: str) -> None:
    """4.3: once #1 has its opponent (#6), #2 tries 4, 5, 3, then 6 (moving #1), then 1.

    leaguegen reaches column 4 from the other side: 1-6 would leave 2 without an
    opponent, so 1 takes its next candidate in the order of 4.2, 3, and 2-6 follows.
    """
    met = {1: (4, 5), 2: (4, 5, 3, 6)[: column - 1]}
    assert _six(met) == expected


def test_4_4_2_the_group_keeps_as_many_pairings_as_it_can() -> None:
    """4.4, 4.4.2: #1 and #2 have met each other and everybody but #6.

    Only one of the two can have #6, so the group keeps two pairings and two players
    float: #2 (1-6 is kept, as #1 is scrutinised first) and, to make the number even,
    the lowest numbered player left who keeps the two pairings, #5 (6 cannot go:
    #1 would be left without an opponent). 1-6 and 3-4 stay.
    """
    rnd = _round(9, {1: (2, 3, 4, 5), 2: (3, 4, 5)})
    by = {p.tpn: p for p in rnd.players}
    pairs, floaters = rnd.pair_group(0, [by[i] for i in range(1, 7)], [], DOWN, [by[7], by[8]])
    assert _pairs(pairs) == "1-6 3-4"
    assert sorted(f.p.tpn for f in floaters) == [2, 5]


def test_4_4_1_the_player_without_opponent_floats_instead_of_the_last() -> None:
    """4.4.1: seven players; #2 has met everybody but is not the lowest numbered.

    To make the number even #7 would float, but #2 has no opponent at all and is
    exchanged with it: #2 is the one floater; 1 (who met 2-5) takes 6 or 7.
    """
    rnd = _round(9, {1: (2, 3, 4, 5), 2: (3, 4, 5, 6, 7)})
    by = {p.tpn: p for p in rnd.players}
    pairs, floaters = rnd.pair_group(0, [by[i] for i in range(1, 8)], [], DOWN, [by[8], by[9]])
    assert [f.p.tpn for f in floaters] == [2]
    assert len(pairs) == 3 and "2" not in _pairs(pairs).replace("-", " ").split()


def _round_one(n: int, colour: Colour, ratings: dict[int, int] | None = None) -> SwissState:
    ratings = ratings or {}
    return SwissState(tuple(SwissPlayer(i, (), rating=ratings.get(i, 2600 - i))
                            for i in range(1, n + 1)), 0, 9, initial_colour=colour)


def test_7_2_forty_players_both_lots() -> None:
    """7.2: 1 v 21, 22 v 2, 3 v 23, 24 v 4, ... 40 v 20 with White drawn for #1; the mirror."""
    white = pair_round(_round_one(40, Colour.WHITE), system="lim").boards
    black = pair_round(_round_one(40, Colour.BLACK), system="lim").boards
    expected = tuple((i, i + 20) if i % 2 else (i + 20, i) for i in range(1, 21))
    assert white == expected
    assert black == tuple((b, w) for w, b in expected)


def test_7_1_the_bye_goes_to_the_lowest_rated_not_the_lowest_ranked() -> None:
    """7.1: 39 players; #11 is rated lowest (an arbiter's order need not follow the ratings)."""
    result = pair_round(_round_one(39, Colour.WHITE, {11: 1000}), system="lim")
    assert result.bye == 11
