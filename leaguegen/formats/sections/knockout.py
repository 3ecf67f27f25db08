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

The section keeps what is written here (``KnockoutDetails``: formats, each
match's games and decisions, reasons); who goes through is derived from the
games by the kind's facts (``domain/sections/knockout.py``: the first stage
that separates the players, a lead that cannot be caught, or an armageddon
draw for Black). Each line is still checked at its line against the bracket
of the rounds before it. Players fed from earlier stages (``players: {from:
...}``) keep the qualification order as seeds.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

import yaml

from leaguegen.domain import roundrobin
from leaguegen.domain.model import Player, Scoring
from leaguegen.domain.schedule import knockout as ko
from leaguegen.domain.season import Game, RoundInfo, Section
from leaguegen.domain.sections.knockout import KnockoutDetails, MatchKey
from leaguegen.domain.stages import StageInfo
from leaguegen.errors import Message
from leaguegen.formats import yaml_nodes as yn
from leaguegen.formats.options import read_parsed_list
from leaguegen.formats.players import Names
from leaguegen.formats.results import RESULT_HELP, parse_result
from leaguegen.formats.rounds import ROUND_KEYS, round_date, split_game, undated_played
from leaguegen.formats.section_formats import FormatParser
from leaguegen.formats.yaml_nodes import Ctx

KEYS = ("match", "final")
MATCH_KEYS = ("games", "tiebreaks")
STAGE_PATTERN = re.compile(r"^\s*(.*?)\s*\(\s*([A-Za-z][\w -]*?)\s*\)\s*$")
ADVANCES = re.compile(r"^\s*advances\s*(?:\((.*)\))?\s*$", re.I)


def read_match_format(node: yaml.Node | None, ctx: Ctx, what: str) -> ko.MatchFormat | None:
    """``{games: 2, tiebreaks: [rapid 2, armageddon]}``; None when not given.

    Each stage is read by the domain's own parser (``Stage.parse``) and added by
    ``MatchFormat.then``, which says why a stage cannot follow the others.
    """
    if yn.is_null(node):
        return None
    keys = yn.mapping(node, ctx.col, what, MATCH_KEYS, required=("games",))
    games = yn.integer(keys.get("games"), ctx.col, f"{what}.games", minimum=1) or 1
    fmt = ko.MatchFormat((ko.Stage("regular", games),))
    for stage, item in read_parsed_list(keys.get("tiebreaks"), ctx, f"{what}.tiebreaks",
                                        "tie-break stage", ko.Stage.parse):
        try:
            fmt = fmt.then(stage)
        except ValueError as exc:
            ctx.col.add(item, str(exc))
    return fmt


def _sides(match: ko.Match | None) -> tuple[int, int] | None:
    """Both seeds of a match that is to be played; None for a bye or a side not known yet."""
    if match is None or match.bye or match.top is None or match.bottom is None:
        return None
    return match.top, match.bottom


