"""The organiser's chores: ``result``, ``withdraw``, ``enter``, ``bye`` (and ``freeze``, in
``freeze_cmd``), each one edit of the season file through the write-back session.

Every command holds the season's lock, loads the season, checks the request against it
(a name that is nobody, a game that is not scheduled, a round not paired yet...), makes
the change as a text edit (``formats.season_edits``: only the lines it must), loads the
changed season again from a scratch copy, and writes only if that load passes ``check``
and shows the change, and no season file was saved meanwhile. A section whose numbers
still come from ``seeding: rating | lots | varma`` is frozen by the first result written
(docs/season-format.md, "Correcting a season").

Exit codes: 0 written; 1 another leaguegen command holds the lock, or a season file was
saved while the command ran; 2 an invalid request or season (file:line), nothing written.
"""

from __future__ import annotations

import datetime as dt
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import click

from leaguegen.cli import main
from leaguegen.cli.locked_section import load_or_exit as load
from leaguegen.cli.terminal import printable, report_problems
from leaguegen.domain.season import Season, Section
from leaguegen.errors import InputError

EXIT_CANNOT = 1
EXIT_INVALID = 2
ROUND_ROBINS = ("round_robin", "double_round_robin")


class Refused(Exception):
    """The request does not fit the season; the message says why (exit 2)."""


class AlreadyThere(Exception):
    """The season already says what was asked; nothing to write (exit 0)."""


def fail(message: str, code: int = EXIT_INVALID) -> None:
    click.echo(printable(message), err=True)
    sys.exit(code)


@dataclass
class Change:
    """What a chore wants written: the new text of the section's file, what to say, and a
    check of the changed season (returns a problem, or None when the change is there)."""

    text: str
    said: list[str] = field(default_factory=list)
    holds: Callable[[Section], str | None] = lambda section: None


def run_chore(season_dir: str, section_id: str,
              make: Callable[..., Change]) -> None:
    """Lock, load, ``make(session, st, season, section)`` the change, check it, write it."""
    from leaguegen.cli.locked_section import load_locked
    from leaguegen.formats.season_write import (
        SeasonBusy,
        SeasonChanged,
        SeasonSession,
        WriteError,
        load_candidate,
    )
    from leaguegen.formats.season_yaml import SEASON_FILE
    from leaguegen.formats.yaml_splice import SpliceError

    if not (Path(season_dir) / SEASON_FILE).is_file():
        load(season_dir)  # not a season: the loader says so (and no lock file is made)
    try:
        with SeasonSession(season_dir) as session:
            season, section = load_locked(session, season_dir, section_id, fail,
                                          "; nothing was written")
            st, _, _ = session.locate_section(section_id)
            try:
                change = make(session, st, season, section)
            except Refused as exc:
                fail(f"{st.path}: section '{section_id}': {exc}; nothing was written")
            except SpliceError as exc:
                fail(f"{st.path}: {exc}; nothing was written")
            except AlreadyThere as exc:
                click.echo(f"{printable(exc)}; nothing to change")
                return
            try:
                after = load_candidate(Path(season_dir), {st.path: change.text})
            except InputError as err:
                click.echo("the change would make the season invalid:", err=True)
                report_problems(err)
                sys.exit(EXIT_INVALID)
            problem = change.holds(after.section(section_id))
            if problem:
                fail(f"{st.path}: internal: {problem}; nothing was written (please report"
                     " this season)")
            session.write(st, change.text)
    except (SeasonBusy, SeasonChanged) as exc:
        fail(f"{season_dir}: {exc}", EXIT_CANNOT)
    except WriteError as exc:
        fail(f"{season_dir}: cannot write: {exc}")
    except OSError as exc:
        fail(f"{season_dir}: cannot write: {exc}")
    for line in change.said:
        click.echo(printable(line))
    click.echo(f"written to {printable(st.path)}")


