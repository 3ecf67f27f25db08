"""Results and byes as organisers type them: ``1-0``, ``½-½``, ``+-``; ``bye``, ``half``.

The one reading of a score for every section kind; a word not listed here is an
error naming what is allowed. A score is read in any of the forms of ``_RESULTS``
(docs/season-format.md lists them) into a ``GameResult``, and the commands write only
its canonical text (``GameResult.text``), so a season's file reads the same whoever
typed the result.
"""

from __future__ import annotations

from leaguegen.domain.model import Code
from leaguegen.domain.season import GameResult
from leaguegen.errors import Message

_RESULTS = {
    "1-0": GameResult.WHITE_WINS, "1:0": GameResult.WHITE_WINS,
    "0-1": GameResult.BLACK_WINS, "0:1": GameResult.BLACK_WINS,
    "½-½": GameResult.DRAW, "1/2-1/2": GameResult.DRAW, "0.5-0.5": GameResult.DRAW,
    "½:½": GameResult.DRAW, "=": GameResult.DRAW, "draw": GameResult.DRAW,
    "+-": GameResult.WHITE_FORFEIT_WIN, "+:-": GameResult.WHITE_FORFEIT_WIN,
    "-+": GameResult.BLACK_FORFEIT_WIN, "-:+": GameResult.BLACK_FORFEIT_WIN,
    "--": GameResult.DOUBLE_FORFEIT, "-:-": GameResult.DOUBLE_FORFEIT,
}


_PENDING = ("", "?", "pending", "postponed", "adjourned")


# A Message: said in the run's language where a refusal names it as a value.
RESULT_HELP = Message("1-0, 0-1, ½-½ (or 1/2-1/2), +- or -+ (forfeit), -- (double forfeit)")


def parse_result(raw: str) -> GameResult | None:
    """A score as organisers type it; raises ValueError for anything else."""
    norm = raw.strip().replace("–", "-").replace("—", "-").replace(" ", "").lower()
    if norm in _PENDING:
        return None
    if norm in _RESULTS:
        return _RESULTS[norm]
    raise ValueError(raw)


BYE_WORDS = {
    "bye": Code.PAIRING_BYE, "pab": Code.PAIRING_BYE,
    "half": Code.HALF_BYE, "½": Code.HALF_BYE, "0.5": Code.HALF_BYE, "1/2": Code.HALF_BYE,
    "half-point bye": Code.HALF_BYE, "absent": Code.ZERO_BYE, "zero": Code.ZERO_BYE,
    "0": Code.ZERO_BYE, "full": Code.FULL_BYE, "1": Code.FULL_BYE,
}


BYE_HELP = "bye (pairing-allocated), half (½-point bye), absent (0), full (1)"
