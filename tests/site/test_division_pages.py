"""A division's standings mark its promotion and relegation places (docs/divisions.md): a
class on the row, an arrow and a word in the row (not only a colour), a legend under the
table; once the section is finished the words say what happened ("promoted",
"relegated"). Round robins (riverside-2026: the Premier still being played, the Major
finished), quads (their order runs group after group) and team leagues (club-league-2026)."""

from __future__ import annotations

import html as htmllib
import re
import shutil
from pathlib import Path

import pytest

from leaguegen.formats.season_yaml import load_season
from tests.conftest import ROOT

SEASONS = ROOT / "seasons"


def _build(season: Path, out: Path) -> Path:
    from leaguegen.site.build import build_site

    build_site(season, out, pdf=False, cache_dir=out.parent / "cache")
    return out


@pytest.fixture(scope="module")
def riverside(tmp_path_factory) -> Path:
    return _build(SEASONS / "riverside-2026", tmp_path_factory.mktemp("rv") / "site")


def marked(page: Path) -> list[tuple[str, str, str]]:
    """(row class, player or team, the place's words) of every marked row."""
    html = page.read_text(encoding="utf-8")
    out = []
    for cls, row in re.findall(r'<tr class="([^"]*(?:promotion|relegation)[^"]*)">(.*?)</tr>',
                               html, re.S):
        name = re.search(r'<td class="name[^"]*">\s*(?:<a [^>]*>)?(?:<bdi>)?([^<]+)', row)
        zone = re.search(r'<span class="zone">([^<]+)</span>', row)
        assert name and zone, row
        out.append((cls, htmllib.unescape(name.group(1).strip()), zone.group(1)))
    return out


def test_the_premier_marks_its_relegation_places_while_it_is_played(riverside: Path) -> None:
    # the last ranked after six rounds (Charlotte Bellamy, 9th), then Siobhan Murphy, out of
    # the table by the 50 % rule: below its last place
    assert marked(riverside / "premier" / "index.html") == [
        ("relegation", "Charlotte Bellamy", "↓ relegation"),
        ("relegation withdrawn", "Siobhan Murphy", "↓ relegation")]
    html = (riverside / "premier" / "index.html").read_text(encoding="utf-8")
    assert ("↑ promotion: the division above next season; ↓ relegation: the division below."
            in htmllib.unescape(html))


def test_the_finished_major_says_who_was_promoted(riverside: Path) -> None:
    assert marked(riverside / "major" / "index.html") == [
        ("promotion", "Oliver Grant", "↑ promoted"), ("promotion", "Kwame Mensah", "↑ promoted")]


def test_a_section_that_is_no_division_marks_nothing(riverside: Path) -> None:
    html = (riverside / "rapid" / "index.html").read_text(encoding="utf-8")
    assert 'class="zone"' not in html and "↑ promotion:" not in htmllib.unescape(html)


def test_team_divisions_mark_the_blocks_places(tmp_path: Path) -> None:
    site = _build(SEASONS / "club-league-2026", tmp_path / "site")
    assert marked(site / "division-1" / "index.html") == [
        ("promotion", "Riverside A", "↑ promotion"), ("relegation", "Riverside B", "↓ relegation")]
    assert marked(site / "division-2" / "index.html") == [
        ("promotion", "Castle Rooks", "↑ promotion")]


def test_a_quads_division_runs_group_after_group(tmp_path: Path) -> None:
    folder = tmp_path / "quads"
    shutil.copytree(SEASONS / "school-quads-2026", folder)
    path = folder / "season.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("\nsections:\n", "\ndivisions:\n  - {section: quads, promote:"
                                 " 1, relegate: 2}\nsections:\n", 1), encoding="utf-8")
    from leaguegen.domain.divisions import final_order
    from leaguegen.domain.sections import derive_facts

    facts = derive_facts(load_season(folder).section("quads"))
    order = final_order(facts)
    first, last = facts.rankings[0][1][0], facts.rankings[-1][1][-2:]
    assert order[0] == first and order[-2:] == last
    site = _build(folder, tmp_path / "site")
    group1 = marked(site / "quads" / "group-1" / "index.html")
    assert [(c, n) for c, n, _ in group1] == [("promotion", first)]
    groups = sorted((site / "quads").glob("group-*/index.html"),
                    key=lambda p: int(p.parent.name.split("-")[1]))
    assert [n for _, n, _ in marked(groups[-1])] == list(last)
