"""Season commands: build, check, new, schedule."""

from __future__ import annotations

import shutil
import sys
from importlib import resources
from pathlib import Path

import click

from leaguegen.cli import main
from leaguegen.cli.terminal import printable, report_problems
from leaguegen.domain.schedule import berger
from leaguegen.errors import InputError, OutputRefused

EXIT_INVALID = 2


@main.command()
@click.argument("season_dir", type=click.Path(file_okay=False, path_type=Path))
@click.option("--out", "out_dir", default="_site", show_default=True,
              type=click.Path(file_okay=False, path_type=Path), help="Output folder.")
@click.option("--no-pdf", is_flag=True, help="Skip the PDF crosstables (faster).")
@click.option("--clean", is_flag=True, help="Ignore the cache and render everything.")
@click.option("--force", is_flag=True,
              help="Replace an output folder that leaguegen did not make (its files are lost).")
def build(season_dir: Path, out_dir: Path, no_pdf: bool, clean: bool, force: bool) -> None:
    """Build the static site (HTML + PDF crosstables) for SEASON_DIR.

    SEASON_DIR is a season (it holds season.yaml) or a folder of seasons (its
    subfolders do): one site with an index of the seasons, each under its own path.
    """
    from leaguegen.site.build import build_seasons, build_site
    from leaguegen.site.season_index import is_seasons_folder

    builder = build_seasons if is_seasons_folder(season_dir) else build_site
    try:
        report = builder(season_dir, out_dir, pdf=not no_pdf, clean=clean, force=force)
    except InputError as err:
        report_problems(err)
        sys.exit(EXIT_INVALID)
    except OutputRefused as err:
        click.echo(f"leaguegen build: {printable(err)}; nothing was written.", err=True)
        sys.exit(EXIT_INVALID)
    for note in report.notes:
        click.echo(note, err=True)
    for warning in report.warnings:
        click.echo(printable(warning), err=True)
    if report.seasons:
        click.echo(f"{plural(len(report.seasons), 'season')}, newest first:"
                   f" {printable(', '.join(report.seasons))}", err=True)
    rendered = plural(report.sections_rendered, "section")
    click.echo(f"Built {plural(report.pages, 'page')} and {plural(report.pdfs, 'PDF')} into"
               f" {out_dir} in {report.seconds:.2f} s ({rendered} rendered,"
               f" {report.sections_reused} unchanged; {plural(report.pdfs_rendered, 'PDF')}"
               " rendered)")


@main.command()
@click.argument("season_dir", type=click.Path(file_okay=False, path_type=Path))
def check(season_dir: Path) -> None:
    """Validate SEASON_DIR; list every problem as file:line:col."""
    from leaguegen.formats.season_yaml import load_season

    try:
        season = load_season(season_dir)
    except InputError as err:
        report_problems(err, wrote_nothing=False)
        sys.exit(EXIT_INVALID)
    for warning in season.warnings:
        click.echo(str(warning), err=True)
    games = sum(1 for s in season.sections for g in s.games if g.result is not None)
    players = sum(len(s.players) for s in season.sections)
    click.echo(f"{season_dir}: valid ({plural(len(season.sections), 'section')},"
               f" {plural(players, 'player')}, {plural(games, 'result')})")


def plural(count: int, word: str) -> str:
    """``1 section``, ``2 sections``: the CLI's English counts."""
    return f"{count} {word}{'' if count == 1 else 's'}"


@main.command()
@click.argument("directory", type=click.Path(path_type=Path))
def new(directory: Path) -> None:
    """Create a small, valid, commented season in DIRECTORY."""
    if directory.exists() and any(directory.iterdir()):
        click.echo(f"{directory} exists and is not empty; choose a new folder.", err=True)
        sys.exit(EXIT_INVALID)
    template = resources.files("leaguegen") / "scaffold"
    directory.mkdir(parents=True, exist_ok=True)
    with resources.as_file(template) as src:
        shutil.copytree(src, directory, dirs_exist_ok=True)
    click.echo(f"Created a season in {directory}. Next: leaguegen build {directory}")


@main.command()
@click.option("--players", "n", type=click.IntRange(min=2), required=True,
              help="Number of players.")
@click.option("--double", is_flag=True, help="Double round robin (colours reversed).")
@click.option("--no-swap", is_flag=True,
              help="Double round robin without swapping the last two rounds of cycle 1.")
def schedule(n: int, double: bool, no_swap: bool) -> None:
    """Print the FIDE Berger table: 'round white black' per board, 'round p 0' for a free round."""
    for r, boards in enumerate(berger.schedule(n, double, not no_swap), start=1):
        for p in boards:
            click.echo(f"{r} {p.white} {p.black if p.black is not None else 0}")
