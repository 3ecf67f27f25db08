"""The team league kind: a division of club teams playing a round robin of team matches.

Teams are numbered in the order the season lists them; the fixtures are the FIDE Berger
table of that many teams (``domain.schedule.berger``: the table's White is the home team,
an odd count gives one team a free round each round), single or double. Each match is kept
board by board and turned into the team engine's model (``domain.teams``): a
:class:`~leaguegen.domain.teams.model.TeamEvent` whose first team in a match is the one
with White on board 1, so the C.07 team tie-breaks (``domain.teams.tiebreaks``) rank the
division exactly as they rank a TRF team event. The section's ``players`` stay empty: the
squads live in the details, as the individual pages do not apply to team rows.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import KW_ONLY, dataclass, replace
from fractions import Fraction

from leaguegen.domain import planning
from leaguegen.domain.model import Player
from leaguegen.domain.schedule import berger
from leaguegen.domain.season import GameResult, Section
from leaguegen.domain.sections.facts import next_date
from leaguegen.domain.sections.kind import (
    N_,
    Chores,
    Progress,
    ScheduledGame,
    SectionFacts,
    SectionKind,
)
from leaguegen.domain.sections.registry import register
from leaguegen.domain.teams import model as tm
from leaguegen.domain.teams.tiebreaks import TeamRow, team_standings

FORMAT = "team_league"
DEFAULT_TEAM_TIEBREAKS = ("MPTS", "GPTS", "DE", "SB:MP")
ODD, EVEN = "odd", "even"  # the boards on which the home team has White


@dataclass(frozen=True, slots=True)
class LeagueTeam:
    """A team: its squad in board order (board 1 first), then reserves it may field."""

    name: str
    club: str
    squad: tuple[Player, ...]
    reserves: tuple[Player, ...] = ()

    @property
    def eligible(self) -> tuple[Player, ...]:
        """Everyone who may sit at a board for the team, in the team's order."""
        return self.squad + self.reserves


@dataclass(frozen=True, slots=True)
class BoardEntry:
    """One board of a match as entered, home player first; ``result`` from the home
    player's side: ``1`` ``=`` ``0`` played, ``+``/``-`` a board default (home present /
    absent), ``--`` both absent, None: the game is not over yet (the match card is being
    filled in board by board). A player is an index into the team's ``eligible``, or
    None when nobody sat there."""

    number: int
    host: int | None  # the home player
    guest: int | None
    result: str | None


@dataclass(frozen=True, slots=True)
class MatchEntry:
    """A match's result: its boards, or a whole-match default (``+-`` the home team wins
    it, ``-+`` the away team, ``--`` both lose) and no boards."""

    round: int
    host: int  # the home team's number (1-based, as listed)
    guest: int  # the away team's
    boards: tuple[BoardEntry, ...] = ()
    forfeit: str | None = None

    @property
    def complete(self) -> bool:
        """Whether the match has its result: a whole-match default, or every board's.
        A match with a board still to finish counts nowhere yet (the table, the feeds)."""
        return self.forfeit is not None or all(b.result is not None for b in self.boards)


@dataclass(frozen=True, slots=True)
class TeamWithdrawal:
    """A team that left the division after ``after_round`` (0: before round 1)."""

    team: int
    after_round: int
    reason: str = ""


@dataclass(frozen=True, slots=True)
class Fixture:
    """A scheduled match: the round, the home and away teams, date and venue."""

    round: int
    host: int  # the home team
    guest: int
    date: dt.date | None
    venue: str


@dataclass(frozen=True, slots=True)
class TeamLeagueDetails:
    """What a team league section declares beyond the common keys."""

    teams: tuple[LeagueTeam, ...]
    boards: int
    double: bool = False
    home_white: str = ODD
    match_points: tm.Scoring = tm.MATCH_SCORING
    game_points: tm.Scoring = tm.GAME_SCORING
    tiebreaks: tuple[str, ...] = DEFAULT_TEAM_TIEBREAKS
    venues: tuple[tuple[int, str], ...] = ()  # (round, venue) written for a round
    matches: tuple[MatchEntry, ...] = ()
    promotion: int = 0  # places marked for promotion (top) and relegation (bottom)
    relegation: int = 0
    withdrawals: tuple[TeamWithdrawal, ...] = ()
    # the table after this round (``cut``): a withdrawn team's later fixtures are not
    # yet defaults; None: every round's
    cut_after: int | None = None

    def home_is_white(self, board: int) -> bool:
        return (board % 2 == 1) == (self.home_white == ODD)


