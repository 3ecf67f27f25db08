"""``leaguegen rating-report SEASON_DIR --section ID``: each player's FIDE rating change.

    leaguegen rating-report SEASON_DIR --section ID [--games] [--k "NAME=K" ...]

prints the time control (a game too fast for its players' ratings is not
standard-rated, B.02 1.1), then per player the rating, K, the games that count, the
score in them, the expected score (Σ PD, table 8.1.2) and the change
``K × Σ(score − PD)``, exact to the hundredth (FIDE rounds only a rating period's
total, B.02 8.3.4); ``--games`` adds each round: opponent, D as counted, PD and the
game's change, or why it does not count. A K the files cannot prove (the 30-game
rule, a rating of 2400 once reached) is marked ``*``; ``--k "NAME=K"`` gives it. The
work is ``domain.rating`` (docs/rating.md).

Exit 2: the season cannot be read, no such section, a ``--k`` that is not
NAME=40|20|10 or names no player of the section. Exit 1: the section's players are
not known yet (an earlier stage is still being played).
"""

from __future__ import annotations

import sys
from fractions import Fraction
from typing import TYPE_CHECKING

import click

from leaguegen.cli import main
from leaguegen.cli.speech import echo, echo_row, say
from leaguegen.cli.terminal import clip, display_width, pad, printable
from leaguegen.errors import Message

if TYPE_CHECKING:
    from leaguegen.domain.rating.change import EventChange, NotCounted
    from leaguegen.domain.rating.report import RatingReport

EXIT_CANNOT = 1
EXIT_INVALID = 2


def _fail(message: Message, code: int = EXIT_INVALID) -> None:
    echo(Message("error: {message}", message=message), err=True)
    sys.exit(code)


def _given_k(pairs: tuple[str, ...]) -> dict[str, int]:
    given: dict[str, int] = {}
    for pair in pairs:
        name, sep, value = pair.rpartition("=")
        if not sep or not name.strip() or value.strip() not in ("40", "20", "10"):
            _fail(Message("--k {pair!r}: write NAME=K with K one of 40, 20, 10", pair=pair))
        given[name.strip()] = int(value)
    return given


def hundredths(value: Fraction, sign: bool = False) -> str:
    """An exact value in hundredths (every figure of the report is one) with two decimals."""
    cents = value * 100
    if cents.denominator != 1:
        raise ValueError(f"{value} is not a whole number of hundredths")
    n = int(cents)
    text = f"{abs(n) // 100}.{abs(n) % 100:02d}"
    return ("-" if n < 0 else "+" if sign and n > 0 else "") + text


def _points(value: Fraction) -> str:
    """1 / ½ / 0 points as a score sheet writes them: 3½, ½, 4."""
    whole = value.numerator // value.denominator
    if value.denominator == 1:
        return str(whole)
    return (str(whole) if whole else "") + "½"


@main.command("rating-report")
@click.argument("season_dir", type=click.Path(file_okay=False))
@click.option("--section", "section_id", required=True, help="The section to report on.")
@click.option("--games", "per_game", is_flag=True, help="Also list each player's rounds.")
@click.option("--k", "given", multiple=True, metavar="NAME=K",
              help="A player's K (40, 20 or 10) when the files cannot know it (repeatable).")
def rating_report(season_dir: str, section_id: str, per_game: bool,
                  given: tuple[str, ...]) -> None:
    """Each player's FIDE rating change in a section of SEASON_DIR (B.02 8.3)."""
    from leaguegen.domain.rating.report import section_report
    from leaguegen.domain.sections import derive_facts
    from leaguegen.domain.stages import PendingStage
    from leaguegen.errors import InputError
    from leaguegen.formats.season_yaml import load_season

    given_k = _given_k(given)
    try:
        season = load_season(season_dir)
    except InputError as err:
        for problem in err.problems:
            echo(problem, err=True)
        sys.exit(EXIT_INVALID)
    try:
        section = season.section(section_id)
    except KeyError:
        _fail(Message("{season_dir}: no section '{sid}'; sections: {sections}",
                      season_dir=season_dir, sid=section_id,
                      sections=", ".join(s.id for s in season.sections)))
    if isinstance(section.stage, PendingStage):
        _fail(Message("section '{sid}': its players are not known yet (an earlier stage is"
                      " still being played)", sid=section_id), EXIT_CANNOT)
    try:
        report = section_report(section, derive_facts(section), given_k, season.time_control)
    except ValueError as err:
        _fail(Message("--k: {err}", err=err))
    _print(report, per_game)


def _time_control(given: str, minutes: float) -> Message:
    """``Time control: 90+30 (120 minutes ...)``: whole minutes meet the noun in the number's
    plural form; a fraction has its own sentence, since the languages that decline the noun
    use one form for every fraction (Russian «1,5 минуты», Arabic «1.5 دقيقة»)."""
    if float(minutes).is_integer():
        return Message("Time control: {given} ({count} minute a player for 60 moves; B.02"
                       " 1.1 asks 60, 90 from 1800, 120 from 2400)",
                       "Time control: {given} ({count} minutes a player for 60 moves; B.02"
                       " 1.1 asks 60, 90 from 1800, 120 from 2400)",
                       given=given, count=int(minutes))
    return Message("Time control: {given} ({minutes:g} minutes a player for 60 moves; B.02"
                   " 1.1 asks 60, 90 from 1800, 120 from 2400)", given=given, minutes=minutes)


