"""What the Dutch bracket loop carries between its steps (``engine.py``).

``BracketLoop`` lives for the whole round, from the top score group to the last
bracket; ``BracketTurn`` for one turn of the loop, one bracket from its weights to
its floaters. The steps read and write these instead of a dozen shared locals.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .solvers import Solver


@dataclass(slots=True)
class BracketLoop:
    """What the bracket loop carries from one bracket to the next."""

    solver: Solver
    """The matching behind every decision (bracket-local or exact: ``solvers.py``)."""
    players: list[int]
    """The bracket's players, as indices into the pairing order: the MDPs first, then
    the residents; once a turn has begun, followed by the next score group."""
    next_index: int
    """The first player (in the pairing order) of the score groups not yet taken in."""
    single: bool
    """Whether the bye is to come from this bracket's score and no lower (C9's terms)."""
    matched: list[bool]
    """Per player: paired (or, for an MDP, chosen to be paired) in this round so far."""
    score: int
    """The score of the bracket being paired (for the explanation and the error)."""
    mdps: int = 0
    """How many moved-down players head ``players``."""
    group_start: int = 0
    """The first player of the bracket's resident score group, in the pairing order
    (the residents are a run of that order: ``group_start`` to ``BracketTurn.group_end``)."""
    pairs: list[tuple[int, int]] = field(default_factory=list)
    """Every pair made so far, as indices into the pairing order."""
    last: tuple[int, int] | None = None
    """``(next_index, len(pairs))`` when the last turn began: a turn that changes
    neither has stalled (issue 26)."""


@dataclass(slots=True)
class BracketTurn:
    """One turn of the bracket loop: one bracket, from its weights to its floaters."""

    bracket_size: int
    """MDPs and residents: ``loop.players[:bracket_size]``; the rest is the next group."""
    group_end: int
    """One past the last resident, in the pairing order."""
    next_group_start: int
    """The first player of the next score group, in the pairing order."""
    size: int = 0
    """``len(loop.players)`` with the next score group in."""
    base: list[list[int]] = field(default_factory=list)
    """The bracket's weights before any nudge: ``base[li][si]`` for positions
    ``si < li`` in ``loop.players`` (zero: the pair is out, for good)."""
    mate: list[int] = field(default_factory=list)
    """The solver's latest optimum: ``mate[v]`` is ``v``'s partner (``v``: single)."""
    rem: list[int] = field(default_factory=list)
    """The remainder: positions of the residents the optimum pairs in the bracket."""
    s1_size: int = 0
    """The remainder's S1 size (its pairs): S1 is made of its first players."""
    frozen: bool = False
    """The split "S1 = the first ``s1_size``" proven at once (``_try_split``)."""
