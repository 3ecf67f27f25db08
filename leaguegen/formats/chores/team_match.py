"""``result`` and ``withdraw`` for a kind whose results are team matches entered board by
board (``Chores.team_matches``: a team league).

Why apart from the one-game chore: a division's file writes, under each round's
``matches``, one item per match, ``Home team - Away team:`` with its boards (``Home
player - Away player: 1-0``, board 1 first) or a whole-match default on one line (``+-``,
``-+``, ``--``). So ``result`` names the *match* (the home team first, as the fixtures
have it: the kind's ``scheduled_games`` are its fixtures, (round, home, away)) and gives

- the whole card: one score per board, board 1 first (``"1-0 ½-½ 0-1 ½-½"``); the
  boards already written keep their players, a match not written yet takes each team's
  squad in board order (said, so the organiser can correct a board);
- a whole-match default: ``+-`` (the home team wins it), ``-+``, ``--``;
- one board: ``--board N`` and its score, with ``--players "Home player - Away player"``
  (``default`` for an empty board) when the board's players are not written yet or
  differ; a match not written yet is written with every board, the others' players from
  the squads and no result (a board still to finish: the match counts once all are in).

A result already there is replaced only with ``--correct``. ``withdraw`` names a team and
adds it to ``team_withdrawals``; what happens to its matches is the division's rule
(``domain.sections.team_league.counted``), and the chore says which applies.
Every edit changes only the lines it must (a board's score in place, keeping comments);
turning a default into a card or back rewrites that match's item alone.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, replace

import yaml

from leaguegen.domain.season import Section
from leaguegen.domain.sections import kind_of
from leaguegen.domain.sections.team_league import (
    BOARD_RESULT,
    LeagueTeam,
    MatchEntry,
    TeamWithdrawal,
    counted,
    details,
    matches_completed,
)
from leaguegen.domain.teams.model import MATCH_FORFEITS
from leaguegen.errors import Message
from leaguegen.formats.chores.core import AlreadyThere, Change, Refused
from leaguegen.formats.yaml_splice import (
    SpliceError,
    append_item,
    compose,
    find_section,
    get,
    plain,
    set_value,
    value_scalar,
    yaml_scalar,
)

DEFAULT = "default"  # the name written for an empty board (as the reader has it)
WRITTEN = {code: result.text for code, result in BOARD_RESULT.items()}  # as written


@dataclass(frozen=True, slots=True)
class Cards:
    """What ``result`` reads of a section of team matches, whichever kind it is (a team
    league, a team Swiss: the same ``LeagueTeam`` squads and ``MatchEntry`` cards, the
    first-named team's player first): the teams, the boards, every card written (a card
    with boards still to come included) and the teams' withdrawals (a Swiss has none:
    its withdrawn team is absent from the rounds after)."""

    teams: tuple[LeagueTeam, ...]
    boards: int
    entries: tuple[MatchEntry, ...]
    withdrawals: tuple[TeamWithdrawal, ...] = ()
    league: bool = True  # the words: a division's home team, a Swiss's first team


def cards(section: Section) -> Cards:
    """The ``Cards`` of a team league's or a team Swiss's section."""
    from leaguegen.domain.sections.team_swiss import TeamSwissDetails

    d = section.details
    if isinstance(d, TeamSwissDetails):
        return Cards(d.teams, d.boards, d.matches + d.unfinished, league=False)
    league = details(section)
    return Cards(league.teams, league.boards, league.matches, league.withdrawals)


def board_code(score: str) -> str:
    """The board result a score stands for (``1``, ``=``, ``0``, ``+``, ``-``, ``--``)."""
    from leaguegen.formats.sections.teams_common import RESULTS

    code = RESULTS.get(score.strip().replace(" ", "").replace(":", "-")
                       .replace("draw", "½-½"))
    if code is None:
        raise Refused(Message("score '{score}' is not one of 1-0, ½-½, 0-1, +- (the home player"
                              " wins by default), -+ or -- (both absent)", score=score))
    return code


def _fixture(section: Section, game: str, round_no: int | None) -> tuple[int, int, int]:
    """(round, home, away) of the match ``game`` ("Home team - Away team"), from the kind's
    schedule, or Refused saying what the fixtures have instead."""
    from leaguegen.formats.sections.teams_common import split_pair

    c = cards(section)
    names = [t.name for t in c.teams]
    split = split_pair(game.strip(), names)
    if split is None:
        raise Refused(Message("'{game}' is not 'home team - away team' of this division's"
                              " teams ({teams})", game=game, teams=", ".join(names))
                      if c.league else
                      Message("'{game}' is not 'first team - second team' of this section's"
                              " teams ({teams})", game=game, teams=", ".join(names)))
    h, a = names.index(split[0]) + 1, names.index(split[1]) + 1
    games = [g for g in kind_of(section.format).scheduled_games(section)
             if {g[1], g[2]} == {h, a}]
    if round_no is not None:
        there = [g for g in games if g[0] == round_no]
        if not there:
            when = ", ".join(str(g[0]) for g in games) or Message("no round")
            raise Refused(Message("{first} and {second} do not meet in round {round_no} (they"
                                  " meet in {when})", first=split[0], second=split[1],
                                  round_no=round_no, when=when))
        games = there
    if not games:
        raise Refused(Message("{first} and {second} are not paired in any round of this"
                              " section", first=split[0], second=split[1]))
    right = [g for g in games if (g[1], g[2]) == (h, a)]
    if not right:
        r, sh, sa = games[0]
        if c.league:
            raise Refused(Message("{home} is at home to {away} in round {r}; write it"
                                  " '{home} - {away}' with the scores from the home players'"
                                  " side", home=names[sh - 1], away=names[sa - 1], r=r))
        raise Refused(Message("round {r}'s match is '{home} - {away}' ({home} has White on"
                              " board 1); write it so, with the scores from its players' side",
                              r=r, home=names[sh - 1], away=names[sa - 1]))
    if len(right) > 1:
        rounds = ", ".join(str(g[0]) for g in right)
        raise Refused(Message("{first} are at home to {second} in rounds {rounds}; say which"
                              " with --round", first=split[0], second=split[1], rounds=rounds)
                      if c.league else
                      Message("{first} - {second} is the match of rounds {rounds}; say which"
                              " with --round", first=split[0], second=split[1], rounds=rounds))
    return right[0]


def _who(team: LeagueTeam, name: str) -> int | None:
    """A player's index in the team's eligible list (None: ``default``), or Refused."""
    from leaguegen.formats.players import Names

    if name.strip().lower() == DEFAULT:
        return None
    found = Names(team.eligible).find(name.strip())
    if isinstance(found, int):
        return found - 1
    if isinstance(found, list):
        who = ", ".join(team.eligible[i - 1].name for i in found)
        raise Refused(Message("'{name}' could be {who}; write the full name", name=name,
                              who=who))
    listed = ", ".join(p.name for p in team.eligible)
    raise Refused(Message("'{name}' is not in the squad or reserves of '{team}' ({listed});"
                          " write '{default}' for an empty board", name=name, team=team.name,
                          listed=listed, default=DEFAULT))


def _name(team: LeagueTeam, index: int | None) -> str:
    return DEFAULT if index is None else team.eligible[index].name


def _lineup(d: Cards, home: LeagueTeam, away: LeagueTeam,
            fixed: dict[int, tuple[int | None, int | None]]) -> list[tuple[int | None,
                                                                          int | None]]:
    """Every board's (home, away) players: ``fixed`` boards as given, the others each
    team's squad in board order, skipping the players ``fixed`` seats."""
    out = []
    for side, team in ((0, home), (1, away)):
        used = {p[side] for p in fixed.values()}
        rest = iter(i for i in range(len(team.squad)) if i not in used)
        col = [fixed[b][side] if b in fixed else next(rest, None)
               for b in range(1, d.boards + 1)]
        out.append(col)
    return list(zip(out[0], out[1], strict=True))