def schedule(teams: int, double: bool, swap_last_two: bool = True) -> list[berger.Round]:
    """The Berger table of ``teams`` teams: each pairing's White is the home team."""
    if double:
        return berger.double_round_robin(teams, swap_last_two)
    return berger.single_round_robin(teams)


def details(section: Section) -> TeamLeagueDetails:
    if not isinstance(section.details, TeamLeagueDetails):
        raise TypeError(f"section '{section.id}' is not a team league")
    return section.details


def fixtures(section: Section) -> tuple[Fixture, ...]:
    """Every scheduled match, round by round, with the round's date and venue (the round's
    own venue, else the home team's club)."""
    d = details(section)
    dates = {r.number: r.date for r in section.rounds}
    venues = dict(d.venues)
    out = []
    for r, boards in enumerate(schedule(len(d.teams), d.double, section.swap_last_two), 1):
        for p in boards:
            if p.black is not None:
                host = d.teams[p.white - 1]
                out.append(Fixture(r, p.white, p.black, dates.get(r),
                                   venues.get(r) or host.club or host.name))
    return tuple(out)


def free_teams(section: Section) -> dict[int, int]:
    """round -> the team with the free round (an odd number of teams)."""
    d = details(section)
    return {r: p.white for r, boards in
            enumerate(schedule(len(d.teams), d.double, section.swap_last_two), 1)
            for p in boards if p.black is None}


def player_number(d: TeamLeagueDetails, team: int, index: int) -> int:
    """A player's number in the team event: teams' eligible lists one after another."""
    return sum(len(t.eligible) for t in d.teams[:team - 1]) + index + 1


_FLIP = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+", "--": "--"}
# A board's result (home player's side) as the game result type: its canonical text
# (``.text``: what the chores write) and its ASCII (``.ascii``: what the feeds write)
BOARD_RESULT = {"1": GameResult.WHITE_WINS, "0": GameResult.BLACK_WINS, "=": GameResult.DRAW,
                "+": GameResult.WHITE_FORFEIT_WIN, "-": GameResult.BLACK_FORFEIT_WIN,
                "--": GameResult.DOUBLE_FORFEIT}


def engine_match(d: TeamLeagueDetails, m: MatchEntry) -> tm.Match:
    """A match as the team engine keeps it: the first team has White on board 1."""
    home_first = d.home_is_white(1)
    first, second = (m.host, m.guest) if home_first else (m.guest, m.host)
    if m.forfeit is not None:
        # every board goes to the team that won the match by default (a league's rule:
        # the winners score the boards), none when both lost it
        fo = m.forfeit if home_first else m.forfeit[::-1]
        board = {"+-": "+", "-+": "-", "--": "--"}[fo]
        return tm.Match(m.round, first, second,
                        tuple(tm.Board(b, None, None, board) for b in range(1, d.boards + 1)),
                        fo)
    boards = []
    for b in m.boards:
        hp = None if b.host is None else player_number(d, m.host, b.host)
        ap = None if b.guest is None else player_number(d, m.guest, b.guest)
        result = b.result if home_first else _FLIP[b.result]
        fp, sp = (hp, ap) if home_first else (ap, hp)
        first_white = d.home_is_white(b.number) == home_first
        boards.append(tm.Board(b.number, fp, sp, result, "w" if first_white else "b"))
    return tm.Match(m.round, first, second, tuple(boards))


@dataclass(frozen=True, slots=True)
class Counted:
    """The matches that count, once the withdrawals are applied (``counted``).

    ``matches``: the complete matches entered, less those of an expunged team, plus a
    whole-match default lost by a withdrawn team in each of its later fixtures
    (``defaulted`` names those fixtures, (round, home, away)); ``expunged``: the teams
    whose results are cancelled, out of the table."""

    matches: tuple[MatchEntry, ...]
    expunged: frozenset[int]
    defaulted: frozenset[tuple[int, int, int]]


