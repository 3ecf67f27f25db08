"""``leaguegen pair SEASON_DIR --section ID``: pair a Swiss section's next round into its file.

The new round goes to the end of the section's ``rounds`` with empty scores
for the organiser to fill in, the pairing-allocated bye as ``Name: bye``, the
byes asked for as ``Name: half`` (or ``absent``, ``full``), and the marker
``paired_by: leaguegen VERSION SYSTEM FINGERPRINT``; the engine's result and
explanation go to ``pairings/<section>.json`` (domain/sections/swiss_record.py),
which the round page reads instead of pairing again. The whole run
holds the season's write lock, and the round is written only if no season
file changed since it was read (``formats.season_write.SeasonSession``); only
the new lines are added to the file.

Exit codes: 0 paired and written; 1 the request cannot be met (the last round
has unfinished games, every round is paired, no legal pairing, another
leaguegen command holds the season's lock, or a season file was saved while
pairing); 2 invalid season or arguments, or a file that cannot be written.
"""

from __future__ import annotations

import datetime as dt
import sys
from pathlib import Path

import click

from leaguegen.cli.locked_section import load_or_exit
from leaguegen.cli.speech import echo, echo_block
from leaguegen.cli.terminal import printable
from leaguegen.errors import Message, NoValidPairing
from leaguegen.formats.season_yaml import SEASON_FILE

EXIT_CANNOT = 1
EXIT_INVALID = 2
KIND_WORDS = {"H": "half", "Z": "absent", "F": "full"}
# How ``pair`` lists a free round: the words above (and "bye", the pairing-allocated one),
# as the season file writes them, in English; in a context, so each language says what they
# mean rather than the bare word.
_BYE_WORDS = {"bye": Message("bye", msgctxt="pairing-allocated"),
              "half": Message("half", msgctxt="requested bye"),
              "absent": Message("absent", msgctxt="requested bye"),
              "full": Message("full", msgctxt="requested bye")}
# Above this many players ``check`` does not re-pair rounds made outside leaguegen to
# compare them with the engine (a round of 5,000 players takes it a minute or more:
# a season's check stays seconds); it says so, and check-pairings does it on request.
COMPARE_LIMIT = 1000
NOTICE_BOARDS = 12  # boards named per round in check's engine notice; the rest are counted


def _fail(message: str, code: int) -> None:
    echo_block(message, err=True)
    sys.exit(code)


def pair_season(season_dir: str, section_id: str | None, allow_postponed: bool,
                round_date: str | None, explain: bool) -> None:
    from leaguegen.formats.season_write import SeasonBusy, SeasonChanged, SeasonSession, WriteError

    ctx = click.get_current_context()
    for option in ("system", "baku"):
        if ctx.get_parameter_source(option) is click.core.ParameterSource.COMMANDLINE:
            raise click.UsageError(Message("--{option} is for --trf; a season's Swiss section "
                                           "says its own 'pairing' and 'acceleration'",
                                           option=option))
    date = None
    if round_date:
        try:
            date = dt.date.fromisoformat(round_date)
        except ValueError:
            _fail(Message("--date '{round_date}' is not a date like 2026-11-05",
                          round_date=round_date), EXIT_INVALID)
    if not (Path(season_dir) / SEASON_FILE).is_file():
        load_or_exit(season_dir)  # not a season: the loader says so (and no lock file is made)
    if not section_id:
        section_id = _only_swiss(season_dir)
    try:
        with SeasonSession(season_dir) as session:
            _pair_locked(session, season_dir, section_id, allow_postponed, date, explain)
    except (SeasonBusy, SeasonChanged) as exc:
        _fail(Message("{season_dir}: {exc}", season_dir=season_dir, exc=exc), EXIT_CANNOT)
    except WriteError as exc:
        _fail(Message("{season_dir}: cannot write the round: {exc}",
                      season_dir=season_dir, exc=exc), EXIT_INVALID)


