"""``format: quads`` in season files: entrants cut into small round robins by rating.

Keys beyond the common ones (see docs/formats.md):

* ``fold``: ``bottom`` (default) or ``top``: which end takes the groups of five or six;
* ``remainder3``: ``five_and_six`` (default), ``seven`` or ``three``;
* ``double``: ``true`` plays each group twice;
* ``late_entries``: players entered after the draw; like a withdrawal with
  ``after_round: 0``, they regroup the whole field (before round 1 only);
* ``seeding``: ``rating`` (the default for quads) or ``list``.

Results are one list per event round, ``White - Black: score``; each game must
be on its group's Berger schedule for that round, with the same errors as a
round robin. Each group becomes a round-robin :class:`Section` of its own
(``<id>/group-<n>``), so standings, tiebreaks and withdrawals after round 1
work exactly as in any round robin.
"""

from __future__ import annotations

from dataclasses import replace

import yaml

from leaguegen.domain.model import Player
from leaguegen.domain.schedule import berger
from leaguegen.domain.schedule import quads as q
from leaguegen.domain.season import Game, RoundInfo, Section, Withdrawal
from leaguegen.domain.sections.quads import QuadsDetails
from leaguegen.formats import yaml_nodes as yn
from leaguegen.formats.players import Names, read_player
from leaguegen.formats.rounds import (
    ROUND_KEYS,
    read_withdrawals,
    result_line,
    round_date,
    split_game,
)
from leaguegen.formats.section_formats import FormatParser
from leaguegen.formats.yaml_nodes import Ctx

KEYS = ("fold", "remainder3", "double", "late_entries")


def group_id(section_id: str, number: int) -> str:
    return f"{section_id}/group-{number}"


def _choice(node: yaml.Node | None, ctx: Ctx, what: str, enum: type) -> object | None:
    raw = yn.text(node, ctx.col, what)
    if raw is None:
        return None
    values = [e.value for e in enum]
    if raw not in values:
        ctx.col.add(node, f"{what} '{raw}' is not one of {', '.join(values)}"
                          f"{yn.suggestion(raw, values)}")
        return None
    return enum(raw)


def _rule(keys: dict[str, yaml.Node], ctx: Ctx) -> q.GroupingRule:
    fold = _choice(keys.get("fold"), ctx, "fold", q.Fold) or q.Fold.BOTTOM
    rem = _choice(keys.get("remainder3"), ctx, "remainder3", q.Remainder3) \
        or q.Remainder3.FIVE_AND_SIX
    raw_seeding = yn.text(keys.get("seeding"), ctx.col, "seeding")
    if raw_seeding == "lots":
        ctx.col.add(keys["seeding"], "quads are seeded by rating (the default) or as listed"
                                     " (seeding: list), not by lots")
    seeding = q.Seeding.LIST if raw_seeding == "list" else q.Seeding.RATING
    double = yn.boolean(keys.get("double"), ctx.col, "double") or False
    return q.GroupingRule(fold, rem, seeding, double)  # type: ignore[arg-type]


def _late_entries(node: yaml.Node | None, ctx: Ctx, known: set[str]) -> list[Player]:
    out = []
    for i, pnode in enumerate(yn.sequence(node, ctx.col, "late_entries"), start=1):
        player, where = read_player(pnode, ctx, i)
        if player is None:
            continue
        if player.name in known:
            ctx.col.add(where, f"late entry '{player.name}' is already entered")
            continue
        known.add(player.name)
        out.append(player)
    return out


def _group_section(base: Section, number: int, group: q.QuadGroup,
                   infos: list[RoundInfo]) -> Section:
    return Section(
        id=group_id(base.id, number), name=base.name,
        format="double_round_robin" if group.double else "round_robin",
        players=group.players, rounds=tuple(infos[: group.round_count]), games=(),
        tiebreaks=base.tiebreaks, scoring=base.scoring, free_round_units=base.free_round_units,
        withdrawal_threshold=base.withdrawal_threshold, seeding="list",
        tiebreak_rules=base.tiebreak_rules,
    )


