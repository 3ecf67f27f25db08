"""The season's facts, derived once and passed down (issue 27, item 3): what they hold, the
feeds made from them alone, and no cache keyed by an object's identity in the pipeline."""

from __future__ import annotations

import ast
import dataclasses
import datetime as dt
from pathlib import Path

import pytest

from leaguegen.domain import roundrobin
from leaguegen.domain.season import NewsItem
from leaguegen.domain.season_facts import NO_CHANGE, last_change, season_facts
from leaguegen.domain.sections import derive_facts
from leaguegen.formats.season_yaml import load_season
from leaguegen.site import outputs
from leaguegen.site.incremental import MemoryStore
from tests.conftest import ROOT

SEASONS = sorted(p for p in (ROOT / "seasons").iterdir() if (p / "season.yaml").exists())
PACKAGE = ROOT / "leaguegen"


@pytest.mark.parametrize("folder", SEASONS, ids=lambda p: p.name)
def test_the_facts_hold_every_sections_facts_and_round_robin_schedule(folder: Path) -> None:
    season = load_season(folder)
    facts = season_facts(season)
    assert list(facts.sections) == [s.id for s in season.sections]
    for section in season.sections:
        mine = facts.of(section)
        # the rating changes of a rated section are added to its kind's facts with the
        # season's time control (``season_facts.rated``); the rest is the kind's alone
        assert mine.section == section
        assert dataclasses.replace(mine, rating=None) == derive_facts(section)
        assert (mine.rating is not None) == bool(section.rated)
        if mine.kind.name == "round_robin" and mine.table is not None:
            assert facts.schedule(section) == roundrobin.section_schedule(section)
        else:
            assert section.id not in facts.schedules
    played = [r.date for s in season.sections for r in s.rounds
              if r.date and any(g.round == r.number and g.result for g in s.games)]
    news = [n.date for n in season.news if n.date]
    assert facts.last_change == max(played + news, default=NO_CHANGE)


def test_the_last_change_of_a_season_with_nothing_dated_is_the_fixed_default() -> None:
    season = load_season(ROOT / "seasons" / "riverside-2026")
    bare = dataclasses.replace(season, news=(), sections=tuple(
        dataclasses.replace(s, games=()) for s in season.sections))
    assert last_change(bare) == NO_CHANGE


def test_a_later_news_item_restamps_the_calendars_kept_in_the_cache() -> None:
    """Every calendar's DTSTAMP is the season's last change: a news item (or a result in
    another section) dated later changes every section's calendars, so a section's
    cached outputs must not be reused across it (they were: the key had the section and
    a few season fields only, and the cached build kept the old stamps)."""
    season = load_season(ROOT / "seasons" / "riverside-2026")
    store = MemoryStore()
    outputs.render_outputs(season_facts(season), store)
    later = season_facts(season).last_change + dt.timedelta(days=30)
    news = NewsItem("later", "Later", later, "Body")
    after = dataclasses.replace(season, news=(*season.news, news))
    cached = outputs.render_outputs(season_facts(after), store).files
    fresh = outputs.render_outputs(season_facts(after), MemoryStore()).files
    ics = [path for path in fresh if path.endswith(".ics")]
    assert ics and all(f"DTSTAMP:{later:%Y%m%d}".encode() in fresh[p] for p in ics)
    assert cached == fresh


def test_the_season_files_are_the_same_from_cached_parts() -> None:
    """The season's feeds are made from each section's part, kept with its files: a build
    that reuses every section's entry and makes the season's again gives the same bytes."""
    season = load_season(ROOT / "seasons" / "grand-prix-2027")
    store = MemoryStore()
    first = outputs.render_outputs(season_facts(season), store)
    season_key = first.keys[-1]
    del store.entries[season_key]  # the season's files only: made again from the parts
    again = outputs.render_outputs(season_facts(season), store)
    assert again.rendered == 1 and again.files == first.files


# The modules of the pipeline, its outputs and the pages: none keeps anything keyed by
# ``id()`` (an object's id is reused once it is gone; a page's links are made once per
# section and passed down instead).
PIPELINE = ["site/pipeline.py", "site/incremental.py", "site/outputs.py", "site/urls.py",
            "site/parallel.py", "site/write.py", "site/stamp.py", "site/live.py", "serve.py",
            "domain/season_facts.py", "formats/rounds.py",
            *(f"site/{folder}/{p.name}" for folder in ("feeds", "pages")
              for p in sorted((PACKAGE / "site" / folder).glob("*.py")))]


@pytest.mark.parametrize("module", PIPELINE)
def test_no_cache_keyed_by_identity_in_the_pipeline(module: str) -> None:
    tree = ast.parse((PACKAGE / module).read_text(encoding="utf-8"))
    calls = [node.lineno for node in ast.walk(tree)
             if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
             and node.func.id == "id"]
    assert not calls, f"{module}: id() at lines {calls}"