def matches_completed(d: TeamLeagueDetails, team: int) -> int:
    """Matches the team played over the board (a whole-match default is not one, nor a
    match whose every board was a default)."""
    return sum(1 for m in d.matches if m.complete and team in (m.host, m.guest)
               and engine_match(d, m).played)


def counted(section: Section) -> Counted:
    """The division's results under its withdrawals: the league's rule, the FIDE 50 %
    rule of a round robin (C.07's tables count every scheduled meeting, so a team that
    leaves must not leave holes): a team that withdrew having played fewer than
    ``withdrawal_threshold`` (50 %) of its scheduled matches has every match cancelled and
    leaves the table; otherwise its results stand and each of its fixtures after its last
    round is a whole-match default it loses (``+-`` / ``-+``), counted for both teams.
    Exactly half is enough to stay, as for a player (``roundrobin.withdrawn_unranked``).
    A division cut after a round (``cut``) counts no default of a later fixture yet."""
    d = details(section)
    fx = fixtures(section)
    expunged: set[int] = set()
    left: dict[int, int] = {}
    for w in d.withdrawals:
        scheduled = sum(1 for f in fx if w.team in (f.host, f.guest))
        if matches_completed(d, w.team) < section.withdrawal_threshold * scheduled:
            expunged.add(w.team)
        else:
            left[w.team] = w.after_round
    out = [m for m in d.matches if m.complete and not expunged & {m.host, m.guest}]
    entered = {(m.round, m.host, m.guest) for m in d.matches}
    defaulted = set()
    for f in fx:
        key = (f.round, f.host, f.guest)
        if key in entered or expunged & {f.host, f.guest} or (d.cut_after is not None
                                                                and f.round > d.cut_after):
            continue
        host_out = f.host in left and f.round > left[f.host]
        guest_out = f.guest in left and f.round > left[f.guest]
        if host_out or guest_out:
            code = "--" if host_out and guest_out else "-+" if host_out else "+-"
            out.append(MatchEntry(f.round, f.host, f.guest, (), code))
            defaulted.add(key)
    out.sort(key=lambda m: (m.round, m.host))
    return Counted(tuple(out), frozenset(expunged), frozenset(defaulted))


def event(section: Section, matches: tuple[MatchEntry, ...] | None = None) -> tm.TeamEvent:
    """The division as a team event for the engine's tie-breaks (``matches``: those that
    count, default: ``counted(section)``'s)."""
    d = details(section)
    if matches is None:
        matches = counted(section).matches
    teams = []
    players = []
    for t, team in enumerate(d.teams, start=1):
        numbers = tuple(player_number(d, t, i) for i in range(len(team.eligible)))
        teams.append(tm.Team(t, team.name, numbers[:len(team.squad)]))
        players += [tm.Player(n, p.name, p.rating) for n, p in zip(numbers, team.eligible,
                                                                      strict=True)]
    rounds = len(schedule(len(d.teams), d.double, section.swap_last_two))
    return tm.TeamEvent(section.name, tuple(teams),
                        tuple(engine_match(d, m) for m in matches), (), rounds, d.boards,
                        tuple(players), d.game_points, d.match_points)


@dataclass(frozen=True, slots=True)
class StandingRow:
    """One team's line of the division table; ``values`` follow ``codes`` (MP first)."""

    rank: int
    team: int
    name: str
    played: int
    won: int
    drawn: int
    lost: int
    match_points: Fraction
    game_points: Fraction
    values: tuple[Fraction, ...]
    zone: str  # "promotion", "relegation" or ""


@dataclass(frozen=True, slots=True)
class PlayerScore:
    """One player's record for the team: points and games on each board."""

    team: int
    index: int  # in the team's eligible list
    player: Player
    reserve: bool
    points: Fraction
    games: int  # boards sat at (a default won or lost counts, an empty board not)
    by_board: tuple[tuple[int, Fraction, int], ...]  # (board, points, games)


