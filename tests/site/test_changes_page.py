"""The Changes page and tab of every section kind with a section tab bar."""

from __future__ import annotations

import datetime as dt

import pytest

from leaguegen.domain import changes as ch
from leaguegen.domain.sections import derive_facts
from leaguegen.formats.season_yaml import load_season
from leaguegen.site.pages.registry import renderer_for
from tests.conftest import ROOT

WHEN = dt.datetime(2026, 11, 2, 18, 30, tzinfo=dt.UTC)


@pytest.mark.parametrize("demo", ["school-quads-2026", "scheveningen-2026", "riverside-2026",
                                  "thursday-swiss-2026", "grand-prix-2027"])
def test_a_section_with_changes_has_the_page_and_the_tab(demo: str) -> None:
    season = load_season(ROOT / "seasons" / demo)
    for section in season.sections:
        name = section.players[0].name if section.players else "Zoe Quinn"  # a pending stage
        logged = ch.dated((ch.Change(ch.LATE_ENTRY, None, (name,), None, name),), WHEN, "abc1234")
        with_log = ch.with_changes(season, {section.id: logged})
        s = with_log.section(section.id)
        kind = "pending_stage" if type(s.stage).__name__ == "PendingStage" else s.format
        pages = renderer_for(kind)(with_log, derive_facts(s)).pages
        listed = kind not in ("knockout", "pending_stage")
        assert (f"{s.id}/changes.html" in pages) == listed, s.id
        if listed:
            html = pages[f"{s.id}/changes.html"]
            assert "Mon 2 November 2026" in html and "late entry" in html and name in html
            assert f'href="../{s.id}/changes.html"' in pages[f"{s.id}/index.html"]
        plain = renderer_for(kind)(season, derive_facts(section)).pages
        assert f"{s.id}/changes.html" not in plain
        assert "changes.html" not in plain[f"{s.id}/index.html"]


def test_last_updated_on_every_page_in_its_language(tmp_path) -> None:  # noqa: ANN001
    import os
    import shutil

    from leaguegen.site import pipeline
    from leaguegen.site.incremental import MemoryStore

    folder = tmp_path / "ladya"
    shutil.copytree(ROOT / "seasons" / "ladya-2026-ru", folder)
    os.utime(folder / "season.yaml", (1_790_000_000, 1_790_000_000))  # 21 Sep 2026
    files = pipeline.build(load_season(folder), MemoryStore(), pdf=False, source=folder).files
    pages = {p: d.decode() for p, d in files.items() if p.endswith(".html")}
    assert not [p for p, html in pages.items() if "leaguegen:updated" in html]
    ru = [p for p in pages if not p.startswith("en/")]
    en = [p for p in pages if p.startswith("en/")]
    assert len(ru) == len(en) > 10
    assert all('Обновлено: <time datetime="2026-09-21">' in pages[p] for p in ru)
    assert all('Last updated: <time datetime="2026-09-21">' in pages[p] for p in en)
    # without the season's folder (a bare pipeline call) the line is left out, no marker stays
    bare = pipeline.build(load_season(folder), MemoryStore(), pdf=False).files
    assert not [p for p, d in bare.items() if b"leaguegen:updated" in d or b'"updated"' in d]
