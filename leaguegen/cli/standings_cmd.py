"""``leaguegen standings``: tie-broken standings of a TRF file (the contract checks rely on).

    leaguegen standings --trf FILE --system swiss|round-robin
        --tiebreaks "PTS BH/C1 SB ..." [--after-round N] [--rules 2024|2026] --json

prints ``{"tiebreaks": [...], "rows": [{"startno", "points", "values", "rank"}]}``
with rows by start number, points and point-valued tie-breaks as floats, counts
and ratings as integers, null where a tie-break is undefined. Exit 2 when the
file cannot be read or is invalid (with the TRF line and column), or an argument
is invalid (``--after-round`` beyond the rounds in the file, ``--exclude`` of a
start number that is not in it).
"""

from __future__ import annotations

import json
import sys
from fractions import Fraction

import click

from leaguegen.cli import main
from leaguegen.cli.speech import echo, echo_row, say
from leaguegen.cli.terminal import clip, display_width, printable
from leaguegen.domain.standings import compute_standings
from leaguegen.domain.tiebreaks import DEFAULTS
from leaguegen.errors import InputError, Message
from leaguegen.formats.standings_json import points as _points
from leaguegen.formats.standings_json import standings_json as as_json

EXIT_INVALID = 2


def _fail(message: object) -> None:
    echo(Message("error: {message}", message=message), err=True)
    sys.exit(EXIT_INVALID)


@main.command("standings")
@click.argument("season_dir", required=False, type=click.Path(file_okay=False))
@click.option("--section", "section_id", help="With SEASON_DIR: the section to rank.")
@click.option("--trf", "trf_path", help="TRF file to read (UTF-8).")
@click.option("--system", type=click.Choice(["swiss", "round-robin"]),
              help="With --trf: which C.07 treatment of unplayed games applies.")
@click.option("--tiebreaks", default=None,
              help="FIDE codes in order, e.g. \"PTS BH/C1 SB DE\" (default: DE SB WIN KS "
                   "for round robins, BH/C1 BH SB DE WIN for Swiss).")
@click.option("--after-round", type=click.IntRange(min=0), default=None,
              help="Standings after this round (default: the last round with results).")
@click.option("--rules", type=click.Choice(["2024", "2026"]), default="2024", show_default=True,
              help="C.07 edition: from 1 Aug 2024, or from 1 Mar 2026.")
@click.option("--exclude", multiple=True, type=int,
              help="Start number removed by the 50 % withdrawal rule (repeatable).")
@click.option("--json", "as_json_flag", is_flag=True, help="Print JSON (the checked contract).")
def standings(season_dir: str | None, section_id: str | None, trf_path: str | None,
              system: str | None, tiebreaks: str | None, after_round: int | None,
              rules: str, exclude: tuple[int, ...], as_json_flag: bool) -> None:
    """Rank a section of SEASON_DIR (--section ID), or a TRF file (--trf FILE --system S)."""
    if (season_dir is None) == (trf_path is None):
        raise click.UsageError(Message("give either SEASON_DIR with --section, or --trf FILE"))
    if season_dir is not None:
        _season(season_dir, section_id, tiebreaks, after_round, rules, as_json_flag)
        return
    if system is None:
        raise click.UsageError(Message("--trf needs --system swiss|round-robin"))
    from leaguegen.formats import trf

    try:
        doc = trf.load(trf_path)
    except InputError as err:
        for problem in err.problems:
            echo(problem, err=True)
        sys.exit(EXIT_INVALID)
    except OSError as err:
        _fail(Message("cannot read {path}: {error}", path=trf_path,
                      error=err.strerror or err))
    if not doc.players:
        _fail(Message("{path}: no player (001) records", path=trf_path))
    if after_round is not None and after_round > doc.rounds_in_file:
        _fail(Message("--after-round {after_round}: {path} has {count} round(s)",
                      after_round=after_round, path=trf_path, count=doc.rounds_in_file))
    numbers = {p.number for p in doc.players}
    for number in exclude:
        if number not in numbers:
            _fail(Message("--exclude {number}: no player with that start number in {path}",
                          number=number, path=trf_path))
    codes = (tiebreaks.replace(",", " ").split() if tiebreaks is not None
             else list(DEFAULTS[system]))
    table = trf.to_crosstable(doc)
    try:
        result = compute_standings(table, codes, system, rules, after_round, frozenset(exclude))
    except ValueError as err:
        _fail(printable(err))
    if as_json_flag:
        click.echo(json.dumps(as_json(result, table.scoring.unit)))
        return
    names = {r.number: r.player.name for r in table.records}
    w = _heading(result.codes)
    for row in result.rows:
        values = "  ".join(f"{_fmt(v):>8}" for v in row.values)
        note = f"  ({row.decided_by})" if row.decided_by else ""
        echo_row(Message("{rank:>{w1}} {number:>{w2}}  {value:<{w3}} {points:>{w4}g}  {values}"
                         "{note}", rank=row.rank, number=row.number,
                         value=clip(printable(names[row.number]), w["w3"]),
                         points=_points(row.points, table.scoring.unit), values=values,
                         note=note, **w))


