"""``leaguegen pair``: pair the next Swiss round from a TRF file.

Output is the bbpPairings / conformance-corpus format: the number of lines that
follow, one ``white black`` line per board (pairing numbers), ``N 0`` for the
bye. Exit 0 on success, with a pairing checked before it is printed (every
number a player present for the round, each exactly once, no rematch, the bye
last); 1 when no legal pairing exists, every round is paired already, or the
engine's answer failed that check or its loop made no progress (an internal
error, never printed as a pairing); 2 on unreadable or invalid input, with the
TRF line and column, or without ``XXR`` (the total number of rounds).
"""

from __future__ import annotations

import sys

import click

from leaguegen.cli import main
from leaguegen.cli.speech import echo, echo_block
from leaguegen.cli.team_swiss_cli import TEAM_SYSTEM
from leaguegen.domain.pairing import system_names
from leaguegen.errors import InputError, Message, NoValidPairing


@main.command("pair")
@click.argument("season_dir", required=False, type=click.Path(file_okay=False))
@click.option("--section", "section_id",
              help="With SEASON_DIR: the Swiss section to pair (default: the only one).")
@click.option("--allow-postponed", is_flag=True,
              help="With SEASON_DIR: pair even if the last round has unfinished games.")
@click.option("--date", "round_date", help="With SEASON_DIR: the new round's date, YYYY-MM-DD.")
@click.option("--trf", "trf_path", type=click.Path(dir_okay=False),
              help="TRF file holding the rounds played so far.")
@click.option("--system", type=click.Choice((*system_names(), TEAM_SYSTEM)), default="dutch",
              show_default=True, help="Swiss pairing system.")
@click.option("--baku", is_flag=True,
              help="Apply Baku acceleration (C.04.7) unless the file has XXA lines.")
@click.option("--explain", is_flag=True,
              help="After the pairing, explain each board on stderr-free stdout lines.")
def pair(season_dir: str | None, section_id: str | None, allow_postponed: bool,
         round_date: str | None, trf_path: str, system: str, baku: bool, explain: bool) -> None:
    """Pair the round after the last one with results (--trf FILE, or SEASON_DIR --section ID)."""
    if (season_dir is None) == (trf_path is None):
        raise click.UsageError(Message("give either SEASON_DIR (with --section) or --trf FILE"))
    if season_dir is not None:
        from leaguegen.cli.pair_season import pair_season

        pair_season(season_dir, section_id, allow_postponed, round_date, explain)
        return
    from leaguegen.cli.team_swiss_cli import pair_trf, wants_team

    source = click.get_current_context().get_parameter_source("system")
    if wants_team(trf_path, system, source is not click.core.ParameterSource.DEFAULT):
        if baku or explain:
            raise click.UsageError(Message("--baku and --explain are not available for a team "
                                           "Swiss (C.04.6)"))
        pair_trf(trf_path)
        return
    from leaguegen.cli.collector import collector_paused
    # the engine's imports, the TRF's objects and the pairing's: none holds a cycle
    with collector_paused():
        from leaguegen.domain.pairing import pair_round
        from leaguegen.formats import trf
        from leaguegen.formats.double_swiss_trf import is_double_swiss
        from leaguegen.formats.swiss_input import (
            AllRoundsPaired,
            require_rounds_total,
            state_from_trf,
        )

        try:
            doc = trf.load(trf_path)
            if system == "double-swiss" or is_double_swiss(doc):  # two games a match
                from leaguegen.cli.double_swiss_cli import pair_state

                system = "double-swiss"
                state = pair_state(doc)
            else:
                state = state_from_trf(doc, baku=baku, path=trf_path)
            require_rounds_total(doc, trf_path)
        except InputError as exc:
            echo_block(exc, err=True)
            sys.exit(2)
        except AllRoundsPaired as exc:
            echo(Message("{trf_path}: {exc}; nothing to pair", trf_path=trf_path, exc=exc),
                 err=True)
            sys.exit(1)
        except (OSError, ValueError) as exc:
            echo(Message("{trf_path}: cannot read: {exc}", trf_path=trf_path, exc=exc), err=True)
            sys.exit(2)
        from leaguegen.domain.pairing.guard import EngineStalled

        try:
            result = pair_round(state, system=system)
        except NoValidPairing as exc:
            echo(Message("{trf_path}: no valid pairing: {exc}", trf_path=trf_path, exc=exc),
                 err=True)
            sys.exit(1)
        except EngineStalled as exc:
            echo(Message("{trf_path}: internal error: {exc}; nothing printed; please report "
                         "this file",
                         trf_path=trf_path, exc=exc), err=True)
            sys.exit(1)
        except ValueError as exc:
            echo(Message("{trf_path}: {exc}", trf_path=trf_path, exc=exc), err=True)
            sys.exit(2)
    # (a Double-Swiss round is a match: the one-game colour rules do not apply to it)
    problem = None if system == "double-swiss" else pairing_problem(state, result.boards,
                                                                    result.bye)
    if problem:
        echo(Message("{trf_path}: internal error: the engine's pairing is not valid "
                     "({problem}); nothing printed; please report this file",
                     trf_path=trf_path, problem=problem), err=True)
        sys.exit(1)
    for line in result.lines():
        click.echo(line)
    if explain:
        echo("")
        echo(Message("Round {value} of {rounds_total} ({system})",
                     value=state.rounds_played + 1, rounds_total=state.rounds_total,
                     system=system))
        from leaguegen.cli.explain_words import explanation_lines

        for line in explanation_lines(result):
            echo(line)


def pairing_problem(state, boards, bye) -> str | None:  # noqa: ANN001 - SwissState, pairs
    """Why ``boards`` + ``bye`` is not a pairing of ``state``'s next round, or None.

    Every player present for the round is on exactly one board or is the bye; no one
    absent; no one meets an opponent he has played (a forfeit is not a game) or one
    the file forbids (XXP); the bye is not a second PAB (the C.04.1 checks of
    ``domain/pairing/legality.py``, colours and the PAB after an unplayed win aside:
    each system has its own exceptions and reading there).
    """
    from leaguegen.domain.pairing.legality import Rule, check_round

    skip = (Rule.PAB_AFTER_WIN,)  # each system reads it its own way (docs/swiss.md)
    errors = [v for v in check_round(state, boards, [bye] if bye is not None else [],
                                     colours=False) if not v.allowed and v.rule not in skip]
    return errors[0].words() if errors else None
