"""``leaguegen pair SEASON --section ID`` for a team Swiss section (FIDE C.04.6).

Why apart from the individual Swiss's: a team round is a list of team matches (boards are
filled in with the results), written by ``formats/team_swiss_rounds.py``, and paired by
the team engine (``domain/teams/swiss.py``) from the section's team event. Exit 1 when
the last round has matches without a result, every round is paired, or no pairing meets
C.04.6's absolute criteria; nothing is written then.
"""

from __future__ import annotations

import sys

import click

from leaguegen.cli.terminal import printable

EXIT_CANNOT = 1


def _stop(message: str) -> None:
    click.echo(printable(message), err=True)
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
        lines = "\n".join(f"  {names[p.first - 1]} - {names[p.second - 1]}"
                          for p in exc.waiting)
        _stop(f"round {exc.round} of '{sid}' still has {len(exc.waiting)} match(es) without"
              f" a result:\n{lines}\nenter their results (or a default) first")
        return
    except ts.SectionComplete as exc:
        _stop(f"section '{sid}': {exc}; nothing to pair")
        return
    except (NoValidPairing, ValueError) as exc:
        _stop(f"section '{sid}': no valid pairing: {exc}")
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
    click.echo(f"Round {rnd} of {d.number_of_rounds} paired ({ts.ENGINE}, colours type"
               f" {d.colours}) and added to {printable(str(path))}:")
    for i, (first, second) in enumerate(matches, start=1):
        click.echo(f"{i:3d}. {printable(first)} - {printable(second)}")
    if bye is not None:
        click.echo(f"     {printable(bye)}: bye")
    for name in absent:
        click.echo(f"     {printable(name)}: absent")


def engine_notices(season) -> list[str]:  # noqa: ANN001 - Season
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
            head = f"notice: section '{printable(section.id)}' round {diff.round}"
            if diff.engine is None:
                out.append(f"{head}: {ts.ENGINE} finds no legal pairing for it")
                continue
            out.append(f"{head} differs from {ts.ENGINE}, which pairs:")
            for a, b in diff.engine.matches:
                mark = "" if (a, b) in diff.written.matches else "  (not in the round)"
                out.append(f"  {printable(names[a - 1])} - {printable(names[b - 1])}{mark}")
            if diff.engine.bye is not None:
                out.append(f"  {printable(names[diff.engine.bye - 1])}: bye")
    return out
