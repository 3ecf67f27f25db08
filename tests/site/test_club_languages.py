"""The club's pages in every language the folder's seasons publish (#29): a folder of the
demo's Riverside divisions (English), the Ladya season (Russian, also in English: the
newest, so Russian is at the root) and the Amman season (Arabic, Arabic-Indic digits)
publishes the seasons' index, the players' index, the club rating list, the series and
every career page in Russian at the root and in English and Arabic under en/ and ar/,
each with the language switcher and hreflang links the season pages have, in the
digits of the newest season of its language, every link leading to a page that exists."""

from __future__ import annotations

import html as htmllib
import re
import shutil
from pathlib import Path
from urllib.parse import urljoin

import pytest

from tests.conftest import ROOT

SEASONS = ("riverside-2024", "riverside-2025", "riverside-2026", "ladya-2026-ru",
           "amman-2026-ar")
LANGS = {"": ("ru", "ltr"), "en/": ("en", "ltr"), "ar/": ("ar", "rtl")}


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    from leaguegen.site.build import build_seasons

    base = tmp_path_factory.mktemp("club-languages")
    folder = base / "club"
    for name in SEASONS:
        shutil.copytree(ROOT / "seasons" / name, folder / name)
    out = base / "site"
    build_seasons(folder, out, pdf=False, cache_dir=base / "cache")
    return out


def _text(html: str) -> str:
    return " ".join(htmllib.unescape(re.sub(r"<[^>]+>", " ", html)).split())


def _read(site: Path, rel: str) -> str:
    return (site / rel).read_text(encoding="utf-8")


def _club_pages(site: Path, prefix: str) -> list[str]:
    return sorted(f"{prefix}club/{p.name}" for p in (site / prefix / "club").glob("*.html"))


def test_every_club_page_in_every_language(site: Path) -> None:
    root = [p.removeprefix("club/") for p in _club_pages(site, "")]
    assert "oliver-grant.html" in root and "ratings.html" in root and len(root) > 30
    for prefix, (lang, direction) in LANGS.items():
        assert [p.removeprefix(f"{prefix}club/") for p in _club_pages(site, prefix)] == root
        for rel in [f"{prefix}index.html", *_club_pages(site, prefix)]:
            assert f'<html lang="{lang}" dir="{direction}">' in _read(site, rel), rel
    assert not (site / "ru").exists()  # the first language is at the root only


def test_the_switcher_and_hreflang_of_a_career_page(site: Path) -> None:
    html = _read(site, "ar/club/oliver-grant.html")
    alternates = re.findall(r'<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">', html)
    assert alternates == [("ru", "../../club/oliver-grant.html"),
                          ("en", "../../en/club/oliver-grant.html"),
                          ("ar", "../../ar/club/oliver-grant.html"),
                          ("x-default", "../../club/oliver-grant.html")]
    nav = re.search(r'<nav class="languages" aria-label="اللغة">(.*?)</nav>', html, re.S)
    assert nav and _text(nav.group(1)) == "Русский English العربية"
    assert '<span aria-current="true" lang="ar">العربية</span>' in nav.group(1)


def test_the_arabic_and_russian_pages_speak_their_language(site: Path) -> None:
    ar = _text(_read(site, "ar/club/index.html"))
    assert "اللاعبون" in ar and "Players" not in ar
    assert re.search("[٠-٩]{4}", ar) and not re.search(r"\b1[0-9]{3}\b", ar)  # ratings
    ru = _text(_read(site, "club/index.html"))
    assert "Участники" in ru and re.search(r"\b1[0-9]{3}\b", ru)
    career = _text(_read(site, "ar/club/oliver-grant.html"))
    assert "تأكد الصعود" in career and "تأكد الهبوط" in career  # promoted, relegated
    assert "١٧٤٥" in career  # his rating for 2024/25, in Arabic-Indic digits
    assert "в высший дивизион" in _text(_read(site, "club/oliver-grant.html"))
    assert "Rating 1745" in _text(_read(site, "en/club/oliver-grant.html"))


def test_every_link_of_every_language_leads_to_a_page(site: Path) -> None:
    pages = ["index.html", *(f"{p}index.html" for p in LANGS if p)]
    pages += [rel for prefix in LANGS for rel in _club_pages(site, prefix)]
    missing = set()
    for rel in pages:
        for href in re.findall(r'href="([^"#]+)', _read(site, rel)):
            target = urljoin(f"file:///{rel}", href).removeprefix("file:///")
            if not (site / target).is_file():
                missing.add((rel, href))
    assert not missing, sorted(missing)[:10]
    # the Arabic index leads to each season and to the Arabic players' index
    index = _read(site, "ar/index.html")
    assert 'href="club/index.html"' in index and 'href="../amman-2026-ar/index.html"' in index


def test_a_season_folder_named_as_a_language_gets_another_path() -> None:
    """The club's pages of a language other than the first are under its tag (ru/club/):
    a season folder named so would share the path, so its path gets a suffix."""
    from leaguegen.site.season_index import season_path

    assert [season_path(n) for n in ("ru", "zh-Hans", "AR", "en", "rugby")] == [
        "ru-season", "zh-hans-season", "ar-season", "en-season", "rugby"]


def test_the_languages_and_digits_of_the_club_pages() -> None:
    """The newest season's first language first, the others in the catalogues' order, each
    in the digits of the newest season that publishes it."""
    from leaguegen.formats.season_yaml import load_season
    from leaguegen.site.season_index import club_languages

    seasons = {n: load_season(ROOT / "seasons" / n) for n in
               ("riverside-2026", "amman-2026-ar", "chunhui-2026-zh", "ladya-2026-ru")}
    assert club_languages(seasons) == (("ru", "western"), ("en", "western"),
                                       ("zh_Hans", "western"), ("ar", "arabic-indic"))
    del seasons["ladya-2026-ru"]  # Amman is the newest left
    assert club_languages(seasons)[:2] == (("ar", "arabic-indic"), ("en", "western"))
