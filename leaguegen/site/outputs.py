"""Files a build writes beside the pages: the place for every new kind of output.

The pages (HTML per language) and the PDFs are built by ``incremental.render_site``;
every other file comes from an :class:`Output` listed in :func:`outputs`: the open-data
feeds (``site/feeds``: JSON, iCal, Atom, TRF). An output gives the files of one section
and the files of the whole season; both are language-free (written once, at the
site's root) and cached by content like the pages, so a build whose season did not
change computes none of them.

The list is here rather than filled by the outputs' modules as they are imported: an
output's module lives in another folder (``site/feeds/``), and a registry filled from
outside its folder is complete only if someone remembered to import the module first
(``tests/test_architecture.py``, the registration rule).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Protocol

from leaguegen.domain.season import Section
from leaguegen.domain.season_facts import SeasonFacts
from leaguegen.site import parallel, program, render
from leaguegen.site.write import TreeSink

# 2: compact JSON feeds (a cache of indented ones is not reused); 3: entries packed as a
# header and the files' text (``pack``), not a JSON object; 4: a section's entry holds its
# parts of the season's files too, and its key the season's last change
FORMAT_VERSION = "4"
Files = dict[str, bytes]


@dataclass(frozen=True, slots=True)
class Output:
    """One kind of file beside the pages; either function may be None.

    ``per_section`` gives a section's files and its part of the season's files (plain
    JSON data, cached with the section's files); ``per_season`` makes the season's files
    from the season's facts and every section's part, in the season's order, so a build
    after one save makes one section's part again and joins the others'. ``templates``:
    those its files are rendered from, whose content is in its cache keys (a designer's
    edit makes the files again, as the pages' keys hold every template's).
    """

    name: str
    per_section: Callable[[SeasonFacts, Section], tuple[Files, object]] | None = None
    per_season: Callable[[SeasonFacts, Sequence[object]], Files] | None = None
    templates: tuple[str, ...] = ()


def outputs() -> tuple[Output, ...]:
    """Every output, in the order their files are made: a new output is one more entry."""
    # Imported here, not at the top: the outputs' modules import Output from this one.
    from leaguegen.site.feeds import FEEDS, SERIES
    from leaguegen.site.pages.games import PGN_FILES  # each round's PGN (docs/games.md)

    return (FEEDS, PGN_FILES, SERIES)


class TextStore(Protocol):
    """What :func:`render_outputs` needs of a store: text by key (the page store)."""

    def get_page(self, key: str) -> str | None: ...
    def put_page(self, key: str, html: str) -> None: ...


@dataclass
class OutputsReport:
    files: Files = field(default_factory=dict)
    rendered: int = 0  # sections (and the season) whose outputs were computed afresh
    keys: list[str] = field(default_factory=list)  # the store keys this call used
    later: Callable[[], Files] | None = None  # the season's files, when left for later
    written: list[str] = field(default_factory=list)  # files the workers wrote (``sink``)


PACKED = b"leaguegen outputs entry 5\n"  # 5: ``program.pack``'s groups
Entry = tuple[Files, dict]  # a section's files, and its parts of the season's by output


def pack(files: Files, parts: dict | None = None) -> str:
    """The files of one cache entry and the section's parts of the season's files
    (``program.pack``), as the text a store keeps (the files are UTF-8)."""
    return program.pack(PACKED, {"parts": parts or {}}, [files]).decode()


def _unpack(text: str | None) -> Entry | None:
    """:func:`pack` read back; None (computed again) for another format or a damaged entry."""
    try:
        unpacked = program.unpack(PACKED, text.encode()) if text is not None else None
    except UnicodeEncodeError:
        return None
    if unpacked is None or len(unpacked[1]) != 1 or type(unpacked[0].get("parts")) is not dict:
        return None
    return {path: bytes(data) for path, data in unpacked[1][0].items()}, unpacked[0]["parts"]


def section_outputs(facts: SeasonFacts, section: Section) -> Entry:
    """Every output's files of one section, and its parts of the season's files."""
    files: Files = {}
    parts: dict = {}
    for output in outputs():
        if output.per_section is not None:
            mine, part = output.per_section(facts, section)
            files.update(mine)
            parts[output.name] = part
    return files, parts


def memo_tag(facts: SeasonFacts) -> tuple:
    """What every section's outputs depend on, besides the section: the program, the
    outputs (each with its templates' digests), and what of the season every section's
    files show: a few of its fields, and its last dated change (every calendar's DTSTAMP:
    a later result in one section changes every section's calendars)."""
    season = facts.season
    folder = render.template_dir()
    names = tuple((o.name, *(hashlib.sha256((folder / t).read_bytes()).hexdigest()
                             for t in o.templates)) for o in outputs())
    fields = ("name", "organiser", "venue", "time_control", "languages", "description")
    frame = (*((f, getattr(season, f)) for f in fields), ("last change", facts.last_change))
    return program.identity(), names, frame


def _made(facts: SeasonFacts, store: TextStore, sink: TreeSink | None,
          item: tuple[Section, str]) -> tuple[Files | list[str], dict]:
    """A section's outputs (in a worker when the build has them): without ``sink``, its
    files and parts (stored by the caller, whose store may be in memory); with it, the
    worker stores them and ``sink`` writes the files: only their paths go back."""
    section, key = item
    files, parts = section_outputs(facts, section)
    if sink is None:
        return files, parts
    store.put_page(key, pack(files, parts))
    return sink.write(files), parts


def render_outputs(facts: SeasonFacts, store: TextStore, digests: dict[str, str] | None = None,
                   memo: dict | None = None, later: bool = False,
                   sink: TreeSink | None = None) -> OutputsReport:
    """Every output's files, reusing what the store has for unchanged inputs.

    ``digests``: each section's ``program.content_key`` by id (the pipeline's, shared with
    the pages' keys; taken here without it). ``memo`` (kept between calls by a
    long-running process: ``pipeline.Memo``) holds each section's key and entry by the
    section's id, so an entry is not read from the store again while its key is the
    same; ``report.keys`` lists the store keys used. ``later``: the files the store
    lacks (a changed section's, the season's) are not made here but left to
    ``report.later`` (``serve`` makes them after the reload: no page needs them).
    ``sink`` (``build``, with a disk store, not ``later``): the sections' files made here
    are stored and written by their workers, listed in ``report.written`` (a big season's
    calendars do not travel back through a pipe).
    """
    season = facts.season
    report = OutputsReport()
    known = memo if memo is not None else {}
    if digests is None:
        digests = {section.id: program.content_key(section) for section in season.sections}
    tag = program.content_key(memo_tag(facts))
    keyed: list[tuple[Section, str, Entry | None]] = []
    for section in season.sections:
        key = program.content_key("outputs", FORMAT_VERSION, tag, digests[section.id])
        seen = known.get(section.id)
        entry = seen[1] if seen is not None and seen[0] == key else _unpack(store.get_page(key))
        keyed.append((section, key, entry))
        if entry is not None:
            report.files.update(entry[0])
    keys = [key for _, key, _ in keyed]
    season_key = program.content_key("outputs-season", FORMAT_VERSION, tag, season.news,
                                     season.series, keys)
    report.keys = [*keys, season_key]
    if memo is not None:
        memo.clear()
        memo.update((s.id, (key, entry)) for s, key, entry in keyed if entry is not None)
    season_files = _unpack(store.get_page(season_key))
    missing = [(section, key) for section, key, entry in keyed if entry is None]
    report.rendered = len(missing) + (season_files is None)
    if season_files is not None and not missing:
        report.files.update(season_files[0])
        return report

    def make() -> Files:
        """The missing sections' files (on every core when the build allows it:
        ``parallel``), then the season's."""
        made: Files = {}
        entries = {section.id: entry for section, _, entry in keyed}
        computed = parallel.map_in_order(partial(_made, facts, store, sink), missing)
        try:
            for (section, key), (files, parts) in zip(missing, computed, strict=True):
                if sink is not None:  # written by the worker: ``files`` are their paths
                    report.written.extend(files)
                    files = {}
                else:
                    store.put_page(key, pack(files, parts))
                    if memo is not None:
                        memo[section.id] = (key, (files, parts))
                entries[section.id] = (files, parts)
                made.update(files)
        finally:
            computed.close()  # type: ignore[attr-defined]  (map_in_order's generator)
        if season_files is not None:
            made.update(season_files[0])
            return made
        own: Files = {}
        for output in outputs():
            if output.per_season is not None:
                own.update(output.per_season(facts, [entries[s.id][1].get(output.name)
                                                     for s in season.sections]))
        store.put_page(season_key, pack(own))
        made.update(own)
        return made

    if later:
        report.later = make
    else:
        report.files.update(make())
    return report
