"""The round sheets of quads, a Scheveningen match, a knockout and a team league
(site/printables/kinds.py), as the round robin's and the Swiss's are tested
(tests/site/test_printables.py): read back as text (pdftotext: every name, table, round),
looked at as a picture (pdftoppm: the paper's size, ink on the page) and with the QR code
decoded by zxing-cpp to the round page's address, in the four languages; and the QR code of
the check-in sheet, to the section's page."""

from __future__ import annotations

import dataclasses
import shutil
from pathlib import Path

import pytest

from tests.conftest import ROOT
from tests.site.test_printables import _decoded, _num, _pages, _png, _same, _text

SEASONS = ROOT / "seasons"
SITE = "https://chess.example.org/club"
KINDS = {"quads": ("school-quads-2026", "quads"), "scheveningen": ("scheveningen-2026", "match"),
         "knockout": ("grand-prix-2027", "knockout"),
         "team_league": ("club-league-2026", "division-1")}
LANGUAGES = ("en", "ru", "zh_Hans", "ar")
# the words each language's sheets must carry: "Round" in the sheet's own language
ROUND_WORD = {"en": "Round", "ru": "Тур", "zh_Hans": "轮", "ar": "الجولة"}

pytestmark = pytest.mark.pdf


def _tools() -> None:
    for tool in ("pdftotext", "pdftoppm", "pdfinfo"):
        if not shutil.which(tool):
            pytest.skip(f"{tool} (poppler-utils) not installed")


def _load(kind: str, language: str = "en"):  # noqa: ANN202 - (season, facts)
    from leaguegen.domain.season_facts import season_facts
    from leaguegen.formats.season_yaml import load_season

    folder, sid = KINDS[kind]
    season = dataclasses.replace(load_season(SEASONS / folder), site_url=SITE,
                                 language=language, languages=(language,))
    return season, season_facts(season).of(season.section(sid))


@pytest.fixture(scope="module")
def sheets(tmp_path_factory) -> dict[tuple[str, str], dict]:  # noqa: ANN001
    """Each kind's sheets of its default round: all of them in English, the result slips
    (a team's match cards) in the other three languages."""
    from leaguegen.site.printables import print_page, printable_html, printable_pdf
    from leaguegen.site.printables.context import default_round, section_printables

    out: dict[tuple[str, str], dict] = {}
    for kind in KINDS:
        for lang in LANGUAGES:
            season, facts = _load(kind, lang)
            number = default_round(facts)
            assert number is not None, kind
            folder = tmp_path_factory.mktemp(f"{kind}-{lang}")
            whats = section_printables(facts) if lang == "en" else ("slips",)
            files = {}
            for what in whats:
                path = folder / f"{what}.pdf"
                path.write_bytes(printable_pdf(printable_html(season, facts, number, what)))
                files[what] = path
            out[(kind, lang)] = {"season": season, "facts": facts, "round": number,
                                 "files": files, "page": print_page(season, facts, number,
                                                                    "slips")}
    return out


def test_each_kind_has_its_sheets() -> None:
    from leaguegen.site.printables.context import section_printables

    got = {kind: section_printables(_load(kind)[1]) for kind in KINDS}
    assert got == {"quads": ("pairings", "slips", "scoresheets", "cards"),
                   "scheveningen": ("pairings", "slips", "scoresheets", "cards"),
                   "knockout": ("pairings", "slips", "scoresheets"),
                   "team_league": ("pairings", "slips")}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("kind", list(KINDS))
def test_every_name_table_and_round_is_on_each_sheet(sheets, kind: str, lang: str) -> None:
    _tools()
    got = sheets[(kind, lang)]
    season, page, number = got["season"], got["page"], got["round"]
    for what, pdf in got["files"].items():
        text = _text(pdf)
        assert _num(season, number) in text and _same(ROUND_WORD[lang]) in text, (what, "round")
        if page.cards:  # a team round: every match's teams and every board's players
            assert page.cards
            for card in page.cards:
                assert _same(card.home) in text and _same(card.away) in text, (what, card)
                for b in card.boards:
                    assert _same(b.home) in text and _same(b.away) in text, (what, b)
                    assert _num(season, b.number) in text
        else:
            assert page.boards, kind
            for b in page.boards:
                assert _same(b.white) in text and _same(b.black) in text, (what, b)
                assert _num(season, b.number) in text, (what, b.number)
    if page.cards:  # one match card a page, with both captains' lines
        assert _pages(got["files"]["slips"]) == len(page.cards)
        text = _text(got["files"]["slips"])
        for card in page.cards:
            assert text.count(_same(card.home)) >= 3  # heading, column, captain's line
    elif "scoresheets" in got["files"]:
        assert _pages(got["files"]["scoresheets"]) == len(page.boards)


def test_the_knockout_sheets_name_each_match_and_game(sheets) -> None:
    _tools()
    got = sheets[("knockout", "en")]
    text = _text(got["files"]["pairings"])
    assert "Match 1" in text and "Game 2" in text
    page = got["page"]
    assert {b.group_n for b in page.boards} == {1, 2}
    # a match's games are played at one table, the colours alternating
    first = [b for b in page.boards if b.group_n == 1]
    assert len({b.number for b in first}) == 1 and first[0].white == first[1].black


