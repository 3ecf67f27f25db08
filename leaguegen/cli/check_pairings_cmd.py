"""``leaguegen check-pairings``: re-pair every round of an event and list what differs.

The pairing checker of FIDE's endorsement procedure (a team file, with 310 records, is
checked by C.04.6: ``cli/team_swiss_cli.check_trf``). Each round ``r`` is paired
again from the file cut after round ``r - 1`` (with round ``r``'s requested byes
and absences as the file shows them, ``XXR``/``XXC``/``XXA``/``XXP`` kept) and compared
with what the file has: the same (White, Black) boards, forfeits included, and the
same pairing-allocated bye. Board numbers are the system's publication order.
``--basic-rules`` also lists each round's breaches of the C.04.1 basic rules, with the
checks a season's rounds get (``domain/pairing/legality.py``).
Exit 0 if every round agrees (and, with ``--basic-rules``, breaks no rule FIDE does not
allow there), 1 otherwise, 2 on unreadable input.
"""

from __future__ import annotations

import sys

import click

from leaguegen.cli import main
from leaguegen.cli.check_report import echo_differences, echo_verdict
from leaguegen.cli.speech import echo, echo_block
from leaguegen.cli.team_swiss_cli import TEAM_SYSTEM
from leaguegen.domain.pairing import system_names
from leaguegen.errors import Message


@main.command("check-pairings")
@click.option("--trf", "trf_path", type=click.Path(dir_okay=False), required=True,
              help="TRF file of a finished or running event.")
@click.option("--system", type=click.Choice((*system_names(), TEAM_SYSTEM)), default="dutch",
              show_default=True, help="Swiss pairing system to check against.")
@click.option("--baku", is_flag=True,
              help="Apply Baku acceleration (C.04.7) unless the file has XXA lines.")
@click.option("--basic-rules", is_flag=True,
              help="Also check each round against the C.04.1 basic rules (repeats, PABs,"
                   " colours); a broken rule FIDE does not allow there makes the exit 1.")
def check_pairings(trf_path: str, system: str, baku: bool, basic_rules: bool) -> None:
    """Re-pair each round of --trf FILE from the rounds before it; list every difference."""
    from leaguegen.cli.team_swiss_cli import check_trf, wants_team
    from leaguegen.domain.pairing.check import check_event
    from leaguegen.errors import InputError
    from leaguegen.formats import trf
    from leaguegen.formats.trf_rounds import round_states

    source = click.get_current_context().get_parameter_source("system")
    if wants_team(trf_path, system, source is not click.core.ParameterSource.DEFAULT):
        if baku or basic_rules:
            raise click.UsageError(Message("--baku and --basic-rules are not available for a "
                                           "team Swiss (C.04.6)"))
        sys.exit(check_trf(trf_path))
    try:
        doc = trf.load(trf_path)
        if not doc.players:
            raise ValueError(Message("no player (001) records"))
        if _double_swiss(doc, system):
            from leaguegen.cli.double_swiss_cli import check

            sys.exit(check(doc, trf_path, basic_rules))
        rounds = list(round_states(doc, baku=baku))
        checks = check_event(rounds, system)
    except InputError as exc:
        echo_block(exc, err=True)
        sys.exit(2)
    except (OSError, ValueError, UnicodeDecodeError) as exc:
        echo(Message("{trf_path}: cannot read: {exc}", trf_path=trf_path, exc=exc), err=True)
        sys.exit(2)
    for warning in doc.warnings:
        echo(Message("warning: {warning}", warning=warning), err=True)
    differ = echo_differences(checks, system)
    broken = _basic_rules(rounds, system) if basic_rules else 0
    if not checks:
        echo(Message("{trf_path}: no paired round to check", trf_path=trf_path))
        return
    echo_verdict(checks, differ, system)
    if basic_rules:
        echo(Message("C.04.1 basic rules: {value} broken", value=broken or 'none'))
    sys.exit(1 if differ or broken else 0)


def _double_swiss(doc, system: str) -> bool:  # noqa: ANN001 - a TrfDocument
    """A Double-Swiss file (record 192) is checked match by match, unless another system
    was asked for by name; ``--system double-swiss`` reads any file that way."""
    from leaguegen.formats.double_swiss_trf import is_double_swiss

    if system == "double-swiss":
        return True
    source = click.get_current_context().get_parameter_source("system")
    return is_double_swiss(doc) and source is click.core.ParameterSource.DEFAULT


def _basic_rules(rounds, system: str) -> int:  # noqa: ANN001 - (round, SwissState, RoundPairing)
    """List each round's C.04.1 violations (domain/pairing/legality.py, as a season's
    rounds are checked, with ``system``'s exception to articles 6 and 7); return how
    many FIDE does not allow there."""
    from dataclasses import replace

    from leaguegen.domain.pairing import get_system
    from leaguegen.domain.pairing.legality import check_round

    exception = get_system(system).colour_exception

    broken = 0
    for round_no, state, found in rounds:
        byes = [found.bye] if found.bye is not None else []
        for v in check_round(state, found.boards, byes, complete=False,
                              exception=exception):
            broken += not v.allowed
            word = "allowed" if v.allowed else "broken"
            echo(Message("round {round_no}: {word}: {words}",
                         round_no=round_no, word=word, words=replace(v, board=None).words()))
    return broken
