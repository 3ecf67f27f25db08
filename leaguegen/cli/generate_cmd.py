"""``leaguegen generate``: a random Swiss tournament as a TRF file, paired by leaguegen.

The counterpart of ``check-pairings`` in FIDE's endorsement procedure: the event is
paired round by round by the chosen system, with results drawn from the rating
difference, so the checker (ours or another program's) can be run on it. The seed
is written into the file's name record, so the same command repeats the same file.
Exit 0 on success, 1 if no event could be paired (tiny fields with many rounds),
2 on bad options.
"""

from __future__ import annotations

import random
import sys

import click

from leaguegen.cli import main
from leaguegen.cli.speech import echo
from leaguegen.cli.team_swiss_cli import TEAM_SYSTEM
from leaguegen.domain.pairing import system_names
from leaguegen.errors import Message

PROBABILITY = click.FloatRange(0.0, 1.0)


@main.command("generate")
@click.option("--system", type=click.Choice((*system_names(), TEAM_SYSTEM)), required=True,
              help="Swiss pairing system that pairs every round.")
@click.option("--players", type=click.IntRange(min=2), help="Number of players.")
@click.option("--teams", type=click.IntRange(min=2),
              help="team-swiss: the number of teams (instead of --players).")
@click.option("--boards", type=click.IntRange(min=1), default=4, show_default=True,
              help="team-swiss: boards per match.")
@click.option("--colours", type=click.Choice(["A", "B", "none"]), default="A",
              show_default=True, help="team-swiss: the colour preferences of C.04.6 1.7.")
@click.option("--rounds", type=click.IntRange(min=1), required=True,
              help="Number of rounds (fewer than players).")
@click.option("--seed", type=int, help="Random seed; the same seed gives the same file.")
@click.option("--forfeits", type=PROBABILITY, default=0.0, show_default=True,
              help="Share of games forfeited (one side, rarely both, did not come).")
@click.option("--half-byes", type=PROBABILITY, default=0.0, show_default=True,
              help="Chance a player takes a half-point bye in a round.")
@click.option("--absences", type=PROBABILITY, default=0.0, show_default=True,
              help="Chance a player is absent (zero-point bye) in a round.")
@click.option("--baku", is_flag=True, help="Baku acceleration (C.04.7), written as XXA lines.")
@click.option("--out", "out_path", type=click.Path(dir_okay=False),
              help="Write the TRF here instead of standard output.")
def generate(system: str, players: int | None, teams: int | None, boards: int, colours: str,
             rounds: int, seed: int | None, forfeits: float, half_byes: float, absences: float,
             baku: bool, out_path: str | None) -> None:
    """Write a random tournament (TRF-2026), paired round by round by leaguegen."""
    from leaguegen.domain.pairing.random_event import EventSettings, random_event
    from leaguegen.errors import NoValidPairing
    from leaguegen.formats import trf
    from leaguegen.formats.trf_rounds import event_document

    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    if system == TEAM_SYSTEM:
        _team_event(teams, boards, colours, rounds, seed, forfeits, half_byes + absences,
                    baku or players is not None, out_path)
        return
    if teams is not None:
        raise click.UsageError(Message("--teams is for --system team-swiss; give --players"))
    if players is None:
        raise click.UsageError(Message("give --players"))
    if rounds >= players:
        raise click.UsageError(Message("--rounds must be fewer than --players"))
    if half_byes + absences > 1.0:
        raise click.UsageError(Message("--half-byes and --absences together must not exceed 1"))
    if system == "double-swiss":  # two games per match: its own file layout (C.04.5)
        from leaguegen.cli.double_swiss_cli import generated_text

        if baku:
            raise click.UsageError(Message("--baku is not available for double-swiss"))
        try:
            _write(generated_text(players, rounds, seed, forfeits, half_byes, absences),
                   out_path)
        except NoValidPairing as exc:
            echo(Message("no pairable event with seed {seed}: {exc}", seed=seed, exc=exc), err=True)
            sys.exit(1)
        return
    settings = EventSettings(players=players, rounds=rounds, system=system, forfeits=forfeits,
                             half_byes=half_byes, absences=absences, baku=baku)
    try:
        event = random_event(settings, random.Random(seed))
    except NoValidPairing as exc:
        echo(Message("no pairable event with seed {seed}: {exc}", seed=seed, exc=exc), err=True)
        sys.exit(1)
    name = f"Random tournament: {system}{' baku' if baku else ''}, seed {seed}"
    _write(trf.dumps(event_document(event, name)), out_path)


def _team_event(teams: int | None, boards: int, colours: str, rounds: int, seed: int,
                forfeits: float, byes: float, other: bool, out_path: str | None) -> None:
    """``--system team-swiss``: a random team Swiss (``domain/teams/random_event.py``) as
    a TRF-2026 team file; the teams are paired by C.04.6, so no bye or absence is asked
    for and no acceleration applies."""
    from leaguegen.domain.teams.random_event import TeamEventSettings, random_team_event
    from leaguegen.domain.teams.results import team_rounds, totals
    from leaguegen.errors import NoValidPairing
    from leaguegen.formats.trf_teams_event import TYPE_TEXT, TableLine, dumps

    if teams is None or other or byes:
        raise click.UsageError(Message("--system team-swiss takes --teams, --boards, --rounds, "
                                       "--colours, --forfeits and --seed (no --players, "
                                       "--half-byes, --absences or --baku)"))
    if rounds >= teams:
        raise click.UsageError(Message("--rounds must be fewer than --teams"))
    settings = TeamEventSettings(teams, boards, rounds, colours, forfeits)
    name = f"Random tournament: {TEAM_SYSTEM} ({settings.type_code()}), seed {seed}"
    try:
        event = random_team_event(settings, random.Random(seed), name)
    except NoValidPairing as exc:
        echo(Message("no pairable event with seed {seed}: {exc}", seed=seed, exc=exc), err=True)
        sys.exit(1)
    scores = totals(team_rounds(event))
    order = sorted(scores, key=lambda t: (-scores[t][0], -scores[t][1], t))
    table = {t: TableLine(*scores[t], order.index(t) + 1) for t in scores}
    _write(dumps(event, [("012", name), ("092", TYPE_TEXT)], table), out_path)


def _write(text: str, out_path: str | None) -> None:
    """The file to ``out_path``, or to standard output; exit 2 if it cannot be written."""
    if out_path is None:
        click.echo(text, nl=False)
        return
    try:
        with open(out_path, "w", encoding="utf-8", newline="") as fh:
            fh.write(text)
    except OSError as exc:
        echo(Message("{out_path}: cannot write: {exc}", out_path=out_path, exc=exc), err=True)
        sys.exit(2)
