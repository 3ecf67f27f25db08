"""Property tests: simulated events stay within the absolute rules round after round,
and the engine pairs every round that a brute-force search can pair legally."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from leaguegen.domain.model import Colour
from leaguegen.domain.pairing import PastRound, SwissPlayer, SwissState, pair_round
from leaguegen.errors import NoValidPairing
from tests.domain.pairing.legal import assert_legal, legal_pairing_exists


def _simulate(n: int, rounds: int, seed: int, system: str, absences: bool) -> None:
    rng = random.Random(seed)
    history: list[list[PastRound]] = [[] for _ in range(n)]
    for rnd in range(rounds):
        absent = {p for p in range(n) if absences and rng.random() < 0.1}
        state = SwissState(
            players=tuple(
                SwissPlayer(i + 1, tuple(history[i]), i in absent) for i in range(n)
            ),
            rounds_played=rnd,
            rounds_total=rounds,
            initial_colour=rng.choice([Colour.WHITE, Colour.BLACK]),
        )
        try:
            result = pair_round(state, system=system)
        except NoValidPairing:
            # Refusing is right only when no legal pairing exists at all.
            assert not legal_pairing_exists(state, system), f"round {rnd + 1} can be paired"
            return
        assert_legal(state, result, system)
        seen: set[int] = set()
        for white, black in result.boards:
            assert white != black
            assert not {white, black} & seen
            seen |= {white, black}
        if result.bye is not None:
            assert result.bye not in seen
            seen.add(result.bye)
        present = {i + 1 for i in range(n) if i not in absent}
        assert seen == present, "everyone present is paired or gets the bye"
        assert (result.bye is not None) == (len(present) % 2 == 1)
        last = rnd == rounds - 1
        for white, black in result.boards:
            w, b = white - 1, black - 1
            # C1: no two players meet twice over the board.
            assert all(r.opponent != black for r in history[w] if r.played)
            score = rng.choice([(2, 0), (1, 1), (0, 2)])
            history[w].append(PastRound(black, Colour.WHITE, score[0], True, True))
            history[b].append(PastRound(white, Colour.BLACK, score[1], True, True))
        if result.bye is not None:
            x = result.bye - 1
            # C2: no second pairing-allocated bye.
            assert not any(r.is_pab for r in history[x])
            history[x].append(PastRound(None, None, 2, False, True))
        for i in absent:
            history[i].append(PastRound(None, None, 1, False, False))
        if system == "dutch" and not last:
            for white, black in result.boards:
                for p in (white - 1, black - 1):
                    cols = [r.colour for r in history[p] if r.played]
                    whites = cols.count(Colour.WHITE)
                    assert abs(whites - (len(cols) - whites)) <= 2
                    assert not (len(cols) >= 3 and cols[-1] == cols[-2] == cols[-3])


@settings(max_examples=25, deadline=None)
@given(
    n=st.integers(min_value=2, max_value=13),
    rounds=st.integers(min_value=1, max_value=7),
    seed=st.integers(min_value=0, max_value=10_000),
    absences=st.booleans(),
)
def test_dutch_respects_absolute_rules(n: int, rounds: int, seed: int, absences: bool) -> None:
    _simulate(n, rounds, seed, "dutch", absences)


@settings(max_examples=10, deadline=None)
@given(
    n=st.integers(min_value=2, max_value=12),
    rounds=st.integers(min_value=1, max_value=6),
    seed=st.integers(min_value=0, max_value=10_000),
)
def test_burstein_respects_absolute_rules(n: int, rounds: int, seed: int) -> None:
    _simulate(n, rounds, seed, "burstein", False)
