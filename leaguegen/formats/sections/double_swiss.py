"""``format: double_swiss``: a Double-Swiss section (FIDE C.04.5), two games per match.

Keys beyond the common ones: ``number_of_rounds`` (matches; required),
``initial_colour`` (white | black), ``byes_requested``, ``withdrawals`` and
``pairing_order`` (as a Swiss writes them; their rounds are matches: a bye is for a
whole match, a withdrawal after match ``k`` is after game round ``2k``). Each round in
``rounds`` is a match, written as one line per pairing with the two results from the
side of the player named first (White in game 1; game 2 has the colours reversed)::

    rounds:
      - date: 2026-02-05
        results:
          - Ann Able - Bo Bell: 1-0 ½-½     # Ann 1½, Bo ½
          - Cy Cole - Di Dunn: ½-½          # game 2 not played yet
          - Ed Eng: bye                     # the pairing-allocated bye (1½), or half / absent

The section keeps the games (match ``k`` is game rounds ``2k - 1`` and ``2k``) in
quarter points (``DOUBLE_SWISS_SCORING``), so its crosstable, standings and TRF are the
games'. Checked here: a player once per match, no second match between two players
who played one ([C1]; a match forfeited whole does not count), at most one
pairing-allocated bye each.
"""

from __future__ import annotations

import dataclasses

import yaml

from leaguegen.domain.model import Code, Colour, Crosstable
from leaguegen.domain.pairing.double_swiss_event import DOUBLE_SWISS_SCORING, for_tiebreaks
from leaguegen.domain.season import Bye, Game, GameResult, RoundInfo, Section, Withdrawal
from leaguegen.domain.sections import double_swiss as ds
from leaguegen.errors import Message
from leaguegen.formats import double_swiss_trf, trf
from leaguegen.formats import yaml_nodes as yn
from leaguegen.formats.players import Names
from leaguegen.formats.results import RESULT_HELP, parse_result
from leaguegen.formats.rounds import Seen, read_withdrawals, round_date, round_lines
from leaguegen.formats.section_formats import FormatParser
from leaguegen.formats.sections.swiss import _placements as read_placements
from leaguegen.formats.sections.swiss import _requests as read_requests
from leaguegen.formats.sections.swiss import number_of_rounds
from leaguegen.formats.yaml_nodes import Ctx

KEYS = ("number_of_rounds", "initial_colour", "byes_requested", "pairing_order")
ROUND_KEYS = ("date", "results")
COLOURS = {"white": Colour.WHITE, "black": Colour.BLACK}
_FORFEITS = (GameResult.WHITE_FORFEIT_WIN, GameResult.BLACK_FORFEIT_WIN,
             GameResult.DOUBLE_FORFEIT)
LINE_HELP = "write each line as 'First - Second: 1-0 ½-½' or 'Name: bye'"


def _results(raw: str) -> tuple[GameResult | None, GameResult | None]:
    """'1-0 ½-½' (or '1-0, ½-½'): the two games from the first-named player's side;
    ValueError naming the part that is not a result."""
    parts = [p for p in raw.replace(",", " ").split() if p]
    if len(parts) > 2:
        raise ValueError(raw)
    got = [parse_result(p) for p in parts] + [None] * (2 - len(parts))
    return got[0], got[1]


def _forfeited(first: GameResult | None, second: GameResult | None) -> bool:
    """Preface: a match is forfeited only when a player forfeits both games (same side)."""
    return first in _FORFEITS and first is second


def _match_lines(items: list[yaml.Node], ctx: Ctx, k: int, names: Names,
                 base: Section) -> tuple[list[Game], list[Bye], list[tuple]]:
    games: list[Game] = []
    byes: list[Bye] = []
    pairs: list[tuple] = []  # (frozenset of the two, forfeited, key node)
    seen = Seen(ctx, k, base.players)
    for line in round_lines(items, ctx, k, names, seen, LINE_HELP):
        if line.code is not None:  # a bye is for the match: both its games
            byes += [Bye(2 * k - 1, line.white, line.code), Bye(2 * k, line.white, line.code)]
            continue
        try:
            first, second = _results(line.raw)
        except ValueError:
            ctx.col.add(line.value_node, Message("round {k}: '{raw}' is not two results (each "
                                                 "one of {RESULT_HELP}), like '1-0 ½-½'",
                                                 k=k, raw=line.raw, RESULT_HELP=RESULT_HELP))
            continue
        white, black = line.white, line.black
        if seen.once(white, line.key_node) and seen.once(black, line.key_node):
            games += ds.match_games(k, white, black, first, second)
            pairs.append((frozenset((white, black)), _forfeited(first, second), line.key_node))
    return games, byes, pairs


