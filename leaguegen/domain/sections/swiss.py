"""A Swiss section of a season: its crosstable, its rounds, and pairing the next one.

Pure: the season loader (``formats/sections/swiss.py``) hands us a validated
:class:`~leaguegen.domain.season.Section` whose ``details`` is a
:class:`SwissSettings`; everything else (who met whom, with which colour, the
byes, the standing of each round) is derived here and never stored.

A round is *paired* once it has at least one game in the season file. Byes
asked for before a round is paired are :class:`ByeRequest` entries; they make
the player absent from that round's pairing and, once the round is paired, give
the player the bye asked for (unless the round's lines say otherwise).
A player who appears nowhere in a paired round was not paired (a zero, ``Z``):
that is how a late entry's first rounds or an unannounced absence look.

A game without a result is pending. When one player of a pending game has
withdrawn before that round, the game is a forfeit (``−`` for the leaver,
``+`` for the opponent), as in round robins.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from leaguegen.domain import planning
from leaguegen.domain.model import (
    NOT_PAIRED,
    Code,
    Colour,
    Crosstable,
    PlayerRecord,
    RoundEntry,
)
from leaguegen.domain.pairing import (
    PairingResult,
    baku_acceleration,
    pair_round,
    state_from_crosstable,
)
from leaguegen.domain.pairing.check import RoundCheck, RoundPairing, compare_round
from leaguegen.domain.pairing.renumber import from_tpn, is_identity, to_tpn
from leaguegen.domain.pairing.state import SwissState
from leaguegen.domain.roundrobin import game_codes
from leaguegen.domain.season import Game, Section
from leaguegen.domain.sections.kind import N_, PLAYERS, Chores, Progress, SectionFacts, SectionKind
from leaguegen.domain.sections.registry import register
from leaguegen.domain.sections.swiss_record import (
    Origin,
    PairedBy,
    PairingRecord,
    RoundMark,
    fingerprint,
)
from leaguegen.domain.standings import compute_standings
from leaguegen.errors import Message, NoValidPairing

ACCELERATIONS = ("none", "baku")
KEEP_APART = ("none", "club", "federation")
DEFAULT_TIEBREAKS = ("BH/C1", "BH", "SB", "DE", "WIN")
REQUEST_KINDS = {"half": Code.HALF_BYE, "absent": Code.ZERO_BYE, "zero": Code.ZERO_BYE,
                 "full": Code.FULL_BYE}


@dataclass(frozen=True, slots=True)
class ByeRequest:
    """``player`` (TPN) asked, before round ``round`` was paired, not to be paired in it."""

    player: int
    round: int
    code: Code  # HALF_BYE, ZERO_BYE or FULL_BYE


@dataclass(frozen=True, slots=True)
class SwissSettings:
    """What a Swiss section declares beyond the common section keys (``Section.details``)."""

    number_of_rounds: int
    pairing: str = "dutch"  # a registered pairing system (domain/pairing/system.py)
    acceleration: str = "none"  # "none" or "baku"
    initial_colour: Colour = Colour.WHITE
    requests: tuple[ByeRequest, ...] = ()
    # C.04 forbidden pairings the organiser asked for: ``avoid`` pairs of TPNs, and
    # ``keep_apart`` "club" or "federation" (players sharing one are not paired).
    avoid: tuple[tuple[int, int], ...] = ()
    keep_apart: str = "none"
    # How each paired round was paired: pair's marker and record (swiss_record.py).
    marks: tuple[RoundMark, ...] = ()
    # Late entries placed in the initial order (C.04.2 art. 2.4): (player, before), both
    # identity numbers, applied in turn; see :func:`pairing_order`.
    placements: tuple[tuple[int, int], ...] = ()


class RoundNotFinished(Exception):
    """The previous round still has games without a result."""

    def __init__(self, round_no: int, games: list[Game]):
        self.round = round_no
        self.games = games
        super().__init__(f"round {round_no} has {len(games)} game(s) without a result")


class SectionComplete(Exception):
    """Every planned round has been paired."""


def settings(section: Section) -> SwissSettings:
    details = section.details
    if not isinstance(details, SwissSettings):
        raise TypeError(f"section '{section.id}' is not a Swiss section")
    return details


def pairing_order(section: Section) -> tuple[int, ...]:
    """The players' numbers in pairing (TPN) order: ``order[0]`` has TPN 1.

    A season's numbers are its players' identities (pages, URLs) and never move once
    frozen. FIDE pairs by TPN (C.04.2 art. 2), where a late entry is "given an
    appropriate TPN" in the initial order while TPNs may still change (until the
    fourth round is paired, art. 2.3). ``pairing_order`` (the file's key, written by
    ``enter``) places such an entrant before a player; everyone else keeps the list
    order. Without placements the TPN is the number.
    """
    order = list(range(1, len(section.players) + 1))
    for player, before in settings(section).placements:
        order.remove(player)
        order.insert(order.index(before), player)
    return tuple(order)


# TPNs may change (a late entry placed in the initial order) only until the fourth
# round has been paired (C.04.2 art. 2.3).
TPNS_FIXED_AFTER = 4


def paired_rounds(section: Section) -> int:
    """The last round with at least one game (paired); later rounds are still to come."""
    return max((g.round for g in section.games), default=0)


def rounds_with_results(section: Section) -> int:
    """The last round with any result entered."""
    return max((g.round for g in section.games if g.result is not None), default=0)


def games_of_round(section: Section, round_no: int) -> list[Game]:
    """The round's boards in the order written (board 1 first)."""
    return [g for g in section.games if g.round == round_no]