# ---------------------------------------------------------------- text edits


def _nodes(text: str, section_id: str, r: int, key_matches
           ) -> tuple[yaml.Node, yaml.MappingNode, yaml.Node | None, yaml.MappingNode | None]:
    """(document, section, round r's node or None, the match's item or None)."""
    doc = compose(text)
    section = find_section(doc, section_id)
    if doc is None or section is None:
        raise SpliceError(Message("no section with id '{section_id}' in this file",
                                  section_id=section_id))
    rounds = get(section, "rounds")
    rnode = rounds.value[r - 1] if isinstance(rounds, yaml.SequenceNode) and \
        len(rounds.value) >= r else None
    matches = get(rnode, "matches")
    for item in matches.value if isinstance(matches, yaml.SequenceNode) else []:
        if isinstance(item, yaml.MappingNode) and len(item.value) == 1 and \
                isinstance(item.value[0][0], yaml.ScalarNode) and \
                key_matches(item.value[0][0].value):
            return doc, section, rnode, item
    return doc, section, rnode, None


def _rendered(key: str, value: str | list[tuple[str, str | None]]) -> tuple[list[str], object]:
    """A match item's lines (no indentation; boards two columns in) and how it reads."""
    if isinstance(value, str):
        return [f"{yaml_scalar(key)}: {value_scalar(value)}"], [(key, value)]
    lines = [f"{yaml_scalar(key)}:"]
    lines += [f"  - {yaml_scalar(k)}:" + (f" {value_scalar(v)}" if v is not None else "")
              for k, v in value]
    return lines, [(key, [[(k, v)] for k, v in value])]


