"""The "Round N of M played" line says played only when every game or match of round N is
decided (issue 26): a knockout round with a level match, a quads round some groups have not
played and a Scheveningen round with a board to come are "in progress"."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest

from leaguegen.domain.season import GameResult
from leaguegen.domain.sections.facts import derive_facts
from leaguegen.formats.season_yaml import load_season
from leaguegen.site.build import build_site
from tests.conftest import ROOT


def _meta(page: Path) -> str:
    """The page's meta line (format, players, progress), tags stripped."""
    found = re.search(r'<p class="meta">(.*?)</p>', page.read_text(encoding="utf-8"), re.S)
    assert found, page
    return re.sub(r"<[^>]+>", "", found.group(1))


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("progress") / "site"
    for name in ("grand-prix-2027", "school-quads-2026"):
        build_site(ROOT / "seasons" / name, out / name, pdf=False)
    return out


def test_a_knockout_round_with_a_level_semi_final_is_in_progress(built: Path) -> None:
    # one semi-final stands at ½-½ with its second game to come
    meta = _meta(built / "grand-prix-2027" / "knockout" / "index.html")
    assert "Round 2 of 3 in progress" in meta
    assert "Round 2 of 3 played" not in meta


def test_a_quads_round_some_groups_have_not_played_is_in_progress(built: Path) -> None:
    meta = _meta(built / "school-quads-2026" / "quads" / "index.html")
    assert "Round 3 of 5 in progress" in meta
    home = (built / "school-quads-2026" / "index.html").read_text(encoding="utf-8")
    assert "Round 3 of 5 played" not in home and "Round 3 of 5 in progress" in home


def test_a_knockout_round_is_played_once_every_match_has_a_winner() -> None:
    season = load_season(ROOT / "seasons" / "grand-prix-2027")
    section = season.section("knockout")
    progress = derive_facts(section).progress
    assert (progress.rounds_played, progress.in_progress) == (2, 2)
    # the quarter-finals alone: every match decided, so round 1 is played
    d = section.details
    first = replace(section, details=replace(
        d, results=tuple((key, r) for key, r in d.results if key[0] == 1)))
    assert derive_facts(first).progress.in_progress is None
    assert derive_facts(first).progress.rounds_played == 1


def test_a_scheveningen_round_with_a_board_to_come_is_in_progress(built: Path) -> None:
    season = load_season(ROOT / "seasons" / "scheveningen-2026")
    section = season.sections[0]
    progress = derive_facts(section).progress
    # the demo's round 4 has two boards without a result
    assert any(g.round == 4 and g.result is None for g in section.games)
    assert (progress.rounds_played, progress.in_progress) == (4, 4)
    # without round 4's games, round 3 (all boards played) is the last, and played
    earlier = replace(section, games=tuple(g for g in section.games if g.round < 4))
    done = derive_facts(earlier).progress
    assert (done.rounds_played, done.in_progress) == (3, None)


def test_a_round_robin_round_with_an_earlier_game_postponed_is_in_progress() -> None:
    # the Rapid's round 7 has a postponed game while round 8 has its results
    section = load_season(ROOT / "seasons" / "riverside-2026").section("rapid")
    progress = derive_facts(section).progress
    assert any(g.round == 7 and g.result is None for g in section.games)
    assert (progress.rounds_played, progress.in_progress) == (8, 8)
    # with every game up to round 8 decided (the postponed one drawn) it is played
    done = tuple(replace(g, result=GameResult.DRAW) if g.round <= 8 and g.result is None
                 else g for g in section.games)
    decided = derive_facts(replace(section, games=done)).progress
    assert (decided.rounds_played, decided.in_progress) == (8, None)
