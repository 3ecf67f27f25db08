"""Baku acceleration (C.04.7, 2026): virtual points for group A in the early rounds."""

from __future__ import annotations


def _ceil_div(a: int, b: int) -> int:
    return -(-a // b)


def baku_acceleration(
    numbers: list[int], rounds_total: int, win: int = 2, draw: int = 1
) -> dict[int, tuple[int, ...]]:
    """Virtual units per round for each TPN in group A (the first 2*ceil(N/4)).

    The first ceil(R/2) rounds are accelerated; group A gets a win's value in the
    first ceil(ceil(R/2)/2) of them and a draw's value in the rest.
    """
    ordered = sorted(numbers)
    group_a = ordered[: 2 * _ceil_div(len(ordered), 4)]
    accelerated = _ceil_div(rounds_total, 2)
    full = _ceil_div(accelerated, 2)
    values = tuple(win if r < full else draw for r in range(accelerated))
    return {n: values for n in group_a}
