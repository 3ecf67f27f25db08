"""A season folder from a TRF file: how an event moves from Swiss-Manager or Vega.

The TRF's players become the section's players (name, rating, title, federation,
FIDE id, sex, birth, and the start number as ``start``), and every round's games,
forfeits and byes become result lines. A round robin is written on the Berger
table when one numbering of the players makes every played round a round of the
table (:mod:`leaguegen.domain.schedule.berger_numbering`); the players are then
listed in Berger order with ``seeding: list``, so nothing is redrawn. A round
robin that fits no table, and every Swiss, keeps its rounds as played.

What a season cannot say is reported in :attr:`Imported.notes` (acceleration
other than Baku, games shorter than one move that the season records as
ordinary results) rather than lost silently.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field, replace
from fractions import Fraction

from leaguegen.domain.model import Code, Colour, RoundEntry
from leaguegen.domain.schedule import berger
from leaguegen.domain.schedule.berger_numbering import berger_numbers
from leaguegen.domain.sections import kind_of
from leaguegen.errors import Message
from leaguegen.formats.trf import TrfDocument, TrfPlayer, pab_value, scoring_record

_PLAIN = re.compile(r"^[A-Za-z0-9À-ɏЀ-ӿ\u0600-\u06ff\u4e00-\u9fff][^:#\[\]{},&*!|>'\"%@`]*$")

# White's code -> the season's result word (White's side first)
_RESULT = {
    Code.WIN: "1-0", Code.LOSS: "0-1", Code.DRAW: "½-½",
    Code.WIN_UNRATED: "1-0", Code.LOSS_UNRATED: "0-1", Code.DRAW_UNRATED: "½-½",
    Code.FORFEIT_WIN: "+-", Code.FORFEIT_LOSS: "-+",
}
_BYE = {Code.PAIRING_BYE: "bye", Code.HALF_BYE: "half", Code.FULL_BYE: "full",
        Code.ZERO_BYE: "absent"}
_REQUEST = {Code.HALF_BYE: "half", Code.FULL_BYE: "full", Code.ZERO_BYE: "absent"}


class ImportRefused(ValueError):
    """The file cannot become a season section; the message says why (no traceback)."""


def fmt_is_swiss(fmt: str | None, guessed: str) -> bool:
    return (fmt or guessed) == "swiss"


@dataclass
class Imported:
    """The season file's text, and what could not be carried over."""

    text: str
    format: str
    berger: bool
    notes: list[str] = field(default_factory=list)


def _q(text: str) -> str:
    """A YAML scalar: plain when that is safe, else a JSON string (valid YAML)."""
    text = " ".join(text.split())
    if _PLAIN.match(text) and ": " not in text and " #" not in text \
            and text.lower() not in ("yes", "no", "true", "false", "null", "on", "off", "~"):
        return text
    return json.dumps(text, ensure_ascii=False)


def _player_line(p: TrfPlayer) -> str:
    fields = [f"name: {_q(p.name)}"]
    if p.rating:
        fields.append(f"rating: {p.rating}")
    if p.title:
        fields.append(f"title: {p.title}")
    if p.federation:
        fields.append(f"federation: {p.federation}")
    if p.fide_id:
        fields.append(f"fide_id: {p.fide_id}")
    if p.sex:
        fields.append(f"sex: {_q(p.sex)}")
    if p.birth:
        fields.append(f"birth: {_q(p.birth)}")
    fields.append(f"start: {p.number}")
    return "      - {" + ", ".join(fields) + "}"


def _entry(p: TrfPlayer, r: int) -> RoundEntry | None:
    return p.rounds[r] if r < len(p.rounds) else None


def _games(doc: TrfDocument, r: int) -> list[tuple[int, int, Code, Code]]:
    """Round ``r``'s games as (white, black, white's code, black's code), once each."""
    by_number = {p.number: p for p in doc.players}
    out = []
    for p in doc.players:
        e = _entry(p, r)
        if e is None or e.opponent is None or e.colour is not Colour.WHITE:
            continue
        other = _entry(by_number[e.opponent], r) if e.opponent in by_number else None
        out.append((p.number, e.opponent, e.code, other.code if other else Code.FORFEIT_LOSS))
    return out


def _result(white: Code, black: Code) -> str:
    if white is Code.FORFEIT_LOSS and black is Code.FORFEIT_LOSS:
        return "--"
    return _RESULT.get(white, "")


