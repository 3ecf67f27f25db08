"""Varma restricted drawing (C.05 Annex 2): the tables, the draw order, the draw's invariants."""

from __future__ import annotations

import random
import re
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from leaguegen.domain.model import Player
from leaguegen.domain.schedule import berger
from leaguegen.domain.schedule.varma import (
    GROUPS,
    LETTERS,
    contingents,
    groups_for,
    order_players,
    varma_draw,
)
from tests.conftest import shared_path

SIZES = range(9, 25)


def _group_of(n: int, number: int) -> str:
    for letter, group in zip(LETTERS, groups_for(n), strict=True):
        if number in group:
            return letter
    raise AssertionError(f"{number} is in no group for {n} players")


# ------------------------------------------------------------------ the tables


def test_tables_match_the_rules_digest() -> None:
    """GROUPS is the table of ../shared/rules/berger.md section 7, row by row."""
    text = shared_path("rules", "berger.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| (\d+)/(\d+) \| ([\d, ]+) \| ([\d, ]+) \| ([\d, ]+) \| ([\d, ]+) \|$",
                      text, flags=re.M)
    assert len(rows) == 8
    for odd, even, *cells in rows:
        assert int(even) == int(odd) + 1
        expected = tuple(tuple(int(x) for x in c.split(",")) for c in cells)
        assert GROUPS[int(even)] == expected


@pytest.mark.parametrize("even", sorted(GROUPS))
def test_each_table_partitions_its_numbers(even: int) -> None:
    numbers = sorted(n for g in GROUPS[even] for n in g)
    assert numbers == list(range(1, even + 1))


@pytest.mark.parametrize("n", SIZES)
def test_odd_fields_do_not_draw_the_free_number(n: int) -> None:
    numbers = sorted(x for g in groups_for(n) for x in g)
    assert numbers == list(range(1, n + 1))


@pytest.mark.parametrize("n", [8, 25, 2])
def test_outside_9_to_24_is_refused(n: int) -> None:
    with pytest.raises(ValueError, match="9 to 24"):
        groups_for(n)


def _late_meetings(n: int) -> list[tuple[int, int, int]]:
    """(round, white, black) of the last three rounds where both are in one group."""
    rounds = berger.single_round_robin(n)
    out = []
    for r in range(len(rounds) - 3, len(rounds)):
        for board in rounds[r]:
            if board.black is not None and _group_of(n, board.white) == _group_of(n, board.black):
                out.append((r + 1, board.white, board.black))
    return out


@pytest.mark.parametrize("n", SIZES)
def test_group_members_do_not_meet_in_the_last_three_rounds(n: int) -> None:
    """The annex's promise on the Berger table, for every size it covers.

    The single exception is the 12-player table, where group C (6, 8, 12) has
    6-12 in the final round (with 11 players 12 is the free round, so it holds).
    """
    assert _late_meetings(n) == ([(11, 6, 12)] if n == 12 else [])


# ------------------------------------------------------------------ the order


def test_draw_order_largest_first_then_code_then_name() -> None:
    entrants = [("Zed", "NOR"), ("Amy", "ENG"), ("Bob", "FRA"), ("Cy", "ENG"), ("Di", "FRA"),
                ("Ed", None), ("Al", "GER"), ("Fay", "ENG"), ("Ann", None), ("Kim", "nor")]
    order = [[entrants[i][0] for i in c] for c in contingents(entrants)]
    assert order == [["Amy", "Cy", "Fay"], ["Bob", "Di"], ["Kim", "Zed"], ["Al"], ["Ann"], ["Ed"]]
    draw = varma_draw(entrants, random.Random(5))
    assert [entrants[i][0] for i in draw.order] == [n for c in order for n in c]


# ------------------------------------------------------------------ the draw


