"""``leaguegen plan``: rounds, games and club evenings, for a format or a whole season.

``plan --players N --format F`` sizes one event before any entries: the
figures of :func:`leaguegen.domain.planning.plan`, the guides' verdict on the
field with its reason in one line and, when the event does not fit the
evenings, the alternatives. ``plan SEASON_DIR`` plans every section of a
season, stages in order (:mod:`leaguegen.domain.season_plan`), each at its own
``time_control`` when it states one, and prints the totals. Rounds are compared
with an evening only when ``--evening-minutes`` gives its length (a length nobody
set would call a season too long), and the advice about the organiser's calendar
(a faster time control, quads, a double session) is printed here, never on the
public site. The formats are the section-kind registry's words; ``double_<format>``
plays a format twice (``double_scheveningen``).

Every line is said in the run's language: counts meet their nouns through the
catalogues' plural forms, units go through Babel (CLDR unit names), so one week
reads "1 week". Exit 0 when it fits (or no budget was given), 1 when it
does not fit, 2 on invalid options or an invalid season.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click
from babel import Locale
from babel.units import format_unit

from leaguegen.cli import main, speech
from leaguegen.cli.speech import echo
from leaguegen.domain import planning as pl
from leaguegen.domain.planning import Advice, FieldAdvice, Plan, Session, Suggestion, Verdict
from leaguegen.domain.schedule.quads import GroupingRule, Remainder3
from leaguegen.domain.season_plan import SeasonPlan, SectionPlan, own_time_control, plan_season
from leaguegen.domain.sections import format_names, kind_of, label
from leaguegen.errors import InputError, Message

EXIT_CANNOT, EXIT_INVALID = 1, 2
DOUBLE = "double_"


# ---------------------------------------------------------------- words and units
# Every line is a Message said in the run's language (cli/speech.py); a count meets its
# noun through the catalogue's plural forms, and minutes, days and weeks are Babel's
# (CLDR) units in the run's language.


def _locale() -> Locale:
    return Locale.parse(speech.language())


def rounds_of(n: int) -> Message:
    return Message("{count} round", "{count} rounds", count=n)


def players_of(n: int) -> Message:
    return Message("{count} player", "{count} players", count=n)


def games_of(n: int) -> Message:
    return Message("{count} game", "{count} games", count=n)


def evenings_of(n: int) -> Message:
    return Message("{count} evening", "{count} evenings", count=n)


def minutes(n: int) -> str:
    return format_unit(n, "duration-minute", length="short", locale=_locale())


def unit(n: int, name: str) -> str:
    """A CLDR duration in words: ``1 week``, ``3 days``."""
    return format_unit(n, f"duration-{name}", length="long", locale=_locale())


def sittings(n: int, days: bool) -> Message | str:
    return unit(n, "day") if days else evenings_of(n)


def label_of(fmt: str) -> Message:
    """A kind's label (the registry's English, a msgid of the catalogues), to be said."""
    return Message(label(fmt))


# ---------------------------------------------------------------- the guides' verdicts

def advice_line(a: FieldAdvice) -> Message:
    """One verdict and its reason, in one line (the guides' figures for round robins)."""
    v, n, r = a.verdict, a.players, a.rounds
    rounds = rounds_of(r)
    if v is Verdict.EASY:
        return Message("{rounds}: easy, like a round robin of up to about 6 players (5 rounds)",
                       rounds=rounds)
    if v is Verdict.CALENDAR:
        return Message("{rounds}: fine when the calendar allows, like a round robin of 7-10"
                       " players (7-9 rounds)", rounds=rounds)
    if v is Verdict.CEILING:
        return Message("{rounds}: the ceiling, like a round robin of 11-12 players (11 rounds),"
                       " the most one should take", rounds=rounds)
    if v is Verdict.TOO_LONG:
        if a.usual is None:  # a team match: nothing else pairs the same teams
            return Message("{rounds}: too long, like a round robin of 13 or more players",
                           rounds=rounds)
        lo, hi = a.usual
        options = [Message("a Swiss of {low}-{count} round", "a Swiss of {low}-{count} rounds",
                           low=lo, count=hi) if lo != hi
                   else Message("a Swiss of {count} round", "a Swiss of {count} rounds",
                                count=lo)]
        if a.quads_rounds:
            options.append(Message("quads in {count} round", "quads in {count} rounds",
                                   count=a.quads_rounds))
        if a.bands:
            options.append(Message("{count} rating-band round robin of up to {size} in {rounds}",
                                   "{count} rating-band round robins of up to {size} in"
                                   " {rounds}", count=a.bands[0], size=pl.RATING_BAND,
                                   rounds=rounds_of(a.bands[1])))
        return Message("{rounds}: too long (a round robin of 13 or more players should be a"
                       " Swiss, rating-band round robins or quads): {options}", rounds=rounds,
                       options=tuple(options))
    lo, hi = a.usual or (r, r)
    players = players_of(n)
    if v is Verdict.SWISS_SAFE:
        return Message("{players} for {rounds}: enough (a Swiss of {n} players has at most"
                       " {count} round, and fewer are safe: up to {limit} always pair;"
                       " {low}-{high} is usual)",
                       "{players} for {rounds}: enough (a Swiss of {n} players has at most"
                       " {count} rounds, and fewer are safe: up to {limit} always pair;"
                       " {low}-{high} is usual)", players=players, rounds=rounds, n=n,
                       count=n - 1, limit=a.limit, low=lo, high=hi)
    if v is Verdict.SWISS_RISKY:
        return Message("{players} for {rounds}: too few, the pairings can run out before the"
                       " last round (a Swiss of {n} players has at most {count} round, and"
                       " fewer are safe: {limit} always pair); play {play}, or a round robin"
                       " ({robin})",
                       "{players} for {rounds}: too few, the pairings can run out before the"
                       " last round (a Swiss of {n} players has at most {count} rounds, and"
                       " fewer are safe: {limit} always pair); play {play}, or a round robin"
                       " ({robin})", players=players, rounds=rounds, n=n, count=n - 1,
                       limit=a.limit, play=rounds_of(a.limit or 1),
                       robin=rounds_of(pl.round_robin_rounds(n)))
    if v is Verdict.ONE_GROUP:
        return Message("{players} make one group, a round robin of {rounds} (quads need 8"
                       " players or more for two groups)", players=players, rounds=rounds)
    if v is Verdict.BYES:
        return Message("{players} in a bracket of {size}: the top {count} seed has a bye in"
                       " round 1", "{players} in a bracket of {size}: the top {count} seeds"
                       " have a bye in round 1", players=players, size=n + (a.limit or 0),
                       count=a.limit)
    return Message("{players} fill the bracket: no byes, {rounds} of matches", players=players,
                   rounds=rounds)


def worth_saying(a: FieldAdvice) -> bool:
    """In a season's plan only the verdicts that ask for a decision are printed."""
    return a.verdict not in (Verdict.EASY, Verdict.SWISS_SAFE, Verdict.FULL_BRACKET)


# ---------------------------------------------------------------- one event


def _tc_text(p: Plan) -> Message:
    tc = p.time_control
    moves = Message("{count} move", "{count} moves", count=p.session.long_game_moves)
    take = minutes(p.game_minutes)
    if tc.increment:
        return Message("{label}: a game can take {minutes} (both clocks used up over {moves},"
                       " increment on every move)", label=tc.label, minutes=take, moves=moves)
    if tc.delay:
        return Message("{label}: a game can take {minutes} (both clocks used up over {moves},"
                       " delay on every move)", label=tc.label, minutes=take, moves=moves)
    return Message("{label}: a game can take {minutes} (both clocks used up over {moves})",
                   label=tc.label, minutes=take, moves=moves)


def _suggestion(s: Suggestion, p: Plan) -> Message:
    tc = p.time_control
    evenings = evenings_of(s.evenings)
    if s.advice is Advice.FASTER_TIME_CONTROL:
        extra = f"+{tc.increment}" if tc.increment else (f" d{tc.delay}" if tc.delay else "")
        return Message("a faster time control: up to {time} per player fits a"
                       " {minutes}-minute evening", time=f"{s.minutes}{extra}",
                       minutes=p.session.evening_minutes)
    if s.advice is Advice.QUADS:
        return Message("quads: {rounds}, {evenings} (groups of four by rating)",
                       rounds=rounds_of(s.rounds), evenings=evenings)
    if s.advice is Advice.SWISS:
        lo, hi = pl.swiss_rounds(p.players)
        return Message("a Swiss of {rounds} ({low}-{high} is usual for {players}): {evenings}",
                       rounds=rounds_of(s.rounds), low=lo, high=hi,
                       players=players_of(p.players), evenings=evenings)
    return Message("a double session: two rounds a sitting, {sittings} of up to {minutes}"
                   " (e.g. weekend days)",
                   sittings=Message("{count} sitting", "{count} sittings", count=s.evenings),
                   minutes=minutes(s.minutes or 0))


def name_of(fmt: str, double: bool) -> Message:
    return Message("{label} (double)", label=label_of(fmt)) if double else label_of(fmt)


def describe(p: Plan, fmt: str, double: bool = False) -> list[Message]:
    """The plan as lines of text (kept apart from the command so it can be tested)."""
    sh, s = p.shape, p.session
    lines = [Message("{name}, {players}", name=name_of(fmt, double),
                     players=players_of(p.players))]
    if sh.groups:
        lines.append(
            Message("  groups:            {items} (strongest first)",
                    items=', '.join(str(g) for g in sh.groups))
        )
    lines.append(Message("  rounds:            {rounds}", rounds=sh.rounds))
    lo, hi = sh.games_per_player
    per = str(lo) if lo == hi else f"{lo}-{hi}"
    lines.append(Message("  games:             {games} ({per} per player)",
                         games=sh.games, per=per))
    lines.append(Message("  time control:      {tc_text}", tc_text=_tc_text(p)))
    lines.append(Message("  worst-case round:  {minutes} with {minutes2} changeover",
                         minutes=minutes(p.round_minutes),
                         minutes2=minutes(s.changeover_minutes)))
    rpe = Message("one round") if s.rounds_per_evening == 1 else rounds_of(s.rounds_per_evening)
    per_week = Message("one evening", msgctxt="a week") if s.evenings_per_week == 1 else \
        Message("{count} evening", "{count} evenings", msgctxt="a week",
                count=s.evenings_per_week)
    evening = Message("{minutes}-minute evening", minutes=s.evening_minutes) \
        if s.evening_minutes else Message("evening")
    lines.append(
        Message("  evenings:          {evenings} ({rpe} per {evening}) = {unit} at {per_week} a "
                "week",
                evenings=p.evenings, rpe=rpe, evening=evening, unit=unit(p.weeks, 'week'),
                per_week=per_week)
    )
    if sh.groups and max(sh.groups) > 4 and 4 in sh.groups:
        lines.append(
            Message("  note:              groups of four play rounds 1-3 only; the bigger "
                    "groups play all {rounds}",
                    rounds=sh.rounds)
        )
    lines.extend(Message("  advice:            {advice}", advice=advice_line(a))
                 for a in sh.advice)
    if p.fits_evening is False and s.evening_minutes is not None:
        need = s.rounds_per_evening * p.round_minutes
        lines.append(
            Message("DOES NOT FIT: {rpe} can take {minutes}; the evening has {minutes2}",
                    rpe=rpe, minutes=minutes(need), minutes2=minutes(s.evening_minutes))
        )
    if p.fits_season is False:
        lines.append(
            Message("DOES NOT FIT: {evenings} evenings needed, {evenings_available} available",
                    evenings=p.evenings, evenings_available=s.evenings_available)
        )
    elif p.fits_season:
        lines.append(Message("fits: {evenings} of {evenings_available} evenings",
                             evenings=p.evenings, evenings_available=s.evenings_available))
    if p.suggestions:
        lines.append(Message("instead, consider:"))
        lines.extend(Message("  - {suggestion}", suggestion=_suggestion(x, p))
                     for x in p.suggestions)
    return lines


def read_format(value: str) -> tuple[str, bool]:
    """A format word as season files write it (hyphens accepted), and whether it is doubled.

    ``double_<word>`` is the registered word when there is one (``double_round_robin``),
    otherwise ``<word>`` played twice (``double_scheveningen``).
    """
    word = value.strip().lower().replace("-", "_").replace(" ", "_")
    if word in format_names():
        return word, False
    if word.startswith(DOUBLE) and word[len(DOUBLE):] in format_names():
        return word[len(DOUBLE):], True
    choices = ", ".join(format_names())
    raise click.BadParameter(Message("{value!r} is not one of {choices} (or double_<format>)",
                                     value=value, choices=choices),
                             param_hint="--format")


# ---------------------------------------------------------------- a season


def _span(p: SectionPlan, days: bool) -> Message:
    first, last = p.start + 1, p.end
    if days:
        return Message("day {n}", n=first) if first == last else \
            Message("days {first}-{last}", first=first, last=last)
    return Message("evening {n}", n=first) if first == last else \
        Message("evenings {first}-{last}", first=first, last=last)


def describe_season(plan: SeasonPlan, name: str, names: dict[str, str]) -> list[str]:
    """A season's plan as lines: one per section, then the totals, then what does not fit
    (each said in the run's language; the names as written)."""
    say = speech.say
    days = plan.days
    lines = [say(Message("{name}: {sections} planned", name=name,
                         sections=Message("{count} section", "{count} sections",
                                          count=len(plan.sections))))]
    width = max((len(p.name) for p in plan.sections), default=0)
    pad = f"  {'':{width}}  "
    for p in plan.sections:
        players: Message = players_of(p.players)
        if p.pending:
            players = Message("{players} to be decided", players=players)
        figures = Message("{rounds}, {games}, {span}", rounds=rounds_of(p.shape.rounds),
                          games=games_of(p.shape.games), span=_span(p, days))
        if p.sources and not p.pending:
            figures = Message("{figures} (after {sources})", figures=figures,
                              sources=", ".join(names.get(x, x) for x in p.sources))
        lines.append(say(Message("  {ljust}  {label}, {players}: {figures}",
                                 ljust=p.name.ljust(width), label=label_of(p.format),
                                 players=players, figures=figures)))
        per = Message("{rounds} a day", rounds=rounds_of(p.sitting_rounds)) if days else \
            Message("{rounds} an evening", rounds=rounds_of(p.sitting_rounds))
        if p.round_minutes is not None and p.time_control is not None:
            lines.append(pad + say(Message(
                "{per} of {label} (a round up to {minutes}): up to {longest}", per=per,
                label=p.time_control.label, minutes=minutes(p.round_minutes),
                longest=minutes(p.longest_sitting or 0))))
        else:
            lines.append(pad + say(Message("{per}; no time control, so no timing", per=per)))
        lines.extend(pad + say(Message("advice: {advice}", advice=advice_line(a)))
                     for a in p.shape.advice if worth_saying(a))
    for sid, why in plan.unplanned:
        lines.append(say(Message("  {get}: not planned: {why}", get=names.get(sid, sid),
                                 why=why)))
    totals = dict(rounds=rounds_of(plan.rounds), games=games_of(plan.games),
                  sittings=sittings(plan.sittings, days))
    longest = plan.longest
    if longest is not None and longest.longest_sitting is not None:
        more = dict(totals, minutes=minutes(longest.longest_sitting), name=longest.name)
        lines.append(say(Message("total: {rounds}, {games}, {sittings}; the longest day"
                                 " {minutes} ({name})", **more) if days else
                         Message("total: {rounds}, {games}, {sittings}; the longest evening"
                                 " {minutes} ({name})", **more)))
    else:
        lines.append(say(Message("total: {rounds}, {games}, {sittings}", **totals)))
    lines.extend(say(line) for line in season_misfits(plan))
    return lines


def season_misfits(plan: SeasonPlan) -> list[Message]:
    """What does not fit: an evening too long, a day past 12 hours of play, too many sittings."""
    s, out = plan.session, []
    long_evenings: dict[int, list[str]] = {}
    for p in (p for p in plan.sections if plan.too_long(p)):
        if plan.days:
            out.append(Message("DOES NOT FIT: {name} plays {count} a day, up to {minutes} of "
                               "play; a day has at most {minutes2} (FIDE: 12 hours of play)",
                               name=p.name, count=rounds_of(p.sitting_rounds),
                               minutes=minutes(p.longest_play or 0),
                               minutes2=minutes(s.day_minutes)))
        else:
            long_evenings.setdefault(p.longest_sitting or 0, []).append(p.name)
    for length, sections in sorted(long_evenings.items(), reverse=True):
        out.append(Message("DOES NOT FIT: an evening can take {minutes} ({sections}); the "
                           "evening has {minutes2}",
                           minutes=minutes(length), sections=', '.join(sections),
                           minutes2=minutes(s.evening_minutes or 0)))
    if plan.fits_budget is False:
        out.append(Message("DOES NOT FIT: {sittings} needed, {evenings_available} available",
                           sittings=sittings(plan.sittings, plan.days),
                           evenings_available=s.evenings_available))
    return out


def _time_controls(values: tuple[str, ...]) -> tuple[pl.TimeControl | None,
                                                        dict[str, pl.TimeControl]]:
    """``--time-control TC`` for every section, ``--time-control ID=TC`` for one."""
    default, per_section = None, {}
    for value in values:
        sid, eq, text = value.partition("=")
        if not eq:
            sid, text = "", value
        try:
            tc = pl.parse_time_control(text)
        except ValueError as exc:
            raise click.BadParameter(str(exc), param_hint="--time-control") from exc
        if sid:
            per_section[sid.strip()] = tc
        else:
            default = tc
    return default, per_section


def _plan_season(season_dir: Path, session: Session, values: tuple[str, ...],
                 rounds_per_evening: int | None) -> None:
    from leaguegen.cli.terminal import report_problems
    from leaguegen.formats.season_yaml import load_season

    try:
        season = load_season(season_dir)
    except InputError as err:
        report_problems(err, wrote_nothing=False)
        sys.exit(EXIT_INVALID)
    default, per_section = _time_controls(values)
    unknown = sorted(set(per_section) - {s.id for s in season.sections})
    if unknown:
        raise click.BadParameter(Message("no section {unknown} in {season_dir}",
                                         unknown=', '.join(unknown), season_dir=season_dir),
                                 param_hint="--time-control")
    if default is None and season.time_control:
        try:
            default = pl.parse_time_control(season.time_control)
        except ValueError:
            echo(Message("note: the season's time control {time_control!r} is not one leaguegen "
                         "reads; give --time-control for timings",
                         time_control=season.time_control), err=True)
    for section in season.sections:
        if section.time_control and section.id not in per_section and \
                own_time_control(section.time_control) is None:
            echo(Message("note: section {id}'s time control {time_control!r} is not one"
                         " leaguegen reads; give --time-control {id}=TC for its timings",
                         id=section.id, time_control=section.time_control), err=True)
    plan = plan_season(season.sections, default, session,
                       rounds_per_sitting=rounds_per_evening, time_controls=per_section)
    names = {s.id: s.name for s in season.sections}
    for line in describe_season(plan, season.name, names):
        click.echo(line)  # said already (names isolated, made printable, in the language)
    if not plan.fits:
        sys.exit(EXIT_CANNOT)


# ---------------------------------------------------------------- the command


@main.command("plan")
@click.argument("season_dir", required=False,
                type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.option("--players", type=click.IntRange(min=2), help="Number of entrants.")
@click.option("--format", "fmt",
              help=f"Event format: {', '.join(format_names())}; double_<format> plays it"
                   " twice (double_scheveningen). Hyphens are accepted.")
@click.option("--time-control", "time_controls", multiple=True,
              help='E.g. "90+30", "90/40+30+30s", "G/25 d5", "G/25;d5", "G/25 +5",'
                   ' "90 minutes + 30 seconds per move". With SEASON_DIR: the season\'s is'
                   ' the default; ID=TC sets one section\'s.')
@click.option("--evening-minutes", type=click.IntRange(min=1), default=None,
              help="The club's evening, in minutes; rounds are compared with it only when"
                   " it is given (no default: a season file states no evening length).")
@click.option("--rounds-per-evening", type=click.IntRange(min=1), default=None,
              help="Rounds a sitting [default: 1; a season's dated rounds show their own].")
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
@click.option("--final-games", type=click.IntRange(min=1), default=None,
              help="Knockout: regular games of the final [default: as every match].")
@click.option(
    "--remainder3",
    type=click.Choice([r.value for r in Remainder3]),
    default=Remainder3.FIVE_AND_SIX.value,
    show_default=True,
    help="Quads: what to do with 4k+3 players.",
)
def plan_command(
    season_dir: Path | None,
    players: int | None,
    fmt: str | None,
    time_controls: tuple[str, ...],
    evening_minutes: int | None,
    rounds_per_evening: int | None,
    evenings: int | None,
    evenings_per_week: int,
    changeover: int,
    moves: int,
    rounds: int | None,
    games_per_match: int,
    final_games: int | None,
    remainder3: str,
) -> None:
    """Rounds, games, worst-case round length and club evenings: for a format
    (--players N --format F --time-control TC) or for every section of SEASON_DIR."""
    session = Session(
        evening_minutes=evening_minutes,
        rounds_per_evening=rounds_per_evening or 1,
        changeover_minutes=changeover,
        long_game_moves=moves,
        evenings_available=evenings,
        evenings_per_week=evenings_per_week,
    )
    if season_dir is not None:
        if players is not None or fmt is not None:
            raise click.UsageError(Message("give SEASON_DIR or --players and --format, not both"))
        _plan_season(season_dir, session, time_controls, rounds_per_evening)
        return
    if players is None or fmt is None or len(time_controls) != 1:
        raise click.UsageError(Message("plan needs SEASON_DIR, or --players, --format and one "
                                       "--time-control"))
    word, double = read_format(fmt)
    try:
        tc = pl.parse_time_control(time_controls[0])
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--time-control") from exc
    sizing = pl.Sizing(word, players, double=double, rounds=rounds,
                       games_per_match=games_per_match, final_games=final_games,
                       grouping=GroupingRule(remainder3=Remainder3(remainder3), double=double))
    kind = kind_of(word)
    try:
        if kind.plan is None:
            raise ValueError(Message("{label} has no planning figures", label=label_of(word)))
        result = pl.plan(kind.plan(sizing, None), tc, session)
    except ValueError as exc:
        echo(Message("error: {exc}", exc=exc), err=True)
        sys.exit(EXIT_INVALID)
    for line in describe(result, word, double):
        echo(line)
    if not result.fits:
        sys.exit(EXIT_CANNOT)
