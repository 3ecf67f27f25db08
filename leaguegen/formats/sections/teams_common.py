"""What both team section kinds read the same way: scoring, C.07 team tie-break codes, the
teams with their squads and reserves, and a match's boards (``A - B: result`` lines).

The team league (``formats/sections/team_league.py``) and the team Swiss
(``formats/sections/team_swiss.py``) both read their teams and boards here, so a squad or a
board line means one thing in either kind and is refused with the same message.
"""

from __future__ import annotations

from fractions import Fraction

import yaml

from leaguegen.domain.model import Player
from leaguegen.domain.sections.team_league import DEFAULT_TEAM_TIEBREAKS, BoardEntry, LeagueTeam
from leaguegen.domain.teams import model as tm
from leaguegen.domain.teams.tiebreaks import lookup
from leaguegen.errors import Message
from leaguegen.formats import yaml_nodes as yn
from leaguegen.formats.options import read_line, read_points
from leaguegen.formats.players import read_player
from leaguegen.formats.yaml_nodes import Ctx

TEAM_KEYS = ("name", "club", "players", "reserves")
POINT_KEYS = ("win", "draw", "loss")
DEFAULT = "default"  # the name written for an empty board
RESULTS = {"1-0": "1", "0-1": "0", "½-½": "=", "1/2-1/2": "=", "0.5-0.5": "=", "=": "=",
           "+-": "+", "+": "+", "-+": "-", "--": "--", "-:-": "--", "+:-": "+", "-:+": "-"}
MATCH_DEFAULTS = ("+-", "-+", "--")


def read_scoring(node: yaml.Node | None, ctx: Ctx, what: str, base: tm.Scoring) -> tm.Scoring:
    if yn.is_null(node):
        return base
    keys = yn.mapping(node, ctx.col, what, POINT_KEYS)
    values = [read_points(keys.get(k), ctx, f"{what}.{k}") for k in POINT_KEYS]
    win, draw, loss = (v if v is not None else d
                       for v, d in zip(values, (base.win, base.draw, base.loss), strict=True))
    return tm.Scoring(Fraction(win), Fraction(draw), Fraction(loss))


def read_tiebreaks(node: yaml.Node | None, ctx: Ctx) -> tuple[str, ...]:
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


def read_teams(node: yaml.Node | None, ctx: Ctx, sid: str, boards: int) -> list[LeagueTeam]:
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
            ctx.col.add(keys["players"], Message("team '{name}' lists {count} player, fewer "
                                                 "than the {boards} boards of a match",
                                                 "team '{name}' lists {count} players, fewer "
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


def single_entry(node: yaml.Node, ctx: Ctx, what: str) -> tuple[yaml.Node, yaml.Node] | None:
    if not isinstance(node, yaml.MappingNode) or len(node.value) != 1:
        ctx.col.add(node, Message("{what} must be one line 'A - B: ...'", what=what))
        return None
    return node.value[0]


def read_board(node: yaml.Node, ctx: Ctx, number: int, teams: list[LeagueTeam], home: int,
           away: int, seated: dict[str, int]) -> BoardEntry | None:
    pair = single_entry(node, ctx, f"board {number}")
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


def check_board_order(boards: list[BoardEntry], nodes: list[yaml.Node], ctx: Ctx,
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
