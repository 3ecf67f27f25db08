"""The ``result`` chore: one game's score written into the section's rounds.

The game is looked up in the section's schedule as its kind makes it
(``SectionKind.scheduled_games``); a kind paired round by round (a Swiss) refuses a
round not paired yet. The score is written in its canonical text
(``GameResult.text``), with the round's date when asked and the round has none.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from leaguegen.domain.season import GameResult, Season, Section
from leaguegen.domain.sections import kind_of
from leaguegen.errors import Message
from leaguegen.formats.chores.core import (
    AlreadyThere,
    Change,
    Done,
    Refusal,
    Refused,
    both,
    run,
    same_numbers,
    with_frozen,
)


def game_in(section: Section, w: int, b: int, round_no: int | None) -> tuple[int, int, int]:
    """The scheduled (round, White, Black) of ``w`` against ``b`` (in ``round_no`` when
    given), or Refused saying what the schedule has instead."""
    kind = kind_of(section.format)
    names = [p.name for p in section.players]
    games = [g for g in kind.scheduled_games(section) if {g[1], g[2]} == {w, b}]
    pair = f"{names[w - 1]} and {names[b - 1]}"
    if round_no is not None:
        if kind.chores.paired_rounds is not None:
            paired = kind.chores.paired_rounds(section)
            if round_no > paired:
                raise Refused(Message("round {round_no} is not paired yet (the last paired "
                                      "round is {paired}); `leaguegen pair` pairs the next one",
                                      round_no=round_no, paired=paired))
        games_there = [g for g in games if g[0] == round_no]
        if not games_there:
            when = ", ".join(str(g[0]) for g in games) or "no round"
            raise Refused(Message("{pair} are not paired in round {round_no} (they meet in "
                                  "{when})",
                                  pair=pair, round_no=round_no, when=when))
        games = games_there
    if not games:
        raise Refused(Message("{pair} are not paired in any round of this section", pair=pair))
    right = [g for g in games if (g[1], g[2]) == (w, b)]
    if not right:
        r, sw, sb = games[0]
        raise Refused(Message("{names} has White against {names2} in round {r}; write it "
                              "'{names} - {names2}' with the score from White's side",
                              names=names[sw - 1], names2=names[sb - 1], r=r))
    if len(right) > 1:
        rounds = ", ".join(str(g[0]) for g in right)
        raise Refused(Message("{pair} meet with these colours in rounds {rounds}; say which "
                              "with --round",
                              pair=pair, rounds=rounds))
    return right[0]


def score_of(score: str) -> GameResult:
    """The result a score given on the command line stands for, or Refusal."""
    from leaguegen.formats.results import RESULT_HELP, parse_result

    try:
        result = parse_result(score)
    except ValueError:
        raise Refusal(Message("score '{score}' is not one of {RESULT_HELP}; nothing was written",
                              score=score, RESULT_HELP=RESULT_HELP)) \
            from None
    if result is None:
        raise Refusal(Message("'{score}' is not a result: give the score ({RESULT_HELP}); a "
                              "game not played yet simply has no result; nothing was written",
                              score=score, RESULT_HELP=RESULT_HELP))
    return result


def date_of(text: str | None) -> dt.date | None:
    """``--date YYYY-MM-DD``, or Refusal naming what it should look like."""
    if text is None:
        return None
    try:
        return dt.date.fromisoformat(text.strip())
    except ValueError:
        raise Refusal(Message("--date '{text}' is not a date like 2026-11-05; nothing was "
                              "written",
                              text=text)) \
            from None


def _reads_as(score: str) -> GameResult | None:
    """The result a score already in the file stands for (None when it reads as none)."""
    from leaguegen.formats.results import parse_result

    try:
        return parse_result(score)
    except ValueError:
        return None


def round_dating(section: Section, r: int, date: dt.date | None) -> dt.date | None:
    """The date to write on round ``r`` (None: nothing to write), or Refused: a date other
    than the one the round has, or one before an earlier round's (``check`` would refuse)."""
    if date is None:
        return None
    info = next((i for i in section.rounds if i.number == r), None)
    if info is not None and info.date is not None:
        if info.date != date:
            raise Refused(Message("round {r} is dated {isoformat}, not {isoformat2}; change the "
                                  "round's date in the file if it moved",
                                  r=r, isoformat=info.date.isoformat(),
                                  isoformat2=date.isoformat()))
        return None
    earlier = [(i.number, i.date) for i in section.rounds if i.number < r and i.date]
    if earlier:
        n, last = max(earlier, key=lambda x: (x[1], x[0]))
        if date < last:
            raise Refused(Message("--date {isoformat} is before round {n}'s date {isoformat2}: "
                                  "rounds are dated in order",
                                  isoformat=date.isoformat(), n=n, isoformat2=last.isoformat()))
    return date


