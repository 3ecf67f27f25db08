"""Rounds, result lines and withdrawals, shared by every section kind's reader.

Round robins (and quads groups, Scheveningen matches) check each line against
the schedule; free pairings (Swiss, knockout) read boards and byes as written.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache

import yaml

from leaguegen.domain.model import Code, Player
from leaguegen.domain.schedule import berger
from leaguegen.domain.season import Bye, Game, GameResult, RoundInfo, Withdrawal
from leaguegen.errors import Message
from leaguegen.formats import yaml_nodes as yn
from leaguegen.formats.players import Names
from leaguegen.formats.results import BYE_HELP, BYE_WORDS, RESULT_HELP, parse_result
from leaguegen.formats.yaml_nodes import Ctx

ROUND_KEYS = ("date", "results")
_DASH = re.compile(r"\s+[-–—]\s+")  # between White and Black


WITHDRAWAL_KEYS = ("player", "after_round", "reason")


def split_game(key: str, names: Names) -> tuple[int, int] | str:
    """``White - Black`` into pairing numbers, or a message saying what is wrong."""
    parts = _DASH.split(key)
    if len(parts) < 2:
        return Message("'{key}' is not 'White - Black' (use a spaced hyphen between the names)",
                       key=key)
    unknown = []
    for cut in range(1, len(parts)):
        white = " - ".join(parts[:cut]).strip()
        black = " - ".join(parts[cut:]).strip()
        w, b = names.find(white), names.find(black)
        if isinstance(w, int) and isinstance(b, int):
            return w, b
        for who, hit in ((white, w), (black, b)):
            if isinstance(hit, list):
                return Message("'{who}' could be several players; write the full name", who=who)
            if hit is None:
                unknown.append(who)
    who = unknown[0] if unknown else key
    choices = list(names.exact)
    return Message("unknown player '{who}'{suggestion}", who=who,
                   suggestion=yn.suggestion(who, choices))


def round_date(node: yaml.Node | None, ctx: Ctx, r: int) -> dt.date | None:
    """A round's ``date``: ISO form (2026-09-03), or None when not given.

    Every reader asks for a section's rounds in order (round 1 first), so a date before
    an earlier round's date is an error at its line; the same day is allowed (two rounds
    an evening). The last dated round is remembered on ``ctx`` until the next round 1.
    """
    raw = yn.text(node, ctx.col, Message("round {r} date", r=r))
    try:
        date = dt.date.fromisoformat(raw) if raw else None
    except ValueError:
        ctx.col.add(node, Message("round {r} date '{raw}' is not a date like 2026-09-03",
                                  r=r, raw=raw))
        return None
    last = None if r == 1 else getattr(ctx, "_last_round_date", None)
    if r == 1:
        ctx._last_round_date = None  # type: ignore[attr-defined]
    if date is not None:
        if last is not None and date < last[1]:
            ctx.col.add(node, Message("round {r} date {isoformat} is before round {last}'s date "
                                      "{isoformat2}: rounds are dated in order",
                                      r=r, isoformat=date.isoformat(), last=last[0],
                                      isoformat2=last[1].isoformat()))
        else:
            ctx._last_round_date = (r, date)  # type: ignore[attr-defined]
    return date


def undated_played(item: yaml.Node, ctx: Ctx, section_id: str, r: int,
                   date: dt.date | None, games: Sequence[Game]) -> None:
    """Warn (not an error: the results stand) at a round that has a result but no date:
    its page shows no date, the site cannot say which round is next and the TRF export
    has no date for it. ``leaguegen result --date`` (or a ``date:`` line) dates it."""
    if date is None and any(g.round == r and g.result is not None for g in games):
        ctx.col.warn(item, Message("section '{section_id}' round {r} has results but no date; "
                                   "add 'date: YYYY-MM-DD' to it (or `leaguegen result ... "
                                   "--date YYYY-MM-DD`)",
                                   section_id=section_id, r=r))


def undated_rounds(node: yaml.Node | None, ctx: Ctx, section_id: str,
                   infos: Sequence[RoundInfo], games: Sequence[Game]) -> None:
    """``undated_played`` for every round listed under ``node`` (a section's ``rounds``),
    for the readers that know a round's games only once every round is read (quads)."""
    if not isinstance(node, yaml.SequenceNode):
        return
    for info, item in zip(infos, node.value, strict=False):
        undated_played(item, ctx, section_id, info.number, info.date, games)


def read_round_robin_rounds(node: yaml.Node | None, ctx: Ctx, section_id: str,
                            players: tuple[Player, ...],
                            schedule: Sequence[berger.Round]) -> tuple[list[RoundInfo], list[Game]]:
    names = Names(players)
    infos: list[RoundInfo] = []
    games: list[Game] = []
    seen: dict[tuple[int, int, int], yaml.Node] = {}
    items = yn.sequence(node, ctx.col, Message("section '{section_id}' rounds",
                                               section_id=section_id))
    if len(items) > len(schedule):
        ctx.col.add(items[len(schedule)], Message("section '{section_id}' has {count} round, "
                                                  "but {listed} are listed",
                                                  "section '{section_id}' has {count} rounds, "
                                                  "but {listed} are listed",
                                                  section_id=section_id, count=len(schedule),
                                                  listed=len(items)))
    meets = _meetings_of(schedule)
    for r, item in enumerate(items[: len(schedule)], start=1):
        keys = yn.mapping(item, ctx.col, Message("round {r}", r=r), ROUND_KEYS)
        date = round_date(keys.get("date"), ctx, r)
        infos.append(RoundInfo(r, date))
        for line in yn.sequence(keys.get("results"), ctx.col, Message("round {r} results", r=r)):
            game = result_line(line, ctx, r, names, players, meets, seen)
            if game:
                games.append(game)
        undated_played(item, ctx, section_id, r, date, games)
    for r in range(len(infos) + 1, len(schedule) + 1):
        infos.append(RoundInfo(r, None))
    return infos, games


def _meetings_of(schedule: Sequence[berger.Round]
                 ) -> dict[frozenset[int], list[tuple[int, int, int]]]:
    """Each pair's games in ``schedule`` as (round, white, black), remembered by what the
    schedule is (its rounds of boards): a season of a hundred sections of 20 players makes
    them once, and an equal schedule made again (a Scheveningen plan) finds them. Read
    only: every section of that shape shares them."""
    return _meetings(tuple(schedule))


@lru_cache(maxsize=64)
def _meetings(schedule: tuple[berger.Round, ...]
              ) -> dict[frozenset[int], list[tuple[int, int, int]]]:
    meets: dict[frozenset[int], list[tuple[int, int, int]]] = {}
    for r, boards in enumerate(schedule, start=1):
        for p in boards:
            if p.black is not None:
                meets.setdefault(frozenset((p.white, p.black)), []).append((r, p.white, p.black))
    return meets


def result_line(line: yaml.Node, ctx: Ctx, r: int, names: Names, players: tuple[Player, ...],
                 meets: dict[frozenset[int], list[tuple[int, int, int]]],
                 seen: dict[tuple[int, int, int], yaml.Node]) -> Game | None:
    if not isinstance(line, yaml.MappingNode) or len(line.value) != 1:
        ctx.col.add(line, Message("round {r}: write each result as 'White - Black: 1-0'", r=r))
        return None
    key_node, value_node = line.value[0]
    split = split_game(str(key_node.value), names)
    if isinstance(split, str):
        ctx.col.add(key_node, Message("round {r}: {split}", r=r, split=split))
        return None
    w, b = split
    if w == b:
        ctx.col.add(key_node, Message("round {r}: a player cannot play themselves", r=r))
        return None
    scheduled = meets.get(frozenset((w, b)), [])
    this_round = [m for m in scheduled if m[0] == r]
    if not this_round:
        when = ", ".join(str(m[0]) for m in scheduled) or "no round"
        ctx.col.add(key_node, Message("round {r}: {name} and {name2} are not paired in this "
                                      "round (they meet in round {when})",
                                      r=r, name=players[w - 1].name, name2=players[b - 1].name,
                                      when=when))
        return None
    _, sw, sb = this_round[0]
    raw = yn.text(value_node, ctx.col, "result") if not yn.is_null(value_node) else ""
    try:
        result = parse_result(raw or "")
    except ValueError:
        ctx.col.add(value_node, Message("round {r}: result '{raw}' is not one of {RESULT_HELP}",
                                        r=r, raw=raw, RESULT_HELP=RESULT_HELP))
        return None
    if (sw, sb) != (w, b):
        ctx.col.add(key_node, Message("round {r}: {name} has White in this game; write it as "
                                      "'{name} - {name2}' with the score from White's side",
                                      r=r, name=players[sw - 1].name,
                                      name2=players[sb - 1].name))
        return None
    if (r, w, b) in seen:
        first = seen[(r, w, b)].start_mark.line + 1
        ctx.col.add(key_node, Message("round {r}: duplicate result for {name} - {name2} (first "
                                      "given on line {first})",
                                      r=r, name=players[w - 1].name, name2=players[b - 1].name,
                                      first=first))
        return None
    seen[(r, w, b)] = key_node
    return Game(r, w, b, result)


def read_withdrawals(node: yaml.Node | None, ctx: Ctx, players: tuple[Player, ...], rounds: int,
                 games: list[Game]) -> list[Withdrawal]:
    names = Names(players)
    out: list[Withdrawal] = []
    for item in yn.sequence(node, ctx.col, "withdrawals"):
        keys = yn.mapping(item, ctx.col, "withdrawal", WITHDRAWAL_KEYS,
                          required=("player", "after_round"))
        who = yn.text(keys.get("player"), ctx.col, "withdrawal player")
        after = yn.integer(keys.get("after_round"), ctx.col, "after_round", minimum=0)
        if who is None or after is None:
            continue
        found = names.number(who, keys["player"], ctx, "withdrawal")
        if found is None:
            continue
        if after > rounds:
            ctx.col.add(keys["after_round"], Message("after_round {after} is beyond the last "
                                                     "round ({rounds})",
                                                     after=after, rounds=rounds))
            continue
        if any(w.player == found for w in out):
            ctx.col.add(item, Message("{name} is listed as withdrawn twice",
                                      name=players[found - 1].name))
            continue
        for g in games:
            if g.round > after and found in (g.white, g.black) and g.result in (
                GameResult.WHITE_WINS, GameResult.BLACK_WINS, GameResult.DRAW
            ):
                ctx.col.add(keys["after_round"],
                            Message("{name} withdrew after round {after} but has a played "
                                    "result in round {round}",
                                    name=players[found - 1].name, after=after, round=g.round))
                break
        out.append(Withdrawal(found, after))
    return out


@dataclass(frozen=True, slots=True)
class RoundLine:
    """One line of a round that passed the checks every reader shares: a bye (``code``
    set, ``black`` 0) or a game between two different players whose result text
    (``raw``, empty when not played yet) is for the caller's reader to parse."""

    white: int
    black: int
    code: Code | None
    raw: str
    key_node: yaml.Node
    value_node: yaml.Node


class Seen:
    """Who already appears in a round: a player may appear once per round."""

    def __init__(self, ctx: Ctx, r: int, players: tuple[Player, ...]):
        self.ctx, self.r, self.players = ctx, r, players
        self.lines: dict[int, int] = {}

    def once(self, number: int, node: yaml.Node) -> bool:
        if number in self.lines:
            self.ctx.col.add(node, Message("round {r}: {name} appears twice in this round "
                                           "(first on line {lines})",
                                           r=self.r, name=self.players[number - 1].name,
                                           lines=self.lines[number]))
            return False
        self.lines[number] = node.start_mark.line + 1
        return True


def round_lines(items: list[yaml.Node], ctx: Ctx, r: int, names: Names, seen: Seen,
                line_help: str) -> Iterator[RoundLine]:
    """A round's lines (``White - Black: result`` or ``Name: bye``) read as far as every
    kind with free pairings reads them alike (a Swiss, a knockout, a Double-Swiss): the
    line's shape, the names, a bye's word, a player once per round for a bye, nobody
    against themselves. Problems go to ``ctx`` at their line; such lines are not given."""
    players = seen.players
    for line in items:
        if not isinstance(line, yaml.MappingNode) or len(line.value) != 1:
            ctx.col.add(line, Message("round {r}: {line_help}", r=r, line_help=line_help))
            continue
        key_node, value_node = line.value[0]
        key = str(key_node.value)
        raw = yn.text(value_node, ctx.col, "result") if not yn.is_null(value_node) else ""
        split = split_game(key, names)
        # "White - Black" first: a surname lookup would take "Ann Able - Cat Cole" for Cole.
        single = names.exact.get(key.strip()) if isinstance(split, tuple) else \
            names.find(key.strip())
        if isinstance(single, int):
            code = BYE_WORDS.get((raw or "").strip().lower())
            if code is None:
                ctx.col.add(value_node if raw else key_node,
                            Message("round {r}: '{raw}' for {name} is not one of {BYE_HELP}",
                                    r=r, raw=raw, name=players[single - 1].name,
                                    BYE_HELP=BYE_HELP))
            elif seen.once(single, key_node):
                yield RoundLine(single, 0, code, raw or "", key_node, value_node)
            continue
        if isinstance(split, str):
            ctx.col.add(key_node, Message("round {r}: {split}", r=r, split=split))
            continue
        w, b = split
        if w == b:
            ctx.col.add(key_node, Message("round {r}: a player cannot play themselves", r=r))
            continue
        yield RoundLine(w, b, None, raw or "", key_node, value_node)


def parse_round_lines(items: list[yaml.Node], ctx: Ctx, r: int, names: Names,
                      players: tuple[Player, ...]) -> tuple[list[Game], list[Bye]]:
    """One round's lines when pairings are free (Swiss, knockout): games and byes.

    ``White - Black: score`` is a game (score empty = not played yet);
    ``Name: bye|half|absent|full`` is a round without a game. A player may
    appear once per round.
    """
    games: list[Game] = []
    byes: list[Bye] = []
    seen = Seen(ctx, r, players)
    for line in round_lines(items, ctx, r, names, seen,
                            "write each line as 'White - Black: 1-0' or 'Name: bye'"):
        if line.code is not None:
            byes.append(Bye(r, line.white, line.code))
            continue
        try:
            result = parse_result(line.raw)
        except ValueError:
            ctx.col.add(line.value_node,
                        Message("round {r}: result '{raw}' is not one of {RESULT_HELP}",
                                r=r, raw=line.raw, RESULT_HELP=RESULT_HELP))
            continue
        if seen.once(line.white, line.key_node) and seen.once(line.black, line.key_node):
            games.append(Game(r, line.white, line.black, result))
    return games, byes


def read_free_rounds(node: yaml.Node | None, ctx: Ctx, section_id: str,
                     players: tuple[Player, ...], total: int
                     ) -> tuple[list[RoundInfo], list[Game], list[Bye]]:
    """Rounds whose boards are as written (not from a table): dates, games and byes.

    Used by a round robin with ``schedule: as_played``; every round up to ``total``
    gets a :class:`RoundInfo`, listed or not.
    """
    names = Names(players)
    infos: list[RoundInfo] = []
    games: list[Game] = []
    byes: list[Bye] = []
    items = yn.sequence(node, ctx.col, Message("section '{section_id}' rounds",
                                               section_id=section_id))
    if len(items) > total:
        ctx.col.add(items[total], Message("section '{section_id}' has {count} round, but "
                                          "{listed} are listed",
                                          "section '{section_id}' has {count} rounds, but "
                                          "{listed} are listed",
                                          section_id=section_id, count=total, listed=len(items)))
        items = items[:total]
    for r, item in enumerate(items, start=1):
        keys = yn.mapping(item, ctx.col, Message("round {r}", r=r), ROUND_KEYS)
        infos.append(RoundInfo(r, round_date(keys.get("date"), ctx, r)))
        lines = yn.sequence(keys.get("results"), ctx.col, Message("round {r} results", r=r))
        round_games, round_byes = parse_round_lines(lines, ctx, r, names, players)
        games.extend(round_games)
        byes.extend(round_byes)
    infos.extend(RoundInfo(r) for r in range(len(infos) + 1, total + 1))
    return infos, games, byes
