"""Round-by-round views of a TRF file, for the pairing checker and the event generator.

``cut_before(doc, r)`` is the file as it stood before round ``r`` was paired: the
rounds before it, plus, in round ``r``'s column, only the players who were known not
to play (a requested bye or an absence, exactly what ``pair --trf`` reads as "leave
out"); ``XXR``, ``XXC``, ``XXA`` and ``XXP`` are kept. ``round_states`` yields, for
every paired round, that pairing input and what the file actually paired.
``event_document`` turns a generated event into a TRF document.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from fractions import Fraction

from leaguegen.domain.model import STANDARD_SCORING, Code, Colour, RoundEntry
from leaguegen.domain.pairing.check import RoundPairing
from leaguegen.domain.pairing.random_event import RandomEvent
from leaguegen.domain.pairing.state import SwissState
from leaguegen.formats import trf
from leaguegen.formats.swiss_input import rounds_played, state_from_trf

ABSENT = RoundEntry(None, None, Code.ZERO_BYE)


def _left_out(entry: RoundEntry | None) -> bool:
    """Not paired in that round: a requested bye, an absence, or an empty block."""
    return entry is None or (entry.opponent is None and entry.code is not Code.PAIRING_BYE)


def cut_before(doc: trf.TrfDocument, round_no: int) -> trf.TrfDocument:
    """The file before round ``round_no`` was paired (see the module docstring)."""
    players = []
    for p in doc.players:
        past = list(p.rounds[: round_no - 1])
        past += [None] * (round_no - 1 - len(past))
        nxt = p.rounds[round_no - 1] if round_no <= len(p.rounds) else None
        if _left_out(nxt):
            past.append(nxt or ABSENT)
        players.append(replace(p, rounds=tuple(past)))
    total = doc.rounds_total or max(rounds_played(doc), doc.rounds_in_file)
    return replace(doc, players=players, rounds_total=total, absent_next=(), warnings=[])


def file_round(doc: trf.TrfDocument, round_no: int) -> RoundPairing:
    """Round ``round_no`` as the file has it: boards (forfeits included) and the PAB."""
    entries = {p.number: p.rounds[round_no - 1] if round_no <= len(p.rounds) else None
               for p in doc.players}
    boards = []
    bye = None
    for number, e in sorted(entries.items()):
        if e is None:
            continue
        if e.opponent is None:
            if e.code is Code.PAIRING_BYE and bye is None:
                bye = number
            continue
        if _is_white(number, e, entries.get(e.opponent)):
            boards.append((number, e.opponent))
    return RoundPairing(tuple(boards), bye)


def _is_white(number: int, entry: RoundEntry, other: RoundEntry | None) -> bool:
    """The scheduled colour; a block without one takes it from the opponent's block."""
    if entry.colour is not None:
        return entry.colour is Colour.WHITE
    if other is not None and other.colour is not None:
        return other.colour is Colour.BLACK
    assert entry.opponent is not None
    return number < entry.opponent


def round_states(doc: trf.TrfDocument, *, baku: bool = False
                 ) -> Iterator[tuple[int, SwissState, RoundPairing]]:
    """For each paired round: its number, the pairing input before it, the file's pairing.

    A round where every player has a bye (nobody could be paired) has nothing to check
    and is left out."""
    for r in range(1, rounds_played(doc) + 1):
        if all(_left_out(p.rounds[r - 1] if r <= len(p.rounds) else None)
               for p in doc.players):
            continue
        yield r, state_from_trf(cut_before(doc, r), baku=baku), file_round(doc, r)


def event_document(event: RandomEvent, name: str) -> trf.TrfDocument:
    """A generated event as TRF: ``012`` name, ``062``/``072`` players (all rated), ``092``
    type, the TRF-2026 ``142`` rounds and ``152`` initial colour, then XXR, XXC and XXA."""
    table = event.table
    scores = {r.number: table.score(r.number) for r in table.records}
    order = sorted(scores, key=lambda n: (-scores[n], n))
    ranks = {n: i for i, n in enumerate(order, start=1)}
    count = str(len(table.records))
    headers = [("012", name), ("062", count), ("072", count), ("092", f"Swiss ({event.system})"),
               ("142", str(table.rounds_total)),
               ("152", "W" if event.initial_colour is Colour.WHITE else "B")]
    doc = trf.from_crosstable(table, headers=headers, ranks=ranks)
    unit = STANDARD_SCORING.unit
    accel = {n: tuple(Fraction(v) * unit for v in values)
             for n, values in sorted(event.acceleration.items())}
    return replace(doc, initial_colour=event.initial_colour, acceleration=accel)