def unfinished_games(section: Section, round_no: int) -> list[Game]:
    """Games of the round still without a result (a withdrawal's forfeits excluded)."""
    gone = {w.player: w.after_round for w in section.withdrawals}
    return [g for g in games_of_round(section, round_no) if g.result is None
            and gone.get(g.white, round_no) >= round_no
            and gone.get(g.black, round_no) >= round_no]


def withdrawn_before(section: Section, round_no: int) -> set[int]:
    return {w.player for w in section.withdrawals if w.after_round < round_no}


def requested_for(section: Section, round_no: int) -> dict[int, Code]:
    return {q.player: q.code for q in settings(section).requests if q.round == round_no}


def absent_for(section: Section, round_no: int) -> set[int]:
    """TPNs not to be paired in ``round_no``: requested byes and withdrawn players."""
    return set(requested_for(section, round_no)) | withdrawn_before(section, round_no)


def round_entries(section: Section, round_no: int) -> dict[int, RoundEntry]:
    """Every player's entry for a paired round."""
    gone = {w.player: w.after_round for w in section.withdrawals}
    out: dict[int, RoundEntry] = {}
    for g in games_of_round(section, round_no):
        wc, bc = game_codes(g.result, gone.get(g.white, round_no) < round_no,
                            gone.get(g.black, round_no) < round_no)
        out[g.white] = RoundEntry(g.black, Colour.WHITE, wc)
        out[g.black] = RoundEntry(g.white, Colour.BLACK, bc)
    for b in section.byes:
        if b.round == round_no:
            out[b.player] = RoundEntry(None, None, b.code)
    for player, code in requested_for(section, round_no).items():
        out.setdefault(player, RoundEntry(None, None, code))
    return out


def build_crosstable(section: Section, upto_round: int | None = None) -> Crosstable:
    """The section's crosstable over its paired rounds (or the first ``upto_round``)."""
    last = paired_rounds(section) if upto_round is None else upto_round
    columns = [round_entries(section, r) for r in range(1, last + 1)]
    records = tuple(
        PlayerRecord(n, p, tuple(col.get(n, NOT_PAIRED) for col in columns))
        for n, p in enumerate(section.players, start=1)
    )
    return Crosstable(records, settings(section).number_of_rounds, section.scoring)


