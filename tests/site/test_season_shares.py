"""A folder of seasons rebuilt after an edit loads, derives and builds the edited season
only (issue #29, an archive edit in about a second): every other season stands for
itself by its share (``site/season_share``), kept in the cache by its inputs, and the
site is still what a cold build writes, an identity changed in an old season included.
"""

from __future__ import annotations

import json
from pathlib import Path

from leaguegen.site import pipeline
from leaguegen.site.build import build_seasons
from tests.site.test_archive_cache import CLUB, _club, _flip, _tree


def _counting(monkeypatch) -> list[str]:  # noqa: ANN001
    """The names of the seasons whose facts the builds derive, in order."""
    derived: list[str] = []
    real = pipeline.season_facts
    monkeypatch.setattr(pipeline, "season_facts", lambda season, *args, **kwargs:
                        derived.append(season.name) or real(season, *args, **kwargs))
    return derived


def _cold(club: Path, tmp_path: Path, name: str) -> dict[str, bytes]:
    out = tmp_path / name
    build_seasons(club, out, pdf=False, cache_dir=tmp_path / f"{name}-cache")
    return _tree(out)


def test_an_edit_derives_and_builds_the_edited_season_only(tmp_path, monkeypatch) -> None:
    club = _club(tmp_path)
    out, cache = tmp_path / "site", tmp_path / "cache"
    derived = _counting(monkeypatch)
    report = build_seasons(club, out, pdf=False, cache_dir=cache)
    assert len(derived) == len(CLUB) and sorted(report.seasons_built) == sorted(CLUB)
    first = report.pages
    derived.clear()
    _flip(club)  # a result of riverside-2024
    report = build_seasons(club, out, pdf=False, cache_dir=cache)
    assert report.seasons_built == ["riverside-2024"]
    assert len(derived) == 1
    assert report.pages == first and report.sections_rendered == 1
    derived.clear()
    assert _tree(out) == _cold(club, tmp_path, "cold")
    derived.clear()
    report = build_seasons(club, out, pdf=False, cache_dir=cache)  # nothing changed
    assert report.seasons_built == [] and derived == []


def _rename_2024(club: Path, old: str, new: str, extra: str = "") -> None:
    season = club / "riverside-2024" / "season.yaml"
    text = season.read_text(encoding="utf-8")
    entry = f"{{name: {old}, rating: 1690, federation: POR}}"
    assert text.count(entry) == 1
    text = text.replace(entry, f"{{name: {new}, rating: 1690, federation: POR{extra}}}")
    season.write_text(text.replace(f"{old} -", f"{new} -").replace(f"- {old}:", f"- {new}:"),
                      encoding="utf-8")


def test_an_identity_changed_in_an_old_season_reaches_every_career_page(tmp_path) -> None:
    """A name changed in the oldest season splits a member in two, and an alias joins them
    again: the career pages of the member and of their opponents in the other seasons (not
    built again) follow, as a cold build has them."""
    club = _club(tmp_path)
    out, cache = tmp_path / "site", tmp_path / "cache"
    build_seasons(club, out, pdf=False, cache_dir=cache)
    before = _tree(out)
    assert "club/isabel-ferreira.html" in before
    _rename_2024(club, "Isabel Ferreira", "Isabel Ferreira Costa")
    report = build_seasons(club, out, pdf=False, cache_dir=cache)
    assert report.seasons_built == ["riverside-2024"]
    split = _tree(out)
    assert split == _cold(club, tmp_path, "cold-split")
    assert "club/isabel-ferreira-costa.html" in split
    assert split["club/isabel-ferreira.html"] != before["club/isabel-ferreira.html"]
    _rename_2024(club, "Isabel Ferreira Costa", "Isabel Ferreira Costa",
                 ", aliases: [Isabel Ferreira]")
    report = build_seasons(club, out, pdf=False, cache_dir=cache)
    assert report.seasons_built == ["riverside-2024"]
    joined = _tree(out)
    assert joined == _cold(club, tmp_path, "cold-joined")
    assert "club/isabel-ferreira-costa.html" not in joined
    assert "Isabel Ferreira Costa" in joined["club/isabel-ferreira.html"].decode()
    # an opponent's page names her by her one page again, though its events did not change
    changed = {p for p in joined if p.startswith("club/") and split.get(p) != joined[p]}
    assert len(changed) > 3


def test_a_knockout_in_a_folder_series_keeps_its_places_in_the_share(tmp_path) -> None:
    """A club.yaml series over a knockout (places by the round a player went out, its
    semi-final losers sharing 3rd-4th) reads the same places from a season's share, kept
    in the cache, as from the season's facts: the series after an edit elsewhere equals a
    cold build, and the knockout's players are in it (red while a share kept a table's
    standings only, which a knockout has not)."""
    club = _club(tmp_path)
    text = (club / "club.yaml").read_text(encoding="utf-8")
    line = "      - grand-prix-2027/challengers\n"
    (club / "club.yaml").write_text(text.replace(line, line + "      - grand-prix-2027/knockout\n"),
                                    encoding="utf-8")
    out, cache = tmp_path / "site", tmp_path / "cache"
    build_seasons(club, out, pdf=False, cache_dir=cache)
    _flip(club)  # riverside-2024: grand-prix-2027 comes from its share
    report = build_seasons(club, out, pdf=False, cache_dir=cache)
    assert report.seasons_built == ["riverside-2024"]
    shared = _tree(out)
    assert shared == _cold(club, tmp_path, "cold")
    series = json.loads(shared["club/series-rapid-gp.json"])
    assert [e["name"] for e in series["events"]][3] == "Knock-out"
    places = [row["results"][3] for row in series["standings"] + series["below_minimum"]
              if row["results"][3] is not None]
    # the players who went out in the same round share their places (the cup runs on)
    assert places and any(p["tied"] > 1 for p in places)
