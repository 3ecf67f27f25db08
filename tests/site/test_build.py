"""The demo season builds into a complete site; pages say what the season says."""

from __future__ import annotations

import re
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import pytest

from leaguegen.domain.sections import derive_facts
from leaguegen.site.pages.standings_after import rounds_with_pages
from leaguegen.site.pages.start_list import has_lists
from tests.conftest import DEMO
from tests.golden import assert_golden


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []

    def handle_starttag(self, tag, attrs):
        for k, v in attrs:
            if k in ("href", "src") and v:
                self.links.append(v)


def test_every_page_is_built(demo_site, demo_season) -> None:
    out, report = demo_site
    players = sum(len(s.players) for s in demo_season.sections)
    sections = len(demo_season.sections)
    # start list, a wall list per round and the current one, the venue screen
    lists = sum(1 + derive_facts(s).progress.rounds_total + 1 + 1
                for s in demo_season.sections if has_lists(s))
    changes = len(list(out.glob("*/changes.html")))  # as the repository's history has them
    # the standings after each round before the last with results (standings-<n>.html)
    after = sum(max(rounds_with_pages(derive_facts(s)) - 1, 0) for s in demo_season.sections)
    assert after == 5 + 6 + 7  # Premier: 6 rounds with results; Major: 7; Rapidplay: 8
    assert report.pages == 1 + sections * 2 + players + lists + changes + after
    for s in demo_season.sections:
        assert (out / s.id / "index.html").is_file()


@pytest.mark.pdf
def test_every_section_has_its_pdf(demo_site, demo_season) -> None:
    out, report = demo_site
    assert report.pdfs == len(demo_season.sections)
    for s in demo_season.sections:
        assert (out / s.id / f"{s.id}-crosstable.pdf").read_bytes().startswith(b"%PDF")


def test_internal_links_resolve(demo_site) -> None:
    out, _ = demo_site
    for page in out.rglob("*.html"):
        parser = _Links()
        parser.feed(page.read_text(encoding="utf-8"))
        for link in parser.links:
            if re.match(r"^[a-z]+:", link) or link.startswith("#"):
                continue
            target = (page.parent / link.split("#")[0]).resolve()
            assert target.exists(), f"{page.relative_to(out)} links to missing {link}"


def _fragment(html: str, cls: str) -> str:
    m = re.search(rf'<table class="{cls}.*?</table>', html, re.S)
    assert m, cls
    return m.group(0) + "\n"


def test_crosstable_golden(demo_site) -> None:
    out, _ = demo_site
    html = (out / "premier" / "index.html").read_text(encoding="utf-8")
    assert_golden("riverside-premier-crosstable.html", _fragment(html, "crosstable"))
    assert_golden("riverside-premier-standings.html", _fragment(html, "standings"))
    rapid = (out / "rapid" / "index.html").read_text(encoding="utf-8")
    assert_golden("riverside-rapid-crosstable.html", _fragment(rapid, "crosstable"))


def test_premier_page_facts(demo_site) -> None:
    out, _ = demo_site
    html = (out / "premier" / "index.html").read_text(encoding="utf-8")
    assert "Round 6 of 9 played" in html
    assert "Siobhan Murphy withdrew after round 3" in html
    assert "withdrawn, not ranked" in html
    assert html.count('class="self"') == 10  # the diagonal
    rounds = (out / "premier" / "rounds.html").read_text(encoding="utf-8")
    assert "Wed 2 December 2026" in rounds
    assert rounds.count('<section class="round"') == 9


def test_odd_section_shows_free_round(demo_site) -> None:
    out, _ = demo_site
    rounds = (out / "major" / "rounds.html").read_text(encoding="utf-8")
    assert rounds.count("Free round") == 7


