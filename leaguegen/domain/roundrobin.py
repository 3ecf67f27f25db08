"""A round-robin section's crosstable, derived from its schedule and the results entered.

Games after a withdrawal that have no result are forfeits (leaver ``-``,
opponent ``+``), as FIDE notation has it; the 50 % rule then decides whether
they count in the standings (see :func:`withdrawn_unranked`).
"""

from __future__ import annotations

from leaguegen.domain.model import (
    NOT_PAIRED,
    Code,
    Colour,
    Crosstable,
    PlayerRecord,
    RoundEntry,
)
from leaguegen.domain.schedule import berger
from leaguegen.domain.season import Game, GameResult, Section

_CODES: dict[GameResult, tuple[Code, Code]] = {
    GameResult.WHITE_WINS: (Code.WIN, Code.LOSS),
    GameResult.BLACK_WINS: (Code.LOSS, Code.WIN),
    GameResult.DRAW: (Code.DRAW, Code.DRAW),
    GameResult.WHITE_FORFEIT_WIN: (Code.FORFEIT_WIN, Code.FORFEIT_LOSS),
    GameResult.BLACK_FORFEIT_WIN: (Code.FORFEIT_LOSS, Code.FORFEIT_WIN),
    GameResult.DOUBLE_FORFEIT: (Code.FORFEIT_LOSS, Code.FORFEIT_LOSS),
}


# A player who withdrew before round 1 has no game in any round.
NEVER_JOINED = RoundEntry(None, None, Code.ZERO_BYE)


def table_rounds(section: Section) -> int:
    """Rounds the section plays: its Berger table's length (odd fields have a free round)."""
    return (berger.table_size(len(section.players)) - 1) * (2 if section.double else 1)


def as_played(section: Section) -> bool:
    """True for a round robin paired outside the FIDE tables (its rounds are as written)."""
    from leaguegen.domain.sections.round_robin import RoundRobinDetails

    return isinstance(section.details, RoundRobinDetails) and section.details.as_played


def section_schedule(section: Section) -> tuple[berger.Round, ...]:
    """Each round's boards: the Berger table, or the rounds as written for ``as_played``.

    In the latter, a player with a bye line sits out (``Pairing(p, None)``); the bye's
    own code says what it scores.
    """
    if not as_played(section):
        return berger.schedule(len(section.players), section.double, section.swap_last_two)
    rounds: list[list[berger.Pairing]] = [[] for _ in range(table_rounds(section))]
    for g in section.games:
        rounds[g.round - 1].append(berger.Pairing(g.white, g.black))
    for bye in section.byes:
        rounds[bye.round - 1].append(berger.Pairing(bye.player, None))
    return tuple(tuple(r) for r in rounds)


def scheduled_games(section: Section) -> int:
    """Games each player is scheduled to play (the free round is not a game)."""
    per_cycle = len(section.players) - 1
    return per_cycle * (2 if section.double else 1)


def free_round_code(section: Section) -> Code:
    units = section.free_round_units
    if units == 0:
        return Code.ZERO_BYE
    if units == section.scoring.draw:
        return Code.HALF_BYE
    return Code.FULL_BYE


def game_codes(result: GameResult | None, white_gone: bool, black_gone: bool) -> tuple[Code, Code]:
    """Codes for White and Black; an unplayed game of a withdrawn player is a forfeit."""
    if result is not None:
        return _CODES[result]
    if white_gone and black_gone:
        return Code.FORFEIT_LOSS, Code.FORFEIT_LOSS
    if white_gone:
        return Code.FORFEIT_LOSS, Code.FORFEIT_WIN
    if black_gone:
        return Code.FORFEIT_WIN, Code.FORFEIT_LOSS
    return Code.PENDING, Code.PENDING


def last_round_reached(section: Section) -> int:
    """The last round with any result entered; later rounds have not been played yet."""
    return max((g.round for g in section.games if g.result is not None), default=0)


def build_crosstable(section: Section) -> Crosstable:
    """Every player's round record from the schedule and the results entered.

    A free round scores only once its round has been reached (the last round
    with any result), so "after round 1" holds no later free round. A game of a
    withdrawn player that has no result is a forfeit for the leaver whenever it
    was scheduled (a postponed game will never be played), once its round has
    been reached; both leavers: a double forfeit. A player who withdrew before
    round 1 never joined: each of their games is a free round for the opponent.
    """
    reached = last_round_reached(section)
    results = {(g.round, g.white, g.black): g.result for g in section.games}
    left_after = {w.player: w.after_round for w in section.withdrawals}
    bye = free_round_code(section)
    bye_codes = {(b.round, b.player): b.code for b in section.byes}
    schedule = section_schedule(section)
    columns: list[dict[int, RoundEntry]] = []
    for r, boards in enumerate(schedule, start=1):
        column: dict[int, RoundEntry] = {}
        free = RoundEntry(None, None, bye if r <= reached else Code.PENDING)
        for pairing in boards:
            w, b = pairing.white, pairing.black
            if b is None:
                code = bye_codes.get((r, w), bye)
                column[w] = RoundEntry(None, None, code if r <= reached else Code.PENDING)
                continue
            result = results.get((r, w, b))
            never = [left_after.get(x) == 0 and result is None for x in (w, b)]
            if any(never):
                for x, absent in ((w, never[0]), (b, never[1])):
                    column[x] = NEVER_JOINED if absent else free
                continue
            wc, bc = game_codes(result, r <= reached and w in left_after,
                                r <= reached and b in left_after)
            column[w] = RoundEntry(b, Colour.WHITE, wc)
            column[b] = RoundEntry(w, Colour.BLACK, bc)
        columns.append(column)
    # rounds as written: a player on no line of a reached round was not paired
    unpaired = [NOT_PAIRED if r <= reached else RoundEntry(None, None, Code.PENDING)
                for r in range(1, len(schedule) + 1)]
    records = tuple(
        PlayerRecord(i, p, tuple(col.get(i, unpaired[r]) for r, col in enumerate(columns)))
        for i, p in enumerate(section.players, start=1)
    )
    return Crosstable(records, len(schedule), section.scoring)


def games_completed(table: Crosstable, number: int) -> int:
    """Games actually played over the board (forfeit wins are not completed games)."""
    return sum(1 for e in table.record(number).rounds if e.played)


def withdrawn_unranked(section: Section, table: Crosstable) -> frozenset[int]:
    """Withdrawn players who completed under the threshold (FIDE: 50 %) of their games.

    Exactly half counts as enough. Their games then count for nobody.
    """
    needed = section.withdrawal_threshold * scheduled_games(section)
    return frozenset(
        w.player for w in section.withdrawals if games_completed(table, w.player) < needed
    )


def games_of_round(section: Section, round_no: int) -> list[Game]:
    """The round's boards with any result entered, board order as scheduled."""
    results = {(g.round, g.white, g.black): g.result for g in section.games}
    out = []
    for pairing in section_schedule(section)[round_no - 1]:
        if pairing.black is not None:
            out.append(
                Game(round_no, pairing.white, pairing.black,
                     results.get((round_no, pairing.white, pairing.black)))
            )
    return out