def find_player(section: Section, name: str) -> int:
    """The pairing number of ``name`` (full name, or surname when unique), else Refused."""
    from leaguegen.formats.players import Names
    from leaguegen.formats.yaml_nodes import suggestion

    found = Names(section.players).find(name.strip())
    if isinstance(found, int):
        return found
    if isinstance(found, list):
        who = ", ".join(section.players[i - 1].name for i in found)
        raise Refused(f"'{name}' could be {who}; write the full name")
    raise Refused(f"no player '{name}'{suggestion(name, [p.name for p in section.players])}")


def same_numbers(before: Section) -> Callable[[Section], str | None]:
    """A check that every player of ``before`` kept their pairing number (unless the
    section still computes them: then it has no result yet, and they may move)."""
    names = [p.name for p in before.players]

    def holds(after: Section) -> str | None:
        if computed(after):
            return None
        now = [p.name for p in after.players][:len(names)]
        return None if now == names else "the pairing numbers would move"

    return holds


def both(*checks: Callable[[Section], str | None]) -> Callable[[Section], str | None]:
    def holds(section: Section) -> str | None:
        return next((p for c in checks if (p := c(section))), None)

    return holds


def frozen_first(session, st, section: Section, said: list[str],  # noqa: ANN001
                 starts: bool = False) -> str:
    """The file's text, with the section frozen first when it still computes its numbers
    and has a result (or a paired Swiss round), or ``starts``: this write gives it one."""
    from leaguegen.formats import season_edits
    from leaguegen.formats.season_write import freeze_wanted
    from leaguegen.formats.yaml_splice import compose, find_section

    node = find_section(compose(st.text), section.id)
    due = starts or (node is not None and freeze_wanted(node)) or _started(section)
    if not computed(section) or node is None or not due:
        return st.text
    said.append(f"pairing numbers frozen (they came from seeding: {section.seeding}; the"
                " players are now listed in number order, seeding: list)")
    return session.edit(st, lambda text, newline: season_edits.freeze(
        text, newline, section.id, drawn_names(section, node), section.seeding, section.seed))


def computed(section: Section) -> bool:
    from leaguegen.formats.season_edits import COMPUTED_SEEDINGS

    return section.seeding in COMPUTED_SEEDINGS and section.stage is None and \
        section.format in (*ROUND_ROBINS, "swiss")


def _started(section: Section) -> bool:
    """A Swiss with a paired round: its numbers were used to pair, so they stay."""
    return section.format == "swiss" and bool(section.games)


def drawn_names(section: Section, node) -> list[str]:  # noqa: ANN001 - the section's mapping
    """The names of the ``players`` list in number order (late entries come after them)."""
    from leaguegen.formats.season_edits import item_name
    from leaguegen.formats.yaml_splice import get

    listed = {item_name(i) for i in getattr(get(node, "players"), "value", [])}
    return [p.name for p in section.players if p.name in listed]


def with_frozen(session, st, section: Section, edit: Callable[[str, str], str],  # noqa: ANN001
                said: list[str], freeze: bool = True, starts: bool = False) -> str:
    """``edit`` applied to the file's text (frozen first when ``freeze``: see
    ``frozen_first``)."""
    from leaguegen.formats.season_write import SeasonText

    text = frozen_first(session, st, section, said, starts) if freeze else st.text
    current = SeasonText(st.path, st.target, st.digest, text, st.bom, st.newline)
    return session.edit(current, edit)


# ---------------------------------------------------------------- result


def _table(table, numbers=None) -> list[tuple[int, int, int]]:  # noqa: ANN001 - berger rounds
    numbers = numbers or (lambda n: n)
    return [(r, numbers(b.white), numbers(b.black)) for r, boards in enumerate(table, start=1)
            for b in boards if b.white is not None and b.black is not None]


