"""A toy section kind ("toy league") defined only here, for the proof that a kind is its
documented places and nothing else (issue 27, item 4).

It is a small all-play-all whose boards come from the Berger table, with a key of its own
(``motto``) and details of its own (:class:`ToyDetails`): its domain kind (facts, schedule,
chores, TRF type), its reader and its pages (a context function and a templates folder) are
the three registrations ``docs/architecture.md`` lists for a kind, made by :func:`installed`
and undone after. Its pages borrow the round robin's context and templates (a real kind has
its own folder under ``site_template/``, which is the fourth place).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace

import yaml

from leaguegen.domain import roundrobin
from leaguegen.domain.schedule import berger
from leaguegen.domain.season import Section
from leaguegen.domain.sections import registry
from leaguegen.domain.sections import round_robin as rr
from leaguegen.domain.sections.kind import (
    FREE_NUMBER,
    Chores,
    SectionKind,
    table_games,
)
from leaguegen.domain.standings import compute_standings
from leaguegen.formats import yaml_nodes as yn
from leaguegen.formats.section_formats import FormatParser
from leaguegen.formats.sections import READERS
from leaguegen.formats.sections import round_robin as rr_reader
from leaguegen.formats.yaml_nodes import Ctx

FORMAT = "toy_league"


@dataclass(frozen=True, slots=True)
class ToyDetails:
    motto: str = ""


def facts(section: Section) -> rr.RoundRobinFacts:
    """A round robin's facts (its pages are the round robin's), its schedule worked out once."""
    schedule = roundrobin.section_schedule(section)
    table = roundrobin.build_crosstable(section, schedule)
    excluded = roundrobin.withdrawn_unranked(section, table)
    standings = compute_standings(table, list(section.tiebreaks), system="round-robin",
                                  rules=section.tiebreak_rules, excluded=excluded)
    order = tuple(r.number for r in standings.rows)
    names = tuple(section.players[n - 1].name for n in order)
    return rr.RoundRobinFacts(section, KIND, rr.progress(section, table), table, standings,
                              excluded, order, ((section.id, names),), schedule=schedule)


def scheduled_games(section: Section) -> list[tuple[int, int, int]]:
    return table_games(berger.schedule(len(section.players)))


KIND = SectionKind(
    name="toy", formats=(FORMAT,), labels={FORMAT: "Toy league"}, min_players=3,
    default_tiebreaks=rr.DEFAULT_TIEBREAKS, facts=facts, tiebreak_system="round-robin",
    trf_type={FORMAT: "Toy league"}, scheduled_games=scheduled_games,
    chores=Chores(withdraw=True, late_entry=FREE_NUMBER, computed_numbers=True),
)


def parse(keys: dict[str, yaml.Node], ctx: Ctx, base: Section) -> Section | None:
    motto = yn.text(keys.get("motto"), ctx.col, "motto") or ""
    section = rr_reader.parse(keys, ctx, base)  # its rounds are read as a round robin's
    return None if section is None else replace(section, details=ToyDetails(motto))


READER = FormatParser("toy", ("motto", "late_entries"), parse)


@contextmanager
def installed() -> Iterator[SectionKind]:
    """The toy kind registered (kind, reader, renderer) for the block, then removed."""
    from leaguegen.site.pages.registry import SECTION_RENDERERS, register_renderer
    from leaguegen.site.pages.round_robin import section_pages

    registry.register(KIND)
    READERS[KIND.reader_key] = READER
    register_renderer(FORMAT, section_pages, "round_robin")
    try:
        yield KIND
    finally:
        del SECTION_RENDERERS[FORMAT], READERS[KIND.reader_key]
        registry._KINDS.pop(KIND.name)  # noqa: SLF001 - the registry has no unregister
        registry._BY_FORMAT.pop(FORMAT)  # noqa: SLF001
