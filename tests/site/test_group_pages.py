"""The quads, Scheveningen, knockout and stage pages of the three demo seasons.

Every demo builds; every page it links to exists (relative links resolved from
the page's own folder); the pages say what a reader needs; the PDFs are A4
landscape with the players' names in them; a translated site has no English
left on these pages.
"""

from __future__ import annotations

import re
import shutil
from html.parser import HTMLParser
from pathlib import Path

import pytest

from leaguegen.formats.season_yaml import load_season
from leaguegen.site.build import build_site, render_pages
from tests.conftest import ROOT

DEMOS = ("school-quads-2026", "scheveningen-2026", "grand-prix-2027")


@pytest.fixture(scope="module")
def sites(tmp_path_factory) -> dict[str, Path]:
    out = {}
    for name in DEMOS:
        target = tmp_path_factory.mktemp(name) / "_site"
        build_site(ROOT / "seasons" / name, target, pdf=False,
                   cache_dir=target.parent / "cache")
        out[name] = target
    return out


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for key, value in attrs:
            if key in ("href", "src") and value:
                self.links.append(value)


def _text(path: Path) -> str:
    html = path.read_text(encoding="utf-8")
    html = re.sub(r"<style.*?</style>", " ", html, flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


@pytest.mark.parametrize("demo", DEMOS)
def test_every_internal_link_resolves(sites, demo: str) -> None:
    site = sites[demo]
    pages = list(site.rglob("*.html"))
    assert pages
    missing = []
    for page in pages:
        parser = _Links()
        parser.feed(page.read_text(encoding="utf-8"))
        for link in parser.links:
            if re.match(r"^[a-z]+:", link) or link.startswith("#"):
                continue
            target = link.split("#")[0]
            if target.endswith(".pdf"):
                continue  # built with --no-pdf here; the PDFs are checked below
            if not (page.parent / target).resolve().is_file():
                missing.append(f"{page.relative_to(site)} -> {link}")
    assert not missing, missing[:10]


def test_quads_pages(sites) -> None:
    site = sites["school-quads-2026"]
    text = _text(site / "quads" / "index.html")
    assert "15 groups" in text and "61 players" in text
    assert "Group sizes: 4 · 4 · 4 · 4 · 4 · 4 · 4 · 4 · 4 · 4 · 4 · 4 · 4 · 4 · 5." in text
    assert "Theo Marsh : late entry, group 9" in text
    assert text.count("Standings after round") == 15
    for n in range(1, 16):
        assert (site / "quads" / f"group-{n}" / "index.html").is_file()
    group = _text(site / "quads" / "group-15" / "index.html")
    assert "Schools Quads: Group 15" in group and "Free round" in group
    players = list((site / "quads" / "group-15" / "players").glob("*.html"))
    assert len(players) == 5
    theo = _text(site / "quads" / "group-9" / "players" / "theo-marsh.html")
    assert "Schools Quads · Group 9" in theo and "Liam Patel" in theo
    rounds = _text(site / "quads" / "rounds.html")
    assert rounds.count("Group 1 ") >= 3 and "Round 5" in rounds


def test_scheveningen_pages(sites) -> None:
    site = sites["scheveningen-2026"]
    text = _text(site / "match" / "index.html")
    for words in ("Match points", "Board points", "Team matches", "Cross table",
                  "Individual scores", "Riverside lead", "in progress"):
        assert words in text
    html = (site / "match" / "index.html").read_text(encoding="utf-8")
    cross = html.split('class="crosstable team-cross"')[1].split("</table>")[0]
    assert cross.count("<tr>") == 7  # header + six Riverside players
    assert cross.count('class="opp"') == 6 + 36
    assert len(list((site / "match" / "players").glob("*.html"))) == 12


def test_knockout_and_pending_pages(sites) -> None:
    site = sites["grand-prix-2027"]
    html = (site / "knockout" / "index.html").read_text(encoding="utf-8")
    assert html.count('class="col"') == 3
    assert html.count('class="match"') == 4 + 2 + 1
    text = _text(site / "knockout" / "index.html")
    for words in ("Quarter-finals", "Semi-finals", "Final", "Group A · 1",
                  "a draw sends Black through", "to be decided"):
        assert words in text
    matches = _text(site / "knockout" / "rounds.html")
    assert "Through: Camila Rojas" in matches and "armageddon" in matches
    pending = _text(site / "challengers-final" / "index.html")
    assert "To be decided." in pending and "still being played" in pending
    home = _text(site / "index.html")
    assert "Players to be decided" in home


def test_a_knockout_player_sees_a_match_begun_as_in_progress(sites) -> None:
    """The semi-final of two games with one drawn is under way, not "not played yet"."""
    players = sites["grand-prix-2027"] / "knockout" / "players"
    varga = _text(players / "aleksander-varga.html")
    assert "Against Tobias Lindgren · ½–½ · in progress" in varga
    assert "not played yet" not in varga.replace("… not played yet", "")  # the legend's
    assert "Against Samuel Osei · 1½–½ · through" in varga


def test_bracket_with_byes_and_a_winner(tmp_path: Path) -> None:
    from tests.group_files import players_yaml, write

    text = f"""\
name: Cup
sections:
  - id: cup
    name: Club Cup
    format: knockout
    players:
{players_yaml(3)}
    rounds:
      - results:
          - P02 - P03: 1-0
      - results:
          - P01 - P02: 0-1
"""
    pages, _ = render_pages(load_season(write(tmp_path, text)))
    page = pages["cup/index.html"]
    assert "bye" in page and "Winner:" in page
    assert re.search(r'class="slot winner">\s*<span class="seed">2</span>', page)


@pytest.mark.pdf
def test_pdfs_are_a4_landscape_with_names(tmp_path: Path) -> None:
    pypdf = pytest.importorskip("pypdf")
    out = tmp_path / "_site"
    build_site(ROOT / "seasons" / "grand-prix-2027", out, pdf=True, cache_dir=tmp_path / "c")
    reader = pypdf.PdfReader(out / "knockout" / "knockout-crosstable.pdf")
    assert len(reader.pages) == 1
    box = reader.pages[0].mediabox
    assert round(float(box.width)) == 842 and round(float(box.height)) == 595
    text = reader.pages[0].extract_text()
    assert "Hugo Moreau" in text and "Quarter-finals" in text
    assert (out / "challengers-final" / "challengers-final-crosstable.pdf").is_file()


def test_scheveningen_and_quads_pdf_sources(sites) -> None:
    for demo, path, words in (
            ("school-quads-2026", "quads/quads-crosstable.pdf", ("Group 15", "Felix Usman")),
            ("scheveningen-2026", "match/match-crosstable.pdf", ("Cross table", "Ruth Calloway"))):
        _, pdfs = render_pages(load_season(ROOT / "seasons" / demo))
        assert all(w in pdfs[path] for w in words)


def test_russian_site_has_no_english_on_these_pages(tmp_path: Path) -> None:
    folder = tmp_path / "gp"
    shutil.copytree(ROOT / "seasons" / "grand-prix-2027", folder)
    season = folder / "season.yaml"
    season.write_text(season.read_text(encoding="utf-8").replace(
        "name: Riverside Grand Prix 2027\n", "name: Riverside Grand Prix 2027\nlanguage: ru\n", 1),
        encoding="utf-8")
    pages, _ = render_pages(load_season(folder))
    for path in ("knockout/index.html", "knockout/rounds.html", "challengers-final/index.html"):
        text = re.sub(r"<[^>]+>", " ", pages[path])
        for english in ("Quarter-finals", "Semi-finals", "Bracket", "Matches", "to be decided",
                        "To be decided", "armageddon", "Through", "qualify", "finished"):
            assert english not in text, (path, english)
    assert " rapid " not in re.sub(r"<[^>]+>", " ", pages["knockout/rounds.html"])
    assert "Четвертьфиналы" in pages["knockout/index.html"]


def test_renaming_a_group_rerenders_the_knockout_in_a_live_rebuild(tmp_path: Path) -> None:
    """The stage's pages depend only on the section's value, so the cache key must cover
    the source names shown on them."""
    from leaguegen.site.incremental import MemoryStore, render_site

    folder = tmp_path / "gp"
    shutil.copytree(ROOT / "seasons" / "grand-prix-2027", folder)
    store = MemoryStore()
    first = render_site(load_season(folder), store)
    assert "Group A · " in first.pages["knockout/index.html"]
    season_file = folder / "season.yaml"
    season_file.write_text(season_file.read_text(encoding="utf-8").replace(
        "name: Group A\n", "name: Pool Alpha\n").replace(
        "name: Challengers (rapid)\n", "name: Rapid qualifier\n"), encoding="utf-8")
    second = render_site(load_season(folder), store)
    assert "knockout" in second.sections_rendered
    assert "Pool Alpha · " in second.pages["knockout/index.html"]
    assert "Rapid qualifier" in second.pages["challengers-final/index.html"]