def _only_swiss(season_dir: str) -> str:
    """The season's one Swiss or team Swiss section (``pair`` without ``--section``), or
    exit 2 naming the sections to choose from (or saying there is none)."""
    from leaguegen.domain.sections import swiss as ss
    from leaguegen.domain.sections.team_swiss import TeamSwissDetails

    season = load_or_exit(season_dir)
    swiss = [s.id for s in season.sections
             if isinstance(s.details, (ss.SwissSettings, TeamSwissDetails))]
    if len(swiss) == 1:
        return swiss[0]
    if not swiss:
        _fail(Message("{season_dir}: no Swiss section to pair (only Swiss sections are paired; "
                      "the others follow a fixed schedule)",
                      season_dir=season_dir), EXIT_INVALID)
    _fail(Message("{season_dir}: {count} Swiss section: {swiss}; say which with --section ID",
                  "{season_dir}: {count} Swiss sections: {swiss}; say which with --section ID",
                  season_dir=season_dir, count=len(swiss), swiss=', '.join(swiss)), EXIT_INVALID)
    raise AssertionError  # _fail exits


def _date_in_order(section, round_no: int, date: dt.date) -> None:  # noqa: ANN001 - Section
    """Refuse (exit 2, nothing written) a ``--date`` before an earlier round's date:
    ``check`` would then refuse the season, so it is never written."""
    earlier = [(i.number, i.date) for i in section.rounds if i.number < round_no and i.date]
    if not earlier:
        return
    n, last = max(earlier, key=lambda x: (x[1], x[0]))
    if date < last:
        _fail(Message("section '{id}': --date {isoformat} is before round {n}'s date "
                      "{isoformat2}: rounds are dated in order; nothing was written",
                      id=section.id, isoformat=date.isoformat(), n=n,
                      isoformat2=last.isoformat()), EXIT_INVALID)