def _fmt(value: object) -> str:
    if value is None:
        return "-"
    if isinstance(value, Fraction):
        return f"{float(value):.2f}"
    return str(value)


def _season(season_dir: str, section_id: str | None, tiebreaks: str | None,
            after_round: int | None, rules: str, as_json_flag: bool) -> None:
    """The season path: the section's standings as its pages show them."""
    from leaguegen.cli.season_standings import NoStandings, season_standings
    from leaguegen.cli.season_standings import as_json as season_json
    from leaguegen.formats.season_yaml import load_season

    if section_id is None:
        raise click.UsageError(Message("SEASON_DIR needs --section ID"))
    try:
        season = load_season(season_dir)
    except InputError as err:
        for problem in err.problems:
            echo(problem, err=True)
        sys.exit(EXIT_INVALID)
    codes = tiebreaks.replace(",", " ").split() if tiebreaks is not None else None
    own = _kind_standings(season, section_id)
    if own is not None:  # a kind whose table is its own (a team league): printed as it is
        _print_rows(own, as_json_flag)
        return
    ctx = click.get_current_context()
    chosen_rules = rules if ctx.get_parameter_source("rules").name != "DEFAULT" else None
    try:
        result = season_standings(season, section_id, codes, chosen_rules, after_round)
    except KeyError:
        _fail(Message("{season_dir}: no section '{section_id}'; sections: {sections}",
                      season_dir=season_dir, section_id=section_id,
                      sections=", ".join(s.id for s in season.sections)))
    except (NoStandings, ValueError) as err:
        _fail(printable(err))
    _print_rows(season_json(season, section_id, result), as_json_flag)


def _kind_standings(season, section_id: str) -> dict | None:  # noqa: ANN001 - a Season
    """The standings a kind makes itself (``SectionKind.standings_json``), or None."""
    from leaguegen.domain.sections import derive_facts, kind_of

    try:
        section = season.section(section_id)
    except KeyError:
        return None  # reported by the individual path
    kind = kind_of(section.format)
    return None if kind.standings_json is None else kind.standings_json(derive_facts(section))


def _print_rows(data: dict, as_json_flag: bool) -> None:
    if as_json_flag:
        click.echo(json.dumps(data, ensure_ascii=False))
        return
    w = _heading(data["tiebreaks"])
    for row in sorted(data["rows"], key=lambda r: (r["rank"], r["startno"])):
        values = "  ".join(f"{'-' if v is None else v!s:>8}" for v in row["values"])
        echo_row(Message("{row:>{w1}} {row2:>{w2}}  {value:<{w3}} {row3:>{w4}g}  {values}",
                         row=row['rank'], row2=row['startno'],
                         value=clip(printable(row['name']), w["w3"]), row3=row['points'],
                         values=values, **w))


def _heading(codes: list[str] | tuple[str, ...]) -> dict[str, int]:
    """Print the headings (rank, number, name, points in the language, then the tie-break
    codes) and give the columns' widths: each as wide as its heading in the language, at
    least its English width, so the rows line up under them (as ``rating-report``'s)."""
    headings = (Message("Rk"), Message("No"), Message("Name"), Message("Pts"))
    w = {f"w{i}": max(least, display_width(say(h))) for i, (least, h) in
         enumerate(zip((4, 4, 30, 5), headings, strict=True), 1)}
    echo_row(Message("{rank:>{w1}} {number:>{w2}}  {name:<{w3}} {points:>{w4}}  {codes}",
                     rank=headings[0], number=headings[1], name=headings[2],
                     points=headings[3], codes="  ".join(f"{c:>8}" for c in codes), **w))
    return w
