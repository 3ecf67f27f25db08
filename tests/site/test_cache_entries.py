"""The build cache's entries (``incremental.section_entry``, ``outputs.pack``): read back as
they were written, and anything else (truncated, lengthened, foreign, an older format) is a
miss, never a wrong page."""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
import shutil
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from leaguegen.domain.season_facts import season_facts
from leaguegen.domain.sections import derive_facts
from leaguegen.formats.season_yaml import load_season
from leaguegen.site import outputs, render
from leaguegen.site.build import build_site
from leaguegen.site.incremental import (
    SECTION_MAGIC,
    SECTION_SUFFIX,
    DiskStore,
    MemoryStore,
    read_section_entry,
    render_section,
    section_entry,
)
from leaguegen.site.output_guard import MARKER
from leaguegen.site.pages.common import SectionSummary
from leaguegen.site.pages.registry import SectionOutput

SUMMARY = SectionSummary("a", "Open A", "Round robin", "a/index.html", 10, 3, 9, "Ann", None,
                         False, trf=True, changes=2, in_progress=4)


def _outputs_of(demo: str) -> list[SectionOutput]:
    season = load_season(Path("seasons") / demo)
    return [render_section(season, derive_facts(section)) for section in season.sections]


@pytest.mark.parametrize("demo", ["grand-prix-2027", "amman-2026-ar", "chunhui-2026-zh"])
def test_every_demo_section_reads_back_as_it_was_written(demo: str) -> None:
    for output in _outputs_of(demo):
        entry = section_entry(output)
        assert read_section_entry(entry) == output
        # the pages' bytes as the writer encoded them make the same entry
        assert section_entry(output, [p.encode() for p in output.pages.values()]) == entry


texts = st.text(st.characters(blacklist_categories=("Cs",)), max_size=40)


@settings(max_examples=200, deadline=None)
@given(pages=st.dictionaries(texts, texts, max_size=6), pdf_path=texts, pdf_html=texts,
       leader=st.none() | texts, day=st.none() | st.dates())
def test_any_entry_reads_back_and_every_cut_of_it_is_a_miss(pages: dict[str, str],
                                                            pdf_path: str, pdf_html: str,
                                                            leader: str | None,
                                                            day: dt.date | None) -> None:
    output = SectionOutput(pages, pdf_path, pdf_html,
                           dataclasses.replace(SUMMARY, leader=leader, next_date=day))
    entry = section_entry(output)
    assert read_section_entry(entry) == output
    for cut in range(len(entry)):
        assert read_section_entry(entry[:cut]) is None
    assert read_section_entry(entry + b"x") is None
    assert read_section_entry(b"x" + entry) is None


def test_foreign_and_older_entries_are_misses() -> None:
    output = _outputs_of("riverside-2026")[0]
    entry = section_entry(output)
    head_end = entry.index(b"\n", len(SECTION_MAGIC))
    head = json.loads(entry[len(SECTION_MAGIC):head_end])
    pages, more, source = head["groups"]
    first = pages[0]

    def with_head(changed: dict) -> bytes:
        return SECTION_MAGIC + json.dumps(changed).encode() + entry[head_end:]

    def with_groups(*groups: list) -> bytes:
        return with_head({**head, "groups": list(groups)})

    bad = [
        json.dumps({"pages": output.pages, "pdf_path": output.pdf_path,  # the JSON of before
                    "pdf_html": output.pdf_html, "summary": {}}).encode(),
        b"", b"\x00" * 100, SECTION_MAGIC, SECTION_MAGIC + b"{}\n",
        entry.replace(b"entry 4", b"entry 5", 1),
        entry.replace(b"entry 4", b"entry 3", 1),  # before the entries had groups
        with_groups([[first[0], first[1] + 1], *pages[1:]], more, source),  # longer
        with_groups([[first[0], first[1] - 1], *pages[1:]], more, source),  # shorter
        with_groups([first, first, *pages[1:]], more, source),  # a page twice
        with_groups(pages, more, [["", -1]]), with_groups(pages, more),
        with_head({**head, "groups": {}}),
        with_head({k: v for k, v in head.items() if k != "summary"}),
    ]
    for raw in bad:
        assert read_section_entry(raw) is None
    # a page's bytes that are not UTF-8 (the same length)
    at = head_end + 1
    assert read_section_entry(entry[:at] + b"\xff" + entry[at + 1:]) is None


@settings(max_examples=200, deadline=None)
@given(files=st.dictionaries(texts, texts, max_size=6),
       parts=st.dictionaries(texts, st.lists(texts, max_size=3), max_size=3))
def test_packed_outputs_read_back_and_a_cut_is_a_miss(files: dict[str, str],
                                                      parts: dict[str, list[str]]) -> None:
    """A section's outputs entry: its files and its parts of the season's files."""
    raw = {path: text.encode() for path, text in files.items()}
    packed = outputs.pack(raw, parts)
    assert outputs._unpack(packed) == (raw, parts)
    for cut in range(len(packed)):
        assert outputs._unpack(packed[:cut]) is None
    assert outputs._unpack(packed + "x") is None
    assert outputs._unpack(json.dumps(files)) is None  # the JSON of before


def _tree(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and p.name != MARKER}


def test_a_cut_entry_on_disk_is_rendered_again(tmp_path: Path) -> None:
    folder = Path("seasons") / "grand-prix-2027"
    out, cache = tmp_path / "site", tmp_path / "cache"
    build_site(folder, out, pdf=False, cache_dir=cache)
    first = _tree(out)
    entries = sorted(cache.glob(f"*{SECTION_SUFFIX}"))
    assert entries and not list(cache.glob("?" * 64 + ".json"))  # no entry of before
    store = DiskStore(cache)
    assert all(store.get_section(e.name.removesuffix(SECTION_SUFFIX)) for e in entries)
    for entry in entries:  # each cut in its last page: the lengths still parse
        entry.write_bytes(entry.read_bytes()[:-10])
    assert all(store.get_section(e.name.removesuffix(SECTION_SUFFIX)) is None for e in entries)
    report = build_site(folder, out, pdf=False, cache_dir=cache)
    assert report.sections_reused == 0 and report.sections_rendered == len(entries)
    assert _tree(out) == first
    again = build_site(folder, out, pdf=False, cache_dir=cache)
    assert again.sections_rendered == 0 and _tree(out) == first


def test_an_edit_to_the_feeds_template_makes_the_feed_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The Atom feed's round summaries come from partials/feeds.html: its digest is in the
    outputs' keys, so a designer's edit is in the next build's feed, not a cached one."""
    facts = season_facts(load_season(Path("seasons") / "riverside-2026"))
    store = MemoryStore()
    before = outputs.render_outputs(facts, store).files["feed.atom"]
    copy = tmp_path / "site_template"
    shutil.copytree(render.template_dir(), copy)
    feeds = copy / "partials" / "feeds.html"
    feeds.write_text(feeds.read_text(encoding="utf-8").replace("entered", "recorded"),
                     encoding="utf-8")
    monkeypatch.setattr(render, "template_dir", lambda: copy)
    render.environment.cache_clear()
    try:
        after = outputs.render_outputs(facts, store).files["feed.atom"]
    finally:
        monkeypatch.undo()
        render.environment.cache_clear()
    assert b"results entered for round" in before and b"recorded" not in before
    assert after == before.replace(b"entered", b"recorded")
