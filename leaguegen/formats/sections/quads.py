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

from dataclasses import dataclass, field, replace

import yaml

from leaguegen.domain.model import Player
from leaguegen.domain.schedule import berger
from leaguegen.domain.schedule import quads as q
from leaguegen.domain.season import Game, RoundInfo, Section, Withdrawal
from leaguegen.domain.sections.quads import QuadsDetails
from leaguegen.errors import Message
from leaguegen.formats import yaml_nodes as yn
from leaguegen.formats.options import read_enum
from leaguegen.formats.players import Names, read_late_entries
from leaguegen.formats.rounds import (
    ROUND_KEYS,
    read_withdrawals,
    result_line,
    round_date,
    split_game,
    undated_rounds,
)
from leaguegen.formats.section_formats import FormatParser
from leaguegen.formats.yaml_nodes import Ctx

KEYS = ("fold", "remainder3", "double", "late_entries")


def group_id(section_id: str, number: int) -> str:
    return f"{section_id}/group-{number}"


def _seeding(node: yaml.Node | None, ctx: Ctx) -> q.Seeding:
    """Quads are seeded by rating unless ``seeding: list`` (the common section reader has
    already checked the word itself)."""
    raw = yn.text(node, ctx.col, "seeding")
    if raw == "lots":
        ctx.col.add(node, Message("quads are seeded by rating (the default) or as listed "
                                  "(seeding: list), not by lots"))
    return q.Seeding.LIST if raw == "list" else q.Seeding.RATING


def _rule(keys: dict[str, yaml.Node], ctx: Ctx) -> q.GroupingRule:
    default = q.DEFAULT_RULE
    return q.GroupingRule(
        fold=read_enum(keys.get("fold"), ctx, "fold", default.fold),
        remainder3=read_enum(keys.get("remainder3"), ctx, "remainder3", default.remainder3),
        seeding=_seeding(keys.get("seeding"), ctx),
        double=yn.boolean(keys.get("double"), ctx.col, "double") or default.double,
    )


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


@dataclass
class _GroupResults:
    """What reading the results of one group needs: its players, its Berger table (who
    meets whom in which round), the lines seen so far and the games read."""

    names: Names
    meets: dict[frozenset[int], list[tuple[int, int, int]]]
    seen: dict[tuple[int, int, int], yaml.Node] = field(default_factory=dict)
    games: list[Game] = field(default_factory=list)

    @classmethod
    def of(cls, group: q.QuadGroup) -> _GroupResults:
        meets: dict[frozenset[int], list[tuple[int, int, int]]] = {}
        for r, boards in enumerate(berger.schedule(group.size, group.double, True), start=1):
            for p in boards:
                if p.black is not None:
                    meets.setdefault(frozenset((p.white, p.black)), []).append(
                        (r, p.white, p.black))
        return cls(Names(group.players), meets)


def _rounds(node: yaml.Node | None, ctx: Ctx, sid: str, event_rounds: int
            ) -> tuple[list[RoundInfo], list[list[yaml.Node]]]:
    """Each event round's date and result lines (rounds not listed yet have no date)."""
    items = yn.sequence(node, ctx.col, Message("section '{sid}' rounds", sid=sid))
    if len(items) > event_rounds:
        ctx.col.add(items[event_rounds], Message("section '{sid}' has {count} round, "
                                                 "but {listed} are listed",
                                                 "section '{sid}' has {count} rounds, "
                                                 "but {listed} are listed",
                                                 sid=sid, count=event_rounds,
                                                 listed=len(items)))
    infos: list[RoundInfo] = []
    round_lines: list[list[yaml.Node]] = []
    for r, item in enumerate(items[:event_rounds], start=1):
        rkeys = yn.mapping(item, ctx.col, Message("round {r}", r=r), ROUND_KEYS)
        infos.append(RoundInfo(r, round_date(rkeys.get("date"), ctx, r)))
        round_lines.append(yn.sequence(rkeys.get("results"), ctx.col, Message("round {r} results",
                                                                              r=r)))
    infos += [RoundInfo(r, None) for r in range(len(infos) + 1, event_rounds + 1)]
    return infos, round_lines


