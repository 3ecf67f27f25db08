"""A kind is its documented places and nothing else (issue 27, item 4): the toy kind of
``toy_kind.py``, defined only in the tests, goes through every chore, ``check``,
``build``, every feed and ``export trf`` with no change to ``leaguegen/``."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from leaguegen.cli import main
from leaguegen.domain.sections import kind_of
from leaguegen.formats.season_yaml import load_season
from tests.kinds.toy_kind import FORMAT, ToyDetails, installed

SEASON = """\
name: Toy Season
organiser: Test Club
venue: The Hall
language: en
scoring: {win: 1, draw: 0.5, loss: 0}
sections:
  - id: toys
    name: Toy League
    format: toy_league
    motto: play nicely   # the kind's own key
    seeding: rating
    players:
      - {name: Eve Evans, rating: 1600}
      - {name: Ann Archer, rating: 2000}
      - {name: Cat Cooper, rating: 1800}
      - {name: Bob Baker, rating: 1900}
      - {name: Dan Dyer, rating: 1700}
    rounds:
      - date: 2026-10-01
      - date: 2026-10-08
      - date: 2026-10-15
      - date: 2026-10-22
      - date: 2026-10-29
"""


@pytest.fixture
def toy() -> Iterator[None]:
    with installed():
        yield


@pytest.fixture
def season(tmp_path: Path, toy: None) -> Path:
    folder = tmp_path / "toy"
    folder.mkdir()
    (folder / "season.yaml").write_text(SEASON, encoding="utf-8")
    return folder


def run(*args: object):  # noqa: ANN201
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


def text(folder: Path) -> str:
    return (folder / "season.yaml").read_text(encoding="utf-8")


def test_the_toy_kind_is_read_by_its_own_reader(season: Path) -> None:
    section = load_season(season).section("toys")
    assert section.format == FORMAT
    assert section.details == ToyDetails("play nicely")
    assert [p.name for p in section.players][:2] == ["Ann Archer", "Bob Baker"]  # by rating
    res = run("check", season)
    assert res.exit_code == 0, res.output
    assert "1 section, 5 players" in res.output


def test_the_toy_kind_is_gone_after_its_fixture() -> None:
    with pytest.raises(KeyError):
        kind_of(FORMAT)


def test_result_finds_the_game_in_the_kinds_schedule_and_freezes(season: Path) -> None:
    res = run("result", season, "--section", "toys", "Bob Baker - Eve Evans", "1-0")
    assert res.exit_code == 0, res.output
    assert "pairing numbers frozen" in res.output
    assert "round 1: Bob Baker - Eve Evans: 1-0" in res.output
    section = load_season(season).section("toys")
    assert [(g.round, g.white, g.black, g.result.text) for g in section.games
            if g.result] == [(1, 2, 5, "1-0")]
    assert "seeding: list" in text(season)
    # the kind's schedule decides the colours: the other way round is refused, unwritten
    before = text(season)
    res = run("result", season, "--section", "toys", "Ann Archer - Cat Cooper", "1-0")
    assert res.exit_code == 2
    assert "Cat Cooper has White against Ann Archer in round 3" in res.output
    assert text(season) == before


def test_withdraw_enter_and_freeze(season: Path) -> None:
    res = run("withdraw", season, "Cat Cooper", "--section", "toys", "--after-round", "0",
              "--reason", "moved away")
    assert res.exit_code == 0, res.output
    assert "Cat Cooper withdrawn after round 0 (moved away)" in res.output
    res = run("freeze", season, "--section", "toys")
    assert res.exit_code == 0, res.output
    assert "section 'toys': pairing numbers frozen" in res.output
    res = run("result", season, "--section", "toys", "Bob Baker - Eve Evans", "½-½")
    assert res.exit_code == 0, res.output
    # an odd field with results: the late entry takes the free number, as the kind says
    res = run("enter", season, "Fay Fox", "--section", "toys", "--rating", "1500")
    assert res.exit_code == 0, res.output
    assert "Fay Fox entered as No. 6 (late_entries, the free number)" in res.output
    section = load_season(season).section("toys")
    assert [p.name for p in section.players][-1] == "Fay Fox"
    assert [(w.player, w.after_round) for w in section.withdrawals] == [(3, 0)]


def test_bye_is_refused_by_the_kind(season: Path) -> None:
    before = text(season)
    res = run("bye", season, "Ann Archer", "--section", "toys", "--round", "2")
    assert res.exit_code == 2
    assert "a requested bye is for a Swiss section" in res.output
    assert text(season) == before


def test_build_pages_feeds_and_trf(season: Path, tmp_path: Path) -> None:
    assert run("result", season, "--section", "toys", "Bob Baker - Eve Evans",
               "1-0").exit_code == 0
    out = tmp_path / "site"
    res = run("build", season, "--out", out, "--no-pdf")
    assert res.exit_code == 0, res.output
    assert "Toy league" in (out / "index.html").read_text(encoding="utf-8")
    page = (out / "toys" / "index.html").read_text(encoding="utf-8")
    assert "Bob Baker" in page and "Toy League" in page
    assert (out / "toys" / "rounds.html").is_file()
    assert (out / "toys" / "players" / "dan-dyer.html").is_file()
    feed = json.loads((out / "toys" / "section.json").read_text(encoding="utf-8"))
    assert feed["section"]["format"] == FORMAT
    assert json.loads((out / "season.json").read_text(encoding="utf-8"))["sections"][0][
        "format"] == FORMAT
    assert "BEGIN:VEVENT" in (out / "season.ics").read_text(encoding="utf-8")
    assert (out / "toys" / "section.ics").is_file()
    assert "<feed" in (out / "feed.atom").read_text(encoding="utf-8")
    assert "092 Toy league" in (out / "toys" / "toys.trf").read_text(encoding="utf-8")
    res = run("export", "trf", season, "--section", "toys")
    assert res.exit_code == 0, res.output
    assert "092 Toy league" in res.output
    rows = [line for line in res.output.splitlines() if line.startswith("001")]
    assert len(rows) == 5
    assert "Bob Baker" in rows[1] and " 1.0 " in rows[1]


def test_a_demo_season_is_unchanged_by_the_toy(toy: None, tmp_path: Path) -> None:
    from tests.conftest import ROOT

    folder = tmp_path / "riverside"
    shutil.copytree(ROOT / "seasons" / "riverside-2026", folder)
    assert run("check", folder).exit_code == 0
