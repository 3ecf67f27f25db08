"""What a Swiss pairing returns: boards in publication order, the bye, and the why."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class BoardExplanation:
    """Why a board looks the way it does, in the arbiter's words."""

    white: int
    black: int
    bracket: str  # score bracket the pair was made in, e.g. "3.5"
    floats: str  # e.g. "4 (3.5) floats down to 2 (3)" or ""
    colour_rule: str  # which colour allocation rule decided
    relaxed: tuple[str, ...]  # quality criteria this board does not meet


@dataclass(frozen=True, slots=True)
class PairingResult:
    """Boards as (white TPN, black TPN) in publication order; ``bye`` gets the PAB."""

    boards: tuple[tuple[int, int], ...]
    bye: int | None
    explanation: tuple[BoardExplanation, ...] = ()
    bye_note: str = ""

    def lines(self) -> list[str]:
        """The corpus / bbpPairings output: count, then ``white black``, then ``N 0``."""
        out = [f"{w} {b}" for w, b in self.boards]
        if self.bye is not None:
            out.append(f"{self.bye} 0")
        return [str(len(out)), *out]
