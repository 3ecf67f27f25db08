"""Multi-stage events in season files: ``players: {from: ..., top: N}``.

A section may take its players from the final standings of earlier sections::

    players: {from: [group-a, group-b, group-c, group-d], top: 2, seeding: cross}
    players: {from: qualifier, top: 6}

The loader reads every section first, keeping a reader (:class:`Deferred`) for
each such section; this module then resolves them in file order (so a stage may
feed the next one): it checks that each source exists, comes earlier and can
feed a stage, takes the sources' facts (final standings, tiebreaks included,
the same table the site shows), lets ``domain.sections.stages`` select and seed
the qualifiers, and reads the section again with those players. While a source
is unfinished the section stays a :class:`PendingStage` and its page says the
players are still to be decided.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace

import yaml

from leaguegen.domain.model import Player
from leaguegen.domain.season import Section
from leaguegen.domain.sections import SectionFacts, derive_facts, kind_of, kinds, stages
from leaguegen.domain.stages import PendingStage, Seeding, StageInfo, StageSource
from leaguegen.errors import Message, Problem
from leaguegen.formats import yaml_nodes as yn

SOURCE_KEYS = ("from", "top", "seeding", "exclude")
STAGE_SEEDINGS = tuple(s.value for s in Seeding)


def parse_source(node: yaml.MappingNode, col: yn.Collector) -> tuple[StageSource | None,
                                                                    yaml.Node | None]:
    """``players: {from, top, seeding, exclude}``; returns the source and the ``from`` node."""
    keys = yn.mapping(node, col, "players (from an earlier stage)", SOURCE_KEYS,
                      required=("from", "top"))
    from_node = keys.get("from")
    ids: list[str] = []
    if isinstance(from_node, yaml.SequenceNode):
        ids = [t for t in (yn.text(n, col, "from") for n in from_node.value) if t]
    elif from_node is not None:
        one = yn.text(from_node, col, "from")
        ids = [one] if one else []
    if from_node is not None and not ids:
        col.add(from_node, Message("players.from must name an earlier section (or a list of "
                                   "them)"))
    if len(set(ids)) != len(ids):
        col.add(from_node, Message("players.from lists a section twice"))
    top = yn.integer(keys.get("top"), col, "players.top", minimum=1)
    raw = yn.text(keys.get("seeding"), col, "players.seeding")
    if raw is None:
        seeding = Seeding.CROSS if len(ids) > 1 else Seeding.BY_PLACE
    elif raw in STAGE_SEEDINGS:
        seeding = Seeding(raw)
    else:
        col.add(keys["seeding"], Message("players.seeding '{raw}' is not one of "
                                         "{STAGE_SEEDINGS}{suggestion}",
                                         raw=raw, STAGE_SEEDINGS=', '.join(STAGE_SEEDINGS),
                                         suggestion=yn.suggestion(raw, STAGE_SEEDINGS)))
        seeding = Seeding.BY_PLACE
    if seeding is Seeding.CROSS and len(ids) > 1 and len(ids) % 2:
        col.add(keys.get("seeding") or from_node, Message("cross seeding pairs groups off (A "
                                                          "with B, C with D...), so it needs an "
                                                          "even number of groups, not {count}; "
                                                          "use by_place",
                                                          count=len(ids)))
        seeding = Seeding.BY_PLACE
    exclude = [t for t in (yn.text(n, col, "players.exclude")
                           for n in yn.sequence(keys.get("exclude"), col, "players.exclude")) if t]
    if not ids or top is None:
        return None, from_node
    return StageSource(tuple(ids), top, seeding, tuple(exclude)), from_node


@dataclass
class Deferred:
    """What the loader needs to finish a stage section once its players are known.

    The loader keeps one per waiting stage, by section id (``resolve``'s
    ``readers``): reading the section again is a loader's job, not a value the
    section carries.
    """

    complete: Callable[[tuple[Player, ...], StageInfo], tuple[Section | None, list[Problem]]]
    path: str
    line: int
    col: int

    def problem(self, message: str) -> Problem:
        return Problem(self.path, self.line, self.col, message)


def resolve(sections: list[Section],
            readers: Mapping[str, Deferred]) -> tuple[list[Section], list[Problem]]:
    """Complete every stage section whose sources have finished, in file order.

    ``readers`` holds the reader of each stage section still waiting for its
    players, by section id. A source's rankings and whether it has finished are
    its facts (``domain.sections``), derived once per load however many stages it
    feeds (``derived``, by section id); what is done with them is
    ``domain.sections.stages``.
    """
    out: list[Section] = []
    problems: list[Problem] = []
    done: dict[str, Section] = {}
    derived: dict[str, SectionFacts] = {}
    for section in sections:
        pending = section.stage
        if not isinstance(pending, PendingStage) or section.players:
            out.append(section)
            done[section.id] = section
            continue
        reader = readers[section.id]
        feeds, found = _feeds(section, pending.source, done, sections, reader, derived)
        problems.extend(found)
        if found:
            continue
        waiting = stages.unfinished(feeds)
        if waiting:
            out.append(replace(section, stage=replace(pending, unfinished=waiting,
                                                      source_names=stages.titles(feeds))))
            done[section.id] = out[-1]
            continue
        try:
            players, info = stages.qualifiers(pending.source, feeds)
        except ValueError as exc:
            problems.append(reader.problem(Message("section '{id}': {exc}",
                                                   id=section.id, exc=exc)))
            continue
        completed, found = reader.complete(players, info)
        problems.extend(found)
        if completed is not None:
            out.append(completed)
            done[section.id] = completed
    return out, problems


def _feeds(section: Section, source: StageSource, done: Mapping[str, Section],
           sections: list[Section], reader: Deferred,
           derived: dict[str, SectionFacts]) -> tuple[list[SectionFacts], list[Problem]]:
    """The facts of each source section (kept in ``derived``, by id, for the next stage it
    feeds), or the problems of a source that cannot feed one."""
    feeds: list[SectionFacts] = []
    problems: list[Problem] = []
    for sid in source.sources:
        src = done.get(sid)
        if src is None:
            where = "is not defined" if all(s.id != sid for s in sections) else \
                "comes later in the season; a stage can only take players from an earlier one"
            problems.append(reader.problem(Message("section '{id}': players.from '{sid}' {where}",
                                                   id=section.id, sid=sid, where=where)))
            continue
        if not kind_of(src.format).feeds_stages:
            allowed = sorted(f for k in kinds() if k.feeds_stages for f in k.formats)
            problems.append(reader.problem(
                Message("section '{id}': players cannot be taken from '{sid}' ({format}); "
                        "sources can be {allowed}",
                        id=section.id, sid=sid, format=src.format, allowed=', '.join(allowed))))
            continue
        if sid not in derived:
            derived[sid] = derive_facts(src)
        feeds.append(derived[sid])
    return feeds, problems