@st.composite
def fields(draw: st.DrawFn) -> list[tuple[str, str | None]]:
    n = draw(st.integers(9, 24))
    codes = draw(st.lists(st.sampled_from(["ENG", "FRA", "GER", "IND", "NOR", "USA", None]),
                          min_size=n, max_size=n))
    return [(f"Player {i:02d}", code) for i, code in enumerate(codes)]


def _contingents_of(entrants: list[tuple[str, str | None]]) -> dict[str, list[int]]:
    out: dict[str, list[int]] = {}
    for i, (_, code) in enumerate(entrants):
        if code:
            out.setdefault(code, []).append(i)
    return out


def _packable(sizes: list[int], caps: list[int]) -> bool:
    """Can every contingent (in any order) sit inside one envelope? Brute force."""
    if not sizes:
        return True
    size, rest = sizes[0], sizes[1:]
    for e, c in enumerate(caps):
        if c >= size:
            caps[e] -= size
            ok = _packable(rest, caps)
            caps[e] += size
            if ok:
                return True
    return False


def _separated(draw_groups: tuple[str, ...], members: list[int]) -> int:
    return sum(1 for a, b in combinations(members, 2) if draw_groups[a] != draw_groups[b])


def _brute_least_separated(sizes: list[int], caps: list[int]) -> int:
    """Every sequence of annex-legal envelope choices, no memo; the fewest separated pairs."""
    if not sizes:
        return 0
    size, rest = sizes[0], sizes[1:]
    fitting = [e for e, c in enumerate(caps) if c >= size]
    if not fitting:
        order = sorted(range(len(caps)), key=lambda e: -caps[e])
        left, parts, after = size, [], list(caps)
        for e in order:
            take = min(after[e], left)
            parts.append(take)
            after[e] -= take
            left -= take
        cost = size * (size - 1) // 2 - sum(t * (t - 1) // 2 for t in parts)
        return cost + _brute_least_separated(rest, after)
    best = None
    for e in fitting:
        after = list(caps)
        after[e] -= size
        value = _brute_least_separated(rest, after)
        best = value if best is None else min(best, value)
    return best  # type: ignore[return-value]


@settings(max_examples=300, deadline=None)
@given(fields(), st.integers(0, 2**32))
def test_draw_invariants(entrants: list[tuple[str, str | None]], seed: int) -> None:
    n = len(entrants)
    draw = varma_draw(entrants, random.Random(seed))
    # A permutation of 1..n, each number from the group its letter names.
    assert sorted(draw.numbers) == list(range(1, n + 1))
    assert all(_group_of(n, num) == g for num, g in zip(draw.numbers, draw.groups, strict=True))
    # Repeatable from the seed.
    assert varma_draw(entrants, random.Random(seed)) == draw
    teams = _contingents_of(entrants)
    caps = [len(g) for g in groups_for(n)]
    sizes = sorted((len(m) for m in teams.values() if len(m) > 1), reverse=True)
    # Every contingent not reported split is inside one group, and those split really are.
    for code, members in teams.items():
        assert (len({draw.groups[i] for i in members}) > 1) == (code in draw.split)
    # If all contingents can be kept together, they are.
    if _packable(sizes, caps):
        assert draw.split == ()
    # The contingent drawing first is whole whenever some envelope can hold it.
    first = contingents(entrants)[0]
    if len(first) <= max(caps):
        assert len({draw.groups[i] for i in first}) == 1
    # No other sequence of legal envelope choices separates fewer compatriots.
    separated = sum(_separated(draw.groups, m) for m in teams.values())
    assert separated == _brute_least_separated(sizes, caps)
    # Compatriots in one group never meet in the last three rounds (12 players: 6-12).
    late = {(w, b) for _, w, b in _late_meetings(n)}
    for members in teams.values():
        for a, b in combinations(members, 2):
            pair = (draw.numbers[a], draw.numbers[b])
            if draw.groups[a] == draw.groups[b]:
                assert pair not in late and pair[::-1] not in late or n == 12


