"""Recovering the Berger numbers of a round robin from the games it played.

A TRF file numbers players by their starting rank (often the rating order), while
the Berger numbers that decided who met whom, and with which colour, were drawn.
Given each round's games by start number, :func:`berger_numbers` finds the
numbering under which every round is exactly that round of the FIDE table
(colours included), or reports that none exists.

Fixing one player's Berger number fixes, through each round's opponent and
colour, the number of everyone that player met, and so on: one choice per
connected group of players, so the search tries at most ``n`` numbers for the
first player and propagates the rest.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from leaguegen.domain.schedule import berger

# One round as played: (white start number, black start number) per game; a player
# with a free round (or absent) simply has no game.
PlayedRound = Sequence[tuple[int, int]]


def _table(n_players: int, rounds: int, double: bool, swap: bool
           ) -> list[dict[int, tuple[int | None, bool]]]:
    """Per round: Berger number -> (opponent or None for the free round, has White)."""
    out = []
    for rnd in berger.schedule(n_players, double, swap)[:rounds]:
        seats: dict[int, tuple[int | None, bool]] = {}
        for p in rnd:
            if p.black is None:
                seats[p.white] = (None, False)
            else:
                seats[p.white] = (p.black, True)
                seats[p.black] = (p.white, False)
        out.append(seats)
    return out


def _played(rounds: Sequence[PlayedRound]) -> list[dict[int, tuple[int, bool]]]:
    out = []
    for games in rounds:
        seats: dict[int, tuple[int, bool]] = {}
        for white, black in games:
            seats[white] = (black, True)
            seats[black] = (white, False)
        out.append(seats)
    return out


def berger_numbers(starts: Sequence[int], rounds: Sequence[PlayedRound], double: bool = False,
                   swap_last_two: bool = True) -> dict[int, int] | None:
    """Start number -> Berger number under which every played game is on the table.

    ``starts`` are the players' start numbers; ``rounds`` the games of each round
    played so far (a round may be partly played: missing games are free). Returns
    None when no numbering fits. When several fit (too few rounds to tell them
    apart), the first found is returned, trying low numbers for low start numbers.
    """
    n = len(starts)
    if n < 2 or not rounds:
        return {s: i for i, s in enumerate(sorted(starts), start=1)} if n else {}
    table = _table(n, len(rounds), double, swap_last_two)
    played = _played(rounds)
    if len(table) < len(played):
        return None
    order = sorted(starts)
    numbers = range(1, berger.table_size(n) + 1)

    def propagate(assign: dict[int, int], used: set[int], start: int, number: int) -> bool:
        stack = [(start, number)]
        while stack:
            s, b = stack.pop()
            if s in assign:
                if assign[s] != b:
                    return False
                continue
            if b in used or b > n:  # n+1 is the phantom of an odd field: nobody's number
                return False
            assign[s] = b
            used.add(b)
            for seats, games in zip(table, played, strict=False):
                opponent, white = seats[b]
                game = games.get(s)
                if game is None:
                    continue  # no game for s this round: a free round or not played
                if opponent is None or white != game[1]:
                    return False
                stack.append((game[0], opponent))
        return True

    def solve(assign: dict[int, int], used: set[int]) -> dict[int, int] | None:
        free = [s for s in order if s not in assign]
        if not free:
            return assign
        first = free[0]
        for b in numbers:
            if b in used:
                continue
            trial, taken = dict(assign), set(used)
            if propagate(trial, taken, first, b):
                found = solve(trial, taken)
                if found is not None:
                    return found
        return None

    found = solve({}, set())
    if found is None:
        return None
    return {s: found[s] for s in order}


def fits(numbers: Mapping[int, int], rounds: Sequence[PlayedRound], n: int, double: bool = False,
         swap_last_two: bool = True) -> bool:
    """Every played game is on the table under ``numbers`` (an independent check)."""
    schedule = berger.schedule(n, double, swap_last_two)
    for r, games in enumerate(rounds):
        if r >= len(schedule):
            return False
        boards = {(p.white, p.black) for p in schedule[r] if p.black is not None}
        for white, black in games:
            if (numbers[white], numbers[black]) not in boards:
                return False
    return True
