"""The A-Z pairing pages of a Double-Swiss section: one page per match (not per game
round), each player's match on one line with both games' colours."""

from __future__ import annotations

from pathlib import Path

from leaguegen.domain.sections import derive_facts
from leaguegen.formats.season_yaml import load_season
from leaguegen.site.pages.alphabetical import (
    alphabetical_pages,
    current_round,
    listed_rounds,
    round_lines,
    shared_of,
)

SEASON = """\
name: Winter Double-Swiss
sections:
  - id: ds
    name: Winter Double-Swiss
    format: double_swiss
    number_of_rounds: 3
    players: [Ann Able, Bo Bell, Cy Cole, Di Dunn, Ed Eng]
    byes_requested:
      - {player: Di Dunn, round: 2, bye: half}
    rounds:
      - date: 2026-02-05
        results:
          - Ann Able - Di Dunn: 1-0 ½-½
          - Ed Eng - Bo Bell: 0-1 0-1
          - Cy Cole: bye
      - date: 2026-02-12
        results:
          - Bo Bell - Ann Able: ½-½
          - Cy Cole - Ed Eng: 1-0 1-0
"""


def facts_of(tmp_path: Path):  # noqa: ANN201 - DoubleSwissFacts
    (tmp_path / "season.yaml").write_text(SEASON, encoding="utf-8")
    season = load_season(tmp_path)
    return season, derive_facts(season.section("ds"))


def test_one_page_per_match_and_the_current_one_waits_for_a_result(tmp_path: Path) -> None:
    season, facts = facts_of(tmp_path)
    assert listed_rounds(facts) == (1, 2)  # matches, not the game rounds 1 to 4
    assert current_round(facts) == 2  # Bo - Ann's game 2 has no result yet
    assert sorted(alphabetical_pages(season, facts)) == [
        "ds/alphabetical-1.html", "ds/alphabetical-2.html", "ds/alphabetical.html"]


def test_a_match_is_one_line_with_both_colours(tmp_path: Path) -> None:
    season, facts = facts_of(tmp_path)
    shared = shared_of(facts, "../", "en")
    lines = {n: rest for n, *rest in round_lines(facts, 2, shared.order)}
    assert lines[1] == [1, "bw", 2, ""]  # Ann: board 1, Black then White, against Bo
    assert lines[2] == [1, "wb", 1, ""]
    assert lines[5] == [2, "bw", 3, ""]
    assert lines[4] == [None, "", None, "half-point bye"]  # Di asked for it
    assert {n: rest for n, *rest in round_lines(facts, 1, shared.order)}[3] == \
        [None, "", None, "pairing-allocated bye"]
    page = alphabetical_pages(season, facts)["ds/alphabetical-2.html"]
    assert '<td><span class="g b">Black</span> <span class="g w">White</span></td>' in page
    assert '<time datetime="2026-02-12">' in page
