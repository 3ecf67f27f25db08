"""Planning aid: how long an event takes before anyone sits down.

An organiser deciding between a round robin and a Swiss wants four numbers:
rounds, games, games per player, and how many club evenings (weeks) it all
takes. The last one depends on the worst case of a round, because an evening
that overruns on the last board is the complaint organisers remember:

    worst-case game = both players use their whole clock, every period they
    reach included, plus the increment (or delay) on every move of a long
    game (60 moves unless told otherwise);
    worst-case round = worst-case game + changeover (set-up, results, 15 min).

When the plan does not fit (a round longer than an evening, or more evenings
than the season has) :func:`plan` adds suggestions in the spirit of the
organisers' guides: quads or a Swiss instead of a big round robin, a double
session (two rounds a sitting, e.g. a weekend day), or the slowest time
control that would fit an evening. Suggestions are data (an :class:`Advice`
and numbers), so the CLI and the site phrase them in their own words.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from enum import Enum

from leaguegen.domain.schedule.knockout import round_count as knockout_rounds
from leaguegen.domain.schedule.quads import DEFAULT_RULE, GroupingRule, group_sizes

# ---------------------------------------------------------------- time controls


@dataclass(frozen=True, slots=True)
class Period:
    """A slice of clock time: ``minutes`` for ``moves`` moves (None = rest of the game)."""

    minutes: float
    moves: int | None = None


@dataclass(frozen=True, slots=True)
class TimeControl:
    """Periods in order, plus a per-move increment or delay in seconds (from move 1)."""

    periods: tuple[Period, ...]
    increment: int = 0
    delay: int = 0

    def player_minutes(self, moves: int) -> float:
        """Most clock time one player can use in a game of ``moves`` moves.

        A period's time counts once the player has reached it; a delay is
        bounded like an increment (at most ``delay`` seconds per move).
        """
        total, played = 0.0, 0
        for p in self.periods:
            if played >= moves and total:
                break
            total += p.minutes
            if p.moves is None:
                break
            played += p.moves
        return total + moves * (self.increment + self.delay) / 60

    def game_minutes(self, moves: int = 60) -> float:
        """Worst-case wall-clock length of one game: both clocks run out."""
        return 2 * self.player_minutes(moves)

    @property
    def label(self) -> str:
        """Canonical spelling: FIDE style ``90/40+30+30s``; US style ``G/60;d5`` with a delay."""
        if self.delay:
            parts = [f"{p.moves}/{_num(p.minutes)}" for p in self.periods if p.moves]
            parts.append(("SD/" if parts else "G/") + _num(self.periods[-1].minutes))
            return (
                ",".join(parts)
                + f";d{self.delay}"
                + (f";inc{self.increment}" if self.increment else "")
            )
        parts = [_num(p.minutes) + (f"/{p.moves}" if p.moves else "") for p in self.periods]
        text = "+".join(parts)
        if self.increment:
            text += f"+{self.increment}s"
        return text


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else str(x)


_NUMBER = r"\d+(?:\.\d+)?"


def _minutes(token: str, text: str) -> float:
    token = re.sub(r"(min|m|')$", "", token)
    if not re.fullmatch(_NUMBER, token):
        raise ValueError(f"time control {text!r}: {token!r} is not a number of minutes")
    return float(token)


def _seconds(token: str, text: str) -> int:
    token = re.sub(r"(sec|s|\")$", "", token)
    if not re.fullmatch(r"\d+", token):
        raise ValueError(f"time control {text!r}: {token!r} is not a number of seconds")
    return int(token)


def parse_time_control(text: str) -> TimeControl:
    """Read the usual spellings of a time control.

    FIDE style, minutes first: ``90+30`` (90 min, 30 s a move), ``90/40+30+30``
    (90 min for 40 moves, then 30 min, 30 s a move from move 1),
    ``120/40+60/20+15+30``, ``60`` (sudden death), ``15|10``.
    US style, recognised by ``G/``, ``SD/``, ``,`` or ``;``, moves first:
    ``G/60;d5`` (game in 60, 5 s delay), ``G/90;inc30``, ``40/90,SD/30;d5``.
    """
    raw = text
    s = text.strip().lower().replace(" ", "").replace("|", "+")
    if not s:
        raise ValueError("empty time control")
    if "g/" in s or "sd/" in s or ";" in s or "," in s:
        return _parse_us(s, raw)
    tokens = s.split("+")
    counted = []
    while tokens and "/" in tokens[0]:
        mins, _, moves = tokens.pop(0).partition("/")
        if not moves.isdigit() or int(moves) < 1:
            raise ValueError(f"time control {raw!r}: {moves!r} is not a number of moves")
        counted.append(Period(_minutes(mins, raw), int(moves)))
    if not tokens:
        raise ValueError(f"time control {raw!r} has no final (sudden-death) period")
    periods = (*counted, Period(_minutes(tokens.pop(0), raw)))
    increment = _seconds(tokens.pop(0), raw) if tokens else 0
    if tokens:
        raise ValueError(f"time control {raw!r}: unexpected {'+'.join(tokens)!r}")
    return TimeControl(periods, increment)


def _parse_us(s: str, raw: str) -> TimeControl:
    main, *suffixes = s.split(";")
    increment = delay = 0
    if "+" in main:
        main, inc = main.split("+", 1)
        increment = _seconds(inc, raw)
    for suffix in suffixes:
        if m := re.fullmatch(r"(?:d|delay)/?(\d+)s?", suffix):
            delay = int(m.group(1))
        elif m := re.fullmatch(r"(?:inc|i|\+)/?(\d+)s?", suffix):
            increment = int(m.group(1))
        elif suffix:
            raise ValueError(
                f"time control {raw!r}: {suffix!r} is neither a delay nor an increment"
            )
    periods = []
    parts = [p for p in main.split(",") if p]
    for i, part in enumerate(parts):
        if m := re.fullmatch(r"(?:g|sd)/?(" + _NUMBER + ")", part):
            if i != len(parts) - 1:
                raise ValueError(f"time control {raw!r}: sudden death must come last")
            periods.append(Period(float(m.group(1))))
        elif m := re.fullmatch(r"(\d+)/(" + _NUMBER + ")", part):
            periods.append(Period(float(m.group(2)), int(m.group(1))))
        else:
            raise ValueError(f"time control {raw!r}: cannot read {part!r}")
    if not periods or periods[-1].moves is not None:
        raise ValueError(f"time control {raw!r} has no final (sudden-death) period")
    return TimeControl(tuple(periods), increment, delay)


# ---------------------------------------------------------------- formats


class Format(Enum):
    ROUND_ROBIN = "round_robin"
    DOUBLE_ROUND_ROBIN = "double_round_robin"
    QUADS = "quads"
    SWISS = "swiss"
    SCHEVENINGEN = "scheveningen"
    DOUBLE_SCHEVENINGEN = "double_scheveningen"
    KNOCKOUT = "knockout"


def swiss_rounds(players: int) -> tuple[int, int]:
    """Sensible Swiss lengths: about log2(N) + 1 to log2(N) + 2 rounds.

    log2(N) rounds is the fewest that can leave one player on a perfect
    score; one or two more let the top separate. Capped at N - 1.
    """
    if players < 2:
        raise ValueError("a Swiss needs at least two players")
    base = math.ceil(math.log2(players))
    cap = players - 1
    return min(base + 1, cap), min(base + 2, cap)


@dataclass(frozen=True, slots=True)
class Shape:
    """What a format means for a field: rounds, games, and games per player (fewest, most)."""

    rounds: int
    games: int
    games_per_player: tuple[int, int]
    groups: tuple[int, ...] = ()


def shape(
    fmt: Format,
    players: int,
    rounds: int | None = None,
    games_per_match: int = 1,
    rule: GroupingRule = DEFAULT_RULE,
) -> Shape:
    """Rounds and games of ``fmt`` for ``players`` entrants.

    ``rounds`` only applies to a Swiss (default: log2(N) + 1); a knockout
    counts ``games_per_match`` regular games per match and no tie-breaks.
    """
    n = players
    if n < 2:
        raise ValueError("an event needs at least two players")
    if fmt in (Format.ROUND_ROBIN, Format.DOUBLE_ROUND_ROBIN):
        cycles = 2 if fmt is Format.DOUBLE_ROUND_ROBIN else 1
        r = (n + n % 2 - 1) * cycles
        return Shape(r, n * (n - 1) // 2 * cycles, ((n - 1) * cycles, (n - 1) * cycles))
    if fmt is Format.QUADS:
        sizes = group_sizes(n, rule)
        cycles = 2 if rule.double else 1
        r = max(s + s % 2 - 1 for s in sizes) * cycles
        games = sum(s * (s - 1) // 2 for s in sizes) * cycles
        per = [(s - 1) * cycles for s in sizes]
        return Shape(r, games, (min(per), max(per)), sizes)
    if fmt is Format.SWISS:
        r = rounds if rounds is not None else swiss_rounds(n)[0]
        if not 1 <= r <= n - 1:
            raise ValueError(f"a Swiss of {n} players has 1 to {n - 1} rounds, not {r}")
        return Shape(r, r * (n // 2), (r - n % 2, r))
    if fmt in (Format.SCHEVENINGEN, Format.DOUBLE_SCHEVENINGEN):
        if n % 2:
            raise ValueError("a Scheveningen needs two teams of equal size (an even total)")
        cycles = 2 if fmt is Format.DOUBLE_SCHEVENINGEN else 1
        team = n // 2
        return Shape(team * cycles, team * team * cycles, (team * cycles, team * cycles))
    # knockout
    g = games_per_match
    if g < 1:
        raise ValueError("a match has at least one game")
    k = knockout_rounds(n)
    return Shape(k * g, (n - 1) * g, (g, k * g))


# ---------------------------------------------------------------- the plan


@dataclass(frozen=True, slots=True)
class Session:
    """The club's evenings; ``evenings_available`` is the season's budget if known."""

    evening_minutes: int = 180
    rounds_per_evening: int = 1
    changeover_minutes: int = 15
    long_game_moves: int = 60
    evenings_available: int | None = None
    evenings_per_week: int = 1


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
    fmt: Format
    players: int
    shape: Shape
    time_control: TimeControl
    session: Session
    game_minutes: int
    round_minutes: int
    evenings: int
    fits_evening: bool
    fits_season: bool | None
    suggestions: tuple[Suggestion, ...]

    @property
    def weeks(self) -> int:
        return math.ceil(self.evenings / self.session.evenings_per_week)

    @property
    def fits(self) -> bool:
        return self.fits_evening and self.fits_season is not False


def _evenings(rounds: int, per_evening: int) -> int:
    return math.ceil(rounds / per_evening)


def plan(
    fmt: Format,
    players: int,
    time_control: TimeControl,
    session: Session | None = None,
    rounds: int | None = None,
    games_per_match: int = 1,
    rule: GroupingRule = DEFAULT_RULE,
) -> Plan:
    """The figures for one event, and what to do instead when it does not fit."""
    session = session or Session()
    if min(session.rounds_per_evening, session.evening_minutes, session.evenings_per_week) < 1:
        raise ValueError("evening length, rounds per evening and evenings a week must be positive")
    sh = shape(fmt, players, rounds, games_per_match, rule)
    game = math.ceil(time_control.game_minutes(session.long_game_moves))
    round_len = game + session.changeover_minutes
    k = session.rounds_per_evening
    evenings = _evenings(sh.rounds, k)
    fits_evening = k * round_len <= session.evening_minutes
    budget = session.evenings_available
    fits_season = None if budget is None else evenings <= budget

    out: list[Suggestion] = []
    if not fits_evening:
        per_round = session.evening_minutes / k - session.changeover_minutes
        per_move = session.long_game_moves * (time_control.increment + time_control.delay) / 60
        base = math.floor(per_round / 2 - per_move)
        if base >= 5:
            out.append(Suggestion(Advice.FASTER_TIME_CONTROL, sh.rounds, evenings, base))
    if fits_season is False:
        if fmt in (Format.ROUND_ROBIN, Format.DOUBLE_ROUND_ROBIN) and players >= 8:
            q = shape(Format.QUADS, players, rule=rule)
            out.append(Suggestion(Advice.QUADS, q.rounds, _evenings(q.rounds, k)))
        if fmt in (Format.ROUND_ROBIN, Format.DOUBLE_ROUND_ROBIN, Format.QUADS) and players > 4:
            lo, hi = swiss_rounds(players)
            fitting = [r for r in (hi, lo) if _evenings(r, k) <= budget]
            r = fitting[0] if fitting else lo
            if r < sh.rounds:
                out.append(Suggestion(Advice.SWISS, r, _evenings(r, k)))
        if k == 1 and sh.rounds > 1:
            out.append(
                Suggestion(Advice.DOUBLE_SESSION, sh.rounds, _evenings(sh.rounds, 2), 2 * round_len)
            )
    return Plan(
        fmt,
        players,
        sh,
        time_control,
        session,
        game,
        round_len,
        evenings,
        fits_evening,
        fits_season,
        tuple(out),
    )
