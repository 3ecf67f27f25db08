"""What a Swiss pairing returns: boards in publication order, the bye, and the why.

The why is data, not words: every figure is an integer (pairing numbers, points in
scoring units), every rule an enum member or a FIDE criterion code. The CLI
(``leaguegen/cli/explain_words.py``) and the site's templates word it in the reader's
language. ``to_dict``/``from_dict`` give plain JSON types (str, int, list, dict, None)
so a season can store a round's explanation beside its pairing and the round page
never has to re-run the engine.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any


class ColourRule(StrEnum):
    """The colour-allocation rule that decided a board: one member per rule any system uses.

    Values are stable identifiers (they are stored); the words live in the CLI and
    the templates.
    """

    # FIDE Dutch, C.04.3 art. 5.2 (the first rule that decides wins).
    BOTH_PREFERENCES = "both-preferences"  # 5.2.1: both players get their preference
    PREFERENCE = "preference"  # 5.2.1: only one player has a preference; it is granted
    STRONGER_ABSOLUTE = "stronger-absolute"  # 5.2.2: the absolute (or wider) preference wins
    STRONGER_STRONG = "stronger-strong"  # 5.2.2: a strong preference beats a mild one
    ALTERNATE = "alternate"  # 5.2.3: alternate from the latest round with different colours
    HIGHER_RANKED_PREFERENCE = "higher-ranked-preference"  # 5.2.4: the higher-ranked player's
    INITIAL_BY_NUMBER = "initial-by-number"  # 5.2.5: initial colour by the higher player's TPN
    # Burstein (as the reference engine's module pairs it).
    INITIAL_BY_RANK = "initial-by-rank"  # neither has a preference: initial colour by rank
    HIGHER_INDEXED_PREFERENCE = "higher-indexed-preference"  # the higher-indexed player's
    # Dubov (C.04.4.1 art. 5.2) uses INITIAL_BY_NUMBER (5.2.1), BOTH_PREFERENCES (5.2.2),
    # STRONGER_* (5.2.3), ALTERNATE (5.2.4) and HIGHER_RANKED_PREFERENCE (5.2.5).
    # Lim (C.04.4.3 art. 5, 7.2) uses INITIAL_BY_NUMBER (7.2), PREFERENCE, BOTH_PREFERENCES
    # (5.2), ALTERNATE (5.4) and these:
    COLOUR_LIMIT = "colour-limit"  # 5.1, 5.3: the only colours within the colour limits
    EQUALISATION = "equalisation"  # 5.1, 5.6: equalising colours goes before alternating
    MEDIAN_HIGHER = "median-higher-ranked"  # 5.4: same histories, at or above the median
    MEDIAN_LOWER = "median-lower-ranked"  # 5.4: same histories, below the median


class FloatDirection(StrEnum):
    DOWN = "down"  # paired below their own score group
    UP = "up"  # paired above it


class RelaxedKind(StrEnum):
    """What a relaxed quality criterion says about its player."""

    ABSOLUTE = "absolute"  # does not get an absolute colour preference (C10/C11)
    STRONG = "strong"  # does not get a strong colour preference (C13)
    MILD = "mild"  # does not get a mild colour preference (C12)
    FLOAT_DOWN = "down"  # floats down again (C14, C16: ``rounds_ago`` 1 or 2)
    FLOAT_UP = "up"  # floats up again (C15, C17)
    MAX_UPFLOATER = "max-upfloater"  # Dubov C8/C9: upfloats after MaxT upfloats already


class ByeReason(StrEnum):
    LOWEST_SCORE = "lowest-score"  # lowest score among the players who may receive it (C5)
    LOWEST_SCORE_MOST_GAMES = "lowest-score-most-games"  # Dubov 3.1: score, games, TPN
    LOWEST_RANKED = "lowest-ranked"  # Lim 1.1: lowest-ranked of the lowest scoregroup
    LOWEST_RATED = "lowest-rated"  # Lim 7.1: round 1, the lowest-rated player


class FloatReason(StrEnum):
    """Why a player was paired outside their score group, where a system says so."""

    UPFLOATER = "upfloater"  # Dubov 3.2.1-3.2.2: the fewest upfloaters, chosen by C6-C10, 4.2
    NO_OPPONENT = "no-opponent"  # Lim 2.3.1-2.3.3: no compatible opponent in the group
    EVEN_NUMBER = "even-number"  # Lim 2.3.4: to make the number in the group even
    GROUP_INCOMPLETE = "group-incomplete"  # Lim 2.3: the group cannot pair everyone otherwise
    CRACKED = "cracked"  # Lim 2.6: a pairing undone to unblock the Median Scoregroup


@dataclass(frozen=True, slots=True)
class Float:
    """One player of a board paired outside their score group (points in scoring units)."""

    player: int  # TPN
    points: int  # pairing score before the round (virtual points included)
    direction: FloatDirection
    reason: FloatReason | None = None  # for the systems that give one (Dubov, Lim)


@dataclass(frozen=True, slots=True)
class Relaxed:
    """A quality criterion a board does not meet: ``code`` as the FIDE text numbers it
    (``C12``; ``C10/C11`` for an absolute preference), the player it concerns, what
    it says about them, and for repeated floats how many rounds ago the earlier one was."""

    code: str
    player: int
    kind: RelaxedKind
    rounds_ago: int = 0


@dataclass(frozen=True, slots=True)
class BoardExplanation:
    """Why a board looks the way it does: bracket, floats, colour rule, relaxed criteria."""

    white: int
    black: int
    bracket: int  # score of the bracket the pair was made in, in scoring units
    floats: tuple[Float, ...]  # () when both players come from the bracket's score group
    colour_rule: ColourRule
    relaxed: tuple[Relaxed, ...]  # quality criteria this board does not meet

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON types only (enum members become their string values)."""
        return {
            "white": self.white,
            "black": self.black,
            "bracket": self.bracket,
            "floats": [
                {"player": f.player, "points": f.points, "direction": f.direction.value,
                 **({"reason": f.reason.value} if f.reason is not None else {})}
                for f in self.floats
            ],
            "colour_rule": self.colour_rule.value,
            "relaxed": [
                {"code": r.code, "player": r.player, "kind": r.kind.value,
                 "rounds_ago": r.rounds_ago}
                for r in self.relaxed
            ],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> BoardExplanation:
        """The inverse of :meth:`to_dict`; KeyError/ValueError on a malformed record."""
        return cls(
            white=int(data["white"]),
            black=int(data["black"]),
            bracket=int(data["bracket"]),
            floats=tuple(
                Float(int(f["player"]), int(f["points"]), FloatDirection(f["direction"]),
                      FloatReason(f["reason"]) if f.get("reason") else None)
                for f in data["floats"]
            ),
            colour_rule=ColourRule(data["colour_rule"]),
            relaxed=tuple(
                Relaxed(str(r["code"]), int(r["player"]), RelaxedKind(r["kind"]),
                        int(r.get("rounds_ago", 0)))
                for r in data["relaxed"]
            ),
        )


@dataclass(frozen=True, slots=True)
class ByeExplanation:
    """Why ``player`` receives the pairing-allocated bye (``points`` in scoring units)."""

    player: int
    points: int
    reason: ByeReason

    def to_dict(self) -> dict[str, Any]:
        return {"player": self.player, "points": self.points, "reason": self.reason.value}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ByeExplanation:
        return cls(int(data["player"]), int(data["points"]), ByeReason(data["reason"]))


@dataclass(frozen=True, slots=True)
class PairingResult:
    """Boards as (white TPN, black TPN) in publication order; ``bye`` gets the PAB.

    ``win`` is the number of scoring units of a win: the scale of every points
    figure in ``explanation`` and ``bye_explanation``.
    """

    boards: tuple[tuple[int, int], ...]
    bye: int | None
    explanation: tuple[BoardExplanation, ...] = ()
    bye_explanation: ByeExplanation | None = None
    win: int = 2

    def lines(self) -> list[str]:
        """The corpus / bbpPairings output: count, then ``white black``, then ``N 0``."""
        out = [f"{w} {b}" for w, b in self.boards]
        if self.bye is not None:
            out.append(f"{self.bye} 0")
        return [str(len(out)), *out]

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON types, for storing a round's pairing with its explanation."""
        return {
            "boards": [[w, b] for w, b in self.boards],
            "bye": self.bye,
            "explanation": [ex.to_dict() for ex in self.explanation],
            "bye_explanation": (self.bye_explanation.to_dict()
                                if self.bye_explanation is not None else None),
            "win": self.win,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> PairingResult:
        bye = data.get("bye")
        bye_ex = data.get("bye_explanation")
        return cls(
            boards=tuple((int(w), int(b)) for w, b in data["boards"]),
            bye=None if bye is None else int(bye),
            explanation=tuple(BoardExplanation.from_dict(ex) for ex in data["explanation"]),
            bye_explanation=None if bye_ex is None else ByeExplanation.from_dict(bye_ex),
            win=int(data.get("win", 2)),
        )
