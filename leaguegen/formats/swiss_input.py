"""TRF -> Swiss pairing input: which round comes next, who sits it out, virtual points."""

from __future__ import annotations

from dataclasses import replace

from leaguegen.domain.model import STANDARD_SCORING, Colour, Scoring
from leaguegen.domain.pairing.baku import baku_acceleration
from leaguegen.domain.pairing.state import SwissPlayer, SwissState, past_rounds_reader
from leaguegen.errors import InputError, Message, Problem
from leaguegen.formats.trf import TrfDocument, pab_value


class AllRoundsPaired(Exception):
    """Every round the file announces (XXR) is paired already: there is no next round."""


def rounds_played(doc: TrfDocument) -> int:
    """Rounds already paired (see :attr:`TrfDocument.rounds_paired`)."""
    return doc.rounds_paired


def check_pairable(doc: TrfDocument, path: str = "<trf>") -> None:
    """What pairing needs beyond a readable file: players numbered 1..n, a round to pair.

    InputError (with the line) for a file that cannot be paired as written;
    AllRoundsPaired when the announced rounds are all paired.
    """
    if not doc.players:
        raise InputError([Problem(path, 0, 0, Message("no player (001) records"))])
    for expected, p in enumerate(doc.players, start=1):
        if p.number != expected:
            n = len(doc.players)
            raise InputError([Problem(path, p.line, 5, Message("start numbers must run 1..{n} "
                                                               "without gaps to pair; "
                                                               "{expected} is missing (this "
                                                               "line is {number})",
                                                               n=n, expected=expected,
                                                               number=p.number))])
    done = rounds_played(doc)
    if doc.rounds_total is not None and done >= doc.rounds_total:
        raise AllRoundsPaired(Message("all {count} round (XXR) is paired already",
                                      "all {count} rounds (XXR) are paired already",
                                      count=doc.rounds_total))


def require_rounds_total(doc: TrfDocument, path: str = "<trf>") -> None:
    """InputError when the file does not say how many rounds the event has.

    ``pair --trf`` refuses such a file, as bbpPairings does ("the total number of
    rounds must be specified"): the Dutch rules treat the last round differently
    (the top scorers' colour and float criteria), so a guess at the total could
    change the pairing without a word. ``XXR`` (or the TRF-2026 ``142`` record)
    says it.
    """
    if doc.rounds_total is None:
        raise InputError([Problem(
            path, 0, 0, Message("the total number of rounds is missing: add a line 'XXR "
                                "<rounds>' (or the TRF-2026 '142' record) saying how many "
                                "rounds the event has; pairing needs it, since the last round "
                                "has its own rules"))])


def _with_pab_value(doc: TrfDocument, scoring: Scoring) -> Scoring:
    """``scoring`` with the PAB worth what the file's 162 record says (0, a draw, a win)."""
    value = pab_value(doc)
    if value is None:
        return scoring
    units = {scoring.value(u): u for u in (0, scoring.draw, scoring.win)}.get(value)
    return scoring if units is None else replace(scoring, pairing_bye=units)


def state_from_trf(
    doc: TrfDocument, *, baku: bool = False, scoring: Scoring = STANDARD_SCORING,
    path: str = "<trf>",
) -> SwissState:
    """The pairing input for the round after the last paired one (see check_pairable).

    Without a total of rounds in the file the round to pair is taken as the last
    one; ``pair --trf`` refuses such a file first (``require_rounds_total``), the
    library keeps the reading for callers that know better (a file cut before a
    round, ``trf_rounds.cut_before``, carries the total it had)."""
    check_pairable(doc, path)
    scoring = _with_pab_value(doc, scoring)
    done = rounds_played(doc)
    total = doc.rounds_total or done + 1
    absent_next = set(doc.absent_next)
    accel: dict[int, tuple[int, ...]] = {
        n: tuple(int(v / scoring.unit) for v in values) for n, values in doc.acceleration.items()
    }
    if baku and not accel:
        accel = baku_acceleration(
            [p.number for p in doc.players], total, scoring.win, scoring.draw)
    players = []
    read = past_rounds_reader(scoring)
    for p in sorted(doc.players, key=lambda q: q.number):
        rounds = read(p.rounds, done)
        nxt = p.rounds[done] if done < len(p.rounds) else None
        absent = p.number in absent_next or (nxt is not None and nxt.opponent is None)
        players.append(SwissPlayer(p.number, rounds, absent, accel.get(p.number, ()), p.rating))
    forbidden = set()
    for group in doc.forbidden:
        members = sorted(set(group))
        for i, a in enumerate(members):
            for b in members[i + 1 :]:
                forbidden.add(frozenset((a, b)))
    return SwissState(
        players=tuple(players),
        rounds_played=done,
        rounds_total=total,
        initial_colour=doc.initial_colour or Colour.WHITE,
        forbidden=frozenset(forbidden),
        win=scoring.win,
        loss=scoring.loss,
    )
