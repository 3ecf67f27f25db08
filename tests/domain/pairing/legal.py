"""The absolute criteria, read straight from a SwissState and checked by brute force.

Written from the rule text (C.04.1, C.04.3 C1-C3, C.04.4.2), independently of the
engines, so the property tests can say "a legal pairing exists, so the engine must
find one" and "what the engine returned is legal" without trusting engine code.
"""

from __future__ import annotations

from functools import cache

from leaguegen.domain.model import Colour
from leaguegen.domain.pairing import PairingResult, SwissPlayer, SwissState


def absolute_preference(p: SwissPlayer) -> Colour | None:
    """The colour ``p`` must get, if any: colour difference beyond 1, or the same colour
    in the last two played games (forfeits are not games)."""
    colours = [r.colour for r in p.rounds if r.played]
    whites = colours.count(Colour.WHITE)
    diff = whites - (len(colours) - whites)
    if diff > 1:
        return Colour.BLACK
    if diff < -1:
        return Colour.WHITE
    if len(colours) >= 2 and colours[-1] == colours[-2]:
        return Colour.BLACK if colours[-1] is Colour.WHITE else Colour.WHITE
    return None


def may_meet(state: SwissState, a: SwissPlayer, b: SwissPlayer, system: str) -> bool:
    """C1 (no second game over the board; forbidden pairs) and C3 (absolute colours)."""
    if frozenset((a.number, b.number)) in state.forbidden:
        return False
    if any(r.played and r.opponent == b.number for r in a.rounds):
        return False
    pa, pb = absolute_preference(a), absolute_preference(b)
    if pa is None or pa != pb:
        return True
    if system == "dutch" and state.rounds_played >= state.rounds_total - 1:
        # Topscorers (over 50 % of the maximum score) when the last round is paired.
        threshold = state.rounds_played * state.win / 2
        return a.score + _virtual(a, state) > threshold or b.score + _virtual(b, state) > threshold
    return False


def _virtual(p: SwissPlayer, state: SwissState) -> int:
    i = state.rounds_played
    return p.acceleration[i] if i < len(p.acceleration) else 0


def may_take_bye(state: SwissState, p: SwissPlayer, system: str) -> bool:
    """C2: no pairing-allocated bye after a round scored as a win without playing (2026
    Dutch text: PAB, forfeit win, full-point bye); Burstein as the reference module: after
    a PAB or forfeit win only."""
    if system == "dutch":
        return not any(not r.played and r.points >= state.win for r in p.rounds)
    return not any(r.paired and not r.played and r.points >= state.win for r in p.rounds)


def legal_pairing_exists(state: SwissState, system: str) -> bool:
    """Whether the present players can be paired legally, one eligible player taking
    the bye when their number is odd (exhaustive search: small fields only)."""
    present = [p for p in state.players if not p.absent]
    n = len(present)
    assert n <= 20, "brute force is for small fields"
    ok = [[may_meet(state, a, b, system) for b in present] for a in present]
    bye_ok = [may_take_bye(state, p, system) for p in present]

    @cache
    def solvable(left: int, bye_used: bool) -> bool:
        if not left:
            return True
        i = (left & -left).bit_length() - 1
        rest = left & ~(1 << i)
        if not bye_used and n % 2 and bye_ok[i] and solvable(rest, True):
            return True
        j_bits = rest
        while j_bits:
            j = (j_bits & -j_bits).bit_length() - 1
            j_bits &= j_bits - 1
            if ok[i][j] and solvable(rest & ~(1 << j), bye_used):
                return True
        return False

    return solvable((1 << n) - 1, n % 2 == 0)


def assert_legal(state: SwissState, result: PairingResult, system: str) -> None:
    """Everyone present is on exactly one board or has the bye, and every board and
    the bye meet the absolute criteria."""
    present = {p.number for p in state.players if not p.absent}
    seen: list[int] = [n for board in result.boards for n in board]
    if result.bye is not None:
        seen.append(result.bye)
    assert sorted(seen) == sorted(present), "everyone present is paired exactly once"
    assert (result.bye is not None) == (len(present) % 2 == 1)
    for white, black in result.boards:
        a, b = state.player(white), state.player(black)
        assert may_meet(state, a, b, system), f"{white} and {black} may not meet"
    if result.bye is not None:
        assert may_take_bye(state, state.player(result.bye), system), "bye not allowed"
