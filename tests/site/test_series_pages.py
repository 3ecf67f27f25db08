"""Grand prix series pages, PDFs and JSON, every figure worked by hand.

A season's series (tests/data/series-2026: three rapid nights, a 10-8-6-4 table, best 2,
minimum 2, tie-breaks [played, last]) and a folder's (tests/data/club-seasons with a
club.yaml: the same person under an alias, a dropped result, players below the minimum,
two namesakes the files do not say are one person kept apart); the folder's club.yaml
checked at its file:line:col; the demo folder's series over the rapid and one-day events.
"""

from __future__ import annotations

import html as htmllib
import json
import re
import shutil
import subprocess
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner

from leaguegen.cli import main
from tests.conftest import ROOT

SEASON = ROOT / "tests" / "data" / "series-2026"
CLUB = ROOT / "tests" / "data" / "club-seasons"


def _text(html: str) -> str:
    return " ".join(htmllib.unescape(re.sub(r"<[^>]+>", " ", html)).split())


def _rows(html: str, body: int = 0) -> list[list[str]]:
    start = html.index('<table class="series"')
    bodies = re.findall(r"<tbody[^>]*>(.*?)</tbody>", html[start:html.index("</table>", start)],
                        re.S)
    return [[_text(c) for c in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
            for row in re.findall(r"<tr>(.*?)</tr>", bodies[body], re.S)
            if "<td" in row]


@pytest.fixture(scope="module")
def season_site(tmp_path_factory) -> Path:
    from leaguegen.site.build import build_site

    out = tmp_path_factory.mktemp("series") / "site"
    build_site(SEASON, out, cache_dir=out.parent / "cache")
    return out


def test_the_season_table_as_worked_by_hand(season_site: Path) -> None:
    page = (season_site / "series-rapid-gp.html").read_text(encoding="utf-8")
    # Night 1: Ann, Bob and Cat tied for 1st on 2 points and every tie-break: (10+8+6)/3 =
    # 8 each, Dan 4th: 4. Night 2: Bob 10, Ann 8, Eve 6. Night 3: Cat 10; Dan and Eve tied
    # for 2nd: (8+6)/2 = 7 each. Cat 8+10 = 18 and Bob 8+10 = 18 have both played two
    # events; the last event separates them (Cat 10, Bob nothing).
    assert _rows(page) == [
        ["1", "Cat Cole", "18", "8 (1=)", "–", "10 (1)", "2"],
        ["2", "Bob Best", "18", "8 (1=)", "10 (1)", "–", "2"],
        ["3", "Ann Able", "16", "8 (1=)", "8 (2)", "–", "2"],
        ["4", "Eve East", "13", "–", "6 (3)", "7 (2=)", "2"],
        ["5", "Dan Dale", "11", "4 (4)", "–", "7 (2=)", "2"],
    ]
    assert "Cat Cole is above Bob Best on 18 points: more points in the last event" in _text(page)
    assert "more events played; more points in the last event, counting back" in _text(page)
    assert 'href="rapid-3/players/cat-cole.html"' in page  # the player's latest event
    home = (season_site / "index.html").read_text(encoding="utf-8")
    assert '<a href="series-rapid-gp.html">Rapid Grand Prix</a>' in home


def test_the_season_json_says_the_same(season_site: Path) -> None:
    data = json.loads((season_site / "series-rapid-gp.json").read_bytes())
    assert data["rules"] == {"points": [10, 8, 6, 4], "rest": 0, "ties": "share",
                             "places": "standings", "best": 2, "minimum": 2,
                             "tiebreaks": ["played", "last"]}
    cat, bob = data["standings"][:2]
    assert (cat["rank"], cat["points"], bob["rank"], bob["points"]) == (1, 18, 2, 18)
    assert cat["results"][0] == {"place": 1, "tied": 3, "points": 8, "counted": True}
    assert cat["tiebreaks"] == {"played": 2, "last": [10, 0, 8]}
    assert data["standings"][4]["results"][2] == {"place": 2, "tied": 2, "points": 7,
                                                  "counted": True}


def test_the_season_pdf(season_site: Path) -> None:
    pdf = season_site / "series-rapid-gp.pdf"
    assert pdf.read_bytes().startswith(b"%PDF")
    if shutil.which("pdftotext") is None:
        pytest.skip("pdftotext is not installed")
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True,
                          text=True, check=True, timeout=60).stdout
    assert "Rapid Grand Prix" in text and "Cat Cole" in text
    assert "Cat Cole is above Bob Best on 18 points" in " ".join(text.split())


