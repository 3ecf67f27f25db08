"""``import trf`` of a Double-Swiss file (``192 FIDE_DOUBLESWISS``): a ``format:
double_swiss`` section.

Why apart from ``trf_import``'s Swiss: the file has two round blocks per match (rounds
``2k - 1`` and ``2k``, colours reversed) and the section writes one line per match,
``First - Second: 1-0 ½-½``, both scores from the side of game 1's White. The file's
encoding (``formats/double_swiss_trf.py``) is read back: a single forfeited game of a
played match is ``W`` / ``L`` there (a game, not rated), a forfeit here (``+-``); a bye
is a line of its own, as both blocks give it; the match's date is its first game's.
A last match whose blocks hold only byes was asked for before it was paired: those
become ``byes_requested``.
"""

from __future__ import annotations

from leaguegen.domain.model import Code, Colour, RoundEntry
from leaguegen.domain.season import GameResult
from leaguegen.errors import Message
from leaguegen.formats import double_swiss_trf
from leaguegen.formats.trf import TrfDocument, TrfPlayer

# a single forfeited game of a played match is W / L in the file (a game, not rated)
_FORFEITED = {Code.WIN_UNRATED: Code.FORFEIT_WIN, Code.LOSS_UNRATED: Code.FORFEIT_LOSS}
_BYE = {Code.PAIRING_BYE: "bye", Code.HALF_BYE: "half", Code.FULL_BYE: "full",
        Code.ZERO_BYE: "absent"}
_REQUEST = {Code.HALF_BYE: "half", Code.FULL_BYE: "full", Code.ZERO_BYE: "absent"}


def _entry(p: TrfPlayer, r: int) -> RoundEntry | None:
    """The 0-based game round ``r``'s entry of ``p``."""
    return p.rounds[r] if r < len(p.rounds) else None


def _score(mine: RoundEntry | None, theirs: RoundEntry | None) -> str | None:
    """One game's score from the side of ``mine`` (None: not played yet), read from the
    two cells by the one table of results (``GameResult.of_codes``)."""
    if mine is None or mine.opponent is None or theirs is None:
        return None
    result = GameResult.of_codes(_FORFEITED.get(mine.code, mine.code),
                                 _FORFEITED.get(theirs.code, theirs.code))
    return result.text if result is not None else None


def match_lines(doc: TrfDocument, players: list[TrfPlayer], quote) -> tuple[  # noqa: ANN001
        list[tuple[str | None, list[str]]], list[str]]:
    """Each match's (date, result lines), and the ``byes_requested`` lines of a last match
    that holds only byes; ``quote`` makes a YAML scalar."""
    by_number = {p.number: p for p in players}
    played = doc.rounds_in_file
    dates = _dates(doc)
    out: list[tuple[str | None, list[str]]] = []
    games = 0
    for k in range(1, (played + 1) // 2 + 1):
        first, second = 2 * k - 2, 2 * k - 1
        lines: list[str] = []
        byes: list[str] = []
        for p in players:
            e = _entry(p, first)
            if e is None:
                continue
            if e.opponent is None:
                if e.code in _BYE:
                    byes.append(f"{quote(p.name)}: {_BYE[e.code]}")
                continue
            if e.colour is not Colour.WHITE or e.opponent not in by_number:
                continue
            other = by_number[e.opponent]
            scores = [s for s in (_score(e, _entry(other, first)),
                                  _score(_entry(p, second), _entry(other, second)))
                      if s is not None]
            key = quote(f"{p.name} - {other.name}")
            lines.append(f"{key}: {' '.join(scores)}" if scores else f"{key}:")
        out.append((dates[first] if first < len(dates) else None, lines + byes))
        games = len(lines)
    requested: list[str] = []
    if out and not games:
        k = len(out)
        requested = [f"      - {{player: {quote(p.name)}, round: {k},"
                     f" bye: {_REQUEST[e.code]}}}" for p in players
                     if (e := _entry(p, 2 * k - 2)) is not None and e.code in _REQUEST]
        out.pop()
    return out, requested


def _dates(doc: TrfDocument) -> list[str]:
    from leaguegen.formats.trf_import import _round_dates

    return _round_dates(doc)


def section_lines(doc: TrfDocument, players: list[TrfPlayer], quote,  # noqa: ANN001
                  notes: list[str]) -> tuple[list[str], list[str], int]:
    """The section's own keys, its ``rounds:`` entries and the matches written."""
    matches, requested = match_lines(doc, players, quote)
    games_total = doc.rounds_total or doc.rounds_in_file
    total = max((games_total + 1) // 2, len(matches), 1)
    if doc.rounds_total is None:
        notes.append(Message("the file does not say how many rounds the event has (no XXR or "
                             "142 record): number_of_rounds is {total}, the matches it holds",
                             total=total))
    keys = [f"    number_of_rounds: {total}  # matches of two games"]
    if double_swiss_trf.initial_colour(doc) is Colour.BLACK:
        keys.append("    initial_colour: black")
    keys.append("    seeding: list")
    if requested:
        keys += ["    byes_requested:", *requested]
    rounds: list[str] = []
    for date, lines in matches:
        rounds.append(f"      - date: {date}" if date else "      - results:")
        if date:
            rounds.append("        results:")
        rounds += [f"          - {line}" for line in lines] or ["          []"]
    return keys, rounds, len(matches)
