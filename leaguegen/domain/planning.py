"""Planning aid: how long an event takes before anyone sits down.

An organiser deciding between a round robin and a Swiss wants four numbers:
rounds, games, games per player, and how many club evenings (weeks) it all
takes. The last one depends on the worst case of a round, because an evening
that overruns on the last board is the complaint organisers remember:

    worst-case game = both players use their whole clock, every period they
    reach included, plus the increment (or delay) on every move of a long
    game (60 moves unless told otherwise);
    worst-case round = worst-case game + changeover (set-up, results, 15 min).

The formats are the section kinds' (``domain.sections``): each kind's ``plan``
turns a :class:`Sizing` (its format word, the field, the options) into a
:class:`Shape` with the shape functions here, and the shape carries the
guides' verdict on the field (:class:`Verdict`: a round robin is easy to about
6 players, 7-10 when the calendar allows, 11-12 the ceiling, 13 or more should
be a Swiss, rating-band round robins or quads; a Swiss needs more players than
rounds). Time controls are read by ``domain.time_control``.

When the plan does not fit (a round longer than an evening the organiser gave,
or more evenings than the season has) :func:`plan` adds suggestions in the spirit of the
organisers' guides: quads or a Swiss instead of a big round robin, a double
session (two rounds a sitting, e.g. a weekend day), or the slowest time
control that would fit an evening. Verdicts and suggestions are data (enums
and numbers), so the CLI and the site phrase them in their own words. A whole
season is planned by ``domain.season_plan``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import Enum

from leaguegen.domain.schedule.knockout import round_count as knockout_rounds
from leaguegen.domain.schedule.quads import DEFAULT_RULE, GroupingRule, group_sizes
from leaguegen.domain.time_control import Period as Period  # re-exported: planning's inputs
from leaguegen.domain.time_control import TimeControl as TimeControl
from leaguegen.domain.time_control import parse_time_control as parse_time_control
from leaguegen.errors import Message

# ---------------------------------------------------------------- sizing a section


@dataclass(frozen=True, slots=True)
class Sizing:
    """What sizes an event before anyone sits down: its format word, its field, its options.

    ``format`` is a season file's ``format:`` word; the section kind that owns it
    (``domain.sections``) turns a sizing into a :class:`Shape` with its ``plan``
    callable. A section of a season brings its own settings (its kind reads them
    from the section); from the command line they come from here: ``double``
    plays every pairing twice (``double_scheveningen``, double quads), ``rounds``
    is a Swiss's length (default: log2(N) + 1), ``games_per_match`` and
    ``final_games`` a knockout's regular games (tie-breaks are not counted),
    ``grouping`` the quads rule.
    """

    format: str
    players: int
    double: bool = False
    rounds: int | None = None
    games_per_match: int = 1
    final_games: int | None = None
    grouping: GroupingRule = DEFAULT_RULE


class Verdict(Enum):
    """What the organisers' guides say about a field and a format.

    The round-robin figures (easy to about 6 players, 7-10 when the calendar
    allows, 11-12 the ceiling, 13 or more should be a Swiss, rating-band round
    robins or quads) are lengths: 5, 7-9, 11 and 13+ rounds. Formats made of
    round robins (double round robins, quads, Scheveningen matches) are judged
    by the same lengths in rounds. A Swiss is judged by its field: it needs more
    players than rounds (N players have at most N - 1 rounds), and only up to
    half the field's worth of rounds always pairs without a rematch.
    """

    EASY = "easy"  # up to 5 rounds: a round robin of up to 6 players
    CALENDAR = "calendar"  # 6-9 rounds (7-10 players): when the calendar allows
    CEILING = "ceiling"  # 10-11 rounds (11-12 players): the most a round robin should take
    TOO_LONG = "too_long"  # 12+ rounds (13+ players): a Swiss, rating bands or quads
    SWISS_SAFE = "swiss_safe"  # every round can be paired without a rematch
    SWISS_RISKY = "swiss_risky"  # more rounds than half the field: pairings can run out
    ONE_GROUP = "one_group"  # quads of fewer than 8 players: one round robin
    BYES = "byes"  # a knockout of a field that is not a power of two
    FULL_BRACKET = "full_bracket"  # a knockout of 2, 4, 8, 16... players


# The guides' round-robin field sizes as lengths in rounds (a round robin of N players
# has N - 1 rounds, N when N is odd): the last round count of each band.
EASY_ROUNDS, CALENDAR_ROUNDS, CEILING_ROUNDS = 5, 9, 11
RATING_BAND = 6  # players in a rating-band round robin suggested instead of a long one


@dataclass(frozen=True, slots=True)
class FieldAdvice:
    """One verdict with the figures its reason quotes.

    ``limit`` is the verdict's own bound: the most rounds a Swiss of this field
    always pairs (SWISS_SAFE, SWISS_RISKY), the players given a bye (BYES), the
    field of one group (ONE_GROUP); ``usual`` a Swiss's usual length (fewest,
    most) for this field; for TOO_LONG, ``alternatives`` the shorter formats:
    the Swiss length, the quads rounds and the rating bands (how many, rounds).
    """

    verdict: Verdict
    players: int
    rounds: int
    limit: int | None = None
    usual: tuple[int, int] | None = None
    quads_rounds: int | None = None
    bands: tuple[int, int] | None = None


def length_verdict(rounds: int) -> Verdict:
    """The guides' round-robin figures, applied to an event's length in rounds."""
    if rounds <= EASY_ROUNDS:
        return Verdict.EASY
    if rounds <= CALENDAR_ROUNDS:
        return Verdict.CALENDAR
    if rounds <= CEILING_ROUNDS:
        return Verdict.CEILING
    return Verdict.TOO_LONG


def swiss_rounds(players: int) -> tuple[int, int]:
    """Sensible Swiss lengths: about log2(N) + 1 to log2(N) + 2 rounds.

    log2(N) rounds is the fewest that can leave one player on a perfect
    score; one or two more let the top separate. Capped at N - 1.
    """
    if players < 2:
        raise ValueError(Message("a Swiss needs at least two players"))
    base = math.ceil(math.log2(players))
    cap = players - 1
    return min(base + 1, cap), min(base + 2, cap)


def swiss_safe_rounds(players: int) -> int:
    """The most rounds a Swiss of ``players`` can always pair without a rematch.

    Before round R every player has met at most R - 1 others (a bye counts as
    meeting a phantom player, for an odd field). While R - 1 < half the field
    (phantom included) each player can still meet more than half of it, and a
    graph whose every vertex reaches half the others has a Hamiltonian cycle
    (Dirac), hence a perfect matching: the round pairs. So ceil(N / 2) rounds
    always pair; past that a Swiss can run out of pairings before its last round
    (5 or 6 players: three disjoint rounds can leave two groups of three). It is a
    guarantee, not the exact limit (4 or 7 players can always pair one round
    more), and colour rules can bind sooner: the floor of the guides' "fewer are
    safe".
    """
    return (players + 1) // 2


def round_robin_rounds(players: int, cycles: int = 1) -> int:
    """A Berger table's rounds: N - 1 for an even field, N for an odd one; per cycle."""
    return (players + players % 2 - 1) * cycles


