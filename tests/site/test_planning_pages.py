"""The season's plan on its home page while no result is in (issue 17, parts 2 and 5).

The home page shows what ``leaguegen plan SEASON_DIR`` prints (sections, stages
in order, totals), in the page's language with the catalogues' plural forms;
a season with results (every demo) shows no plan, so their pages are as before.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from leaguegen.formats.season_yaml import load_season
from leaguegen.site.build import build_site, render_pages
from leaguegen.site.i18n import gettext_callables
from leaguegen.site.planning_view import season_plan_view
from tests.conftest import ROOT
from tests.domain.test_planning_season import grand_prix_draft


def _text(page: str) -> str:
    block = page[page.index('<section class="planning">'):]
    block = block[:block.index("</section>")]
    text = re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", block)))
    return re.sub(r" ([,.;:])", r"\1", text)


def test_guide_grand_prix_draft_home_page_shows_the_plan(tmp_path: Path) -> None:
    """The guide's event, before any result: 51 games over 8 evenings."""
    season = load_season(grand_prix_draft(tmp_path))
    view = season_plan_view(season)
    assert (view.rounds, view.games, view.sittings, view.days) == (8, 51, 8, False)
    knockout = view.sections[-1]
    assert (knockout.players, knockout.pending, knockout.first, knockout.last) == (4, True, 7, 8)
    assert knockout.after == ("Group A", "Group B", "Group C", "Group D")
    text = _text(render_pages(season)[0]["index.html"])
    assert "The season's plan" in text
    assert "Knock-out Knockout · after Group A, Group B, Group C, Group D 4 (to be decided)" \
        " 2 3 7–8" in text
    assert "Rounds 8 Games 51 Club evenings 8 Longest evening 255 minutes" in text
    # facts only: no verdict against an evening nobody set, no advice (issue 26)
    assert "longer than" not in text and "180" not in text


def test_the_plan_goes_with_the_first_result(tmp_path: Path) -> None:
    folder = grand_prix_draft(tmp_path)
    text = (folder / "season.yaml").read_text()
    played = text.replace("      - {name: P04, rating: 1960}\n",
                          "      - {name: P04, rating: 1960}\n    rounds:\n      - results:\n"
                          "          - P01 - P04: 1-0\n", 1)
    assert played != text
    (folder / "season.yaml").write_text(played)
    season = load_season(folder)
    assert season_plan_view(season) is None
    assert 'class="planning"' not in render_pages(season)[0]["index.html"]


@pytest.mark.parametrize("demo", sorted(p.name for p in (ROOT / "seasons").iterdir()
                                         if p.is_dir()))  # club.yaml: the folder's own file
def test_demos_have_results_and_no_plan(demo: str) -> None:
    assert season_plan_view(load_season(ROOT / "seasons" / demo)) is None


def test_a_rebuild_sees_a_changed_rhythm(tmp_path: Path) -> None:
    """The home page's cache key holds the plan: two rounds on one date re-render it, though
    the section cards (players, rounds, next date) stay the same."""
    folder = grand_prix_draft(tmp_path, top=2)
    season_file = folder / "season.yaml"
    text = season_file.read_text()
    dated = "    rounds:\n      - date: 2027-03-01\n      - date: {second}\n"
    weekly = text.replace("      - {name: P16, rating: 1840}\n",
                          "      - {name: P16, rating: 1840}\n" + dated.format(second="2027-03-08"))
    assert weekly != text
    season_file.write_text(weekly)
    out = tmp_path / "_site"
    build_site(folder, out, pdf=False)
    assert "Club evenings 9" in _text((out / "index.html").read_text())
    season_file.write_text(weekly.replace("2027-03-08", "2027-03-01"))
    build_site(folder, out, pdf=False)
    assert "Club evenings 9 Longest evening 510 minutes" in _text((out / "index.html").read_text())


@pytest.mark.parametrize(("code", "counts"), [
    ("en", {1: "1 minute", 2: "2 minutes", 21: "21 minutes"}),
    ("ru", {1: "1 минута", 3: "3 минуты", 5: "5 минут", 21: "21 минута", 255: "255 минут"}),
    ("zh_Hans", {1: "1 分钟", 255: "255 分钟"}),
    ("ar", {0: "0 دقيقة", 1: "دقيقة واحدة", 2: "دقيقتان", 3: "3 دقائق", 11: "11 دقيقة",
            100: "100 دقيقة"}),
])
def test_guide_minutes_read_right_in_every_language(code: str, counts: dict[int, str]) -> None:
    _, ngettext = gettext_callables(code, "western")
    for n, expected in counts.items():
        assert ngettext("%(num)s minute", "%(num)s minutes", n) == expected


def test_russian_plan_uses_the_plural_forms(tmp_path: Path) -> None:
    folder = grand_prix_draft(tmp_path)
    season_file = folder / "season.yaml"
    season_file.write_text(season_file.read_text().replace("name: Grand Prix draft\n",
                                                           "name: Гран-при\nlanguage: ru\n"))
    pages = render_pages(load_season(folder))[0]
    assert "Самый долгий вечер 255 минут" in _text(pages["index.html"])
    section = _text(pages["group-a/index.html"])
    assert "Самый долгий тур 255 минут" in section
    # the faster-time-control advice ("по 52 минуты каждому") is the organiser's, for the
    # terminal: the page has the facts only (issue 26)
    assert "каждому" not in section and "вечера в" not in section
