"""The Swiss section's pages: every page renders, and says what it should."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from leaguegen.formats.season_yaml import load_season
from leaguegen.site.build import build_site, render_pages
from tests.swiss_demo import SWISS_DEMO


@pytest.fixture(scope="module")
def pages():
    html, pdfs = render_pages(load_season(SWISS_DEMO))
    return html, pdfs


def text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", html))


def test_every_page_is_there(pages) -> None:
    html, pdfs = pages
    assert {"index.html", "open/index.html", "open/rounds.html"} <= set(html)
    assert {f"open/round-{r}.html" for r in range(1, 6)} <= set(html)
    assert "open/round-6.html" not in html  # not paired yet
    assert len([p for p in html if p.startswith("open/players/")]) == 24
    # the prize list (docs/prizes.md) and the next round's check-in sheet beside the crosstable
    assert list(pdfs) == ["open/open-crosstable.pdf", "open/open-checkin.pdf",
                          "open/open-prizes.pdf"]
    assert "Swiss" in text(html["index.html"])


def test_section_page_standings_and_crosstable(pages) -> None:
    page = pages[0]["open/index.html"]
    words = text(page)
    assert "Standings after round 4" in words
    assert "This is the default list for this format" in words
    assert "ahead on BH/C1" in words and "ahead on BH" in words
    assert "Jack Thornton withdrew after round 3 and is not paired in later rounds." in words
    assert "Helen Carter: half-point bye in round 6 (asked for in advance)." in words
    # rows by rank; cells are opponent rank, colour, result
    cells = re.findall(r'<span class="sx (w|b)" title="([^"]+)">(\d+)<span class="sx-col">'
                       r"[wb]</span>([^<]*)</span>", page)
    assert len(cells) == 2 * (12 + 12 + 11 + 11 + 11)
    assert ("w", "Thomas Reilly", "16", "1") in cells  # Morozov's round 1
    # a round without an opponent shows its points; a withdrawn player's later rounds the
    # withdrawal's mark: "+" and "−" are the forfeits' marks only (issue 26)
    assert '<span class="sx bye" title="pairing-allocated bye">1</span>' in page
    assert '<span class="sx bye" title="half-point bye">½</span>' in page
    assert '<span class="sx bye" title="withdrawn">⊘</span>' in page
    assert 'title="not paired"' not in page  # Jack Thornton withdrew: nobody is "not paired"
    assert not re.search(r'<span class="sx bye"[^>]*>[+−]</span>', page)
    assert "+ won by forfeit; − lost by forfeit." in words
    assert "⊘ the player had withdrawn." in words
    first = page.index("Alexei Morozov</a></td>", page.index("swiss-crosstable"))
    assert first < page.index("Mei Lin</a></td>", first)


def test_round_pages(pages) -> None:
    html = pages[0]
    five = text(html["open/round-5.html"])
    assert "Explain this pairing" in five
    assert five.count("Score bracket:") == 11
    assert "Mei Lin receives the pairing-allocated bye" in five
    assert "Mei Lin: pairing-allocated bye (1)" in five
    assert "Jack Thornton: withdrawn (0)" in five and "not paired" not in five
    assert "Alexei Morozov (4) floats down to Patrick Doyle (3)." in five
    four = text(html["open/round-4.html"])
    # every round pair made has its explanation stored with it (pairings/open.json)
    assert "Explain this pairing" in four and four.count("Score bracket:") == 11
    assert "Ben Whitaker: pairing-allocated bye (1)" in four
    three = text(html["open/round-3.html"])
    assert "Yuki Tanaka: half-point bye (½)" in three


def test_player_page(pages) -> None:
    page = text(pages[0]["open/players/yuki-tanaka.html"])
    assert "half-point bye" in page
    raw = pages[0]["open/players/yuki-tanaka.html"]
    assert "How the tiebreaks were computed" in page and 'id="tb-1"' in raw  # BH/C1
    assert "unplayed round: virtual opponent" in page  # her half-point bye in BH
    carter = text(pages[0]["open/players/helen-carter.html"])
    assert "Helen Carter: half-point bye in round 6 (asked for in advance)." in carter


def test_changed_pairing_is_not_explained(swiss_copy: Path) -> None:
    path = swiss_copy / "season.yaml"
    text_ = path.read_text(encoding="utf-8")
    path.write_text(text_.replace("- Alexei Morozov - Patrick Doyle:",
                                  "- Patrick Doyle - Alexei Morozov:"), encoding="utf-8")
    html, _ = render_pages(load_season(swiss_copy))
    five = text(html["open/round-5.html"])
    assert "This round was changed after the FIDE Dutch system paired it" in five
    # named from the stored record, not by pairing again
    assert "The engine's board 1 was Alexei Morozov – Patrick Doyle." in five
    assert "Score bracket" not in five


def test_russian_site(swiss_copy: Path) -> None:
    path = swiss_copy / "season.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace(
        "name: Thursday Swiss 2026\n", "name: Thursday Swiss 2026\nlanguage: ru\n"),
        encoding="utf-8")
    html, _ = render_pages(load_season(swiss_copy))
    assert "Почему такая жеребьёвка" in html["open/round-5.html"]
    assert "Швейцарская система" in html["open/index.html"]


@pytest.mark.pdf
def test_build_with_pdf(tmp_path: Path) -> None:
    report = build_site(SWISS_DEMO, tmp_path / "_site", pdf=True)
    pdf = (tmp_path / "_site" / "open" / "open-crosstable.pdf").read_bytes()
    assert pdf.startswith(b"%PDF") and report.pdfs == 3  # crosstable, prizes, check-in


def _english_fragments(code: str) -> set[str]:
    """English fragments of every msgid the catalogue translates differently."""
    import sys

    from tests.swiss_demo import ROOT

    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import i18n as tool
    finally:
        sys.path.pop(0)
    out = set()
    for msg in tool.read(code):
        if not msg.id:
            continue
        ids = msg.id if isinstance(msg.id, tuple) else (msg.id,)
        strings = msg.string if isinstance(msg.string, tuple) else (msg.string,)
        for english in ids:
            if english in strings:
                continue
            for part in re.split(r"%\(\w+\)s", english):
                part = part.strip(" .:;,()")
                if len(part) >= 4 and re.search(r"[a-z]{3}", part):
                    out.add(part)
    return out


@pytest.mark.parametrize("code", ["ru", "zh_Hans", "ar"])
def test_no_english_left_in_translated_swiss_pages(code: str) -> None:
    import dataclasses
    import html as htmllib

    season = load_season(SWISS_DEMO)
    season = dataclasses.replace(season, language=code, languages=(code,), description="")
    pages, pdfs = render_pages(season)
    english = _english_fragments(code)
    own = {season.name, season.organiser, season.venue, season.time_control}
    own |= {s.name for s in season.sections} | {s.description for s in season.sections}
    own |= {p.name for s in season.sections for p in s.players}
    for path, page in {**pages, **pdfs}.items():
        attrs = " ".join(re.findall(r'(?:title|aria-label|alt)="([^"]*)"', page))
        body = re.sub(r"<style.*?</style>", " ", page, flags=re.S)
        words = htmllib.unescape(re.sub(r"<[^>]+>", " ", body) + " " + attrs)
        for item in sorted(own, key=len, reverse=True):
            words = words.replace(item, " ")
        leaks = sorted(e for e in english if e in words)
        assert not leaks, f"{code} {path}: English left in the page: {leaks}"


def test_every_link_resolves(tmp_path: Path) -> None:
    out = tmp_path / "_site"
    build_site(SWISS_DEMO, out, pdf=True)
    for page in out.rglob("*.html"):
        for link in re.findall(r'href="([^"]+)"', page.read_text(encoding="utf-8")):
            if re.match(r"^[a-z]+:", link) or link.startswith("#"):
                continue
            target = (page.parent / link.split("#")[0]).resolve()
            assert target.exists(), f"{page.relative_to(out)} links to missing {link}"


def test_a_withdrawn_player_is_withdrawn_on_every_page(pages) -> None:
    """Issue 26: Jack Thornton left after round 3; rounds 4 and 5 say so, not "not paired"."""
    html = pages[0]
    player = text(html["open/players/jack-thornton.html"])
    assert player.count("withdrawn") >= 2 and "not paired" not in player
    assert "not paired" not in text(html["open/alphabetical-4.html"])
    assert "Jack Thornton withdrawn" in text(html["open/alphabetical-4.html"])


def test_a_player_left_out_without_withdrawing_is_not_paired_with_0() -> None:
    """A zero-point bye of a player still in the event keeps its own words and its points."""
    from dataclasses import replace

    season = load_season(SWISS_DEMO)
    open_ = season.section("open")
    stayed = replace(open_, withdrawals=())
    html, _ = render_pages(replace(season, sections=(stayed,)))
    assert '<span class="sx bye" title="not paired">0</span>' in html["open/index.html"]
    assert "Jack Thornton: not paired (0)" in text(html["open/round-5.html"])


@pytest.mark.parametrize(("language", "word"), [
    ("ru", "выбыл(а)"), ("zh_Hans", None), ("ar", None)])
def test_the_withdrawn_round_in_every_language(language: str, word: str | None) -> None:
    from dataclasses import replace

    from leaguegen.site.i18n import translations

    season = load_season(SWISS_DEMO)
    html, _ = render_pages(replace(season, language=language, languages=(language,)))
    said = word or translations(language).gettext("withdrawn")
    assert said != "withdrawn"
    row = next(r for r in re.findall(r'<tr class="bye">.*?</tr>', html["open/round-5.html"])
               if "Jack Thornton" in r)
    assert said in text(row)
    assert f'title="{said}">⊘</span>' in html["open/index.html"]
