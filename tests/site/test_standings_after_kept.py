"""A save in ``serve`` makes the standings-after pages (#29) whose inputs it changed, not
all of a section's: a result of round N makes the pages after round N and later again
(``render.kept_page``), and none of its A-Z lists; every file is still a fresh build's."""

from __future__ import annotations

from pathlib import Path

import pytest

from leaguegen.domain.schedule import berger
from leaguegen.site.live import LiveSite
from tests.site.test_incremental_rebuild import RenderSpy
from tests.site.test_serve import fresh_build

PLAYERS = ["Ann Able", "Bob Baker", "Cat Cole", "Dan Dale", "Eve East", "Fay Ford",
           "Gus Gray", "Hal Hill"]
PLAYED = 6  # of 7 rounds: the pages after rounds 1-5


def _season() -> tuple[str, list[str]]:
    """The season's text and, by round, the first result line of that round."""
    lines = ["name: Kept League", "sections:", "  - id: a", "    name: Group A",
             "    format: round_robin", f"    players: [{', '.join(PLAYERS)}]", "    rounds:"]
    firsts = []
    for r, boards in enumerate(berger.single_round_robin(len(PLAYERS)), start=1):
        if r > PLAYED:
            lines.append("      - date: 2026-05-01")
            continue
        lines.append("      - results:")
        for i, board in enumerate(boards):
            line = f"{PLAYERS[board.white - 1]} - {PLAYERS[board.black - 1]}: "
            lines.append(f"          - {line}{('1-0', '0-1', '½-½')[(r + i) % 3]}")
            if i == 0:
                firsts.append(lines[-1])
    return "\n".join(lines) + "\n", firsts


def _flip(text: str, line: str) -> str:
    new = line.replace(": 1-0", ": 0-1") if ": 1-0" in line else line[:line.rindex(": ")] + ": 1-0"
    return text.replace(line, new)


@pytest.mark.parametrize(("round_no", "made"), [(PLAYED, 0), (4, 2), (1, 5)])
def test_a_save_makes_the_standings_after_pages_from_its_round_on(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, round_no: int, made: int) -> None:
    """Round 6's result (the live round, on the section's page only) makes none of the five
    pages again, round 4's makes the pages after rounds 4 and 5, round 1's all five."""
    text, firsts = _season()
    (tmp_path / "season.yaml").write_text(text, encoding="utf-8")
    live = LiveSite(tmp_path, pdf=False)
    first, _ = live.build()
    assert first is not None and "a/standings-5.html" in first
    first.make_pending()  # serve's background job, after the reload
    spy = RenderSpy(monkeypatch)
    (tmp_path / "season.yaml").write_text(_flip(text, firsts[round_no - 1]), encoding="utf-8")
    served, errors = live.build()
    assert not errors and served is not None
    # none before the reload: they are made after it (``registry.PAGES_LATER``)
    assert spy.names.count("lists/standings_after.html") == 0
    served.make_pending()
    assert spy.names.count("lists/standings_after.html") == made
    # the A-Z lists show each round's pairings, which a result leaves as they were
    assert spy.names.count("lists/alphabetical.html") == 0
    assert "section.html" in " ".join(spy.names)  # the section was rendered
    expected, _ = fresh_build(tmp_path)
    assert expected is not None
    changed = {p for p in expected if p.startswith("a/standings-")
               and first.files.get(p) != expected[p]}
    assert changed == {f"a/standings-{k}.html" for k in range(round_no, PLAYED)}
    later = served.make_later()
    assert {**served.files, **later} == expected
