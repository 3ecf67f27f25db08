"""A team event as data: teams with ordered squads, matches board by board, byes.

A team competition is scored twice: boards give game points (GP), and each match, won
by the team with more game points, gives match points (MP). Everything the tie-breaks
and the team Swiss need follows from the boards, so the model keeps the boards as they
were played (or not) and derives the rest; no total is stored as truth except the
organiser's own figures in ``Team.recorded_mp``/``recorded_gp``, kept for comparison.

Board results are written from the first team's view (the team with White on board 1, the
"first-named" team of FIDE's team rules; "home" is avoided, as leagues use it for the
venue): ``1``, ``=``, ``0`` for a game played, ``+``/``-`` for a board forfeit (first
team's player present / absent), ``--`` for a
board double forfeit (both players absent).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

PLAYED_RESULTS = frozenset({"1", "=", "0"})
BOARD_RESULTS = PLAYED_RESULTS | {"+", "-", "--"}
MATCH_FORFEITS = frozenset({"+-", "-+", "--"})
_FLIP = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+", "--": "--"}


def flip(result: str) -> str:
    """The same board result seen from the other team."""
    return _FLIP[result]


@dataclass(frozen=True, slots=True)
class Scoring:
    """Points for a win, a draw, a loss: record ``162`` for boards (1/½/0), ``362`` for
    matches (2/1/0 unless the event says otherwise, e.g. 3/1/0)."""

    win: Fraction
    draw: Fraction
    loss: Fraction = Fraction(0)

    def of(self, outcome: str) -> Fraction:
        """The points of ``W``, ``D`` or ``L``."""
        return {"W": self.win, "D": self.draw, "L": self.loss}[outcome]


GAME_SCORING = Scoring(Fraction(1), Fraction(1, 2))
MATCH_SCORING = Scoring(Fraction(2), Fraction(1))


@dataclass(frozen=True, slots=True)
class Board:
    """One board of a match. Players are ``001`` numbers, or None when nobody sat there."""

    number: int
    first_player: int | None
    second_player: int | None
    result: str  # the first team's view, one of BOARD_RESULTS
    first_colour: str = "w"  # the first team's player's colour on this board ('w' or 'b')

    @property
    def played(self) -> bool:
        return self.result in PLAYED_RESULTS

    def points(self, first: bool, scoring: Scoring = GAME_SCORING) -> Fraction:
        """Game points of the first (or second) team on this board; a forfeit win is a win."""
        result = self.result if first else flip(self.result)
        if result in ("1", "+"):
            return scoring.win
        if result == "=":
            return scoring.draw
        return scoring.loss


@dataclass(frozen=True, slots=True)
class Match:
    """Two teams' meeting in one round. ``forfeit`` is the whole-match forfeit of record
    ``330`` from the first team's view (``+-``: first won, ``-+``, ``--``: both lost), or
    None: the match is then decided by the boards."""

    round: int
    first: int  # the team with White on board 1
    second: int
    boards: tuple[Board, ...]
    forfeit: str | None = None

    def teams(self) -> tuple[int, int]:
        return (self.first, self.second)

    def opponent(self, team: int) -> int:
        return self.second if team == self.first else self.first

    @property
    def played(self) -> bool:
        """Played over the board: not forfeited as a whole, and at least one board played
        (a match of board forfeits only is as unplayed as a forfeited one)."""
        return self.forfeit is None and any(b.played for b in self.boards)

    def game_points(self, team: int, scoring: Scoring = GAME_SCORING) -> Fraction:
        is_first = team == self.first
        return sum((b.points(is_first, scoring) for b in self.boards), Fraction(0))

    def outcome(self, team: int, scoring: Scoring = GAME_SCORING) -> str:
        """``W``, ``D`` or ``L`` for ``team``. A whole-match forfeit decides by itself; a
        match where neither side scored (every board double-forfeited) is lost by both,
        as the FIDE tie-break program decides it."""
        is_first = team == self.first
        if self.forfeit is not None:
            mine = self.forfeit[0] if is_first else self.forfeit[1]
            return "W" if mine == "+" else "L"
        own = self.game_points(team, scoring)
        other = self.game_points(self.opponent(team), scoring)
        if own == other:
            return "L" if own == 0 else "D"
        return "W" if own > other else "L"

    def colour(self, team: int) -> str | None:
        """The team's colour (its board-1 colour, C.04.6 1.6.1); None when unplayed."""
        if not self.played:
            return None
        return "w" if team == self.first else "b"


@dataclass(frozen=True, slots=True)
class Player:
    number: int
    name: str
    rating: int | None = None


@dataclass(frozen=True, slots=True)
class Team:
    """A team and its squad in board order (board 1 first), as record ``310`` lists it."""

    number: int
    name: str
    players: tuple[int, ...] = ()
    short_name: str = ""
    strength: int | None = None
    recorded_mp: Fraction | None = None
    recorded_gp: Fraction | None = None
    recorded_rank: int | None = None


@dataclass(frozen=True, slots=True)
class Bye:
    """A pairing-allocated bye (record ``320``): ``mp``/``gp`` as that record gives them."""

    round: int
    team: int
    mp: Fraction
    gp: Fraction


@dataclass(frozen=True, slots=True)
class TeamEvent:
    """A whole team event; ``rounds`` is the planned number (record ``142``)."""

    name: str
    teams: tuple[Team, ...]
    matches: tuple[Match, ...]
    byes: tuple[Bye, ...] = ()
    rounds: int = 0
    boards: int = 0
    players: tuple[Player, ...] = ()
    game_scoring: Scoring = GAME_SCORING
    match_scoring: Scoring = MATCH_SCORING
    type_code: str = ""  # record 192, e.g. FIDE_TEAM_TYPEA_MP_GP
    type_text: str = ""  # record 092
    board_colours: str = ""  # record 352: boards' colours of the team with White, 'WBWB'
    first_colour: str | None = None  # record 152: TPN 1's board-1 colour in round 1
    _by_round: dict[int, tuple[Match, ...]] = field(default_factory=dict, repr=False,
                                                    compare=False)

    @property
    def numbers(self) -> tuple[int, ...]:
        return tuple(t.number for t in self.teams)

    @property
    def rounds_played(self) -> int:
        """The last round with a match or a bye (0 before round 1)."""
        return max([m.round for m in self.matches] + [b.round for b in self.byes], default=0)

    def team(self, number: int) -> Team:
        for t in self.teams:
            if t.number == number:
                return t
        raise KeyError(number)

    def matches_of_round(self, rnd: int) -> tuple[Match, ...]:
        if not self._by_round:
            for m in self.matches:
                self._by_round.setdefault(m.round, ())
                self._by_round[m.round] += (m,)
        return self._by_round.get(rnd, ())

    def cut(self, after_round: int) -> TeamEvent:
        """The event as it stood after ``after_round`` (later matches and byes dropped)."""
        return TeamEvent(
            self.name, self.teams, tuple(m for m in self.matches if m.round <= after_round),
            tuple(b for b in self.byes if b.round <= after_round), self.rounds, self.boards,
            self.players, self.game_scoring, self.match_scoring, self.type_code,
            self.type_text, self.board_colours, self.first_colour)
