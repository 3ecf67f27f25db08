"""``serve``: a save that moves the season's last change (every calendar's DTSTAMP, so a
new key for every section's feeds) hashes the saved section only; the others' hashes are
kept (``pipeline.Memo.sections``), and every file is still a fresh build's."""

from __future__ import annotations

from pathlib import Path

import pytest

from leaguegen.domain.season import Section
from leaguegen.site import program
from leaguegen.site.live import LiveSite
from tests.site.test_serve import _apply, fresh_build

SECTION = """id: {id}
name: Group {id}
format: round_robin
players: [Ann {id}, Bob {id}, Cat {id}, Dan {id}]
rounds:
  - date: 2026-01-0{d}
    results:
      - Ann {id} - Dan {id}: 1-0
      - Bob {id} - Cat {id}: ½-½
  - date: 2026-02-0{d}
"""
FILES = {"season.yaml": "name: Keys\nsections:\n  - a.yaml\n  - b.yaml\n",
         "a.yaml": SECTION.format(id="a", d=1), "b.yaml": SECTION.format(id="b", d=2)}


def test_a_save_that_moves_the_last_change_hashes_the_saved_section_only(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _apply(tmp_path, FILES)
    live = LiveSite(tmp_path, pdf=False)
    first, _ = live.build()
    assert first is not None
    before = {**first.files, **first.make_later()}
    hashed: list[str] = []
    original = program.content_key

    def spy(*parts: object) -> str:
        hashed.extend(p.id for p in parts if isinstance(p, Section))
        return original(*parts)

    monkeypatch.setattr(program, "content_key", spy)
    # round 2's first result in b: the season's last change moves from 2 Jan to 2 Feb
    _apply(tmp_path, {"b.yaml": FILES["b.yaml"].replace(
        "  - date: 2026-02-02\n",
        "  - date: 2026-02-02\n    results:\n      - Dan b - Cat b: 0-1\n")})
    served, errors = live.build()
    assert not errors and served is not None
    assert hashed == ["b"]
    files = {**served.files, **served.make_later()}
    expected, _ = fresh_build(tmp_path)
    assert files == expected
    assert files["a/section.ics"] != before["a/section.ics"]  # a's feeds made again
