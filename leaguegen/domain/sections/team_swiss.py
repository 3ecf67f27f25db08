"""The team Swiss kind: teams with squads, paired round by round by FIDE C.04.6 (2026).

Teams are numbered in the order the season lists them, and that number is the team's
pairing number (TPN, C.04.6 1.1: the initial order is the competition's to choose, so the
organiser's list is it). Each round is what ``leaguegen pair`` wrote, or what the organiser
wrote by hand: matches as *first team - second team* (the first team has White on board 1
and, as FIDE's team rules alternate them, on every odd board), a pairing-allocated bye
(PAB) and the teams absent from the round; a match's result is entered board by board as
in a team league (``domain.sections.team_league``'s entries are reused: the first team is
the entry's ``host``).

The section is turned into the team engine's model (``domain.teams``), so the next round
is paired by :func:`~leaguegen.domain.teams.swiss.pair_team_round` and the standings are the
C.07 team tie-breaks of a Swiss (``system="swiss"``) exactly as a TRF-2026 team file of the
same event gets them.
"""

from __future__ import annotations

from dataclasses import KW_ONLY, dataclass, replace
from fractions import Fraction

from leaguegen.domain import planning
from leaguegen.domain.season import Section
from leaguegen.domain.sections.facts import next_date
from leaguegen.domain.sections.kind import N_, Chores, Progress, SectionFacts, SectionKind
from leaguegen.domain.sections.registry import register
from leaguegen.domain.sections.team_league import (
    LeagueTeam,
    MatchEntry,
    PlayerScore,
    StandingRow,
    _player_scores,
    player_number,
    team_counts,
)
from leaguegen.domain.teams import model as tm
from leaguegen.domain.teams.swiss import TeamPairing, pair_team_round
from leaguegen.domain.teams.swiss_state import NO_COLOURS, TYPE_A, TYPE_B
from leaguegen.domain.teams.tiebreaks import TeamRow, team_standings
from leaguegen.errors import Message

FORMAT = "team_swiss"
DEFAULT_TEAM_TIEBREAKS = ("GPTS", "BH:MP", "SB:MP")
COLOUR_TYPES = (TYPE_A, TYPE_B, NO_COLOURS)
PRIMARY = ("MP", "GP")
ENGINE = "C.04.6"  # the paired_by marker's system word


@dataclass(frozen=True, slots=True)
class Paired:
    """A match of a round as paired: the first team (White on board 1), the second."""

    round: int
    first: int
    second: int


@dataclass(frozen=True, slots=True)
class TeamSwissDetails:
    """What a team Swiss section declares beyond the common keys.

    ``pairings`` are every match written in the rounds (with or without a result);
    ``matches`` the results entered (``MatchEntry.host`` is the first team); ``byes`` the
    PABs as (round, team); ``absences`` the teams left out of a round, asked for before it
    is paired (``absent:``) or written in it; ``bye_points`` the PAB's (MP, GP), None: a
    drawn match's (C.04.6 1.4); ``marks`` the rounds written by ``pair`` (round, marker);
    ``unfinished`` the match cards with a board still without a result (entered board by
    board by ``result --board``): paired, counted nowhere until every board has one."""

    teams: tuple[LeagueTeam, ...]
    boards: int
    number_of_rounds: int
    colours: str = TYPE_A
    primary: str = "MP"
    initial_colour: str = "w"
    match_points: tm.Scoring = tm.MATCH_SCORING
    game_points: tm.Scoring = tm.GAME_SCORING
    bye_points: tuple[Fraction, Fraction] | None = None
    tiebreaks: tuple[str, ...] = DEFAULT_TEAM_TIEBREAKS
    pairings: tuple[Paired, ...] = ()
    matches: tuple[MatchEntry, ...] = ()
    byes: tuple[tuple[int, int], ...] = ()
    absences: tuple[tuple[int, int], ...] = ()
    marks: tuple[tuple[int, str], ...] = ()
    unfinished: tuple[MatchEntry, ...] = ()

    @property
    def paired_rounds(self) -> int:
        """The last round written (with a match or a bye)."""
        return max([p.round for p in self.pairings] + [r for r, _ in self.byes], default=0)

    def pab(self) -> tuple[Fraction, Fraction]:
        """The PAB's match and game points: the file's, else a drawn match's (1.4)."""
        if self.bye_points is not None:
            return self.bye_points
        return self.match_points.draw, self.game_points.draw * self.boards

    def absent_in(self, rnd: int) -> frozenset[int]:
        return frozenset(t for r, t in self.absences if r == rnd)

    def type_code(self) -> str:
        """Record 192's code for these settings (``FIDE_TEAM_TYPEA_MP_GP``...)."""
        scores = "_".join((self.primary, "GP" if self.primary == "MP" else "MP"))
        colour = "" if self.colours == NO_COLOURS else f"_TYPE{self.colours}"
        return f"FIDE_TEAM{colour}_{scores}"