def scheduled_games(section: Section) -> list[tuple[int, int, int]]:
    """Every (round, White, Black) the section has for its games, in section numbers: the
    Berger table of a round robin or of each quads group, the Scheveningen match, else
    (a Swiss, a knockout, rounds as played) the games written in its rounds."""
    from leaguegen.domain.schedule import berger
    from leaguegen.domain.sections import quads, round_robin, scheveningen

    details = section.details
    as_played = isinstance(details, round_robin.RoundRobinDetails) and details.as_played
    if section.format in ROUND_ROBINS and not as_played:
        return _table(berger.schedule(len(section.players), section.double,
                                      section.swap_last_two))
    if isinstance(details, quads.QuadsDetails):
        number = {p.name: i for i, p in enumerate(section.players, start=1)}
        out = []
        for group in details.groups:
            table = berger.schedule(len(group.players), group.double, group.swap_last_two)
            out += _table(table, lambda n, g=group: number[g.players[n - 1].name])
        return out
    if isinstance(details, scheveningen.ScheveningenDetails):
        return _table(scheveningen.schedule(details))
    return [(g.round, g.white, g.black) for g in section.games]


def _game_in(section: Section, w: int, b: int, round_no: int | None) -> tuple[int, int, int]:
    names = [p.name for p in section.players]
    games = [g for g in scheduled_games(section) if {g[1], g[2]} == {w, b}]
    pair = f"{names[w - 1]} and {names[b - 1]}"
    if round_no is not None:
        if section.format == "swiss":
            from leaguegen.domain.sections import swiss as ss

            paired = ss.paired_rounds(section)
            if round_no > paired:
                raise Refused(f"round {round_no} is not paired yet (the last paired round is"
                              f" {paired}); `leaguegen pair` pairs the next one")
        games_there = [g for g in games if g[0] == round_no]
        if not games_there:
            when = ", ".join(str(g[0]) for g in games) or "no round"
            raise Refused(f"{pair} are not paired in round {round_no} (they meet in {when})")
        games = games_there
    if not games:
        raise Refused(f"{pair} are not paired in any round of this section")
    right = [g for g in games if (g[1], g[2]) == (w, b)]
    if not right:
        r, sw, sb = games[0]
        raise Refused(f"{names[sw - 1]} has White against {names[sb - 1]} in round {r}; write"
                      f" it '{names[sw - 1]} - {names[sb - 1]}' with the score from White's"
                      " side")
    if len(right) > 1:
        rounds = ", ".join(str(g[0]) for g in right)
        raise Refused(f"{pair} meet with these colours in rounds {rounds}; say which with"
                      " --round")
    return right[0]


def record_result(season_dir: str, section_id: str, game: str, score: str,
                  round_no: int | None, correct: bool, date_text: str | None = None) -> None:
    """Write ``score`` (in its canonical form, ``results.CANONICAL``) for ``game``, and
    ``date_text`` as the round's date when the round has none."""
    from leaguegen.formats import season_edits
    from leaguegen.formats.players import Names
    from leaguegen.formats.results import CANONICAL, RESULT_HELP, parse_result
    from leaguegen.formats.rounds import split_game

    try:
        result = parse_result(score)
    except ValueError:
        fail(f"score '{score}' is not one of {RESULT_HELP}; nothing was written")
    if result is None:
        fail(f"'{score}' is not a result: give the score ({RESULT_HELP}); a game not played"
             " yet simply has no result; nothing was written")
    written = CANONICAL[result]
    date = _date_option(date_text)

    def make(session, st, season: Season, section: Section) -> Change:  # noqa: ANN001
        names = Names(section.players)
        split = split_game(game.strip(), names)
        if isinstance(split, str):
            raise Refused(split)
        w, b = split
        if w == b:
            raise Refused("a player cannot play themselves")
        r, sw, sb = _game_in(section, w, b, round_no)
        white, black = section.players[sw - 1].name, section.players[sb - 1].name
        dating = _round_dating(section, r, date)

        def matches(key: str) -> bool:
            return split_game(key.strip(), names) == (sw, sb)

        old = season_edits.existing_line(st.text, section_id, r, matches)
        told = f"round {r}: {white} - {black}: {written}"
        if old is not None and old[1] is not None:
            same = _reads_as(old[1]) == result
            if same and dating is None:
                raise AlreadyThere(f"round {r}: {white} - {black} already has {old[1]}")
            if not same and not correct:
                raise Refused(f"round {r}: {white} - {black} already has the result {old[1]};"
                              f" pass --correct to replace it with {written}")
            if not same:
                told += f" (replaces {old[1]})"
        key = old[0] if old is not None else f"{white} - {black}"
        said: list[str] = []
        if old is not None and old[1] is not None and _reads_as(old[1]) == result:
            told = ""  # only the date is new

        def edit(text: str, newline: str) -> str:
            text = season_edits.set_result(text, newline, section_id, r, key, written,
                                           matches, dating)
            if dating is not None:
                text = season_edits.set_round_date(text, newline, section_id, r, dating)
            return text

        text = with_frozen(session, st, section, edit, said, starts=True)
        said.extend([told] if told else [])
        if dating is not None:
            said.append(f"round {r} dated {dating.isoformat()}")

        def recorded(after: Section) -> str | None:
            ok = any((g.round, g.white, g.black, g.result) == (r, sw, sb, result)
                     for g in after.games)
            if ok and dating is not None:
                ok = any(i.number == r and i.date == dating for i in after.rounds)
            return None if ok else "the result would not read back"

        return Change(text, said, both(same_numbers(section), recorded))

    run_chore(season_dir, section_id, make)


