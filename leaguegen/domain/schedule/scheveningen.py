"""Scheveningen: two teams of equal size, everyone plays everyone on the other team.

With teams A and B of ``n`` players (numbered by board, 1 strongest), round
``r`` (0-based internally) pairs A's board ``i`` with B's board
``(i + r) mod n``: a Latin square, so each cross-team pair meets exactly once
in ``n`` rounds and nobody plays a team-mate.

Colours. Writing ``c(i, r)`` for "A's board i has White in round r":

* even ``n``: ``c(i, r) = (r + [i >= n/2])`` is even. A has White on its top
  half of boards in rounds 1, 3, 5... and on its bottom half in rounds 2, 4...,
  so both teams have White on exactly half the boards every round (a fair
  match each round). A players alternate strictly; a B player alternates
  except twice per cycle, when the opponent crosses the half boundary, so
  runs are at most two and whites are within one of ``n/2`` (exact when
  ``n`` is a multiple of four).
* odd ``n``: no split of this kind (``c = r + [i in S]`` for any set of
  boards ``S``, checked exhaustively for n <= 11) keeps everyone within one
  white of ``n/2``; the best leaves some players 1.5 off. So the teams
  alternate by round: A has White on every board in rounds 1, 3, 5... . Every
  player then alternates strictly and has ``(n +- 1)/2`` whites. (Board-mixed
  odd schedules exist, found by search, but follow no simple rule.)

Double Scheveningen plays a second cycle with colours reversed, starting two
rounds before the end of the first cycle's order for even ``n`` (``r = n-2,
n-1, 0, 1, ...``): like FIDE's "swap the last two rounds" for double round
robins, this keeps every colour run at two or less across the boundary without
replaying the last round's pairing straight away. Odd ``n`` needs no shift.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum

from leaguegen.domain.model import STANDARD_SCORING, Code, Scoring


class Team(Enum):
    A = "A"
    B = "B"

    @property
    def other(self) -> Team:
        return Team.B if self is Team.A else Team.A


@dataclass(frozen=True, slots=True)
class Seat:
    """A team member by board order (1 = the team's top board)."""

    team: Team
    board: int


@dataclass(frozen=True, slots=True)
class TeamGame:
    """One game of a round; ``round`` is 1-based."""

    round: int
    white: Seat
    black: Seat

    @property
    def a(self) -> Seat:
        return self.white if self.white.team is Team.A else self.black

    @property
    def b(self) -> Seat:
        return self.black if self.white.team is Team.A else self.white


TeamRound = tuple[TeamGame, ...]


def _a_white(n: int, i: int, r: int) -> bool:
    half = 1 if (n % 2 == 0 and i >= n // 2) else 0
    return (r + half) % 2 == 0


def scheveningen(n: int, double: bool = False) -> list[TeamRound]:
    """All rounds for two teams of ``n``; each round lists games by A's board order."""
    if n < 1:
        raise ValueError("each team needs at least one player")
    order = [(r, False) for r in range(n)]
    if double:
        shift = n - 2 if n % 2 == 0 and n >= 4 else 0
        order += [((k + shift) % n, True) for k in range(n)]
    rounds: list[TeamRound] = []
    for number, (r, reverse) in enumerate(order, start=1):
        games = []
        for i in range(n):
            a, b = Seat(Team.A, i + 1), Seat(Team.B, (i + r) % n + 1)
            if _a_white(n, i, r) != reverse:
                games.append(TeamGame(number, a, b))
            else:
                games.append(TeamGame(number, b, a))
        rounds.append(tuple(games))
    return rounds


# ---------------------------------------------------------------- scoring

_MIRROR = {
    Code.WIN: Code.LOSS,
    Code.LOSS: Code.WIN,
    Code.DRAW: Code.DRAW,
    Code.WIN_UNRATED: Code.LOSS_UNRATED,
    Code.LOSS_UNRATED: Code.WIN_UNRATED,
    Code.DRAW_UNRATED: Code.DRAW_UNRATED,
    Code.FORFEIT_WIN: Code.FORFEIT_LOSS,
    Code.FORFEIT_LOSS: Code.FORFEIT_WIN,
    Code.PENDING: Code.PENDING,
}

#: A game's codes as the schedule modules take them: White's code (Black's is mirrored),
#: or both codes for a double forfeit such as ``(Code.FORFEIT_LOSS, Code.FORFEIT_LOSS)``.
#: (The season's own result type is ``domain.season.GameResult``; this is its coded form.)
GameCodes = Code | tuple[Code, Code]


def both_codes(result: GameCodes) -> tuple[Code, Code]:
    """White's and Black's codes; a lone code is White's and Black's is its mirror."""
    if isinstance(result, tuple):
        return result
    if result not in _MIRROR:
        raise ValueError(f"{result} is not a game result")
    return result, _MIRROR[result]


@dataclass(frozen=True, slots=True)
class MatchPoints:
    """Points for winning, drawing or losing one round's team match (2/1/0 by default)."""

    win: int = 2
    draw: int = 1
    loss: int = 0


DEFAULT_MATCH_POINTS = MatchPoints()


@dataclass(frozen=True, slots=True)
class RoundScore:
    """One round's team match; match points only count once every game has a result."""

    round: int
    a_units: int
    b_units: int
    complete: bool
    a_match_points: int
    b_match_points: int


@dataclass(frozen=True, slots=True)
class MatchScore:
    """The whole match: per-round team scores and each player's individual score.

    Board points and individual scores are in the scoring's units (2 = one point).
    """

    rounds: tuple[RoundScore, ...]
    individual: Mapping[Seat, int]

    @property
    def a_board_units(self) -> int:
        return sum(r.a_units for r in self.rounds)

    @property
    def b_board_units(self) -> int:
        return sum(r.b_units for r in self.rounds)

    @property
    def a_match_points(self) -> int:
        return sum(r.a_match_points for r in self.rounds)

    @property
    def b_match_points(self) -> int:
        return sum(r.b_match_points for r in self.rounds)


def match_score(
    rounds: Sequence[TeamRound],
    results: Mapping[TeamGame, GameCodes],
    scoring: Scoring = STANDARD_SCORING,
    match_points: MatchPoints = DEFAULT_MATCH_POINTS,
) -> MatchScore:
    """Team and individual scores from the results entered so far.

    Games without a result (or PENDING) score nothing and keep their round's
    match points open, so a half-played round never shows a misleading winner.
    """
    individual: dict[Seat, int] = {}
    for rnd in rounds:
        for g in rnd:
            individual.setdefault(g.white, 0)
            individual.setdefault(g.black, 0)
    scores = []
    for rnd in rounds:
        a_units = b_units = 0
        complete = bool(rnd)
        for g in rnd:
            result = results.get(g)
            if result is None:
                complete = False
                continue
            w_code, b_code = both_codes(result)
            if Code.PENDING in (w_code, b_code):
                complete = False
            w_pts, b_pts = scoring.points(w_code), scoring.points(b_code)
            individual[g.white] += w_pts
            individual[g.black] += b_pts
            if g.white.team is Team.A:
                a_units, b_units = a_units + w_pts, b_units + b_pts
            else:
                a_units, b_units = a_units + b_pts, b_units + w_pts
        a_mp = b_mp = 0
        if complete:
            if a_units > b_units:
                a_mp, b_mp = match_points.win, match_points.loss
            elif a_units < b_units:
                a_mp, b_mp = match_points.loss, match_points.win
            else:
                a_mp = b_mp = match_points.draw
        number = rnd[0].round if rnd else len(scores) + 1
        scores.append(RoundScore(number, a_units, b_units, complete, a_mp, b_mp))
    return MatchScore(tuple(scores), individual)