class _Results:
    """The results read so far, one round at a time.

    Each round's matches are the domain's bracket of the rounds before, so a
    line is checked at its line against the match it belongs to; what is kept
    is only what the organiser declared (games, decisions, reasons).
    """

    def __init__(self, players: tuple[Player, ...], formats: tuple[ko.MatchFormat, ...],
                 scoring: Scoring, ctx: Ctx) -> None:
        self.players, self.formats, self.scoring, self.ctx = players, formats, scoring, ctx
        self.names = Names(players)
        self.results: dict[MatchKey, ko.MatchResult] = {}
        self.reasons: list[tuple[MatchKey, str]] = []
        self.games: list[Game] = []

    def name(self, seed: int) -> str:
        return self.players[seed - 1].name

    def read_round(self, r: int, lines: Sequence[yaml.Node]) -> None:
        bracket = ko.knockout_bracket(len(self.players), self.results, self.formats,
                                      self.scoring)
        matches = bracket.rounds[r - 1]
        by_seed = {s: m for m in matches for s in (m.top, m.bottom) if s is not None}
        played: dict[int, list[ko.MatchGame]] = {}
        decided: dict[int, int] = {}
        for line in lines:
            if not isinstance(line, yaml.MappingNode) or len(line.value) != 1:
                self.ctx.col.add(line, Message("round {r}: write each game as 'White - Black: "
                                               "1-0'",
                                               r=r))
                continue
            key_node, value_node = line.value[0]
            key = str(key_node.value)
            raw = (yn.text(value_node, self.ctx.col, "result")
                   if not yn.is_null(value_node) else "") or ""
            single = self.names.exact.get(key.strip())
            if single is None and " - " not in key:
                found = self.names.find(key.strip())
                single = found if isinstance(found, int) else None
            if single is not None:
                self.decision(r, single, raw, (key_node, value_node), by_seed, decided)
            else:
                self.game(r, key, raw, (key_node, value_node), by_seed, played)
        for m in matches:
            if m.index in played or m.index in decided:
                self.results[(r, m.index)] = ko.MatchResult(tuple(played.get(m.index, ())),
                                                            decided.get(m.index))

    def decision(self, r: int, seed: int, raw: str, nodes: tuple[yaml.Node, yaml.Node],
                 by_seed: dict[int, ko.Match], decided: dict[int, int]) -> None:
        """``Name: advances (reason)``: a match decided away from the board."""
        key_node, value_node = nodes
        m = ADVANCES.match(raw)
        if not m:
            self.ctx.col.add(value_node if raw else key_node,
                             Message("round {r}: for a decision away from the board write "
                                     "'{name}: advances (reason)'",
                                     r=r, name=self.name(seed)))
            return
        match = by_seed.get(seed)
        if match is None or _sides(match) is None:
            self.ctx.col.add(key_node, Message("round {r}: {name} has no match to decide in "
                                               "this round",
                                               r=r, name=self.name(seed)))
            return
        decided[match.index] = seed
        if m.group(1):
            self.reasons.append(((r, match.index), m.group(1).strip()))

    def game(self, r: int, key: str, raw: str, nodes: tuple[yaml.Node, yaml.Node],
             by_seed: dict[int, ko.Match], played: dict[int, list[ko.MatchGame]]) -> None:
        """``White - Black: 1-0`` (or ``White - Black (rapid): ½-½``): one game of a match."""
        key_node, value_node = nodes
        col = self.ctx.col
        label = None
        sm = STAGE_PATTERN.match(key)
        if sm and isinstance(split_game(sm.group(1), self.names), tuple):
            key, label = sm.group(1), sm.group(2).lower()
        split = split_game(key, self.names)
        if isinstance(split, str):
            col.add(key_node, Message("round {r}: {split}", r=r, split=split))
            return
        w, b = split
        if w == b:
            col.add(key_node, Message("round {r}: a player cannot play themselves", r=r))
            return
        match = by_seed.get(w)
        sides = _sides(match)
        if match is None or sides is None or b not in sides:
            other = match or by_seed.get(b)
            if other is not None and other.bye:
                why = "had a bye in this round"
            elif sides is None:
                why = "do not both have a known place in this round"
            else:
                opp = sides[1] if sides[0] == w else sides[0]
                why = f"are not drawn against each other ({self.name(w)} plays {self.name(opp)})"
            col.add(key_node, Message("round {r}: {name} and {name2} {why}",
                                      r=r, name=self.name(w), name2=self.name(b), why=why))
            return
        try:
            result = parse_result(raw)
        except ValueError:
            col.add(value_node, Message("round {r}: result '{raw}' is not one of {RESULT_HELP}",
                                        r=r, raw=raw, RESULT_HELP=RESULT_HELP))
            return
        self.games.append(Game(r, w, b, result))
        if result is None:
            return
        fmt = self.formats[r - 1]
        so_far = played.setdefault(match.index, [])
        if label is None:
            label = fmt.stage_of_game(len(so_far))
            if label is None:
                col.add(key_node, Message("round {r}: this match already has every game its "
                                          "format allows",
                                          r=r))
                return
        elif label not in [s.label for s in fmt.stages]:
            col.add(key_node, Message("round {r}: stage '{label}' is not one of {items}",
                                      r=r, label=label,
                                      items=", ".join(s.label for s in fmt.stages)))
            return
        top, bottom = sides
        game = ko.MatchGame(w, b, roundrobin.game_codes(result, False, False), label)
        try:
            before = ko.MatchResult(tuple(so_far)).advances(top, bottom, fmt, self.scoring)
            if before[0] is not None:
                col.add(key_node, Message("round {r}: the match between {name} and {name2} was "
                                          "already decided before this game",
                                          r=r, name=self.name(top), name2=self.name(bottom)))
                return
            ko.MatchResult((*so_far, game)).advances(top, bottom, fmt, self.scoring)
        except ValueError as exc:
            col.add(key_node, Message("round {r}: {exc}", r=r, exc=exc))
            return
        so_far.append(game)


def parse(keys: dict[str, yaml.Node], ctx: Ctx, base: Section) -> Section | None:
    players = base.players
    if not isinstance(base.stage, StageInfo) and "seeding" not in keys:
        players = tuple(ko.seeds_by_rating(players))
    n = len(players)
    total = ko.round_count(n)
    every = read_match_format(keys.get("match"), ctx, "match") or ko.SINGLE_GAME
    final = read_match_format(keys.get("final"), ctx, "final") or every
    formats = (every,) * (total - 1) + (final,)
    items = yn.sequence(keys.get("rounds"), ctx.col, Message("section '{id}' rounds",
                                                             id=base.id))
    if len(items) > total:
        ctx.col.add(items[total], Message("section '{id}' has {count} round ({players}), but "
                                          "{listed} are listed",
                                          "section '{id}' has {count} rounds ({players}), but "
                                          "{listed} are listed", id=base.id, count=total,
                                          players=Message("{count} player", "{count} players",
                                                          count=n), listed=len(items)))
    results = _Results(players, formats, base.scoring, ctx)
    infos: list[RoundInfo] = []
    for r, item in enumerate(items[:total], start=1):
        rkeys = yn.mapping(item, ctx.col, Message("round {r}", r=r), ROUND_KEYS)
        infos.append(RoundInfo(r, round_date(rkeys.get("date"), ctx, r)))
        results.read_round(r, yn.sequence(rkeys.get("results"), ctx.col,
                                          Message("round {r} results", r=r)))
        undated_played(item, ctx, base.id, r, infos[-1].date, results.games)
    infos += [RoundInfo(r, None) for r in range(len(infos) + 1, total + 1)]
    details = KnockoutDetails(formats, tuple(results.results.items()), tuple(results.reasons))
    return replace(base, players=players, rounds=tuple(infos), games=tuple(results.games),
                   details=details, seeding=base.seeding if "seeding" in keys else "rating")


READER = FormatParser("knockout", KEYS, parse)
