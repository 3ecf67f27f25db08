"""Berger tables against the FIDE tables (rules/berger.md) and their invariants."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from leaguegen.domain.schedule import berger
from tests.conftest import shared_path

# Transcribed from FIDE C.05 Annex 1 independently of the digest, for 6 and 8 players:
# board 1 first, White first. (A 6-player table in circulation repeats pairs in
# rounds 4-5; this is FIDE's.)
FIDE_6 = [
    [(1, 6), (2, 5), (3, 4)],
    [(6, 4), (5, 3), (1, 2)],
    [(2, 6), (3, 1), (4, 5)],
    [(6, 5), (1, 4), (2, 3)],
    [(3, 6), (4, 2), (5, 1)],
]
FIDE_8_ROUNDS_1_2_7 = {
    1: [(1, 8), (2, 7), (3, 6), (4, 5)],
    2: [(8, 5), (6, 4), (7, 3), (1, 2)],
    7: [(4, 8), (5, 3), (6, 2), (7, 1)],
}


def _boards(n_even: int) -> list[list[tuple[int, int]]]:
    return [berger.berger_round(n_even, r) for r in range(1, n_even)]


def _digest_tables() -> dict[int, list[list[tuple[int, int]]]]:
    text = shared_path("rules", "berger.md").read_text(encoding="utf-8")
    tables: dict[int, list[list[tuple[int, int]]]] = {}
    for m in re.finditer(r"### (\d+) or (\d+) players.*?\n\n(\|.*?)\n\n", text, re.S):
        n = int(m.group(2))
        rows = []
        for line in m.group(3).splitlines()[2:]:
            if not line.startswith("|"):
                break
            cells = [c.strip() for c in line.strip("|").split("|")]
            rows.append([tuple(int(x) for x in p.split("-")) for p in cells[1].split(", ")])
        tables[n] = rows
    return tables


def test_six_players_equals_fide() -> None:
    assert _boards(6) == FIDE_6


def test_eight_players_equals_fide() -> None:
    for r, boards in FIDE_8_ROUNDS_1_2_7.items():
        assert berger.berger_round(8, r) == boards


@pytest.mark.parametrize("n", range(4, 17, 2))
def test_equals_digest_tables(n: int) -> None:
    tables = _digest_tables()
    assert set(tables) == set(range(4, 17, 2)), "all tables 3..16 found in the digest"
    assert _boards(n) == tables[n]


@pytest.mark.parametrize("players", range(3, 17))
def test_odd_fields_use_next_even_table_with_free_round(players: int) -> None:
    rounds = berger.single_round_robin(players)
    n_even = players + players % 2
    for r, rnd in enumerate(rounds, start=1):
        real = [(p.white, p.black) for p in rnd if not p.is_bye]
        expected = [b for b in berger.berger_round(n_even, r) if max(b) <= players]
        assert real == expected
        byes = [p.white for p in rnd if p.is_bye]
        assert len(byes) == players % 2


def _check_cycle(rounds: list[berger.Round], players: int) -> None:
    met = Counter()
    for rnd in rounds:
        seen = [p.white for p in rnd] + [p.black for p in rnd if p.black]
        assert sorted(seen) == list(range(1, players + 1)), "everyone once per round"
        for p in rnd:
            if p.black:
                met[frozenset((p.white, p.black))] += 1
    assert len(met) == players * (players - 1) // 2
    assert set(met.values()) == {1}


@given(st.integers(min_value=2, max_value=40))
def test_every_pair_meets_exactly_once(players: int) -> None:
    _check_cycle(berger.single_round_robin(players), players)


@given(st.integers(min_value=3, max_value=40))
def test_colour_counts_within_one(players: int) -> None:
    whites, blacks = Counter(), Counter()
    for rnd in berger.single_round_robin(players):
        for p in rnd:
            if p.black:
                whites[p.white] += 1
                blacks[p.black] += 1
    for n in range(1, players + 1):
        assert abs(whites[n] - blacks[n]) <= 1


@given(st.integers(min_value=3, max_value=24), st.booleans())
def test_double_round_robin(players: int, swap: bool) -> None:
    rounds = berger.double_round_robin(players, swap_last_two=swap)
    cycle = len(rounds) // 2
    _check_cycle(rounds[:cycle], players)
    _check_cycle(rounds[cycle:], players)
    games = Counter()
    for rnd in rounds:
        for p in rnd:
            if p.black:
                games[(p.white, p.black)] += 1
    # each pair plays once with each colour
    assert all(games[(b, w)] == 1 for (w, b) in games)
    whites = Counter(p.white for rnd in rounds for p in rnd if p.black)
    assert all(whites[n] == players - 1 for n in range(1, players + 1))


@pytest.mark.parametrize("players", range(4, 17))
def test_swap_prevents_three_same_colours_in_a_row(players: int) -> None:
    def longest_run(rounds: list[berger.Round]) -> int:
        best = 0
        for n in range(1, players + 1):
            run, last = 0, None
            for rnd in rounds:
                colour = next(("w" if p.white == n else "b" for p in rnd
                               if p.black and n in (p.white, p.black)), None)
                if colour is None:
                    run, last = 0, None
                    continue
                run = run + 1 if colour == last else 1
                last = colour
                best = max(best, run)
        return best

    assert longest_run(berger.double_round_robin(players, swap_last_two=True)) <= 2
    if players % 2 == 0:
        assert longest_run(berger.double_round_robin(players, swap_last_two=False)) == 3