def _print(report: RatingReport, per_game: bool) -> None:
    section = report.section
    echo(Message("Rating change, FIDE Rating Regulations B.02 8.3: {name} ({sid})",
                 name=section.name, sid=section.id))
    year = report.rating_year if report.rating_year is not None else Message("undated")
    echo(Message("Rated in: {year}", year=year))
    if report.minutes is None:
        given = report.time_control if report.time_control else Message("none given")
        echo(Message("Time control: {given}; rate of play not checked (B.02 1.1)", given=given))
    else:
        echo(_time_control(report.time_control, report.minutes))
    echo("")
    # the column headings, each a word of its own (a Message) in the run's language; a
    # column is as wide as its heading in the language, at least its English width, so
    # the columns line up on the terminal in every language (speech pads by its columns)
    headings = (Message("No"), Message("Name"), Message("Rtg"), "K", Message("Games"),
                Message("Score"), Message("Exp"), Message("Change"))
    w = {f"w{i}": max(least, display_width(say(h))) for i, (least, h) in
         enumerate(zip((3, 28, 5, 4, 5, 5, 6, 7), headings, strict=True), 1)}
    echo_row(Message("{value:>{w1}}  {value2:<{w2}} {value3:>{w3}} {value4:>{w4}} {value5:>{w5}} "
                 "{value6:>{w6}} {value7:>{w7}} {value8:>{w8}}",
                 value=headings[0], value2=headings[1], value3=headings[2], value4=headings[3],
                 value5=headings[4], value6=headings[5], value7=headings[6],
                 value8=headings[7], **w))
    assumed = False
    for row in report.players:
        e = row.event
        name = clip(printable(row.player.name), w["w2"])
        score = _points(e.score)
        if e.rating is None or e.k is None or e.expected is None or e.change is None:
            echo_row(Message("{number:>{w1}}  {name:<{w2}} {value:>{w3}} {value:>{w4}} "
                         "{count:>{w5}} {score:>{w6}} {value:>{w7}} {value2:>{w8}}",
                         number=row.number, name=name, value='-', count=len(e.counted),
                         score=score, value2=Message("unrated"), **w))
        else:
            mark = "*" if e.k.assumed else ""
            assumed = assumed or e.k.assumed
            k = f"{e.k_used}{mark}"
            echo_row(Message("{number:>{w1}}  {name:<{w2}} {rating:>{w3}} {k:>{w4}} "
                         "{count:>{w5}} {score:>{w6}} {hundredths:>{w7}} {hundredths2:>{w8}}",
                         number=row.number, name=name, rating=e.rating, k=k,
                         count=len(e.counted), score=score, hundredths=hundredths(e.expected),
                         hundredths2=hundredths(e.change, sign=True), **w))
        if per_game:
            _games(e)
    echo("")
    echo(Message("Games: those that count (played over the board against a rated opponent)."))
    echo(Message("Change: K x (score - expected), exact; FIDE rounds only a rating period's "
                 "total (8.3.4)."))
    if assumed:
        echo(Message("K*: assumed 20; the files cannot say whether the player is new to the "
                     "list (40) or once reached 2400 (10): give it with --k \"NAME=K\"."))


# Why a round does not count (domain.rating.change.NotCounted, whose values are the
# English), written out so that the catalogue finds each one.
_WHY = {"FORFEIT": Message("forfeit (5.1)"), "BYE": Message("bye, no game (5.1)"),
        "UNDER_ONE_MOVE": Message("under one move, not rated (5.1)"),
        "NOT_PLAYED_YET": Message("not played yet"),
        "UNRATED_OPPONENT": Message("unrated opponent (8.3.1)"),
        "TIEBREAK_GAME": Message("knockout tie-break game, not a standard game"),
        "RATE_OF_PLAY": Message("rate of play under the minimum for 60 moves (1.1)")}


def _why(reason: NotCounted) -> Message:
    said = _WHY[reason.name]
    assert said == reason.value, (said, reason.value)  # the enum's English, word for word
    return said


def _games(e: EventChange) -> None:
    from leaguegen.domain.rating.change import NotCounted

    for g in e.games:
        game = g.game
        if g.not_counted is NotCounted.NOT_PLAYED_YET:
            continue  # a round still to come says nothing yet
        opponent = clip(printable(game.opponent), 24) if game.opponent else "-"
        rating = game.opponent_rating if game.opponent_rating is not None else "-"
        head = f"{'':>5}R{game.round:<3} {pad(opponent, 24)} {rating!s:>5}"
        if not g.counts:
            echo_row(Message("{head}  {value:>2}  not counted: {value2}",
                         head=head, value=game.code.value, value2=_why(g.not_counted)))
        elif g.expected is None:
            echo_row(Message("{head}  {points:>2}  counts toward a first rating",
                         head=head, points=_points(g.score)))
        else:
            echo_row(Message("{head}  {points:>2}  D {difference:>3}  PD {hundredths}  "
                         "{hundredths2:>7}",
                         head=head, points=_points(g.score), difference=g.difference,
                         hundredths=hundredths(g.expected), hundredths2=hundredths(g.change,
                         sign=True)))