@dataclass(frozen=True, slots=True)
class TeamLeagueFacts(SectionFacts):
    """A division's facts: the team table, its fixtures, the matches and every player's
    board scores. ``codes`` are the table's columns (the first is the primary score)."""

    _: KW_ONLY
    details: TeamLeagueDetails
    event: tm.TeamEvent
    codes: tuple[str, ...]
    rows: tuple[StandingRow, ...]
    fixtures: tuple[Fixture, ...]
    results: dict[tuple[int, int, int], MatchEntry]  # (round, home, away) -> entry
    free: dict[int, int]
    players: tuple[PlayerScore, ...]
    expunged: frozenset[int] = frozenset()  # withdrawn teams whose results are cancelled
    defaulted: frozenset[tuple[int, int, int]] = frozenset()  # defaults of a withdrawal


def team_league_facts(found: SectionFacts) -> TeamLeagueFacts:
    if not isinstance(found, TeamLeagueFacts):
        raise TypeError(f"section '{found.section.id}' is not a team league")
    return found


def _codes(d: TeamLeagueDetails) -> tuple[str, ...]:
    codes = tuple(c for c in d.tiebreaks if c != "MPTS")
    return ("MPTS", *codes)


def match_points(d: TeamLeagueDetails, m: MatchEntry) -> tuple[Fraction, Fraction]:
    """(home, away) game points of a match (a whole-match default: none on the boards)."""
    em = engine_match(d, m)
    first_home = em.first == m.host
    first, second = em.game_points(em.first, d.game_points), em.game_points(em.second,
                                                                              d.game_points)
    return (first, second) if first_home else (second, first)


def _rows(section: Section, d: TeamLeagueDetails, ev: tm.TeamEvent,
          codes: tuple[str, ...], expunged: frozenset[int] = frozenset()
          ) -> tuple[StandingRow, ...]:
    every: tuple[TeamRow, ...] = team_standings(ev, codes, "round-robin",
                                                section.tiebreak_rules, ev.rounds_played)
    # an expunged team leaves the table; the others keep their order, ranked among
    # themselves (a tie stays a tie)
    kept = [r for r in every if r.team not in expunged]
    ranked = [replace(r, rank=1 + sum(1 for o in kept if o.rank < r.rank)) for r in kept]
    gp_index = codes.index("GPTS") if "GPTS" in codes else None
    out = []
    n = len(ranked)
    for pos, row in enumerate(ranked, start=1):
        ms = [m for m in ev.matches if row.team in m.teams()]
        outcomes = [m.outcome(row.team, d.game_points) for m in ms]
        gp = row.values[gp_index] if gp_index is not None else sum(
            (m.game_points(row.team, d.game_points) for m in ms), Fraction(0))
        zone = ("promotion" if pos <= d.promotion else
                "relegation" if pos > n - d.relegation else "")
        out.append(StandingRow(row.rank, row.team, d.teams[row.team - 1].name, len(ms),
                               outcomes.count("W"), outcomes.count("D"), outcomes.count("L"),
                               row.values[0], gp, row.values, zone))
    return tuple(out)


def _player_scores(d: TeamLeagueDetails) -> tuple[PlayerScore, ...]:
    tally: dict[tuple[int, int], dict[int, list]] = {}
    for m in d.matches:
        for b in m.boards:
            if b.result is None:
                continue
            for team, idx, home in ((m.host, b.host, True), (m.guest, b.guest, False)):
                if idx is None:
                    continue
                res = b.result if home else _FLIP[b.result]
                pts = (d.game_points.win if res in ("1", "+") else
                       d.game_points.draw if res == "=" else d.game_points.loss)
                cell = tally.setdefault((team, idx), {}).setdefault(b.number,
                                                                    [Fraction(0), 0])
                cell[0] += pts
                cell[1] += 1
    out = []
    for t, team in enumerate(d.teams, start=1):
        for i, p in enumerate(team.eligible):
            boards = tally.get((t, i), {})
            out.append(PlayerScore(
                t, i, p, i >= len(team.squad), sum((v[0] for v in boards.values()), Fraction(0)),
                sum(v[1] for v in boards.values()),
                tuple((b, v[0], v[1]) for b, v in sorted(boards.items()))))
    return tuple(out)


