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

import yaml

from leaguegen.domain.season import RoundInfo, Season, Section
from leaguegen.domain.sections.kind import SectionFacts
from leaguegen.domain.sections.team_league import (
    EVEN,
    ODD,
    LeagueTeam,
    MatchEntry,
    TeamLeagueDetails,
    TeamWithdrawal,
    schedule,
)
from leaguegen.domain.teams import model as tm
from leaguegen.errors import Message
from leaguegen.formats import yaml_nodes as yn
from leaguegen.formats.options import read_line
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

KEYS = ("teams", "boards", "double", "home_white", "match_points", "game_points",
        "team_tiebreaks", "promotion", "relegation", "team_withdrawals")
WITHDRAWAL_KEYS = ("team", "after_round", "reason")
ROUND_KEYS = ("date", "venue", "matches")


def _match(node: yaml.Node, ctx: Ctx, r: int, teams: list[LeagueTeam], boards: int,
           fixtures: dict[tuple[int, int], int], done: set[tuple[int, int]]
           ) -> MatchEntry | None:
    pair = single_entry(node, ctx, f"round {r} match")
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
        ctx.col.add(knode, Message("round {r}: {raw} has {count} board, the division plays "
                                   "{boards}", "round {r}: {raw} has {count} boards, the"
                                   " division plays {boards}",
                                   r=r, raw=raw, count=len(items), boards=boards))
        return None
    seated: dict[str, int] = {}
    entries = [read_board(item, ctx, b, teams, home, away, seated)
               for b, item in enumerate(items, start=1)]
    if any(e is None for e in entries):
        return None
    done_boards = [e for e in entries if e is not None]
    check_board_order(done_boards, items, ctx, teams, home, away)
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
                ctx.col.add(keys["team"], Message("{key}: no team '{name}' in this"
                                                  " division{suggestion}",
                                                  key="team_withdrawals", name=name,
                                                  suggestion=yn.suggestion(name, names)))
            continue
        if after is None:
            continue
        if after > rounds:
            ctx.col.add(keys["after_round"], Message("{key} {after}: the division has"
                                                     " {count} round", "{key} {after}: the"
                                                     " division has {count} rounds",
                                                     key="after_round", after=after,
                                                     count=rounds))
            continue
        team = names.index(name) + 1
        if any(w.team == team for w in out):
            ctx.col.add(keys["team"], Message("{key}: '{name}' is listed twice",
                                              key="team_withdrawals", name=name))
            continue
        for (r, host, guest), mnode in placed.items():
            if r > after and team in (host, guest):
                ctx.col.add(mnode, Message("round {r}: '{name}' withdrew after round {after}"
                                           " ({key}): its later matches are scored as"
                                           " defaults by the table itself; remove this match",
                                           r=r, name=name, after=after,
                                           key="team_withdrawals"))
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
    teams = read_teams(keys.get("teams"), ctx, sid, boards)
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
            ctx.col.add(rnode, Message("round {r}: the division has {count} round",
                                       "round {r}: the division has {count} rounds",
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
        read_scoring(keys.get("match_points"), ctx, "match_points", tm.MATCH_SCORING),
        read_scoring(keys.get("game_points"), ctx, "game_points", tm.GAME_SCORING),
        read_tiebreaks(keys.get("team_tiebreaks"), ctx), tuple(venues), tuple(matches),
        promotion, relegation,
        _withdrawals(keys.get("team_withdrawals"), ctx, teams, len(plan), placed))
    return replace(base, rounds=tuple(infos), details=details)


def trf_document(season: Season, facts: SectionFacts) -> str:
    """The division as a TRF-2026 team event (``formats/trf_teams_write.py``)."""
    from leaguegen.domain.sections.team_league import team_league_facts
    from leaguegen.formats import trf_teams_write

    return trf_teams_write.dumps(season, team_league_facts(facts))


READER = FormatParser("team_league", KEYS, parse, trf_document=trf_document)