def _line_end(text: str, at: int) -> int:
    ends = [i for i in (text.find("\n", at), text.find("\r", at)) if i >= 0]
    return min(ends) if ends else len(text)


def _rewrite(text: str, newline: str, doc: yaml.Node, item: yaml.MappingNode, key: str,
             value: str | list[tuple[str, str | None]]) -> str:
    """The match item ``item`` written anew (a default turned into a card, or back): from
    its key to the end of its last line; the lines around it stay as they are."""
    knode, vnode = item.value[0]
    if isinstance(vnode, yaml.SequenceNode) and vnode.value:
        last = vnode.value[-1]
        end = _line_end(text, last.end_mark.index if not isinstance(last, yaml.MappingNode)
                        or not last.value else last.value[-1][1].end_mark.index)
    else:
        end = _line_end(text, vnode.end_mark.index)
    lines, expected = _rendered(key, value)
    col = knode.start_mark.column
    body = lines[0] + "".join(newline + " " * col + line for line in lines[1:])
    new = text[:knode.start_mark.index] + body + text[end:]
    if plain(compose(new)) != plain(doc, {id(item): expected}):
        raise SpliceError(Message("line {line}: this match would not read back as intended;"
                                  " change it by hand", line=knode.start_mark.line + 1))
    return new


def _set_board(text: str, doc: yaml.Node, board: yaml.MappingNode, key: str,
               score: str | None) -> str:
    """A board's line ``key: score``: only the score when the key stays, else the line."""
    knode, vnode = board.value[0]
    if knode.value == key and score is not None:
        return set_value(text, doc, board, key, score)
    # an empty value's marks may run on to the next token (a board last in its match):
    # the line then ends at the key's own colon
    end = vnode.end_mark.index if not (vnode.tag.endswith(":null") and not vnode.style) \
        else text.index(":", knode.end_mark.index) + 1
    shown = f"{yaml_scalar(key)}:" + (f" {value_scalar(score)}" if score is not None else "")
    new = text[:knode.start_mark.index] + shown + text[end:]
    if plain(compose(new)) != plain(doc, {id(board): [(key, score)]}):
        raise SpliceError(Message("line {line}: this board would not read back as intended;"
                                  " change it by hand", line=knode.start_mark.line + 1))
    return new


def _add(text: str, newline: str, doc: yaml.Node, section: yaml.MappingNode,
         rnode: yaml.Node | None, r: int, key: str,
         value: str | list[tuple[str, str | None]]) -> str:
    """A new match item at the end of round r's matches (a new round when r is the next)."""
    lines, expected = _rendered(key, value)
    if rnode is not None:
        if not isinstance(rnode, yaml.MappingNode):
            raise SpliceError(Message("line {line}: round {r} is not a mapping with a date and"
                                      " matches; fix it by hand",
                                      line=rnode.start_mark.line + 1, r=r))
        return append_item(text, newline, doc, rnode, "matches", lines, expected)
    rounds = get(section, "rounds")
    count = len(rounds.value) if isinstance(rounds, yaml.SequenceNode) else 0
    if r != count + 1:
        raise SpliceError(Message("the file lists {count} round(s); round {r} would leave a"
                                  " gap: add round {next_round} first (a '- date: ...' line)",
                                  count=count, r=r, next_round=count + 1))
    item = ["matches:", *("  - " + line if i == 0 else "    " + line
                          for i, line in enumerate(lines))]
    return append_item(text, newline, doc, section, "rounds", item,
                       [("matches", [expected])])


# ---------------------------------------------------------------- result


