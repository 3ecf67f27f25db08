"""A whole site from a season folder: load, derive, render every page, swap in atomically."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path

from leaguegen.domain.season import Season
from leaguegen.formats.season_yaml import load_season
from leaguegen.site import context, urls
from leaguegen.site.render import render, template_dir
from leaguegen.site.write import OutputTree

ASSETS = ("style.css",)


@dataclass
class BuildReport:
    pages: int = 0
    pdfs: int = 0
    seconds: float = 0.0
    files: list[str] = field(default_factory=list)


def render_pages(season: Season) -> tuple[dict[str, str], dict[str, str]]:
    """Every HTML page of the season as {path: html}, and the PDF sources as {path: html}."""
    lang = season.language
    pages: dict[str, str] = {}
    pdf_sources: dict[str, str] = {}
    datas = [context.section_data(s) for s in season.sections]
    for data in datas:
        page = context.section_page(season, data)
        data.page = page
        s = data.section
        pages[urls.section(s)] = render("section.html", page, lang)
        pages[urls.rounds(s)] = render("rounds.html", page, lang)
        pdf_sources[urls.pdf(s)] = render("crosstable_pdf.html", page, lang)
        for number in range(1, len(s.players) + 1):
            pages[urls.player(s, number)] = render(
                "player.html", context.player_page(season, data, number), lang)
    pages["index.html"] = render("season.html", context.season_page(season, datas), lang)
    return pages, pdf_sources


def build_site(season_dir: str | Path, out_dir: str | Path, pdf: bool = True) -> BuildReport:
    """Build into a staging folder and swap it in; on any error the old site stays."""
    started = time.perf_counter()
    season = load_season(season_dir)
    pages, pdf_sources = render_pages(season)
    tree = OutputTree(Path(out_dir))
    report = BuildReport()
    try:
        for rel, html in pages.items():
            tree.write(rel, html)
            report.pages += 1
        for asset in ASSETS:
            tree.copy(template_dir() / "assets" / asset, f"assets/{asset}")
        if pdf:
            from leaguegen.site.pdf import html_to_pdf

            for rel, html in pdf_sources.items():
                tree.write(rel, html_to_pdf(html, template_dir()))
                report.pdfs += 1
        report.files = sorted(tree.written)
        tree.commit()
    except BaseException:
        tree.abort()
        raise
    report.seconds = time.perf_counter() - started
    return report
