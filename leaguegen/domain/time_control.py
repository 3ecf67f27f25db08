"""Time controls as organisers write them, and the worst case of a game under one.

One parser for every spelling the guides and the season files use, so the
``plan`` command and the pages' planning block read the same text the same way:

- FIDE style, minutes first: ``90+30`` (90 minutes, 30 seconds a move),
  ``90/40+30+30s`` (90 minutes for 40 moves, then 30 minutes, 30 seconds a move
  from move 1), ``120/40+60/20+15+30``, ``60`` (sudden death), ``15|10``,
  ``90' + 30s``.
- US style, moves first, recognised by ``G/``, ``SD/``, ``,``, ``;`` or a delay:
  ``G/25;d5``, ``G/25 d5`` (game in 25, 5-second delay), ``G/25 +5`` and
  ``G/45+5`` (5-second increment), ``G/90;inc30``, ``40/90, SD/30; d5``,
  ``Game/60``.
- Words: "90 minutes + 30 seconds per move", "75 min + 15 s a move",
  "90 minutes for 40 moves, then 30 minutes, 30 seconds a move from move 1",
  "game in 60 minutes with a 5-second delay", and the same in the languages
  the site is published in ("90 минут + 30 секунд на ход", "每方60分钟，每步加30秒",
  "٩٠ دقيقة + ٣٠ ثانية لكل نقلة"); digits of any script count.

Anything else is a ``ValueError`` saying what could not be read, so a caller
that only shows timing when it understands the text can simply leave it out.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass


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


def parse_time_control(text: str) -> TimeControl:
    """The time control ``text`` spells (see the module docstring); ValueError otherwise.

    The notations are tried first; text they cannot read is read as words, and
    the notation's own complaint is the one reported when the words fail too.
    """
    raw = text
    s = _ascii_digits(text).strip().lower()
    if not s:
        raise ValueError("empty time control")
    try:
        if _US_STYLE.search(s):
            return _parse_us(s, raw)
        return _parse_fide(s, raw)
    except ValueError as notation_error:
        try:
            return _parse_words(s, raw)
        except ValueError:
            raise notation_error from None


def _ascii_digits(text: str) -> str:
    """Digits of any script (٩٠, ९०) as 0-9, so every reader below sees one alphabet."""
    return "".join(str(unicodedata.decimal(c)) if c.isdecimal() else c for c in text)


# ---------------------------------------------------------------- FIDE notation


def _minutes(token: str, text: str) -> float:
    token = re.sub(r"(min|m|')$", "", token)
    if not re.fullmatch(_NUMBER, token):
        raise ValueError(f"time control {text!r}: {token!r} is not a number of minutes")
    return float(token)


def _seconds(token: str, text: str) -> int:
    token = re.sub(r"(sec|s|\"|'')$", "", token)
    if not re.fullmatch(r"\d+", token):
        raise ValueError(f"time control {text!r}: {token!r} is not a number of seconds")
    return int(token)


def _parse_fide(s: str, raw: str) -> TimeControl:
    tokens = s.replace(" ", "").replace("|", "+").split("+")
    counted = []
    while tokens and "/" in tokens[0]:
        mins, _, moves = tokens.pop(0).partition("/")
        if not moves.isdigit() or int(moves) < 1:
            raise ValueError(f"time control {raw!r}: {moves!r} is not a number of moves")
        counted.append(Period(_minutes(mins, raw), int(moves)))
    if not tokens or not tokens[0]:
        raise ValueError(f"time control {raw!r} has no final (sudden-death) period")
    periods = (*counted, Period(_minutes(tokens.pop(0), raw)))
    increment = _seconds(tokens.pop(0), raw) if tokens else 0
    if tokens:
        raise ValueError(f"time control {raw!r}: unexpected {'+'.join(tokens)!r}")
    return _checked(TimeControl(periods, increment), raw)


# ---------------------------------------------------------------- US notation

# G/, SD/, Game/, a ';' or ',' between parts, or a delay written d5 / d/5 after a number.
_US_STYLE = re.compile(r"\b(?:g|sd|game)\s*/|[;,]|\d\s*d\s*/?\s*\d|\bd\s*/?\s*\d|\binc\b")


def _parse_us(s: str, raw: str) -> TimeControl:
    s = re.sub(r"\bgame\s*/", "g/", s)
    s = re.sub(r"(\d)\s*(d|delay|inc)(?=\s*/?\s*\d)", r"\1 \2", s)  # G/25d5 -> G/25 d5
    s = re.sub(r"\b(d|delay|inc|i)\s*/?\s*(\d)", r"\1\2", s)  # d 5, d/5 -> d5
    s = re.sub(r"\s*\+\s*", " +", s)  # G/45+5, G/25 + 5 -> G/45 +5
    increment = delay = 0
    periods: list[Period] = []
    for token in (t for t in re.split(r"[;,\s]+", s) if t):
        if m := re.fullmatch(r"(?:g|sd)/?(" + _NUMBER + r")", token):
            if periods and periods[-1].moves is None:
                raise ValueError(f"time control {raw!r}: two sudden-death periods")
            periods.append(Period(float(m.group(1))))
        elif m := re.fullmatch(r"(\d+)/(" + _NUMBER + ")", token):
            if periods and periods[-1].moves is None:
                raise ValueError(f"time control {raw!r}: sudden death must come last")
            periods.append(Period(float(m.group(2)), int(m.group(1))))
        elif m := re.fullmatch(r"(?:d|delay)(\d+)s?", token):
            delay = int(m.group(1))
        elif m := re.fullmatch(r"(?:inc|i|\+)(\d+)s?", token):
            increment = int(m.group(1))
        else:
            what = "neither a delay nor an increment" if periods else "not a period"
            raise ValueError(f"time control {raw!r}: cannot read {token!r} ({what})")
    if not periods or periods[-1].moves is not None:
        raise ValueError(f"time control {raw!r} has no final (sudden-death) period")
    return _checked(TimeControl(tuple(periods), increment, delay), raw)


# ---------------------------------------------------------------- words

_UNITS = {
    "hours": r"h|hrs?|hours?|час(?:а|ов)?|ч|小时|ساعات|ساعتان|ساعة",
    "minutes": r"m|mins?|minutes?|'|′|мин(?:ут[аы]?|\.)?|分钟|分|دقائق|دقيقتان|دقيقة",
    "seconds": r"s|secs?|seconds?|\"|″|''|сек(?:унд[аы]?|\.)?|秒|ثوانٍ|ثواني|ثوان|ثانيتان|ثانية",
    "moves": r"moves?|ходов|хода|ход|步|نقلات|نقلة",
}
_UNIT = "|".join(f"(?P<{name}>{pattern})" for name, pattern in _UNITS.items())
# A number and its unit ("90 minutes", "5-second", "30s"); a Latin or Cyrillic unit must end
# there ("30 moves" is not "30 m"), Chinese and Arabic run on without spaces.
_QUANTITY = re.compile(r"(?P<n>" + _NUMBER + r")\s*-?\s*(?:" + _UNIT + r")(?![a-zа-яё])")
_FROM_MOVE = re.compile(r"(?:move|ход[а]?)\s*(?:no\.?\s*)?\d+")  # "from move 1"
_GAME_IN = re.compile(r"\bgame\s+in\s+(\d+)\b(?!\s*-?\s*(?:h|min))")  # "game in 60"
_DELAY = re.compile(r"delay|задержк|延时|延迟|تأخير")
_CLAUSE = re.compile(r"[,;+，；、]")
_ANY_NUMBER = re.compile(_NUMBER)


def _parse_words(s: str, raw: str) -> TimeControl:
    """A time control in words: every number must carry a unit (minutes, moves, seconds).

    A number of moves belongs to the period it follows ("90 minutes for 40
    moves") or, when none is waiting for one, to the period after it ("40 moves
    in 120 minutes"); seconds are the increment unless their clause says delay.
    """
    text = _GAME_IN.sub(r"\1 min", _FROM_MOVE.sub(" ", s))
    pieces: list[tuple[str, float, int]] = []  # (unit, value, position)
    covered = []
    for m in _QUANTITY.finditer(text):
        unit = next(name for name in _UNITS if m.group(name) is not None)
        pieces.append((unit, float(m.group("n")), m.start()))
        covered.append((m.start(), m.end()))
    for m in _ANY_NUMBER.finditer(text):
        if not any(a <= m.start() < b for a, b in covered):
            raise ValueError(f"time control {raw!r}: {m.group()!r} has no unit")
    minutes: list[float] = []
    moves: list[int | None] = []
    waiting: int | None = None
    increment = delay = 0
    last = ""
    for unit, value, where in pieces:
        if unit in ("hours", "minutes"):
            minutes.append(value * 60 if unit == "hours" else value)
            moves.append(waiting)
            waiting = None
        elif unit == "moves":
            if last in ("hours", "minutes") and moves[-1] is None:
                moves[-1] = int(value)
            else:
                waiting = int(value)
        else:
            if not value.is_integer():
                raise ValueError(f"time control {raw!r}: seconds must be whole")
            clause = _CLAUSE.split(text[:where])[-1] + _CLAUSE.split(text[where:])[0]
            if _DELAY.search(clause):
                delay = int(value)
            else:
                increment = int(value)
        last = unit
    if not minutes:
        raise ValueError(f"time control {raw!r}: no minutes or hours in it")
    if waiting is not None or moves[-1] is not None:
        raise ValueError(f"time control {raw!r} has no final (sudden-death) period")
    periods = tuple(Period(m, n) for m, n in zip(minutes, moves, strict=True))
    return _checked(TimeControl(periods, increment, delay), raw)


def _checked(tc: TimeControl, raw: str) -> TimeControl:
    if not tc.periods[0].minutes and not tc.increment + tc.delay:
        raise ValueError(f"time control {raw!r} gives no time at all")
    return tc
