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
from leaguegen.domain.season import RESULT_CODES, Game, GameResult, Section

_CODES = RESULT_CODES  # the result type's own table


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


def build_crosstable(section: Section,
                     schedule: tuple[berger.Round, ...] | None = None) -> Crosstable:
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
    if schedule is None:  # ``schedule``: the section's (its facts work it out once)
        schedule = section_schedule(section)
    size = len(section.players)
    if as_played(section):  # rounds as written: any number on a line gets a row
        size = max([size, *(max(p.white, p.black or 0) for rnd in schedule for p in rnd)])
    # each player's rounds, filled board by board (a later line for the same player wins,
    # as it always did); a round with no line for a player stays None
    rows: list[list[RoundEntry | None]] = [[None] * len(schedule) for _ in range(size + 1)]
    codes = _CODES_BY_VALUE
    for r, boards in enumerate(schedule, start=1):
        i = r - 1
        now = r <= reached
        free = None
        for pairing in boards:
            w, b = pairing.white, pairing.black
            if b is None:
                code = bye_codes.get((r, w), bye) if bye_codes else bye
                rows[w][i] = _entry(None, None, code if now else Code.PENDING)
                continue
            result = results.get((r, w, b))
            if left_after:
                never_w = result is None and left_after.get(w) == 0
                never_b = result is None and left_after.get(b) == 0
                if never_w or never_b:
                    if free is None:
                        free = RoundEntry(None, None, bye if now else Code.PENDING)
                    rows[w][i] = NEVER_JOINED if never_w else free
                    rows[b][i] = NEVER_JOINED if never_b else free
                    continue
                wc, bc = game_codes(result, now and w in left_after, now and b in left_after)
            elif result is not None:
                wc, bc = codes[result._value_]
            else:
                wc = bc = Code.PENDING
            rows[w][i] = _entry(b, Colour.WHITE, wc)
            rows[b][i] = _entry(w, Colour.BLACK, bc)
    # rounds as written: a player on no line of a reached round was not paired
    unpaired = [NOT_PAIRED if r <= reached else RoundEntry(None, None, Code.PENDING)
                for r in range(1, len(schedule) + 1)]
    records = []
    for number, player in enumerate(section.players, start=1):
        row = rows[number]
        if None in row:
            row = [unpaired[r] if e is None else e for r, e in enumerate(row)]
        records.append(PlayerRecord(number, player, tuple(row)))  # type: ignore[arg-type]
    return Crosstable(tuple(records), len(schedule), section.scoring)


# the same, keyed by the results' text (an Enum member's own hash is Python code)
_CODES_BY_VALUE = {result.value: codes for result, codes in _CODES.items()}
# (opponent, colour, code) -> the entry: entries are frozen values, so every record of
# every section may share them (a season's round robins make some 40,000)
_ENTRIES: dict[tuple[int | None, Colour | None, Code], RoundEntry] = {}


def _entry(opponent: int | None, colour: Colour | None, code: Code) -> RoundEntry:
    key = (opponent, colour, code)
    entry = _ENTRIES.get(key)
    if entry is None:
        if len(_ENTRIES) > 65536:
            _ENTRIES.clear()
        entry = _ENTRIES[key] = RoundEntry(opponent, colour, code)
    return entry


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