def pairing_state(section: Section, round_no: int, as_stored: bool = False) -> SwissState:
    """The engine's input for pairing ``round_no`` from the rounds before it.

    Pending games of earlier rounds (postponed) count as not played yet, but
    their two players must not be paired against each other again. ``as_stored``:
    for a round already paired, the players absent from it are the ones the round
    leaves out (a bye line other than the PAB, or no line at all), as ``check-pairings``
    reads a TRF round: so a round is compared with the engine on the same field.
    """
    s = settings(section)
    table = build_crosstable(section, round_no - 1)
    accel = baku_points(section) if s.acceleration == "baku" else None
    postponed = [(g.white, g.black) for g in section.games
                 if g.round < round_no and g.result is None]
    absent = absent_for(section, round_no)
    if as_stored:
        stored = stored_pairing(section, round_no)
        paired = {n for b in stored.boards for n in b} | {stored.bye} - {None}
        absent = set(range(1, len(section.players) + 1)) - paired
    return state_from_crosstable(
        table, rounds_played=round_no - 1, absent=absent,
        acceleration=accel, forbidden=postponed, initial_colour=s.initial_colour,
    )


def baku_points(section: Section) -> dict[int, tuple[int, ...]]:
    """Baku virtual points (C.04.7) by player number: group A is the top of the pairing
    order down to its last participant.

    C.04.7 (2026) 1.3, as a public engine's research notes give it: late entries are
    inserted per C.04.2 art. 2, and "the last GA-participant shall be the same
    participant as in the previous round". So group A is fixed on the field without
    the placed late entries (the first 2*ceil(N/4) of it), and a late entry placed
    above its last participant joins it (group A may become odd).
    """
    s = settings(section)
    order = pairing_order(section)
    placed = {player for player, _ in s.placements}
    drawn = [n for n in order if n not in placed]
    by_place = baku_acceleration(list(range(1, len(drawn) + 1)), s.number_of_rounds,
                                 section.scoring.win, section.scoring.draw)
    if not by_place:
        return {}
    last = drawn[max(by_place) - 1]
    values = by_place[1]
    return {n: values for n in order[: order.index(last) + 1]}


def avoided_pairs(section: Section) -> frozenset[frozenset[int]]:
    """The organiser's forbidden pairings: ``avoid`` pairs, and under ``keep_apart`` every
    two players with the same (non-empty) club or federation."""
    s = settings(section)
    out = {frozenset(p) for p in s.avoid}
    if s.keep_apart in ("club", "federation"):
        groups: dict[str, list[int]] = {}
        for n, p in enumerate(section.players, start=1):
            key = getattr(p, s.keep_apart)
            if key:
                groups.setdefault(key.casefold(), []).append(n)
        for members in groups.values():
            out |= {frozenset((a, b)) for i, a in enumerate(members) for b in members[i + 1:]}
    return frozenset(out)


@dataclass(frozen=True, slots=True)
class SeasonPairing:
    """A round as the engine pairs it for the season: the result, and the avoid /
    keep_apart pairs (TPNs, on its boards) given up because no legal pairing kept them."""

    result: PairingResult
    relaxed: tuple[tuple[int, int], ...] = ()

    # Read like the PairingResult it holds (callers that need only the pairing).
    @property
    def boards(self) -> tuple[tuple[int, int], ...]:
        return self.result.boards

    @property
    def bye(self) -> int | None:
        return self.result.bye


