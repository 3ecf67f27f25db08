"""The organiser's chores on the command line: ``result``, ``withdraw``, ``enter``, ``bye``
(and ``freeze``, in ``freeze_cmd``). Each parses its arguments, calls its chore in
``formats/chores/`` (where the finding, the edit and the read-back check are), prints
what it says and maps its refusals to exit codes.

Exit codes: 0 written; 1 another leaguegen command holds the lock, or a season file was
saved while the command ran; 2 an invalid request or season (file:line), nothing written.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

import click

from leaguegen.cli import main
from leaguegen.cli.speech import echo
from leaguegen.cli.terminal import report_problems
from leaguegen.errors import Message

if TYPE_CHECKING:
    from leaguegen.formats.chores import Done


def perform(chore: Callable[[], Done]) -> None:
    """Run ``chore`` (a call of a ``formats.chores`` function), say what it did, and exit
    with its refusal's code when it refuses."""
    from leaguegen.formats.chores import Refusal, SeasonInvalid

    try:
        done = chore()
    except Refusal as exc:
        echo(exc, err=True)
        sys.exit(exc.code)
    except SeasonInvalid as exc:
        if exc.intro:
            click.echo(exc.intro, err=True)
        report_problems(exc.error)
        sys.exit(2)
    except OSError as exc:  # a season folder this user may not read, a disk that fails
        why = exc.strerror or exc
        echo(Message("{filename}: cannot read or write: {why}; nothing was written",
                     filename=exc.filename, why=why) if exc.filename else
             Message("cannot read or write: {why}; nothing was written", why=why), err=True)
        sys.exit(2)
    for line in done.said:
        echo(line)
    if done.written:
        echo(Message("written to {items}", items=', '.join(str(p) for p in done.written)))


@main.command("result", context_settings={"ignore_unknown_options": True})
@click.argument("season_dir", type=click.Path(file_okay=False))
@click.argument("game", required=False)
@click.argument("score", required=False)
@click.option("--section", "section_id", help="The section's id.")
@click.option("--round", "round_no", type=click.IntRange(min=1),
              help="The round (needed only when the two players meet more than once).")
@click.option("--correct", is_flag=True, help="Replace a result already entered.")
@click.option("--date", "date_text", metavar="YYYY-MM-DD",
              help="The round's date, written when the round has none.")
@click.option("--board", type=click.IntRange(min=1),
              help="A team match: the board whose SCORE this is.")
@click.option("--players", metavar="'HOME PLAYER - AWAY PLAYER'",
              help="A team match: who sat at --board ('default' for nobody).")
@click.option("--from-report", "report", metavar="FILE",
              help="Read GAME, SCORE, section and round from a result report (the body of"
                   " an issue opened from the report form; - reads standard input).")
def result_cmd(season_dir: str, game: str | None, score: str | None, section_id: str | None,
               round_no: int | None, correct: bool, date_text: str | None,
               board: int | None, players: str | None, report: str | None) -> None:
    """Record SCORE for GAME ("White - Black") in a section of SEASON_DIR.

    SCORE is 1-0, 0-1, ½-½ (or 1/2-1/2, 0.5-0.5, =, draw), +- or -+ (forfeits), -:-
    (neither came; or write `-- --`); 1:0, 0:1 and ½:½ are read too. It is written in
    the canonical form (1-0, 0-1, ½-½, +-, -+, --). A result already entered is replaced
    only with --correct. --date writes the round's date when the round has none.
    With --from-report FILE, everything comes from the report (docs/results-by-players.md).

    A team league: GAME is the match, "Home team - Away team", and SCORE its card (one
    score per board, board 1 first, from the home players' side), a whole-match default
    (+-, -+, --), or with --board N one board's score (--players says who sat there).
    """
    from leaguegen.formats.chores import record_result

    if report is not None:
        if game or score or section_id or round_no or correct or date_text or board or players:
            raise click.UsageError(Message("--from-report takes the game, score, section and "
                                           "round from the report; give none of them"))
        from leaguegen.cli.report_cmd import apply_report

        apply_report(season_dir, report)
        return
    if game is None or score is None or section_id is None:
        raise click.UsageError(Message("give GAME, SCORE and --section (or --from-report FILE)"))

    perform(lambda: record_result(season_dir, section_id, game, score, round_no, correct,
                                  date_text, board, players))


