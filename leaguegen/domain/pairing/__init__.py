"""Swiss pairing: FIDE Dutch (C.04.3, 2026) and Burstein, with Baku acceleration.

The API others call (pure, standard library only, no I/O)::

    from leaguegen.domain.pairing import pair_round, state_from_crosstable

    state = state_from_crosstable(
        crosstable,                 # a leaguegen.domain.model.Crosstable
        rounds_played=None,         # default: every round with an entered result
        absent={7, 12},             # TPNs not to be paired (requested byes, withdrawals)
        acceleration={1: (2, 2)},   # TPN -> virtual units per round (Baku: see baku.py)
        forbidden=[(3, 4)],         # groups of TPNs that must not meet
        initial_colour=Colour.WHITE,
    )
    result = pair_round(state, system="dutch")   # or "burstein"
    result.boards          # ((white TPN, black TPN), ...) in publication order
    result.bye             # TPN with the pairing-allocated bye, or None
    result.explanation     # one BoardExplanation per board: structured data (bracket
                           # score, floats, a ColourRule, relaxed criteria codes)
    result.bye_explanation # ByeExplanation (who, points, ByeReason) or None
    result.lines()         # the bbpPairings / corpus text lines

``pair_round`` raises ``leaguegen.errors.NoValidPairing`` when no pairing meets
the absolute criteria (C1-C3 with completion). A ``SwissState`` can also be
built by hand from ``SwissPlayer``/``PastRound`` records, or from a TRF file
with ``leaguegen.formats.swiss_input.state_from_trf``.

Modules: ``state`` (input), ``players`` (colour preferences, floats, colour
allocation), ``matching/`` (maximum-weight matching: ``blossom`` the algorithm alone,
``warm`` its re-optimisation after edits), ``dutch/`` (the Dutch
system: ``criteria`` the weights, ``engine`` the bracket decisions, ``solvers`` and
``bracket_solver`` the matchings behind one interface), ``burstein`` (Burstein on
the same machinery), ``baku`` (C.04.7 virtual points), ``system`` (the registry of
systems: names, labels, articles), ``pairing`` (entry point, explanation),
``result`` (what a pairing returns, the explanation as data).
"""

from leaguegen.domain.model import Colour

from . import (
    double_swiss,  # noqa: F401  (registers the Double-Swiss system, C.04.5)
    dubov,  # noqa: F401  (registers the Dubov system, C.04.4.1)
    lim,  # noqa: F401  (registers the Lim system, C.04.4.3)
)
from .baku import baku_acceleration
from .pairing import pair_round
from .result import (
    BoardExplanation,
    ByeExplanation,
    ByeReason,
    ColourRule,
    Float,
    FloatDirection,
    FloatReason,
    PairingResult,
    Relaxed,
    RelaxedKind,
)
from .state import PastRound, SwissPlayer, SwissState, state_from_crosstable
from .system import PairingSystem, register, systems
from .system import get as get_system
from .system import names as system_names

__all__ = [
    "BoardExplanation",
    "ByeExplanation",
    "ByeReason",
    "Colour",
    "ColourRule",
    "Float",
    "FloatDirection",
    "FloatReason",
    "PairingResult",
    "PairingSystem",
    "PastRound",
    "Relaxed",
    "RelaxedKind",
    "SwissPlayer",
    "SwissState",
    "baku_acceleration",
    "pair_round",
    "get_system",
    "register",
    "state_from_crosstable",
    "system_names",
    "systems",
]
