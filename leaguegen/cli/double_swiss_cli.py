"""``generate`` and ``check-pairings`` for a Double-Swiss event (C.04.5).

Why apart from the two commands: a Double-Swiss file writes two round blocks per
match (``formats/double_swiss_trf.py``), so it is generated, cut into matches and
checked differently from a one-game-per-round Swiss; the commands call these when
the system is ``double-swiss`` or the file's record 192 says so.
"""

from __future__ import annotations

import random

from leaguegen.cli.check_report import echo_differences, echo_verdict
from leaguegen.cli.speech import echo
from leaguegen.cli.terminal import printable
from leaguegen.errors import Message

SYSTEM = "double-swiss"


def generated_text(players: int, matches: int, seed: int, forfeits: float, half_byes: float,
                   absences: float) -> str:
    """A random Double-Swiss event as TRF-2026 text; NoValidPairing if none can be made.

    ``forfeits`` is the share of matches forfeited whole and, separately, of played
    matches with one game forfeited."""
    from leaguegen.domain.pairing.double_swiss_event import DoubleSettings, random_double_event
    from leaguegen.formats import double_swiss_trf, trf

    settings = DoubleSettings(players, matches, match_forfeits=forfeits, game_forfeits=forfeits,
                              absences=absences, half_byes=half_byes)
    table, colour = random_double_event(settings, random.Random(seed))
    name = f"Random tournament: {SYSTEM}, seed {seed}"
    return trf.dumps(double_swiss_trf.document(table, name, colour))


def check(doc, trf_path: str, basic_rules: bool) -> int:  # noqa: ANN001 - a TrfDocument
    """Re-pair every match of a Double-Swiss file; print as ``check-pairings`` does and
    return the exit code (0 all agree, 1 a difference or a broken rule)."""
    from leaguegen.domain.pairing.double_swiss_check import check_double_event, rule_breaches
    from leaguegen.formats import double_swiss_trf

    try:
        _require_double_swiss(doc)
    except ValueError as exc:
        echo(Message("{trf_path}: {exc}", trf_path=trf_path, exc=exc), err=True)
        return 2
    table = double_swiss_trf.game_table(doc)
    total = table.rounds_total // 2
    checks = check_double_event(table, initial_colour=double_swiss_trf.initial_colour(doc),
                                rounds_total=total)
    differ = echo_differences(checks, SYSTEM)
    broken = rule_breaches(table, total) if basic_rules else []
    for b in broken:
        echo(Message("round {match}: broken: {rule}: {text}",
                     match=b.match, rule=b.rule, text=b.text))
    if not checks:
        echo(Message("{trf_path}: no paired round to check", trf_path=trf_path))
        return 0
    echo_verdict(checks, differ, SYSTEM)
    if basic_rules:
        echo(Message("C.04.5 basic rules: {value} broken", value=len(broken) or 'none'))
    return 1 if differ or broken else 0


def pair_state(doc):  # noqa: ANN001, ANN201 - TrfDocument -> SwissState
    """The input for pairing the next match of a Double-Swiss file: the matches complete
    in it, ``XXZ`` absentees, the initial colour; ValueError when every match is paired."""
    from leaguegen.domain.pairing.double_swiss_event import matches_done, state_from_games
    from leaguegen.formats import double_swiss_trf

    _require_double_swiss(doc)
    table = double_swiss_trf.game_table(doc)
    total = table.rounds_total // 2
    done = matches_done(table)
    if done >= total:
        raise ValueError(Message("all {count} match is paired", "all {count} matches are paired",
                                 count=total))
    return state_from_games(table, matches=done, rounds_total=total,
                            absent=doc.absent_next,
                            initial_colour=double_swiss_trf.initial_colour(doc))


def _require_double_swiss(doc) -> None:  # noqa: ANN001 - a TrfDocument
    """A one-game file read as matches would pair nonsense: the file must say it is one."""
    from leaguegen.formats import double_swiss_trf

    if not double_swiss_trf.is_double_swiss(doc):
        raise ValueError(Message("not a Double-Swiss file: record 192 does not say"
                                 " FIDE_DOUBLESWISS (a match is two round blocks, one per"
                                 " game)"))


def pair_section(session, section, date) -> None:  # noqa: ANN001 - SeasonSession, Section, date
    """``leaguegen pair SEASON --section ID`` for a Double-Swiss section: pair the next match
    by C.04.5 and append it to the section's ``rounds`` (the lines with no results yet).
    Exit 1 when a match before it is not complete, every match is paired, or no pairing
    meets the absolute criteria."""
    import sys

    from leaguegen.domain.round_dates import next_round_date
    from leaguegen.domain.sections import double_swiss as ds
    from leaguegen.errors import NoValidPairing
    from leaguegen.formats.season_write import WriteError

    names = [p.name for p in section.players]
    total = ds.details(section).matches
    done = ds.paired_matches(section)
    waiting = [m for m in ds.matches(section) if m.game1 is None or m.game2 is None]
    if waiting:
        lines = "\n".join(f"  {printable(names[m.white - 1])} - {printable(names[m.black - 1])}"
                          for m in waiting)
        echo(Message("round {number} of '{id}' still has {count} match(es) without both "
                     "results:\n{lines}",
                     "round {number} of '{id}' still has {count} match(es) without both "
                     "results:\n{lines}",
                     number=waiting[0].number, id=section.id, count=len(waiting), lines=lines),
             err=True)
        sys.exit(1)
    if done >= total:
        echo(Message("section '{id}': all {total} rounds are paired; nothing to pair",
                     id=section.id, total=total), err=True)
        sys.exit(1)
    try:
        result = ds.pair_next(section)
    except NoValidPairing as exc:
        echo(Message("section '{id}': no valid pairing: {exc}", id=section.id, exc=exc),
                   err=True)
        sys.exit(1)
    k = done + 1
    if date is None:
        date = next_round_date([((i.number + 1) // 2, i.date) for i in section.rounds
                                if i.number % 2 == 1], k)
    games = [(names[w - 1], names[b - 1]) for w, b in result.boards]
    byes = [(names[result.bye - 1], "bye")] if result.bye is not None else []
    try:
        path = session.append_round(section.id, games, byes, date=date)
    except OSError as exc:
        raise WriteError(str(exc)) from None
    echo(Message("Round {k} of {total} paired ({SYSTEM}) and added to {path}:",
                 k=k, total=total, SYSTEM=SYSTEM, path=path))
    for i, (white, black) in enumerate(games, start=1):
        echo(Message("{i:3d}. {white} - {black}", i=i, white=white, black=black))
    for name, _ in byes:
        echo(Message("     {name}: bye", name=name))