def test_quads_sheets_go_quad_by_quad_at_tables_numbered_through() -> None:
    from leaguegen.site.printables import print_page

    season, facts = _load("quads")
    page = print_page(season, facts, 1, "pairings")
    assert [b.number for b in page.boards] == list(range(1, len(page.boards) + 1))
    assert len(page.groups) >= 10 and all(len(g.boards) == 2 for g in page.groups)
    quad = facts.section.details.groups[0]
    assert {b.white for b in page.groups[0].boards} | {b.black for b in page.groups[0].boards} \
        == {p.name for p in quad.players}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("kind", list(KINDS))
def test_pictures_have_the_paper_ink_and_a_qr_code_to_the_round_page(
        sheets, kind: str, lang: str, tmp_path: Path) -> None:
    _tools()
    from leaguegen.site.printables.context import round_url

    got = sheets[(kind, lang)]
    url = round_url(got["season"], got["facts"], got["round"])
    assert url == f"{SITE}/{got['facts'].section.id}/rounds.html#round-{got['round']}"
    for what, pdf in got["files"].items():
        image = _png(pdf, tmp_path)
        width, height = image.size
        assert abs(width - 1240) <= 2 and abs(height - 1754) <= 2, what  # A4 at 150 dpi
        ink = sum(image.resize((width // 4, height // 4)).histogram()[:128])
        assert ink > 200, f"{what}: the page is (nearly) blank"
        found = _decoded(image)
        assert found and set(found) == {url}, (what, found)


def test_print_writes_a_team_rounds_match_cards(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from leaguegen.cli import main

    res = CliRunner().invoke(main, ["print", str(SEASONS / "club-league-2026"), "--section",
                                    "division-2", "--round", "3", "-o", str(tmp_path)])
    assert res.exit_code == 0, res.output
    assert sorted(p.name for p in tmp_path.glob("*.pdf")) == [
        "division-2-round-3-pairings.pdf", "division-2-round-3-slips.pdf"]
    res = CliRunner().invoke(main, ["print", str(SEASONS / "club-league-2026"), "--section",
                                    "division-2", "cards", "-o", str(tmp_path / "x")])
    assert res.exit_code == 1 and "has no 'cards' sheet (it has pairings, slips)" in res.output


def test_the_check_in_sheet_has_a_qr_code_to_the_section_page(tmp_path: Path) -> None:
    _tools()
    from leaguegen.domain.season_facts import season_facts
    from leaguegen.formats.season_yaml import load_season
    from leaguegen.site.pages.checkin import checkin_pages
    from leaguegen.site.printables import printable_pdf

    season = dataclasses.replace(load_season(SEASONS / "thursday-swiss-2026"), site_url=SITE)
    facts = season_facts(season).of(season.section("open"))
    pdf = tmp_path / "checkin.pdf"
    pdf.write_bytes(printable_pdf(checkin_pages(season, facts)["open/open-checkin.pdf"]))
    assert _decoded(_png(pdf, tmp_path)) == [f"{SITE}/open/index.html"]
    assert f"{SITE}/open/index.html" in _text(pdf)
    plain = load_season(SEASONS / "thursday-swiss-2026")  # no site_url: no code
    source = checkin_pages(plain, season_facts(plain).of(plain.section("open")))
    assert "data:image/svg+xml" not in source["open/open-checkin.pdf"]



def test_a_team_swiss_round_prints_its_first_and_second_teams(tmp_path: Path) -> None:
    """A team Swiss (tests/data/team-swiss-2026): the first team has White on the odd
    boards, the cards carry the players entered, and the code is the round's."""
    _tools()
    from leaguegen.domain.season_facts import season_facts
    from leaguegen.formats.season_yaml import load_season
    from leaguegen.site.printables import print_page, printable_html, printable_pdf

    season = dataclasses.replace(load_season(ROOT / "tests" / "data" / "team-swiss-2026"),
                                 site_url=SITE)
    facts = season_facts(season).of(season.section("open"))
    page = print_page(season, facts, 7, "slips")
    d = facts.section.details
    entered = next(m for m in d.matches if m.round == 7 and m.boards)
    card = next(c for c in page.cards if c.home == d.teams[entered.host - 1].name)
    assert all(c.first for c in page.cards)
    assert [b.home_white for b in card.boards] == [True, False, True, False]
    assert [b.home for b in card.boards] == [
        d.teams[entered.host - 1].eligible[b.host].name if b.host is not None else ""
        for b in entered.boards]
    pdf = tmp_path / "slips.pdf"
    pdf.write_bytes(printable_pdf(printable_html(season, facts, 7, "slips")))
    text = _text(pdf)
    assert "First team" in text and "Second team" in text and card.home in text
    assert _decoded(_png(pdf, tmp_path)) == [f"{SITE}/open/rounds.html#round-7"]