def record_result(season_dir: str | Path, section_id: str, game: str, score: str,
                  round_no: int | None = None, correct: bool = False,
                  date_text: str | None = None, board: int | None = None,
                  players: str | None = None) -> Done:
    """Write ``score`` (in its canonical text) for ``game`` ("White - Black"), and
    ``date_text`` as the round's date when the round has none. A kind of team matches
    (``Chores.team_matches``) takes ``game`` as "Home team - Away team" and ``score`` as
    the card, a default, or with ``board`` (and ``players``) one board's score
    (``team_match.match_change``)."""
    from leaguegen.formats import season_edits
    from leaguegen.formats.chores.match_result import match_change
    from leaguegen.formats.players import Names
    from leaguegen.formats.rounds import split_game

    date = date_of(date_text)

    def make(session, st, season: Season, section: Section) -> Change:  # noqa: ANN001
        if kind_of(section.format).chores.team_matches:
            from leaguegen.formats.chores.team_match import match_change as team_change

            return team_change(session, st, section, game, score, board, players, round_no,
                               correct, date)
        if board is not None or players is not None:
            raise Refused(Message("--board and --players are for a team match's boards"))
        one_game = len(score.replace(",", " ").split()) < 2  # else a match's two scores
        result = score_of(score) if one_game else None
        names = Names(section.players)
        split = split_game(game.strip(), names)
        if isinstance(split, str):
            raise Refused(split)
        w, b = split
        if w == b:
            raise Refused(Message("a player cannot play themselves"))
        if kind_of(section.format).chores.games_per_pairing > 1:  # a match on one line
            return match_change(session, st, section, w, b, score, round_no, correct, date)
        if result is None:
            raise Refused(Message("'{score}' is two scores; a game of this section has one",
                                  score=score))
        written = result.text
        r, sw, sb = game_in(section, w, b, round_no)
        white, black = section.players[sw - 1].name, section.players[sb - 1].name
        dating = round_dating(section, r, date)

        def matches(key: str) -> bool:
            return split_game(key.strip(), names) == (sw, sb)

        old = season_edits.existing_line(st.text, section_id, r, matches)
        told: str = Message("round {r}: {white} - {black}: {written}", r=r, white=white,
                            black=black, written=written)
        if old is not None and old[1] is not None:
            same = _reads_as(old[1]) == result
            if same and dating is None:
                raise AlreadyThere(Message("round {r}: {white} - {black} already has {old}",
                                           r=r, white=white, black=black, old=old[1]))
            if not same and not correct:
                raise Refused(Message("round {r}: {white} - {black} already has the result "
                                      "{old}; pass --correct to replace it with {written}",
                                      r=r, white=white, black=black, old=old[1],
                                      written=written))
            if not same:
                told = Message("round {r}: {white} - {black}: {written} (replaces {old})",
                               r=r, white=white, black=black, written=written, old=old[1])
            else:
                told = ""  # only the date is new
        key = old[0] if old is not None else f"{white} - {black}"
        said: list[str] = []

        def edit(text: str, newline: str) -> str:
            text = season_edits.set_result(text, newline, section_id, r, key, written,
                                           matches, dating)
            if dating is not None:
                text = season_edits.set_round_date(text, newline, section_id, r, dating)
            return text

        text = with_frozen(session, st, section, edit, said, starts=True)
        said.extend([told] if told else [])
        if dating is not None:
            said.append(Message("round {r} dated {isoformat}",
                                r=r, isoformat=dating.isoformat()))

        def recorded(after: Section) -> str | None:
            ok = any((g.round, g.white, g.black, g.result) == (r, sw, sb, result)
                     for g in after.games)
            if ok and dating is not None:
                ok = any(i.number == r and i.date == dating for i in after.rounds)
            return None if ok else Message("the result would not read back")

        return Change(text, said, both(same_numbers(section), recorded))

    return run(season_dir, section_id, make)
