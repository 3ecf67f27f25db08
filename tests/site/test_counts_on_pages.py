"""The pages' counts before nouns in the language's forms: Russian 1 тур / 2 тура / 5 туров /
21 тур (and the genitive singular after a fraction, «1½ командного очка»), Arabic one,
dual, 3-10 and 11+ (جولة واحدة، جولتين، 3 جولات، 11 جولة). Each message is said
through the real macro that puts it on the page, with a context that reaches the counts a
demo season does not (21 rounds, a minimum of one event), and the prizes page and the
team Swiss legend through real seasons."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from types import SimpleNamespace as NS

import pytest

from leaguegen.site.render import environment
from tests.site.test_prizes_page import SEASON, page_of, text_of

RU = (1, 2, 5, 21)
AR = (1, 2, 3, 11)


def said(language: str, template: str, macro: str, *args: object) -> str:
    """The words ``macro`` of ``template`` puts on a page in ``language``."""
    module = environment(language).get_template(template).module
    return text_of(str(getattr(module, macro)(*args)))


def section(played: int, total: int) -> NS:
    return NS(rounds_played=played, rounds_total=total)


def prizes(language: str, total: int) -> str:
    page = NS(provisional=True, section=section(total - 1, total), order="written",
              ties="share", age_on=None)
    return said(language, "prizes/macros.html", "rules_text", page)


def clubs(language: str, total: int) -> str:
    page = NS(provisional=True, section=section(total - 1, total), best=1, tiebreaks=[])
    return said(language, "clubs/macros.html", "rule", page)


@pytest.mark.parametrize("total, words", list(zip(RU, [
    "результаты есть в 0 из 1 тура.", "результаты есть в 1 из 2 туров.",
    "результаты есть в 4 из 5 туров.", "результаты есть в 20 из 21 тура."], strict=True)))
def test_provisional_prizes_and_clubs_in_russian(total: int, words: str) -> None:
    assert f"Предварительно: {words} Призы распределяются" in prizes("ru", total)
    assert f"Предварительно: {words}" in clubs("ru", total)


@pytest.mark.parametrize("total, words", list(zip(AR, [
    "في 0 من جولة واحدة.", "في 1 من جولتين.", "في 2 من 3 جولات.", "في 10 من 11 جولة."],
    strict=True)))
def test_provisional_prizes_and_clubs_in_arabic(total: int, words: str) -> None:
    assert f"مؤقت: النتائج متوفرة {words} تُحدَّد الجوائز" in prizes("ar", total)
    assert f"مؤقت: النتائج متوفرة {words}" in clubs("ar", total)


def test_provisional_in_english_and_chinese() -> None:
    assert "Provisional: 4 of 5 rounds have results. The prizes" in prizes("en", 5)
    assert "Provisional: 0 of 1 round has results." in clubs("en", 1)  # was '1 rounds have'
    assert "暂定：21 轮中已有 20 轮有结果。" in prizes("zh_Hans", 21)


def test_the_prize_season_says_its_provisional_line() -> None:
    """The prize test season: 6 of its 9 rounds played."""
    assert "результаты есть в 6 из 9 туров." in text_of(page_of(SEASON, "ru")[0])
    assert "النتائج متوفرة في 6 من 9 جولات." in text_of(page_of(SEASON, "ar")[0])
    assert "Provisional: 6 of 9 rounds have results." in text_of(page_of(SEASON, "en")[0])


def series(language: str, minimum: int) -> str:
    below = NS(rank=None, name="Ada Archer", url=None, total=Fraction(3), cells=[], values=[])
    page = NS(name="Grand Prix", events=[], columns=[], rows=[], below=[below], provisional=False,
              minimum=minimum, points=[], rest=0, places="points", ties="share", best=None,
              tiebreaks=[])
    return (said(language, "series/macros.html", "rules", page) + " "
            + said(language, "series/macros.html", "table", page, False))


@pytest.mark.parametrize("minimum, least, fewer", [  # a minimum of 1 is no minimum
    (2, "не менее чем в 2 турнирах;", "Меньше 2 турниров:"),
    (5, "не менее чем в 5 турнирах;", "Меньше 5 турниров:"),
    (21, "не менее чем в 21 турнире;", "Меньше 21 турнира:")])
def test_a_series_minimum_in_russian(minimum: int, least: str, fewer: str) -> None:
    words = series("ru", minimum)
    assert least in words and f"{fewer} вне зачёта" in words


@pytest.mark.parametrize("minimum, events", [(2, "بطولتين"), (3, "3 بطولات"),
                                             (11, "11 بطولة")])
def test_a_series_minimum_in_arabic(minimum: int, events: str) -> None:
    words = series("ar", minimum)
    assert f"يجب أن يشارك في {events} على الأقل؛" in words
    assert f"المشاركة في أقل من {events}: خارج الترتيب" in words


def test_a_series_minimum_in_english() -> None:
    assert "Fewer than 3 events: not ranked" in series("en", 3)
    assert "A player needs at least 3 events to be ranked;" in series("en", 3)


def quads(language: str, rounds: int) -> str:
    return said(language, "quads/macros.html", "about_groups", "list", rounds, [4, 4], "top", [])


@pytest.mark.parametrize("language, rounds, words", [
    ("ru", 1, "(1 тур для группы"), ("ru", 2, "(2 тура для группы"),
    ("ru", 5, "(5 туров для группы"), ("ru", 6, "(6 туров для группы"),
    ("ru", 21, "(21 тур для группы"), ("ru", 3, "(3 тура для группы"),
    ("ar", 1, "(جولة واحدة لمجموعة"), ("ar", 2, "(جولتان لمجموعة"),
    ("ar", 3, "(3 جولات لمجموعة"), ("ar", 11, "(11 جولة لمجموعة"),
    ("en", 3, "(3 rounds for a group of four)"), ("en", 6, "(6 rounds for a group of four)")])
def test_the_rounds_a_quad_plays(language: str, rounds: int, words: str) -> None:
    assert words in quads(language, rounds)


def round_status(language: str, games: int) -> str:
    r = NS(paired=True, complete=False, games=games, results=games - 1)
    return said(language, "swiss/macros.html", "round_status", r)


@pytest.mark.parametrize("games, words", list(zip(AR, [
    "أُدخلت 0 من نتيجة واحدة", "أُدخلت 1 من نتيجتين", "أُدخلت 2 من 3 نتائج",
    "أُدخلت 10 من 11 نتيجة"], strict=True)))
def test_a_swiss_rounds_results_in_arabic(games: int, words: str) -> None:
    assert round_status("ar", games) == words


def test_a_swiss_rounds_results_in_russian_and_english() -> None:
    assert [round_status("ru", n) for n in RU] == [
        "внесено результатов: 0 из 1", "внесено результатов: 1 из 2",
        "внесено результатов: 4 из 5", "внесено результатов: 20 из 21"]
    assert round_status("en", 1) == "0 of 1 result in"  # was '0 of 1 results in'
    assert round_status("en", 11) == "10 of 11 results in"


def planning(language: str, changeover: int) -> str:
    p = NS(rounds=7, games=28, per_player=(7, 7), round_minutes=250, evenings=7,
           changeover=changeover, time_control="90+30")
    season = NS(rounds=7, games=28, days=False, sittings=7, longest=250, sections=[],
                changeover=changeover, time_control="90+30")
    return (said(language, "partials/planning.html", "planning", p) + " "
            + said(language, "partials/planning.html", "season_plan", season))


@pytest.mark.parametrize("changeover, minutes", list(zip(AR, ["دقيقة واحدة", "دقيقتين",
                                                         "3 دقائق", "11 دقيقة"], strict=True)))
def test_the_changeover_minutes_in_arabic(changeover: int, minutes: str) -> None:
    words = planning("ar", changeover)
    assert f"مع {minutes} للتبديل." in words
    assert f"مع {minutes} للتبديل في كل جولة." in words


def test_the_changeover_minutes_in_english() -> None:
    assert "plus 1 minute to change over." in planning("en", 1)
    assert "plus 1 minute a round to change over." in planning("en", 1)
    assert "plus 15 minutes to change over." in planning("en", 15)


def _team_swiss_legend(tmp_path: Path, language: str, mp: str, gp: str) -> str:
    from leaguegen.site.build import build_site
    from tests.conftest import ROOT

    text = (ROOT / "tests" / "data" / "team-swiss-2026" / "season.yaml").read_text("utf-8")
    old = "    match_points: {win: 2, draw: 1, loss: 0}\n"
    assert old in text
    text = text.replace(old, old + f"    bye_points: {{match_points: {mp}, game_points: {gp}}}\n")
    name = f"{language}-{mp}-{gp}"
    folder = tmp_path / name
    folder.mkdir()
    (folder / "season.yaml").write_text(f"language: {language}\n{text}", "utf-8")
    build_site(folder, tmp_path / f"site-{name}", cache_dir=tmp_path / "cache", pdf=False)
    return text_of((tmp_path / f"site-{name}" / "open" / "index.html").read_text("utf-8"))


@pytest.mark.parametrize("language, mp, gp, sentence", [
    ("ru", "1.5", "2.5", "приносит 1½ командного очка и 2½ очка за партии."),
    ("ru", "1", "1.5", "приносит 1 командное очко и 1½ очка за партии."),
    ("ar", "1.5", "2.5", "تمنح الراحة بالقرعة 1.5 نقطة مباراة و2.5 نقطة شوط."),
    ("ar", "2", "1.5", "تمنح الراحة بالقرعة نقطتي مباراة و1.5 نقطة شوط."),
    ("en", "1", "1.5", "The pairing-allocated bye scores 1 match point and 1½ game points."),
])
def test_a_team_swiss_fractional_bye(tmp_path: Path, language: str, mp: str, gp: str,
                                     sentence: str) -> None:
    assert sentence in _team_swiss_legend(tmp_path, language, mp, gp)
