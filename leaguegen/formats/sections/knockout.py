"""``format: knockout`` in season files: a seeded bracket of matches.

Keys beyond the common ones::

    seeding: rating            # the default for knockouts (seed 1 = highest rating); or list
    match:                     # every match (default: one game, then armageddon if drawn)
      games: 2
      tiebreaks: [rapid 2, blitz 2, armageddon]
    final: {games: 4, tiebreaks: [rapid 2, armageddon]}     # optional: a longer final
    rounds:
      - date: 2027-02-03
        results:
          - Adams - Short: 1-0            # games in the order played, White first
          - Short - Adams: ½-½
          - Jones - Smith (armageddon): ½-½   # a stage label is optional: games fill the
                                              # stages in order (regular, then tie-breaks)
          - Brown: advances (Green withdrew)  # a decision away from the board

Who goes through is derived from the games (the first stage that separates
the players, a lead that cannot be caught, or an armageddon draw for Black).
Players fed from earlier stages (``players: {from: ...}``) keep the
qualification order as seeds.
"""

from __future__ import annotations

import re
from dataclasses import replace

import yaml

from leaguegen.domain import roundrobin
from leaguegen.domain.schedule import knockout as ko
from leaguegen.domain.season import Game, RoundInfo, Section
from leaguegen.domain.sections.knockout import KnockoutDetails
from leaguegen.domain.stages import StageInfo
from leaguegen.formats import yaml_nodes as yn
from leaguegen.formats.players import Names
from leaguegen.formats.results import RESULT_HELP, parse_result
from leaguegen.formats.rounds import ROUND_KEYS, round_date, split_game
from leaguegen.formats.section_formats import FormatParser
from leaguegen.formats.yaml_nodes import Ctx

KEYS = ("match", "final")
MATCH_KEYS = ("games", "tiebreaks")
STAGE_PATTERN = re.compile(r"^\s*(.*?)\s*\(\s*([A-Za-z][\w -]*?)\s*\)\s*$")
ADVANCES = re.compile(r"^\s*advances\s*(?:\((.*)\))?\s*$", re.I)


def _stage(text: str, node: yaml.Node, ctx: Ctx) -> ko.Stage | None:
    parts = text.split()
    label = parts[0].lower() if parts else ""
    if label == "armageddon" and len(parts) == 1:
        return ko.Stage("armageddon", 1, armageddon=True)
    if len(parts) == 2 and parts[1].isdigit() and int(parts[1]) >= 1 and label != "armageddon":
        return ko.Stage(label, int(parts[1]))
    ctx.col.add(node, f"tie-break stage '{text}' should be a name and a number of games, such as"
                      " 'rapid 2' or 'blitz 2', or 'armageddon' (one game, a draw sends Black"
                      " through)")
    return None


def _format(node: yaml.Node | None, ctx: Ctx, what: str) -> ko.MatchFormat | None:
    if yn.is_null(node):
        return None
    keys = yn.mapping(node, ctx.col, what, MATCH_KEYS, required=("games",))
    games = yn.integer(keys.get("games"), ctx.col, f"{what}.games", minimum=1) or 1
    stages = [ko.Stage("regular", games)]
    for item in yn.sequence(keys.get("tiebreaks"), ctx.col, f"{what}.tiebreaks"):
        text = yn.text(item, ctx.col, "tie-break stage") or ""
        stage = _stage(text, item, ctx)
        if stage is None:
            continue
        if any(s.label == stage.label for s in stages):
            ctx.col.add(item, f"tie-break stage '{stage.label}' is listed twice")
            continue
        if stages[-1].armageddon:
            ctx.col.add(item, "armageddon must be the last tie-break stage")
            continue
        stages.append(stage)
    return ko.MatchFormat(tuple(stages))


def _infer_stage(fmt: ko.MatchFormat, index: int) -> str | None:
    """The stage of a match's ``index``-th game (0-based) when games fill stages in order."""
    for stage in fmt.stages:
        if index < stage.games:
            return stage.label
        index -= stage.games
    return None


