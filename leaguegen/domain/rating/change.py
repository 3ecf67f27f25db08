"""A rated player's change per game and per event (B.02 8.3), and the games that do not count.

    8.3.2 b) Delta R = score - PD. For each game, the score is 1, 0.5 or 0.
    c) Sigma Delta R = the sum of Delta Rs for a tournament or Rating Period.
    d) Sigma Delta R x K = the Rating Change for a tournament or Rating Period.
    8.3.4 The Rating Change for a Rating Period is rounded to the nearest whole
    number. 0.5 is rounded away from zero.

So nothing is rounded per game or per event: a game's change is ``K × (score −
PD)`` exactly (hundredths times a whole K), an event's is the sum of its games',
and only a rating period's total is rounded, half away from zero
(:func:`round_period_change`). The score is the game's 1, ½ or 0 whatever the
section's own scoring (a 3-1-0 league still rates a win as 1).

Which games count (:class:`NotCounted`):

    5.1 [Unplayed games] Whether these occur because of forfeiture or any other
    reason, they are not counted. Except in case of force majeure, any game where
    both players have made at least one move will be rated, unless the regulations
    relating to Fair Play require otherwise.

    8.3.1 For each game played against a rated player, [...]

so forfeits, byes and games not yet played never count; TRF's W/D/L (a game of
less than one move) is not rated; and a game against an unrated opponent does not
change a rated player's rating (it counts toward the unrated player's first rating,
8.2, which is not computed here).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction

from leaguegen.domain.model import Code
from leaguegen.domain.rating.expected import counted_difference, expected_score
from leaguegen.domain.rating.k_factor import KFactor, period_cap


class NotCounted(Enum):
    """Why a round does not change a rating; the value is the report's words."""

    FORFEIT = "forfeit (5.1)"
    BYE = "bye, no game (5.1)"
    UNDER_ONE_MOVE = "under one move, not rated (5.1)"
    NOT_PLAYED_YET = "not played yet"
    UNRATED_OPPONENT = "unrated opponent (8.3.1)"
    TIEBREAK_GAME = "knockout tie-break game, not a standard game"
    RATE_OF_PLAY = "rate of play under the minimum for 60 moves (1.1)"

    __hash__ = object.__hash__  # see model.Colour


_SCORE = {Code.WIN: Fraction(1), Code.DRAW: Fraction(1, 2), Code.LOSS: Fraction(0)}
_UNDER_ONE_MOVE = frozenset({Code.WIN_UNRATED, Code.DRAW_UNRATED, Code.LOSS_UNRATED})


@dataclass(frozen=True, slots=True)
class GameInput:
    """One round of one player as a report finds it: the round, the opponent (None for a
    bye), the opponent's rating (None: unrated) and the player's TRF code.

    ``excluded`` is a reason only the caller knows (a knockout's tie-break stage, a
    time control too fast for the players' ratings); the reasons the code itself
    carries are found by :func:`not_counted`, and come first (a forfeit is a forfeit
    whatever the clock)."""

    round: int
    opponent: str | None
    opponent_rating: int | None
    code: Code
    excluded: NotCounted | None = None


@dataclass(frozen=True, slots=True)
class GameChange:
    """One round assessed for a player: whether it counts, and if so its 8.3 figures.

    ``score`` is 1, ½ or 0 when the game counts; ``difference`` is D as 8.3.1 counts
    it for the player (capped at 400 below 2650), ``expected`` PD from table 8.1.2,
    ``change`` ``K × (score − PD)``, exact. A game that does not count, or any game
    of an unrated player, has no D, no PD and a change of 0.
    """

    game: GameInput
    not_counted: NotCounted | None
    score: Fraction | None = None
    difference: int | None = None
    expected: Fraction | None = None
    change: Fraction = Fraction(0)

    @property
    def counts(self) -> bool:
        return self.not_counted is None


def not_counted(game: GameInput) -> NotCounted | None:
    """Why ``game`` changes no rating (None: it counts), checked in the order a reader
    asks: no game at all, then the game's own flaw, then the opponent."""
    code = game.code
    if code is Code.PENDING:
        return NotCounted.NOT_PLAYED_YET
    if code.is_bye or game.opponent is None:
        return NotCounted.BYE
    if code.is_forfeit:
        return NotCounted.FORFEIT
    if code in _UNDER_ONE_MOVE:
        return NotCounted.UNDER_ONE_MOVE
    if game.excluded is not None:
        return game.excluded
    if game.opponent_rating is None:
        return NotCounted.UNRATED_OPPONENT
    return None


def game_change(rating: int | None, k: int, game: GameInput) -> GameChange:
    """``game`` assessed for a player rated ``rating`` (None: unrated) with coefficient
    ``k`` (after the 700 cap)."""
    why = not_counted(game)
    if why is not None:
        return GameChange(game, why)
    score = _SCORE[game.code]
    if rating is None:
        return GameChange(game, None, score)
    assert game.opponent_rating is not None  # not_counted said so
    expected = expected_score(rating, game.opponent_rating)
    return GameChange(game, None, score, counted_difference(rating, game.opponent_rating),
                      expected, k * (score - expected))


@dataclass(frozen=True, slots=True)
class EventChange:
    """A player's rounds in one event and what they do to the rating.

    ``rating`` None: the player is unrated (no change; the games against rated
    opponents are what an initial rating would be made of). ``k`` is 8.3.3's choice
    and ``k_used`` that K after the 700 cap over this event's counted games.
    """

    rating: int | None
    k: KFactor | None
    k_used: int
    games: tuple[GameChange, ...]

    @property
    def counted(self) -> tuple[GameChange, ...]:
        return tuple(g for g in self.games if g.counts)

    @property
    def score(self) -> Fraction:
        """Points in the counted games, at 1 / ½ / 0."""
        return sum((g.score for g in self.counted if g.score is not None), Fraction(0))

    @property
    def expected(self) -> Fraction | None:
        """Σ PD over the counted games (None for an unrated player)."""
        if self.rating is None:
            return None
        return sum((g.expected for g in self.counted if g.expected is not None), Fraction(0))

    @property
    def change(self) -> Fraction | None:
        """8.3.2 d: K × Σ(score − PD), exact (None for an unrated player). Equal to the sum
        of the games' changes, as the tests hold it."""
        expected = self.expected
        if expected is None:
            return None
        return self.k_used * (self.score - expected)

    @property
    def rounded(self) -> int | None:
        """The change rounded as 8.3.4 rounds a rating period's: what it adds to the
        rating if this event is the player's only one in the period."""
        change = self.change
        return None if change is None else round_period_change(change)


def event_change(rating: int | None, k: KFactor | None, games: Iterable[GameInput]) -> EventChange:
    """Every round of a player in one event, assessed; the K is capped (8.3.3) by the
    number of games that count here."""
    rounds = tuple(games)
    if rating is None or k is None:
        return EventChange(None, None, 0, tuple(game_change(None, 0, g) for g in rounds))
    n = sum(1 for g in rounds if not_counted(g) is None)
    k_used = period_cap(k.value, n)
    return EventChange(rating, k, k_used, tuple(game_change(rating, k_used, g) for g in rounds))


def round_period_change(change: Fraction) -> int:
    """8.3.4: to the nearest whole number, 0.5 away from zero (−2.5 → −3, 2.5 → 3)."""
    whole, rest = divmod(abs(change), 1)
    magnitude = int(whole) + (1 if rest >= Fraction(1, 2) else 0)
    return magnitude if change >= 0 else -magnitude
