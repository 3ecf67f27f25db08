"""TRF -> Swiss pairing input: which round comes next, who sits it out, virtual points."""

from __future__ import annotations

from leaguegen.domain.model import STANDARD_SCORING, Code, Colour, Scoring
from leaguegen.domain.pairing.baku import baku_acceleration
from leaguegen.domain.pairing.state import SwissPlayer, SwissState, past_round
from leaguegen.formats.trf import TrfDocument


def rounds_played(doc: TrfDocument) -> int:
    """Rounds already paired: the last round where anyone took part in a pairing.

    A requested bye (H/Z/F) in the following column only marks an absence.
    """
    done = 0
    for p in doc.players:
        for i, e in enumerate(p.rounds, start=1):
            if e is None:
                continue
            if e.opponent is not None or e.code in (Code.PAIRING_BYE, Code.FORFEIT_WIN):
                done = max(done, i)
            else:
                done = max(done, i - 1)
    return done


def state_from_trf(
    doc: TrfDocument, *, baku: bool = False, scoring: Scoring = STANDARD_SCORING
) -> SwissState:
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
    for p in sorted(doc.players, key=lambda q: q.number):
        rounds = tuple(
            past_round(p.rounds[i] if i < len(p.rounds) else None, scoring) for i in range(done)
        )
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
