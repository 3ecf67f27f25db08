"""Prize places in Arabic are ordinal words (الأول … العاشر), on the prize page, its PDF
and in ``leaguegen prizes``; from the eleventh on, and in the other languages, the number
as before. The noun is المركز ("the place"), masculine, so the ordinals are too, as the
organisers' Arabic guide writes them after a masculine noun (shared/guides)."""

from __future__ import annotations

import dataclasses
import re

import pytest
from click.testing import CliRunner

from leaguegen.cli import main
from leaguegen.domain.prizes.explain import ordinal
from leaguegen.site.i18n import Formatter
from tests.conftest import ROOT
from tests.site.test_prizes_page import SEASON, page_of, text_of

# a place written as a number ("المركز 1", "المراكز 1–3"), not a rank ("المركز 1 برصيد 4")
ARABIC_NUMBER_PLACE = re.compile("(?:المركز|المراكز|إلى) [0-9٠-٩]+(?![0-9٠-٩]| برصيد)")


def test_the_arabic_page_names_places_in_words() -> None:
    html, pdf_source = page_of(SEASON, "ar")
    for text in (text_of(html), text_of(pdf_source)):
        assert "المراكز من الأول إلى الثالث" in text  # the place prizes, shared by four
        assert "المركز الأول" in text
        assert not ARABIC_NUMBER_PLACE.findall(text), ARABIC_NUMBER_PLACE.findall(text)


def test_the_places_stay_numbers_in_the_other_languages() -> None:
    assert "Places 1–3" in text_of(page_of(SEASON, "en")[0])
    for language in ("ru", "zh_Hans"):
        assert "1–3" in text_of(page_of(SEASON, language)[0])


@pytest.mark.parametrize("digits,eleventh", [("western", "11"), ("arabic-indic", "١١")])
def test_a_place_after_the_tenth_is_its_number(digits: str, eleventh: str) -> None:
    ar = Formatter("ar", digits)
    assert [ar.place(n) for n in (1, 2, 3, 10)] == ["الأول", "الثاني", "الثالث", "العاشر"]
    assert ar.place(11) == eleventh
    assert Formatter("en").place(1) == "1" and Formatter("ru").place(3) == "3"


def test_the_page_with_arabic_indic_digits(tmp_path) -> None:  # noqa: ANN001
    from leaguegen.domain.season_facts import season_facts
    from leaguegen.formats.season_yaml import load_season
    from leaguegen.site.pages.prizes import prizes_pages

    season = dataclasses.replace(load_season(SEASON), language="ar", digits="arabic-indic")
    facts = season_facts(season)
    text = text_of(prizes_pages(season, facts.of(season.section("premier")))[
        "premier/prizes.html"])
    assert "المراكز من الأول إلى الثالث" in text and not ARABIC_NUMBER_PLACE.findall(text)


def test_the_prizes_command_says_the_places_in_words() -> None:
    args = ["prizes", str(ROOT / "seasons" / "thursday-swiss-2026"), "--section", "open"]
    said = {lang: CliRunner().invoke(main, ["--lang", lang, *args]).output
            for lang in ("en", "ru", "ar")}
    assert "Place prizes 1st, 150.00 GBP" in said["en"]
    assert "Place prizes 2nd-3rd" in said["en"]
    assert "Призы за места 1-е, 150.00 GBP" in said["ru"]
    assert "جوائز المراكز، المركز الأول، " in said["ar"]  # and the Arabic comma
    assert "جوائز المراكز، المراكز من الثاني إلى الثالث" in said["ar"]
    assert "1-2" not in said["ar"] and "المراكز 2" not in said["ar"]


def test_an_ordinal_after_the_tenth_keeps_the_number() -> None:
    from leaguegen.cli import speech

    assert [speech.say(ordinal(n), "ar") for n in (1, 10, 11, 22)] == [
        "الأول", "العاشر", "11", "22"]
    assert [str(ordinal(n)) for n in (1, 2, 3, 4, 10, 11, 21, 22, 23, 112)] == [
        "1st", "2nd", "3rd", "4th", "10th", "11th", "21st", "22nd", "23rd", "112th"]
