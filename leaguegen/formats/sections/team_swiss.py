"""``format: team_swiss`` in season files: teams paired round by round by FIDE C.04.6.

Keys beyond the common ones (docs/teams.md, "The team Swiss section")::

    boards: 4                       # boards per match
    number_of_rounds: 6
    colours: A                      # C.04.6 1.7 colour preferences: A, B or none
    primary_score: match_points     # or game_points (C.04.6 1.2; the other is secondary)
    initial_colour: white           # 4.1: board-1 colour of an odd-TPN first team, round 1
    match_points: {win: 2, draw: 1, loss: 0}
    game_points: {win: 1, draw: 0.5, loss: 0}
    bye_points: {match_points: 1, game_points: 2}   # the PAB (default: a drawn match)
    team_tiebreaks: [GPTS, BH:MP, SB:MP]            # C.07 team codes after the primary
    absent: [{team: Castle, round: 4}]              # teams not to pair in a round
                                    # (a reason: may follow; `bye` and `withdraw` write them)
    teams:                          # as a team league's: name, club, players, reserves
      - name: Riverside
        players: [...]
    rounds:
      - date: 2026-10-01
        matches:
          - Riverside - Castle:        # first team (White on board 1) - second team
              - Ann Lee - Bo Chan: 1-0  # first team's player first, result from their side
          - Dukes - Rooks: +-          # a whole-match default
          - Knights - Pawns:           # paired, no result yet
          - Bishops: bye               # the pairing-allocated bye
          - Queens: absent             # not paired this round
        paired_by: leaguegen 0.1 C.04.6

The teams, boards, scoring and tie-break codes are read as a team league's are
(``formats/sections/teams_common.py``: the same squads and board lines), the rounds here:
every team once per round (a match, the bye or absent), at most one bye, no more rounds
than ``number_of_rounds``.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import yaml

from leaguegen.domain.season import RoundInfo, Season, Section
from leaguegen.domain.sections.kind import SectionFacts
from leaguegen.domain.sections.team_league import LeagueTeam, MatchEntry
from leaguegen.domain.sections.team_swiss import (
    DEFAULT_TEAM_TIEBREAKS,
    NO_COLOURS,
    TYPE_A,
    TYPE_B,
    Paired,
    TeamSwissDetails,
)
from leaguegen.domain.teams import model as tm
from leaguegen.errors import Message
from leaguegen.formats import yaml_nodes as yn
from leaguegen.formats.options import read_choice, read_line, read_points
from leaguegen.formats.rounds import round_date
from leaguegen.formats.section_formats import FormatParser
from leaguegen.formats.sections.teams_common import (
    MATCH_DEFAULTS,
    check_board_order,
    read_board,
    read_scoring,
    read_teams,
    read_tiebreaks,
    single_entry,
    split_pair,
)
from leaguegen.formats.yaml_nodes import Ctx

KEYS = ("teams", "boards", "number_of_rounds", "colours", "primary_score", "initial_colour",
        "match_points", "game_points", "bye_points", "team_tiebreaks", "absent")
ROUND_KEYS = ("date", "matches", "paired_by")
ABSENT_KEYS = ("team", "round", "reason")
ABSENT_REQUIRED = ("team", "round")
BYE_KEYS = ("match_points", "game_points")
BYE, ABSENT = "bye", "absent"
COLOURS = {"A": TYPE_A, "B": TYPE_B, "none": NO_COLOURS}
PRIMARY = {"match_points": "MP", "game_points": "GP"}
INITIAL = {"white": "w", "black": "b"}


def _bye_points(node: yaml.Node | None, ctx: Ctx) -> tuple[Fraction, Fraction] | None:
    if yn.is_null(node):
        return None
    keys = yn.mapping(node, ctx.col, "bye_points", BYE_KEYS, required=BYE_KEYS)
    mp = read_points(keys.get("match_points"), ctx, "bye_points.match_points")
    gp = read_points(keys.get("game_points"), ctx, "bye_points.game_points")
    if mp is None or gp is None:
        return None
    return Fraction(mp), Fraction(gp)


def _team_of(node: yaml.Node, ctx: Ctx, names: list[str], what: str) -> int | None:
    name = (yn.text(node, ctx.col, what) or "").strip()
    if name not in names:
        ctx.col.add(node, Message("{what}: '{name}' is not a team of this section{suggestion}",
                                  what=what, name=name,
                                  suggestion=yn.suggestion(name, names)))
        return None
    return names.index(name) + 1


def _absent(node: yaml.Node | None, ctx: Ctx, names: list[str],
            rounds: int) -> list[tuple[int, int, yaml.Node]]:
    out: list[tuple[int, int, yaml.Node]] = []
    for item in yn.sequence(node, ctx.col, "absent"):
        keys = yn.mapping(item, ctx.col, "absent entry", ABSENT_KEYS, required=ABSENT_REQUIRED)
        read_line(keys.get("reason"), ctx.col, "absent reason")  # for the reader of the file
        if "team" not in keys or "round" not in keys:
            continue
        team = _team_of(keys["team"], ctx, names, "absent")
        r = yn.integer(keys["round"], ctx.col, "absent round", minimum=1)
        if team is None or r is None:
            continue
        if r > rounds:
            ctx.col.add(keys["round"], Message("absent: round {r} is beyond the last round"
                                               " ({rounds})", r=r, rounds=rounds))
            continue
        if any(x[:2] == (r, team) for x in out):
            ctx.col.add(item, Message("absent: {team} is listed twice for round {r}",
                                      team=names[team - 1], r=r))
            continue
        out.append((r, team, item))
    return out


class _Round:
    """What one written round holds, read line by line."""

    def __init__(self, r: int) -> None:
        self.r = r
        self.seen: dict[int, str] = {}  # team -> where it already is this round
        self.pairings: list[Paired] = []
        self.matches: list[MatchEntry] = []
        self.unfinished: list[MatchEntry] = []
        self.bye: int | None = None
        self.absent: list[int] = []

    def place(self, team: int, where: str, node: yaml.Node, ctx: Ctx, names: list[str]) -> bool:
        if team in self.seen:
            ctx.col.add(node, Message("round {r}: {team} is already in this round ({where})",
                                      r=self.r, team=names[team - 1], where=self.seen[team]))
            return False
        self.seen[team] = where
        return True


def _line(node: yaml.Node, ctx: Ctx, rnd: _Round, teams: list[LeagueTeam], boards: int) -> None:
    """One line of a round's ``matches``: a match (with its result or none yet), the bye,
    or a team absent."""
    r = rnd.r
    pair = single_entry(node, ctx, f"round {r} match")
    if pair is None:
        return
    knode, vnode = pair
    raw = (yn.text(knode, ctx.col, "match") or "").strip()
    names = [t.name for t in teams]
    if raw in names:  # 'Team: bye' or 'Team: absent'
        team = names.index(raw) + 1
        word = (yn.text(vnode, ctx.col, "bye or absent") or "").strip().lower()
        if word not in (BYE, ABSENT):
            ctx.col.add(vnode, Message("round {r}: a team alone on a line is '{raw}: {bye}'"
                                       " (the pairing-allocated bye) or '{raw}: {absent}', not"
                                       " '{word}'", r=r, raw=raw, bye=BYE, absent=ABSENT,
                                       word=word))
            return
        if not rnd.place(team, word, knode, ctx, names):
            return
        if word == ABSENT:
            rnd.absent.append(team)
        elif rnd.bye is not None:
            ctx.col.add(knode, Message("round {r}: {team} already has the bye; a round has one"
                                       " pairing-allocated bye", r=r, team=names[rnd.bye - 1]))
        else:
            rnd.bye = team
        return
    split = split_pair(raw, names)
    if split is None:
        ctx.col.add(knode, Message("round {r}: '{raw}' is not 'first team - second team' of"
                                   " this section's teams ({teams}), nor a team's bye or"
                                   " absence", r=r, raw=raw, teams=", ".join(names)))
        return
    first, second = names.index(split[0]) + 1, names.index(split[1]) + 1
    if first == second:
        ctx.col.add(knode, Message("round {r}: {team} cannot play itself", r=r,
                                   team=split[0]))
        return
    placed = [rnd.place(t, f"{split[0]} - {split[1]}", knode, ctx, names)
              for t in (first, second)]
    if not all(placed):
        return
    rnd.pairings.append(Paired(r, first, second))
    if yn.is_null(vnode):
        return  # paired, no result yet
    if isinstance(vnode, yaml.ScalarNode):
        value = (yn.text(vnode, ctx.col, "match result") or "").replace(" ", "")
        if value not in MATCH_DEFAULTS:
            ctx.col.add(vnode, Message("round {r}: a whole match written on one line is a"
                                       " default: +-, -+ or --, not '{value}' (list its boards"
                                       " instead)", r=r, value=value))
            return
        rnd.matches.append(MatchEntry(r, first, second, (), value))
        return
    items = yn.sequence(vnode, ctx.col, f"{raw} boards")
    if len(items) != boards:
        ctx.col.add(knode, Message("round {r}: {raw} has {count} board, the section plays"
                                   " {boards}", "round {r}: {raw} has {count} boards, the"
                                   " section plays {boards}", r=r, raw=raw, count=len(items),
                                   boards=boards))
        return
    seated: dict[str, int] = {}
    entries = [read_board(item, ctx, b, teams, first, second, seated)
               for b, item in enumerate(items, start=1)]
    done = [e for e in entries if e is not None]
    if len(done) != len(entries):
        return
    check_board_order(done, items, ctx, teams, first, second)
    entry = MatchEntry(r, first, second, tuple(done))
    if any(e.result is None for e in done):  # a card entered board by board, not done yet
        rnd.unfinished.append(entry)
        return
    rnd.matches.append(entry)


def _rounds(node: yaml.Node | None, ctx: Ctx, teams: list[LeagueTeam], boards: int,
            total: int) -> tuple[list[RoundInfo], list[_Round], list[tuple[int, str]]]:
    infos: list[RoundInfo] = []
    rounds: list[_Round] = []
    marks: list[tuple[int, str]] = []
    names = [t.name for t in teams]
    for r, rnode in enumerate(yn.sequence(node, ctx.col, "rounds"), start=1):
        if r > total:
            ctx.col.add(rnode, Message("round {r}: the section has {count} round"
                                       " (number_of_rounds)", "round {r}: the section has"
                                       " {count} rounds (number_of_rounds)", r=r, count=total))
            break
        rkeys = yn.mapping(rnode, ctx.col, f"round {r}", ROUND_KEYS)
        infos.append(RoundInfo(r, round_date(rkeys.get("date"), ctx, r)))
        rnd = _Round(r)
        found = len(ctx.col.problems)
        for mnode in yn.sequence(rkeys.get("matches"), ctx.col, f"round {r} matches"):
            _line(mnode, ctx, rnd, teams, boards)
        lines_ok = len(ctx.col.problems) == found  # else a team may only seem missing
        if not rnd.pairings and rnd.bye is None:
            ctx.col.add(rnode, Message("round {r} has no match: a round listed in 'rounds' is"
                                       " paired; teams to leave out of a round not yet paired"
                                       " go under 'absent'", r=r))
        missing = [names[t - 1] for t in range(1, len(teams) + 1) if t not in rnd.seen]
        if missing and lines_ok and (rnd.pairings or rnd.bye is not None):
            ctx.col.add(rkeys.get("matches") or rnode,
                        Message("round {r}: {missing} not in this round: every team plays a"
                                " match, has the bye or is written '{first}: {absent}'", r=r,
                                missing=", ".join(missing), first=missing[0], absent=ABSENT))
        mark = read_line(rkeys.get("paired_by"), ctx.col, f"round {r} paired_by")
        if mark:
            marks.append((r, mark))
        rounds.append(rnd)
    return infos, rounds, marks


def parse(keys: dict[str, yaml.Node], ctx: Ctx, base: Section) -> Section | None:
    sid = base.id
    if "players" in keys:
        ctx.col.add(keys["players"], Message("section '{sid}': a team Swiss lists its players"
                                             " under teams (each team's players and"
                                             " reserves)", sid=sid))
        return None
    boards = yn.integer(keys.get("boards"), ctx.col, "boards", minimum=1) or 4
    teams = read_teams(keys.get("teams"), ctx, sid, boards)
    if len(teams) < 2:
        ctx.col.add(keys.get("teams"), Message("section '{sid}' (team Swiss) needs at least"
                                               " two teams", sid=sid))
        return None
    if "number_of_rounds" not in keys:
        ctx.col.add(None, Message("section '{sid}' (team Swiss) needs number_of_rounds",
                                  sid=sid))
    total = yn.integer(keys.get("number_of_rounds"), ctx.col, "number_of_rounds",
                       minimum=1) or 1
    colours = COLOURS[read_choice(keys.get("colours"), ctx, "colours", tuple(COLOURS), "A")]
    primary = PRIMARY[read_choice(keys.get("primary_score"), ctx, "primary_score",
                                  tuple(PRIMARY), "match_points")]
    initial = INITIAL[read_choice(keys.get("initial_colour"), ctx, "initial_colour",
                                  tuple(INITIAL), "white")]
    names = [t.name for t in teams]
    infos, rounds, marks = _rounds(keys.get("rounds"), ctx, teams, boards, total)
    absences: list[tuple[int, int]] = [(rnd.r, t) for rnd in rounds for t in rnd.absent]
    for r, team, item in _absent(keys.get("absent"), ctx, names, total):
        written = next((rnd for rnd in rounds if rnd.r == r), None)
        if written is not None and written.seen.get(team, ABSENT) != ABSENT:
            ctx.col.add(item, Message("absent: {team} is absent from round {r}, but the round"
                                      " has it in '{where}'", team=names[team - 1], r=r,
                                      where=written.seen[team]))
        elif (r, team) not in absences:
            absences.append((r, team))
    tiebreaks = read_tiebreaks(keys.get("team_tiebreaks"), ctx) \
        if "team_tiebreaks" in keys else DEFAULT_TEAM_TIEBREAKS
    details = TeamSwissDetails(
        tuple(teams), boards, total, colours, primary, initial,
        read_scoring(keys.get("match_points"), ctx, "match_points", tm.MATCH_SCORING),
        read_scoring(keys.get("game_points"), ctx, "game_points", tm.GAME_SCORING),
        _bye_points(keys.get("bye_points"), ctx), tiebreaks,
        tuple(p for rnd in rounds for p in rnd.pairings),
        tuple(m for rnd in rounds for m in rnd.matches),
        tuple((rnd.r, rnd.bye) for rnd in rounds if rnd.bye is not None),
        tuple(sorted(absences)), tuple(marks),
        tuple(m for rnd in rounds for m in rnd.unfinished))
    return replace(base, rounds=tuple(infos), details=details)


def trf_document(season: Season, facts: SectionFacts) -> str:
    """The section as a TRF-2026 team event (``formats/trf_teams_event.py``)."""
    from leaguegen.formats import trf_teams_event

    return trf_teams_event.section_text(season, facts)


READER = FormatParser("team_swiss", KEYS, parse, trf_document=trf_document)