def pair_keeping_apart(section: Section, round_no: int,
                       as_stored: bool = False) -> SeasonPairing:
    """Pair ``round_no`` honouring the avoid / keep_apart pairs as forbidden pairings
    (C.04 XXP); only when no legal pairing exists with them, pair again without them
    and name the ones the new pairing puts on a board.

    Raises ``leaguegen.errors.NoValidPairing`` when no legal pairing exists even then.
    """
    state = pairing_state(section, round_no, as_stored)
    system = settings(section).pairing
    order = pairing_order(section)

    def engine(st: SwissState) -> PairingResult:
        """The system's pairing of ``st``, by TPN when TPNs differ from the numbers."""
        if is_identity(order):
            return pair_round(st, system=system)
        return from_tpn(pair_round(to_tpn(st, order), system=system), order)

    avoid = avoided_pairs(section) - state.forbidden
    if avoid:
        try:
            return SeasonPairing(engine(replace(state, forbidden=state.forbidden | avoid)))
        except NoValidPairing:
            pass
    result = engine(state)
    relaxed = tuple(b for b in result.boards if frozenset(b) in avoid)
    return SeasonPairing(result, relaxed)


def pair(section: Section, round_no: int) -> PairingResult:
    """Pair ``round_no`` from the rounds before it, whatever is stored for it.

    Raises ``leaguegen.errors.NoValidPairing`` when no legal pairing exists.
    """
    return pair_keeping_apart(section, round_no).result


def pair_next(section: Section, allow_postponed: bool = False) -> SeasonPairing:
    """Pair the round after the last paired one.

    Raises :class:`RoundNotFinished` while the last paired round has games
    without a result (unless ``allow_postponed``), :class:`SectionComplete`
    after the last planned round, and ``NoValidPairing`` from the engine.
    """
    done = paired_rounds(section)
    if done >= settings(section).number_of_rounds:
        raise SectionComplete(Message("the {count} round is paired",
                                      "all {count} rounds are paired",
                                      count=settings(section).number_of_rounds))
    if done and not allow_postponed:
        waiting = unfinished_games(section, done)
        if waiting:
            raise RoundNotFinished(done, waiting)
    return pair_keeping_apart(section, done + 1)


@dataclass(frozen=True, slots=True)
class StoredPairing:
    """A paired round as the season file has it: boards, and the PAB if any."""

    boards: tuple[tuple[int, int], ...]
    bye: int | None


def stored_pairing(section: Section, round_no: int) -> StoredPairing:
    boards = tuple((g.white, g.black) for g in games_of_round(section, round_no))
    pab = [b.player for b in section.byes if b.round == round_no and b.code is Code.PAIRING_BYE]
    return StoredPairing(boards, pab[0] if pab else None)


def round_fingerprint(section: Section, round_no: int) -> str:
    """The fingerprint (swiss_record.fingerprint) of round ``round_no`` as the file has it."""
    stored = stored_pairing(section, round_no)
    return result_fingerprint(section, stored.boards, stored.bye)


def result_fingerprint(section: Section, boards: tuple[tuple[int, int], ...],
                       bye: int | None) -> str:
    def name(n: int) -> str:
        return section.players[n - 1].name if 1 <= n <= len(section.players) else f"#{n}"

    return fingerprint([(name(w), name(b)) for w, b in boards],
                       [name(bye)] if bye is not None else [])


def mark_of(section: Section, round_no: int) -> RoundMark:
    return next((m for m in settings(section).marks if m.round == round_no),
                RoundMark(round_no))


def usable_record(section: Section, round_no: int) -> PairingRecord | None:
    """``pair``'s record of the round, if its numbers still name the players it paired
    (its fingerprint through today's names is the one it was written with)."""
    record = mark_of(section, round_no).record
    if record is None or result_fingerprint(section, record.result.boards,
                                            record.result.bye) != record.paired_by.fingerprint:
        return None
    return record


def origin(section: Section, round_no: int) -> Origin:
    """Whether round ``round_no`` is the engine's own pairing, from stored data only."""
    mark = mark_of(section, round_no)
    if mark.paired_by is None:
        return Origin.HAND
    if mark.paired_by.fingerprint == round_fingerprint(section, round_no):
        return Origin.ENGINE
    return Origin.EDITED