def _pair_locked(session, season_dir: str, section_id: str, allow_postponed: bool,  # noqa: ANN001
                 date: dt.date | None, explain: bool) -> None:
    """Load, pair and write while holding the season's lock (see SeasonSession)."""
    from leaguegen.cli.collector import collector_paused
    from leaguegen.cli.locked_section import load_locked
    from leaguegen.domain.pairing import system_names
    from leaguegen.domain.pairing.guard import EngineStalled
    from leaguegen.domain.sections import swiss as ss
    from leaguegen.domain.sections.swiss_record import PairingRecord
    from leaguegen.formats.pairing_records import save_record
    from leaguegen.formats.season_write import WriteError

    season, section = load_locked(session, season_dir, section_id,
                                  lambda message: _fail(message, EXIT_INVALID))
    from leaguegen.domain.sections.double_swiss import DoubleSwissDetails

    if isinstance(section.details, DoubleSwissDetails):  # two-game matches (C.04.5)
        from leaguegen.cli.double_swiss_cli import pair_section

        pair_section(session, section, date)
        return
    from leaguegen.domain.sections.team_swiss import TeamSwissDetails

    if isinstance(section.details, TeamSwissDetails):  # team matches (C.04.6)
        from leaguegen.cli.team_swiss_cli import pair_section as pair_teams

        pair_teams(session, section, date, _version())
        return
    if not isinstance(section.details, ss.SwissSettings):
        _fail(Message("section '{section_id}' is {format}: its rounds come from a fixed"
                      " schedule; only Swiss sections are paired", section_id=section_id,
                      format=section.format.replace("_", " ")), EXIT_INVALID)
    names = [p.name for p in section.players]
    shown = [printable(n) for n in names]
    sid = printable(section_id)
    if date is not None:
        _date_in_order(section, ss.paired_rounds(section) + 1, date)
    try:
        with collector_paused():
            paired = ss.pair_next(section, allow_postponed=allow_postponed)
    except ss.RoundNotFinished as exc:
        lines = "\n".join(f"  {shown[g.white - 1]} - {shown[g.black - 1]}" for g in exc.games)
        _fail(Message("round {round} of '{sid}' still has {count} game(s) without a "
                      "result:\n{lines}\nenter the results (or a forfeit), or pass "
                      "--allow-postponed to pair the next round anyway",
                      "round {round} of '{sid}' still has {count} game(s) without a "
                      "result:\n{lines}\nenter the results (or a forfeit), or pass "
                      "--allow-postponed to pair the next round anyway",
                      round=exc.round, sid=sid, count=len(exc.games), lines=lines), EXIT_CANNOT)
    except ss.SectionComplete as exc:
        _fail(Message("section '{sid}': {exc}; nothing to pair", sid=sid, exc=exc), EXIT_CANNOT)
    except NoValidPairing as exc:
        _fail(Message("section '{sid}': no valid pairing: {exc}", sid=sid, exc=exc), EXIT_CANNOT)
    except EngineStalled as exc:  # (domain/pairing/guard.py: a bug, never a hang)
        _fail(Message("section '{sid}': internal error: {exc}; nothing written",
                      sid=sid, exc=exc),
              EXIT_CANNOT)
    except ValueError as exc:
        _fail(Message("section '{sid}': cannot pair: {exc}", sid=sid, exc=exc), EXIT_INVALID)
    result = paired.result
    _check_result(result, len(names))
    round_no = ss.paired_rounds(section) + 1
    mark = ss.marker(section, result, _version())
    games = [(names[w - 1], names[b - 1]) for w, b in result.boards]
    byes = [(names[result.bye - 1], "bye")] if result.bye is not None else []
    byes += [(names[n - 1], KIND_WORDS[code.value])
             for n, code in sorted(ss.requested_for(section, round_no).items())]
    date_note: Message | str = ""
    if date is None:
        from leaguegen.domain.round_dates import next_round_date

        date = next_round_date([(i.number, i.date) for i in section.rounds], round_no)
        date_note = (Message("dated {isoformat} by the section's rhythm (--date to choose"
                             " another)", isoformat=date.isoformat()) if date else
                     Message("no date: the section's rounds show no rhythm to follow; add"
                             " the round's date in the file, or pair with --date YYYY-MM-DD"))
    try:
        path = session.append_round(section_id, games, byes, date=date, paired_by=mark.text())
    except OSError as exc:
        raise WriteError(str(exc)) from None
    record = PairingRecord(round_no, mark, result, paired.relaxed)
    try:
        save_record(Path(season_dir), section_id, record, system_names())
    except OSError as exc:
        echo(Message("warning: the round is written, but its pairing record is not ({exc}): its "
                     "page will not explain it",
                     exc=exc), err=True)
    if section_id in session.froze:
        echo(Message("Pairing numbers frozen in {path} (they came from seeding: {seeding}; the "
                     "players are now listed in number order, seeding: list)",
                     path=path, seeding=section.seeding))
    echo(Message("Round {round_no} of {number_of_rounds} paired ({pairing}) and added to {path}:",
                 round_no=round_no, number_of_rounds=ss.settings(section).number_of_rounds,
                 pairing=ss.settings(section).pairing, path=path))
    for i, (white, black) in enumerate(games, start=1):
        echo(Message("{i:3d}. {white} - {black}", i=i, white=white, black=black))
    for name, kind in byes:  # the word the file has, said in the language
        echo(Message("     {name}: {kind}", name=name, kind=_BYE_WORDS.get(kind, kind)))
    if date_note:
        echo(Message("Round {round_no}: {date_note}", round_no=round_no, date_note=date_note),
             err=not date)
    if paired.relaxed:
        pairs = "; ".join(f"{shown[a - 1]} - {shown[b - 1]}" for a, b in paired.relaxed)
        echo(Message("No legal pairing keeps every avoid / keep_apart pair apart, so they were "
                     "relaxed; paired anyway: {pairs}",
                     pairs=pairs))
    if explain:
        _explain(result, shown)


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("leaguegen")
    except PackageNotFoundError:
        return "?"


def _check_result(result, players: int) -> None:  # noqa: ANN001 - PairingResult
    """Never write a pairing that is not one: each number a player, each once."""
    numbers = [n for board in result.boards for n in board]
    if result.bye is not None:
        numbers.append(result.bye)
    if any(not 1 <= n <= players for n in numbers) or len(set(numbers)) != len(numbers):
        _fail(Message("internal error: the pairing engine returned an invalid pairing {boards} "
                      "(bye {bye}); nothing was written; please report this season",
                      boards=result.boards, bye=result.bye),
              EXIT_CANNOT)


