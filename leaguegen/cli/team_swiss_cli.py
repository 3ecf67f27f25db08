"""The team Swiss (FIDE C.04.6) on the command line: ``pair SEASON --section ID``, and
``pair --trf`` / ``check-pairings --trf`` on a TRF-2026 team file.

Why apart from the individual Swiss's: a team round is a list of team matches (boards are
filled in with the results), written by ``formats/team_swiss_rounds.py``, and paired by
the team engine (``domain/teams/swiss.py``) from the section's team event. Exit 1 when
the last round has matches without a result, every round is paired, or no pairing meets
C.04.6's absolute criteria; nothing is written then.

A TRF with team records (``310``) is a team event whatever ``--system`` says by default:
``pair --trf`` pairs its *teams* (the system and colour model from record 192) and prints
the conformance corpus's ``.pairs`` layout (the count, then ``white black`` by board-1
colour, ``T 0`` for the PAB); ``check-pairings --trf`` re-pairs each round from the rounds
before it (``domain/teams/swiss_check.py``) and prints what differs as for individuals.
"""

from __future__ import annotations

import sys

import click

from leaguegen.cli.speech import echo, echo_block
from leaguegen.errors import Message

EXIT_CANNOT = 1
EXIT_INVALID = 2
TEAM_SYSTEM = "team-swiss"  # the --system word of C.04.6 (pair, check-pairings, generate)


def wants_team(trf_path: str, system: str, system_given: bool) -> bool:
    """Whether ``--trf`` is to be read as a team event: ``--system team-swiss``, or a file
    with ``310`` records and no other system asked for by name (exit 2 when one was: an
    individual system cannot pair teams)."""
    from leaguegen.formats.trf_teams import is_team_file

    if system == TEAM_SYSTEM:
        return True
    if not is_team_file(trf_path):
        return False
    if system_given:
        raise click.UsageError(Message("{trf_path} is a team event (310 records): its teams "
                                       "are paired by C.04.6 (--system {team}), not by "
                                       "{system}",
                                       trf_path=trf_path, team=TEAM_SYSTEM, system=system))
    return True


def _team_event(trf_path: str):  # noqa: ANN202 - a TeamEvent, or exit 2
    from leaguegen.errors import InputError
    from leaguegen.formats import trf_teams

    try:
        return trf_teams.load(trf_path)
    except InputError as exc:
        echo_block(exc, err=True)
        sys.exit(EXIT_INVALID)
    except (OSError, ValueError) as exc:
        echo(Message("{trf_path}: cannot read: {exc}", trf_path=trf_path, exc=exc), err=True)
        sys.exit(EXIT_INVALID)


def pair_trf(trf_path: str) -> None:
    """``pair --trf`` on a team file: the next round by C.04.6, in the ``.pairs`` layout;
    exit 1 when every round is paired or no legal pairing exists (nothing printed)."""
    from leaguegen.domain.teams.swiss import pair_team_round
    from leaguegen.domain.teams.swiss_check import pairing_problem
    from leaguegen.errors import NoValidPairing

    event = _team_event(trf_path)
    if event.rounds_played >= event.rounds:
        echo(Message("{trf_path}: {exc}; nothing to pair", trf_path=trf_path,
                     exc=Message("all {count} round (142) is paired already",
                                 "all {count} rounds (142) are paired already",
                                 count=event.rounds)), err=True)
        sys.exit(EXIT_CANNOT)
    try:
        paired = pair_team_round(event)
    except NoValidPairing as exc:
        echo(Message("{trf_path}: no valid pairing: {exc}", trf_path=trf_path, exc=exc),
             err=True)
        sys.exit(EXIT_CANNOT)
    problem = pairing_problem(event, paired)
    if problem:
        echo(Message("{trf_path}: internal error: the engine's pairing is not valid "
                     "({problem}); nothing printed; please report this file",
                     trf_path=trf_path, problem=problem), err=True)
        sys.exit(EXIT_CANNOT)
    lines = [f"{a} {b}" for a, b in paired.matches]
    if paired.bye is not None:
        lines.append(f"{paired.bye} 0")
    click.echo(str(len(lines)))
    for line in lines:
        click.echo(line)


def check_trf(trf_path: str) -> int:
    """``check-pairings --trf`` on a team file: every round re-paired by C.04.6 from the
    rounds before it; the exit code (0 all agree, 1 a round differs)."""
    from leaguegen.cli.check_report import echo_differences, echo_verdict
    from leaguegen.domain.teams.swiss_check import check_team_event

    event = _team_event(trf_path)
    checks = check_team_event(event)
    differ = echo_differences(checks, TEAM_SYSTEM)
    if not checks:
        echo(Message("{trf_path}: no paired round to check", trf_path=trf_path))
        return 0
    echo_verdict(checks, differ, TEAM_SYSTEM)
    return 1 if differ else 0