def test_without_pdfs_the_page_links_none(tmp_path: Path) -> None:
    from leaguegen.site.build import build_site

    build_site(SEASON, tmp_path / "out", pdf=False, cache_dir=tmp_path / "cache")
    page = (tmp_path / "out" / "series-rapid-gp.html").read_text(encoding="utf-8")
    assert ".pdf" not in page and not (tmp_path / "out" / "series-rapid-gp.pdf").exists()


CLUB_YAML = """\
series:
  - id: club-gp
    name: Club Grand Prix
    events:
      - autumn-2025/club
      - spring-2026/championship
      - spring-2026/blitz
    points: [10, 8, 6, 4, 2]
    places: points
    best: 2
    minimum: 2
    tiebreaks: [played, best, last]
"""


@pytest.fixture(scope="module")
def club_site(tmp_path_factory) -> Path:
    from leaguegen.site.build import build_seasons

    base = tmp_path_factory.mktemp("club-series")
    folder = base / "club"
    shutil.copytree(CLUB, folder)
    (folder / "club.yaml").write_text(CLUB_YAML, encoding="utf-8")
    build_seasons(folder, base / "site", cache_dir=base / "cache")
    return base / "site"


def test_the_folder_table_as_worked_by_hand(club_site: Path) -> None:
    page = (club_site / "club" / "series-club-gp.html").read_text(encoding="utf-8")
    # Autumn: Tom 2.5 (10), Sam 2 (8), Maria 1.5 (6), Jonh 0 (4). Spring championship on
    # points: Tom and Maria 3.5, tied for 1st: 9 each; Sam (now RCC-9) and John 1.5: 5
    # each; Ann 0: 2. Blitz: Tom and Maria 1.5: 9 each; Ann 6. Best 2: Tom 10 + 9 (the
    # blitz's equal 9 dropped: the later), Maria 9 + 9 (autumn's 6 dropped), John (alias
    # of Jonh) 4 + 5, Ann 2 + 6. The two Sam Patels (one with a club id, one without) are
    # two members, each with one event: below the minimum.
    assert _rows(page) == [
        ["1", "Tom Hughes", "19", "10 (1)", "9 (1=)", "9 (1=) dropped", "3", "1, 1, 1"],
        ["2", "Maria Lopez-Grant", "18", "6 (3) dropped", "9 (1=)", "9 (1=)", "3", "1, 1, 3"],
        ["3", "John Smith", "9", "4 (4)", "5 (3=)", "–", "2", "3, 4"],
        ["4", "Ann Kerr", "8", "–", "2 (5)", "6 (3)", "2", "3, 5"],
    ]
    assert _rows(page, 1) == [["", "Sam Patel", "8", "8 (2)", "–", "–", "1", "2"],
                              ["", "Sam Patel", "5", "–", "5 (3=)", "–", "1", "3"]]
    assert page.count("<del>") == 2
    assert 'href="tom-hughes.html"' in page  # the career page
    assert (club_site / "club" / "tom-hughes.html").exists()
    assert 'href="../spring-2026/blitz/index.html"' in page
    data = json.loads((club_site / "club" / "series-club-gp.json").read_bytes())
    assert [r["points"] for r in data["standings"]] == [19, 18, 9, 8]
    assert data["standings"][0]["results"][2]["counted"] is False
    assert (club_site / "club" / "series-club-gp.pdf").read_bytes().startswith(b"%PDF")


@pytest.mark.parametrize("block,line,col,message", [
    (CLUB_YAML.replace("spring-2026/blitz", "spring-2026/blits"), 7, 9,
     "series: event 'spring-2026/blits' is not <season folder>/<section id> of a season"
     " in this folder (did you mean 'spring-2026/blitz'?)"),
    (CLUB_YAML.replace("best: 2", "best: 4"), 10, 11, "series: best 4 is more than its 3"),
    (CLUB_YAML.replace("series:", "serie:"), 1, 1, "unknown key 'serie' in club.yaml"),
])
def test_check_reports_a_club_file_mistake_at_its_place(tmp_path: Path, block: str, line: int,
                                                        col: int, message: str) -> None:
    folder = tmp_path / "club"
    shutil.copytree(CLUB, folder)
    (folder / "club.yaml").write_text(block, encoding="utf-8")
    before = (folder / "club.yaml").read_bytes()
    result = CliRunner().invoke(main, ["check", str(folder)])
    out = result.output + result.stderr
    assert result.exit_code == 2, out
    assert f"club.yaml:{line}:{col}: " in out and message in out, out
    assert (folder / "club.yaml").read_bytes() == before


