"""``result`` for a kind whose pairing is a match of games (``Chores.games_per_pairing``).

Why apart from the one-game chore: the section's rounds are game rounds (match ``k`` of
a two-game match is rounds ``2k - 1`` and ``2k``) but the file writes one line per match
in its ``k``-th round, ``First - Second: 1-0 ½-½``, both scores from the side of the
player named first (White in game 1). So the chore finds the match, merges the game(s)
given into the line's two scores and writes the line of match ``k``; its messages name
the match and its game rounds.

Asked as: ``"First - Second" "1-0 ½-½"`` (both games, game 1's White first) or one game,
``"White - Black" 1-0`` with that game's White first (so the order says which game;
``--round`` is a game round and picks the match when the two met more than once).
"""

from __future__ import annotations

import datetime as dt

from leaguegen.domain.season import GameResult, Section
from leaguegen.domain.sections import kind_of
from leaguegen.errors import Message
from leaguegen.formats.chores.core import AlreadyThere, Change, Refused, both, same_numbers

# a result seen from the other player's side
FLIPPED = {GameResult.WHITE_WINS: GameResult.BLACK_WINS,
           GameResult.BLACK_WINS: GameResult.WHITE_WINS, GameResult.DRAW: GameResult.DRAW,
           GameResult.WHITE_FORFEIT_WIN: GameResult.BLACK_FORFEIT_WIN,
           GameResult.BLACK_FORFEIT_WIN: GameResult.WHITE_FORFEIT_WIN,
           GameResult.DOUBLE_FORFEIT: GameResult.DOUBLE_FORFEIT}


def _side(result: GameResult | None, flip: bool) -> GameResult | None:
    return FLIPPED[result] if flip and result is not None else result


def scores_of(score: str) -> list[GameResult]:
    """'1-0' or '1-0 ½-½' (or '1-0,½-½'): one or two results, or Refused."""
    from leaguegen.formats.chores.result import score_of

    parts = [p for p in score.replace(",", " ").split() if p]
    if not 1 <= len(parts) <= 2:
        raise Refused(Message("'{score}' is not one game's score or a match's two (like '1-0 "
                              "½-½')",
                              score=score))
    return [score_of(p) for p in parts]


def _old_scores(old: str | None) -> list[GameResult | None]:
    from leaguegen.formats.results import parse_result

    got: list[GameResult | None] = []
    for part in (old or "").replace(",", " ").split():
        try:
            got.append(parse_result(part))
        except ValueError:
            got.append(None)
    return (got + [None, None])[:2]