def _rounds_total(doc: TrfDocument, n: int, played: int) -> tuple[str, int]:
    """The format and its number of rounds: a round robin when the file's length is one."""
    total = doc.rounds_total or played
    single = berger.table_size(n) - 1
    if total == single:
        return "round_robin", total
    if total == 2 * single:
        return "double_round_robin", total
    return "swiss", total


def import_trf(doc: TrfDocument, section_id: str, fmt: str | None = None,
               rounds: int | None = None) -> Imported:
    """The season file for ``doc``, as one section ``section_id``.

    ``fmt`` forces ``round_robin``, ``double_round_robin`` or ``swiss``; by default
    a file whose number of rounds is a (double) round robin's for its field is one.
    ``rounds`` is the event's number of rounds when the file does not say it (no
    ``XXR`` or ``142``): without either, a Swiss gets the rounds played and a note
    says so, since a guess would let ``pair`` apply the last round's rules too early
    (or refuse to pair a round the event still has).
    Raises :class:`ImportRefused` for a field too small for any section, or a
    ``rounds`` that contradicts the file.
    """
    doc = _with_rounds(doc, rounds)
    players = sorted(doc.players, key=lambda p: p.number)
    n = len(players)
    if _double_swiss(doc, fmt):
        return _import_double_swiss(doc, section_id, players)
    _refuse_small_field(n, fmt)
    played = doc.rounds_in_file
    guessed, total = _rounds_total(doc, n, played)
    fmt = fmt or guessed
    if fmt == "swiss" and max(total, played) < 1:
        raise ImportRefused(Message("the file has no rounds and no XXR record saying how many "
                                    "the event has; add a line 'XXR <rounds>' and import it "
                                    "again"))
    notes: list[str] = []
    rounds_games = [_games(doc, r) for r in range(played)]
    requested: list[str] = []
    if fmt_is_swiss(fmt, guessed) and played and not rounds_games[-1]:
        # the last column holds only byes: what players asked for before it is paired
        played -= 1
        requested = _requested_byes(players, played)
        rounds_games.pop()
    numbering, swap = (None, True) if fmt == "swiss" else _berger_numbering(
        players, rounds_games, fmt == "double_round_robin")
    order = players if numbering is None else sorted(players, key=lambda p: numbering[p.number])
    title = doc.name or section_id
    lines = [f"# Imported from a TRF file by leaguegen import trf ({n} players,"
             f" {played} rounds played).", f"name: {_q(title)}"]
    for code, key in (("022", "venue"), ("032", None), ("122", "time_control")):
        value = doc.header(code)
        if value and key:
            lines.append(f"{key}: {_q(value)}")
    lines += _scoring_line(doc, notes)
    lines += ["sections:", f"  - id: {section_id}", f"    name: {_q(title)}",
              f"    format: {fmt}"]
    if fmt == "swiss":
        lines += _swiss_lines(doc, max(total, played), notes)
    elif numbering is None:
        lines.append("    schedule: as_played  # no Berger numbering fits the rounds played")
    else:
        if fmt == "double_round_robin" and not swap:
            lines.append("    swap_last_two_rounds: false")
        free = _free_round_score(doc, players)
        if free:
            lines.append(f"    free_round_score: {free}")
    lines.append("    seeding: list  # the Berger numbers found for the rounds played"
                 if numbering is not None else "    seeding: list")
    if requested:
        lines.append("    byes_requested:")
        lines += requested
    lines.append("    players:")
    lines += [_player_line(p) for p in order]
    lines.append("    rounds:")
    lines += _rounds_lines(doc, players, rounds_games, fmt == "swiss" or numbering is None,
                           notes)
    text = "\n".join(lines) + "\n"
    text = text.replace("        results:\n          []\n", "        results: []\n")
    text = text.replace("      - results:\n          []\n", "      - results: []\n")
    return Imported(text, fmt, numbering is not None, notes)


def _with_rounds(doc: TrfDocument, rounds: int | None) -> TrfDocument:
    """``doc`` with the event's number of rounds the organiser gave (``--rounds``), checked
    against what the file says and holds."""
    if rounds is None:
        return doc
    if doc.rounds_total is not None and doc.rounds_total != rounds:
        raise ImportRefused(Message("--rounds {rounds} contradicts the file's {rounds_total} "
                                    "rounds (XXR or 142)",
                                    rounds=rounds, rounds_total=doc.rounds_total))
    if rounds < doc.rounds_in_file:
        raise ImportRefused(Message("--rounds {rounds} is fewer than the {rounds_in_file} "
                                    "rounds the file holds",
                                    rounds=rounds, rounds_in_file=doc.rounds_in_file))
    return replace(doc, rounds_total=rounds)