def match_change(session, st, section: Section, game: str, score: str,  # noqa: ANN001
                 board: int | None, players: str | None, round_no: int | None,
                 correct: bool, date: dt.date | None) -> Change:
    """The change writing a match's card, a default or one board (module docstring)."""
    from leaguegen.formats import season_edits
    from leaguegen.formats.chores.core import with_frozen
    from leaguegen.formats.chores.result import round_dating
    from leaguegen.formats.sections.teams_common import split_pair

    d = cards(section)
    r, h, a = _fixture(section, game, round_no)
    home, away = d.teams[h - 1], d.teams[a - 1]
    key = f"{home.name} - {away.name}"
    names = [t.name for t in d.teams]
    if any(w.team in (h, a) and r > w.after_round for w in d.withdrawals):
        gone = next(w for w in d.withdrawals if w.team in (h, a) and r > w.after_round)
        raise Refused(Message("round {r}: {team} withdrew after round {after_round}; the"
                              " table scores this match as a default by itself", r=r,
                              team=d.teams[gone.team - 1].name, after_round=gone.after_round))
    existing = next((m for m in d.entries if (m.round, m.host, m.guest) == (r, h, a)), None)
    scores = score.replace(",", " ").split()
    said: list[str] = []
    dating = round_dating(section, r, date)
    if board is None and players:
        raise Refused(Message("--players names a board's two players: give --board too"))

    def same_match(k: str) -> bool:
        return split_pair(k.strip(), names) == (home.name, away.name)

    value: str | list[tuple[str, str | None]]
    want: MatchEntry
    if board is None and len(scores) == 1 and scores[0].replace(":", "-") in MATCH_FORFEITS:
        forfeit = scores[0].replace(":", "-")
        if existing is not None and existing.forfeit == forfeit and dating is None:
            raise AlreadyThere(Message("round {r}: {key} is already a default {forfeit}", r=r,
                                       key=key, forfeit=forfeit))
        has = existing is not None and (existing.forfeit is not None or any(
            b.result is not None for b in existing.boards))
        if existing is not None and has and existing.forfeit != forfeit and not correct:
            raise Refused(Message("round {r}: {key} already has {told}; pass --correct to"
                                  " replace it with the default {forfeit}", r=r, key=key,
                                  told=_told(existing), forfeit=forfeit))
        value = forfeit
        want = MatchEntry(r, h, a, (), forfeit)
        said.append(Message("round {r}: {key}: {forfeit} (a whole-match default)", r=r,
                            key=key, forfeit=forfeit))
    elif board is None:
        if len(scores) != d.boards:
            raise Refused(Message("give {count} score, board 1 first (like '{like}'), a"
                                  " whole-match default (+-, -+, --), or --board N with one"
                                  " board's score",
                                  "give {count} scores, board 1 first (like '{like}'), a"
                                  " whole-match default (+-, -+, --), or --board N with one"
                                  " board's score", count=d.boards,
                                  like=" ".join(["1-0"] * d.boards)))
        codes = [board_code(s) for s in scores]
        if existing is not None and existing.forfeit is not None and not correct:
            raise Refused(Message("round {r}: {key} is a whole-match default {forfeit}; pass"
                                  " --correct to replace it with the boards", r=r, key=key,
                                  forfeit=existing.forfeit))
        if existing is not None and existing.forfeit is None:
            seats = [(b.host, b.guest) for b in existing.boards]
            old = [b.result for b in existing.boards]
        else:
            seats = _lineup(d, home, away, {})
            old = [None] * d.boards
            said.append(Message("round {r}: {key}: the players are each squad's in board"
                                " order; `--board N --players 'Home player - Away player'`"
                                " changes a board's", r=r, key=key))
        if old == codes and dating is None:
            raise AlreadyThere(Message("round {r}: {key} already has these results", r=r,
                                       key=key))
        changed = [i + 1 for i, (o, c) in enumerate(zip(old, codes, strict=True))
                   if o is not None and o != c]
        if changed and not correct:
            raise Refused(Message("round {r}: {key}: board(s) {boards} have another result"
                                  " already; pass --correct to replace them", r=r, key=key,
                                  boards=", ".join(map(str, changed))))
        value = [(f"{_name(home, x)} - {_name(away, y)}", WRITTEN[c])
                 for (x, y), c in zip(seats, codes, strict=True)]
        want = MatchEntry(r, h, a, tuple(_entries(seats, codes)))
        said.append(Message("round {r}: {key}: {scores}", r=r, key=key,
                            scores=" ".join(WRITTEN[c] for c in codes)))
    else:
        if not 1 <= board <= d.boards:
            raise Refused(Message("--board {board}: the division plays {count} board",
                                  "--board {board}: the division plays {count} boards",
                                  board=board, count=d.boards) if d.league else
                          Message("--board {board}: the section plays {count} board",
                                  "--board {board}: the section plays {count} boards",
                                  board=board, count=d.boards))
        if len(scores) != 1:
            raise Refused(Message("--board {board} takes one board's score, not '{score}'",
                                  board=board, score=score))
        code = board_code(scores[0])
        if existing is not None and existing.forfeit is not None:
            raise Refused(Message("round {r}: {key} is a whole-match default {forfeit}; give"
                                  " the whole card with --correct", r=r, key=key,
                                  forfeit=existing.forfeit))
        seat: tuple[int | None, int | None] | None = None
        if players:
            pair = _players(players, home, away)
            seat = (_who(home, pair[0]), _who(away, pair[1]))
        if existing is not None:
            seats = [(b.host, b.guest) for b in existing.boards]
            codes_now: list[str | None] = [b.result for b in existing.boards]
        else:
            seats = _lineup(d, home, away, {board: seat} if seat else {})
            codes_now = [None] * d.boards
        before = seats[board - 1]
        old_code = codes_now[board - 1]
        if seat is not None and seat != before:
            if old_code is not None and not correct:
                raise Refused(Message("round {r}: {key}: board {board} has {home} - {away}:"
                                      " {result} already; pass --correct to replace it", r=r,
                                      key=key, board=board, home=_name(home, before[0]),
                                      away=_name(away, before[1]), result=WRITTEN[old_code]))
            seats[board - 1] = seat
        elif old_code == code and dating is None:
            raise AlreadyThere(Message("round {r}: {key}: board {board} already has {result}",
                                       r=r, key=key, board=board, result=WRITTEN[code]))
        elif old_code is not None and old_code != code and not correct:
            raise Refused(Message("round {r}: {key}: board {board} already has {old}; pass"
                                  " --correct to replace it with {new}", r=r, key=key,
                                  board=board, old=WRITTEN[old_code], new=WRITTEN[code]))
        codes_now[board - 1] = code
        value = [(f"{_name(home, x)} - {_name(away, y)}", WRITTEN[c] if c else None)
                 for (x, y), c in zip(seats, codes_now, strict=True)]
        want = MatchEntry(r, h, a, tuple(_entries(seats, codes_now)))
        x, y = seats[board - 1]
        said.append(Message("round {r}: {key}: board {board}: {home} - {away}: {result}",
                            r=r, key=key, board=board, home=_name(home, x),
                            away=_name(away, y), result=WRITTEN[code]))
        if existing is None:
            said.append(Message("the other boards: each squad's players in board order,"
                                " results to come (`--board N --players ...` changes a"
                                " board's)"))
        pending = sum(1 for c in codes_now if c is None)
        if pending:
            said.append(Message("{count} board(s) still to come: the match counts once every"
                                " board has its result", count=pending))

    def edit(text: str, newline: str) -> str:
        doc, sec, rnode, item = _nodes(text, section.id, r, same_match)
        if item is None:
            text = _add(text, newline, doc, sec, rnode, r, key, value)
        elif isinstance(value, str) or isinstance(item.value[0][1], yaml.ScalarNode) \
                or not isinstance(item.value[0][1], yaml.SequenceNode):
            text = _rewrite(text, newline, doc, item, key, value)
        else:
            for i, (bkey, bscore) in enumerate(value):
                doc, sec, rnode, item = _nodes(text, section.id, r, same_match)
                bnode = item.value[0][1].value[i]  # type: ignore[union-attr]
                if plain(bnode) != [(bkey, bscore)]:
                    text = _set_board(text, doc, bnode, bkey, bscore)
        if dating is not None:
            text = season_edits.set_round_date(text, newline, section.id, r, dating)
        return text

    text = with_frozen(session, st, section, edit, said, freeze=False)
    if dating is not None:
        said.append(Message("round {r} dated {isoformat}", r=r, isoformat=dating.isoformat()))

    def recorded(after: Section) -> str | None:
        got = next((m for m in cards(after).entries
                    if (m.round, m.host, m.guest) == (r, h, a)), None)
        return None if got == want else Message("the match would not read back")

    return Change(text, said, recorded)


