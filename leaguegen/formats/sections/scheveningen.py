"""``format: scheveningen`` in season files: two teams, everyone plays the other team.

Keys beyond the common ones::

    teams:
      - name: Riverside
        players: [{name: ..., rating: ...}, ...]   # in board order, board 1 first
      - name: Hillcrest
        players: [...]
    double: false                  # true: everyone twice, colours reversed
    match_points: {win: 2, draw: 1, loss: 0}

Both teams need the same number of players. Pairing numbers are team A's
boards 1..n, then team B's boards n+1..2n. Results per round are
``White - Black: score``, checked against the schedule of
:func:`leaguegen.domain.schedule.scheveningen.scheveningen` with the same
errors as a round robin (wrong round, colours reversed, unknown player...).
"""

from __future__ import annotations

from dataclasses import replace

import yaml

from leaguegen.domain.schedule import scheveningen as sch
from leaguegen.domain.season import Section
from leaguegen.domain.sections.scheveningen import ScheveningenDetails, schedule
from leaguegen.errors import Message
from leaguegen.formats import yaml_nodes as yn
from leaguegen.formats.options import read_line, read_whole
from leaguegen.formats.players import read_player
from leaguegen.formats.rounds import read_round_robin_rounds, read_withdrawals
from leaguegen.formats.section_formats import FormatParser
from leaguegen.formats.yaml_nodes import Ctx

KEYS = ("teams", "double", "match_points")
TEAM_KEYS = ("name", "players")
MATCH_POINT_KEYS = ("win", "draw", "loss")


def _match_points(node: yaml.Node | None, ctx: Ctx) -> sch.MatchPoints:
    """``match_points: {win, draw, loss}``, whole numbers; a key not given keeps its default."""
    default = sch.DEFAULT_MATCH_POINTS
    if yn.is_null(node):
        return default
    keys = yn.mapping(node, ctx.col, "match_points", MATCH_POINT_KEYS)
    return sch.MatchPoints(
        win=read_whole(keys.get("win"), ctx, "match_points.win", default.win),
        draw=read_whole(keys.get("draw"), ctx, "match_points.draw", default.draw),
        loss=read_whole(keys.get("loss"), ctx, "match_points.loss", default.loss),
    )


def parse(keys: dict[str, yaml.Node], ctx: Ctx, base: Section) -> Section | None:
    if "players" in keys:
        ctx.col.add(keys["players"], Message("section '{id}': a Scheveningen match lists its "
                                             "players under teams (two teams, each with players)",
                                             id=base.id))
        return None
    if "teams" not in keys:
        ctx.col.add(None, Message("section '{id}' (scheveningen) needs 'teams'", id=base.id))
        return None
    teams = yn.sequence(keys["teams"], ctx.col, "teams")
    if len(teams) != 2:
        ctx.col.add(keys["teams"], Message("a Scheveningen match has exactly two teams, not "
                                           "{count}",
                                           count=len(teams)))
        return None
    names: list[str] = []
    rosters = []
    seen: set[str] = set()
    for t, team in enumerate(teams, start=1):
        tkeys = yn.mapping(team, ctx.col, Message("team {t}", t=t), TEAM_KEYS,
                           required=("name", "players"))
        names.append(read_line(tkeys.get("name"), ctx.col, f"team {t} name") or f"Team {t}")
        roster = []
        for i, pnode in enumerate(yn.sequence(tkeys.get("players"), ctx.col,
                                              Message("team {t} players", t=t)), start=1):
            player, where = read_player(pnode, ctx, i)
            if player is None:
                continue
            if player.name in seen:
                ctx.col.add(where, Message("player '{name}' is listed twice in section '{id}'",
                                           name=player.name, id=base.id))
                continue
            seen.add(player.name)
            roster.append(player)
        rosters.append((roster, tkeys.get("players") or team))
    (a, a_node), (b, b_node) = rosters
    if len(a) != len(b):
        ctx.col.add(b_node, Message("both teams need the same number of players: {names} has "
                                    "{count}, {names2} has {count2}",
                                    names=names[0], count=len(a), names2=names[1],
                                    count2=len(b)))
        return None
    if len(a) < 2:
        ctx.col.add(a_node, Message("each team needs at least two players"))
        return None
    double = yn.boolean(keys.get("double"), ctx.col, "double") or False
    details = ScheveningenDetails(names[0], names[1], len(a), double,
                                  _match_points(keys.get("match_points"), ctx))
    players = tuple(a + b)
    plan = schedule(details)
    infos, games = read_round_robin_rounds(keys.get("rounds"), ctx, base.id, players, plan)
    withdrawals = read_withdrawals(keys.get("withdrawals"), ctx, players, len(plan), games)
    return replace(base, players=players, rounds=tuple(infos), games=tuple(games),
                   withdrawals=tuple(withdrawals), details=details, seeding="list")


READER = FormatParser("scheveningen", KEYS, parse)