def _refuse_small_field(n: int, fmt: str | None) -> None:
    """Refuse a field too small for the section (before a schedule is looked up: a round
    robin of one has none)."""
    least = kind_of(fmt or "round_robin").min_players
    if n < least:
        raise ImportRefused(
            Message("the file has {count} player; a season section needs at least {least}"
                    " (a round robin; a Swiss needs 4)",
                    "the file has {count} players; a season section needs at least {least}"
                    " (a round robin; a Swiss needs 4)", count=n, least=least)
            if fmt is None else
            Message("the file has {count} player; a season section needs at least {least}"
                    " for {format}",
                    "the file has {count} players; a season section needs at least {least}"
                    " for {format}", count=n, least=least, format=fmt.replace("_", " ")))


def _requested_byes(players: list[TrfPlayer], played: int) -> list[str]:
    """The ``byes_requested`` lines of a round whose column holds only byes (asked for
    before it was paired)."""
    out = []
    for p in players:
        e = _entry(p, played)
        if e is not None and e.code in _REQUEST:
            out.append(f"      - {{player: {_q(p.name)}, round: {played + 1},"
                       f" bye: {_REQUEST[e.code]}}}")
    return out


def _berger_numbering(players: list[TrfPlayer], rounds_games: list[list[tuple]],
                      double: bool) -> tuple[dict[int, int] | None, bool]:
    """The Berger numbers that give the rounds played (None: none do), and whether the
    double round robin's last two rounds are swapped in them."""
    pairs = [[(w, b) for w, b, _, _ in games] for games in rounds_games]
    numbering: dict[int, int] | None = None
    swap = True
    for swap in ((True, False) if double else (True,)):
        numbering = berger_numbers([p.number for p in players], pairs, double, swap)
        if numbering is not None:
            break
    return numbering, swap


def _swiss_lines(doc: TrfDocument, number_of_rounds: int, notes: list[str]) -> list[str]:
    """A Swiss section's own keys, and a note for each of the file's records a season
    cannot carry."""
    lines = [f"    number_of_rounds: {number_of_rounds}"]
    if doc.rounds_total is None:
        notes.append(Message("the file does not say how many rounds the event has (no XXR or "
                             "142 record): number_of_rounds is {number_of_rounds}, the rounds "
                             "it holds; if the event goes on, import again with --rounds N (or "
                             "set number_of_rounds in season.yaml) before pairing",
                             number_of_rounds=number_of_rounds))
    if doc.initial_colour is Colour.BLACK:
        lines.append("    initial_colour: black")
    lines += _pab_line(doc, notes)
    if doc.acceleration:
        notes.append(Message("XXA acceleration is not carried over (a season knows Baku only)"))
    if doc.forbidden:
        notes.append(Message("XXP forbidden pairs are not carried over"))
    return lines


def _pab_line(doc: TrfDocument, notes: list[str]) -> list[str]:
    """``pab_score`` from the file's 162 record: its P field (by default its W) against
    the file's own win and draw, as a season says it (win, draw or zero)."""
    record = scoring_record(doc)
    pab = pab_value(doc)
    if pab is None:
        return []
    win, draw = record.get("W", Fraction(1)), record.get("D", Fraction(1, 2))
    word = "win" if pab == win else "draw" if pab == draw else "zero" if pab == 0 else None
    if word is None:
        notes.append(Message("the 162 record's PAB value {float:g} is not carried over (a "
                             "season's pab_score is a win, a draw or zero)",
                             float=float(pab)))
        return []
    return [] if word == "win" else [f"    pab_score: {word}  # from the file's 162 record"]


def _scoring_line(doc: TrfDocument, notes: list[str]) -> list[str]:
    """The season's ``scoring`` from the file's 162 record when it is not 1 / ½ / 0; a
    note for an absence or forfeit loss worth something (a season counts it 0)."""
    record = scoring_record(doc)
    points = {key: record.get(code, default) for key, code, default in (
        ("win", "W", Fraction(1)), ("draw", "D", Fraction(1, 2)), ("loss", "L", Fraction(0)))}
    if record.get("A", 0) != 0:
        notes.append(Message("the 162 record's A (absence, forfeit loss) value {float:g} is not "
                             "carried over (a season scores it 0)",
                             float=float(record['A'])))
    if points == {"win": 1, "draw": Fraction(1, 2), "loss": 0}:
        return []
    return ["scoring: {" + ", ".join(f"{k}: {float(v):g}" for k, v in points.items())
            + "}  # from the file's 162 record"]


