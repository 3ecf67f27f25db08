"""``leaguegen result SEASON --from-report FILE``: apply one player's result report.

The report is the body of an issue opened from the form ``leaguegen new --host github``
writes; the workflow there runs this command and turns what it writes into a pull
request, or posts what it says back as a comment. The body is parsed strictly
(``formats/report_form.py``), the players must be named exactly as entered, the board
(when given) must be the game's board, and the result is then written by the ``result``
chore (never ``--correct``: a result already entered differently is refused). Every
refusal exits 2 with one message, and nothing is written. A team match's report (the
match form, ``report-match.yml``) writes the whole card through
``formats/chores/match_report.py``.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from leaguegen.cli.speech import echo
from leaguegen.errors import Message

EXIT_INVALID = 2


def read_body(source: str) -> str:
    """The report's text from FILE or ``-`` (standard input), bounded in size."""
    from leaguegen.formats.report_form import MAX_BODY

    limit = MAX_BODY * 4 + 1  # bytes: UTF-8 is at most 4 a character
    try:
        if source == "-":
            data = sys.stdin.buffer.read(limit)
        else:
            with Path(source).open("rb") as fh:
                data = fh.read(limit)
    except OSError as exc:
        raise click.ClickException(Message("{source}: cannot read the report: {value}",
                                           source=source, value=exc.strerror or exc)) \
            from None
    if len(data) >= limit:
        return "x" * (MAX_BODY + 1)  # too long: the parser says so
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        return _refuse(Message("the report is not UTF-8 text (byte {start})", start=exc.start))


def _refuse(message: str) -> None:  # type: ignore[return]
    echo(Message("report refused: {message}; nothing was written", message=message), err=True)
    sys.exit(EXIT_INVALID)


def _check_against_season(season_dir: str, report) -> None:  # noqa: ANN001 - a Report
    """Refuse names that are not exactly a player's, and a board that is not the game's."""
    from leaguegen.domain.sections import kind_of
    from leaguegen.formats.chores.core import Refusal, load, section_of

    season = load(season_dir)
    section = section_of(season, season_dir, report.section, after="")
    exact = {p.name: i for i, p in enumerate(section.players, start=1)}
    for side, name in (("White", report.white), ("Black", report.black)):
        if name not in exact:
            raise Refusal(Message("{side} '{name}' is not a player of section '{section}' as "
                                  "entered (give the full name exactly as the pairings show it)",
                                  side=side, name=name, section=report.section))
    if report.board is not None:
        games = [g for g in kind_of(section.format).scheduled_games(section)
                 if g[0] == report.round]
        pair = (exact[report.white], exact[report.black])
        board = next((n for n, g in enumerate(games, start=1) if (g[1], g[2]) == pair), None)
        if board is not None and board != report.board:
            raise Refusal(Message("{white} - {black} is on board {board} of round {round}, not "
                                  "board {board2}",
                                  white=report.white, black=report.black, board=board,
                                  round=report.round, board2=report.board))


def apply_report(season_dir: str, source: str) -> None:
    """Parse the report in ``source`` and write its one result, or refuse (exit 2)."""
    from leaguegen.cli.chore_cmds import perform
    from leaguegen.formats.chores import record_result
    from leaguegen.formats.chores.core import Refusal
    from leaguegen.formats.report_form import FormError, MatchReport, parse_any

    try:
        report = parse_any(read_body(source))
    except FormError as exc:
        _refuse(exc.args[0])  # the Message, said in the language
        return
    if isinstance(report, MatchReport):
        _apply_match(season_dir, report)
        return

    def chore():  # noqa: ANN202
        try:
            _check_against_season(season_dir, report)
        except Refusal as exc:
            raise Refusal(Message("report refused: {exc}; nothing was written", exc=exc),
                          exc.code) from None
        return record_result(season_dir, report.section, f"{report.white} - {report.black}",
                             report.score, report.round)

    perform(chore)
    if report.handle:
        echo(Message("opponent: @{handle}", handle=report.handle))


def _apply_match(season_dir: str, report) -> None:  # noqa: ANN001 - a MatchReport
    """Write a captain's match card, or refuse (exit 2) saying why."""
    from leaguegen.cli.chore_cmds import perform
    from leaguegen.formats.chores.core import Refusal
    from leaguegen.formats.chores.match_report import record_match_report

    def chore():  # noqa: ANN202
        try:
            return record_match_report(season_dir, report)
        except Refusal as exc:
            if exc.code != EXIT_INVALID:
                raise
            raise Refusal(Message("report refused: {exc}", exc=exc), exc.code) from None

    perform(chore)
    if report.handle:
        echo(Message("opponent: @{handle}", handle=report.handle))
