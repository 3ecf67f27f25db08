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
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Protocol

from leaguegen.domain.season import Season, Section
from leaguegen.domain.sections import facts_of
from leaguegen.site import parallel

# 2: compact JSON feeds (a cache of indented ones is not reused); 3: entries packed as a
# header and the files' text (``pack``), not a JSON object
FORMAT_VERSION = "3"
Files = dict[str, bytes]


@dataclass(frozen=True, slots=True)
class Output:
    """One kind of file beside the pages; either function may be None."""

    name: str
    per_section: Callable[[Season, Section], Files] | None = None
    per_season: Callable[[Season], Files] | None = None
    # what ``per_season`` needs of one section, made in another process, and how this
    # process takes it in: no build runs an output in another process any more (the
    # cold build's per-section children are gone), so nothing calls these two
    section_parts: Callable[[Season, Section], object] | None = None
    take_parts: Callable[[Season, Section, object], None] | None = None


def outputs() -> tuple[Output, ...]:
    """Every output, in the order their files are made: a new output is one more entry."""
    # Imported here, not at the top: the outputs' modules import Output from this one.
    from leaguegen.site.feeds import FEEDS

    return (FEEDS,)


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


def _hash(*parts: object) -> str:
    return hashlib.sha256("\x1f".join(repr(p) for p in parts).encode()).hexdigest()


PACKED = "leaguegen outputs entry 3\n"


def pack(files: Files) -> str:
    """The files of one cache entry as one text: a line naming each file and its length in
    characters, then the files' text one after another (they were a JSON object, whose
    escaping was most of what storing a section's feeds cost)."""
    texts = [data.decode("utf-8") for data in files.values()]
    head = json.dumps([[path, len(text)] for path, text in zip(files, texts, strict=True)])
    return "".join((PACKED, head, "\n", *texts))


def _unpack(text: str | None) -> Files | None:
    """:func:`pack` read back; None (computed again) for another format or a damaged entry."""
    if text is None or not text.startswith(PACKED):
        return None
    end = text.find("\n", len(PACKED))
    try:
        head = json.loads(text[len(PACKED):end]) if end >= 0 else None
        if type(head) is not list:
            return None
        at = end + 1
        files: Files = {}
        for path, length in head:
            if type(path) is not str or type(length) is not int or length < 0 \
                    or at + length > len(text) or path in files:
                return None
            files[path] = text[at:at + length].encode("utf-8")
            at += length
        return files if at == len(text) else None
    except (ValueError, TypeError, UnicodeEncodeError):
        return None  # a damaged cache entry is computed again


def section_outputs(season: Season, section: Section) -> Files:
    """Every registered output's files of one section."""
    files: Files = {}
    for output in outputs():
        if output.per_section is not None:
            files.update(output.per_section(season, section))
    return files


def _names_and_frame(season: Season) -> tuple[tuple[str, ...], tuple]:
    """The outputs registered, and what of the season every section's files show."""
    names = tuple(o.name for o in outputs())
    frame = tuple((k, v) for k, v in ((f, getattr(season, f)) for f in
                                      ("name", "organiser", "venue", "time_control",
                                       "languages", "description")))
    return names, frame


def memo_tag(season: Season, program: str = "") -> tuple:
    """What :func:`render_outputs`'s ``memo`` checks a kept key against."""
    return (program, *_names_and_frame(season))


def section_key(season: Season, section: Section, program: str = "") -> str:
    """The store key of one section's outputs (its files, packed)."""
    names, frame = _names_and_frame(season)
    return _hash("outputs", FORMAT_VERSION, program, names, frame, section)


def render_outputs(season: Season, store: TextStore, program: str = "",
                   memo: dict | None = None, later: bool = False) -> OutputsReport:
    """Every registered output's files, reusing what the store has for unchanged inputs.

    ``memo`` (kept between calls by a long-running process) remembers each Section
    object's key and files, so a section the loader handed back unchanged is neither
    hashed nor read from the store again; ``report.keys`` lists the store keys used.
    ``later``: the files the store lacks (a changed section's, the season's) are not made
    here but left to ``report.later`` (``serve`` makes them after the reload: no page
    needs them).
    """
    report = OutputsReport()
    known = memo if memo is not None else {}
    fresh: dict = {}
    tag = memo_tag(season, program)
    _, names, frame = tag
    keys = []
    keyed = []  # (section, key, what the store has or None)
    for section in season.sections:
        seen = known.get(id(section))
        if seen is not None and seen[0] is section and seen[1] == tag and seen[3] is not None:
            key, files = seen[2], seen[3]
        else:
            key = section_key(season, section, program)
            files = _unpack(store.get_page(key))
        keys.append(key)
        keyed.append((section, key, files))
        fresh[id(section)] = (section, tag, key, files)
        if files is not None:
            report.files.update(files)
    season_key = _hash("outputs-season", FORMAT_VERSION, program, names, frame, season.news,
                       keys)
    report.keys = [*keys, season_key]
    if memo is not None:
        memo.clear()
        memo.update(fresh)
    season_files = _unpack(store.get_page(season_key))
    missing = [(section, key) for section, key, files in keyed if files is None]
    report.rendered = len(missing) + (season_files is None)
    if season_files is not None and not missing:
        report.files.update(season_files)
        return report

    def make() -> Files:
        """The missing sections' files (on every core when the build allows it:
        ``parallel``), then the season's."""
        made: Files = {}
        # every section's facts, derived here once: the season's own files and the pages
        # read them all, and children forked after this inherit them instead of deriving
        # them again
        for section in season.sections:
            facts_of(section)
        computed = parallel.map_in_order(partial(section_outputs, season),
                                         [section for section, _ in missing])
        try:
            for (section, key), files in zip(missing, computed, strict=True):
                store.put_page(key, pack(files))
                if memo is not None:
                    memo[id(section)] = (section, tag, key, files)
                made.update(files)
        finally:
            computed.close()
        if season_files is not None:
            made.update(season_files)
            return made
        own: Files = {}
        for output in outputs():
            if output.per_season is not None:
                own.update(output.per_season(season))
        store.put_page(season_key, pack(own))
        made.update(own)
        return made

    if later:
        report.later = make
    else:
        report.files.update(make())
    return report
