"""A Double-Swiss event (C.04.5) as a TRF-2026 file, and back.

Why a module of its own: the file writes one round block per *game*, two per match
(rounds ``2k - 1`` and ``2k`` are match ``k``, colours reversed), with
``192 FIDE_DOUBLESWISS``; the generic TRF code reads and writes the blocks, this module
says what they mean. The reading (see ``docs/swiss.md``, "Double-Swiss"):

- ``142`` (and ``XXR``) count the file's rounds, i.e. games: twice the matches;
- the pairing-allocated bye is ``U`` in both blocks, each worth ¾ (``162 ... P0.75``),
  so the match's bye is 1½ (art. 1.4);
- a single forfeited game of a match that was played is written ``W``/``L`` (a game,
  not rated: the preface treats it as played for standings and tie-breaks, not for
  rating); a match forfeited whole is ``+``/``-`` in both blocks;
- ``152`` gives the initial colour (art. 4.3.1).
"""

from __future__ import annotations

from leaguegen.domain.model import Colour, Crosstable
from leaguegen.domain.pairing.double_swiss_event import DOUBLE_SWISS_SCORING, for_tiebreaks

from . import trf

TYPE_CODE = "FIDE_DOUBLESWISS"
#: 162: game scoring, and the PAB's ¾ per block (codes at columns 6, 15, 24, ...;
#: two decimals everywhere: TieBreakServer rounds every value to the places of W, D and L).
SCORING_RECORD = " W1.00    D0.50    L0.00    A0.00    P0.75"


def is_double_swiss(doc: trf.TrfDocument) -> bool:
    """Does record 192 name a Double-Swiss (``FIDE_DOUBLESWISS``, ``..._BAKU``, custom)?"""
    kind = (doc.header("192") or "").strip().upper()
    return "DOUBLESWISS" in kind


def document(table: Crosstable, name: str, initial_colour: Colour,
             ranks: dict[int, int] | None = None,
             tiebreaks: tuple[str, ...] = ()) -> trf.TrfDocument:
    """The TRF-2026 document of a Double-Swiss game table (``double_swiss_event``)."""
    headers = [("012", name), ("092", "Individual: Double-Swiss System"),
               ("142", str(table.rounds_total)),
               ("152", "W" if initial_colour is Colour.WHITE else "B"),
               ("162", SCORING_RECORD), ("192", TYPE_CODE)]
    if tiebreaks:
        headers.append(("202", ",".join(tiebreaks)))
    doc = trf.from_crosstable(for_tiebreaks(table), headers=headers, ranks=ranks)
    doc.initial_colour = initial_colour
    return doc


def game_table(doc: trf.TrfDocument) -> Crosstable:
    """The game table of a Double-Swiss file, in quarter points (``DOUBLE_SWISS_SCORING``)."""
    table = trf.to_crosstable(doc, DOUBLE_SWISS_SCORING)
    total = table.rounds_total + table.rounds_total % 2
    return Crosstable(table.records, total, DOUBLE_SWISS_SCORING)


def initial_colour(doc: trf.TrfDocument) -> Colour:
    """``XXC``, else ``152``, else White."""
    if doc.initial_colour is not None:
        return doc.initial_colour
    text = (doc.header("152") or "").strip().upper()
    return Colour.BLACK if text.startswith("B") else Colour.WHITE
