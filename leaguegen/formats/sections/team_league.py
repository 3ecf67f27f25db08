"""``format: team_league`` in season files: a division of club teams, match by match.

Keys beyond the common ones (docs/season-format.md, "Team league")::

    boards: 4                      # boards per match
    double: true                   # home and away (a double round robin)
    home_white: odd                # the home team has White on odd boards (or: even)
    match_points: {win: 2, draw: 1, loss: 0}
    game_points: {win: 1, draw: 0.5, loss: 0}
    team_tiebreaks: [GPTS, DE, SB:MP]   # C.07 team codes after match points
    promotion: 1                   # places marked at the top / bottom of the table
    relegation: 1
    teams:
      - name: Riverside A
        club: Riverside Chess Club
        players: [{name: ..., rating: ..., fide_id: ...}, ...]   # board order
        reserves: [...]
    rounds:
      - date: 2026-10-01
        venue: Town Hall           # else each match is at the home team's club
        matches:
          - Riverside A - Hillcrest A:
              - Ann Lee - Bo Chan: 1-0     # home player first, result from their side
              - Cy Day - default: +-       # a board default: nobody sat for the away team
          - Castle A - Dukes A: +-         # a whole-match default (home team wins it)

Teams are numbered as listed; the fixtures are the Berger table of the teams (the table's
White is at home). Every problem is reported at its line: an unknown team or player, a
match not in the round's fixtures, the wrong number of boards, a player on two boards, a
player above a team-mate listed before them.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import yaml

from leaguegen.domain.model import Player
from leaguegen.domain.season import RoundInfo, Season, Section
from leaguegen.domain.sections.kind import SectionFacts
from leaguegen.domain.sections.team_league import (
    DEFAULT_TEAM_TIEBREAKS,
    EVEN,
    ODD,
    BoardEntry,
    LeagueTeam,
    MatchEntry,
    TeamLeagueDetails,
    TeamWithdrawal,
    schedule,
)
from leaguegen.domain.teams import model as tm
from leaguegen.domain.teams.tiebreaks import lookup
from leaguegen.errors import Message
from leaguegen.formats import yaml_nodes as yn
from leaguegen.formats.options import read_line, read_points
from leaguegen.formats.players import read_player
from leaguegen.formats.rounds import round_date
from leaguegen.formats.section_formats import FormatParser
from leaguegen.formats.yaml_nodes import Ctx

KEYS = ("teams", "boards", "double", "home_white", "match_points", "game_points",
        "team_tiebreaks", "promotion", "relegation", "team_withdrawals")
WITHDRAWAL_KEYS = ("team", "after_round", "reason")
TEAM_KEYS = ("name", "club", "players", "reserves")
ROUND_KEYS = ("date", "venue", "matches")
POINT_KEYS = ("win", "draw", "loss")
DEFAULT = "default"  # the name written for an empty board
RESULTS = {"1-0": "1", "0-1": "0", "½-½": "=", "1/2-1/2": "=", "0.5-0.5": "=", "=": "=",
           "+-": "+", "+": "+", "-+": "-", "--": "--", "-:-": "--", "+:-": "+", "-:+": "-"}
MATCH_DEFAULTS = ("+-", "-+", "--")


def _scoring(node: yaml.Node | None, ctx: Ctx, what: str, base: tm.Scoring) -> tm.Scoring:
    if yn.is_null(node):
        return base
    keys = yn.mapping(node, ctx.col, what, POINT_KEYS)
    values = [read_points(keys.get(k), ctx, f"{what}.{k}") for k in POINT_KEYS]
    win, draw, loss = (v if v is not None else d
                       for v, d in zip(values, (base.win, base.draw, base.loss), strict=True))
    return tm.Scoring(Fraction(win), Fraction(draw), Fraction(loss))


def _tiebreaks(node: yaml.Node | None, ctx: Ctx) -> tuple[str, ...]:
    if yn.is_null(node):
        return DEFAULT_TEAM_TIEBREAKS
    out = []
    for item in yn.sequence(node, ctx.col, "team_tiebreaks"):
        code = (yn.text(item, ctx.col, "team tie-break") or "").upper()
        try:
            lookup(code)
        except ValueError as exc:
            ctx.col.add(item, str(exc))
            continue
        out.append(code)
    return tuple(out)


def _teams(node: yaml.Node | None, ctx: Ctx, sid: str, boards: int) -> list[LeagueTeam]:
    teams: list[LeagueTeam] = []
    where: dict[str, str] = {}  # player -> team, over the division
    for t, tnode in enumerate(yn.sequence(node, ctx.col, "teams"), start=1):
        keys = yn.mapping(tnode, ctx.col, Message("team {t}", t=t), TEAM_KEYS,
                          required=("name", "players"))
        name = read_line(keys.get("name"), ctx.col, f"team {t} name") or f"Team {t}"
        if any(x.name == name for x in teams):
            ctx.col.add(keys.get("name"), Message("team '{name}' is listed twice in section "
                                                  "'{sid}'",
                                                  name=name, sid=sid))
        lists: list[list[Player]] = [[], []]
        for slot, key in enumerate(("players", "reserves")):
            for i, pnode in enumerate(yn.sequence(keys.get(key), ctx.col,
                                                  f"{name} {key}"), start=1):
                player, at = read_player(pnode, ctx, i)
                if player is None:
                    continue
                if player.name in where:
                    ctx.col.add(at, Message("player '{name}' is already in team '{where}': a "
                                            "player plays for one team of a division",
                                            name=player.name, where=where[player.name]))
                    continue
                where[player.name] = name
                lists[slot].append(player)
        if len(lists[0]) < boards and "players" in keys:
            ctx.col.add(keys["players"], Message("team '{name}' lists {count} players, fewer "
                                                 "than the {boards} boards of a match",
                                                 name=name, count=len(lists[0]), boards=boards))
        club = read_line(keys.get("club"), ctx.col, f"{name} club") or ""
        teams.append(LeagueTeam(name, club, tuple(lists[0]), tuple(lists[1])))
    return teams


def split_pair(key: str, names: list[str]) -> tuple[str, str] | None:
    """``A - B`` into two known names (a name may hold ' - ' itself)."""
    parts = key.split(" - ")
    for i in range(1, len(parts)):
        a, b = " - ".join(parts[:i]).strip(), " - ".join(parts[i:]).strip()
        if a in names and b in names:
            return a, b
    return None


def _single(node: yaml.Node, ctx: Ctx, what: str) -> tuple[yaml.Node, yaml.Node] | None:
    if not isinstance(node, yaml.MappingNode) or len(node.value) != 1:
        ctx.col.add(node, Message("{what} must be one line 'A - B: ...'", what=what))
        return None
    return node.value[0]


def _board(node: yaml.Node, ctx: Ctx, number: int, teams: list[LeagueTeam], home: int,
           away: int, seated: dict[str, int]) -> BoardEntry | None:
    pair = _single(node, ctx, f"board {number}")
    if pair is None:
        return None
    knode, vnode = pair
    raw = yn.text(knode, ctx.col, Message("board {number}", number=number)) or ""
    h, a = teams[home - 1], teams[away - 1]
    home_names = [p.name for p in h.eligible] + [DEFAULT]
    away_names = [p.name for p in a.eligible] + [DEFAULT]
    names = split_pair(raw, sorted(set(home_names + away_names)))
    if names is None or names[0] not in home_names or names[1] not in away_names:
        left, _, right = raw.partition(" - ")
        for name, team, ok in ((left.strip(), h, home_names), (right.strip(), a, away_names)):
            if name not in ok:
                other = next((t.name for t in teams if name in [p.name for p in t.eligible]),
                             None)
                why = (f"plays for '{other}'" if other else "is in no team of the division")
                ctx.col.add(knode, Message("board {number}: '{name}' is not in the squad or "
                                           "reserves of '{name2}' ({why}); write 'home player - "
                                           "away player', or '{DEFAULT}' for an empty board",
                                           number=number, name=name, name2=team.name, why=why,
                                           DEFAULT=DEFAULT))
                return None
        ctx.col.add(knode, Message("board {number} must be 'home player - away player', not "
                                   "'{raw}'",
                                   number=number, raw=raw))
        return None
    if yn.is_null(vnode):  # the game is not over yet: the card is filled in board by board
        result_raw, result = "", None
    else:
        result_raw = (yn.text(vnode, ctx.col, Message("board {number} result", number=number))
                      or "").replace(" ", "")
        result = RESULTS.get(result_raw)
    if result is None and result_raw:
        ctx.col.add(vnode, Message("board {number}: result '{result_raw}' is not one of 1-0, "
                                   "½-½, 0-1, +- (home wins by default), -+ or -- (both absent)",
                                   number=number, result_raw=result_raw))
        return None
    hn, an = names
    absent_h, absent_a = hn == DEFAULT, an == DEFAULT
    if (absent_h or absent_a) and (result is None or result in tm.PLAYED_RESULTS):
        ctx.col.add(vnode, Message("board {number}: an empty board is a default (+-, -+ or --), "
                                   "not '{result_raw}'",
                                   number=number, result_raw=result_raw or "no result"))
        return None
    if (absent_h and result == "+") or (absent_a and result == "-"):
        ctx.col.add(vnode, Message("board {number}: the empty side cannot win the board by "
                                   "default",
                                   number=number))
        return None
    indices: list[int | None] = []
    for name, team in ((hn, h), (an, a)):
        if name == DEFAULT:
            indices.append(None)
            continue
        if name in seated:
            ctx.col.add(knode, Message("board {number}: '{name}' already sits at board {seated} "
                                       "of this match",
                                       number=number, name=name, seated=seated[name]))
            return None
        seated[name] = number
        indices.append([p.name for p in team.eligible].index(name))
    return BoardEntry(number, indices[0], indices[1], result)


def _order(boards: list[BoardEntry], nodes: list[yaml.Node], ctx: Ctx,
           teams: list[LeagueTeam], home: int, away: int) -> None:
    """Board order: a player sits below every team-mate listed before them (squad, then
    reserves, in the team's order)."""
    for side, team in ((0, teams[home - 1]), (1, teams[away - 1])):
        last: tuple[int, str] | None = None
        for b, node in zip(boards, nodes, strict=True):
            idx = b.host if side == 0 else b.guest
            if idx is None:
                continue
            name = team.eligible[idx].name
            if last is not None and idx < last[0]:
                ctx.col.add(node, Message("board {number}: board order of '{name}': '{name2}' "
                                          "is listed before '{last}' in the team, so sits above "
                                          "them",
                                          number=b.number, name=team.name, name2=name,
                                          last=last[1]))
            last = (idx, name)


def _match(node: yaml.Node, ctx: Ctx, r: int, teams: list[LeagueTeam], boards: int,
           fixtures: dict[tuple[int, int], int], done: set[tuple[int, int]]
           ) -> MatchEntry | None:
    pair = _single(node, ctx, f"round {r} match")
    if pair is None:
        return None
    knode, vnode = pair
    raw = yn.text(knode, ctx.col, "match") or ""
    names = [t.name for t in teams]
    split = split_pair(raw, names)
    if split is None:
        ctx.col.add(knode, Message("round {r}: '{raw}' is not 'home team - away team' of this "
                                   "division's teams ({names})",
                                   r=r, raw=raw, names=', '.join(names)))
        return None
    home, away = names.index(split[0]) + 1, names.index(split[1]) + 1
    if fixtures.get((home, away)) != r:
        if fixtures.get((away, home)) == r:
            ctx.col.add(knode, Message("round {r}: {split} is at home to {split2} this round; "
                                       "write '{split} - {split2}'",
                                       r=r, split=split[1], split2=split[0]))
        else:
            listed = ", ".join(f"{names[h - 1]} - {names[a - 1]}"
                               for (h, a), rr in fixtures.items() if rr == r)
            ctx.col.add(knode, Message("round {r}: {split} - {split2} is not a match of this "
                                       "round's fixtures ({listed})",
                                       r=r, split=split[0], split2=split[1], listed=listed))
        return None
    if (home, away) in done:
        ctx.col.add(knode, Message("round {r}: {raw} is entered twice", r=r, raw=raw))
        return None
    done.add((home, away))
    if isinstance(vnode, yaml.ScalarNode):
        value = (yn.text(vnode, ctx.col, "match result") or "").replace(" ", "")
        if value not in MATCH_DEFAULTS:
            ctx.col.add(vnode, Message("round {r}: a whole match written on one line is a "
                                       "default: +-, -+ or --, not '{value}' (list its boards "
                                       "instead)",
                                       r=r, value=value))
            return None
        return MatchEntry(r, home, away, (), value)
    items = yn.sequence(vnode, ctx.col, f"{raw} boards")
    if len(items) != boards:
        ctx.col.add(knode, Message("round {r}: {raw} has {count} boards, the division plays "
                                   "{boards}",
                                   r=r, raw=raw, count=len(items), boards=boards))
        return None
    seated: dict[str, int] = {}
    entries = [_board(item, ctx, b, teams, home, away, seated)
               for b, item in enumerate(items, start=1)]
    if any(e is None for e in entries):
        return None
    done_boards = [e for e in entries if e is not None]
    _order(done_boards, items, ctx, teams, home, away)
    return MatchEntry(r, home, away, tuple(done_boards))


def _withdrawals(node: yaml.Node | None, ctx: Ctx, teams: list[LeagueTeam], rounds: int,
                 placed: dict[tuple[int, int, int], yaml.Node]) -> tuple[TeamWithdrawal, ...]:
    """``team_withdrawals``: each ``{team, after_round, reason}``; a match entered for the
    team after its last round is an error at that match (the table scores those
    fixtures itself, as the league's rule says: ``domain.sections.team_league.counted``)."""
    names = [t.name for t in teams]
    out: list[TeamWithdrawal] = []
    for i, item in enumerate(yn.sequence(node, ctx.col, "team_withdrawals"), start=1):
        keys = yn.mapping(item, ctx.col, f"team withdrawal {i}", WITHDRAWAL_KEYS,
                          required=("team", "after_round"))
        name = read_line(keys.get("team"), ctx.col, "team_withdrawals team") or ""
        after = yn.integer(keys.get("after_round"), ctx.col, "after_round", minimum=0)
        if name not in names:
            if "team" in keys:
                ctx.col.add(keys["team"], f"team_withdrawals: no team '{name}' in this division"
                                          f"{yn.suggestion(name, names)}")
            continue
        if after is None:
            continue
        if after > rounds:
            ctx.col.add(keys["after_round"], f"after_round {after}: the division has {rounds}"
                                             " rounds")
            continue
        team = names.index(name) + 1
        if any(w.team == team for w in out):
            ctx.col.add(keys["team"], f"team_withdrawals: '{name}' is listed twice")
            continue
        for (r, host, guest), mnode in placed.items():
            if r > after and team in (host, guest):
                ctx.col.add(mnode, f"round {r}: '{name}' withdrew after round {after}"
                                   " (team_withdrawals): its later matches are scored as"
                                   " defaults by the table itself; remove this match")
        reason = read_line(keys.get("reason"), ctx.col, "reason") or ""
        out.append(TeamWithdrawal(team, after, reason))
    return tuple(out)


def parse(keys: dict[str, yaml.Node], ctx: Ctx, base: Section) -> Section | None:
    sid = base.id
    if "players" in keys:
        ctx.col.add(keys["players"], Message("section '{sid}': a team league lists its players "
                                             "under teams (each team's players and reserves)",
                                             sid=sid))
        return None
    boards = yn.integer(keys.get("boards"), ctx.col, "boards", minimum=1) or 4
    teams = _teams(keys.get("teams"), ctx, sid, boards)
    if len(teams) < 2:
        ctx.col.add(keys.get("teams"), Message("section '{sid}' (team league) needs at least "
                                               "two teams",
                                               sid=sid))
        return None
    double = yn.boolean(keys.get("double"), ctx.col, "double") or False
    home_white = (yn.text(keys.get("home_white"), ctx.col, "home_white") or ODD).lower()
    if home_white not in (ODD, EVEN):
        ctx.col.add(keys["home_white"], Message("home_white must be '{ODD}' or '{EVEN}'",
                                                ODD=ODD, EVEN=EVEN))
        home_white = ODD
    plan = schedule(len(teams), double, base.swap_last_two)
    fixtures = {(p.white, p.black): r for r, rnd in enumerate(plan, start=1)
                for p in rnd if p.black is not None}
    infos: list[RoundInfo] = []
    venues: list[tuple[int, str]] = []
    matches: list[MatchEntry] = []
    placed: dict[tuple[int, int, int], yaml.Node] = {}
    done: set[tuple[int, int]] = set()
    for r, rnode in enumerate(yn.sequence(keys.get("rounds"), ctx.col, "rounds"), start=1):
        rkeys = yn.mapping(rnode, ctx.col, Message("round {r}", r=r), ROUND_KEYS)
        if r > len(plan):
            ctx.col.add(rnode, Message("round {r}: the division has {count} rounds",
                                       r=r, count=len(plan)))
            break
        infos.append(RoundInfo(r, round_date(rkeys.get("date"), ctx, r)))
        venue = read_line(rkeys.get("venue"), ctx.col, f"round {r} venue")
        if venue:
            venues.append((r, venue))
        for mnode in yn.sequence(rkeys.get("matches"), ctx.col, Message("round {r} matches",
                                                                        r=r)):
            entry = _match(mnode, ctx, r, teams, boards, fixtures, done)
            if entry is not None:
                matches.append(entry)
                placed[(r, entry.host, entry.guest)] = mnode
    promotion = yn.integer(keys.get("promotion"), ctx.col, "promotion", minimum=0) or 0
    relegation = yn.integer(keys.get("relegation"), ctx.col, "relegation", minimum=0) or 0
    if promotion + relegation > len(teams):
        ctx.col.add(keys.get("relegation"), Message("promotion and relegation places overlap"))
    details = TeamLeagueDetails(
        tuple(teams), boards, double, home_white,
        _scoring(keys.get("match_points"), ctx, "match_points", tm.MATCH_SCORING),
        _scoring(keys.get("game_points"), ctx, "game_points", tm.GAME_SCORING),
        _tiebreaks(keys.get("team_tiebreaks"), ctx), tuple(venues), tuple(matches),
        promotion, relegation,
        _withdrawals(keys.get("team_withdrawals"), ctx, teams, len(plan), placed))
    return replace(base, rounds=tuple(infos), details=details)


def trf_document(season: Season, facts: SectionFacts) -> str:
    """The division as a TRF-2026 team event (``formats/trf_teams_write.py``)."""
    from leaguegen.domain.sections.team_league import team_league_facts
    from leaguegen.formats import trf_teams_write

    return trf_teams_write.dumps(season, team_league_facts(facts))


READER = FormatParser("team_league", KEYS, parse, trf_document=trf_document)
