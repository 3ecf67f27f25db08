"""A crosstable total that the standings count lower says why on its own row (issue 26).

In the Arabic demo Sara Yousef withdrew having played under half her games, so results
against her count for nobody: Yusuf al-Hassan's 3.5 in the crosstable is 2.5 in the
standings, and he is ranked below Omar Khalil on 3. His row carries a footnote mark that
links to the legend's explanation and says the reason and the standings' points, in the
page's language."""

from __future__ import annotations

import re
import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from leaguegen.formats.season_yaml import load_season
from leaguegen.site.build import render_pages
from leaguegen.site.i18n import translations
from tests.conftest import ROOT

AMMAN = ROOT / "seasons" / "amman-2026-ar"
REASON = ("%(points)s in the standings: results against a player who withdrew having"
          " played under half the games do not count")


def _rows(html: str) -> dict[str, str]:
    """The crosstable's rows by player name."""
    table = re.search(r'<table class="crosstable.*?</table>', html, re.S).group(0)
    return {re.search(r'\.html">([^<]+)</a>', row).group(1): row
            for row in re.findall(r"<tr(?: class=\"withdrawn\")?>\s*<th scope=\"row\".*?</tr>",
                                  table, re.S)}


def test_the_arabic_row_ranked_below_a_lower_total_says_why() -> None:
    pages, _ = render_pages(load_season(AMMAN))
    html = pages["alnukhba/index.html"]
    rows = _rows(html)
    yusuf, omar = rows["يوسف الحسن"], rows["عمر خليل"]
    # 3.5 ranked 2nd, below 3 ranked 1st: the row of the 3.5 says why
    assert re.search(r'class="num pts key-end2">٣٫٥<a class="fn" href="#void-note"', yusuf)
    assert 'class="num rank key-end">٢<' in yusuf
    assert 'class="num pts key-end2">٣</td>' in omar and 'class="fn"' not in omar
    said = re.search(r'aria-label="([^"]+)"', yusuf.split('class="fn"')[1]).group(1)
    assert said == translations("ar").gettext(REASON).replace("%(points)s", "٢٫٥")
    # the mark leads to the legend's sentence about the struck-through results
    assert re.search(r'<span id="void-note">† <span class="g void">', html)
    # every row whose total the standings count lower has it, and only those
    marked = {name for name, row in rows.items() if 'class="fn"' in row}
    assert marked == {"يوسف الحسن", "مريم العلي", "خالد منصور", "ليلى حداد"}


@pytest.mark.parametrize("language", ["en", "ru", "zh_Hans"])
def test_the_reason_in_every_language(language: str) -> None:
    season = load_season(AMMAN)
    season = replace(season, language=language, languages=(language,), digits="western")
    html = render_pages(season)[0]["alnukhba/index.html"]
    yusuf = _rows(html)["يوسف الحسن"]
    points = "2½"  # the scores of en, ru and zh: 3½ written with the half
    expected = (translations(language).gettext(REASON) if language != "en" else REASON)
    assert f'aria-label="{expected.replace("%(points)s", points)}"' in yusuf
    assert 'href="#void-note"' in yusuf and 'id="void-note"' in html


def test_each_quads_group_on_one_page_has_its_own_note_id(tmp_path: Path) -> None:
    """The quads section page holds every group's crosstable: with a withdrawal under the
    50 % rule in two groups, each legend's id is its own and each mark leads to its own."""
    season = tmp_path / "quads"
    shutil.copytree(ROOT / "seasons" / "school-quads-2026", season)
    text = (season / "season.yaml").read_text(encoding="utf-8")
    text = text.replace("    late_entries:\n", "    withdrawals:\n"
                        "      - {player: Oscar Zielinski, after_round: 1}\n"
                        "      - {player: Oscar Ito, after_round: 1}\n    late_entries:\n", 1)
    for line in ("Oscar Zielinski - Samir Baker: 1-0", "Yusuf Dubois - Oscar Zielinski: 1-0",
                 "Oscar Ito - Lily Adams: 0-1", "Ivy Chen - Oscar Ito: ½-½"):
        assert f"          - {line}\n" in text
        text = text.replace(f"          - {line}\n", "")
    (season / "season.yaml").write_text(text, encoding="utf-8")
    html = render_pages(load_season(season))[0]["quads/index.html"]
    ids = re.findall(r'id="(void-note[^"]*)"', html)
    assert ids == ["void-note-1", "void-note-2"]
    targets = set(re.findall(r'class="fn" href="#([^"]+)"', html))
    assert targets == set(ids)