def _length_advice(players: int, rounds: int, open_field: bool = True) -> FieldAdvice:
    """The length verdict; a long event of an open field also names the shorter formats."""
    verdict = length_verdict(rounds)
    if verdict is not Verdict.TOO_LONG or not open_field:
        return FieldAdvice(verdict, players, rounds)
    bands = math.ceil(players / RATING_BAND)
    biggest = math.ceil(players / bands)
    return FieldAdvice(verdict, players, rounds, usual=swiss_rounds(players),
                       quads_rounds=quads_shape(players).rounds if players >= 8 else None,
                       bands=(bands, round_robin_rounds(biggest)))


@dataclass(frozen=True, slots=True)
class Shape:
    """What a format means for a field: rounds, games, and games per player (fewest, most).

    ``rounds`` are sittings' worth of games at one game a player a sitting (a
    knockout match of two games is two rounds; ``round_games`` then says how
    many of them each of the section's rounds holds, empty when one each);
    ``groups`` the quads groups;
    ``open_field`` says the entrants could as well be paired another way (quads,
    a Swiss), which a team match cannot; ``advice`` the guides' verdicts.
    """

    rounds: int
    games: int
    games_per_player: tuple[int, int]
    groups: tuple[int, ...] = ()
    players: int = 0
    open_field: bool = True
    advice: tuple[FieldAdvice, ...] = ()
    round_games: tuple[int, ...] = ()