def _players(players: str, home: LeagueTeam, away: LeagueTeam) -> tuple[str, str]:
    from leaguegen.formats.sections.teams_common import split_pair

    known = sorted({p.name for p in home.eligible + away.eligible} | {DEFAULT})
    pair = split_pair(players.strip(), known)
    if pair is None:
        left, _, right = players.partition(" - ")
        if not right:
            raise Refused(Message("--players '{players}' is not 'home player - away player'",
                                  players=players))
        pair = (left.strip(), right.strip())
    return pair


def _entries(seats, codes):  # noqa: ANN001, ANN202 - lists of the same length
    from leaguegen.domain.sections.team_league import BoardEntry

    return [BoardEntry(b, x, y, c) for b, ((x, y), c) in enumerate(zip(seats, codes,
                                                                       strict=True), 1)]


def _told(m: MatchEntry) -> Message:
    if m.forfeit is not None:
        return Message("the default {forfeit}", forfeit=m.forfeit)
    return Message("the results {results}", results=" ".join(
        WRITTEN[b.result] if b.result else "?" for b in m.boards))


# ---------------------------------------------------------------- withdraw


def withdraw_change(session, st, section: Section, name: str, after_round: int,  # noqa: ANN001
                    reason: str | None) -> Change:
    """The change adding ``name`` (a team) to ``team_withdrawals``, saying what the
    division's rule does with its matches."""
    from leaguegen.formats import season_edits
    from leaguegen.formats.chores import team_absence

    if not cards(section).league:  # a team Swiss: absent from the rounds still to pair
        return team_absence.withdraw_change(session, st, section, name, after_round, reason)
    d = details(section)
    names = [t.name for t in d.teams]
    team, tname = team_absence.team_number(names, name, "division")
    if any(w.team == team for w in d.withdrawals):
        raise Refused(Message("{team} has withdrawn already", team=tname))
    total = max((g[0] for g in kind_of(section.format).scheduled_games(section)), default=0)
    if after_round > total:
        raise Refused(Message("after round {after_round}: the division has {count} round",
                              "after round {after_round}: the division has {count} rounds",
                              after_round=after_round, count=total))
    later = [m for m in d.matches if m.round > after_round and team in (m.host, m.guest)]
    if later:
        shown = tuple(Message("round {r} {home} - {away}", r=m.round,
                              home=names[m.host - 1], away=names[m.guest - 1])
                      for m in later)
        raise Refused(Message("{team} has matches entered after round {after_round} ({shown});"
                              " give the last round it played (--after-round {last}) or remove"
                              " those matches first", team=tname, after_round=after_round,
                              shown=shown, last=max(m.round for m in later)))
    after = replace(section, details=replace(d, withdrawals=(
        *d.withdrawals, TeamWithdrawal(team, after_round, reason or ""))))
    ruled = counted(after)
    scheduled = sum(1 for g in kind_of(section.format).scheduled_games(section)
                    if team in (g[1], g[2]))
    done = matches_completed(d, team)
    share = f"{section.withdrawal_threshold:.0%}"
    if team in ruled.expunged:
        rule = Message("it played {done} of its {count} match, fewer than {share}: its"
                       " results are cancelled and it leaves the table",
                       "it played {done} of its {count} matches, fewer than {share}: its"
                       " results are cancelled and it leaves the table", done=done,
                       count=scheduled, share=share)
    else:
        n = sum(1 for k in ruled.defaulted if team in k[1:])
        rule = Message("it played {done} of its {count} match ({share} or more): its"
                       " results stand, and its {later} later match(es) are defaults it loses",
                       "it played {done} of its {count} matches ({share} or more): its"
                       " results stand, and its {later} later match(es) are defaults it loses",
                       done=done, count=scheduled, share=share, later=n)
    fields: list[tuple[str, str | int]] = [("team", tname), ("after_round", after_round)]
    if reason:
        fields.append(("reason", reason))
    text = session.edit(st, lambda text, newline: season_edits.add_entry(
        text, newline, section.id, "team_withdrawals", fields, default_style="block"))
    said = [Message("{player} withdrawn after round {after_round} ({reason})", player=tname,
                    after_round=after_round, reason=reason) if reason else
            Message("{player} withdrawn after round {after_round}", player=tname,
                    after_round=after_round), rule]

    def recorded(changed: Section) -> str | None:
        ok = any((w.team, w.after_round) == (team, after_round)
                 for w in details(changed).withdrawals)
        return None if ok else Message("the withdrawal would not read back")

    return Change(text, said, recorded)
