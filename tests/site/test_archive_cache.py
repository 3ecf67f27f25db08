"""A folder of seasons rebuilt after an edit does the edit's work only (issue #29, the
archive's speed), and still writes what a cold build writes.

- the club's pages are kept in the cache by their context: one result changes the pages
  of the members it reaches, and only those are rendered again;
- a file the last build wrote, unchanged since, is linked into the new site (its inode
  kept), not made and written again; one changed, replaced or removed by hand is
  written anew (``write.Manifest``);
- nothing changed: the CLI answers from the folder's stamp without loading a season.

The demo seasons are copied into a tmp folder (their git history stays behind: the
copies of a cold and an incremental build read the same files).
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from click.testing import CliRunner

from leaguegen.cli import main
from leaguegen.domain.season_facts import season_facts
from leaguegen.formats.club_file import read_club_file
from leaguegen.formats.season_yaml import load_seasons
from leaguegen.site import season_index
from leaguegen.site.build import build_seasons
from leaguegen.site.incremental import MemoryStore
from leaguegen.site.output_guard import MARKER
from leaguegen.site.season_share import share_of
from tests.conftest import ROOT

SEASONS = ROOT / "seasons"
CLUB = ("riverside-2024", "riverside-2025", "riverside-2026", "thursday-swiss-2026",
        "grand-prix-2027")  # recurring members; the seasons club.yaml names
RESULT = "Eleanor Whitfield - Isabel Ferreira: 1-0"  # a game of riverside-2024
FLIPPED = "Eleanor Whitfield - Isabel Ferreira: 0-1"


def _club(tmp_path: Path) -> Path:
    club = tmp_path / "club"
    for name in CLUB:
        shutil.copytree(SEASONS / name, club / name)
    shutil.copy(SEASONS / "club.yaml", club / "club.yaml")
    return club


def _flip(club: Path) -> None:
    season = club / "riverside-2024" / "season.yaml"
    text = season.read_text(encoding="utf-8")
    assert text.count(RESULT) == 1
    season.write_text(text.replace(RESULT, FLIPPED), encoding="utf-8")


def _tree(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file()}


class CountingStore(MemoryStore):
    """A memory store that counts the pages put in it (each one rendered)."""

    def __init__(self) -> None:
        super().__init__()
        self.rendered = 0

    def put_page(self, key: str, html: str) -> None:
        self.rendered += 1
        self.put(key, html)


def _club_files(club: Path, store: CountingStore | None) -> dict[str, bytes]:
    folders = season_index.season_folders(club)
    seasons = load_seasons(folders)
    shares = {path: share_of(path, season, season_facts(season))
              for path, season in seasons.items()}
    return season_index.club_files(shares, read_club_file(club, seasons, folders),
                                   pdf=True, store=store)


def test_an_edit_renders_again_only_the_club_pages_whose_context_changed(tmp_path) -> None:
    club = _club(tmp_path)
    store = CountingStore()
    before = _club_files(club, store)
    pages = [p for p in before if not p.endswith(".json")]  # the JSON is no template's
    assert store.rendered == len(pages) > 50
    assert before == _club_files(club, None)  # through the store: the same bytes
    store.rendered = 0
    assert _club_files(club, store) == before
    assert store.rendered == 0  # nothing changed: nothing rendered
    _flip(club)
    after = _club_files(club, store)
    changed = [p for p in pages if after[p] != before[p]]
    # the two players' pages, their opponents' head-to-head and ratings, the rating list
    assert 2 <= len(changed) < len(pages) // 2
    assert store.rendered == len(changed)
    assert after == _club_files(club, None)


def test_an_edit_rebuilt_equals_a_cold_build_and_links_what_did_not_change(tmp_path) -> None:
    club = _club(tmp_path)
    out, cache = tmp_path / "site", tmp_path / "cache"
    build_seasons(club, out, pdf=False, cache_dir=cache)
    inodes = {rel: os.stat(out / rel).st_ino for rel in _tree(out)}
    old = _tree(out)
    _flip(club)
    build_seasons(club, out, pdf=False, cache_dir=cache)
    build_seasons(club, tmp_path / "cold", pdf=False, cache_dir=tmp_path / "cold-cache")
    new = _tree(out)
    assert new == _tree(tmp_path / "cold")
    changed = {rel for rel in new if old.get(rel) != new[rel]}
    assert "club/ratings.html" in changed and "riverside-2024/index.html" not in changed
    kept = {rel for rel in new if rel != MARKER and os.stat(out / rel).st_ino == inodes.get(rel)}
    # every file that did not change is the very file of the last build; none that did
    assert kept == set(new) - changed - {MARKER}
    assert len(kept) > 10 * len(changed)


def test_a_file_changed_by_hand_in_the_site_is_written_again(tmp_path) -> None:
    club = _club(tmp_path)
    out, cache = tmp_path / "site", tmp_path / "cache"
    build_seasons(club, out, pdf=False, cache_dir=cache)
    built = _tree(out)
    grown = out / "club" / "index.html"
    grown.write_bytes(grown.read_bytes() + b"<!-- by hand -->")
    # the same size, the same file: its modification time (a second later, as an edit after
    # the build is: set here, the kernel's clock for files ticking in milliseconds)
    page = out / "riverside-2025" / "index.html"
    info = page.stat()
    page.write_bytes(b"x" * info.st_size)
    os.utime(page, ns=(info.st_atime_ns, info.st_mtime_ns + 10**9))
    assert page.stat().st_ino == info.st_ino
    (out / "riverside-2026" / "index.html").unlink()
    feed = out / "riverside-2026" / "season.json"
    feed.unlink()
    feed.symlink_to(tmp_path / "elsewhere.json")
    build_seasons(club, out, pdf=False, cache_dir=cache)
    assert _tree(out) == built
    assert not feed.is_symlink()
    assert not (tmp_path / "elsewhere.json").exists()


def test_a_folder_rebuilt_with_nothing_changed_is_answered_from_its_stamp(tmp_path) -> None:
    club = _club(tmp_path)
    out = tmp_path / "site"

    def build() -> str:
        result = CliRunner().invoke(main, ["build", str(club), "--out", str(out), "--no-pdf"])
        assert result.exit_code == 0, result.output
        return result.output

    assert "nothing changed" not in build()
    built = _tree(out)
    assert "nothing changed" in build()
    assert _tree(out) == built
    (club / "club.yaml").write_text((club / "club.yaml").read_text(encoding="utf-8")
                                    + "# a comment\n", encoding="utf-8")
    assert "nothing changed" not in build()  # club.yaml is one of the folder's inputs
    _flip(club)
    assert "nothing changed" not in build()
    assert "nothing changed" in build()


def test_a_damaged_or_linked_manifest_writes_every_file(tmp_path) -> None:
    club = _club(tmp_path)
    out, cache = tmp_path / "site", tmp_path / "cache"
    build_seasons(club, out, pdf=False, cache_dir=cache)
    built = _tree(out)
    manifest = cache / "site-manifest.json"
    text = manifest.read_text(encoding="utf-8")
    manifest.write_text(text.replace('"club/index.html":[', '"club/index.html":[1,'),
                        encoding="utf-8")
    build_seasons(club, out, pdf=False, cache_dir=cache)
    assert _tree(out) == built
    manifest.unlink()
    target = tmp_path / "elsewhere.json"
    target.write_text("{}", encoding="utf-8")
    manifest.symlink_to(target)
    build_seasons(club, out, pdf=False, cache_dir=cache)
    assert _tree(out) == built
    assert target.read_text(encoding="utf-8") == "{}"  # not written through the link
    assert not manifest.is_symlink() and '"head"' in manifest.read_text(encoding="utf-8")


def test_serve_renders_again_only_the_club_pages_a_save_changed(tmp_path, monkeypatch) -> None:
    """``serve`` on a folder keeps the last save's club pages (``ClubMemo.pages``): a save
    renders the changed ones only, serves what a cold build writes, and keeps no more
    pages than the site has."""
    from leaguegen.site.live_seasons import LiveSeasons

    club = _club(tmp_path)
    rendered: list[int] = []
    render = season_index._ClubRender._render
    monkeypatch.setattr(season_index._ClubRender, "_render",
                        lambda self, jobs: rendered.append(len(jobs)) or render(self, jobs))
    live = LiveSeasons(club, pdf=False)

    def save() -> tuple:
        """A save: its build, then its background jobs (the club's pages), as serve runs
        them."""
        served, errors = live.build()
        for job in live.background(served) if served is not None else []:
            served.update(job())
        return served, errors

    served, errors = save()
    assert not errors
    pages = sum(rendered)
    assert pages == sum(1 for p in served.club if p.endswith(".html")) > 50
    rendered.clear()
    served, errors = save()  # nothing changed
    assert not errors and sum(rendered) == 0
    _flip(club)
    served, errors = save()
    assert not errors and 0 < sum(rendered) < pages // 4
    assert len(live.club.pages) == pages
    out = tmp_path / "cold"
    build_seasons(club, out, pdf=False, cache_dir=tmp_path / "cache")
    cold = _tree(out)
    assert {p: d for p, d in served.club.items()} == {
        p: d for p, d in cold.items() if p in served.club}
    assert set(served.club) <= set(cold)


def test_serve_leaves_a_season_no_save_touched_as_it_was(tmp_path, monkeypatch) -> None:
    """A save in one season of a folder loads and builds that season only; the others'
    last builds are served as they were (what a cold build writes, still)."""
    from leaguegen.site import live
    from leaguegen.site.live_seasons import LiveSeasons

    club = _club(tmp_path)
    built: list[str] = []
    build = live.LiveSite.build
    monkeypatch.setattr(live.LiveSite, "build",
                        lambda self: built.append(self.season_dir.name) or build(self))
    served = LiveSeasons(club, pdf=False)

    def save():  # noqa: ANN202 - a save as serve makes it: the build, then its background
        files, errors = served.build()
        assert not errors
        for job in served.background(files):
            files.update(job())
        return files

    save()
    assert sorted(built) == sorted(CLUB)
    built.clear()
    save()
    assert built == []
    _flip(club)
    files = save()
    assert built == ["riverside-2024"]
    out = tmp_path / "cold"
    build_seasons(club, out, pdf=False, cache_dir=tmp_path / "cache")
    cold = _tree(out)
    cold.pop(MARKER)
    assert files.files == cold