def _field(players: int) -> None:
    if players < 2:
        raise ValueError(Message("an event needs at least two players"))


def round_robin_shape(players: int, cycles: int = 1) -> Shape:
    """A round robin (``cycles`` = 2: double) on the Berger tables."""
    _field(players)
    n = players
    r = round_robin_rounds(n, cycles)
    return Shape(r, n * (n - 1) // 2 * cycles, ((n - 1) * cycles, (n - 1) * cycles),
                 players=n, advice=(_length_advice(n, r),))


def quads_shape(players: int, rule: GroupingRule = DEFAULT_RULE) -> Shape:
    """Quads: the field cut into small round robins by :func:`group_sizes`."""
    _field(players)
    sizes = group_sizes(players, rule)
    cycles = 2 if rule.double else 1
    r = max(round_robin_rounds(s, cycles) for s in sizes)
    games = sum(s * (s - 1) // 2 for s in sizes) * cycles
    per = [(s - 1) * cycles for s in sizes]
    advice = FieldAdvice(Verdict.ONE_GROUP, players, r, limit=players) if len(sizes) == 1 \
        else FieldAdvice(length_verdict(r), players, r)
    return Shape(r, games, (min(per), max(per)), sizes, players, advice=(advice,))


def swiss_shape(players: int, rounds: int | None = None) -> Shape:
    """A Swiss of ``rounds`` (default log2(N) + 1); more than N - 1 rounds cannot exist."""
    _field(players)
    n = players
    r = rounds if rounds is not None else swiss_rounds(n)[0]
    if not 1 <= r <= n - 1:
        raise ValueError(Message("a Swiss of {n} players has at most {count} round, and fewer"
                                 " are safe ({safe} always pair), not {rounds}",
                                 "a Swiss of {n} players has at most {count} rounds, and fewer"
                                 " are safe ({safe} always pair), not {rounds}", n=n,
                                 count=n - 1, safe=swiss_safe_rounds(n), rounds=r))
    safe = swiss_safe_rounds(n)
    verdict = Verdict.SWISS_SAFE if r <= safe else Verdict.SWISS_RISKY
    return Shape(r, r * (n // 2), (r - n % 2, r), players=n,
                 advice=(FieldAdvice(verdict, n, r, limit=safe, usual=swiss_rounds(n)),))


def scheveningen_shape(players: int, cycles: int = 1) -> Shape:
    """Two teams of ``players / 2``: each player meets the other team once per cycle."""
    _field(players)
    if players % 2:
        raise ValueError(Message("a Scheveningen needs two teams of equal size (an even total)"))
    team = players // 2
    r = team * cycles
    return Shape(r, team * team * cycles, (r, r), players=players, open_field=False,
                 advice=(_length_advice(players, r, open_field=False),))


def knockout_shape(players: int, games: tuple[int, ...] = (1,)) -> Shape:
    """A seeded knockout; ``games`` are the regular games of a match in each round.

    The last entry repeats for rounds beyond it (``(2, 2, 4)``: two-game
    matches, a four-game final when there are three rounds). Tie-break games
    are not counted: they are only played when a match is level.
    """
    _field(players)
    if not games or min(games) < 1:
        raise ValueError(Message("a match has at least one game"))
    k = knockout_rounds(players)
    per_round = tuple(games[min(r, len(games) - 1)] for r in range(k))
    slots = 1 << k
    byes = slots - players
    matches = [players - slots // 2] + [slots >> (r + 1) for r in range(1, k)]
    total = sum(m * g for m, g in zip(matches, per_round, strict=True))
    fewest = min([per_round[0]] + ([per_round[1]] if byes and k > 1 else []))
    verdict = Verdict.BYES if byes else Verdict.FULL_BRACKET
    return Shape(sum(per_round), total, (fewest, sum(per_round)), players=players,
                 open_field=False, advice=(FieldAdvice(verdict, players, k, limit=byes),),
                 round_games=per_round)


# ---------------------------------------------------------------- the plan


@dataclass(frozen=True, slots=True)
class Session:
    """The club's evenings; ``evenings_available`` is the season's budget if known.

    ``evening_minutes`` is the length of the club's evening when the organiser has said
    it; None (the default) compares nothing with an evening: a length nobody set would
    call a plan too long (or fine) against a calendar that is not the club's.
    """

    evening_minutes: int | None = None
    rounds_per_evening: int = 1
    changeover_minutes: int = 15
    long_game_moves: int = 60
    evenings_available: int | None = None
    evenings_per_week: int = 1
    # The most play in one day of a congress: the FIDE rating regulations' 12 hours,
    # counted, as here, on games of 60 moves.
    day_minutes: int = 720


class Advice(Enum):
    QUADS = "quads"
    SWISS = "swiss"
    DOUBLE_SESSION = "double_session"  # two rounds per sitting
    FASTER_TIME_CONTROL = "faster_time_control"


@dataclass(frozen=True, slots=True)
class Suggestion:
    """An alternative with its own figures.

    ``minutes`` is the length the sitting needs (DOUBLE_SESSION) or the base
    minutes per player that would fit an evening (FASTER_TIME_CONTROL).
    """

    advice: Advice
    rounds: int
    evenings: int
    minutes: int | None = None


@dataclass(frozen=True, slots=True)
class Plan:
    """One event's figures under a time control and the club's sessions."""

    shape: Shape
    time_control: TimeControl
    session: Session
    game_minutes: int
    round_minutes: int
    evenings: int
    fits_evening: bool | None  # None: no evening length was given
    fits_season: bool | None
    suggestions: tuple[Suggestion, ...]

    @property
    def players(self) -> int:
        return self.shape.players

    @property
    def weeks(self) -> int:
        return math.ceil(self.evenings / self.session.evenings_per_week)

    @property
    def fits(self) -> bool:
        return self.fits_evening is not False and self.fits_season is not False


def _evenings(rounds: int, per_evening: int) -> int:
    return math.ceil(rounds / per_evening)


def worst_round_minutes(time_control: TimeControl, session: Session) -> tuple[int, int]:
    """The longest a game and a round (the game plus the changeover) can take, in minutes."""
    game = math.ceil(time_control.game_minutes(session.long_game_moves))
    return game, game + session.changeover_minutes


def plan(shape: Shape, time_control: TimeControl, session: Session | None = None) -> Plan:
    """The figures for one event (its :class:`Shape`), and what to do when it does not fit.

    Other formats are only suggested for an open field (not a team match) and
    only when they are shorter than this one.
    """
    session = session or Session()
    evening = session.evening_minutes
    if min(session.rounds_per_evening, evening if evening is not None else 1,
           session.evenings_per_week) < 1:
        raise ValueError("evening length, rounds per evening and evenings a week must be positive")
    sh, players = shape, shape.players
    game, round_len = worst_round_minutes(time_control, session)
    k = session.rounds_per_evening
    evenings = _evenings(sh.rounds, k)
    fits_evening = None if evening is None else k * round_len <= evening
    budget = session.evenings_available
    fits_season = None if budget is None else evenings <= budget

    out: list[Suggestion] = []
    if fits_evening is False and evening is not None:
        per_round = evening / k - session.changeover_minutes
        per_move = session.long_game_moves * (time_control.increment + time_control.delay) / 60
        base = math.floor(per_round / 2 - per_move)
        if base >= 5:
            out.append(Suggestion(Advice.FASTER_TIME_CONTROL, sh.rounds, evenings, base))
    if fits_season is False and budget is not None:
        if sh.open_field and players >= 8:
            q = quads_shape(players)
            if q.rounds < sh.rounds:
                out.append(Suggestion(Advice.QUADS, q.rounds, _evenings(q.rounds, k)))
        if sh.open_field and players > 4:
            lo, hi = swiss_rounds(players)
            fitting = [r for r in (hi, lo) if _evenings(r, k) <= budget]
            r = fitting[0] if fitting else lo
            if r < sh.rounds:
                out.append(Suggestion(Advice.SWISS, r, _evenings(r, k)))
        if k == 1 and sh.rounds > 1:
            out.append(
                Suggestion(Advice.DOUBLE_SESSION, sh.rounds, _evenings(sh.rounds, 2), 2 * round_len)
            )
    return Plan(sh, time_control, session, game, round_len, evenings, fits_evening, fits_season,
                tuple(out))
