"""The pairing checker's core: re-pair each round and say where the event's pairing differs.

Why: FIDE endorses a pairing program by running its checker over finished events
(C.04.A): every round is paired again from the rounds before it, and any board,
colour or bye that differs from what was played is listed for the arbiter. The
comparison is the conformance corpus's: the same set of (White, Black) boards and
the same pairing-allocated bye; board order is not compared.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from leaguegen.errors import Message, NoValidPairing

from .pairing import pair_round
from .result import PairingResult
from .state import SwissState


@dataclass(frozen=True, slots=True)
class RoundPairing:
    """A round as it was paired: (White, Black) boards, forfeits included, and the PAB."""

    boards: tuple[tuple[int, int], ...]
    bye: int | None


@dataclass(frozen=True, slots=True)
class Difference:
    """One line for the arbiter: a board (by the system's board number) or the bye."""

    board: int | None  # None: the pairing-allocated bye
    found: str  # what the event has
    expected: str  # what the system gives


@dataclass(frozen=True, slots=True)
class RoundCheck:
    """The verdict on one round; ``failure`` is set when the system cannot pair it."""

    round: int
    boards: int  # boards the system made (or the event had, if the system failed)
    differences: tuple[Difference, ...] = ()
    failure: str = ""

    @property
    def agrees(self) -> bool:
        return not self.differences and not self.failure


def _board(pair: tuple[int, int]) -> str:
    return f"{pair[0]}-{pair[1]}"


def differences(expected: Sequence[tuple[int, int]], expected_bye: int | None,
                found: Sequence[tuple[int, int]], found_bye: int | None
                ) -> tuple[Difference, ...]:
    """Each expected board (white, black) the event does not have, by the expected order,
    said by where the event seats its two, and a differing bye. Players or teams alike:
    the team Swiss checker (``domain/teams/swiss_check``) says its matches the same way."""
    have = set(found)
    seat = {p: pair for pair in found for p in pair}
    out = []
    for number, (white, black) in enumerate(expected, start=1):
        if (white, black) in have:
            continue
        if (black, white) in have:
            out.append(Difference(number, f"{black}-{white} (colours reversed)",
                                  f"{white}-{black}"))
            continue
        parts = []
        for p in (white, black):
            pair = seat.get(p)
            text = _board(pair) if pair else ("bye" if found_bye == p else "not paired")
            text = text if pair else f"{p} {text}"
            if text not in parts:
                parts.append(text)
        out.append(Difference(number, " and ".join(parts), f"{white}-{black}"))
    if expected_bye != found_bye:
        out.append(Difference(None, str(found_bye or "none"), str(expected_bye or "none")))
    return tuple(out)


def compare_round(round_no: int, expected: PairingResult, found: RoundPairing) -> RoundCheck:
    """List each of the system's boards the event does not have, and a differing bye."""
    return RoundCheck(round_no, len(expected.boards),
                      differences(expected.boards, expected.bye, found.boards, found.bye))


def check_event(rounds: Iterable[tuple[int, SwissState, RoundPairing]],
                system: str) -> list[RoundCheck]:
    """Re-pair every ``(round, state before it, pairing played)`` with ``system``."""
    checks = []
    for round_no, state, found in rounds:
        try:
            expected = pair_round(state, system)
        except NoValidPairing as exc:
            checks.append(RoundCheck(round_no, len(found.boards),
                                     failure=Message("no legal pairing: {exc}", exc=exc)))
            continue
        checks.append(compare_round(round_no, expected, found))
    return checks
