"""A seeded results model: how a game between two ratings ends, for generated tournaments.

Why: the endorsement tools (``leaguegen generate``, ``leaguegen check-pairings``)
need events whose score groups look like real ones, so results must follow the
ratings: the stronger player usually wins, and two players of equal strength draw
more often than a mismatched pair does.

The expected score is the logistic curve ``E = 1 / (1 + 10^(-D/400))``, with the
difference ``D`` capped at 400 points as the FIDE rating regulations cap it, and
White's move worth ``white_edge`` rating points. FIDE's own expected-score table
comes from the normal curve; the two differ by about 0.01 at most up to 400 points
(0.64 at 100, 0.76 at 200, 0.85 against 0.86 at 300, 0.91 against 0.92 at 400).
The draw probability is largest between equal ratings and falls to zero as ``E``
approaches 0 or 1: ``P(draw) = draw_rate * (1 - |2E - 1|)``; the rest is split so
that ``P(win) + P(draw) / 2 = E`` exactly, i.e. the model keeps the expected score.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from leaguegen.domain.model import Code

RATING_CAP = 400


def expected_score(difference: float) -> float:
    """FIDE's expected score for a player ``difference`` rating points above the opponent."""
    d = max(-RATING_CAP, min(RATING_CAP, difference))
    return 1.0 / (1.0 + 10.0 ** (-d / 400.0))


@dataclass(frozen=True, slots=True)
class ResultsModel:
    """Win / draw / loss probabilities from two ratings (see the module docstring)."""

    draw_rate: float = 0.35  # probability of a draw between equal ratings (before White's edge)
    white_edge: int = 30  # rating points the first move is worth

    def __post_init__(self) -> None:
        if not 0.0 <= self.draw_rate <= 1.0:
            raise ValueError("draw_rate must be between 0 and 1")

    def probabilities(self, white: int, black: int) -> tuple[float, float, float]:
        """(White wins, draw, Black wins) for a game between these ratings."""
        e = expected_score(white + self.white_edge - black)
        draw = self.draw_rate * (1.0 - abs(2.0 * e - 1.0))
        win = e - draw / 2.0
        return win, draw, 1.0 - win - draw

    def game(self, rng: random.Random, white: int, black: int) -> Code:
        """White's result of one game (``WIN``, ``DRAW`` or ``LOSS``), drawn from ``rng``."""
        win, draw, _ = self.probabilities(white, black)
        x = rng.random()
        if x < win:
            return Code.WIN
        if x < win + draw:
            return Code.DRAW
        return Code.LOSS
