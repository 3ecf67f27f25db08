"""A random team Swiss, paired round by round by the C.04.6 engine (``generate``).

Why: the endorsement pair of tools (a generator and a checker run against each other,
C.04.A) exists for teams too: ``generate --system team-swiss`` writes a TRF-2026 team
file whose every round ``check-pairings`` re-pairs. The event is made as the conformance
corpus's driver made its cases: teams of players whose ratings fall down the boards,
numbered by average rating (the TPN order, C.04.6 leaves it to the competition); each
round paired by ``pair_team_round`` from the rounds before it only; each board's result
drawn from the two ratings (``domain.pairing.simulate``, White's move included), a board
forfeited at the ``forfeits`` rate and a whole match at the same rate; the PAB worth a
drawn match (C.04.6 1.4). Every choice comes from the ``random.Random`` passed in, so a
seed repeats the event.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from fractions import Fraction

from leaguegen.domain.model import Code
from leaguegen.domain.pairing.simulate import ResultsModel
from leaguegen.domain.teams.model import Board, Bye, Match, Player, Team, TeamEvent, flip
from leaguegen.domain.teams.swiss import pair_team_round
from leaguegen.domain.teams.swiss_state import NO_COLOURS, TYPE_A, TYPE_B
from leaguegen.errors import NoValidPairing

COLOUR_TYPES = (TYPE_A, TYPE_B, NO_COLOURS)
ATTEMPTS = 20  # whole events drawn again when a round cannot be paired (small fields)
_RESULT = {Code.WIN: "1", Code.DRAW: "=", Code.LOSS: "0"}


@dataclass(frozen=True, slots=True)
class TeamEventSettings:
    """What to generate: the field, the colour model of C.04.6 1.7 and the forfeit rate
    (per board, and separately per match)."""

    teams: int
    boards: int
    rounds: int
    colours: str = TYPE_A
    forfeits: float = 0.0
    results: ResultsModel = field(default_factory=ResultsModel)

    def type_code(self) -> str:
        """Record 192: ``FIDE_TEAM_TYPEA_MP_GP`` (MP primary, GP secondary)."""
        colour = "" if self.colours == NO_COLOURS else f"_TYPE{self.colours}"
        return f"FIDE_TEAM{colour}_MP_GP"


def _teams(settings: TeamEventSettings, rng: random.Random) -> tuple[tuple[Team, ...],
                                                                     tuple[Player, ...]]:
    drawn = []
    for _ in range(settings.teams):
        top = rng.randint(1700, 2500)
        ratings = sorted((top - rng.randint(0, 250) for _ in range(settings.boards)),
                         reverse=True)
        drawn.append(ratings)
    drawn.sort(key=lambda rs: -sum(rs))  # TPN by strength
    teams, players = [], []
    for t, ratings in enumerate(drawn, start=1):
        numbers = tuple((t - 1) * settings.boards + b for b in range(1, len(ratings) + 1))
        teams.append(Team(t, f"Team {t:03d}", numbers))
        players += [Player(n, f"T{t:03d} Board{b}", r)
                    for b, (n, r) in enumerate(zip(numbers, ratings, strict=True), start=1)]
    return tuple(teams), tuple(players)


def _match(event: TeamEvent, rnd: int, first: int, second: int, rng: random.Random,
           settings: TeamEventSettings) -> Match:
    a, b = event.team(first).players, event.team(second).players
    rating = {p.number: p.rating or 0 for p in event.players}
    if rng.random() < settings.forfeits:  # a team did not come: every board +/-
        forfeit = rng.choice(("+-", "-+"))
        boards = tuple(Board(k, a[k - 1], b[k - 1], forfeit[0], "w" if k % 2 else "b")
                       for k in range(1, settings.boards + 1))
        return Match(rnd, first, second, boards, forfeit)
    boards = []
    for k in range(1, settings.boards + 1):
        p, q = a[k - 1], b[k - 1]
        colour = "w" if k % 2 else "b"  # record 352: WBWB
        if rng.random() < settings.forfeits:
            result = rng.choice("+-")
        else:
            white, black = (p, q) if colour == "w" else (q, p)
            code = settings.results.game(rng, rating[white], rating[black])
            result = _RESULT[code] if colour == "w" else flip(_RESULT[code])
        boards.append(Board(k, p, q, result, colour))
    return Match(rnd, first, second, tuple(boards))


def random_team_event(settings: TeamEventSettings, rng: random.Random,
                      name: str = "") -> TeamEvent:
    """The whole event, every round paired by C.04.6. A field small for its rounds may
    reach a round no pairing fits (every PAB candidate leaves a rematch): the event is
    then drawn again, up to ``ATTEMPTS`` times, before NoValidPairing is raised."""
    for attempt in range(ATTEMPTS):
        try:
            return _one_event(settings, rng, name)
        except NoValidPairing:
            if attempt == ATTEMPTS - 1:
                raise
    raise AssertionError("unreachable")


def _one_event(settings: TeamEventSettings, rng: random.Random, name: str) -> TeamEvent:
    teams, players = _teams(settings, rng)
    event = TeamEvent(name, teams, (), (), settings.rounds, settings.boards, players,
                      type_code=settings.type_code(), type_text="Team Swiss System",
                      board_colours="".join("W" if k % 2 else "B"
                                            for k in range(1, settings.boards + 1)),
                      first_colour=rng.choice("wb"))
    pab = (event.match_scoring.draw, event.game_scoring.draw * settings.boards)
    for rnd in range(1, settings.rounds + 1):
        paired = pair_team_round(event)
        matches = tuple(_match(event, rnd, f, s, rng, settings) for f, s in paired.matches)
        byes = (Bye(rnd, paired.bye, Fraction(pab[0]), Fraction(pab[1])),) \
            if paired.bye is not None else ()
        event = replace(event, matches=event.matches + matches, byes=event.byes + byes,
                        _by_round={})
    return event
