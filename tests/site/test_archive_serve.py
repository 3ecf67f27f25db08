"""``serve`` on a club's archive does the work of what a save changed (issue #29: a save in
the archive within the single season's budget), and serves what a cold build writes.

- the club layer (``pages.club.ClubMemo``) is kept between saves: a result makes again the
  careers of its two players only (and of whoever it moves into or out of a division's
  promotion or relegation place), the club rating list groups again the games of the
  edited season only and rates again from it on (the seasons before it are kept);
- a save that changed nothing makes no club page at all (the layer is keyed by the
  seasons' shares);
- after each kind of edit (a result in the newest season, in the oldest, a rename and an
  alias in an old season) the served site, its background work done, is a cold build's.

Work is counted, not timed.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from leaguegen.domain.club import club_rating
from leaguegen.site import season_index
from leaguegen.site.build import build_seasons
from leaguegen.site.live_seasons import LiveSeasons
from leaguegen.site.output_guard import MARKER
from leaguegen.site.pipeline import SeasonsFiles
from tests.site.test_archive_cache import SEASONS, _club, _flip, _tree
from tests.site.test_season_shares import _rename_2024

NEWEST = ("grand-prix-2027", "Ravi Shankar - Ingrid Berg: 1-0",
          "Ravi Shankar - Ingrid Berg: 0-1")  # the Challengers, last round


def _serve(club: Path) -> tuple[LiveSeasons, Callable[[], SeasonsFiles]]:
    live = LiveSeasons(club, pdf=False)

    def save() -> SeasonsFiles:
        """A save as ``serve`` makes it: the build, then its background jobs."""
        files, errors = live.build()
        assert not errors and files is not None, errors
        for job in live.background(files):
            files.update(job())
        return files

    return live, save


def _flip_newest(club: Path) -> None:
    season = club / NEWEST[0] / "season.yaml"
    text = season.read_text(encoding="utf-8")
    assert text.count(NEWEST[1]) == 1
    season.write_text(text.replace(NEWEST[1], NEWEST[2]), encoding="utf-8")


def _cold(club: Path, tmp_path: Path, name: str) -> dict[str, bytes]:
    out = tmp_path / name
    build_seasons(club, out, pdf=False, cache_dir=tmp_path / f"{name}-cache")
    tree = _tree(out)
    tree.pop(MARKER)
    return tree


@pytest.fixture()
def grouped(monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    """The seasons whose games the club rating list grouped by round, call by call."""
    calls: list[list[str]] = []
    real = club_rating._rounds
    monkeypatch.setattr(club_rating, "_rounds", lambda careers, seasons:
                        calls.append(sorted(seasons)) or real(careers, seasons))
    return calls


def test_a_save_makes_again_only_the_careers_and_ratings_its_edit_changed(
        tmp_path: Path, grouped: list[list[str]]) -> None:
    club = _club(tmp_path)
    live, save = _serve(club)
    save()
    memo = live.club
    assert memo.roster is not None and memo.rating is not None
    order = [s.season for s in memo.rating.seasons]
    assert memo.made == len(memo.roster.members) > 20  # the first save: every career
    assert grouped == [sorted(order)]
    grouped.clear()

    _flip_newest(club)
    run = memo.rating
    save()
    assert memo.made == 2  # Ravi Shankar's and Ingrid Berg's; no one else's
    assert grouped == [[NEWEST[0]]]
    assert order[-1] == NEWEST[0]
    # the seasons before the edited one are the last save's, not rated again
    assert all(new is old for new, old in zip(memo.rating.seasons[:-1], run.seasons[:-1],
                                              strict=True))
    assert memo.rating.seasons[-1] is not run.seasons[-1]
    grouped.clear()

    _flip(club)  # riverside-2024, the oldest season: every later season is rated again
    run = memo.rating
    save()
    # Eleanor Whitfield's and Isabel Ferreira's, who played the game, and Siobhan
    # Murphy's: the flip takes Isabel out of the relegation place and puts Siobhan in it
    # (a career says relegated), no one else's
    assert memo.made == 3
    assert order[0] == "riverside-2024" and grouped == [["riverside-2024"]]
    assert all(new is not old for new, old in zip(memo.rating.seasons, run.seasons,
                                                  strict=True))
    # the later seasons' games are taken as grouped before, rated from the new ratings
    assert all(new.games is old.games for new, old in zip(memo.rating.seasons[1:],
                                                          run.seasons[1:], strict=True))


def test_a_save_that_changed_nothing_makes_no_club_page(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch,
                                                        grouped: list[list[str]]) -> None:
    club = _club(tmp_path)
    made: list[int] = []
    real = season_index._club_files
    monkeypatch.setattr(season_index, "_club_files",
                        lambda *args: made.append(1) or real(*args))
    rendered: list[int] = []
    render = season_index._ClubRender._render
    monkeypatch.setattr(season_index._ClubRender, "_render",
                        lambda self, jobs: rendered.append(len(jobs)) or render(self, jobs))
    live, save = _serve(club)
    first = save()
    assert made == [1] and sum(rendered) > 50
    made.clear()
    rendered.clear()
    grouped.clear()
    again = save()
    # no career, rating, series or page made: the last save's club files, as they were
    assert made == [] and rendered == [] and grouped == []
    assert again.club == first.club


def test_the_served_archive_after_each_kind_of_edit_is_a_cold_build(tmp_path: Path) -> None:
    club = _club(tmp_path)
    _live, save = _serve(club)
    save()
    edits: list[tuple[str, Callable[[], None]]] = [
        ("newest", lambda: _flip_newest(club)),
        ("oldest", lambda: _flip(club)),
        # a name changed in the oldest season splits a member; an alias joins them again
        ("split", lambda: _rename_2024(club, "Isabel Ferreira", "Isabel Ferreira Costa")),
        ("joined", lambda: _rename_2024(club, "Isabel Ferreira Costa", "Isabel Ferreira Costa",
                                        ", aliases: [Isabel Ferreira]")),
    ]
    for name, edit in edits:
        edit()
        served = save().files
        assert served == _cold(club, tmp_path, f"cold-{name}"), name
    assert "club/isabel-ferreira-costa.html" not in served
    assert "Isabel Ferreira Costa" in served["club/isabel-ferreira.html"].decode()


def test_a_save_in_a_folder_of_two_languages_keeps_both_languages_club_pages(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """With a Russian season beside the English ones the club's pages are made in both
    languages; a result makes again the pages it changes in each language, and keeps
    every other page of both (the last save's pages are kept once per save, for every
    language: red when each language's render let go of the others' pages)."""
    club = _club(tmp_path)
    shutil.copytree(SEASONS / "ladya-2026-ru", club / "ladya-2026-ru")
    rendered: list[str] = []
    render = season_index._ClubRender._render
    monkeypatch.setattr(season_index._ClubRender, "_render", lambda self, jobs:
                        rendered.extend(here for here, _, _ in jobs) or render(self, jobs))
    live, save = _serve(club)
    save()
    # every club page, in English and in Russian
    assert len(rendered) > 100 and rendered.count("club/index.html") == 2
    rendered.clear()
    _flip_newest(club)
    served = save().files
    assert 0 < len(rendered) <= 2 * 12, rendered  # two careers, the lists, in each language
    assert {"club/ravi-shankar.html", "club/ingrid-berg.html"} <= set(rendered)
    assert rendered.count("club/ravi-shankar.html") == 2  # once per language
    assert "ru/club/ravi-shankar.html" in served
    assert served == _cold(club, tmp_path, "cold-two-languages")