def test_output_is_escaped(tmp_path: Path) -> None:
    from leaguegen.site.build import build_site

    season = tmp_path / "s"
    season.mkdir()
    (season / "season.yaml").write_text(
        (DEMO / "season.yaml").read_text(encoding="utf-8")
        .replace("name: Riverside Chess Club Winter League 2026/27",
                 "name: \"<script>alert('x')</script> League\"")
        .replace("Eleanor Whitfield", "Eleanor <b>Whitfield</b>"), encoding="utf-8")
    (season / "news").mkdir()
    (season / "news" / "x.md").write_text("# Hi\n\n<img src=x onerror=alert(1)>\n")
    out = tmp_path / "site"
    build_site(season, out, pdf=False)
    for page in out.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        assert "<script>" not in text and "<b>Whitfield" not in text
        assert "<img src=x" not in text
    assert "&lt;script&gt;" in (out / "index.html").read_text(encoding="utf-8")


@pytest.mark.pdf
def test_pdf_has_the_crosstable(demo_site) -> None:
    pypdf = pytest.importorskip("pypdf")
    out, _ = demo_site
    reader = pypdf.PdfReader(str(out / "premier" / "premier-crosstable.pdf"))
    page = reader.pages[0]
    width, height = float(page.mediabox.width), float(page.mediabox.height)
    assert width > height, "A4 landscape"
    assert abs(width - 841.89) < 1 and abs(height - 595.28) < 1
    text = page.extract_text()
    for name in ("Eleanor Whitfield", "Siobhan Murphy", "Premier", "Standings"):
        assert name in text


@pytest.mark.pdf
def test_pdf_renders_to_png(demo_site, tmp_path: Path) -> None:
    import shutil

    if not shutil.which("pdftoppm"):
        pytest.skip("pdftoppm (poppler-utils) not installed")
    out, _ = demo_site
    subprocess.run(["pdftoppm", "-png", "-r", "40", str(out / "major" / "major-crosstable.pdf"),
                    str(tmp_path / "p")], check=True)
    assert (tmp_path / "p-1.png").stat().st_size > 5000


@pytest.mark.pdf
def test_pdf_fetches_nothing_outside_the_templates(tmp_path: Path) -> None:
    from leaguegen.site.pdf import BlockedFetch, check_url, html_to_pdf
    from leaguegen.site.render import template_dir

    allowed = template_dir().resolve()
    secret = tmp_path / "secret.txt"
    secret.write_text("private")
    for url in (f"file://{secret}", "http://127.0.0.1:9/x.png", "https://example.invalid/a.css",
                f"file://{allowed}/../pyproject.toml", "ftp://example.invalid/x"):
        with pytest.raises(BlockedFetch):
            check_url(url, allowed)
    check_url(f"file://{allowed}/assets/style.css", allowed)
    check_url("data:text/plain,hi", allowed)
    # and the renderer survives such references without fetching them
    html = (f'<link rel="stylesheet" href="file://{secret}"><img src="http://127.0.0.1:9/x.png">'
            '<p>ok</p>')
    assert html_to_pdf(html, template_dir()).startswith(b"%PDF")


def test_tiebreaks_are_explained_on_player_pages(demo_site) -> None:
    out, _ = demo_site
    standings = (out / "premier" / "index.html").read_text(encoding="utf-8")
    # every tiebreak value links to its explanation on the player's page
    assert 'href="../premier/players/priya-raman.html#tb-2"' in standings
    page = (out / "premier" / "players" / "eleanor-whitfield.html").read_text(encoding="utf-8")
    assert page.count('class="tb-explain"') == 4  # DE, SB, WIN, KS
    sb = page.split('id="tb-2"')[1].split("</section>")[0]
    assert "Sonneborn-Berger: <strong>8¼</strong>" in sb  # as the scores: no "1.25" by "1½"
    # the SB lines: opponent's score x result, summing to the value shown
    values = [cell.split("</td>")[0] for cell in re.split(r'<td class="num[^"]*">', sb)[1:]][3::4]
    assert values == ["4", "1½", "0", "1¼", "1", "½"]
    ks = page.split('id="tb-4"')[1].split("</section>")[0]
    assert ks.count('class="cut"') == 4  # opponents below 50 % do not count for Koya
