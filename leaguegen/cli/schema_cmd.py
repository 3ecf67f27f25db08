"""``leaguegen schema``: print the JSON Schema of season.yaml (``formats/schema.py``), for
editors; ``leaguegen new`` writes it beside a new season.yaml, whose first line points the
YAML language server at it."""

from __future__ import annotations

import json
from pathlib import Path

import click

from leaguegen.cli import main
from leaguegen.cli.speech import echo
from leaguegen.errors import Message

SCHEMA_FILE = "season.schema.json"


def schema_text() -> str:
    from leaguegen.formats.schema import season_schema

    return json.dumps(season_schema(), indent=2, ensure_ascii=False) + "\n"


@main.command("schema")
@click.option("--out", "out", type=click.Path(dir_okay=False, path_type=Path),
              help=f"Write it to this file (e.g. {SCHEMA_FILE} beside season.yaml).")
def schema_cmd(out: Path | None) -> None:
    """Print the JSON Schema of season.yaml, generated from the loader's own key tables.

    A season.yaml starting with `# yaml-language-server: $schema=season.schema.json`
    gets completion and unknown keys flagged in editors using the YAML language server
    (VS Code's YAML extension and others). Write it again after upgrading leaguegen.
    """
    text = schema_text()
    if out is None:
        click.echo(text, nl=False)
        return
    out.write_text(text, encoding="utf-8")
    echo(Message("wrote {out}", out=out))
