"""The prize list page, its PDF and its JSON (site/pages/prizes.py, site/feeds/prizes_json.py)
on the prize test season (tests/data/prizes: the amounts are worked by hand in
tests/cli/test_prizes_cmd.py's docstring and comments), in four languages.

Standings: Priya Raman, Daniel Reyes, Eleanor Whitfield and George Abernethy on 4
points; Hannah Lindqvist 7th on 1½; Yusuf Demir and Charlotte Bellamy 8th on 1. Prizes
(GBP): places 300/200/100, Under 2000 80/40, Best woman 60, Junior 50, Veteran 30.
"""

from __future__ import annotations

import dataclasses
import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from leaguegen.domain.season_facts import season_facts
from leaguegen.formats.season_yaml import load_season
from leaguegen.site.build import build_site
from leaguegen.site.feeds.prizes_json import prizes_feed
from leaguegen.site.pages.prizes import prizes_pages
from tests.conftest import ROOT

SEASON = ROOT / "tests" / "data" / "prizes"
SCHEMA = json.loads((ROOT / "docs" / "data-feeds.schema.json").read_text())


def text_of(html: str) -> str:
    """The page's words: tags dropped, spaces squeezed."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace(" .", ".").replace(
        " ,", ",").replace(" :", ":").replace("( ", "(").replace(" )", ")")


def page_of(folder: Path, language: str = "en") -> tuple[str, str]:
    season = load_season(folder)
    season = dataclasses.replace(season, language=language)
    facts = season_facts(season)
    files = prizes_pages(season, facts.of(season.section("premier")))
    return files["premier/prizes.html"], files.get("premier/premier-prizes.pdf", "")


def copy_with(tmp_path: Path, old: str, new: str) -> Path:
    folder = tmp_path / "season"
    shutil.copytree(SEASON, folder)
    path = folder / "season.yaml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return folder


def test_the_page_lists_each_award_and_explains_it() -> None:
    html, pdf_source = page_of(SEASON)
    words = text_of(html)
    assert "Provisional: 6 of 9 rounds have results." in words
    assert "Prize fund: £860.00; paid: £780.00." in words
    assert "Ages are taken on Thu 1 January 2026." in words
    # the table: rank, player, points, prize, amount
    rows = re.findall(r"<tr><td class=\"num\">(\d+)</td><td class=\"name\"><a [^>]+>([^<]+)</a>"
                      r"</td><td class=\"num\">([^<]+)</td><td><a [^>]+>([^<]+)</a>.*?"
                      r"<td class=\"num amount\">([^<]+)</td></tr>", html)
    assert rows == [
        ("1", "Priya Raman", "4", "Places 1–3", "£150.00"),
        ("2", "Daniel Reyes", "4", "Places 1–3", "£150.00"),
        ("3", "Eleanor Whitfield", "4", "Places 1–3", "£150.00"),
        ("4", "George Abernethy", "4", "Places 1–3", "£150.00"),
        ("7", "Hannah Lindqvist", "1½", "Best woman, place 1", "£60.00"),
        ("8", "Yusuf Demir", "1", "Under 2000, places 1–2", "£60.00"),
        ("8", "Charlotte Bellamy", "1", "Under 2000, places 1–2", "£60.00"),
    ]
    # each award explained: the four pool places 1-3 (600 / 4 = 150)
    assert ("Tied on points with Daniel Reyes, Eleanor Whitfield, George Abernethy: together"
            " they take Places 1–3 (£300.00 + £200.00 + £100.00 = £600.00).") in words
    assert "Shared equally: £150.00" in words
    # George (17 on 1 January 2026) also qualified as a junior and under 2000
    george = words.split("George Abernethy: Places 1–3, £150.00")[1].split("Hannah")[0]
    assert "Also qualified for Under 2000: its next prize, Under 2000, place 1 (£80.00)," \
           " is worth less." in george
    assert "Also qualified for Junior: its next prize, Junior, place 1 (£50.00), is worth" \
           " less." in george
    # Hannah takes the best woman's prize; the place prizes had gone
    assert "Qualifies for Best woman (women)." in words
    assert "Takes Best woman, place 1: £60.00." in words
    assert "Also qualified for Place prizes: its prizes had gone to players ahead in it." \
        in words
    # the two on 1 point pool Under 2000 1-2 (120 / 2)
    assert ("Tied on points with Charlotte Bellamy: together they take Under 2000, places"
            " 1–2 (£80.00 + £40.00 = £120.00).") in words
    assert "Qualifies for Under 2000 (rating at most 1999)." in words
    # the prizes nobody takes
    assert "Junior, place 1 (£50.00) is not awarded: every player who qualifies has a prize" \
           " already." in words
    assert "Veteran, place 1 (£30.00) is not awarded" in words
    # the categories
    assert "Veteran age at least 65 £30.00" in words
    # the PDF's source holds the same awards, without links
    pdf_words = text_of(pdf_source)
    assert "Yusuf Demir: Under 2000, places 1–2, £60.00" in pdf_words
    assert "<a " not in pdf_source.split("<body>")[1]


def test_hort_and_tiebreaks_explained(tmp_path: Path) -> None:
    hort = copy_with(tmp_path / "h", "      currency: GBP\n",
                     "      currency: GBP\n      ties: hort\n")
    words = text_of(page_of(hort)[0])
    # own halves 150, 100, 50, none; the other halves (300) / 4 = 75
    assert "Hort system: keeps half of Place 1 (£150.00) and an equal share of the other" \
           " halves: £225.00." in words
    assert "Hort system: placed beyond the last prize the group took, so keeps no half, and" \
           " takes an equal share of the other halves: £75.00." in words
    assert "Players tied on points share by the Hort system" in words
    ties = copy_with(tmp_path / "t", "      currency: GBP\n",
                     "      currency: GBP\n      ties: tiebreaks\n")
    words = text_of(page_of(ties)[0])
    # Charlotte, 8th with Yusuf on every tie-break, takes Under 2000 2nd once he has
    # the junior prize (tests/cli/test_prizes_cmd.py, test_tiebreaks_decide)
    assert "Takes Under 2000, place 2: £40.00." in words
    assert "Takes Junior, place 1: £50.00." in words
    assert "Prize fund: £860.00; paid: £830.00." in words


@pytest.mark.parametrize("language,words", [
    ("ru", ("Призы", "Призовой фонд:", "Равенство очков с участниками:", "Поровну:")),
    ("zh_Hans", ("奖项", "奖金总额：", "同分：", "平分：")),
    ("ar", ("الجوائز", "مجموع الجوائز:", "متعادل في النقاط مع", "بالتساوي:")),
])
def test_the_page_in_other_languages(language: str, words: tuple[str, ...]) -> None:
    html, _ = page_of(SEASON, language)
    text = text_of(html)
    for word in words:
        assert word in text, (language, word)
    assert "Tied on points" not in text and "Shared equally" not in text
    assert "Priya Raman" in text


def test_the_json_is_the_pages_awards_and_valid() -> None:
    jsonschema = pytest.importorskip("jsonschema")
    validator = jsonschema.Draft202012Validator(SCHEMA)
    season = load_season(SEASON)
    feed = prizes_feed(season_facts(season).of(season.section("premier")))
    assert feed is not None
    data = json.loads(json.dumps(feed))
    assert not [e.message for e in validator.iter_errors(data)]
    (table,) = data["tables"]
    assert (table["fund"], table["paid"]) == ("860.00", "780.00")
    assert [(a["name"], a["amount"], a["how"]) for a in table["awards"]] == [
        ("Priya Raman", "150.00", "shared"), ("Daniel Reyes", "150.00", "shared"),
        ("Eleanor Whitfield", "150.00", "shared"), ("George Abernethy", "150.00", "shared"),
        ("Hannah Lindqvist", "60.00", "whole"), ("Yusuf Demir", "60.00", "shared"),
        ("Charlotte Bellamy", "60.00", "shared")]
    yusuf = table["awards"][5]
    assert yusuf["prizes"] == [{"category": "Under 2000", "place": 1, "amount": "80.00"},
                               {"category": "Under 2000", "place": 2, "amount": "40.00"}]
    assert yusuf["points"] == 1.0 and yusuf["rank"] == 8
    assert yusuf["page"] == "players/yusuf-demir.html"
    assert {"category": "Junior", "why": "later",
            "next": {"category": "Junior", "place": 1, "amount": "50.00"}} in yusuf["also"]
    assert table["unawarded"][0] == {"category": "Junior", "place": 1, "amount": "50.00",
                                     "reason": "every player who qualifies has a prize"
                                               " already"}
    assert data["provisional"] is True and data["age_on"] == "2026-01-01"
    # a section.json is not taken for a prizes file, nor the other way round
    assert len([s for s in SCHEMA["oneOf"]
                if not list(jsonschema.Draft202012Validator(
                    {**SCHEMA, "oneOf": [s]}).iter_errors(data))]) == 1


@pytest.fixture(scope="module")
def demo_site(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("prizes") / "_site"
    build_site(ROOT / "seasons" / "thursday-swiss-2026", out, pdf=True,
               cache_dir=out.parent / "cache")
    return out


def test_the_demo_builds_the_page_pdf_and_json_and_links_them(demo_site: Path) -> None:
    open_ = demo_site / "open"
    page = (open_ / "prizes.html").read_text(encoding="utf-8")
    assert 'href="open-prizes.pdf"' in page and 'href="prizes.json"' in page
    # the section's tabs link the prize page
    section = (open_ / "index.html").read_text(encoding="utf-8")
    assert 'href="../open/prizes.html">Prizes</a>' in section
    assert 'aria-current="page">Prizes</a>' in page
    data = json.loads((open_ / "prizes.json").read_text(encoding="utf-8"))
    assert data["provisional"] is True
    assert sum(int(a["amount"].replace(".", "")) for t in data["tables"]
               for a in t["awards"]) == 45500  # the whole fund, GBP 455.00, to the penny
    pdf = open_ / "open-prizes.pdf"
    assert pdf.read_bytes().startswith(b"%PDF")
    if shutil.which("pdftotext"):
        words = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True,
                               check=True, timeout=60).stdout
        for award in data["tables"][0]["awards"]:
            assert award["name"] in words
        assert "£16.25" in words and "Provisional: 4 of 7 rounds have results." in words
    # a section without a prizes block has no page and no tab
    riverside = load_season(ROOT / "seasons" / "riverside-2026")
    assert all(s.prizes is None for s in riverside.sections)