def parse(keys: dict[str, yaml.Node], ctx: Ctx, base: Section) -> Section | None:
    stage_info = base.stage if isinstance(base.stage, StageInfo) else None
    players = base.players
    if stage_info is None and "seeding" not in keys:
        players = tuple(ko.seeds_by_rating(players))
    n = len(players)
    total = ko.round_count(n)
    every = _format(keys.get("match"), ctx, "match") or ko.SINGLE_GAME
    final = _format(keys.get("final"), ctx, "final") or every
    formats = tuple([every] * (total - 1) + [final])
    names = Names(players)
    items = yn.sequence(keys.get("rounds"), ctx.col, f"section '{base.id}' rounds")
    if len(items) > total:
        ctx.col.add(items[total], f"section '{base.id}' has {total} rounds ({n} players),"
                                  f" but {len(items)} are listed")
    results: dict[tuple[int, int], ko.MatchResult] = {}
    reasons: list[tuple[tuple[int, int], str]] = []
    infos: list[RoundInfo] = []
    games_out: list[Game] = []
    for r, item in enumerate(items[:total], start=1):
        rkeys = yn.mapping(item, ctx.col, f"round {r}", ROUND_KEYS)
        date = round_date(rkeys.get("date"), ctx, r)
        infos.append(RoundInfo(r, date))
        bracket = ko.knockout_bracket(n, results, formats, base.scoring)
        matches = bracket.rounds[r - 1]
        by_seed = {}
        for m in matches:
            for s in (m.top, m.bottom):
                if s is not None:
                    by_seed[s] = m
        played: dict[int, list[ko.MatchGame]] = {}
        decided: dict[int, int] = {}
        fmt = formats[r - 1]
        for line in yn.sequence(rkeys.get("results"), ctx.col, f"round {r} results"):
            if not isinstance(line, yaml.MappingNode) or len(line.value) != 1:
                ctx.col.add(line, f"round {r}: write each game as 'White - Black: 1-0'")
                continue
            key_node, value_node = line.value[0]
            key = str(key_node.value)
            raw = yn.text(value_node, ctx.col, "result") if not yn.is_null(value_node) else ""
            raw = raw or ""
            single = names.exact.get(key.strip())
            if single is None and " - " not in key:
                found = names.find(key.strip())
                single = found if isinstance(found, int) else None
            if single is not None:
                m = ADVANCES.match(raw)
                if not m:
                    ctx.col.add(value_node if raw else key_node,
                                f"round {r}: for a decision away from the board write"
                                f" '{players[single - 1].name}: advances (reason)'")
                    continue
                match = by_seed.get(single)
                if match is None or match.bye or None in (match.top, match.bottom):
                    ctx.col.add(key_node, f"round {r}: {players[single - 1].name} has no match"
                                          " to decide in this round")
                    continue
                decided[match.index] = single
                if m.group(1):
                    reasons.append(((r, match.index), m.group(1).strip()))
                continue
            label = None
            sm = STAGE_PATTERN.match(key)
            if sm and isinstance(split_game(sm.group(1), names), tuple):
                key, label = sm.group(1), sm.group(2).lower()
            split = split_game(key, names)
            if isinstance(split, str):
                ctx.col.add(key_node, f"round {r}: {split}")
                continue
            w, b = split
            if w == b:
                ctx.col.add(key_node, f"round {r}: a player cannot play themselves")
                continue
            match = by_seed.get(w)
            pair = {match.top, match.bottom} if match else set()
            if b not in pair:
                wn, bn = players[w - 1].name, players[b - 1].name
                other = by_seed.get(w) or by_seed.get(b)
                if other is not None and other.bye:
                    why = "had a bye in this round"
                elif match is None or None in pair:
                    why = "do not both have a known place in this round"
                else:
                    opp = match.bottom if match.top == w else match.top
                    why = f"are not drawn against each other ({wn} plays" \
                          f" {players[opp - 1].name})"  # type: ignore[index]
                ctx.col.add(key_node, f"round {r}: {wn} and {bn} {why}")
                continue
            try:
                result = parse_result(raw)
            except ValueError:
                ctx.col.add(value_node, f"round {r}: result '{raw}' is not one of {RESULT_HELP}")
                continue
            games_out.append(Game(r, w, b, result))
            if result is None:
                continue
            so_far = played.setdefault(match.index, [])
            if label is None:
                label = _infer_stage(fmt, len(so_far))
                if label is None:
                    ctx.col.add(key_node, f"round {r}: this match already has every game its"
                                          " format allows")
                    continue
            elif label not in [s.label for s in fmt.stages]:
                ctx.col.add(key_node, f"round {r}: stage '{label}' is not one of"
                                      f" {', '.join(s.label for s in fmt.stages)}")
                continue
            before = ko.MatchResult(tuple(so_far))
            try:
                if before.advances(match.top, match.bottom, fmt, base.scoring)[0] is not None:
                    ctx.col.add(key_node, f"round {r}: the match between"
                                          f" {players[match.top - 1].name} and"  # type: ignore[operator]
                                          f" {players[match.bottom - 1].name} was"  # type: ignore[operator]
                                          " already decided before this game")
                    continue
                codes = roundrobin.game_codes(result, False, False)
                game = ko.MatchGame(w, b, codes, label)
                ko.MatchResult(tuple([*so_far, game])).advances(match.top, match.bottom, fmt,
                                                                base.scoring)
            except ValueError as exc:
                ctx.col.add(key_node, f"round {r}: {exc}")
                continue
            so_far.append(game)
        for m in matches:
            if m.index in played or m.index in decided:
                results[(r, m.index)] = ko.MatchResult(tuple(played.get(m.index, ())),
                                                       decided.get(m.index))
    infos += [RoundInfo(r, None) for r in range(len(infos) + 1, total + 1)]
    bracket = ko.knockout_bracket(n, results, formats, base.scoring)
    details = KnockoutDetails(bracket, formats, tuple(reasons))
    return replace(base, players=players, rounds=tuple(infos), games=tuple(games_out),
                   details=details, seeding=base.seeding if "seeding" in keys else "rating")


READER = FormatParser("knockout", KEYS, parse)
