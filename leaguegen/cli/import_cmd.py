"""``leaguegen import trf FILE --out DIR --section ID``: a season folder from a TRF file."""

from __future__ import annotations

import contextlib
import sys
import tempfile
from dataclasses import replace
from pathlib import Path
from typing import NoReturn

import click

from leaguegen.cli import main
from leaguegen.cli.speech import echo
from leaguegen.errors import InputError, Message, Problem

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
@click.option("--rounds", type=click.IntRange(1, 999),
              help="The event's number of rounds, for a file without XXR or 142.")
def import_trf_cmd(trf_path: Path, out_dir: Path, section_id: str, fmt: str | None,
                   rounds: int | None) -> None:
    """Write DIR/season.yaml from a TRF16 or TRF-2026 file (players, rounds, results)."""
    from leaguegen.formats import trf
    from leaguegen.formats.trf_import import ImportRefused, import_trf

    if out_dir.exists() and (not out_dir.is_dir() or any(out_dir.iterdir())):
        echo(Message("{out_dir} exists and is not empty; choose a new folder.",
                     out_dir=out_dir), err=True)
        sys.exit(EXIT_INVALID)
    refusal = _section_id_problem(section_id)
    if refusal:
        _refuse(Message("--section {section_id}: {refusal}",
                        section_id=section_id, refusal=refusal))
    try:
        doc = trf.load(str(trf_path))
    except InputError as err:
        for problem in err.problems:
            echo(problem, err=True)
        sys.exit(EXIT_INVALID)
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        echo(Message("{trf_path}: cannot read: {exc}", trf_path=trf_path, exc=exc), err=True)
        sys.exit(EXIT_INVALID)
    if not doc.players:
        _refuse(Message("{trf_path}: no player (001) records", trf_path=trf_path))
    try:
        result = import_trf(doc, section_id, fmt, rounds)
    except ImportRefused as exc:
        _refuse(Message("{trf_path}: {exc}", trf_path=trf_path, exc=exc))
    problems = _problems_of(result.text, out_dir)
    if problems:
        for problem in problems:
            echo(problem, err=True)
        _refuse(Message("the season made from {trf_path} does not load (see above)",
                        trf_path=trf_path))
    _write(out_dir, result.text.encode("utf-8"))
    for note in result.notes:
        echo(Message("note: {note}", note=note), err=True)
    how = ("on the Berger table" if result.berger else
           "with its rounds as played" if result.format != "swiss" else "as a Swiss")
    echo(Message("Imported {players} and {rounds} into {out_dir}/season.yaml ({format}, {how})",
                 players=Message("{count} player", "{count} players", count=len(doc.players)),
                 rounds=Message("{count} round", "{count} rounds", count=doc.rounds_in_file),
                 out_dir=out_dir, format=result.format, how=how))


def _refuse(message: str) -> NoReturn:
    """A refusal: the message, that nothing was written, exit 2."""
    echo(Message("leaguegen import trf: {message}; nothing was written.",
                 message=message), err=True)
    sys.exit(EXIT_INVALID)


def _section_id_problem(section_id: str) -> str | None:
    """Why ``section_id`` cannot be a section's id (the loader's own rules), or None."""
    from leaguegen.formats.season_yaml import ID_PATTERN, RESERVED_NAMES

    if not ID_PATTERN.match(section_id):
        return ("a section id is lower-case letters, digits and hyphens, at most 64 (it"
                " becomes part of the web address)")
    if section_id in RESERVED_NAMES:
        return ("it is a reserved device name on Windows (a folder of that name cannot be made"
                " there); choose another")
    return None


def _problems_of(text: str, out_dir: Path) -> list[Problem]:
    """What the loader finds in ``text`` as ``out_dir``'s season.yaml, found by loading it in
    a temporary folder: a refused import leaves nothing behind (issue 26: a season.yaml
    left in --out blocked the retry). The problems name the file as it would have been."""
    from leaguegen.formats.season_yaml import SEASON_FILE, load_season

    with tempfile.TemporaryDirectory(prefix="leaguegen-import-") as scratch:
        trial = Path(scratch) / SEASON_FILE
        trial.write_bytes(text.encode("utf-8"))
        try:
            load_season(scratch)
        except InputError as err:
            shown = str(out_dir / SEASON_FILE)
            return [replace(p, path=shown if p.path == str(trial) else p.path)
                    for p in err.problems]
    return []


def _write(out_dir: Path, data: bytes) -> None:
    """``out_dir``/season.yaml, the folders made as needed; on an error, the folders this
    made are removed again and the command exits 2."""
    from leaguegen.formats.files import write_atomic
    from leaguegen.formats.season_yaml import SEASON_FILE

    made = [p for p in (out_dir, *out_dir.parents) if not p.exists()]
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
        write_atomic(out_dir / SEASON_FILE, data)
    except OSError as exc:
        for folder in made:  # innermost first; only the empty ones this made
            with contextlib.suppress(OSError):
                folder.rmdir()
        _refuse(Message("cannot write {value}: {value2}",
                        value=out_dir / SEASON_FILE, value2=exc.strerror or exc))
