"""A save in ``serve`` makes a team division's standings-after pages (#29) from the saved
result's round on, not all of them (``render.kept_page`` keyed by the division cut after
each page's round), and every file is still a fresh build's."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from leaguegen.site.live import LiveSite
from tests.conftest import ROOT
from tests.site.test_incremental_rebuild import RenderSpy
from tests.site.test_serve import fresh_build

PLAYED = 5  # Division 1: rounds 1-5 played, the pages after rounds 1-4
# a board of Division 1's round 1, 2 and 5 (the last played), as written and as edited
EDITS = {
    1: ("Alice Ashworth - Erik Everett: ½-½", "Alice Ashworth - Erik Everett: 1-0"),
    2: ("Erik Everett - Sami Sutton: 0-1", "Erik Everett - Sami Sutton: ½-½"),
    5: ("Erik Everett - Yusuf Yates: ½-½", "Erik Everett - Yusuf Yates: 0-1"),
}


@pytest.mark.parametrize(("round_no", "made"), [(5, 0), (2, 3), (1, 4)])
def test_a_save_makes_the_pages_from_its_round_on(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                  round_no: int, made: int) -> None:
    folder = tmp_path / "season"
    shutil.copytree(ROOT / "seasons" / "club-league-2026", folder)
    live = LiveSite(folder, pdf=False)
    first, _ = live.build()
    assert first is not None and f"division-1/standings-{PLAYED - 1}.html" in first
    first.make_pending()  # serve's background job, after the reload
    spy = RenderSpy(monkeypatch)
    season = folder / "season.yaml"
    old, new = EDITS[round_no]
    text = season.read_text(encoding="utf-8")
    assert text.count(old) == 1
    season.write_text(text.replace(old, new), encoding="utf-8")
    served, errors = live.build()
    assert not errors and served is not None
    assert spy.names.count("team_league/standings_after.html") == 0  # after the reload
    served.make_pending()
    assert spy.names.count("team_league/standings_after.html") == made
    assert "team_league/section.html" in spy.names  # the division was rendered
    expected, _ = fresh_build(folder)
    assert expected is not None
    changed = {p for p in expected if p.startswith("division-1/standings-")
               and first.files.get(p) != expected[p]}
    assert changed == {f"division-1/standings-{k}.html" for k in range(round_no, PLAYED)}
    assert {**served.files, **served.make_later()} == expected
