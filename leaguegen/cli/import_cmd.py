"""``leaguegen import trf FILE --out DIR --section ID``: a season folder from a TRF file."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from leaguegen.cli import main
from leaguegen.cli.terminal import printable
from leaguegen.errors import InputError

EXIT_INVALID = 2


@main.group("import")
def import_group() -> None:
    """Make a season folder from another program's file."""


@import_group.command("trf")
@click.argument("trf_path", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--out", "out_dir", required=True, type=click.Path(file_okay=False, path_type=Path),
              help="The new season folder (must not exist yet, or be empty).")
@click.option("--section", "section_id", default="main", show_default=True,
              help="The section's id (lower-case letters, digits and hyphens).")
@click.option("--format", "fmt", type=click.Choice(["round_robin", "double_round_robin",
                                                     "swiss"]),
              help="Force the section's format (default: from the number of rounds).")
def import_trf_cmd(trf_path: Path, out_dir: Path, section_id: str, fmt: str | None) -> None:
    """Write DIR/season.yaml from a TRF16 or TRF-2026 file (players, rounds, results)."""
    from leaguegen.formats import trf
    from leaguegen.formats.files import write_atomic
    from leaguegen.formats.season_yaml import load_season
    from leaguegen.formats.trf_import import import_trf

    if out_dir.exists() and (not out_dir.is_dir() or any(out_dir.iterdir())):
        click.echo(f"{printable(out_dir)} exists and is not empty; choose a new folder.", err=True)
        sys.exit(EXIT_INVALID)
    try:
        doc = trf.load(str(trf_path))
    except InputError as err:
        for problem in err.problems:
            click.echo(printable(problem), err=True)
        sys.exit(EXIT_INVALID)
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        click.echo(f"{printable(trf_path)}: cannot read: {printable(exc)}", err=True)
        sys.exit(EXIT_INVALID)
    if not doc.players:
        click.echo(f"{printable(trf_path)}: no player (001) records", err=True)
        sys.exit(EXIT_INVALID)
    result = import_trf(doc, section_id, fmt)
    out_dir.mkdir(parents=True, exist_ok=True)
    write_atomic(out_dir / "season.yaml", result.text.encode("utf-8"))
    try:
        load_season(out_dir)
    except InputError as err:
        for problem in err.problems:
            click.echo(printable(problem), err=True)
        click.echo(f"{printable(out_dir)}/season.yaml was written but does not load; see above.",
                   err=True)
        sys.exit(EXIT_INVALID)
    for note in result.notes:
        click.echo(f"note: {printable(note)}", err=True)
    how = ("on the Berger table" if result.berger else
           "with its rounds as played" if result.format != "swiss" else "as a Swiss")
    click.echo(f"Imported {len(doc.players)} players and {doc.rounds_in_file} rounds into"
               f" {printable(out_dir)}/season.yaml ({result.format}, {how})")
