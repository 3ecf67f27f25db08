"""The team league demo (seasons/club-league-2026): its table is the team engine's, game
points and match points recounted here from the file's boards, and its pages (built,
read without a browser) show the table, the fixtures, the match cards and the squads."""

from __future__ import annotations

import html
import re
from fractions import Fraction
from pathlib import Path

import pytest
import yaml

from leaguegen.domain.sections import derive_facts
from leaguegen.domain.sections.team_league import event, team_league_facts
from leaguegen.domain.teams.tiebreaks import team_standings
from leaguegen.formats.season_yaml import load_season
from leaguegen.site.build import build_site
from tests.conftest import ROOT

DEMO = ROOT / "seasons" / "club-league-2026"
# (rank, team, MP, GP, DE, SB:MP) as `leaguegen standings` printed it when the demo was made
GOLDEN = [(1, "Riverside A", 8, 14.5, 0, 35), (2, "Hillcrest", 8, 14, 0, 30),
          (3, "Castle Knights", 6, 10, 0, 19), (4, "Northgate", 5, 9.5, 0, 12),
          (5, "Old Mill", 2, 5, 0, 2), (6, "Riverside B", 1, 7, 0, 8)]
HALF = {"1-0": (1, 0), "0-1": (0, 1), "½-½": (Fraction(1, 2), Fraction(1, 2)),
        "+-": (1, 0), "-+": (0, 1)}


def recount() -> dict[str, tuple[Fraction, Fraction]]:
    """Match and game points straight from the file: 2/1/0 per match, 1/½/0 per board,
    every board to the winner of a whole-match default."""
    doc = yaml.safe_load((DEMO / "season.yaml").read_text(encoding="utf-8"))
    section = doc["sections"][0]
    out = {t["name"]: (Fraction(0), Fraction(0)) for t in section["teams"]}
    for rnd in section["rounds"]:
        for match in rnd.get("matches", []):
            (key, value), = match.items()
            home, away = key.split(" - ")
            if isinstance(value, str):
                hg, ag = (4, 0) if value == "+-" else (0, 4)
            else:
                hg = ag = Fraction(0)
                for board in value:
                    (_, res), = board.items()
                    h, a = HALF[res]
                    hg, ag = hg + h, ag + a
            hm, am = (2, 0) if hg > ag else (0, 2) if ag > hg else (1, 1)
            for team, mp, gp in ((home, hm, hg), (away, am, ag)):
                out[team] = (out[team][0] + mp, out[team][1] + gp)
    return out


def test_the_demo_table_is_the_team_engines_and_the_golden_one() -> None:
    section = load_season(DEMO).section("division-1")
    facts = team_league_facts(derive_facts(section))
    got = [(r.rank, r.name, r.values[0], r.values[1], r.values[2], r.values[3])
           for r in facts.rows]
    assert got == [(rank, name, Fraction(mp), Fraction(gp), Fraction(de), Fraction(sb))
                   for rank, name, mp, gp, de, sb in GOLDEN]
    engine = team_standings(event(section), ("MPTS", "GPTS", "DE", "SB:MP"), "round-robin",
                            section.tiebreak_rules)
    assert [(r.team, r.rank, r.values) for r in engine] == [
        (r.team, r.rank, r.values) for r in facts.rows]
    counted = recount()
    assert {r.name: (r.match_points, r.game_points) for r in facts.rows} == counted
    assert facts.progress.rounds_played == 5 and facts.progress.rounds_total == 10
    assert [r.zone for r in facts.rows] == ["promotion", "", "", "", "", "relegation"]


def text(path: Path) -> str:
    body = path.read_text(encoding="utf-8").split("<main", 1)[-1]
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", body)))


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("club-league") / "site"
    build_site(DEMO, out)
    return out / "division-1"


def test_the_division_page_shows_the_table_in_order_with_its_places(site: Path) -> None:
    page = text(site / "index.html")
    order = [page.index(name) for _, name, *_ in GOLDEN]
    assert order == sorted(order)
    assert "1 Riverside A ↑ promotion 5 3 2 0 8 14½ 0 35" in page
    assert "6 Riverside B ↓ relegation 5 0 1 4 1 7 0 8" in page
    assert (site / "division-1-crosstable.pdf").read_bytes().startswith(b"%PDF")


def test_the_fixtures_the_match_cards_and_the_team_pages(site: Path) -> None:
    rounds = text(site / "rounds.html")
    assert rounds.count("Round ") >= 10 and "Old Mill –+ Riverside A" in rounds
    card = text(site / "match-1-1-6.html")  # round 1: Riverside A at home to Riverside B
    assert "Riverside A" in card and "Riverside B" in card
    assert "4 David Dempsey ½–½ Jade Jensen" in card  # Riverside B's reserve on board 4
    raw = (site / "match-1-1-6.html").read_text(encoding="utf-8")
    home_colours = re.findall(r'<td class="num">(\d)</td>\s*<td><span class="pc (\w)"', raw)
    assert home_colours == [("1", "w"), ("2", "b"), ("3", "w"), ("4", "b")]  # odd boards
    default = text(site / "match-5-1-4.html")
    assert "David Dempsey +– (no player)" in default
    team = text(site / "team-6.html")
    assert "Jade Jensen (reserve)" in team and "Riverside B" in team
    assert not (site / "match-4-5-1.html").read_text(encoding="utf-8").count("<tbody>")


@pytest.mark.parametrize(("language", "word"), [("ru", "Командная лига"), ("zh", "团体联赛"),
                                                ("ar", "دوري الفرق")])
def test_the_demo_builds_in_every_language(tmp_path: Path, language: str, word: str) -> None:
    text_ = (DEMO / "season.yaml").read_text(encoding="utf-8")
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "season.yaml").write_text(
        text_.replace("\nsections:", f"\nlanguage: {language}\nsections:", 1), encoding="utf-8")
    build_site(tmp_path / "in", tmp_path / "out", pdf=False)
    page = (tmp_path / "out" / "division-1" / "index.html").read_text(encoding="utf-8")
    assert word in page and "Riverside A" in page


def test_a_second_division_with_a_free_round_and_its_own_places(site: Path) -> None:
    facts = team_league_facts(derive_facts(load_season(DEMO).section("division-2")))
    assert [(r.name, r.zone) for r in facts.rows][:2] == [("Castle Rooks", "promotion"),
                                                          ("Riverside C", "")]
    assert facts.progress.rounds_total == 5 and facts.progress.rounds_played == 2
    rounds = text(site.parent / "division-2" / "rounds.html")
    assert rounds.count("Free round: ") == 5 and "Free round: Hillcrest B" in rounds
    assert "Castle Rooks ↑ promotion" in text(site.parent / "division-2" / "index.html")
