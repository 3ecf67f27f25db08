"""Pairing by TPN when a section's numbers are players' identities in another order.

FIDE pairs by the tournament pairing number (TPN, C.04.2 art. 2): the initial order,
a late entry placed in it while TPNs may still change. A season numbers its players
once and for all (pages, URLs, the ``players:`` list), so a late entrant keeps the
next free number as their identity while their TPN may be higher up. ``to_tpn``
turns a pairing input in identity numbers into one in TPNs (the engines rank by
number), ``from_tpn`` turns the engine's answer back. ``order`` lists the identity
numbers in TPN order: ``order[0]`` has TPN 1.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from leaguegen.domain.pairing.result import (
    BoardExplanation,
    ByeExplanation,
    PairingResult,
)
from leaguegen.domain.pairing.state import PastRound, SwissState


def is_identity(order: Sequence[int]) -> bool:
    return all(n == i for i, n in enumerate(order, start=1))


def to_tpn(state: SwissState, order: Sequence[int]) -> SwissState:
    """``state`` (identity numbers) with every number its TPN, players in TPN order."""
    tpn = {n: i for i, n in enumerate(order, start=1)}

    def past(r: PastRound) -> PastRound:
        return r if r.opponent is None else replace(r, opponent=tpn[r.opponent])

    players = tuple(replace(p, number=tpn[p.number], rounds=tuple(past(r) for r in p.rounds))
                    for p in sorted(state.players, key=lambda q: tpn[q.number]))
    forbidden = frozenset(frozenset(tpn[n] for n in pair) for pair in state.forbidden)
    return replace(state, players=players, forbidden=forbidden)


def from_tpn(result: PairingResult, order: Sequence[int]) -> PairingResult:
    """The engine's ``result`` (TPNs) in identity numbers, board order kept."""
    ident = {i: n for i, n in enumerate(order, start=1)}

    def board(ex: BoardExplanation) -> BoardExplanation:
        return replace(ex, white=ident[ex.white], black=ident[ex.black],
                       floats=tuple(replace(f, player=ident[f.player]) for f in ex.floats),
                       relaxed=tuple(replace(r, player=ident[r.player]) for r in ex.relaxed))

    bye_ex: ByeExplanation | None = result.bye_explanation
    if bye_ex is not None:
        bye_ex = replace(bye_ex, player=ident[bye_ex.player])
    return replace(
        result,
        boards=tuple((ident[w], ident[b]) for w, b in result.boards),
        bye=None if result.bye is None else ident[result.bye],
        explanation=tuple(board(ex) for ex in result.explanation),
        bye_explanation=bye_ex,
    )
