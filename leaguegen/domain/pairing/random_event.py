"""A random Swiss tournament, paired round by round by leaguegen's own engines.

Why: FIDE endorses a pairing program through a random tournament generator and a
pairing checker run against each other (C.04.A). ``random_event`` is the generator's
pure core: players with random ratings, titles and federations, then for each round
the requested byes and absences, the pairing by the registered system, and results
drawn from the rating difference (:mod:`.simulate`). Every choice comes from the
``random.Random`` passed in, so a seed repeats the event exactly.

Each round's pairing input is built with :func:`state_from_crosstable` from the
rounds before it, the round's absentees and the virtual points, which is exactly
what a TRF file of the event gives back to ``pair --trf``; the round-trip test
(every generated event passes ``check-pairings``) holds the two together.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from leaguegen.domain.model import (
    STANDARD_SCORING,
    Code,
    Colour,
    Crosstable,
    Player,
    PlayerRecord,
    RoundEntry,
)
from leaguegen.errors import NoValidPairing

from .baku import baku_acceleration
from .pairing import pair_round
from .simulate import ResultsModel
from .state import state_from_crosstable

FEDERATIONS = ("ENG", "FRA", "GER", "IND", "NED", "NOR", "ESP", "USA", "ARM", "POL", "CZE", "ITA")
FIRST = ("Ada", "Ben", "Cleo", "Dev", "Eva", "Finn", "Gia", "Hugo", "Ines", "Jon", "Kai", "Lea",
         "Max", "Nia", "Otto", "Pia", "Quin", "Rosa", "Sam", "Tara", "Uma", "Vik", "Wen", "Yara")
LAST = ("Archer", "Bauer", "Costa", "Dubois", "Eriksen", "Fischer", "Garcia", "Hansen", "Ivanov",
        "Jensen", "Kowal", "Larsen", "Moreau", "Novak", "Olsen", "Petrov", "Quist", "Rossi",
        "Schmidt", "Tanaka", "Ueda", "Vogel", "Weber", "Young", "Zhou")
TITLE_FLOORS = ((2500, "GM", 0.7), (2400, "IM", 0.6), (2300, "FM", 0.5), (2200, "CM", 0.3))
DOUBLE_FORFEIT_SHARE = 0.1  # of forfeited games, the share where neither player came
ATTEMPTS = 20  # whole events re-drawn when a round cannot be paired (tiny fields)


@dataclass(frozen=True, slots=True)
class EventSettings:
    """What to generate. Rates are per player and round (byes, absences) or per game."""

    players: int
    rounds: int
    system: str = "dutch"
    forfeits: float = 0.0  # share of games not played: one side (rarely both) did not come
    half_byes: float = 0.0  # chance a player asks for a half-point bye for a round
    absences: float = 0.0  # chance a player is absent (zero-point bye) for a round
    baku: bool = False  # Baku acceleration (C.04.7): virtual points for group A
    results: ResultsModel = field(default_factory=ResultsModel)

    def __post_init__(self) -> None:
        if self.players < 2:
            raise ValueError("a tournament needs at least two players")
        if not 1 <= self.rounds < self.players:
            raise ValueError("a Swiss needs at least one round and fewer rounds than players")
        for name in ("forfeits", "half_byes", "absences"):
            if not 0.0 <= getattr(self, name) <= 1.0:
                raise ValueError(f"{name} must be a probability between 0 and 1")
        if self.half_byes + self.absences > 1.0:
            raise ValueError("half_byes + absences must not exceed 1")


@dataclass(frozen=True, slots=True)
class RandomEvent:
    """A finished generated event: the crosstable and what pairing it used."""

    table: Crosstable
    system: str
    initial_colour: Colour
    acceleration: dict[int, tuple[int, ...]]  # TPN -> virtual units per round (Baku)


def random_players(count: int, rng: random.Random) -> list[Player]:
    """``count`` players in pairing-number order: ratings descending, titles by rating."""
    low = rng.randrange(1200, 2200, 10)
    high = low + rng.randrange(100, 800, 10)
    ratings = sorted((rng.randint(low, high) for _ in range(count)), reverse=True)
    weights = [1.0 / (i + 1) for i in range(len(FEDERATIONS))]
    names: set[str] = set()
    players = []
    for rating in ratings:
        name = f"{rng.choice(LAST)}, {rng.choice(FIRST)}"
        while name in names:
            name = f"{name[:28]} {rng.randrange(10, 99)}"
        names.add(name)
        title = next((t for floor, t, p in TITLE_FLOORS if rating >= floor and rng.random() < p),
                     None)
        federation = rng.choices(FEDERATIONS, weights)[0]
        players.append(Player(name=name, rating=rating, federation=federation, title=title))
    return players


def random_event(settings: EventSettings, rng: random.Random) -> RandomEvent:
    """Generate and pair a whole event; NoValidPairing only if ATTEMPTS events all stall."""
    players = random_players(settings.players, rng)
    colour = rng.choice((Colour.WHITE, Colour.BLACK))
    accel: dict[int, tuple[int, ...]] = {}
    if settings.baku:
        scoring = STANDARD_SCORING
        accel = baku_acceleration(list(range(1, settings.players + 1)), settings.rounds,
                                  scoring.win, scoring.draw)
    last: NoValidPairing | None = None
    for _ in range(ATTEMPTS):
        try:
            table = _play(settings, players, colour, accel, rng)
        except NoValidPairing as exc:
            last = exc
            continue
        return RandomEvent(table, settings.system, colour, accel)
    assert last is not None
    raise last


def absentees(half_byes: float, absences: float, count: int, rng: random.Random
              ) -> dict[int, Code]:
    """Who is not paired in a generated round (a Swiss round or a Double-Swiss match): a
    requested half-point bye or an absence, at the given rates; two always play."""
    away: dict[int, Code] = {}
    for number in range(1, count + 1):
        x = rng.random()
        if x < half_byes:
            away[number] = Code.HALF_BYE
        elif x < half_byes + absences:
            away[number] = Code.ZERO_BYE
    while count - len(away) < 2:  # someone has to play
        away.pop(max(away))
    return away


def _play(settings: EventSettings, players: list[Player], colour: Colour,
          accel: dict[int, tuple[int, ...]], rng: random.Random) -> Crosstable:
    count = len(players)
    rounds: list[list[RoundEntry]] = [[] for _ in range(count)]
    ratings = [p.rating or 0 for p in players]
    for _ in range(settings.rounds):
        away = absentees(settings.half_byes, settings.absences, count, rng)
        table = _table(players, rounds, settings.rounds)
        state = state_from_crosstable(table, absent=away, acceleration=accel,
                                      initial_colour=colour)
        result = pair_round(state, settings.system)
        for number, code in away.items():
            rounds[number - 1].append(RoundEntry(None, None, code))
        if result.bye is not None:
            rounds[result.bye - 1].append(RoundEntry(None, None, Code.PAIRING_BYE))
        for white, black in result.boards:
            w, b = _game(settings, rng, ratings[white - 1], ratings[black - 1])
            rounds[white - 1].append(RoundEntry(black, Colour.WHITE, w))
            rounds[black - 1].append(RoundEntry(white, Colour.BLACK, b))
    return _table(players, rounds, settings.rounds)


_OPPOSITE = {Code.WIN: Code.LOSS, Code.DRAW: Code.DRAW, Code.LOSS: Code.WIN}


def _game(settings: EventSettings, rng: random.Random, white: int, black: int
          ) -> tuple[Code, Code]:
    """Both players' codes: a forfeit (one side or both absent) or a game from the model."""
    if rng.random() < settings.forfeits:
        if rng.random() < DOUBLE_FORFEIT_SHARE:
            return Code.FORFEIT_LOSS, Code.FORFEIT_LOSS
        if rng.random() < 0.5:
            return Code.FORFEIT_WIN, Code.FORFEIT_LOSS
        return Code.FORFEIT_LOSS, Code.FORFEIT_WIN
    code = settings.results.game(rng, white, black)
    return code, _OPPOSITE[code]


def _table(players: list[Player], rounds: list[list[RoundEntry]], total: int) -> Crosstable:
    records = tuple(PlayerRecord(i + 1, p, tuple(rounds[i])) for i, p in enumerate(players))
    return Crosstable(records, total, STANDARD_SCORING)