def _rounds_lines(doc: TrfDocument, players: list[TrfPlayer], rounds_games: list[list[tuple]],
                  with_byes: bool, notes: list[str]) -> list[str]:
    """The ``rounds:`` entries: each round's date (from record 132), games and, for a Swiss
    or a round robin kept as played, its byes."""
    name = {p.number: p.name for p in players}
    dates = _round_dates(doc)
    lines: list[str] = []
    for r, games in enumerate(rounds_games):
        dated = r < len(dates) and dates[r]
        lines.append("      - " + (f"date: {dates[r]}" if dated else "results:"))
        if dated:
            lines.append("        results:")
        body = []
        for w, b, wc, bc in games:
            result = _result(wc, bc)
            if wc in (Code.WIN_UNRATED, Code.LOSS_UNRATED, Code.DRAW_UNRATED):
                notes.append(Message("round {value}: {name} - {name2} lasted less than a move; "
                                     "recorded as an ordinary result",
                                     value=r + 1, name=name[w], name2=name[b]))
            body.append(f"          - {_q(name[w] + ' - ' + name[b])}: {result}")
        if with_byes:
            for p in players:
                e = _entry(p, r)
                if e is not None and e.opponent is None and e.code in _BYE:
                    body.append(f"          - {_q(p.name)}: {_BYE[e.code]}")
        lines += body or ["          []"]
    return lines


def _round_dates(doc: TrfDocument) -> list[str]:
    """Round dates from the 132 record (yy/mm/dd per round column) as ISO dates, when the
    record has one for every round played (otherwise none: better than misplaced ones)."""
    found = re.findall(r"(\d{2})/(\d{2})/(\d{2})", doc.header("132") or "")
    if len(found) != doc.rounds_in_file:
        return []
    return [f"20{y}-{m}-{d}" for y, m, d in found]


def _free_round_score(doc: TrfDocument, players: list[TrfPlayer]) -> str:
    """What the file's free rounds scored: the commonest bye code among them."""
    codes = [e.code for p in players for e in p.rounds if e is not None and e.opponent is None]
    if not codes:
        return ""
    common = max(set(codes), key=codes.count)
    return {Code.FULL_BYE: "1", Code.PAIRING_BYE: "1", Code.HALF_BYE: "0.5"}.get(common, "")


def _double_swiss(doc: TrfDocument, fmt: str | None) -> bool:
    """Is ``doc`` a Double-Swiss (its 192 record, or ``fmt``)? ImportRefused when ``fmt``
    says another format for a file whose blocks are games of two-game matches."""
    from leaguegen.formats.double_swiss_trf import is_double_swiss

    if fmt == "double_swiss":
        return True
    if is_double_swiss(doc) and fmt is not None:
        raise ImportRefused(Message("the file's 192 record says a Double-Swiss (two round "
                                    "blocks per match); it cannot be imported as {fmt}",
                                    fmt=fmt))
    return is_double_swiss(doc)


def _import_double_swiss(doc: TrfDocument, section_id: str,
                         players: list[TrfPlayer]) -> Imported:
    """``format: double_swiss`` (``formats/trf_import_double.py``)."""
    from leaguegen.formats.trf_import_double import section_lines

    _refuse_small_field(len(players), "double_swiss")
    notes: list[str] = []
    keys, rounds, matches = section_lines(doc, players, _q, notes)
    title = doc.name or section_id
    lines = [f"# Imported from a TRF file by leaguegen import trf ({len(players)} players,"
             f" {matches} matches of two games played).", f"name: {_q(title)}"]
    for code, key in (("022", "venue"), ("122", "time_control")):
        value = doc.header(code)
        if value:
            lines.append(f"{key}: {_q(value)}")
    lines += ["sections:", f"  - id: {section_id}", f"    name: {_q(title)}",
              "    format: double_swiss", *keys, "    players:",
              *[_player_line(p) for p in players], "    rounds:", *rounds]
    text = "\n".join(lines) + "\n"
    text = text.replace("        results:\n          []\n", "        results: []\n")
    text = text.replace("      - results:\n          []\n", "      - results: []\n")
    return Imported(text, "double_swiss", False, notes)
