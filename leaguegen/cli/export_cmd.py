"""``leaguegen export trf SEASON_DIR --section ID [--out FILE]``: a section as FIDE TRF.

Exit 0 written; 2 invalid season, unknown section or a format without TRF export.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from leaguegen.cli import main
from leaguegen.cli.season_cmds import report_problems
from leaguegen.errors import InputError

EXIT_INVALID = 2


@main.group("export")
def export() -> None:
    """Export a season's data in other formats."""


@export.command("trf")
@click.argument("season_dir", type=click.Path(file_okay=False, path_type=Path))
@click.option("--section", "section_id", required=True, help="The section to export.")
@click.option("--out", "out_path", type=click.Path(dir_okay=False, path_type=Path),
              help="Write to FILE instead of standard output.")
def export_trf(season_dir: Path, section_id: str, out_path: Path | None) -> None:
    """Write a section (round robin or Swiss) as FIDE TRF for a rating report."""
    from leaguegen.formats import season_trf
    from leaguegen.formats.season_write import atomic_write
    from leaguegen.formats.season_yaml import load_season

    try:
        season = load_season(season_dir)
    except InputError as err:
        report_problems(err)
        sys.exit(EXIT_INVALID)
    try:
        text = season_trf.dumps(season, section_id)
    except season_trf.ExportError as exc:
        click.echo(f"{season_dir}: {exc}", err=True)
        sys.exit(EXIT_INVALID)
    if out_path is None:
        click.echo(text, nl=False)
        return
    atomic_write(out_path, text)
    click.echo(f"Wrote {out_path}", err=True)