def test_choice_looks_ahead_so_a_later_contingent_fits() -> None:
    """16 players: A holds 6, B 5, C 3, D 2. A trio taking A leaves room for only 5 pairs
    (3 + 1 + ... ), so with a trio and six pairs the trio must not take A (nor D, too small)."""
    entrants = [(f"T{i}", "AAA") for i in range(3)]
    for code in ["BBB", "CCC", "DDD", "EEE", "FFF", "GGG"]:
        entrants += [(f"{code}{j}", code) for j in range(2)]
    entrants.append(("Solo", None))
    for seed in range(40):
        draw = varma_draw(entrants, random.Random(seed))
        assert draw.split == ()
        assert draw.groups[0] in "BC"


def test_oversize_contingent_fills_the_largest_group_then_the_next() -> None:
    """10 players, seven from one federation: groups hold 3, 3, 2, 2, so no envelope fits.

    The seven draw in name order: three fill one group of three, three the other,
    the seventh one group of two; the three others draw what is left.
    """
    entrants = [(f"Eng {i}", "ENG") for i in range(7)] + [("X", "FRA"), ("Y", "GER"), ("Z", None)]
    for seed in range(30):
        draw = varma_draw(entrants, random.Random(seed))
        assert draw.split == ("ENG",)
        eng = [draw.groups[i] for i in range(7)]
        assert sorted(eng[:3]) == [eng[0]] * 3 and sorted(eng[3:6]) == [eng[3]] * 3
        assert {eng[0], eng[3]} == {"A", "B"}
        assert eng[6] in "CD"


def test_oversize_with_an_odd_field() -> None:
    """9 players: D is (2) only; six compatriots take A (3) and B (3) entirely."""
    entrants = [(f"Rus {i}", "RUS") for i in range(6)] + [("a", "ARM"), ("b", "AZE"), ("c", None)]
    draw = varma_draw(entrants, random.Random(3))
    assert sorted(draw.numbers[:6]) == [3, 4, 5, 7, 8, 9]
    assert sorted(draw.numbers) == list(range(1, 10))


def test_different_seeds_draw_differently() -> None:
    entrants = [(f"P{i}", ["ENG", "FRA", None][i % 3]) for i in range(14)]
    draws = {varma_draw(entrants, random.Random(s)).numbers for s in range(20)}
    assert len(draws) > 10


def test_order_players_by_club() -> None:
    players = [Player(f"P{i}", federation="ENG", club=["Rooks", "Pawns", None, None][i % 4])
               for i in range(12)]
    ordered = order_players(players, "club", random.Random(11))
    assert sorted(p.name for p in ordered) == sorted(p.name for p in players)
    number = {p.name: i + 1 for i, p in enumerate(ordered)}
    for club in ("Rooks", "Pawns"):
        assert len({_group_of(12, number[p.name]) for p in players if p.club == club}) == 1
    with pytest.raises(ValueError, match="federation or club"):
        order_players(players, "city", random.Random(1))


@pytest.mark.parametrize("sizes", [(7, 6, 5, 2), (8, 6, 6), (7, 6, 5, 2, 2)])
@pytest.mark.parametrize("n", [23, 24])
def test_least_separated_when_a_later_contingent_must_split(sizes: tuple[int, ...],
                                                            n: int) -> None:
    """Big contingents on 23/24 numbers (groups of 10, 9, 3, 2/1): the first choices decide
    how badly a later contingent is split; the draw must reach the brute-force minimum."""
    entrants = [(f"{code}{j}", code) for code, size in zip("ABCDE", sizes, strict=False)
                for j in range(size)]
    entrants += [(f"solo{j}", None) for j in range(n - len(entrants))]
    caps = [len(g) for g in groups_for(n)]
    teams = _contingents_of(entrants)
    for seed in range(5):
        draw = varma_draw(entrants, random.Random(seed))
        separated = sum(_separated(draw.groups, m) for m in teams.values())
        assert separated == _brute_least_separated(sorted(sizes, reverse=True), caps)
