"""FIDE Tournament Report File (TRF16 / TRF-2026) with the pairing-engine extensions.

Reading is tolerant because real exports are not tidy (CRLF or LF, ruler lines,
lower-case codes, missing trailing blocks, UTF-8 names); anything odd that can
still be understood is kept and reported in ``TrfDocument.warnings`` rather
than refused. Writing is strict and canonical, so ``dumps(loads(dumps(d)))``
is byte-identical to ``dumps(d)``.

Columns are 1-based in the FIDE text; the slices below are 0-based.
"""

from __future__ import annotations

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
from leaguegen.errors import InputError, Problem

FIRST_BLOCK = 91  # column 92
BLOCK = 10

_CODES = {c.value: c for c in Code if c is not Code.PENDING}


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
    initial_colour: Colour | None = None  # XXC white1 / black1
    acceleration: dict[int, tuple[Fraction, ...]] = field(default_factory=dict)  # XXA
    forbidden: list[tuple[int, ...]] = field(default_factory=list)  # XXP
    absent_next: tuple[int, ...] = ()  # XXZ
    extra: list[str] = field(default_factory=list)  # unknown records, kept verbatim
    warnings: list[str] = field(default_factory=list)

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


# ---------------------------------------------------------------- reading


def _field(line: str, start: int, end: int) -> str:
    """Columns start..end (1-based, inclusive), stripped."""
    return line[start - 1 : end].strip()


def _parse_block(chunk: str) -> RoundEntry | None:
    if not chunk.strip():
        return None
    chunk = chunk.ljust(8)
    opp_text = chunk[0:4].strip()
    colour_text = chunk[5].strip().lower()
    code_text = chunk[7].strip()
    opponent = int(opp_text) if opp_text and opp_text.isdigit() and int(opp_text) else None
    colour = Colour(colour_text) if colour_text in ("w", "b") else None
    if not code_text:
        code = Code.ZERO_BYE
    else:
        letter = code_text.upper()
        if letter not in _CODES:
            raise ValueError(f"unknown result code {code_text!r}")
        code = _CODES[letter]
    if opponent is None:
        # Outcomes that need an opponent but have none: the real-file idioms.
        if code is Code.FORFEIT_LOSS:  # "0000 - -": not paired
            code = Code.ZERO_BYE
        elif code is Code.FORFEIT_WIN:  # "0000 - +": a bye worth a win
            code = Code.FULL_BYE
        elif code.played:
            raise ValueError(f"result {code_text!r} without an opponent")
        colour = None
    return RoundEntry(opponent, colour, code)


def _parse_points(text: str) -> Fraction | None:
    text = text.strip()
    if not text:
        return None
    return Fraction(text)


def _parse_player(line: str) -> TrfPlayer:
    number = int(_field(line, 5, 8))
    rating_text = _field(line, 49, 52)
    fide_text = _field(line, 58, 68)
    rank_text = _field(line, 86, 89)
    rounds: list[RoundEntry | None] = []
    pos = FIRST_BLOCK
    while pos < len(line):
        rounds.append(_parse_block(line[pos : pos + BLOCK]))
        pos += BLOCK
    while rounds and rounds[-1] is None:
        rounds.pop()
    return TrfPlayer(
        number=number,
        sex=_field(line, 10, 10),
        title=_field(line, 11, 13),
        name=_field(line, 15, 47),
        rating=int(rating_text) if rating_text.isdigit() and int(rating_text) else None,
        federation=_field(line, 54, 56),
        fide_id=int(fide_text) if fide_text.isdigit() else None,
        birth=_field(line, 70, 79),
        points=_parse_points(line[80:84]),
        rank=int(rank_text) if rank_text.isdigit() else None,
        rounds=tuple(rounds),
    )


def loads(text: str, path: str = "<trf>") -> TrfDocument:
    """Parse TRF text; raise InputError naming every line that cannot be read."""
    doc = TrfDocument(players=[])
    problems: list[Problem] = []
    for lineno, raw in enumerate(text.splitlines(), start=1):
        line = raw.rstrip("\r")
        if not line.strip():
            continue
        if line.startswith("###"):
            doc.comments.append(line[3:].removeprefix(" "))
            continue
        code = line[:3]
        try:
            if code == "001":
                doc.players.append(_parse_player(line))
            elif code == "XXR":
                doc.rounds_total = int(line[3:].split()[0])
            elif code == "XXC":
                words = line[3:].lower().split()
                if "white1" in words:
                    doc.initial_colour = Colour.WHITE
                elif "black1" in words:
                    doc.initial_colour = Colour.BLACK
            elif code == "XXA":
                number = int(_field(line, 5, 8))
                values = tuple(Fraction(v) for v in line[9:].split())
                doc.acceleration[number] = values
            elif code == "XXP":
                doc.forbidden.append(tuple(int(v) for v in line[3:].split()))
            elif code == "XXZ":
                doc.absent_next = doc.absent_next + tuple(int(v) for v in line[3:].split())
            elif len(code) == 3 and code.isdigit() and code.endswith("2"):
                doc.headers.append((code, line[4:]))
                if code == "142" and doc.rounds_total is None and line[4:].strip().isdigit():
                    doc.rounds_total = int(line[4:].strip())
            else:
                doc.extra.append(line)
        except (ValueError, IndexError) as exc:
            problems.append(Problem(path, lineno, 1, f"cannot read {code} record: {exc}"))
    if problems:
        raise InputError(problems)
    _check(doc, path)
    return doc