def match_change(session, st, section: Section, w: int, b: int, score: str,  # noqa: ANN001
                 round_no: int | None, correct: bool, date: dt.date | None) -> Change:
    """The change writing ``score`` for ``w`` against ``b`` in their match (see the module
    docstring), or Refused / AlreadyThere."""
    from leaguegen.formats import season_edits
    from leaguegen.formats.chores.core import with_frozen
    from leaguegen.formats.chores.result import round_dating
    from leaguegen.formats.players import Names
    from leaguegen.formats.rounds import split_game

    kind = kind_of(section.format)
    per = kind.chores.games_per_pairing
    given = scores_of(score)
    names = [p.name for p in section.players]
    pair = f"{names[w - 1]} and {names[b - 1]}"
    games = [g for g in kind.scheduled_games(section) if {g[1], g[2]} == {w, b}]
    if round_no is not None:
        paired = kind.chores.paired_rounds(section) if kind.chores.paired_rounds else None
        k = (round_no - 1) // per + 1
        if paired is not None and round_no > paired:
            raise Refused(Message("round {round_no} (match {k}) is not paired yet (the last "
                                  "paired match is {value}); `leaguegen pair` pairs the next one",
                                  round_no=round_no, k=k, value=paired // per))
        games = [g for g in games if (g[0] - 1) // per + 1 == k]
        if not games:
            raise Refused(Message("{pair} have no match in round {round_no} (match {k})",
                                  pair=pair, round_no=round_no, k=k))
    if not games:
        raise Refused(Message("{pair} are not paired in any match of this section", pair=pair))
    matches = sorted({(g[0] - 1) // per + 1 for g in games})
    first = {k: next(g for g in games if g[0] == (k - 1) * per + 1) for k in matches}
    if len(given) == 2:
        right = [k for k in matches if first[k][1:] == (w, b)]
        if not right:
            _, sw, sb = first[matches[0]]
            raise Refused(Message("{names} has White in game 1 of the match against {names2}; "
                                  "write it '{names} - {names2}' with both scores from that side",
                                  names=names[sw - 1], names2=names[sb - 1]))
        slots = [1, 2]
    else:
        right = [k for k in matches if any((g[1], g[2]) == (w, b) for g in games
                                           if (g[0] - 1) // per + 1 == k)]
        if not right:
            r, sw, sb = next(g for g in games if (g[0] - 1) // per + 1 == matches[0])
            raise Refused(Message("{names} has White against {names2} in round {r}; write it "
                                  "'{names} - {names2}' with the score from White's side",
                                  names=names[sw - 1], names2=names[sb - 1], r=r))
        slots = []
    if len(right) > 1:
        rounds = ", ".join(f"{(k - 1) * per + 1}-{k * per}" for k in right)
        raise Refused(Message("{pair} met in more than one match (rounds {rounds}); say which "
                              "with --round",
                              pair=pair, rounds=rounds))
    k = right[0]
    _, fw, fb = first[k]  # the first-named player: White in game 1
    if not slots:
        slot = next((g[0] - 1) % per + 1 for g in games
                    if (g[0] - 1) // per + 1 == k and (g[1], g[2]) == (w, b))
        slots = [slot]
        given = [_side(given[0], slot % 2 == 0)]  # from the first-named side
    lo, hi = (k - 1) * per + 1, k * per
    dating = round_dating(section, lo, date)

    def line_of(key: str) -> bool:
        return split_game(key.strip(), Names(section.players)) == (fw, fb)

    old = season_edits.existing_line(st.text, section.id, k, line_of)
    now = _old_scores(old[1] if old is not None else None)
    new = list(now)
    for slot, result in zip(slots, given, strict=True):
        new[slot - 1] = result
    changed = [s for s in (1, 2) if now[s - 1] is not None and new[s - 1] != now[s - 1]]
    if changed and not correct:
        raise Refused(Message("match {k} (rounds {lo}-{hi}): {names} - {names2} already has "
                              "{value}; pass --correct to replace game {items}",
                              k=k, lo=lo, hi=hi, names=names[fw - 1], names2=names[fb - 1],
                              value=old[1] if old else '', items=' and '.join(map(str,
                              changed))))
    if new[0] is None:
        raise Refused(Message("game 1 of match {k} (round {lo}) has no result yet; enter it "
                              "first, or both games as 'First - Second' '1-0 ½-½'",
                              k=k, lo=lo))
    written = " ".join(r.text for r in new if r is not None)
    if new == now and dating is None:
        raise AlreadyThere(Message("match {k} (rounds {lo}-{hi}): {white} - {black} already"
                                   " has {written}", k=k, lo=lo, hi=hi, white=names[fw - 1],
                                   black=names[fb - 1], written=written))
    told: str = Message("match {k} (rounds {lo}-{hi}): {white} - {black}: {written} (replaces"
                        " {old})", k=k, lo=lo, hi=hi, white=names[fw - 1], black=names[fb - 1],
                        written=written, old=old[1]) if changed and old else \
        Message("match {k} (rounds {lo}-{hi}): {white} - {black}: {written}", k=k, lo=lo,
                hi=hi, white=names[fw - 1], black=names[fb - 1], written=written)
    key = old[0] if old is not None else f"{names[fw - 1]} - {names[fb - 1]}"
    said: list[str] = []

    def edit(text: str, newline: str) -> str:
        text = season_edits.set_result(text, newline, section.id, k, key, written, line_of,
                                       dating)
        if dating is not None:
            text = season_edits.set_round_date(text, newline, section.id, k, dating)
        return text

    text = with_frozen(session, st, section, edit, said, starts=True)
    if new != now:
        said.append(told)
    if dating is not None:
        said.append(Message("match {k} (rounds {lo}-{hi}) dated {isoformat}",
                            k=k, lo=lo, hi=hi, isoformat=dating.isoformat()))
    expected = [(lo, fw, fb, new[0])] + \
        ([(hi, fb, fw, FLIPPED[new[1]])] if new[1] is not None else [])

    def recorded(after: Section) -> str | None:
        got = {(g.round, g.white, g.black, g.result) for g in after.games}
        ok = all(e in got for e in expected)
        if ok and dating is not None:
            ok = any(i.number == lo and i.date == dating for i in after.rounds)
        return None if ok else Message("the result would not read back")

    return Change(text, said, both(same_numbers(section), recorded))