@main.command("withdraw")
@click.argument("season_dir", type=click.Path(file_okay=False))
@click.argument("name")
@click.option("--section", "section_id", required=True, help="The section's id.")
@click.option("--after-round", "after_round", type=click.IntRange(min=0), required=True,
              help="The last round the player played (0: withdrew before round 1).")
@click.option("--reason", help="Why, for the record (shown on the pages).")
def withdraw_cmd(season_dir: str, name: str, section_id: str, after_round: int,
                 reason: str | None) -> None:
    """Record that NAME left a section of SEASON_DIR after a round (in a team league,
    NAME is a team: its matches then go as the division's withdrawal rule says)."""
    from leaguegen.formats.chores import withdraw

    perform(lambda: withdraw(season_dir, section_id, name, after_round, reason))


@main.command("enter")
@click.argument("season_dir", type=click.Path(file_okay=False))
@click.argument("name")
@click.option("--section", "section_id", required=True, help="The section's id.")
@click.option("--rating", type=click.IntRange(min=0, max=4000))
@click.option("--title", help="FIDE title: GM, IM, WGM, FM, WIM, CM, WFM, WCM.")
@click.option("--federation", help="Three-letter federation code, e.g. ENG.")
@click.option("--fide-id", "fide_id", type=click.IntRange(min=1))
@click.option("--club")
@click.option("--sex")
@click.option("--birth", help="Birth date, YYYY-MM-DD, or the year alone, YYYY.")
@click.option("--different-person", "different", is_flag=True,
              help="NAME prints like a player's already entered (look-alike letters of"
                   " another script) but is someone else: enter them anyway.")
@click.option("--team", help="A team event: enter NAME as a reserve of this team.")
@click.option("--squad", metavar="'A, B, C, D'",
              help="A team Swiss: enter NAME as a team with these players, board order.")
def enter_cmd(season_dir: str, name: str, section_id: str, rating: int | None,
              title: str | None, federation: str | None, fide_id: int | None,
              club: str | None, sex: str | None, birth: str | None, different: bool,
              team: str | None, squad: str | None) -> None:
    """Enter NAME in a section of SEASON_DIR (a late entry once it has started); it says
    the pairing number the player got."""
    from leaguegen.formats.chores import enter

    details = (("rating", rating), ("title", title), ("federation", federation),
               ("fide_id", fide_id), ("club", club), ("sex", sex), ("birth", birth))
    if team is not None or squad is not None:  # a team event (formats/chores/team_entry.py)
        from leaguegen.formats.chores.team_entry import enter_in_team

        perform(lambda: enter_in_team(season_dir, section_id, name, details, team, squad))
        return
    perform(lambda: enter(season_dir, section_id, name, details, different))


@main.command("bye")
@click.argument("season_dir", type=click.Path(file_okay=False))
@click.argument("name")
@click.argument("kind", type=click.Choice(["half", "zero", "full"]), default="half")
@click.option("--section", "section_id", required=True, help="The Swiss section's id.")
@click.option("--round", "round_no", type=click.IntRange(min=1), required=True,
              help="The round not to be paired in.")
@click.option("--reason", help="Why, for the record.")
def bye_cmd(season_dir: str, name: str, kind: str, section_id: str, round_no: int,
            reason: str | None) -> None:
    """Record that NAME asked for a bye (half, zero or full) in a Swiss round."""
    from leaguegen.formats.chores import bye

    perform(lambda: bye(season_dir, section_id, name, kind, round_no, reason))
