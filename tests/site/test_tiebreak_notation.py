"""Tiebreak values are written in the notation the page writes its scores in (issue 26):
"1½" and "9¾" where the language writes 3½, "1.5" and "9.75" where it writes 3.5 (Arabic),
never "1½" in one column and "9.75" in the next."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest

from leaguegen.formats.season_yaml import load_season
from leaguegen.site.build import render_pages
from leaguegen.site.formatting import decimal_columns
from leaguegen.site.i18n import Formatter
from tests.conftest import ROOT

DEMOS = sorted(p for p in (ROOT / "seasons").iterdir() if (p / "season.yaml").is_file())
DECIMAL = re.compile(r"\d[.,٫]\d")


def _tiebreak_texts(html: str) -> list[str]:
    """The tiebreak values a page shows: the standings' links and the explanations' totals."""
    values = re.findall(r'class="tb-link"[^>]*>([^<]*)<', html)
    values += re.findall(r"</abbr> [^<]*: <strong>([^<]*)</strong>", html)
    return values


@pytest.mark.parametrize("demo", DEMOS, ids=lambda p: p.name)
def test_one_notation_for_tiebreaks_and_scores_on_every_page(demo: Path) -> None:
    season = load_season(demo)
    pages, _ = render_pages(season)
    arabic = season.language == "ar"
    seen = 0
    for path, html in pages.items():
        values = _tiebreak_texts(html)
        seen += len(values)
        for value in values:
            if arabic:  # decimals, as its scores are
                assert "½" not in value and "¼" not in value and "¾" not in value, (path, value)
                # and written as its scores are: 2.5 and 3, never 2.50 or 3.00 beside them
                assert not re.search(r"[.,٫]\d*[0٠]$", value), (path, value)
            else:  # fractions, as its scores are
                assert not DECIMAL.search(value), (path, value)
    # a team match has no tiebreaks; a team league's table has no tie-break explanations
    # (its values' notation: tests/site/test_team_league_lists.py)
    assert seen or demo.name in ("scheveningen-2026", "club-league-2026")


def test_the_premier_sonneborn_berger_in_quarters_beside_halves() -> None:
    pages, _ = render_pages(load_season(ROOT / "seasons" / "riverside-2026"))
    values = _tiebreak_texts(pages["premier/index.html"])
    assert "9¾" in values and "8¼" in values and "1½" in values and "12" in values
    assert "12.00" not in values


def test_formatter_quarters_follow_the_scores() -> None:
    en, ar = Formatter("en"), Formatter("ar", "arabic-indic")
    assert [en.tiebreak(Fraction(n, 4)) for n in (1, 2, 3, 39)] == ["¼", "½", "¾", "9¾"]
    assert en.points(Fraction(7, 2)) == "3½"
    assert ar.points(Fraction(7, 2)) == "٣٫٥" and ar.tiebreak(Fraction(39, 4)) == "٩٫٧٥"
    assert ar.tiebreak(Fraction(3, 2)) == "١٫٥" and ar.tiebreak(12) == "١٢"
    # a value that is no quarter (AOB's average) makes its column decimal, throughout
    column = [Fraction(1233, 100), Fraction(19, 2), 12]
    assert decimal_columns([(v,) for v in column]) == (True,)
    assert [en.tiebreak(v, True) for v in column] == ["12.33", "9.50", "12.00"]
    assert decimal_columns([(Fraction(39, 4),), (Fraction(3, 2),)]) == (False,)
