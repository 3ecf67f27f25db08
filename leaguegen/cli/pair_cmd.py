"""``leaguegen pair``: pair the next Swiss round from a TRF file.

Output is the bbpPairings / conformance-corpus format: the number of lines that
follow, one ``white black`` line per board (pairing numbers), ``N 0`` for the
bye. Exit 0 on success, 1 when no legal pairing exists, 2 on unreadable input.
"""

from __future__ import annotations

import sys

import click

from leaguegen.cli import main
from leaguegen.domain.pairing import system_names
from leaguegen.errors import InputError, NoValidPairing


@main.command("pair")
@click.argument("season_dir", required=False, type=click.Path(file_okay=False))
@click.option("--section", "section_id", help="With SEASON_DIR: the Swiss section to pair.")
@click.option("--allow-postponed", is_flag=True,
              help="With SEASON_DIR: pair even if the last round has unfinished games.")
@click.option("--date", "round_date", help="With SEASON_DIR: the new round's date, YYYY-MM-DD.")
@click.option("--trf", "trf_path", type=click.Path(dir_okay=False),
              help="TRF file holding the rounds played so far.")
@click.option("--system", type=click.Choice(system_names()), default="dutch",
              show_default=True, help="Swiss pairing system.")
@click.option("--baku", is_flag=True,
              help="Apply Baku acceleration (C.04.7) unless the file has XXA lines.")
@click.option("--explain", is_flag=True,
              help="After the pairing, explain each board on stderr-free stdout lines.")
def pair(season_dir: str | None, section_id: str | None, allow_postponed: bool,
         round_date: str | None, trf_path: str, system: str, baku: bool, explain: bool) -> None:
    """Pair the round after the last one with results (--trf FILE, or SEASON_DIR --section ID)."""
    if (season_dir is None) == (trf_path is None):
        raise click.UsageError("give either SEASON_DIR (with --section) or --trf FILE")
    if season_dir is not None:
        from leaguegen.cli.pair_season import pair_season

        pair_season(season_dir, section_id, allow_postponed, round_date, explain)
        return
    from leaguegen.domain.pairing import pair_round
    from leaguegen.formats import trf
    from leaguegen.formats.swiss_input import state_from_trf

    try:
        doc = trf.load(trf_path)
        if not doc.players:
            raise ValueError("no player (001) records")
        state = state_from_trf(doc, baku=baku)
    except InputError as exc:
        click.echo(str(exc), err=True)
        sys.exit(2)
    except (OSError, ValueError, UnicodeDecodeError) as exc:
        click.echo(f"{trf_path}: cannot read: {exc}", err=True)
        sys.exit(2)
    try:
        result = pair_round(state, system=system)
    except NoValidPairing as exc:
        click.echo(f"{trf_path}: no valid pairing: {exc}", err=True)
        sys.exit(1)
    except ValueError as exc:
        click.echo(f"{trf_path}: {exc}", err=True)
        sys.exit(2)
    for line in result.lines():
        click.echo(line)
    if explain:
        click.echo("")
        click.echo(f"Round {state.rounds_played + 1} of {state.rounds_total} ({system})")
        from leaguegen.cli import explain_words as words

        for i, ex in enumerate(result.explanation, start=1):
            click.echo(f"Board {i}: {ex.white} - {ex.black}"
                       f"  bracket {words.points(ex.bracket, result.win)}")
            if ex.floats:
                click.echo(f"  float: {words.floats(ex, result.win)}")
            click.echo(f"  colours: {words.colours(ex.colour_rule)}")
            for r in ex.relaxed:
                click.echo(f"  relaxed {words.relaxed(r)}")
        if result.bye_explanation is not None:
            click.echo(f"Bye: {words.bye(result.bye_explanation, result.win)}")