def marker(section: Section, result: PairingResult, version: str) -> PairedBy:
    """The marker ``pair`` writes on the round it pairs with ``result``."""
    return PairedBy(settings(section).pairing,
                    result_fingerprint(section, result.boards, result.bye), version)


@dataclass(frozen=True, slots=True)
class EngineDifference:
    """A round not the engine's own (hand-made or edited) compared with the engine's
    pairing from the rounds before it: ``check`` reports it as a notice."""

    round: int
    origin: Origin
    engine: PairingResult | None  # None: the engine finds no legal pairing
    check: RoundCheck | None


def engine_differences(section: Section) -> list[EngineDifference]:
    """Pair once each round that is not the engine's own and say where it differs.

    This is the only place a stored round meets the engine again, and only ``check``
    calls it (the pages read what ``pair`` stored). Rounds that agree are left out.
    """
    out = []
    for r in range(1, paired_rounds(section) + 1):
        how = origin(section, r)
        if how is Origin.ENGINE or not games_of_round(section, r):
            continue
        stored = stored_pairing(section, r)
        try:
            result = pair_keeping_apart(section, r, as_stored=True).result
        except NoValidPairing:
            out.append(EngineDifference(r, how, None, None))
            continue
        diff = compare_round(r, result, RoundPairing(stored.boards, stored.bye))
        if not diff.agrees:
            out.append(EngineDifference(r, how, result, diff))
    return out


def same_pairing(result: PairingResult, stored: StoredPairing) -> bool:
    """The engine's pairing and the stored one have the same boards, colours and bye
    (board order aside)."""
    return set(result.boards) == set(stored.boards) and result.bye == stored.bye


def progress(section: Section, table: Crosstable) -> Progress:
    """Rounds with results; finished when every planned round is paired and played.

    While a paired round waits for results, its date is the next date.
    """
    total = settings(section).number_of_rounds
    paired = paired_rounds(section)
    pending = any(e.code is Code.PENDING for rec in table.records for e in rec.rounds)
    when = section.rounds[paired - 1].date if pending and paired else None
    return Progress(rounds_with_results(section), total, paired == total and not pending,
                    paired if pending else None, when)


@dataclass(frozen=True, slots=True)
class SwissFacts(SectionFacts):
    """A Swiss section's facts; ``after`` is the round the standings are after."""

    after: int = 0


def facts(section: Section) -> SwissFacts:
    table = build_crosstable(section)
    after = rounds_with_results(section)
    standings = compute_standings(table, list(section.tiebreaks), system="swiss",
                                  rules=section.tiebreak_rules, after_round=after)
    order = tuple(r.number for r in standings.rows)
    names = tuple(section.players[n - 1].name for n in order)
    return SwissFacts(section, KIND, progress(section, table), table, standings, frozenset(),
                      order, ((section.id, names),), after=after)


def plan(sizing: planning.Sizing, section: Section | None = None) -> planning.Shape:
    """The section's number of rounds (or the command line's), against what its field allows."""
    if sizing.double:
        raise ValueError(Message("a Swiss has no double form (add rounds instead)"))
    rounds = settings(section).number_of_rounds if section is not None else sizing.rounds
    return planning.swiss_shape(sizing.players, rounds)


def trf_type(section: Section) -> str:
    """TRF 092: the Swiss system with its pairing rules, e.g. "Swiss system (Dutch)"."""
    return f"Swiss system ({settings(section).pairing.capitalize()})"


KIND = register(SectionKind(
    name="swiss", formats=("swiss",), labels={"swiss": N_("Swiss")}, min_players=4,
    default_tiebreaks=DEFAULT_TIEBREAKS, facts=facts, tiebreak_system="swiss",
    trf_type={"swiss": "Swiss system"}, feeds_stages=True, plan=plan,
    chores=Chores(withdraw=True, late_entry=PLAYERS, accepts_byes=True,
                  computed_numbers=True, paired_rounds=paired_rounds,
                  pairing_order=pairing_order),
    trf_type_of=trf_type,
))