def _reads_as(score: str) -> object:
    """The result a score already in the file stands for (None when it reads as none)."""
    from leaguegen.formats.results import parse_result

    try:
        return parse_result(score)
    except ValueError:
        return None


def _date_option(text: str | None) -> dt.date | None:
    """``--date YYYY-MM-DD``, or exit 2 naming what it should look like."""
    if text is None:
        return None
    try:
        return dt.date.fromisoformat(text.strip())
    except ValueError:
        fail(f"--date '{text}' is not a date like 2026-11-05; nothing was written")
    raise AssertionError  # fail exits


def _round_dating(section: Section, r: int, date: dt.date | None) -> dt.date | None:
    """The date to write on round ``r`` (None: nothing to write), or Refused: a date other
    than the one the round has, or one before an earlier round's (``check`` would refuse)."""
    if date is None:
        return None
    info = next((i for i in section.rounds if i.number == r), None)
    if info is not None and info.date is not None:
        if info.date != date:
            raise Refused(f"round {r} is dated {info.date.isoformat()}, not"
                          f" {date.isoformat()}; change the round's date in the file if it"
                          " moved")
        return None
    earlier = [(i.number, i.date) for i in section.rounds if i.number < r and i.date]
    if earlier:
        n, last = max(earlier, key=lambda x: (x[1], x[0]))
        if date < last:
            raise Refused(f"--date {date.isoformat()} is before round {n}'s date"
                          f" {last.isoformat()}: rounds are dated in order")
    return date


@main.command("result", context_settings={"ignore_unknown_options": True})
@click.argument("season_dir", type=click.Path(file_okay=False))
@click.argument("game")
@click.argument("score")
@click.option("--section", "section_id", required=True, help="The section's id.")
@click.option("--round", "round_no", type=click.IntRange(min=1),
              help="The round (needed only when the two players meet more than once).")
@click.option("--correct", is_flag=True, help="Replace a result already entered.")
@click.option("--date", "date_text", metavar="YYYY-MM-DD",
              help="The round's date, written when the round has none.")
def result_cmd(season_dir: str, game: str, score: str, section_id: str, round_no: int | None,
               correct: bool, date_text: str | None) -> None:
    """Record SCORE for GAME ("White - Black") in a section of SEASON_DIR.

    SCORE is 1-0, 0-1, ½-½ (or 1/2-1/2, 0.5-0.5, =, draw), +- or -+ (forfeits), -:-
    (neither came; or write `-- --`); 1:0, 0:1 and ½:½ are read too. It is written in
    the canonical form (1-0, 0-1, ½-½, +-, -+, --). A result already entered is replaced
    only with --correct. --date writes the round's date when the round has none.
    """
    record_result(season_dir, section_id, game, score, round_no, correct, date_text)


# ---------------------------------------------------------------- withdraw


