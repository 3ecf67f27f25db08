"""FIDE Berger tables (C.05 Annex 1) for single and double round robins.

The closed form below reproduces the FIDE tables exactly, board order and
colours included (tests compare it with the published tables for 3..16).
Player ``N`` of the even table is the pivot; in an odd field it is the
phantom, and whoever meets it has the free round.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache


@dataclass(frozen=True, slots=True)
class Pairing:
    """A board: ``white`` plays ``black``; ``black`` is None for the free round."""

    white: int
    black: int | None

    @property
    def is_bye(self) -> bool:
        return self.black is None


Round = tuple[Pairing, ...]


def table_size(players: int) -> int:
    """The even table used for ``players`` entrants."""
    if players < 2:
        raise ValueError("a round robin needs at least two players")
    return players + (players % 2)


def berger_round(n_even: int, round_no: int) -> list[tuple[int, int]]:
    """Round ``round_no`` (1-based) of the table for ``n_even`` numbers, board 1 first."""
    m, h = n_even - 1, n_even // 2
    o = ((round_no - 1) * h) % m + 1
    boards = [(o, n_even) if round_no % 2 else (n_even, o)]
    for k in range(1, h):
        boards.append((((o + k - 1) % m) + 1, ((o - k - 1) % m) + 1))
    return boards


def _with_byes(boards: list[tuple[int, int]], players: int) -> Round:
    """Turn boards against the phantom into free rounds, listed after the real boards."""
    real = [Pairing(w, b) for w, b in boards if w <= players and b <= players]
    byes = [Pairing(w if b > players else b, None) for w, b in boards if w > players or b > players]
    return tuple(real + byes)


def single_round_robin(players: int) -> list[Round]:
    """Every round of a single cycle for ``players`` entrants numbered 1..players."""
    n = table_size(players)
    return [_with_byes(berger_round(n, r), players) for r in range(1, n)]


def double_round_robin(players: int, swap_last_two: bool = True) -> list[Round]:
    """Two cycles; the second reverses colours.

    FIDE advises swapping the last two rounds of the first cycle so nobody gets
    the same colour three times running across the cycle boundary.
    """
    n = table_size(players)
    tables = [berger_round(n, r) for r in range(1, n)]
    first = list(tables)
    if swap_last_two and len(first) >= 2:
        first[-2], first[-1] = first[-1], first[-2]
    second = [[(b, w) for w, b in rnd] for rnd in tables]
    return [_with_byes(rnd, players) for rnd in first + second]


@lru_cache(maxsize=256)
def schedule(players: int, double: bool = False, swap_last_two: bool = True
             ) -> tuple[Round, ...]:
    """The whole table, computed once per shape (a season asks for it many times)."""
    if double:
        return tuple(double_round_robin(players, swap_last_two))
    return tuple(single_round_robin(players))