class RoundNotFinished(ValueError):
    """The last paired round has matches without a result."""

    def __init__(self, rnd: int, waiting: tuple[Paired, ...]):
        super().__init__(f"round {rnd} has {len(waiting)} match(es) without a result")
        self.round = rnd
        self.waiting = waiting


class SectionComplete(ValueError):
    """Every round of the section is paired."""


def details(section: Section) -> TeamSwissDetails:
    if not isinstance(section.details, TeamSwissDetails):
        raise TypeError(f"section '{section.id}' is not a team Swiss")
    return section.details


_FLIP = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+", "--": "--"}
_MATCH_BOARD = {"+-": "+", "-+": "-", "--": "--"}


def engine_match(d: TeamSwissDetails, m: MatchEntry) -> tm.Match:
    """A result as the team engine keeps it: the first team (``host``) has White on the odd
    boards; a whole-match default gives every board to its winner (none when both lost)."""
    if m.forfeit is not None:
        board = _MATCH_BOARD[m.forfeit]
        return tm.Match(m.round, m.host, m.guest,
                        tuple(tm.Board(b, None, None, board, "w" if b % 2 else "b")
                              for b in range(1, d.boards + 1)),
                        m.forfeit)
    boards = tuple(
        tm.Board(b.number, None if b.host is None else player_number(d, m.host, b.host),
                 None if b.guest is None else player_number(d, m.guest, b.guest), b.result,
                 "w" if b.number % 2 == 1 else "b")
        for b in m.boards)
    return tm.Match(m.round, m.host, m.guest, boards)


