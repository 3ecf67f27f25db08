"""``leaguegen export trf SEASON_DIR --section ID [--out FILE]``: a section as FIDE TRF.

Exit 0 written; 2 invalid season, unknown section, a format without TRF export,
a value TRF cannot hold (a control character such as a line break in a name, or a
number wider than its columns: refused, never written as extra records or shifted
columns), or an output file that cannot be written.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from leaguegen.cli import main
from leaguegen.cli.speech import echo
from leaguegen.cli.terminal import report_problems
from leaguegen.errors import InputError, Message

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
    from leaguegen.domain.changes import with_changes
    from leaguegen.formats import season_trf
    from leaguegen.formats.files import write_atomic
    from leaguegen.formats.git_history import read_history
    from leaguegen.formats.season_yaml import load_season
    from leaguegen.formats.trf import TrfWriteError

    try:
        season = load_season(season_dir)
    except InputError as err:
        report_problems(err)
        sys.exit(EXIT_INVALID)
    season = with_changes(season, read_history(season_dir).changes)  # the ### change lines
    try:
        text = season_trf.dumps(season, section_id)
    except season_trf.ExportError as exc:
        echo(Message("{season_dir}: {exc}", season_dir=season_dir, exc=exc), err=True)
        sys.exit(EXIT_INVALID)
    except TrfWriteError as exc:
        echo(Message("{season_dir}: section '{section_id}' cannot be written as TRF: {exc}; "
                     "nothing was written",
                     season_dir=season_dir, section_id=section_id, exc=exc), err=True)
        sys.exit(EXIT_INVALID)
    if out_path is None:
        click.echo(text, nl=False)
        return
    try:
        write_atomic(out_path, text.encode("utf-8"))
    except OSError as exc:
        echo(Message("{out_path}: cannot write: {value}",
                     out_path=out_path, value=exc.strerror or exc),
                   err=True)
        sys.exit(EXIT_INVALID)
    echo(Message("Wrote {out_path}", out_path=out_path), err=True)
