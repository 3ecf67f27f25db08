"""``pair_round``: the one entry point, a registry of systems, and the explanation."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from leaguegen.domain.model import Colour

from .burstein import BursteinEngine, default_acceleration
from .dutch import DutchEngine
from .players import FLOAT_DOWN, FLOAT_UP, NONE, Entrant, W
from .result import (
    BoardExplanation,
    ByeExplanation,
    ByeReason,
    ColourRule,
    Float,
    FloatDirection,
    PairingResult,
    Relaxed,
    RelaxedKind,
)
from .state import SwissState
from .system import N_, PairingSystem, get, register


class PairingEngine(Protocol):
    """What a system module provides (see ``dutch.DutchEngine``, ``burstein.BursteinEngine``).

    Built with ``(state, entrants, by_id)``; ``run()`` returns the pairs and the
    bye; ``orient`` puts a pair in the order ``colour`` expects; ``colour`` gives
    the first player's colour (0 white, 1 black) and the rule that decided;
    ``flt`` the float direction ``back`` rounds ago; ``bracket_of`` maps a
    player id to the score of the bracket the pair was made in.
    """

    bracket_of: dict[int, int]

    def run(self) -> tuple[list[tuple[Entrant, Entrant]], Entrant | None]: ...
    def orient(self, a: Entrant, b: Entrant) -> tuple[Entrant, Entrant]: ...
    def colour(self, p: Entrant, o: Entrant) -> tuple[int, ColourRule]: ...
    def flt(self, p: Entrant, back: int) -> int: ...


Engine = Callable[[SwissState, list[Entrant], dict[int, Entrant]], PairingEngine]



def entrants(state: SwissState) -> tuple[list[Entrant], dict[int, Entrant]]:
    """Everyone to be paired, plus every valid player by 0-based id (for float history).

    A player's rank is their position among the players who count this round:
    those present, and absent players who took part in an earlier pairing.
    """
    by_id: dict[int, Entrant] = {}
    present: list[Entrant] = []
    rank = 0
    for p in state.players:
        if len(p.rounds) != state.rounds_played:
            raise ValueError(
                f"player {p.number} has {len(p.rounds)} rounds, expected {state.rounds_played}"
            )
        valid = (not p.absent) or any(r.paired for r in p.rounds)
        e = Entrant(p, rank, state)
        e.valid = valid
        if valid:
            rank += 1
        by_id[e.id] = e
        if not p.absent:
            present.append(e)
    return present, by_id


def pair_round(state: SwissState, system: str = "dutch") -> PairingResult:
    """Pair round ``state.rounds_played + 1`` with the registered system ``system``.

    Raises :class:`leaguegen.errors.NoValidPairing` when no pairing satisfies
    the absolute criteria; :class:`KeyError` for an unknown system.
    """
    return get(system).pair(state)


def pair_with_engine(state: SwissState, make: Engine) -> PairingResult:
    """Run a bracket engine (Dutch, Burstein) and turn its pairs into published boards."""
    present, by_id = entrants(state)
    engine = make(state, present, by_id)
    pairs, bye = engine.run()
    boards = []
    for a, b in pairs:
        p, o = engine.orient(a, b)
        colour, rule = engine.colour(p, o)
        white, black = (p, o) if colour == W else (o, p)
        boards.append((white, black, rule))

    def order_key(item: tuple[Entrant, Entrant, ColourRule]) -> tuple[int, int, int]:
        w, b, _ = item
        hi, lo = (w, b) if (w.raw, -w.rank) > (b.raw, -b.rank) else (b, w)
        return (-hi.raw, -lo.raw, hi.rank)

    boards.sort(key=order_key)
    explanation = tuple(
        _explain(engine, w, b, rule) for w, b, rule in boards
    )
    bye_explanation = None
    if bye is not None:
        bye_explanation = ByeExplanation(bye.tpn, bye.score, ByeReason.LOWEST_SCORE)
    return PairingResult(
        boards=tuple((w.tpn, b.tpn) for w, b, _ in boards),
        bye=bye.tpn if bye is not None else None,
        explanation=explanation,
        bye_explanation=bye_explanation,
        win=state.win,
    )


_COLOUR_CRITERIA = {  # a colour preference not granted, by its strength
    RelaxedKind.MILD: "C12", RelaxedKind.STRONG: "C13", RelaxedKind.ABSOLUTE: "C10/C11",
}
_FLOAT_CRITERIA = {  # (rounds ago, direction) -> the criterion a repeated float relaxes
    (1, FLOAT_DOWN): "C14", (1, FLOAT_UP): "C15", (2, FLOAT_DOWN): "C16", (2, FLOAT_UP): "C17",
}


def _explain(engine: Any, w: Entrant, b: Entrant, rule: ColourRule) -> BoardExplanation:
    state = engine.state
    bracket = getattr(engine, "bracket_of", {})
    score = bracket.get(w.id, max(w.score, b.score))
    floats: tuple[Float, ...] = ()
    if w.score != b.score:
        hi, lo = (w, b) if w.score > b.score else (b, w)
        floats = (Float(hi.tpn, hi.score, FloatDirection.DOWN),
                  Float(lo.tpn, lo.score, FloatDirection.UP))
    relaxed: list[Relaxed] = []
    for p, got in ((w, 0), (b, 1)):
        if p.pref != NONE and p.pref != got:
            kind = (RelaxedKind.ABSOLUTE if p.absolute else RelaxedKind.STRONG if p.strong
                    else RelaxedKind.MILD)
            relaxed.append(Relaxed(_COLOUR_CRITERIA[kind], p.tpn, kind))
    if state.rounds_played and w.score != b.score:
        hi, lo = (w, b) if w.score > b.score else (b, w)
        for back in (1, 2):
            if state.rounds_played >= back:
                if engine.flt(hi, back) == FLOAT_DOWN:
                    relaxed.append(Relaxed(_FLOAT_CRITERIA[back, FLOAT_DOWN], hi.tpn,
                                           RelaxedKind.FLOAT_DOWN, back))
                if engine.flt(lo, back) == FLOAT_UP:
                    relaxed.append(Relaxed(_FLOAT_CRITERIA[back, FLOAT_UP], lo.tpn,
                                           RelaxedKind.FLOAT_UP, back))
    return BoardExplanation(
        white=w.tpn,
        black=b.tpn,
        bracket=score,
        floats=floats,
        colour_rule=rule,
        relaxed=tuple(relaxed),
    )


register(PairingSystem("dutch", N_("FIDE Dutch system"), "C.04.3",
                        lambda state: pair_with_engine(state, DutchEngine)))
# C.04.4.2 (2026) [C3]: "Two players with the same absolute colour preference shall not
# meet" -- no topscorer clause (the Dutch [C3] has "Non-topscorers"), and its seeding
# rounds (Dutch rules, 1.6) never include the last: no last-round colour exception.
register(PairingSystem("burstein", N_("Burstein system"), "C.04.4.2",
                        lambda state: pair_with_engine(default_acceleration(state),
                                                       BursteinEngine),
                        colour_exception="none"))

__all__ = ["pair_round", "pair_with_engine", "Colour"]