def event(section: Section, after_round: int | None = None) -> tm.TeamEvent:
    """The section as a team event (only the matches with a result, and the PABs), cut
    after ``after_round`` when given: what the pairing engine and the tie-breaks read."""
    d = details(section)
    last = d.number_of_rounds if after_round is None else after_round
    teams, players = [], []
    for t, team in enumerate(d.teams, start=1):
        numbers = tuple(player_number(d, t, i) for i in range(len(team.eligible)))
        teams.append(tm.Team(t, team.name, numbers[:len(team.squad)]))
        players += [tm.Player(n, p.name, p.rating)
                    for n, p in zip(numbers, team.eligible, strict=True)]
    mp, gp = d.pab()
    return tm.TeamEvent(
        section.name, tuple(teams),
        tuple(engine_match(d, m) for m in d.matches if m.round <= last),
        tuple(tm.Bye(r, t, mp, gp) for r, t in d.byes if r <= last), d.number_of_rounds,
        d.boards, tuple(players), d.game_points, d.match_points, d.type_code(),
        board_colours="WB" * ((d.boards + 1) // 2), first_colour=d.initial_colour)


def waiting(section: Section, rnd: int) -> tuple[Paired, ...]:
    """The matches of round ``rnd`` still without a result."""
    d = details(section)
    done = {(m.round, m.host, m.guest) for m in d.matches}
    return tuple(p for p in d.pairings
                 if p.round == rnd and (p.round, p.first, p.second) not in done)


def pair_next(section: Section) -> TeamPairing:
    """The next round by C.04.6, from the rounds written (each with every result in), the
    teams absent from it left out. RoundNotFinished, SectionComplete or NoValidPairing."""
    d = details(section)
    done = d.paired_rounds
    if done >= d.number_of_rounds:
        raise SectionComplete(Message("all {total} rounds are paired",
                                      total=d.number_of_rounds))
    if done and waiting(section, done):
        raise RoundNotFinished(done, waiting(section, done))
    return pair_round(section, done + 1)


def pair_round(section: Section, rnd: int) -> TeamPairing:
    """Round ``rnd`` as C.04.6 pairs it from the rounds before it as written (what ``pair``
    does for the next round, and what a written round is compared with)."""
    d = details(section)
    ev = event(section, rnd - 1)
    if ev.rounds_played != rnd - 1:  # the engine pairs the round after the event's last
        raise ValueError(Message("round {r} has no result and no bye: every team was absent"
                                 " or nothing is entered; enter its results first", r=rnd - 1))
    return pair_team_round(ev, absent=d.absent_in(rnd))


@dataclass(frozen=True, slots=True)
class RoundDifference:
    """A written round that is not C.04.6's pairing of it (``engine`` None: no legal one)."""

    round: int
    written: TeamPairing
    engine: TeamPairing | None


def written_round(section: Section, rnd: int) -> TeamPairing:
    d = details(section)
    bye = next((t for r, t in d.byes if r == rnd), None)
    return TeamPairing(rnd, tuple((p.first, p.second) for p in d.pairings if p.round == rnd),
                       bye)


def engine_differences(section: Section) -> tuple[RoundDifference, ...]:
    """Each written round whose matches (as ordered pairs) or PAB differ from what C.04.6
    gives from the rounds before it (``check-pairings`` of a season's team Swiss)."""
    from leaguegen.errors import NoValidPairing

    out = []
    for rnd in range(1, details(section).paired_rounds + 1):
        if any(waiting(section, r) for r in range(1, rnd)):
            break  # the rounds before it are not all in: nothing to compare it with
        written = written_round(section, rnd)
        try:
            engine: TeamPairing | None = pair_round(section, rnd)
        except (NoValidPairing, ValueError):
            engine = None
        if engine is None or set(engine.matches) != set(written.matches) or \
                engine.bye != written.bye:
            out.append(RoundDifference(rnd, written, engine))
    return tuple(out)


@dataclass(frozen=True, slots=True)
class TeamSwissFacts(SectionFacts):
    """A team Swiss's facts: the table by the C.07 team tie-breaks of a Swiss, the pairings
    (``fixtures``) and results, the PAB and the absent teams of each round, and every
    player's board scores. ``codes`` are the table's columns (the first is the primary
    score)."""

    _: KW_ONLY
    details: TeamSwissDetails
    event: tm.TeamEvent
    codes: tuple[str, ...]
    rows: tuple[StandingRow, ...]
    fixtures: tuple[Paired, ...]
    results: dict[tuple[int, int, int], MatchEntry]  # (round, first, second) -> entry
    byes: dict[int, int]  # round -> the team with the PAB
    absent: dict[int, tuple[int, ...]]  # round -> teams not paired
    players: tuple[PlayerScore, ...]


def team_swiss_facts(found: SectionFacts) -> TeamSwissFacts:
    if not isinstance(found, TeamSwissFacts):
        raise TypeError(f"section '{found.section.id}' is not a team Swiss")
    return found


def _codes(d: TeamSwissDetails) -> tuple[str, ...]:
    primary = "MPTS" if d.primary == "MP" else "GPTS"
    return (primary, *(c for c in d.tiebreaks if c != primary))


def match_points(d: TeamSwissDetails, m: MatchEntry) -> tuple[Fraction, Fraction]:
    """(first team, second team) game points of a result."""
    em = engine_match(d, m)
    return em.game_points(em.first, d.game_points), em.game_points(em.second, d.game_points)


def _rows(section: Section, d: TeamSwissDetails, ev: tm.TeamEvent,
          codes: tuple[str, ...]) -> tuple[StandingRow, ...]:
    ranked: tuple[TeamRow, ...] = team_standings(ev, codes, "swiss", section.tiebreak_rules,
                                                 ev.rounds_played)
    mp_i = codes.index("MPTS") if "MPTS" in codes else None
    gp_i = codes.index("GPTS") if "GPTS" in codes else None
    out = []
    for row in ranked:
        ms = [m for m in ev.matches if row.team in m.teams()]
        outcomes = [m.outcome(row.team, d.game_points) for m in ms]
        mine = [b for b in ev.byes if b.team == row.team]
        mp = row.values[mp_i] if mp_i is not None else sum(
            (d.match_points.of(o) for o in outcomes), Fraction(0)) + sum(
            (b.mp for b in mine), Fraction(0))
        gp = row.values[gp_i] if gp_i is not None else sum(
            (m.game_points(row.team, d.game_points) for m in ms), Fraction(0)) + sum(
            (b.gp for b in mine), Fraction(0))
        out.append(StandingRow(row.rank, row.team, d.teams[row.team - 1].name, len(ms),
                               outcomes.count("W"), outcomes.count("D"), outcomes.count("L"),
                               mp, gp, row.values, ""))
    return tuple(out)


def facts(section: Section) -> TeamSwissFacts:
    d = details(section)
    ev = event(section)
    codes = _codes(d)
    results = {(m.round, m.host, m.guest): m for m in d.matches}
    paired = d.paired_rounds
    played = max([m.round for m in d.matches] + [r for r, _ in d.byes], default=0)
    finished = paired >= d.number_of_rounds and not waiting(section, paired)
    in_progress = next((r for r in range(1, paired + 1) if waiting(section, r)), None)
    progress = Progress(played, d.number_of_rounds, finished, in_progress,
                        next_date(section, played, finished))
    rows = _rows(section, d, ev, codes)
    absent: dict[int, tuple[int, ...]] = {}
    for r, t in d.absences:
        if r <= paired:
            absent[r] = (*absent.get(r, ()), t)
    return TeamSwissFacts(section, KIND, progress, rankings=((section.id,
                                                              tuple(r.name for r in rows)),),
                          details=d, event=ev, codes=codes, rows=rows, fixtures=d.pairings,
                          results=results, byes={r: t for r, t in d.byes}, absent=absent,
                          players=_player_scores(d))  # type: ignore[arg-type]


def cut(section: Section, after: int) -> Section:
    """The section after round ``after``: the rounds paired and played by then only (its
    team ranking is C.07's on them, as ``event(section, after)`` reads them)."""
    d = details(section)
    cut = replace(d, pairings=tuple(p for p in d.pairings if p.round <= after),
                  matches=tuple(m for m in d.matches if m.round <= after),
                  byes=tuple(b for b in d.byes if b[0] <= after),
                  absences=tuple(a for a in d.absences if a[0] <= after),
                  marks=tuple(m for m in d.marks if m[0] <= after),
                  unfinished=tuple(m for m in d.unfinished if m.round <= after))
    return replace(section, details=cut)


def standings_json(found: SectionFacts) -> dict:
    """The table in the standings JSON contract: a row per team keyed by its TPN
    (``startno``), with ``name``, ``rank``, the primary score and ``values``."""
    f = team_swiss_facts(found)
    return {
        "tiebreaks": list(f.codes),
        "rows": [{"startno": r.team, "name": r.name, "rank": r.rank,
                  "points": float(r.values[0]),
                  "values": [float(v) for v in r.values]} for r in f.rows],
    }


def plan(sizing: planning.Sizing, section: Section | None = None) -> planning.Shape:
    """A team Swiss is a Swiss of its teams (the field is the teams, a game a match)."""
    if section is not None:
        d = details(section)
        return planning.swiss_shape(len(d.teams), d.number_of_rounds)
    return planning.swiss_shape(sizing.players, sizing.rounds)


KIND = register(SectionKind(
    name=FORMAT, formats=(FORMAT,), labels={FORMAT: N_("Team Swiss")}, min_players=0,
    default_tiebreaks=(), facts=facts, tiebreak_system=None, standings_json=standings_json,
    plan=plan, trf_type={FORMAT: "Team Swiss System"}, chores=Chores(team_matches=True),
    scheduled_games=lambda s: [(p.round, p.first, p.second) for p in details(s).pairings],
    counts_of=lambda s: team_counts(details(s).teams, details(s).matches, details(s).boards),
    placings=None,  # a team's players finish in no order of their own (docs/club.md)
    cut=cut,
))