def test_check_counts_the_series(tmp_path: Path) -> None:
    folder = tmp_path / "club"
    shutil.copytree(CLUB, folder)
    (folder / "club.yaml").write_text(CLUB_YAML, encoding="utf-8")
    result = CliRunner().invoke(main, ["check", str(folder)])
    assert result.exit_code == 0
    assert "1 grand prix series" in result.output + result.stderr


def test_the_demo_series_over_the_rapid_and_one_day_events(tmp_path: Path) -> None:
    """seasons/club.yaml: Samuel Osei and Mei Lin play the Thursday Rapidplay and the
    Thursday Open; the others one event (below the minimum of two)."""
    from leaguegen.domain.club.identity import roster
    from leaguegen.domain.season_facts import season_facts
    from leaguegen.formats.club_file import read_club_file
    from leaguegen.formats.season_yaml import load_season
    from leaguegen.site.pages.series import club_series_pages
    from leaguegen.site.season_index import season_folders

    folder = ROOT / "seasons"
    folders = season_folders(folder)
    seasons = {p: load_season(d) for p, d in folders.items()}
    club = read_club_file(folder, seasons, folders)
    assert [s.id for s in club.series] == ["rapid-gp", "premier-gp"]
    facts = {p: season_facts(s) for p, s in seasons.items()}
    found = roster(seasons, sorted(seasons))
    page, premier = club_series_pages(club, facts, found, "", "en", "western")
    rapid = facts["riverside-2026"].sections["rapid"].standings
    swiss = facts["thursday-swiss-2026"].sections["open"].standings
    assert rapid is not None and swiss is not None

    def place(standings, name, section) -> int:  # noqa: ANN001
        number = [p.name for p in section.players].index(name) + 1
        return standings.row(number).rank

    table = dict(zip(range(1, 9), (10, 8, 6, 5, 4, 3, 2, 1), strict=True))
    expected = []
    for name in ("Samuel Osei", "Mei Lin"):
        places = (place(rapid, name, seasons["riverside-2026"].section("rapid")),
                  place(swiss, name, seasons["thursday-swiss-2026"].section("open")))
        expected.append((name, sum(table.get(p, 0) for p in places)))
    assert sorted(((r.name, r.total) for r in page.rows), key=lambda x: -x[1]) == sorted(
        expected, key=lambda x: -x[1])
    assert all(r.played == 1 for r in page.below)
    # the Premier over the three winter leagues: ranked are the members who played it in
    # two seasons or more; each total is their best two events' points, and a place
    # nobody shares takes the table's points for it
    premiers = {y: seasons[f"riverside-{y}"].section("premier") for y in (2024, 2025, 2026)}
    times = Counter(p.name for sec in premiers.values() for p in sec.players)
    assert {r.name for r in premier.rows} <= {n for n, k in times.items() if k >= 2}
    assert len(premier.rows) >= 8
    points = (12, 10, 8, 7, 6, 5, 4, 3, 2, 1)
    for row in premier.rows:
        cells = [c for c in row.cells if c is not None]
        assert row.played == len(cells) <= times[row.name]  # unranked in one: no place
        counted = sorted((c.points for c in cells if c.counted), reverse=True)
        assert len(counted) == 2 and row.total == sum(counted)
        assert max(c.points for c in cells if not c.counted) <= counted[-1] \
            if row.played == 3 else True
        for c in cells:
            if c.tied == 1:
                assert c.points == (points[c.place - 1] if c.place <= 10 else 0)


def test_both_jsons_hold_to_the_feeds_schema(season_site: Path, club_site: Path) -> None:
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads((ROOT / "docs" / "data-feeds.schema.json").read_text("utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    for path in (season_site / "series-rapid-gp.json", club_site / "club" / "series-club-gp.json"):
        data = json.loads(path.read_bytes())
        assert data["version"] == 1
        # valid, and only as a series file (not taken for another feed)
        assert len([s for s in schema["oneOf"] if not list(jsonschema.Draft202012Validator(
            {**schema, "oneOf": [s]}).iter_errors(data))]) == 1, path
