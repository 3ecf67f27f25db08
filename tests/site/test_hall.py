"""The hall (issue #32): a venue screen per section (large pairings and standings, a meta
refresh, no script) and ``serve --lan`` (every interface, read-only, a warning, the
address and its QR code in the terminal)."""

from __future__ import annotations

import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from tests.conftest import ROOT

SEASONS = ROOT / "seasons"


@pytest.fixture(scope="module")
def sites(tmp_path_factory) -> dict[str, Path]:  # noqa: ANN001
    from leaguegen.site.build import build_site

    out = {}
    for name in ("thursday-swiss-2026", "amman-2026-ar", "grand-prix-2027"):
        target = tmp_path_factory.mktemp(name) / "site"
        build_site(SEASONS / name, target, pdf=False, cache_dir=target.parent / "cache")
        out[name] = target
    return out


def _screen_page(name: str, sid: str):  # noqa: ANN202 - ScreenPage
    from leaguegen.domain.season_facts import season_facts
    from leaguegen.formats.season_yaml import load_season
    from leaguegen.site.pages.screen import screen_page

    season = load_season(SEASONS / name)
    return screen_page(season, season_facts(season).of(season.section(sid)))


@pytest.mark.parametrize("name, sid", [("thursday-swiss-2026", "open"),
                                       ("amman-2026-ar", "alnukhba")])
def test_the_screen_shows_the_round_and_standings_and_reloads_itself(
        sites, name: str, sid: str) -> None:
    html = (sites[name] / sid / "screen.html").read_text(encoding="utf-8")
    page = _screen_page(name, sid)
    assert '<meta http-equiv="refresh" content="60">' in html
    assert "<script" not in html.lower()
    assert page.boards and page.standings
    for board in page.boards:
        assert f"<bdi>{board.white}</bdi>" in html and f"<bdi>{board.black}</bdi>" in html
    for row in page.standings:
        assert f"<bdi>{row.name}</bdi>" in html
    assert len(re.findall(r"<tr>", html)) == len(page.boards) + len(page.standings) + 2
    az = (sites[name] / sid / "alphabetical.html").read_text(encoding="utf-8")
    assert 'href="screen.html"' in az


def test_the_arabic_screen_runs_right_to_left(sites) -> None:
    html = (sites["amman-2026-ar"] / "alnukhba" / "screen.html").read_text(encoding="utf-8")
    assert '<html lang="ar" dir="rtl">' in html
    assert "أزواج الجولة ٥" in html  # "Pairings of round 5", in Arabic-Indic digits


def test_results_entered_show_on_the_screen() -> None:
    """The Riverside sections' current rounds have some results in: each shows on its board,
    the others are blank."""
    from leaguegen.domain.season_facts import season_facts
    from leaguegen.formats.season_yaml import load_season
    from leaguegen.site.pages.screen import screen_page

    season = load_season(SEASONS / "riverside-2026")
    for section in season.sections:
        page = screen_page(season, season_facts(season).of(section))
        if page is None:
            continue
        games = {(g.white, g.black): g for g in section.games
                 if g.round == page.number}
        names = {p.name: n for n, p in enumerate(section.players, start=1)}
        for board in page.boards:
            game = games.get((names[board.white], names[board.black]))
            expected = game.result.text if game is not None and game.result else ""
            assert board.result == expected, (section.id, board)


def test_no_screen_for_a_section_without_round_lists(sites) -> None:
    assert not (sites["grand-prix-2027"] / "knockout" / "screen.html").exists()
    assert (sites["grand-prix-2027"] / "group-a" / "screen.html").exists()


# ----------------------------------------------------------------------- serve --lan

def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _qr_from_terminal(lines: list[str]):  # noqa: ANN202 - a PIL image
    """segno's compact terminal drawing as a picture: each character is one module wide
    and two high (█ both, ▀ the upper, ▄ the lower); drawn characters are the light
    modules, blanks the dark ones."""
    from PIL import Image

    width = max(len(line) for line in lines)
    image = Image.new("L", (width, 2 * len(lines)), 0)
    for y, line in enumerate(lines):
        for x, char in enumerate(line):
            upper, lower = char in "█▀", char in "█▄"
            image.putpixel((x, 2 * y), 255 if upper else 0)
            image.putpixel((x, 2 * y + 1), 255 if lower else 0)
    return image.resize((width * 8, 2 * len(lines) * 8), Image.NEAREST)


def test_serve_lan_listens_everywhere_read_only_and_shows_its_address(tmp_path: Path) -> None:
    zxingcpp = pytest.importorskip("zxingcpp")
    port = _free_port()
    log = tmp_path / "serve.log"
    with log.open("w") as err:
        proc = subprocess.Popen([sys.executable, "-m", "leaguegen.cli.entry", "serve",
                                 str(SEASONS / "thursday-swiss-2026"), "--lan", "--port",
                                 str(port), "--no-pdf"], stderr=err, cwd=ROOT)
        try:
            deadline = time.monotonic() + 60
            while "On the hall's network" not in log.read_text() \
                    and "No network address" not in log.read_text():
                assert proc.poll() is None and time.monotonic() < deadline, log.read_text()
                time.sleep(0.1)
            time.sleep(0.3)  # the QR code's lines after the address
            text = log.read_text()
            assert f"Serving {SEASONS / 'thursday-swiss-2026'} at http://0.0.0.0:{port}/" \
                in text
            assert "warning: serving to the local network (--lan)" in text
            base = f"http://127.0.0.1:{port}"
            with urllib.request.urlopen(base + "/open/screen.html", timeout=10) as answer:
                assert answer.status == 200
            request = urllib.request.Request(base + "/open/screen.html", data=b"x",
                                             method="POST")
            with pytest.raises(urllib.error.HTTPError) as refused:
                urllib.request.urlopen(request, timeout=10)
            assert refused.value.code == 501  # nothing but reading
            found = re.search(r"On the hall's network, open (http://\S+)\n", text)
            if found is None:
                pytest.skip("this machine has no network but the loopback")
            drawing = text[found.end():].splitlines()
            drawing = [line for line in drawing if line and set(line) <= set("█▀▄ ")]
            codes = zxingcpp.read_barcodes(_qr_from_terminal(drawing))
            assert [c.text for c in codes] == [found.group(1)]
            assert found.group(1) == f"http://{found.group(1).split('//')[1].split(':')[0]}" \
                                     f":{port}/"
        finally:
            proc.terminate()
            proc.wait(timeout=10)