def parse(keys: dict[str, yaml.Node], ctx: Ctx, base: Section) -> Section | None:
    sid = base.id
    total = number_of_rounds(keys, ctx, base, Message(
        "section '{sid}' (double_swiss) needs number_of_rounds", sid=sid))
    colour_node = keys.get("initial_colour")
    colour = (yn.text(colour_node, ctx.col, "initial_colour") or "white").lower()
    if colour not in COLOURS:
        ctx.col.add(colour_node, Message("initial_colour '{colour}' is not one of white, black",
                                         colour=colour))
        colour = "white"
    names = Names(base.players)
    items = yn.sequence(keys.get("rounds"), ctx.col, Message("section '{sid}' rounds", sid=sid))
    if total is not None and len(items) > total:
        ctx.col.add(items[total], Message("section '{sid}' has number_of_rounds {total}, but "
                                          "{count} rounds are listed",
                                          sid=sid, total=total, count=len(items)))
        items = items[:total]
    infos: list[RoundInfo] = []
    games: list[Game] = []
    byes: list[Bye] = []
    met: dict[frozenset[int], int] = {}
    had_bye: dict[int, int] = {}
    for k, item in enumerate(items, start=1):
        round_keys = yn.mapping(item, ctx.col, Message("round {k}", k=k), ROUND_KEYS)
        date = round_date(round_keys.get("date"), ctx, k)
        infos += [RoundInfo(2 * k - 1, date), RoundInfo(2 * k, date)]
        lines = yn.sequence(round_keys.get("results"), ctx.col, Message("round {k} results",
                                                                        k=k))
        if not lines:
            ctx.col.add(item, Message("round {k} has no matches; a round is listed once it is "
                                      "paired",
                                      k=k))
        got, got_byes, pairs = _match_lines(lines, ctx, k, names, base)
        games += got
        byes += got_byes
        for pair, forfeited, node in pairs:
            if pair in met:
                a, b = sorted(pair)
                ctx.col.add(node, Message("round {k}: {name} and {name2} already played a match "
                                          "in round {met} (C.04.5 [C1])",
                                          k=k, name=base.players[a - 1].name,
                                          name2=base.players[b - 1].name, met=met[pair]))
            elif not forfeited:
                met[pair] = k
        for bye in got_byes[::2]:
            if bye.code is not Code.PAIRING_BYE:
                continue
            if bye.player in had_bye:
                ctx.col.add(item, Message("round {k}: {name} already had the pairing-allocated "
                                          "bye in round {had_bye} (C.04.5 [C2])",
                                          k=k, name=base.players[bye.player - 1].name,
                                          had_bye=had_bye[bye.player]))
            had_bye[bye.player] = k
    # the requests and withdrawals count matches: read them against the matches' first games
    by_match = [dataclasses.replace(g, round=(g.round + 1) // 2) for g in games
                if g.round % 2 == 1]
    match_byes = [dataclasses.replace(b, round=(b.round + 1) // 2) for b in byes
                  if b.round % 2 == 1]
    requests = read_requests(keys.get("byes_requested"), ctx, names, base, total, by_match,
                             match_byes)
    gone = read_withdrawals(keys.get("withdrawals"), ctx, base.players,
                            total or max(len(items), 1), by_match)
    if total is None:
        return None
    for k in range(len(items) + 1, total + 1):
        infos += [RoundInfo(2 * k - 1, None), RoundInfo(2 * k, None)]
    placements = read_placements(keys.get("pairing_order"), ctx, names, base)
    details = ds.DoubleSwissDetails(total, COLOURS[colour], tuple(requests),
                                    tuple(placements))
    withdrawals = tuple(Withdrawal(w.player, 2 * w.after_round) for w in gone)
    return dataclasses.replace(base, rounds=tuple(infos), games=tuple(games), byes=tuple(byes),
                               withdrawals=withdrawals, details=details,
                               scoring=DOUBLE_SWISS_SCORING)


def trf_extras(doc: trf.TrfDocument, section: Section, table: Crosstable) -> None:
    """TRF-2026 for a Double-Swiss: the initial colour, the scoring with the PAB's ¾ a
    block, and ``192 FIDE_DOUBLESWISS`` (``formats/double_swiss_trf.py``)."""
    colour = ds.details(section).initial_colour
    doc.initial_colour = colour
    doc.headers += [("152", "W" if colour is Colour.WHITE else "B"),
                    ("162", double_swiss_trf.SCORING_RECORD),
                    ("192", double_swiss_trf.TYPE_CODE)]
    # a single forfeited game of a played match is a game, not rated: W / L (preface)
    played = {rec.number: rec.rounds for rec in for_tiebreaks(table).records}
    doc.players = [dataclasses.replace(p, rounds=tuple(
        None if e is None else played[p.number][i] for i, e in enumerate(p.rounds)))
        for p in doc.players]


READER = FormatParser(ds.FORMAT, KEYS, parse, trf_extras=trf_extras)