def _results(round_lines: list[list[yaml.Node]], ctx: Ctx, groups: tuple[q.QuadGroup, ...]
             ) -> dict[int, _GroupResults]:
    """Every result line read against its group's schedule; both players in one group."""
    ordered = [p for g in groups for p in g.players]
    all_names = Names(tuple(ordered))
    group_of = {p.name: g.number for g in groups for p in g.players}
    per_group = {g.number: _GroupResults.of(g) for g in groups}
    for r, lines in enumerate(round_lines, start=1):
        for line in lines:
            if not isinstance(line, yaml.MappingNode) or len(line.value) != 1:
                ctx.col.add(line, Message("round {r}: write each result as 'White - Black: 1-0'",
                                          r=r))
                continue
            key_node = line.value[0][0]
            split = split_game(str(key_node.value), all_names)
            if isinstance(split, str):
                ctx.col.add(key_node, Message("round {r}: {split}", r=r, split=split))
                continue
            w, b = (ordered[i - 1].name for i in split)
            gw, gb = group_of[w], group_of[b]
            if gw != gb:
                ctx.col.add(key_node, Message("round {r}: {w} (group {gw}) and {b} (group {gb}) "
                                              "are in different groups",
                                              r=r, w=w, gw=gw, b=b, gb=gb))
                continue
            info = per_group[gw]
            game = result_line(line, ctx, r, info.names, groups[gw - 1].players, info.meets,
                               info.seen)
            if game:
                info.games.append(game)
    return per_group


def _group_withdrawals(withdrawals: list[Withdrawal], everyone: tuple[Player, ...],
                       group: Section, number: int, where: yaml.Node | None, ctx: Ctx
                       ) -> tuple[Withdrawal, ...]:
    """The withdrawals after round 1 of one group's players, in the group's numbering."""
    local = {p.name: i for i, p in enumerate(group.players, start=1)}
    out = []
    for w in withdrawals:
        name = everyone[w.player - 1].name
        if w.after_round == 0 or name not in local:
            continue
        if w.after_round > len(group.rounds):
            ctx.col.add(where, Message("{name} withdrew after round {after_round}, but group "
                                       "{number} has {count} round",
                                       "{name} withdrew after round {after_round}, but group "
                                       "{number} has {count} rounds",
                                       name=name, after_round=w.after_round, number=number,
                                       count=len(group.rounds)))
            continue
        out.append(Withdrawal(local[name], w.after_round))
    return tuple(out)


def parse(keys: dict[str, yaml.Node], ctx: Ctx, base: Section) -> Section | None:
    rule = _rule(keys, ctx)
    listed = list(base.players)
    late = read_late_entries(keys.get("late_entries"), ctx, {p.name for p in listed})
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
        ctx.col.add(keys.get("players"), Message("section '{id}': {exc}", id=base.id, exc=exc))
        return None
    infos, round_lines = _rounds(keys.get("rounds"), ctx, base.id, q.event_rounds(groups))
    per_group = _results(round_lines, ctx, groups)
    sections = []
    for g in groups:
        sec = _group_section(base, g.number, g, infos)
        gone = _group_withdrawals(withdrawals, everyone, sec, g.number, keys.get("withdrawals"),
                                  ctx)
        sections.append(replace(sec, games=tuple(per_group[g.number].games), withdrawals=gone))
    details = QuadsDetails(rule, tuple(sections), moves, tuple(p.name for p in late),
                           tuple(sorted(before)))
    # every game again in the section's own numbering (groups in order), for counts and exports
    ordered = tuple(p for g in groups for p in g.players)
    number = {p.name: i for i, p in enumerate(ordered, start=1)}
    games = tuple(
        Game(gm.round, number[g.players[gm.white - 1].name], number[g.players[gm.black - 1].name],
             gm.result)
        for g in sections for gm in g.games)
    undated_rounds(keys.get("rounds"), ctx, base.id, infos, games)
    return replace(base, players=ordered, rounds=tuple(infos), games=games, withdrawals=(),
                   details=details)


READER = FormatParser("quads", KEYS, parse)
