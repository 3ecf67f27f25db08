"""``leaguegen pair SEASON_DIR --section ID``: pair a Swiss section's next round into its file.

The new round goes to the end of the section's ``rounds`` with empty scores
for the organiser to fill in, the pairing-allocated bye as ``Name: bye`` and
the byes asked for as ``Name: half`` (or ``absent``, ``full``). The write is
atomic and keeps every comment (``formats.season_write.append_round``).

Exit codes: 0 paired and written; 1 the request cannot be met (the last round
has unfinished games, every round is paired, no legal pairing); 2 invalid
season or arguments.
"""

from __future__ import annotations

import datetime as dt
import sys
from pathlib import Path

import click

from leaguegen.cli.season_cmds import report_problems
from leaguegen.errors import InputError, NoValidPairing

EXIT_CANNOT = 1
EXIT_INVALID = 2
KIND_WORDS = {"H": "half", "Z": "absent", "F": "full"}


def _fail(message: str, code: int) -> None:
    click.echo(message, err=True)
    sys.exit(code)


def pair_season(season_dir: str, section_id: str | None, allow_postponed: bool,
                round_date: str | None, explain: bool) -> None:
    from leaguegen.domain.sections import swiss as ss
    from leaguegen.formats.season_write import WriteError, append_round
    from leaguegen.formats.season_yaml import load_season

    if not section_id:
        raise click.UsageError("pairing a season needs --section ID")
    ctx = click.get_current_context()
    for option in ("system", "baku"):
        if ctx.get_parameter_source(option) is click.core.ParameterSource.COMMANDLINE:
            raise click.UsageError(f"--{option} is for --trf; a season's Swiss section says"
                                   " its own 'pairing' and 'acceleration'")
    date = None
    if round_date:
        try:
            date = dt.date.fromisoformat(round_date)
        except ValueError:
            _fail(f"--date '{round_date}' is not a date like 2026-11-05", EXIT_INVALID)
    try:
        season = load_season(season_dir)
    except InputError as err:
        report_problems(err)
        sys.exit(EXIT_INVALID)
    try:
        section = season.section(section_id)
    except KeyError:
        ids = ", ".join(s.id for s in season.sections)
        _fail(f"{season_dir}: no section '{section_id}' (sections: {ids})", EXIT_INVALID)
    if not isinstance(section.details, ss.SwissSettings):
        _fail(f"section '{section_id}' is {section.format.replace('_', ' ')}: its rounds come"
              " from a fixed schedule; only Swiss sections are paired", EXIT_INVALID)
    names = [p.name for p in section.players]
    try:
        result = ss.pair_next(section, allow_postponed=allow_postponed)
    except ss.RoundNotFinished as exc:
        lines = "\n".join(f"  {names[g.white - 1]} - {names[g.black - 1]}" for g in exc.games)
        _fail(f"round {exc.round} of '{section_id}' still has {len(exc.games)} game(s) without"
              f" a result:\n{lines}\nenter the results (or a forfeit), or pass --allow-postponed"
              " to pair the next round anyway", EXIT_CANNOT)
    except ss.SectionComplete as exc:
        _fail(f"section '{section_id}': {exc}; nothing to pair", EXIT_CANNOT)
    except NoValidPairing as exc:
        _fail(f"section '{section_id}': no valid pairing: {exc}", EXIT_CANNOT)
    except ValueError as exc:
        _fail(f"section '{section_id}': cannot pair: {exc}", EXIT_INVALID)
    round_no = ss.paired_rounds(section) + 1
    games = [(names[w - 1], names[b - 1]) for w, b in result.boards]
    byes = [(names[result.bye - 1], "bye")] if result.bye is not None else []
    byes += [(names[n - 1], KIND_WORDS[code.value])
             for n, code in sorted(ss.requested_for(section, round_no).items())]
    try:
        path = append_round(Path(season_dir), section_id, games, byes, date=date)
    except (WriteError, OSError) as exc:
        _fail(f"{season_dir}: cannot write the round: {exc}", EXIT_INVALID)
    click.echo(f"Round {round_no} of {ss.settings(section).number_of_rounds} paired"
               f" ({ss.settings(section).pairing}) and added to {path}:")
    for i, (white, black) in enumerate(games, start=1):
        click.echo(f"{i:3d}. {white} - {black}")
    for name, kind in byes:
        click.echo(f"     {name}: {kind}")
    if explain:
        _explain(result, names)


def _explain(result, names: list[str]) -> None:  # noqa: ANN001 - PairingResult
    from leaguegen.cli import explain_words as words

    click.echo("")
    for i, ex in enumerate(result.explanation, start=1):
        click.echo(f"Board {i}: {names[ex.white - 1]} ({ex.white}) - {names[ex.black - 1]}"
                   f" ({ex.black}), score bracket {words.points(ex.bracket, result.win)}")
        if ex.floats:
            click.echo(f"  float: {words.floats(ex, result.win)}")
        click.echo(f"  colours: {words.colours(ex.colour_rule)}")
        for r in ex.relaxed:
            click.echo(f"  relaxed: {words.relaxed(r)}")
    if result.bye_explanation is not None:
        click.echo(f"Bye: {words.bye(result.bye_explanation, result.win)}")