def _stop(message: Message) -> None:
    echo(message, err=True)
    sys.exit(EXIT_CANNOT)


def pair_section(session, section, date, version: str) -> None:  # noqa: ANN001
    """Pair the next round of ``section`` and append it to its file (see the module)."""
    from leaguegen.cli.pair_season import _date_in_order
    from leaguegen.domain.round_dates import next_round_date
    from leaguegen.domain.sections import team_swiss as ts
    from leaguegen.errors import NoValidPairing
    from leaguegen.formats.season_write import WriteError
    from leaguegen.formats.team_swiss_rounds import append_team_round

    d = ts.details(section)
    names = [t.name for t in d.teams]
    sid = section.id
    if date is not None:
        _date_in_order(section, d.paired_rounds + 1, date)  # exit 2: check would refuse it
    try:
        paired = ts.pair_next(section)
    except ts.RoundNotFinished as exc:
        echo(Message("round {r} of '{sid}' still has {count} match(es) without a result:",
                     r=exc.round, sid=sid, count=len(exc.waiting)), err=True)
        for p in exc.waiting:  # the teams' names as written, one match a line
            echo(Message("  {first} - {second}", first=names[p.first - 1],
                         second=names[p.second - 1]), err=True)
        _stop(Message("enter their results (or a default) first"))
        return
    except ts.SectionComplete as exc:
        _stop(Message("section '{sid}': {exc}; nothing to pair", sid=sid, exc=exc))
        return
    except (NoValidPairing, ValueError) as exc:
        _stop(Message("section '{sid}': no valid pairing: {exc}", sid=sid, exc=exc))
        return
    rnd = paired.round
    if date is None:
        date = next_round_date([(i.number, i.date) for i in section.rounds], rnd)
    matches = [(names[a - 1], names[b - 1]) for a, b in paired.matches]
    bye = names[paired.bye - 1] if paired.bye is not None else None
    absent = [names[t - 1] for t in sorted(d.absent_in(rnd))]
    try:
        path = append_team_round(session, sid, matches, bye, absent, date,
                                 f"leaguegen {version} {ts.ENGINE}")
    except OSError as exc:
        raise WriteError(str(exc)) from None
    echo(Message("Round {round_no} of {number_of_rounds} paired ({engine}, colours type"
                 " {colours}) and added to {path}:", round_no=rnd,
                 number_of_rounds=d.number_of_rounds, engine=ts.ENGINE, colours=d.colours,
                 path=path))
    for i, (first, second) in enumerate(matches, start=1):
        echo(Message("{i:3d}. {first} - {second}", i=i, first=first, second=second))
    if bye is not None:
        echo(Message("     {team}: bye", team=bye))
    for name in absent:
        echo(Message("     {team}: absent", team=name))


def engine_notices(season) -> list[Message]:  # noqa: ANN001 - Season
    """``leaguegen check``'s notices for team Swiss sections: each written round whose
    matches (first team, second team) or PAB are not what C.04.6 gives from the rounds
    before it (a round paired by hand, or changed after ``pair``), naming the engine's."""
    from leaguegen.domain.sections import team_swiss as ts

    out = []
    for section in season.sections:
        if not isinstance(section.details, ts.TeamSwissDetails):
            continue
        names = [t.name for t in section.details.teams]
        for diff in ts.engine_differences(section):
            if diff.engine is None:
                out.append(Message("notice: section '{sid}' round {round_no}: {engine} finds no"
                                   " legal pairing for it", sid=section.id,
                                   round_no=diff.round, engine=ts.ENGINE))
                continue
            out.append(Message("notice: section '{sid}' round {round_no} differs from {engine},"
                               " which pairs:", sid=section.id, round_no=diff.round,
                               engine=ts.ENGINE))
            for a, b in diff.engine.matches:
                if (a, b) in diff.written.matches:
                    out.append(Message("  {first} - {second}", first=names[a - 1],
                                       second=names[b - 1]))
                else:
                    out.append(Message("  {first} - {second}  (not in the round)",
                                       first=names[a - 1], second=names[b - 1]))
            if diff.engine.bye is not None:
                out.append(Message("  {team}: bye",
                                   team=names[diff.engine.bye - 1]))
    return out
