"""FIDE Tournament Report File (TRF16 / TRF-2026) with the pairing-engine extensions.

Reading is tolerant because real exports are not tidy (CRLF or LF, ruler lines,
lower-case codes, missing trailing blocks, UTF-8 names); anything odd that can
still be understood is kept and reported in ``TrfDocument.warnings`` rather
than refused. Writing is strict and canonical, so ``dumps(loads(dumps(d)))``
is byte-identical to ``dumps(d)``.

Columns are 1-based in the FIDE text; the slices below are 0-based.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from fractions import Fraction

from leaguegen.domain.model import (
    STANDARD_SCORING,
    Code,
    Colour,
    Crosstable,
    Player,
    PlayerRecord,
    RoundEntry,
    Scoring,
)
from leaguegen.domain.names import trf_name
from leaguegen.errors import InputError, Message, Problem

# A season file's sex letter as the TRF writes it: FIDE's m / w; "f" (which seasons and
# some TRFs write) becomes "w".
TRF_SEX = {"f": "w"}

FIRST_BLOCK = 91  # column 92
BLOCK = 10

_CODES = {c.value: c for c in Code if c is not Code.PENDING}
# (Reading speed: ``Colour(text)`` and the members' properties cost microseconds per
# round block; these give the same members.)
_COLOUR_OF = {c.value: c for c in Colour}
_BYE_CODES = tuple(c for c in Code if c.is_bye)
_PLAYED_CODES = tuple(c for c in Code if c.played)
_FORFEIT_LOSS, _FORFEIT_WIN, _FULL_BYE, _ZERO_BYE, _PAIRING_BYE = (
    Code.FORFEIT_LOSS, Code.FORFEIT_WIN, Code.FULL_BYE, Code.ZERO_BYE, Code.PAIRING_BYE)


@dataclass(frozen=True, slots=True)
class TrfPlayer:
    """One ``001`` line, with the fields as TRF defines them."""

    number: int
    name: str
    rounds: tuple[RoundEntry | None, ...]
    sex: str = ""
    title: str = ""
    rating: int | None = None
    federation: str = ""
    fide_id: int | None = None
    birth: str = ""
    points: Fraction | None = None  # as written in cols 81-84
    rank: int | None = None
    line: int = field(default=0, compare=False, repr=False)  # where it was read (0: made)

    def as_player(self) -> Player:
        return Player(
            name=self.name,
            rating=self.rating,
            federation=self.federation or None,
            title=self.title or None,
            fide_id=self.fide_id,
            sex=self.sex or None,
            birth=self.birth or None,
        )


@dataclass(slots=True)
class TrfDocument:
    """A whole TRF file; ``headers`` keeps the ``xx2`` records in file order."""

    players: list[TrfPlayer]
    headers: list[tuple[str, str]] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)
    rounds_total: int | None = None  # XXR (or 142)
    # player 1's colour in round 1: XXC white1 / black1, else record 152, else inferred
    # from round 1 (:func:`_first_colour`); ``initial_colour_from`` says which
    initial_colour: Colour | None = None
    initial_colour_from: str | None = field(default=None, compare=False)
    acceleration: dict[int, tuple[Fraction, ...]] = field(default_factory=dict)  # XXA
    forbidden: list[tuple[int, ...]] = field(default_factory=list)  # XXP
    absent_next: tuple[int, ...] = ()  # XXZ
    extra: list[str] = field(default_factory=list)  # unknown records, kept verbatim
    warnings: list[str] = field(default_factory=list)
    # where extension records were read: ("XXR",), ("XXA", n), ("XXP", i), ("XXZ", n) -> line
    lines: dict[tuple, int] = field(default_factory=dict, compare=False, repr=False)

    def header(self, code: str) -> str | None:
        for c, text in self.headers:
            if c == code:
                return text
        return None

    @property
    def name(self) -> str:
        return self.header("012") or ""

    @property
    def rounds_in_file(self) -> int:
        return max((len(p.rounds) for p in self.players), default=0)

    @property
    def rounds_paired(self) -> int:
        """Rounds already paired: the last round where anyone took part in a pairing.

        A requested bye (H/Z/F) in the following column only marks an absence, unless
        every player has one there: then that round is over too.
        """
        done = 0
        for p in self.players:
            rounds = p.rounds
            # A player's last entry decides: it counts i or i - 1, every earlier
            # one at most i - 1.
            i = len(rounds)
            while i > done and rounds[i - 1] is None:
                i -= 1
            if i <= done:
                continue
            e = rounds[i - 1]
            if e.opponent is not None or e.code is _PAIRING_BYE or e.code is _FORFEIT_WIN:
                done = i
            elif i - 1 > done:
                done = i - 1
        # A column after them where every player has a bye (H, Z, F, U-less) is a round
        # nobody could be paired in: it is over, and the next one is to be paired
        # (bbpPairings reads it so; pairing it again would give no board, for ever).
        if self.players and all(done < len(p.rounds) and p.rounds[done] is not None
                                for p in self.players):
            done += 1
        return done


# ---------------------------------------------------------------- reading

MAX_NUMBER = 9999  # four columns
MAX_ROUNDS = 999  # XXR; a file's lines are limited long before that
MAX_VIRTUAL = 1000  # XXA points per round

# the two sides of one game, as the two lines must write them
_AGREE = {
    Code.WIN: {Code.LOSS}, Code.LOSS: {Code.WIN}, Code.DRAW: {Code.DRAW},
    Code.WIN_UNRATED: {Code.LOSS_UNRATED}, Code.LOSS_UNRATED: {Code.WIN_UNRATED},
    Code.DRAW_UNRATED: {Code.DRAW_UNRATED},
    Code.FORFEIT_WIN: {Code.FORFEIT_LOSS},
    Code.FORFEIT_LOSS: {Code.FORFEIT_WIN, Code.FORFEIT_LOSS},  # "- -": a double forfeit
}


# (``_AGREE`` by the codes' letters: a Code's hash is a Python call, two per game)
_AGREE_LETTERS = {a._value_: {b._value_ for b in bs} for a, bs in _AGREE.items()}


class _Bad(ValueError):
    """A field that cannot be read, with its 1-based column."""

    def __init__(self, col: int, message: str):
        super().__init__(message)
        self.col = col


def _field(line: str, start: int, end: int) -> str:
    """Columns start..end (1-based, inclusive), stripped."""
    return line[start - 1 : end].strip()


def _digits(text: str) -> bool:
    """ASCII digits only (``str.isdigit`` also takes '²' and other scripts' digits)."""
    return bool(text) and text.isascii() and text.isdigit()


def _number(text: str, col: int, what: str, low: int = 1, high: int = MAX_NUMBER) -> int:
    if not _digits(text) or len(text) > 9 or not low <= int(text) <= high:
        raise _Bad(col, Message("{what} must be a whole number from {low} to {high}, not "
                                "'{text}'",
                                what=what, low=low, high=high, text=text))
    return int(text)


_POINTS = re.compile(r"[0-9]{1,4}(\.[0-9]{1,3})?")


def _fraction(text: str, col: int, what: str) -> Fraction:
    """A number of points: a plain decimal such as 2 or 2.5, a multiple of a half point.

    Only digits and one point are read (no exponent, sign or fraction), so no text can
    make a huge number or a division by zero.
    """
    value = _FRACTIONS.get(text)
    if value is not None:
        return value
    value = Fraction(text) if _POINTS.fullmatch(text) else None
    if value is None or value.denominator not in (1, 2) or value > MAX_VIRTUAL:
        raise _Bad(col, Message("{what} '{text}' is not a number of points such as 2 or 2.5",
                                what=what, text=text))
    if len(_FRACTIONS) < 10_000:
        _FRACTIONS[text] = value  # (a file writes the same few scores on every line)
    return value


_FRACTIONS: dict[str, Fraction] = {}  # ``_fraction``'s accepted texts (Fractions are immutable)


# A round block's last four columns (`` c r``) -> its colour and code, for the tails read
# with an opponent: such a block's entry does not depend on which opponent it names, and
# a file writes the same few tails on every line (``_parse_block``'s checks, once each).
_TAILS: dict[str, tuple[Colour | None, Code]] = {}


def _parse_block(chunk: str, col: int) -> RoundEntry | None:
    """One round: ``oooo c r`` (opponent, colour, result) starting at column ``col``."""
    if len(chunk) == 8:
        known = _TAILS.get(chunk[4:])
        if known is not None:
            opp_text = chunk[0:4].strip()
            if opp_text.isdigit() and opp_text.isascii():
                opponent = int(opp_text)
                if opponent:
                    return RoundEntry(opponent, known[0], known[1])
        entry = _parse_block_checked(chunk, col)
        if entry is not None and entry.opponent is not None and len(_TAILS) < 1000:
            _TAILS[chunk[4:]] = (entry.colour, entry.code)
        return entry
    return _parse_block_checked(chunk, col)


def _parse_block_checked(chunk: str, col: int) -> RoundEntry | None:
    """``_parse_block`` with every check written out."""
    if not chunk.strip():
        return None
    chunk = chunk.ljust(8)
    if chunk[4] != " " or chunk[6] != " " or chunk[8:].strip():
        raise _Bad(col, Message("round block '{rstrip}' is not 'oooo c r' (opponent, colour, "
                                "result) in its ten columns",
                                rstrip=chunk.rstrip()))
    opp_text = chunk[0:4].strip()
    colour_text = chunk[5].strip().lower()
    code_text = chunk[7].strip()
    if opp_text and not _digits(opp_text):
        raise _Bad(col, Message("opponent '{opp_text}' is not a start number",
                                opp_text=opp_text))
    opponent = int(opp_text) if opp_text and int(opp_text) else None
    if colour_text not in ("w", "b", "-", ""):
        raise _Bad(col + 5, Message("colour '{chunk}' is not w, b or -", chunk=chunk[5]))
    colour = _COLOUR_OF[colour_text] if colour_text in ("w", "b") else None
    if not code_text:
        code = _ZERO_BYE
    else:
        letter = code_text.upper()
        if letter not in _CODES:
            raise _Bad(col + 7, Message("unknown result code {code_text!r}",
                                        code_text=code_text))
        code = _CODES[letter]
    if opponent is None:
        # Outcomes that need an opponent but have none: the real-file idioms.
        if code is _FORFEIT_LOSS:  # "0000 - -": not paired
            code = _ZERO_BYE
        elif code is _FORFEIT_WIN:  # "0000 - +": a bye worth a win
            code = _FULL_BYE
        elif code in _PLAYED_CODES:
            raise _Bad(col + 7, Message("result {code_text!r} without an opponent",
                                        code_text=code_text))
        colour = None
    elif code in _BYE_CODES:
        raise _Bad(col + 7, Message("result {code_text!r} is a bye, but the block names "
                                    "opponent {opponent}",
                                    code_text=code_text, opponent=opponent))
    return RoundEntry(opponent, colour, code)


def _parse_player(line: str, lineno: int, warnings: list[str], path: str) -> TrfPlayer:
    number = _number(_field(line, 5, 8), 5, "the start number")
    rating_text = _field(line, 49, 52)
    fide_text = _field(line, 58, 68)
    rank_text = _field(line, 86, 89)
    points_text = line[80:84].strip()
    if rating_text and not _digits(rating_text):
        warnings.append(Message("{path}:{lineno}:49: rating '{rating_text}' is not a number; "
                                "ignored",
                                path=path, lineno=lineno, rating_text=rating_text))
    rounds: list[RoundEntry | None] = []
    pos = FIRST_BLOCK
    while pos < len(line):
        if line[pos - 2 : pos].strip() and pos > FIRST_BLOCK:
            raise _Bad(pos - 1, Message("round blocks are ten columns apart; something is "
                                        "written between two of them"))
        rounds.append(_parse_block(line[pos : pos + 8], pos + 1))
        pos += BLOCK
    while rounds and rounds[-1] is None:
        rounds.pop()
    return TrfPlayer(
        number=number,
        sex=_field(line, 10, 10),
        title=_field(line, 11, 13),
        name=_field(line, 15, 47),
        rating=int(rating_text) if _digits(rating_text) and int(rating_text) else None,
        federation=_field(line, 54, 56),
        fide_id=int(fide_text) if _digits(fide_text) else None,
        birth=_field(line, 70, 79),
        points=_fraction(points_text, 81, "points") if points_text else None,
        rank=int(rank_text) if _digits(rank_text) else None,
        rounds=tuple(rounds),
        line=lineno,
    )


def _numbers(line: str, what: str) -> list[tuple[int, int]]:
    """The whitespace-separated start numbers after a record's code, with their columns."""
    out = []
    for m in re.finditer(r"\S+", line[3:]):
        out.append((_number(m.group(), m.start() + 4, what), m.start() + 4))
    return out


def _read_line(doc: TrfDocument, code: str, line: str, lineno: int, path: str) -> None:
    if code == "001":
        doc.players.append(_parse_player(line, lineno, doc.warnings, path))
    elif code == "XXR":
        words = line[3:].split()
        if not words:
            raise _Bad(5, Message("XXR needs the number of rounds"))
        col = line.index(words[0], 3) + 1
        doc.rounds_total = _number(words[0], col, "the number of rounds", 1, MAX_ROUNDS)
        doc.lines[("XXR",)] = lineno
    elif code == "XXC":
        words = line[3:].lower().split()
        if "white1" in words:
            doc.initial_colour, doc.initial_colour_from = Colour.WHITE, "XXC"
        elif "black1" in words:
            doc.initial_colour, doc.initial_colour_from = Colour.BLACK, "XXC"
    elif code == "XXA":
        number = _number(_field(line, 5, 8), 5, "the start number")
        values = []
        for m in re.finditer(r"\S+", line[8:]):
            values.append(_fraction(m.group(), m.start() + 9, "virtual points"))
        if number in doc.acceleration:
            raise _Bad(5, Message("XXA for player {number} is given twice (first on line "
                                  "{lines})",
                                  number=number, lines=doc.lines[('XXA', number)]))
        doc.acceleration[number] = tuple(values)
        doc.lines[("XXA", number)] = lineno
    elif code == "XXP":
        group = _numbers(line, "a start number")
        doc.lines[("XXP", len(doc.forbidden))] = lineno
        doc.forbidden.append(tuple(n for n, _ in group))
    elif code == "XXZ":
        for n, _ in _numbers(line, "a start number"):
            doc.lines.setdefault(("XXZ", n), lineno)
            doc.absent_next = doc.absent_next + (n,)
    elif len(code) == 3 and code.isdigit() and code.endswith("2"):
        doc.headers.append((code, line[4:]))
        if code == "152":
            _read_152(doc, line[4:])
        if code == "142" and doc.rounds_total is None and _digits(line[4:].strip()):
            doc.rounds_total = _number(line[4:].strip(), 5, "the number of rounds", 1,
                                       MAX_ROUNDS)
            doc.lines[("XXR",)] = lineno
    else:
        doc.extra.append(line)


def _read_152(doc: TrfDocument, text: str) -> None:
    """TRF-2026 ``152``: the colour drawn before round 1, ``W`` or ``B`` (blank: none)."""
    word = text.strip().upper()
    if not word:
        return
    if word not in ("W", "B"):
        raise _Bad(5, Message("152 (initial colour) must be W or B, not {strip!r}",
                              strip=text.strip()))
    if doc.initial_colour_from != "XXC":  # XXC, the engines' record, comes first
        doc.initial_colour = Colour.WHITE if word == "W" else Colour.BLACK
        doc.initial_colour_from = "152"


def _first_colour(players: list[TrfPlayer]) -> Colour | None:
    """Player 1's colour in round 1 as the file's first paired round shows it.

    The TRF rules (record 152) infer it "from the round-1 colour of the highest-ranked
    paired player"; this is bbpPairings' reading, step for step: take the first round
    where anyone has a colour, walk the players in pairing-number order counting
    those who took part in a pairing up to that round (a game, a forfeit, the PAB),
    and the first of them with a colour gives it, inverted if an odd number of
    paired players (a PAB) came before (round 1 alternates colours board by board).
    None when no round has a colour.
    """
    first = min((i for p in players for i, e in enumerate(p.rounds)
                 if e is not None and e.colour is not None), default=None)
    if first is None:
        return None
    paired = 0
    for p in sorted(players, key=lambda q: q.number):
        took_part = any(e is not None and (e.opponent is not None or e.code is _PAIRING_BYE
                                           or e.code is _FORFEIT_WIN)
                        for e in p.rounds[: first + 1])
        if not took_part:
            continue
        e = p.rounds[first] if first < len(p.rounds) else None
        if e is not None and e.colour is not None:
            return e.colour if paired % 2 == 0 else e.colour.opposite
        paired += 1
    return None


def loads(text: str, path: str = "<trf>") -> TrfDocument:
    """Parse TRF text; raise InputError naming every line (and column) that is wrong.

    Besides fields that cannot be read, a file is refused when it cannot describe a
    real event: a start number used twice, a round naming a player who is not in the
    file, two lines that disagree about a game, or an ``XXR`` below the rounds played.
    """
    doc = TrfDocument(players=[])
    problems: list[Problem] = []
    for lineno, line in enumerate(re.split(r"\r\n|\r|\n", text), start=1):
        if not line.strip():
            continue
        if line.startswith("###"):
            doc.comments.append(line[3:].removeprefix(" "))
            continue
        code = line[:3]
        try:
            _read_line(doc, code, line, lineno, path)
        except _Bad as exc:
            problems.append(Problem(path, lineno, exc.col, Message("{code} record: {exc}",
                                                                   code=code, exc=exc)))
        except (ValueError, IndexError) as exc:
            problems.append(Problem(path, lineno, 1, Message("cannot read {code} record: {exc}",
                                                             code=code, exc=exc)))
    if not problems:
        problems = _check(doc, path)
    if problems:
        problems.sort(key=lambda p: (p.line, p.col))
        raise InputError(problems)
    if doc.initial_colour is None:
        doc.initial_colour = _first_colour(doc.players)
        doc.initial_colour_from = "round 1" if doc.initial_colour is not None else None
    return doc


_SCORE_FIELD = re.compile(r"([WDLAPXZ])\s*(\d+(?:[.,]\d+)?)")


def scoring_record(doc: TrfDocument) -> dict[str, Fraction]:
    """TRF-2026 ``162``: each code's points (``W`` win, ``D`` draw, ``L`` loss, ``A``
    absence or forfeit loss, ``P`` PAB, ``X`` unknown), as written.

    FIDE lays the fields out at columns 6, 15, 24, ... (a code, then 4 columns of
    points); a record written with single spaces (``162 W 1.0 D 0.5 P 0.5``) reads the
    same, code by code, rather than not at all."""
    out: dict[str, Fraction] = {}
    for code, text in doc.headers:
        if code == "162":
            for letter, points in _SCORE_FIELD.findall(text):
                out.setdefault(letter, Fraction(points.replace(",", ".")))
    return out


def pab_value(doc: TrfDocument) -> Fraction | None:
    """The PAB's points from a TRF-2026 ``162`` record: its ``P`` field, else its ``W``
    (the rules' default for ``P``); None when the file has neither."""
    record = scoring_record(doc)
    return record.get("P", record.get("W"))


def file_scoring(doc: TrfDocument) -> Scoring:
    """Standard scoring, with the PAB worth what the file's 162 record says when that is
    0, a draw or a win (what a season's ``pab_score`` can say); otherwise standard."""
    value = pab_value(doc)
    units = {STANDARD_SCORING.value(u): u
             for u in (0, STANDARD_SCORING.draw, STANDARD_SCORING.win)}.get(value)
    return STANDARD_SCORING if units is None else replace(STANDARD_SCORING, pairing_bye=units)


def _check(doc: TrfDocument, path: str) -> list[Problem]:
    """Whole-file checks: hard problems are returned; mismatches of real files are warnings."""
    problems: list[Problem] = []
    by_number: dict[int, TrfPlayer] = {}
    for p in doc.players:
        if p.number in by_number:
            first = by_number[p.number].line
            problems.append(Problem(path, p.line, 5, Message("start number {number} is used "
                                                             "twice (first on line {first})",
                                                             number=p.number, first=first)))
        else:
            by_number[p.number] = p
    if problems:
        return problems
    doc.players.sort(key=lambda p: p.number)
    numbers = [p.number for p in doc.players]
    if numbers != list(range(1, len(numbers) + 1)):
        doc.warnings.append(Message("{path}: start numbers are not 1..{count} without gaps",
                                    path=path, count=len(numbers)))
    problems += _check_games(doc, by_number, path)
    for key, lineno in sorted(doc.lines.items(), key=lambda kv: kv[1]):
        if key[0] == "XXA" and key[1] not in by_number:
            problems.append(Problem(path, lineno, 5, Message("XXA names player {key}, who has "
                                                             "no 001 line",
                                                             key=key[1])))
        elif key[0] == "XXZ" and key[1] not in by_number:
            problems.append(Problem(path, lineno, 5, Message("XXZ names player {key}, who has "
                                                             "no 001 line",
                                                             key=key[1])))
        elif key[0] == "XXP":
            missing = [n for n in doc.forbidden[key[1]] if n not in by_number]
            if missing:
                problems.append(Problem(path, lineno, 5, Message("XXP names player {missing}, "
                                                                 "who has no 001 line",
                                                                 missing=missing[0])))
    if doc.rounds_total is not None and not problems:
        done = doc.rounds_paired
        if doc.rounds_total < done:
            problems.append(Problem(path, doc.lines.get(("XXR",), 0), 5,
                                    Message("the file says {count} round (XXR), but "
                                            "{done} rounds are already paired in it",
                                            "the file says {count} rounds (XXR), but "
                                            "{done} rounds are already paired in it",
                                            count=doc.rounds_total, done=done)))
    scoring = file_scoring(doc)  # a half-point PAB export sums with its PAB worth a half
    # (Per code and per sum, once: Enum hashes and Fraction arithmetic are slow.)
    units_of: dict[Code, int] = {}
    value_of: dict[int, Fraction] = {}
    for p in doc.players:
        if p.points is None:
            continue
        units = 0
        for e in p.rounds:
            if e:
                code = e.code
                u = units_of.get(code)
                if u is None:
                    u = units_of[code] = scoring.points(code)
                units += u
        computed = value_of.get(units)
        if computed is None:
            computed = value_of[units] = units * scoring.unit
        if computed != p.points:
            doc.warnings.append(
                Message("{path}: player {number} points field {float:.1f} differs from the "
                        "rounds' sum {float2:.1f}",
                        path=path, number=p.number, float=float(p.points),
                        float2=float(computed))
            )
    return problems


def _check_games(doc: TrfDocument, by_number: dict[int, TrfPlayer], path: str) -> list[Problem]:
    """Every game is written the same way on both players' lines."""
    problems: list[Problem] = []
    for p in doc.players:
        for r, e in enumerate(p.rounds, start=1):
            if e is None or e.opponent is None:
                continue
            q = by_number.get(e.opponent)
            if q is not None and e.opponent != p.number and r <= len(q.rounds):
                # (the usual case first: both lines agree, no closure made per game)
                other = q.rounds[r - 1]
                if other is not None and other.opponent == p.number and (
                        p.number > q.number
                        or (other.code._value_ in _AGREE_LETTERS.get(e.code._value_, ())
                            and (e.colour is None) == (other.colour is None)
                            and (e.colour is None or e.colour is not other.colour))):
                    continue
            col = FIRST_BLOCK + 1 + (r - 1) * BLOCK

            def bad(message: Message, col: int = col, r: int = r, line: int = p.line) -> None:
                problems.append(Problem(path, line, col, Message("round {r}: {message}",
                                                                 r=r, message=message)))

            if e.opponent == p.number:
                bad(Message("player {number} is paired against himself", number=p.number))
                continue
            if q is None:
                bad(Message("player {number}'s opponent {opponent} has no 001 line",
                            number=p.number, opponent=e.opponent))
                continue
            other = q.rounds[r - 1] if r <= len(q.rounds) else None
            if other is None or other.opponent != p.number:
                if other is None or other.opponent is None:
                    bad(Message("{number} met {number2}, but line {line} has no game in that"
                                " round", number=p.number, number2=q.number, line=q.line))
                else:
                    bad(Message("{number} met {number2}, but line {line} says {number2} met"
                                " {opponent} in that round", number=p.number, number2=q.number,
                                line=q.line, opponent=other.opponent))
                continue
            if p.number > q.number:
                continue  # each pair once, from the lower start number
            if e.colour is not None and e.colour is other.colour:
                bad(Message("{number} and {number2} both have white", number=p.number,
                            number2=q.number) if e.colour is Colour.WHITE else
                    Message("{number} and {number2} both have black", number=p.number,
                            number2=q.number), col + 5)
            elif (e.colour is None) != (other.colour is None):
                doc.warnings.append(Message("{path}:{line}: round {r}: only one of {number} and "
                                            "{number2} has a colour",
                                            path=path, line=p.line, r=r, number=p.number,
                                            number2=q.number))
            if other.code not in _AGREE.get(e.code, set()):
                bad(Message("{number} has result '{code}' against {number2}, who has"
                            " '{code2}' (line {line}); the two results must match",
                            number=p.number, code=e.code.value, number2=q.number,
                            code2=other.code.value, line=q.line), col + 7)
    return problems


def load(path: str) -> TrfDocument:
    """Read a TRF file (UTF-8; a BOM is skipped); InputError when it is not text."""
    try:
        with open(path, "rb") as fh:
            raw = fh.read()
    except IsADirectoryError:
        raise InputError([Problem(str(path), 0, 0,
                                  Message("is a folder, not a TRF file"))]) from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        col = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        raise InputError([Problem(str(path), line, col, Message("byte 0x{raw:02x} is not UTF-8 "
                                                                "text",
                                                                raw=raw[exc.start]))]) from None
    return loads(text, path)


# ---------------------------------------------------------------- writing


class TrfWriteError(ValueError):
    """A value cannot be written as TRF: a control character or too wide for its columns.

    Refused rather than cut or passed through, so a line break in a name can never
    become an extra record and a long number never shifts the columns after it.
    """


# Unicode's Cc (its 65 control characters, a fixed set) and the line and paragraph
# separators (U+0085 is in Cc)
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def field_of(who: Message, name: Message) -> Message:
    """What a write error names: ``player 3: FIDE id``, ``team 2: strength`` (each part
    a Message, so the command line says it in the reader's language)."""
    return Message("{who}: {field}", who=who, field=name)


def empty_board(round_no: int, board: int, team: str) -> Message:
    """Why a team TRF cannot be written: an empty board with no player of the team left
    to be written there as the absent one (both team writers say it)."""
    return Message("round {round_no}: board {board} of '{team}' is empty and no player of the"
                   " team fits between the boards around it to be written as the absent"
                   " player", round_no=round_no, board=board, team=team)


def _one_line(text: str, what: str) -> str:
    """``text`` if it holds no control character (a TRF record is one line)."""
    found = _CONTROL.search(text)
    if found is not None:
        raise TrfWriteError(Message("{what} contains the control character U+{ord:04X}; a TRF "
                                    "record is one line of printable text",
                                    what=what, ord=ord(found[0])))
    return text


def _put(buf: list[str], start: int, end: int, text: str, right: bool = False,
         what: str = Message("a field")) -> None:
    width = end - start + 1
    _one_line(text, what)
    if len(text) > width:
        raise TrfWriteError(Message("{what} '{text}' does not fit columns {start}-{end} "
                                    "({count} character)",
                                    "{what} '{text}' does not fit columns {start}-{end} "
                                    "({count} characters)",
                                    what=what, text=text, start=start, end=end, count=width))
    text = text.rjust(width) if right else text.ljust(width)
    if len(buf) < end:
        buf.extend(" " * (end - len(buf)))
    buf[start - 1 : end] = list(text)


def _format_points(points: Fraction) -> str:
    return f"{float(points):.1f}"


def _format_block(entry: RoundEntry | None, what: str = Message("a round")) -> str:
    if entry is None:
        return " " * 8
    if entry.opponent is not None and not 1 <= entry.opponent <= MAX_NUMBER:
        raise TrfWriteError(Message("{what}: opponent {opponent} does not fit four columns",
                                    what=what, opponent=entry.opponent))
    opp = f"{entry.opponent:4d}" if entry.opponent else "0000"
    colour = entry.colour.value if entry.colour else "-"
    if entry.code is Code.PENDING:
        raise TrfWriteError(Message("{what}: a pending game cannot be written to TRF",
                                    what=what))
    return f"{opp} {colour} {entry.code.value}"


def dump_player(p: TrfPlayer) -> str:
    """One ``001`` line; the name is cut to its 33 columns, every other field must fit.

    Written at once when every field fits (one test for control characters over all of
    them); anything else goes through :func:`_dump_player_checked`, field by field,
    which raises the error for the first field that cannot be written. The line is the
    same either way (``tests/formats/test_trf_writer.py``)."""
    number, name, sex, title, federation, birth = (p.number, p.name, p.sex, p.title,
                                                   p.federation, p.birth)
    rating = str(p.rating) if p.rating else ""
    fide_id = str(p.fide_id) if p.fide_id else ""
    points = _format_points(p.points) if p.points is not None else ""
    rank = str(p.rank) if p.rank is not None else ""
    if (type(number) is not int or not 1 <= number <= MAX_NUMBER
            or not (type(name) is type(sex) is type(title) is type(federation) is type(birth)
                    is str)
            or len(sex) > 1 or len(title) > 3 or len(rating) > 4 or len(federation) > 3
            or len(fide_id) > 11 or len(birth) > 10 or len(points) > 4 or len(rank) > 4
            or _CONTROL.search("".join((name, sex, title, rating, federation, fide_id, birth,
                                         points, rank))) is not None):
        return _dump_player_checked(p)
    line = (f"001 {number:4d} {sex:1}{title:>3} {name[:33]:33} {rating:>4} {federation:3}"
            f" {fide_id:>11} {birth:10} {points:>4} {rank:>4}")
    if p.rounds:
        blocks = []
        known = _BLOCKS
        for e in p.rounds:
            if e is None:
                blocks.append("        ")
                continue
            key = (e.opponent, e.colour, e.code)
            block = known.get(key)
            if block is None:
                opponent = e.opponent
                if e.code is Code.PENDING or (opponent is not None
                                              and not (type(opponent) is int
                                                       and 1 <= opponent <= MAX_NUMBER)):
                    return _dump_player_checked(p)
                if len(known) > 65536:
                    known.clear()
                block = known[key] = _format_block(e)
            blocks.append(block)
        line = line + "  " + "  ".join(blocks)
    return line.rstrip()


# (opponent, colour, code) -> its eight columns, for the blocks that can be written
_BLOCKS: dict[tuple, str] = {}


def _dump_player_checked(p: TrfPlayer) -> str:
    """:func:`dump_player` field by field, each checked as it is put: the reference for
    the quick path, and the one that says which field cannot be written."""
    who = Message("player {number}", number=p.number)
    if not 1 <= p.number <= MAX_NUMBER:
        raise TrfWriteError(Message("{who}: start number {number} does not fit columns 5-8",
                                    who=who, number=p.number))
    buf: list[str] = []
    _put(buf, 1, 3, "001")
    _put(buf, 5, 8, str(p.number), right=True, what=field_of(who, Message("start number")))
    _put(buf, 10, 10, p.sex, what=field_of(who, Message("sex")))
    _put(buf, 11, 13, p.title, right=True, what=field_of(who, Message("title")))
    _put(buf, 15, 47, _one_line(p.name, field_of(who, Message("name")))[:33],
         what=field_of(who, Message("name")))
    _put(buf, 49, 52, str(p.rating) if p.rating else "", right=True,
         what=field_of(who, Message("rating")))
    _put(buf, 54, 56, p.federation, what=field_of(who, Message("federation")))
    _put(buf, 58, 68, str(p.fide_id) if p.fide_id else "", right=True,
         what=field_of(who, Message("FIDE id")))
    _put(buf, 70, 79, p.birth, what=field_of(who, Message("birth date")))
    _put(buf, 81, 84, _format_points(p.points) if p.points is not None else "", right=True,
         what=field_of(who, Message("points")))
    _put(buf, 86, 89, str(p.rank) if p.rank is not None else "", right=True,
         what=field_of(who, Message("rank")))
    line = "".join(buf)
    if p.rounds:
        line = line.ljust(FIRST_BLOCK) + "  ".join(
            _format_block(e, Message("{who}, round {r}", who=who, r=i))
            for i, e in enumerate(p.rounds, start=1))
    return line.rstrip()


def _needs_xxc(doc: TrfDocument) -> bool:
    """Whether ``XXC`` must say the initial colour: not when the file's own ``152``
    says it, nor when its round 1 still shows it (a file cut before round 1 does not)."""
    if doc.initial_colour is None:
        return False
    if doc.initial_colour_from == "152":
        return doc.header("152") is None
    if doc.initial_colour_from == "round 1":
        return _first_colour(doc.players) is not doc.initial_colour
    return True


def dumps(doc: TrfDocument, newline: str = "\n") -> str:
    """Canonical TRF: comments, headers, players by number, then extension records.

    Raises TrfWriteError for a value that cannot be one field of one line.
    """
    lines = [_one_line(f"### {c}" if c else "###", Message("a comment")) for c in doc.comments]
    lines += [_one_line(f"{code} {text}".rstrip(), Message("header {code}", code=code))
              for code, text in doc.headers]
    lines += [dump_player(p) for p in sorted(doc.players, key=lambda p: p.number)]
    if doc.rounds_total is not None:
        lines.append(f"XXR {doc.rounds_total}")
    if _needs_xxc(doc):
        lines.append(f"XXC {'white1' if doc.initial_colour is Colour.WHITE else 'black1'}")
    for number in sorted(doc.acceleration):
        values = " ".join(f"{float(v):4.1f}" for v in doc.acceleration[number])
        lines.append(f"XXA {number:4d} {values}")
    for group in doc.forbidden:
        lines.append("XXP " + " ".join(str(n) for n in group))
    if doc.absent_next:
        lines.append("XXZ " + " ".join(str(n) for n in doc.absent_next))
    lines += [_one_line(line, Message("a record")) for line in doc.extra]
    return newline.join(lines) + newline


# ---------------------------------------------------------------- domain


def to_crosstable(doc: TrfDocument, scoring: Scoring = STANDARD_SCORING) -> Crosstable:
    """The event as a Crosstable; rounds without data are left off each record."""
    records = []
    for p in doc.players:
        rounds = tuple(e if e is not None else RoundEntry(None, None, Code.ZERO_BYE)
                       for e in p.rounds)
        records.append(PlayerRecord(p.number, p.as_player(), rounds))
    total = doc.rounds_total or doc.rounds_in_file
    return Crosstable(tuple(records), max(total, doc.rounds_in_file), scoring)


def from_crosstable(
    table: Crosstable,
    headers: list[tuple[str, str]] | None = None,
    ranks: dict[int, int] | None = None,
) -> TrfDocument:
    """A TRF document for a finished or in-progress event (pending rounds left blank)."""
    players = []
    scoring = table.scoring
    units_of = {code: scoring.points(code) for code in Code}
    points_of: dict[int, Fraction] = {}  # a total in units as points (Fractions are immutable)
    pending = Code.PENDING
    for rec in table.records:
        rounds: list[RoundEntry | None] = [None if e.code is pending else e for e in rec.rounds]
        while rounds and rounds[-1] is None:
            rounds.pop()
        total = sum([units_of[e.code] for e in rec.rounds])
        points = points_of.get(total)
        if points is None:
            points = points_of[total] = Fraction(total * scoring.unit)
        pl = rec.player
        players.append(
            TrfPlayer(
                number=rec.number,
                name=trf_name(pl.name, pl.family),
                rounds=tuple(rounds),
                sex=TRF_SEX.get(pl.sex or "", pl.sex or ""),
                title=pl.title or "",
                rating=pl.rating,
                federation=pl.federation or "",
                fide_id=pl.fide_id,
                birth=pl.birth or "",
                points=points,
                rank=(ranks or {}).get(rec.number),
            )
        )
    return TrfDocument(
        players=players, headers=list(headers or []), rounds_total=table.rounds_total
    )


def with_players(doc: TrfDocument, players: list[TrfPlayer]) -> TrfDocument:
    return replace(doc, players=players)