@main.command("withdraw")
@click.argument("season_dir", type=click.Path(file_okay=False))
@click.argument("name")
@click.option("--section", "section_id", required=True, help="The section's id.")
@click.option("--after-round", "after_round", type=click.IntRange(min=0), required=True,
              help="The last round the player played (0: withdrew before round 1).")
@click.option("--reason", help="Why, for the record (shown on the pages).")
def withdraw_cmd(season_dir: str, name: str, section_id: str, after_round: int,
                 reason: str | None) -> None:
    """Record that NAME left a section of SEASON_DIR after a round."""
    from leaguegen.formats import season_edits

    def make(session, st, season: Season, section: Section) -> Change:  # noqa: ANN001
        if section.format not in (*ROUND_ROBINS, "swiss", "quads"):
            raise Refused(f"a {section.format} section records a withdrawal in its own way;"
                          " edit the file")
        n = find_player(section, name)
        player = section.players[n - 1].name
        if any(w.player == n for w in section.withdrawals):
            raise Refused(f"{player} has withdrawn already")
        total = len(section.rounds)
        if after_round > total:
            raise Refused(f"after round {after_round}: the section has {total} rounds")
        text = session.edit(st, lambda text, newline: season_edits.add_withdrawal(
            text, newline, section_id, player, after_round, reason))
        said = [f"{player} withdrawn after round {after_round}"
                + (f" ({reason})" if reason else "")]

        def recorded(after: Section) -> str | None:
            ok = any((w.player, w.after_round) == (n, after_round) for w in after.withdrawals)
            return None if ok else "the withdrawal would not read back"

        return Change(text, said, both(same_numbers(section), recorded))

    run_chore(season_dir, section_id, make)


# ---------------------------------------------------------------- enter


@main.command("enter")
@click.argument("season_dir", type=click.Path(file_okay=False))
@click.argument("name")
@click.option("--section", "section_id", required=True, help="The section's id.")
@click.option("--rating", type=click.IntRange(min=0, max=4000))
@click.option("--title", help="FIDE title: GM, IM, WGM, FM, WIM, CM, WFM, WCM.")
@click.option("--federation", help="Three-letter federation code, e.g. ENG.")
@click.option("--fide-id", "fide_id", type=click.IntRange(min=1))
@click.option("--club")
@click.option("--sex")
@click.option("--birth", help="Birth date, YYYY-MM-DD, or the year alone, YYYY.")
@click.option("--different-person", "different", is_flag=True,
              help="NAME prints like a player's already entered (look-alike letters of"
                   " another script) but is someone else: enter them anyway.")
def enter_cmd(season_dir: str, name: str, section_id: str, rating: int | None,
              title: str | None, federation: str | None, fide_id: int | None,
              club: str | None, sex: str | None, birth: str | None, different: bool) -> None:
    """Enter NAME in a section of SEASON_DIR (a late entry once it has started); it says
    the pairing number the player got."""
    from leaguegen.formats import season_edits
    from leaguegen.formats.players import Names, birth_problem, name_problem

    entered = name.strip()
    if (why := name_problem(entered)) is not None:
        fail(f"{why}; nothing was written")
    if birth is not None and (why := birth_problem(birth)) is not None:
        fail(f"--birth: {why}; nothing was written")
    fields: list[tuple[str, str | int]] = [("name", entered)]
    for key, value in (("rating", rating), ("title", title), ("federation", federation),
                       ("fide_id", fide_id), ("club", club), ("sex", sex),
                       ("birth", birth.strip() if birth else None)):
        if value is not None:
            fields.append((key, value))

    def make(session, st, season: Season, section: Section) -> Change:  # noqa: ANN001
        if section.stage is not None:
            raise Refused("its players come from earlier sections (players: {from: ...})")
        if section.format not in (*ROUND_ROBINS, "swiss", "quads"):
            raise Refused(f"a {section.format} section cannot take a late entry from the"
                          " command line; edit the file")
        if entered in Names(section.players).exact:
            raise Refused(f"{entered} is entered already")
        if not different:
            _refuse_look_alike(section, entered)
        said: list[str] = []
        started = any(g.result is not None for g in section.games)
        if section.format == "quads" or (section.format in ROUND_ROBINS and started):
            key = "late_entries"
            if section.format in ROUND_ROBINS and (len(section.players) % 2 == 0):
                raise Refused(f"it has results and {len(section.players)} players: a late"
                              " entry joins a round robin only by taking the free number of"
                              " an odd field, so nobody else's number moves")
            how = "late_entries" + (", the free number" if section.format in ROUND_ROBINS
                                    else "")
        else:
            key = "players"
            how = "players"
        text = with_frozen(session, st, section, lambda text, newline: season_edits.add_entry(
            text, newline, section_id, key, fields, like="players"), said,
            freeze=section.format != "quads")
        told = len(said)

        def recorded(after: Section) -> str | None:
            number = next((i for i, p in enumerate(after.players, start=1)
                           if p.name == entered), None)
            if number is None:
                return "the new player would not read back"
            said.insert(told, f"{entered} entered as No. {number} ({how})")
            return None

        holds = recorded if section.format == "quads" else both(same_numbers(section),
                                                                 recorded)
        return Change(text, said, holds)

    run_chore(season_dir, section_id, make)


