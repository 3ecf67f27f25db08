"""The season's facts are derived once per build and passed down (issue 27, item 3): a
round robin's schedule is worked out once per section, ``serve`` derives the facts of
the sections a save touched only (the others are the last build's, found by content),
the TRF export ranks by the facts it is given, and the feeds name a free round as the
kind declares."""

from __future__ import annotations

import dataclasses
import json

import pytest

from leaguegen.domain import season_facts as season_facts_module
from leaguegen.domain.schedule import berger
from leaguegen.domain.season_facts import season_facts
from leaguegen.domain.sections import derive_facts
from leaguegen.formats import season_trf
from leaguegen.formats.season_yaml import load_season
from leaguegen.site import pipeline
from leaguegen.site.feeds.json_feed import section_feed
from leaguegen.site.incremental import MemoryStore
from tests.conftest import ROOT

RIVERSIDE = ROOT / "seasons" / "riverside-2026"


def _counted(monkeypatch: pytest.MonkeyPatch, module: object, name: str) -> list[object]:
    calls: list[object] = []
    original = getattr(module, name)

    def counting(*args, **kwargs):  # noqa: ANN002,ANN003,ANN202
        calls.append(args[0] if args else None)
        return original(*args, **kwargs)

    monkeypatch.setattr(module, name, counting)
    return calls


def test_a_round_robins_schedule_is_worked_out_once_per_section_in_a_build(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """It was worked out 38 times in a build of this season (29 of them by the A-Z pages'
    boards, once per round and section), beside the loader's own 3."""
    season = load_season(RIVERSIDE)
    calls = _counted(monkeypatch, berger, "schedule")
    built = pipeline.build(season, MemoryStore(), pdf=False)
    round_robins = [s for s in season.sections if s.format.endswith("round_robin")]
    assert len(round_robins) == 3 and len(calls) == 3
    assert all(f"{s.id}/alphabetical.html" in built.files for s in round_robins)


def _without_last_result(section):  # noqa: ANN001,ANN202
    games = list(section.games)
    last = max(i for i, g in enumerate(games) if g.result is not None)
    games[last] = dataclasses.replace(games[last], result=None)
    return dataclasses.replace(section, games=tuple(games))


def test_serve_derives_the_facts_of_the_saved_section_only(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Between saves the facts of an unchanged section are the last build's (``Memo``,
    by section id, checked by content: no cache keyed by identity); a save derives the
    saved section's again, and the files are a fresh build's."""
    season = load_season(RIVERSIDE)
    memo = pipeline.Memo()
    store = MemoryStore()
    derived = _counted(monkeypatch, season_facts_module, "derive_facts")
    pipeline.build(season, store, pdf=False, memo=memo)
    assert [s.id for s in derived] == [s.id for s in season.sections]
    first = dict(memo.facts)
    saved = _without_last_result(season.section("major"))
    after = dataclasses.replace(season, sections=tuple(
        saved if s.id == "major" else s for s in season.sections))
    derived.clear()
    again = pipeline.build(after, store, pdf=False, memo=memo, dirty={"major"})
    assert [s.id for s in derived] == ["major"]
    assert all(memo.facts[sid] is first[sid] for sid in ("premier", "rapid"))
    assert memo.facts["major"].section == saved
    fresh = pipeline.build(after, MemoryStore(), pdf=False)
    assert again.files == fresh.files
    # an equal section loaded again (another object) keeps its facts: keyed by content
    reloaded = load_season(RIVERSIDE)
    derived.clear()
    pipeline.build(dataclasses.replace(reloaded, sections=tuple(
        saved if s.id == "major" else s for s in reloaded.sections)), store, pdf=False,
        memo=memo)
    assert derived == []


@pytest.mark.parametrize(("demo", "section_id"), [("riverside-2026", "major"),
                                                   ("thursday-swiss-2026", "open")])
def test_the_trf_is_made_from_the_facts_it_is_given(monkeypatch: pytest.MonkeyPatch,
                                                    demo: str, section_id: str) -> None:
    """A build's TRF comes from the build's facts, not from facts the export derives
    again; the command's (derived for the one section) is the same file. Where the
    pages' standings are the file's (every result counted, after the table's last
    round: not so in the Swiss, whose pages rank after round 4 while round 5 is being
    played), the file's ranks are the pages'."""
    season = load_season(ROOT / "seasons" / demo)
    facts = season_facts(season).of(season.section(section_id))
    exported = season_trf.dumps(season, section_id)
    monkeypatch.setattr(season_trf, "derive_facts", None)  # a call would fail
    assert season_trf.dumps(season, section_id, facts) == exported
    pages = {row.number: row.rank for row in facts.standings.rows}
    assert (standings_ranks(exported) == pages) == (demo == "riverside-2026")


def standings_ranks(text: str) -> dict[int, int]:
    """Each player's rank in a TRF's 001 records (columns 86-89), by start number."""
    return {int(line[4:8]): int(line[85:89]) for line in text.splitlines()
            if line.startswith("001 ")}


def test_the_feed_names_a_free_round_as_the_kind_declares() -> None:
    """The text of a free round in ``section.json`` is the kind's ``free_round`` (a round
    robin's: "free round"), not a test of the kind's name; a kind that declares none gives
    each bye's own kind."""
    season = load_season(RIVERSIDE)
    facts = season_facts(season)
    major = season.section("major")
    mine = facts.of(major)

    def byes(section_facts) -> set[str]:  # noqa: ANN001
        told = dataclasses.replace(facts, sections={**facts.sections, "major": section_facts})
        feed = json.loads(json.dumps(section_feed(told, major)))
        return {b["kind"] for r in feed["rounds"] for b in r["byes"]}

    assert byes(mine) == {"free round"}
    renamed = dataclasses.replace(mine.kind, free_round="sits out this round")
    assert byes(dataclasses.replace(mine, kind=renamed)) == {"sits out this round"}
    assert byes(dataclasses.replace(mine, kind=dataclasses.replace(mine.kind, free_round=""))) \
        == {"not paired"}  # its own code: the table left the player out
    assert mine == derive_facts(major)