def _check(doc: TrfDocument, path: str) -> None:
    """Soft checks: mismatches become warnings, because real files have them."""
    numbers = [p.number for p in doc.players]
    if sorted(numbers) != list(range(1, len(numbers) + 1)):
        doc.warnings.append(f"{path}: start numbers are not 1..{len(numbers)} without gaps")
    doc.players.sort(key=lambda p: p.number)
    for p in doc.players:
        if p.points is None:
            continue
        computed = sum(STANDARD_SCORING.points(e.code) for e in p.rounds if e) * Fraction(1, 2)
        if computed != p.points:
            doc.warnings.append(
                f"{path}: player {p.number} points field {float(p.points):.1f}"
                f" differs from the rounds' sum {float(computed):.1f}"
            )


def load(path: str) -> TrfDocument:
    with open(path, encoding="utf-8", errors="strict") as fh:
        return loads(fh.read(), path)


# ---------------------------------------------------------------- writing


def _put(buf: list[str], start: int, end: int, text: str, right: bool = False) -> None:
    width = end - start + 1
    if len(text) > width:
        raise ValueError(f"{text!r} does not fit columns {start}-{end}")
    text = text.rjust(width) if right else text.ljust(width)
    if len(buf) < end:
        buf.extend(" " * (end - len(buf)))
    buf[start - 1 : end] = list(text)


def _format_points(points: Fraction) -> str:
    return f"{float(points):.1f}"


def _format_block(entry: RoundEntry | None) -> str:
    if entry is None:
        return " " * 8
    opp = f"{entry.opponent:4d}" if entry.opponent else "0000"
    colour = entry.colour.value if entry.colour else "-"
    if entry.code is Code.PENDING:
        raise ValueError("a pending game cannot be written to TRF")
    return f"{opp} {colour} {entry.code.value}"


def dump_player(p: TrfPlayer) -> str:
    buf: list[str] = []
    _put(buf, 1, 3, "001")
    _put(buf, 5, 8, str(p.number), right=True)
    _put(buf, 10, 10, p.sex[:1])
    _put(buf, 11, 13, p.title, right=True)
    _put(buf, 15, 47, p.name[:33])
    _put(buf, 49, 52, str(p.rating) if p.rating else "", right=True)
    _put(buf, 54, 56, p.federation[:3])
    _put(buf, 58, 68, str(p.fide_id) if p.fide_id else "", right=True)
    _put(buf, 70, 79, p.birth[:10])
    _put(buf, 81, 84, _format_points(p.points) if p.points is not None else "", right=True)
    _put(buf, 86, 89, str(p.rank) if p.rank is not None else "", right=True)
    line = "".join(buf)
    if p.rounds:
        line = line.ljust(FIRST_BLOCK) + "  ".join(_format_block(e) for e in p.rounds)
    return line.rstrip()


def dumps(doc: TrfDocument, newline: str = "\n") -> str:
    """Canonical TRF: comments, headers, players by number, then extension records."""
    lines = [f"### {c}" if c else "###" for c in doc.comments]
    lines += [f"{code} {text}".rstrip() for code, text in doc.headers]
    lines += [dump_player(p) for p in sorted(doc.players, key=lambda p: p.number)]
    if doc.rounds_total is not None:
        lines.append(f"XXR {doc.rounds_total}")
    if doc.initial_colour is not None:
        lines.append(f"XXC {'white1' if doc.initial_colour is Colour.WHITE else 'black1'}")
    for number in sorted(doc.acceleration):
        values = " ".join(f"{float(v):4.1f}" for v in doc.acceleration[number])
        lines.append(f"XXA {number:4d} {values}")
    for group in doc.forbidden:
        lines.append("XXP " + " ".join(str(n) for n in group))
    if doc.absent_next:
        lines.append("XXZ " + " ".join(str(n) for n in doc.absent_next))
    lines += doc.extra
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
    for rec in table.records:
        rounds: list[RoundEntry | None] = []
        for e in rec.rounds:
            rounds.append(None if e.code is Code.PENDING else e)
        while rounds and rounds[-1] is None:
            rounds.pop()
        points = sum(table.scoring.points(e.code) for e in rec.rounds) * table.scoring.unit
        pl = rec.player
        players.append(
            TrfPlayer(
                number=rec.number,
                name=pl.name,
                rounds=tuple(rounds),
                sex=pl.sex or "",
                title=pl.title or "",
                rating=pl.rating,
                federation=pl.federation or "",
                fide_id=pl.fide_id,
                birth=pl.birth or "",
                points=Fraction(points),
                rank=(ranks or {}).get(rec.number),
            )
        )
    return TrfDocument(
        players=players, headers=list(headers or []), rounds_total=table.rounds_total
    )


def with_players(doc: TrfDocument, players: list[TrfPlayer]) -> TrfDocument:
    return replace(doc, players=players)