def facts(section: Section) -> TeamLeagueFacts:
    d = details(section)
    count = counted(section)
    ev = event(section, count.matches)
    codes = _codes(d)
    fx = fixtures(section)
    results = {(m.round, m.host, m.guest): m for m in count.matches}
    entered = [m for m in d.matches if m.complete]
    played = max((m.round for m in entered), default=0)
    total = len(schedule(len(d.teams), d.double, section.swap_last_two))
    due = [f for f in fx if not count.expunged & {f.host, f.guest}]
    finished = all((f.round, f.host, f.guest) in results for f in due)
    partial = {m.round for m in d.matches if not m.complete}
    round_done = played == 0 or all((f.round, f.host, f.guest) in results
                                    for f in due if f.round == played)
    in_progress = min(partial) if partial else None if round_done else played
    progress = Progress(played, total, finished, in_progress,
                        next_date(section, played, finished))
    rows = _rows(section, d, ev, codes, count.expunged)
    names = tuple(r.name for r in rows)
    return TeamLeagueFacts(section, KIND, progress, rankings=((section.id, names),),
                           details=d, event=ev, codes=codes, rows=rows, fixtures=fx,
                           results=results, free=free_teams(section),
                           players=_player_scores(d), expunged=count.expunged,
                           defaulted=count.defaulted)


def cut(section: Section, after: int) -> Section:
    """The division after round ``after``: its matches and the withdrawals by then only,
    and no default of a later fixture counted (``cut_after``)."""
    d = details(section)
    return replace(section, details=replace(
        d, matches=tuple(m for m in d.matches if m.round <= after),
        withdrawals=tuple(w for w in d.withdrawals if w.after_round < after), cut_after=after))


def standings_json(found: SectionFacts) -> dict:
    """The division table in the standings JSON contract: one row per team, keyed by its
    number in the section (``startno``), with ``name``, ``rank`` and ``values``."""
    f = team_league_facts(found)
    return {
        "tiebreaks": list(f.codes),
        "rows": [{"startno": r.team, "name": r.name, "rank": r.rank,
                  "points": float(r.match_points),
                  "values": [float(v) for v in r.values]} for r in f.rows],
    }


def team_counts(teams: Sequence[LeagueTeam], matches: Sequence[MatchEntry], boards: int
                ) -> tuple[int, int]:
    """A team section's players (every team's squad and reserves) and its results entered
    (each board with a result; a whole-match default decides all its boards): what
    ``leaguegen check`` counts, for the team league and the team Swiss alike."""
    players = sum(len(t.eligible) for t in teams)
    results = sum(boards if m.forfeit else sum(1 for b in m.boards if b.result is not None)
                  for m in matches)
    return players, results


def scheduled_matches(section: Section) -> list[ScheduledGame]:
    """The fixtures as (round, home team, away team): what ``result`` finds a match in."""
    return [(f.round, f.host, f.guest) for f in fixtures(section)]


def plan(sizing: planning.Sizing, section: Section | None = None) -> planning.Shape:
    """A division is a round robin of its teams (the field is the teams; its games are the
    team matches), once or twice (``double``)."""
    if section is not None:
        d = details(section)
        return planning.round_robin_shape(len(d.teams), 2 if d.double else 1)
    return planning.round_robin_shape(sizing.players, 2 if sizing.double else 1)


KIND = register(SectionKind(
    name=FORMAT, formats=(FORMAT,), labels={FORMAT: N_("Team league")}, min_players=0,
    default_tiebreaks=(), facts=facts, tiebreak_system=None, standings_json=standings_json,
    plan=plan, scheduled_games=scheduled_matches, chores=Chores(team_matches=True),
    results_entered=lambda s: any(m.forfeit or any(b.result for b in m.boards)
                                  for m in details(s).matches),
    counts_of=lambda s: team_counts(details(s).teams, details(s).matches, details(s).boards),
    trf_type={FORMAT: "Team Round-Robin"},
    trf_type_of=lambda s: "Team Double Round-Robin" if details(s).double else "Team Round-Robin",
    division=True, entrants=lambda s: tuple(t.name for t in details(s).teams),
    placings=None,  # a team's players finish in no order of their own (docs/club.md)
    cut=cut,
))
