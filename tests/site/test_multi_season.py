"""A folder of seasons builds one site: an index newest first, a path per season, one assets/.

Demo seasons copied into a tmp club folder; the link checker of test_links.py walks the
whole site; the output rules of test_output_safety.py hold for the folder and every
season in it.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from leaguegen.cli import main
from leaguegen.formats.season_yaml import load_season
from leaguegen.site.build import build_seasons, build_site
from leaguegen.site.output_guard import MARKER
from leaguegen.site.season_index import (
    back_labels,
    index_title,
    is_seasons_folder,
    newest_first,
    season_path,
    share_assets,
)
from tests.conftest import ROOT
from tests.site.test_links import broken_links

SEASONS = ROOT / "seasons"
# riverside starts 2026-09-09, amman 2026-10-02, grand prix 2027-03-01
DEMOS = ("riverside-2026", "amman-2026-ar", "grand-prix-2027")


def _club(tmp_path: Path, names=DEMOS) -> Path:
    club = tmp_path / "club"
    for name in names:
        shutil.copytree(SEASONS / name, club / name)
    return club


def _tree(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file()}


def _build(folder: Path, out: Path, *extra: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["build", str(folder), "--out", str(out), "--no-pdf",
                                       *extra])
    return result.exit_code, result.output


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> tuple[Path, Path]:
    tmp = tmp_path_factory.mktemp("multi")
    club = _club(tmp)
    out = tmp / "_site"
    report = build_seasons(club, out, pdf=False)
    assert report.seasons == ["grand-prix-2027", "amman-2026-ar", "riverside-2026"]
    return club, out


def _cards(index: str) -> list[str]:
    return re.findall(r'<a class="card" href="([^"]+)"', index)


def test_one_site_with_an_index_newest_first(site) -> None:
    club, out = site
    index = (out / "index.html").read_text(encoding="utf-8")
    assert _cards(index) == ["grand-prix-2027/index.html", "amman-2026-ar/index.html",
                             "riverside-2026/index.html"]
    assert "Riverside Chess Club Winter League 2026/27" in index
    assert '<time datetime="2026-09-09">' in index  # the season's first round
    assert (out / MARKER).is_file()
    for name in DEMOS:
        assert (out / name / "index.html").is_file()
        assert (out / name / "season.json").is_file()  # each season's feeds under its path


def test_every_link_resolves_and_assets_are_shared_once(site) -> None:
    _, out = site
    assert not broken_links(out), broken_links(out)[:10]
    assert (out / "assets" / "style.css").is_file()
    assert (out / "assets" / "fonts" / "NotoSansArabic-Regular.subset.woff2").is_file()
    assert not [p for p in out.rglob("assets") if p.parent != out]
    page = (out / "riverside-2026" / "premier" / "index.html").read_text(encoding="utf-8")
    assert 'href="../../assets/style.css"' in page


def test_each_season_is_its_single_season_site_under_its_path(site, tmp_path: Path) -> None:
    club, out = site
    alone = tmp_path / "alone"
    build_site(club / "riverside-2026", alone, pdf=False, cache_dir=tmp_path / "cache")
    single = {k: v for k, v in _tree(alone).items() if not k.startswith("assets/")}
    single.pop(MARKER)
    moved = {k: v for k, v in _tree(out / "riverside-2026").items()}
    seasons = {name: load_season(club / name) for name in DEMOS}
    back = back_labels(seasons["riverside-2026"], index_title(seasons))
    assert moved == share_assets(single, back)
    assert moved != single  # the stylesheet links did move
    assert b"seasons-up" not in b"".join(single.values())  # alone: no way up to leave by


_UP = re.compile(r'<a class="seasons-up" href="([^"]+)">([^<]*)</a>')


def test_every_page_of_a_season_links_up_to_the_index_in_its_language(site) -> None:
    """A visitor who came to one season from the index can get back to it from any page."""
    _, out = site
    words = {"riverside-2026": "Seasons", "grand-prix-2027": "Seasons",
             "amman-2026-ar": "المواسم"}  # three organisers: the index says "Seasons"
    pages = 0
    for name, label in words.items():
        for page in (out / name).rglob("*.html"):
            text = page.read_text(encoding="utf-8")
            ups = _UP.findall(text)
            assert len(ups) == 1, page
            href, shown = ups[0]
            assert (page.parent / href).resolve() == (out / "index.html").resolve(), page
            assert shown == label, page
            # in the header, just before the season's own name
            assert re.search(r'<a class="seasons-up"[^>]*>[^<]*</a>\s*<a class="brand"', text)
            pages += 1
    assert pages > 100
    assert "seasons-up" not in (out / "index.html").read_text(encoding="utf-8")


def test_the_way_up_is_named_for_the_organiser_all_seasons_share(tmp_path: Path) -> None:
    club = _club(tmp_path, ("riverside-2026", "grand-prix-2027", "ladya-2026-ru"))
    seasons = {p.name: load_season(p) for p in club.iterdir()}
    assert index_title(seasons) == ""
    ru = back_labels(seasons["ladya-2026-ru"], "")
    assert ru == {"": "Сезоны".encode(), "en/": b"Seasons"}  # each language folder its own
    shutil.rmtree(club / "ladya-2026-ru")
    out = tmp_path / "_site"
    build_seasons(club, out, pdf=False)
    page = (out / "grand-prix-2027" / "index.html").read_text(encoding="utf-8")
    assert _UP.findall(page) == [("../index.html", "Riverside Chess Club")]
    assert "<h1>Riverside Chess Club</h1>" in (out / "index.html").read_text(encoding="utf-8")
    # the organiser's words are escaped like every other text of theirs
    assert back_labels(seasons["riverside-2026"], 'A & <b>"B"</b>') == {
        "": b"A &amp; &lt;b&gt;&#34;B&#34;&lt;/b&gt;"}


def test_the_way_up_goes_before_the_brand_of_each_page_only() -> None:
    brand = b'<header>\n    <a class="brand" href="index.html">S</a>'
    files = {"index.html": brand, "ru/a/b.html": brand.replace(b"index", b"../index"),
             "x/pdf.html": b"<h1>no header</h1>", "feed.atom": brand}
    got = share_assets(files, {"": b"Seasons", "ru/": "Сезоны".encode()})
    assert got["index.html"] == (b'<header>\n    <a class="seasons-up" href="../index.html">'
                                 b'Seasons</a>\n    <a class="brand" href="index.html">S</a>')
    assert got["ru/a/b.html"].startswith(
        '<header>\n    <a class="seasons-up" href="../../../index.html">Сезоны</a>'.encode())
    assert got["x/pdf.html"] == files["x/pdf.html"] and got["feed.atom"] == brand
    assert share_assets(files) == files  # without labels: no link


def test_share_assets_moves_only_links_into_the_seasons_assets() -> None:
    files = {"index.html": b'<link href="assets/style.css"><a href="../assets/x">',
             "a/b.html": b'<link href="../assets/style.css"><img src="assets/y.png">'
                         b'<a href="../../assets/z">',
             "feed.atom": b'href="assets/style.css"'}
    assert share_assets(files) == {
        "index.html": b'<link href="../assets/style.css"><a href="../assets/x">',
        "a/b.html": b'<link href="../../assets/style.css"><img src="assets/y.png">'
                    b'<a href="../../assets/z">',
        "feed.atom": b'href="assets/style.css"'}


def test_a_season_folder_builds_as_before(tmp_path: Path) -> None:
    club = _club(tmp_path, ("riverside-2026",))
    assert is_seasons_folder(club) and not is_seasons_folder(club / "riverside-2026")
    code, output = _build(club / "riverside-2026", tmp_path / "one")
    assert code == 0, output
    assert (tmp_path / "one" / "premier" / "index.html").is_file()
    assert "seasons, newest first" not in output
    empty = tmp_path / "nothing"
    (empty / "docs").mkdir(parents=True)
    assert not is_seasons_folder(empty)
    code, output = _build(empty, tmp_path / "none")
    assert code == 2 and "season.yaml" in output, output


def test_the_cli_builds_a_folder_and_rebuilds_from_the_cache(tmp_path: Path) -> None:
    club = _club(tmp_path, ("riverside-2026", "grand-prix-2027"))
    out = club / "_site"  # the club repository's own _site/, as on Netlify
    code, output = _build(club, out)
    assert code == 0, output
    assert "2 seasons, newest first: grand-prix-2027, riverside-2026" in output
    code, output = _build(club, out)  # _site/ and the cache inside the folder are not seasons
    assert code == 0 and "0 sections rendered" in output, output


def test_newest_first_orders_by_dates_then_name(tmp_path: Path) -> None:
    from leaguegen.formats.season_yaml import load_season

    seasons = {"b": load_season(SEASONS / "riverside-2026"),
               "a": load_season(SEASONS / "riverside-2026"),
               "gp": load_season(SEASONS / "grand-prix-2027"),
               "ru": load_season(SEASONS / "ladya-2026-ru")}
    assert newest_first(seasons) == ["gp", "ru", "a", "b"]


def test_folder_names_become_safe_paths() -> None:
    assert season_path("Autumn 2026") == "autumn-2026"
    assert season_path("../../etc") == "etc"
    assert season_path("assets") == "assets-season"
    assert season_path("CON") == "con-season"
    assert season_path("春季 2026") == "春季-2026"
    assert season_path("...") == ""


def test_clashing_names_and_symlinked_seasons_are_refused(tmp_path: Path) -> None:
    club = _club(tmp_path, ("riverside-2026",))
    shutil.copytree(club / "riverside-2026", club / "Riverside 2026")
    code, output = _build(club, tmp_path / "out")
    assert code == 2 and "same web address (riverside-2026/)" in output, output
    shutil.rmtree(club / "Riverside 2026")
    outside = tmp_path / "elsewhere"
    shutil.copytree(SEASONS / "school-quads-2026", outside)
    (club / "quads").symlink_to(outside, target_is_directory=True)
    code, output = _build(club, tmp_path / "out")
    assert code == 2 and "symbolic link" in output, output
    assert not (tmp_path / "out").exists()


def test_one_invalid_season_keeps_the_old_site(tmp_path: Path) -> None:
    club = _club(tmp_path, ("riverside-2026", "grand-prix-2027"))
    out = tmp_path / "_site"
    assert _build(club, out)[0] == 0
    before = _tree(out)
    season = club / "grand-prix-2027" / "season.yaml"
    season.write_text(season.read_text(encoding="utf-8").replace("name:", "nmae:", 1),
                      encoding="utf-8")
    code, output = _build(club, out)
    assert code == 2 and "grand-prix-2027" in output and "nothing was written" in output
    assert _tree(out) == before


@pytest.mark.parametrize("where", ["folder", "parent", "season", "inside-season"])
def test_out_at_the_folder_a_season_or_inside_one_is_refused_even_with_force(
        tmp_path: Path, where: str) -> None:
    club = _club(tmp_path, ("riverside-2026", "grand-prix-2027"))
    (tmp_path / "minutes.txt").write_text("AGM minutes")
    out = {"folder": club, "parent": tmp_path, "season": club / "grand-prix-2027",
           "inside-season": club / "riverside-2026" / "news"}[where]
    before = _tree(tmp_path)
    for extra in ((), ("--force",)):
        code, output = _build(club, out, *extra)
        assert code == 2, output
        assert "season" in output and "nothing was written" in output, output
        words = {"folder": "is the folder of seasons itself", "parent": "contains the folder",
                 "season": "is the season folder itself", "inside-season": "is inside the season"}
        assert words[where] in output, output
    assert _tree(tmp_path) == before


def test_a_folder_of_other_files_is_refused_and_our_own_is_rebuilt(tmp_path: Path) -> None:
    club = _club(tmp_path, ("riverside-2026",))
    (club / "riverside-2026").rename(club / "winter")
    typo = tmp_path / "typo"
    typo.mkdir()
    (typo / "thesis.tex").write_text("years of work")
    code, output = _build(club, typo)
    assert code == 2 and "leaguegen did not make" in output
    assert (typo / "thesis.tex").read_text() == "years of work"
    out = tmp_path / "_site"
    assert _build(club, out)[0] == 0 and _build(club, out)[0] == 0
    assert _cards((out / "index.html").read_text(encoding="utf-8")) == ["winter/index.html"]


# ---------------------------------------------------------------- serve

def test_the_live_site_equals_the_built_one_through_saves(tmp_path: Path) -> None:
    from leaguegen.site.live_seasons import LiveSeasons

    club = _club(tmp_path, ("amman-2026-ar", "chunhui-2026-zh"))  # small ones: a quick test
    live = LiveSeasons(club, pdf=False)

    def built() -> dict[str, bytes]:
        out = tmp_path / f"fresh-{len(list(tmp_path.iterdir()))}"
        build_seasons(club, out, pdf=False, cache_dir=tmp_path / "cache")
        files = _tree(out)
        files.pop(MARKER)
        return files

    def finished(served):  # noqa: ANN001,ANN202 - the season feeds, made after the reload
        for job in live.background(served):
            served.update(job())
        return served

    served, errors = live.build()
    assert not errors and finished(served).files == built()
    season = club / "chunhui-2026-zh" / "season.yaml"
    good = season.read_text(encoding="utf-8")
    season.write_text(good.replace("name:", "nmae:", 1), encoding="utf-8")
    served, errors = live.build()
    assert served is None and any("chunhui-2026-zh" in e for e in errors)
    season.write_text(good.replace("name: ", "name: Spring ", 1), encoding="utf-8")
    served, errors = live.build()
    assert not errors and b"Spring " in served.files["index.html"]
    assert finished(served).files == built()
    assert CliRunner().invoke(main, ["new", str(club / "next")]).exit_code == 0  # added meanwhile
    served, errors = live.build()
    assert not errors and "next/index.html" in served.files and finished(served).files == built()


def test_serve_accepts_a_folder_of_seasons(tmp_path: Path) -> None:
    import subprocess
    import sys
    import time

    from tests.site.test_serve import _free_port, _get

    club = _club(tmp_path, ("riverside-2026", "grand-prix-2027"))
    port = _free_port()
    proc = subprocess.Popen([sys.executable, "-m", "leaguegen.cli.entry", "serve", str(club),
                             "--port", str(port), "--no-pdf"], stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                index = _get(base + "/index.html")
                break
            except OSError:
                assert proc.poll() is None and time.monotonic() < deadline, "no server"
                time.sleep(0.1)
        assert _cards(index) == ["grand-prix-2027/index.html", "riverside-2026/index.html"]
        assert "Premier" in _get(base + "/riverside-2026/premier/index.html")
        assert "font-family" in _get(base + "/assets/style.css")
    finally:
        proc.terminate()
        proc.wait(timeout=10)