def _explain(result, names: list[str]) -> None:  # noqa: ANN001 - PairingResult
    from leaguegen.cli.explain_words import explanation_lines

    echo("")
    for line in explanation_lines(result, lambda n: f"{names[n - 1]} ({n})", season=True):
        echo(line)


def engine_notices(season) -> list[str]:  # noqa: ANN001 - Season
    """``leaguegen check``'s notices: each Swiss round not paired by the engine (no
    ``paired_by`` marker, or one the round no longer matches), compared once with the
    engine's pairing from the rounds before it, naming the boards that differ."""
    from leaguegen.domain.sections import swiss as ss
    from leaguegen.domain.sections.swiss_record import Origin

    out = []
    for section in season.sections:
        if not isinstance(section.details, ss.SwissSettings):
            continue
        system = ss.settings(section).pairing

        def name(n: int, section=section) -> str:  # noqa: ANN001
            return printable(section.players[n - 1].name)

        if len(section.players) > COMPARE_LIMIT:
            outside = [r for r in range(1, ss.paired_rounds(section) + 1)
                       if ss.origin(section, r) is not Origin.ENGINE]
            if outside:
                out.append(Message("notice: section '{id}': {count} round(s) not paired by "
                                   "leaguegen were not compared with {system} ({count2} "
                                   "players, more than {COMPARE_LIMIT}: each round would take "
                                   "the engine a minute or more); to compare them, run "
                                   "`leaguegen check-pairings --trf` on `leaguegen export "
                                   "trf`'s file",
                                   id=section.id, count=len(outside), system=system,
                                   count2=len(section.players), COMPARE_LIMIT=COMPARE_LIMIT))
            continue
        for d in ss.engine_differences(section):
            how = Message("paired by hand") if d.origin is Origin.HAND \
                else Message("changed after pairing")
            head = Message("notice: section '{sid}' round {round_no} ({how})", sid=section.id,
                           round_no=d.round, how=how)
            if d.engine is None:
                out.append(Message("{head}: {system} finds no legal pairing for it",
                                   head=head, system=system))
                continue
            boards = [x for x in d.check.differences if x.board is not None]
            bye = any(x.board is None for x in d.check.differences)
            if boards and bye:  # the noun goes with the boards in all: «из 21 доски»
                out.append(Message("{head}: {differ} of {count} board and the bye differ from"
                                   " {system}", "{head}: {differ} of {count} boards and the bye"
                                   " differ from {system}", head=head, differ=len(boards),
                                   count=d.check.boards, system=system))
            elif boards:
                out.append(Message("{head}: {differ} of {count} board differs from {system}",
                                   "{head}: {differ} of {count} boards differ from {system}",
                                   head=head, differ=len(boards), count=d.check.boards,
                                   system=system))
            else:
                out.append(Message("{head}: the bye differs from {system}", head=head,
                                   system=system))
            listed = [x for x in d.check.differences if x.board is None]
            listed = boards[:NOTICE_BOARDS] + listed
            for x in listed:
                if x.board is None:
                    bye = d.engine.bye
                    out.append(Message("  bye: {system} gives it to {value}",
                                       system=system,
                                       value=name(bye) if bye is not None
                                       else Message("nobody")))
                    continue
                white, black = d.engine.boards[x.board - 1]
                out.append(Message("  board {board}: {system} pairs {name} - {name2}",
                                   board=x.board, system=system, name=name(white),
                                   name2=name(black)))
            if len(boards) > NOTICE_BOARDS:
                more = len(boards) - NOTICE_BOARDS
                out.append(Message("  and {count} more board (`leaguegen check-pairings` on"
                                   " the exported TRF lists every one)",
                                   "  and {count} more boards (`leaguegen check-pairings` on"
                                   " the exported TRF lists every one)", count=more))
    from leaguegen.cli.team_swiss_cli import engine_notices as team_notices

    return out + team_notices(season)
