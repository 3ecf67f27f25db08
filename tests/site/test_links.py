"""Every internal link of every demo build resolves: pages, PDFs, feeds, anchors.

The demos are built once with PDFs and once with ``--no-pdf`` (whose pages must not
link the PDFs they do not have); every ``href`` and ``src`` that is not an outside
address must name a file of the build, and a ``#fragment`` into one of our pages must
name an element there.
"""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from leaguegen.site.build import build_site
from tests.conftest import ROOT

SEASONS = sorted(p for p in (ROOT / "seasons").iterdir() if (p / "season.yaml").exists())


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.links: list[str] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag, attrs):  # noqa: ANN001
        for name, value in attrs:
            if name in ("href", "src") and value is not None:
                self.links.append(value)
            if name in ("id", "name") and value:
                self.ids.add(value)


def _parse(path: Path) -> _Links:
    parser = _Links()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser


def broken_links(site: Path) -> list[str]:
    pages = {p: _parse(p) for p in site.rglob("*.html")}
    broken = []
    for page, parsed in pages.items():
        for link in parsed.links:
            parts = urlsplit(link)
            if parts.scheme or parts.netloc or link.startswith(("mailto:", "data:")):
                continue
            target = page if not parts.path else (page.parent / unquote(parts.path)).resolve()
            if not target.is_file():
                broken.append(f"{page.relative_to(site)}: {link}")
                continue
            if parts.fragment and target.suffix == ".html":
                ids = pages[target].ids if target in pages else _parse(target).ids
                if unquote(parts.fragment) not in ids:
                    broken.append(f"{page.relative_to(site)}: {link} (no such anchor)")
    return broken


@pytest.fixture(scope="module", params=[True, False], ids=["with-pdf", "no-pdf"])
def builds(request, tmp_path_factory) -> dict[str, Path]:
    out = {}
    for folder in SEASONS:
        target = tmp_path_factory.mktemp(folder.name) / "_site"
        build_site(folder, target, pdf=request.param, cache_dir=target.parent / "cache")
        out[folder.name] = target
    return out


@pytest.mark.parametrize("demo", [p.name for p in SEASONS])
def test_every_internal_link_resolves(builds, demo: str) -> None:
    site = builds[demo]
    assert len(list(site.rglob("*.html"))) > 5
    assert not broken_links(site), broken_links(site)[:10]


def test_the_checker_finds_a_broken_link(tmp_path: Path) -> None:
    site = tmp_path / "site"
    (site / "a").mkdir(parents=True)
    (site / "index.html").write_text('<a href="a/x.html">x</a><a href="a/y.html#z">y</a>'
                                     '<a href="https://example.org/">out</a>')
    (site / "a" / "y.html").write_text('<p id="w">')
    assert broken_links(site) == ["index.html: a/x.html", "index.html: a/y.html#z (no such anchor)"]
