"""The standings after an earlier round (#29) of every kind that ranks beyond the round
robin and the Swiss: quads (each group), Double Swiss, team league (with its zones), team
Swiss and Scheveningen (the match score).

Two checks per kind, on real seasons (the demo's quads, divisions and Scheveningen match,
tests/data's team Swiss, a Double Swiss of two matches):

- the page after round k shows what the section's own page shows for the same season with
  every round after k taken out of its file (``_cut``: the YAML without those rounds'
  results), table by table;
- after the last round with results, the kind's standings (``SectionKind.after``) are its
  final standings, and the season cut there builds the same section page.

A knockout has no such pages (its bracket is the history).
"""

from __future__ import annotations

import html as htmllib
import re
from pathlib import Path

import pytest
import yaml

from leaguegen.domain.sections import derive_facts, kind_of
from leaguegen.formats.season_yaml import load_season
from leaguegen.site.build import build_site
from tests.conftest import ROOT

SEASONS = ROOT / "seasons"
DOUBLE_SWISS = """\
name: Winter Double-Swiss
sections:
  - id: ds
    name: Winter Double-Swiss
    format: double_swiss
    number_of_rounds: 3
    players: [Ann Able, Bo Bell, Cy Cole, Di Dunn, Ed Eng]
    rounds:
      - date: 2026-02-05
        results:
          - Ann Able - Di Dunn: 1-0 ½-½
          - Ed Eng - Bo Bell: 0-1 0-1
          - Cy Cole: bye
      - date: 2026-02-12
        results:
          - Bo Bell - Ann Able: ½-½ ½-½
          - Cy Cole - Ed Eng: 1-0 +-
          - Di Dunn: bye
"""
# (season folder or its text, section id, rounds with results)
CASES = {
    "quads": (SEASONS / "school-quads-2026", "quads", 3),
    "team-league-1": (SEASONS / "club-league-2026", "division-1", 5),
    "team-league-2": (SEASONS / "club-league-2026", "division-2", 2),
    "scheveningen": (SEASONS / "scheveningen-2026", "match", 4),
    "team-swiss": (ROOT / "tests" / "data" / "team-swiss-2026", "open", 7),
    "double-swiss": (DOUBLE_SWISS, "ds", 2),
}
TABLES = re.compile(r'<table class="(?:standings|scoreboard)[^"]*">.*?</table>', re.S)


def _text(html: str) -> str:
    return " ".join(htmllib.unescape(re.sub(r"<[^>]+>", " ", html)).split())


def _tables(page: Path) -> list[str]:
    """The text of each standings table (and a match score) of a page, links left out:
    the section page links each tie-break to its explanation, these pages do not."""
    return [_text(t) for t in TABLES.findall(page.read_text(encoding="utf-8"))]


def _text_of(source: Path | str) -> str:
    return source if isinstance(source, str) else (source / "season.yaml").read_text(
        encoding="utf-8")


def _cut(text: str, section_id: str, after: int) -> str:
    """The season with the rounds of ``section_id`` after ``after`` not played yet: their
    results taken out, their dates kept (a kind paired round by round lists a round once
    it is paired: those rounds are taken out)."""
    season = yaml.safe_load(text)
    section = next(s for s in season["sections"] if s["id"] == section_id)
    later = [] if section["format"] in ("double_swiss", "team_swiss") else [
        {"date": r["date"]} for r in section["rounds"][after:]]
    section["rounds"] = section["rounds"][:after] + later
    return yaml.safe_dump(season, allow_unicode=True, sort_keys=False)


def _folder(tmp: Path, name: str, text: str) -> Path:
    folder = tmp / name
    folder.mkdir()
    (folder / "season.yaml").write_text(text, encoding="utf-8")
    return folder


def _build(folder: Path) -> Path:
    out = folder.parent / f"{folder.name}-site"
    build_site(folder, out, pdf=False, cache_dir=folder.parent / f"{folder.name}-cache")
    return out


@pytest.fixture(scope="module", params=sorted(CASES))
def case(request, tmp_path_factory) -> tuple[str, str, int, Path, Path]:
    """(season text, section id, rounds played, the season's folder, its built site)."""
    source, section_id, rounds = CASES[request.param]
    text = _text_of(source)
    tmp = tmp_path_factory.mktemp(request.param)
    folder = _folder(tmp, "season", text)
    return text, section_id, rounds, folder, _build(folder)


def test_a_page_after_each_earlier_round_shows_the_season_cut_there(case, tmp_path) -> None:
    text, section_id, rounds, _, site = case
    pages = sorted(p.name for p in (site / section_id).glob("standings-*.html"))
    assert pages == sorted(f"standings-{k}.html" for k in range(1, rounds))
    for after in range(1, rounds):
        cut = _build(_folder(tmp_path, f"cut-{after}", _cut(text, section_id, after)))
        page = site / section_id / f"standings-{after}.html"
        expected = _tables(cut / section_id / "index.html")
        assert expected and _tables(page) == expected, after
        assert f"Standings after round {after}" in page.read_text(encoding="utf-8")


def test_after_the_last_round_they_are_the_final_standings(case, tmp_path) -> None:
    text, section_id, rounds, folder, site = case
    section = load_season(folder).section(section_id)
    final = derive_facts(section)
    assert final.progress.rounds_played == rounds
    kind = kind_of(section.format)
    assert _values(kind.after(section, rounds)) == _values(final)
    assert _values(kind.after(section, rounds - 1)) != _values(final)
    cut = _build(_folder(tmp_path, "cut", _cut(text, section_id, rounds)))
    assert _tables(cut / section_id / "index.html") == _tables(site / section_id / "index.html")


def test_the_section_page_links_every_earlier_round(case) -> None:
    _, section_id, rounds, _, site = case
    section = (site / section_id / "index.html").read_text(encoding="utf-8")
    nav = section[section.index('<nav class="section-nav round-selector"'):]
    nav = nav[:nav.index("</nav>")]
    assert re.findall(r'href="([^"]+)"', nav) == [
        *(f"standings-{k}.html" for k in range(1, rounds)), "index.html"]
    one = (site / section_id / "standings-1.html").read_text(encoding="utf-8")
    assert '<a href="standings-1.html" aria-current="page">1</a>' in one


def _values(facts) -> object:  # noqa: ANN001 - any kind's facts
    """What a kind's standings say, as plain values: each group's (quads), the team rows
    (team kinds), the match score (Scheveningen), the players' rows and match points."""
    groups = getattr(facts, "group_facts", None)
    if groups is not None:
        return tuple(_values(g) for g in groups)
    rows = getattr(facts, "rows", None)
    if rows is not None:
        return tuple((r.rank, r.team, r.played, r.won, r.drawn, r.lost, r.values, r.zone)
                     for r in rows)
    score = getattr(facts, "score", None)
    if score is not None:
        return score, facts.individual
    players = tuple((r.rank, r.number, r.points, r.values) for r in facts.standings.rows)
    return players, getattr(facts, "scores", None)


def test_a_knockout_has_none(tmp_path) -> None:
    site = _build(_folder(tmp_path, "gp", _text_of(SEASONS / "grand-prix-2027")))
    season = load_season(SEASONS / "grand-prix-2027")
    cups = [s.id for s in season.sections if s.format == "knockout"]
    assert cups and kind_of("knockout").cut is None
    for cup in cups:
        assert not list((site / cup).glob("standings-*.html"))
        assert "round-selector" not in (site / cup / "index.html").read_text(encoding="utf-8")
