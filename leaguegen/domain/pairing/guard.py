"""Every engine loop ends: a loop that goes round without progress is a bug, reported at once.

Issue 26: the Dutch bracket loop went round for ever when a wrong answer of its
solver left a bracket nobody could pair; ``pair`` then held the season's lock
until someone killed it. The engines' loops are bounded by what they must do
each time round (pair someone, or take in the next score group; in the matching,
free fewer vertices each stage): when a turn does none of it, the same state
would come round again for ever, so the engine stops with ``EngineStalled``,
naming where. The CLI reports that as an internal error (exit 1, nothing
printed), never as a pairing and never as "no legal pairing exists".

Where the loops are: the Dutch bracket loop (``dutch/engine.py``: a turn must
pair someone or take in a score group; a stall of its fast path is paired again
by the exact method), the matching's stages and their dual changes
(``matching/blossom.py``: linear bounds), the Dubov brackets and the Lim scrutinies
(a work list that must shrink each turn: ``check_shrank``). Burstein's loops
add a player to the bracket or drop a score group each turn, by construction,
and Lim's median loop pops a stack or refuses: nothing to check there.
"""

from __future__ import annotations


class EngineStalled(RuntimeError):
    """An engine loop made no progress (or passed its bound): a bug, not a property of
    the input. The message names the loop and, for a bracket, its score and players."""


def bracket_words(score: int, win: int, players: list[int]) -> str:
    """``the bracket of score 1.5 (players 5, 7)``: the score in points (``win`` scoring
    units are one win), the players by pairing number."""
    points = score / win if win else score
    return (f"the bracket of score {points:g} (players"
            f" {', '.join(str(p) for p in sorted(players))})")


def check_shrank(before: int, after: int, what: str) -> None:
    """Raise EngineStalled unless a loop's work list got shorter this turn."""
    if after >= before:
        raise EngineStalled(f"{what} made no progress ({before} left before the turn,"
                            f" {after} after): an engine fault")


def check_bound(turns: int, bound: int, what: str) -> None:
    """Raise EngineStalled once a loop has gone round more than ``bound`` times: for
    loops whose progress is not one number, a bound no correct run comes near."""
    if turns > bound:
        raise EngineStalled(f"{what} went round {turns} times (at most {bound} are needed):"
                            " an engine fault")
