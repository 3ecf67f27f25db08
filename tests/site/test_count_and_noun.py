"""Where a count meets a noun on a page, the noun agrees with the count in the language
(gettext plural forms: Arabic 3-10 take the plural, نقاط; Russian 1 очко / 2 очка /
5 очков); English is unchanged, and a fraction keeps the sentence it had."""

from __future__ import annotations

import re
from fractions import Fraction

from leaguegen.site.render import environment
from tests.site.test_prizes_page import SEASON, page_of, text_of


def _ranked(language: str) -> list[str]:
    text = text_of(page_of(SEASON, language)[0])
    said = r"(?:المركز [0-9]+ برصيد|Место [0-9]+,|Ranked [0-9]+ with).*?\.(?![0-9])"
    return sorted(set(re.findall(said, text)))


def test_a_prize_winners_score_agrees_with_its_count() -> None:
    # Four players tie for 1st on 4 points; 8th has 1 point; 7th 1½.
    assert _ranked("ar") == ["المركز 1 برصيد 4 نقاط.", "المركز 2 برصيد 4 نقاط.",
                             "المركز 3 برصيد 4 نقاط.", "المركز 4 برصيد 4 نقاط.",
                             "المركز 7 برصيد 1.5 نقطة.", "المركز 8 برصيد نقطة واحدة."]
    assert _ranked("ru") == ["Место 1, 4 очка.", "Место 2, 4 очка.", "Место 3, 4 очка.",
                             "Место 4, 4 очка.", "Место 7, очков: 1½.", "Место 8, 1 очко."]
    assert "Ranked 8 with a score of 1." in _ranked("en")


def _legend(language: str, win: int) -> str:
    """The team league's legend for a match won scoring ``win`` match points."""
    env = environment(language)
    source = ('{{ ngettext("A match won scores %(win)s match point, a drawn match %(draw)s'
              ' each; game points are the boards won.", "A match won scores %(win)s match'
              ' points, a drawn match %(draw)s each; game points are the boards won.",'
              ' page.win|int, win=page.win|pts, draw=page.draw|pts) }}')
    layout = (env.loader.get_source(env, "layouts/team_section.html")[0])  # type: ignore[union-attr]
    assert source in layout  # the template says it so
    page = {"win": Fraction(win), "draw": Fraction(1)}
    return env.from_string(source).render(page=page)


def test_match_points_agree_with_their_count() -> None:
    assert "يمنح نقطتي مباراة" in _legend("ar", 2)
    assert "يمنح 3 نقاط مباراة" in _legend("ar", 3)
    assert "даёт 2 командных очка" in _legend("ru", 2)
    assert "даёт 5 командных очков" in _legend("ru", 5)
    assert "даёт 1 командное очко" in _legend("ru", 1)
    assert _legend("en", 3).startswith("A match won scores 3 match points")
    assert _legend("en", 1).startswith("A match won scores 1 match point,")


def test_a_team_swiss_bye_says_both_counts_agreeing(tmp_path) -> None:  # noqa: ANN001
    """The team Swiss demo's bye scores 1 match point and 2 game points."""
    from leaguegen.site.build import build_site
    from tests.conftest import ROOT

    text = (ROOT / "tests" / "data" / "team-swiss-2026" / "season.yaml").read_text("utf-8")
    said = {}
    for language in ("en", "ru", "ar"):
        folder = tmp_path / language
        folder.mkdir()
        (folder / "season.yaml").write_text(f"language: {language}\n{text}", "utf-8")
        build_site(folder, tmp_path / f"site-{language}", cache_dir=tmp_path / "cache",
                   pdf=False)
        said[language] = text_of((tmp_path / f"site-{language}" / "open" / "index.html")
                                 .read_text("utf-8"))
    assert "The pairing-allocated bye scores 1 match point and 2 game points." in said["en"]
    assert "приносит 1 командное очко и 2 очка за партии." in said["ru"]
    assert "تمنح الراحة بالقرعة نقطة مباراة واحدة ونقطتي شوط." in said["ar"]
