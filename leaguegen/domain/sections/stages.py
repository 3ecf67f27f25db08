"""Stages in a season: a section whose players come from earlier sections' final standings.

The qualification rules (who is in the top N, the cross seeding) are
``domain.stages``; this module applies them to the sources' facts (their
rankings, whether they have finished), derives the facts of a stage still
waiting for its players (which sources are finished), and where each
qualified player came from, as the pages label them ("Group A · 1").

Facts derive from one section alone, so what a waiting stage knows of its
sources (their titles, which are unfinished) is written into its
:class:`PendingStage` when the loader resolves it (``formats/stage_sources.py``),
from :func:`unfinished` and :func:`titles`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from leaguegen.domain.model import Player
from leaguegen.domain.season import Section
from leaguegen.domain.sections.kind import Progress, SectionFacts, SectionKind
from leaguegen.domain.stages import (
    PendingStage,
    Qualification,
    Seeding,
    StageEntry,
    StageInfo,
    StageSource,
)


@dataclass(frozen=True, slots=True)
class SourceState:
    """One section feeding a stage: its id, its title and whether it has finished."""

    id: str
    name: str
    finished: bool


@dataclass(frozen=True, slots=True)
class PendingFacts(SectionFacts):
    """A stage whose players are still to be decided: where they will come from.

    ``top`` players qualify from each source; ``cross`` is set when several
    groups are cross-seeded (A1 v B2, B1 v A2, ...).
    """

    sources: tuple[SourceState, ...] = ()
    top: int = 0
    cross: bool = False


def pending(section: Section, stage: PendingStage, kind: SectionKind) -> PendingFacts:
    """The facts of a stage still waiting for its sources (no table, nothing played)."""
    source = stage.source
    names = stage.source_names or source.sources
    sources = tuple(SourceState(sid, name, sid not in stage.unfinished)
                    for sid, name in zip(source.sources, names, strict=True))
    return PendingFacts(section, kind, Progress(0, 0, False), sources=sources, top=source.top,
                        cross=source.seeding is Seeding.CROSS and len(sources) > 1)


def unfinished(feeds: Sequence[SectionFacts]) -> tuple[str, ...]:
    """The ids of the sources still being played (a waiting stage is one of them)."""
    return tuple(f.section.id for f in feeds if not f.finished)


def titles(feeds: Sequence[SectionFacts]) -> tuple[str, ...]:
    """The sources' titles, in source order, for the pages of the stage."""
    return tuple(f.section.name for f in feeds)


def qualifiers(source: StageSource,
               feeds: Sequence[SectionFacts]) -> tuple[tuple[Player, ...], StageInfo]:
    """The stage's players in seed order, and where each came from.

    ``feeds`` are the facts of ``source.sources``, in the same order, all
    finished. Each feed contributes one ranking per table (a quads section one
    per group, numbered from 1); ValueError when the rule cannot be met (too few
    eligible players, an odd number of cross-seeded groups...).
    """
    rankings: dict[str, list[str]] = {}
    group_of: dict[str, tuple[SectionFacts, int | None]] = {}
    players: dict[str, Player] = {}
    for feed in feeds:
        for number, (rid, names) in enumerate(feed.rankings, start=1):
            rankings[rid] = list(names)
            group_of[rid] = (feed, number if rid != feed.section.id else None)
        players.update({p.name: p for p in feed.section.players})
    chosen = Qualification(source.sources[0], source.top, source.seeding).entrants(
        rankings, exclude=set(source.exclude))
    entries = []
    for q in chosen:
        feed, group = group_of[q.group]
        entries.append(StageEntry(q.player, feed.section.id, q.place, q.seed, feed.section.name,
                                  group))
    return tuple(players[q.player] for q in chosen), StageInfo(source, tuple(entries))


@dataclass(frozen=True, slots=True)
class Origin:
    """Where a qualified player came from, as a page labels it ("Group A · 1", "Group 2 · 2").

    ``source`` is the source section's title (its id when it has none), ``place``
    the final place there, ``group`` the group number when the source is a quads
    section (None otherwise).
    """

    source: str
    place: int
    group: int | None = None


def origins(section: Section) -> Mapping[int, Origin]:
    """Each qualified player's origin by seed; empty unless the players came from stages."""
    info = section.stage
    if not isinstance(info, StageInfo):
        return {}
    return {e.seed: Origin(e.source_name or e.source, e.place, e.group) for e in info.entries}
