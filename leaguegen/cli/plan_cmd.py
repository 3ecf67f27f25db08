"""``leaguegen plan``: rounds, games and club evenings for a format, before any entries.

Prints the figures of :func:`leaguegen.domain.planning.plan` and, when the
event does not fit the evenings, the alternatives. Exit 0 when it fits (or no
season budget was given), 1 when it does not fit, 2 on invalid options.
"""

from __future__ import annotations

import sys

import click

from leaguegen.cli import main
from leaguegen.domain.planning import (
    Advice,
    Format,
    Plan,
    Session,
    Suggestion,
    parse_time_control,
    plan,
    swiss_rounds,
)
from leaguegen.domain.schedule.quads import GroupingRule, Remainder3

_FORMAT_NAMES = {
    Format.ROUND_ROBIN: "round robin",
    Format.DOUBLE_ROUND_ROBIN: "double round robin",
    Format.QUADS: "quads",
    Format.SWISS: "Swiss",
    Format.SCHEVENINGEN: "Scheveningen",
    Format.DOUBLE_SCHEVENINGEN: "double Scheveningen",
    Format.KNOCKOUT: "knockout",
}


def _tc_text(p: Plan) -> str:
    tc = p.time_control
    extra = tc.increment + tc.delay
    how = f"both clocks used up over {p.session.long_game_moves} moves"
    if extra:
        kind = "increment" if tc.increment else "delay"
        how += f", {kind} on every move"
    return f"{tc.label}: a game can take {p.game_minutes} min ({how})"


def _suggestion(s: Suggestion, p: Plan) -> str:
    tc = p.time_control
    if s.advice is Advice.FASTER_TIME_CONTROL:
        extra = f"+{tc.increment}" if tc.increment else (f" d{tc.delay}" if tc.delay else "")
        return (
            f"a faster time control: up to {s.minutes}{extra} per player fits a "
            f"{p.session.evening_minutes}-minute evening"
        )
    if s.advice is Advice.QUADS:
        return f"quads: {s.rounds} rounds, {s.evenings} evenings (groups of four by rating)"
    if s.advice is Advice.SWISS:
        lo, hi = swiss_rounds(p.players)
        usual = f"{lo}-{hi} is usual for {p.players} players"
        return f"a Swiss of {s.rounds} rounds ({usual}): {s.evenings} evenings"
    return (
        f"a double session: two rounds a sitting, {s.evenings} sittings of up to "
        f"{s.minutes} min (e.g. weekend days)"
    )


def _format_option(ctx: click.Context, param: click.Parameter, value: str) -> Format:
    """Season files write ``round_robin``; hyphens are accepted on the command line too."""
    try:
        return Format(value.strip().lower().replace("-", "_"))
    except ValueError:
        choices = ", ".join(f.value for f in Format)
        raise click.BadParameter(f"{value!r} is not one of {choices}") from None


def describe(p: Plan) -> list[str]:
    """The plan as lines of text (kept apart from the command so it can be tested)."""
    sh, s = p.shape, p.session
    name = _FORMAT_NAMES[p.fmt]
    lines = [f"{name}, {p.players} players"]
    if sh.groups:
        lines.append(
            f"  groups:            {', '.join(str(g) for g in sh.groups)} (strongest first)"
        )
    lines.append(f"  rounds:            {sh.rounds}")
    lo, hi = sh.games_per_player
    per = str(lo) if lo == hi else f"{lo}-{hi}"
    lines.append(f"  games:             {sh.games} ({per} per player)")
    lines.append(f"  time control:      {_tc_text(p)}")
    lines.append(
        f"  worst-case round:  {p.round_minutes} min with {s.changeover_minutes} min changeover"
    )
    rpe = "one round" if s.rounds_per_evening == 1 else f"{s.rounds_per_evening} rounds"
    per_week = "one evening" if s.evenings_per_week == 1 else f"{s.evenings_per_week} evenings"
    lines.append(
        f"  evenings:          {p.evenings} ({rpe} per {s.evening_minutes}-minute evening)"
        f" = {p.weeks} weeks at {per_week} a week"
    )
    if p.fmt is Format.QUADS and max(sh.groups) > 4 and 4 in sh.groups:
        lines.append(
            "  note:              groups of four play rounds 1-3 only; the bigger groups"
            f" play all {sh.rounds}"
        )
    if not p.fits_evening:
        need = s.rounds_per_evening * p.round_minutes
        lines.append(
            f"DOES NOT FIT: {rpe} can take {need} min; the evening has {s.evening_minutes} min"
        )
    if p.fits_season is False:
        lines.append(
            f"DOES NOT FIT: {p.evenings} evenings needed, {s.evenings_available} available"
        )
    elif p.fits_season:
        lines.append(f"fits: {p.evenings} of {s.evenings_available} evenings")
    if p.suggestions:
        lines.append("instead, consider:")
        lines.extend(f"  - {_suggestion(x, p)}" for x in p.suggestions)
    return lines


@main.command("plan")
@click.option("--players", type=click.IntRange(min=2), required=True, help="Number of entrants.")
@click.option(
    "--format",
    "fmt",
    required=True,
    callback=_format_option,
    help=f"Event format: {', '.join(f.value for f in Format)}.",
)
@click.option(
    "--time-control",
    required=True,
    help='E.g. "90+30", "90/40+30+30", "G/60;d5", "40/90,SD/30;d5".',
)
@click.option("--evening-minutes", type=click.IntRange(min=1), default=180, show_default=True)
@click.option("--rounds-per-evening", type=click.IntRange(min=1), default=1, show_default=True)
@click.option(
    "--evenings",
    type=click.IntRange(min=1),
    default=None,
    help="Evenings the season has for this event; checks the plan against it.",
)
@click.option("--evenings-per-week", type=click.IntRange(min=1), default=1, show_default=True)
@click.option(
    "--changeover",
    type=click.IntRange(min=0),
    default=15,
    show_default=True,
    help="Minutes per round for setting up and results.",
)
@click.option(
    "--moves",
    type=click.IntRange(min=1),
    default=60,
    show_default=True,
    help="Length of a long game for the worst case.",
)
@click.option("--rounds", type=click.IntRange(min=1), default=None, help="Swiss rounds.")
@click.option("--games-per-match", type=click.IntRange(min=1), default=1, show_default=True)
@click.option(
    "--remainder3",
    type=click.Choice([r.value for r in Remainder3]),
    default=Remainder3.FIVE_AND_SIX.value,
    show_default=True,
    help="Quads: what to do with 4k+3 players.",
)
def plan_command(
    players: int,
    fmt: Format,
    time_control: str,
    evening_minutes: int,
    rounds_per_evening: int,
    evenings: int | None,
    evenings_per_week: int,
    changeover: int,
    moves: int,
    rounds: int | None,
    games_per_match: int,
    remainder3: str,
) -> None:
    """Rounds, games, worst-case round length and club evenings for an event."""
    try:
        tc = parse_time_control(time_control)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--time-control") from exc
    session = Session(
        evening_minutes=evening_minutes,
        rounds_per_evening=rounds_per_evening,
        changeover_minutes=changeover,
        long_game_moves=moves,
        evenings_available=evenings,
        evenings_per_week=evenings_per_week,
    )
    try:
        result = plan(
            fmt,
            players,
            tc,
            session,
            rounds=rounds,
            games_per_match=games_per_match,
            rule=GroupingRule(remainder3=Remainder3(remainder3)),
        )
    except ValueError as exc:
        click.echo(f"error: {exc}", err=True)
        sys.exit(2)
    for line in describe(result):
        click.echo(line)
    if not result.fits:
        sys.exit(1)
