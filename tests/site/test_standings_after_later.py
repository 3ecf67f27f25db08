"""``serve`` makes the standings after each earlier round after the reload (#29: a save in
the club archive within 100 ms), as it makes the feeds and the club's pages: a save's build
renders none of them, a request for one meanwhile gets the fresh page, and the site after
the background work is a cold build's. A section whose pages were still to make when the
next save reused it from the store still has them (the store's output is made whole, never
served without them). ``leaguegen build`` makes them with the section, as ever.

Work is counted (templates rendered), not timed.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from leaguegen.site.live import LiveSite
from tests.site.test_archive_cache import _club, _flip
from tests.site.test_archive_serve import _cold, _serve
from tests.site.test_incremental_rebuild import RenderSpy
from tests.site.test_serve import MINI, finished, fresh_build
from tests.site.test_standings_after_kept import _flip as _flip_line
from tests.site.test_standings_after_kept import _season

OLDEST = "riverside-2024"


def _standings_after(spy: RenderSpy) -> int:
    """The standings-after pages rendered so far (every kind's template)."""
    return sum(name.endswith("standings_after.html") for name in spy.names)


def test_a_save_in_the_archive_makes_them_after_the_reload_and_a_request_meanwhile_gets_them(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    club = _club(tmp_path)
    live, save = _serve(club)
    before = save().files
    spy = RenderSpy(monkeypatch)
    _flip(club)  # a result of the oldest season
    files, errors = live.build()  # the save's build: what the reload waits for
    assert not errors and files is not None
    assert _standings_after(spy) == 0
    pending = sorted(files.builds[OLDEST].pending)
    assert pending and all("/standings-" in path for path in pending)
    cold = _cold(club, tmp_path, "cold")
    spy.names.clear()  # (the cold build's)
    changed = [f"{OLDEST}/{p}" for p in pending
               if before[f"{OLDEST}/{p}"] != cold[f"{OLDEST}/{p}"]]
    assert changed  # the flip moves the standings after its round
    # a browser asks for one before the background made it: the fresh page, made now
    assert files.get(changed[-1]) == cold[changed[-1]]
    assert _standings_after(spy) == 1
    for job in live.background(files):  # what serve runs after the reload
        files.update(job())
    assert not files.builds[OLDEST].pending
    assert 1 < _standings_after(spy) <= len(pending)  # the rest, those whose inputs changed
    assert files.files == cold


def test_a_section_reused_before_its_pages_were_made_still_has_them(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    text, firsts = _season()
    (tmp_path / "season.yaml").write_text(text + "  - b.yaml\n", encoding="utf-8")
    (tmp_path / "b.yaml").write_text(MINI["b.yaml"], encoding="utf-8")
    live = LiveSite(tmp_path, pdf=False)
    first, _ = live.build()
    assert first is not None and not first.pending  # the first build makes them at once
    (tmp_path / "season.yaml").write_text(_flip_line(text, firsts[0]) + "  - b.yaml\n",
                                          encoding="utf-8")
    saved, _ = live.build()  # a save whose background runs late: the next save comes first
    assert saved is not None and set(saved.pending) == {f"a/standings-{k}.html"
                                                        for k in range(1, 6)}
    late = live.background(saved)
    (tmp_path / "b.yaml").write_text(MINI["b.yaml"].replace(": 1-0", ": 0-1"),
                                     encoding="utf-8")
    second, _ = live.build()
    assert second is not None and "a" in second.sections_reused
    assert set(second.pending) == set(saved.pending)  # carried by the output reused
    spy = RenderSpy(monkeypatch)
    for job in late:  # the older build's jobs: skipped, a newer build is out
        assert job() == {}
    assert _standings_after(spy) == 0
    for job in live.background(second):
        second.update(job())
    assert _standings_after(spy) == 5 and not second.pending
    expected, _ = fresh_build(tmp_path)
    assert second.files == expected
    spy.names.clear()  # (the fresh build's)
    # the store's output is whole now: the next save reusing it has nothing left to make
    (tmp_path / "b.yaml").write_text(MINI["b.yaml"], encoding="utf-8")
    third, _ = live.build()
    assert third is not None and "a" in third.sections_reused and not third.pending
    assert _standings_after(spy) == 0
    assert finished(live, third).files == fresh_build(tmp_path)[0]