def _refuse_look_alike(section: Section, name: str) -> None:
    """Refused: ``name`` prints like a player of the section (Cyrillic "А" for Latin "A"):
    most likely the same person typed with another keyboard layout."""
    from leaguegen.domain.names import look_alike, look_alike_letters

    for player in section.players:
        if look_alike(name, player.name):
            letters = ", ".join(look_alike_letters(name, player.name))
            raise Refused(f"'{name}' looks the same as '{player.name}', already entered, but"
                          f" is spelt with other letters ({letters}); if it is"
                          " the same player, nothing needs entering; if it is someone else,"
                          " pass --different-person")


# ---------------------------------------------------------------- bye


@main.command("bye")
@click.argument("season_dir", type=click.Path(file_okay=False))
@click.argument("name")
@click.argument("kind", type=click.Choice(["half", "zero", "full"]), default="half")
@click.option("--section", "section_id", required=True, help="The Swiss section's id.")
@click.option("--round", "round_no", type=click.IntRange(min=1), required=True,
              help="The round not to be paired in.")
@click.option("--reason", help="Why, for the record.")
def bye_cmd(season_dir: str, name: str, kind: str, section_id: str, round_no: int,
            reason: str | None) -> None:
    """Record that NAME asked for a bye (half, zero or full) in a Swiss round."""
    from leaguegen.domain.sections import swiss as ss
    from leaguegen.formats import season_edits

    def make(session, st, season: Season, section: Section) -> Change:  # noqa: ANN001
        if not isinstance(section.details, ss.SwissSettings):
            raise Refused("a requested bye is for a Swiss section; a round robin's free round"
                          " comes from its table")
        n = find_player(section, name)
        player = section.players[n - 1].name
        total = ss.settings(section).number_of_rounds
        if round_no > total:
            raise Refused(f"round {round_no}: the section has {total} rounds")
        paired = ss.paired_rounds(section)
        if round_no <= paired:
            raise Refused(f"round {round_no} is paired already; a bye is asked for before its"
                          " round is paired (change the round's lines by hand)")
        if n in ss.withdrawn_before(section, round_no):
            raise Refused(f"{player} has withdrawn before round {round_no}")
        if n in ss.requested_for(section, round_no):
            raise Refused(f"{player} has asked for a bye in round {round_no} already")
        text = session.edit(st, lambda text, newline: season_edits.add_bye_request(
            text, newline, section_id, player, round_no, kind, reason))
        said = [f"{player}: {kind} bye requested for round {round_no}"]

        def recorded(after: Section) -> str | None:
            ok = n in ss.requested_for(after, round_no)
            return None if ok else "the bye would not read back"

        return Change(text, said, both(same_numbers(section), recorded))

    run_chore(season_dir, section_id, make)