def parse(keys: dict[str, yaml.Node], ctx: Ctx, base: Section) -> Section | None:
    rule = _rule(keys, ctx)
    listed = list(base.players)
    late = _late_entries(keys.get("late_entries"), ctx, {p.name for p in listed})
    everyone = tuple(listed + late)
    # the groups (and so the number of rounds) depend on withdrawals before round 1, so
    # after_round is checked against the player's own group below, not here
    withdrawals = read_withdrawals(keys.get("withdrawals"), ctx, everyone, 10**6, [])
    before = {everyone[w.player - 1].name for w in withdrawals if w.after_round == 0}
    try:
        first = q.make_groups(listed, rule)
        entrants = [p for p in everyone if p.name not in before]
        groups, moves = q.regroup(first, entrants, rule)
    except ValueError as exc:
        ctx.col.add(keys.get("players"), f"section '{base.id}': {exc}")
        return None
    event_rounds = q.event_rounds(groups)
    items = yn.sequence(keys.get("rounds"), ctx.col, f"section '{base.id}' rounds")
    if len(items) > event_rounds:
        ctx.col.add(items[event_rounds], f"section '{base.id}' has {event_rounds} rounds,"
                                         f" but {len(items)} are listed")
    infos: list[RoundInfo] = []
    round_lines: list[list[yaml.Node]] = []
    for r, item in enumerate(items[:event_rounds], start=1):
        rkeys = yn.mapping(item, ctx.col, f"round {r}", ROUND_KEYS)
        date = round_date(rkeys.get("date"), ctx, r)
        infos.append(RoundInfo(r, date))
        round_lines.append(yn.sequence(rkeys.get("results"), ctx.col, f"round {r} results"))
    infos += [RoundInfo(r, None) for r in range(len(infos) + 1, event_rounds + 1)]

    ordered = [p for g in groups for p in g.players]
    all_names = Names(tuple(ordered))
    group_of = {p.name: g.number for g in groups for p in g.players}
    sections = []
    per_group: dict[int, dict] = {}
    for g in groups:
        schedule = berger.schedule(g.size, g.double, True)
        meets: dict[frozenset[int], list[tuple[int, int, int]]] = {}
        for r, boards in enumerate(schedule, start=1):
            for p in boards:
                if p.black is not None:
                    meets.setdefault(frozenset((p.white, p.black)), []).append(
                        (r, p.white, p.black))
        per_group[g.number] = {"names": Names(g.players), "meets": meets, "seen": {},
                               "games": []}
    for r, lines in enumerate(round_lines, start=1):
        for line in lines:
            if not isinstance(line, yaml.MappingNode) or len(line.value) != 1:
                ctx.col.add(line, f"round {r}: write each result as 'White - Black: 1-0'")
                continue
            key_node = line.value[0][0]
            split = split_game(str(key_node.value), all_names)
            if isinstance(split, str):
                ctx.col.add(key_node, f"round {r}: {split}")
                continue
            w, b = (ordered[i - 1].name for i in split)
            gw, gb = group_of[w], group_of[b]
            if gw != gb:
                ctx.col.add(key_node, f"round {r}: {w} (group {gw}) and {b} (group {gb}) are"
                                      " in different groups")
                continue
            info = per_group[gw]
            game = result_line(line, ctx, r, info["names"], groups[gw - 1].players,
                                info["meets"], info["seen"])
            if game:
                info["games"].append(game)
    for g in groups:
        sec = _group_section(base, g.number, g, infos)
        local = {p.name: i for i, p in enumerate(g.players, start=1)}
        gw = []
        for w in withdrawals:
            name = everyone[w.player - 1].name
            if w.after_round == 0 or name not in local:
                continue
            if w.after_round > sec_rounds(sec):
                ctx.col.add(keys.get("withdrawals"), f"{name} withdrew after round"
                                                     f" {w.after_round}, but group {g.number}"
                                                     f" has {sec_rounds(sec)} rounds")
                continue
            gw.append(Withdrawal(local[name], w.after_round))
        games: list[Game] = per_group[g.number]["games"]
        sections.append(_replace(sec, games=tuple(games), withdrawals=tuple(gw)))
    late_names = tuple(p.name for p in late)
    details = QuadsDetails(rule, tuple(sections), moves, late_names, tuple(sorted(before)))
    # every game again in the section's own numbering (groups in order), for counts and exports
    number = {p.name: i for i, p in enumerate(ordered, start=1)}
    games = tuple(
        Game(gm.round, number[g.players[gm.white - 1].name], number[g.players[gm.black - 1].name],
             gm.result)
        for g in sections for gm in g.games)
    return _replace(base, players=tuple(ordered), rounds=tuple(infos), games=games,
                    withdrawals=(), details=details)


def sec_rounds(section: Section) -> int:
    return len(section.rounds)


def _replace(section: Section, **changes: object) -> Section:
    return replace(section, **changes)  # type: ignore[arg-type]


READER = FormatParser("quads", KEYS, parse)
