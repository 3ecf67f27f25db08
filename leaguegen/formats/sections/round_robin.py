"""``format: round_robin`` and ``double_round_robin`` in season files: the FIDE Berger
tables, or rounds as played.

Keys beyond the common ones (see docs/season-format.md):

* ``schedule``: ``berger`` (default: the FIDE table decides who meets whom in each
  round) or ``as_played`` (the rounds as written, e.g. imported from another program);
* ``late_entries``: a player entered after the draw, taking the free number of an odd
  field so nobody else's number moves (one at most).

Results are one list per round, ``White - Black: score``; each game must be on the
table for that round (``formats.rounds``). Round robins of more than
``ROUND_ROBIN_MAX`` players are refused before their table is built.
"""

from __future__ import annotations

from dataclasses import replace

import yaml

from leaguegen.domain.model import Player
from leaguegen.domain.schedule import berger
from leaguegen.domain.season import Bye, Game, Section
from leaguegen.domain.sections.round_robin import RoundRobinDetails
from leaguegen.errors import Message
from leaguegen.formats.options import read_choice
from leaguegen.formats.players import read_late_entries
from leaguegen.formats.rounds import read_free_rounds, read_round_robin_rounds, read_withdrawals
from leaguegen.formats.section_formats import FormatParser
from leaguegen.formats.yaml_nodes import Ctx

KEYS = ("schedule", "late_entries")
SCHEDULES = ("berger", "as_played")  # a round robin's boards: the FIDE table, or as written
# FIDE's Berger tables go to 30 players and real closed events to about 24; past the limit a
# schedule would be larger than any event and is refused before it is built.
ROUND_ROBIN_WARN = 30
ROUND_ROBIN_MAX = 100


def _rounds(n: int) -> Message:
    """A round robin of ``n`` players' rounds, ``21 rounds``: the noun in the number's form."""
    return Message("{count} round", "{count} rounds", count=n - 1 + n % 2)


def fits(n: int, node: yaml.Node | None, ctx: Ctx, sid: str) -> bool:
    """Whether a round robin of ``n`` players is played (a warning past FIDE's tables)."""
    if n > ROUND_ROBIN_MAX:
        ctx.col.add(node, Message("section '{sid}' is a round robin of {count} player "
                                  "({rounds}); leaguegen plays round robins of up to "
                                  "{ROUND_ROBIN_MAX} players: use a Swiss, quads or rating "
                                  "groups",
                                  "section '{sid}' is a round robin of {count} players "
                                  "({rounds}); leaguegen plays round robins of up to "
                                  "{ROUND_ROBIN_MAX} players: use a Swiss, quads or rating "
                                  "groups", sid=sid, count=n, rounds=_rounds(n),
                                  ROUND_ROBIN_MAX=ROUND_ROBIN_MAX))
        return False
    if n > ROUND_ROBIN_WARN:
        ctx.col.warn(node, Message("section '{sid}' is a round robin of {count} player "
                                   "({rounds}); FIDE's tables stop at {ROUND_ROBIN_WARN}, and a "
                                   "Swiss suits a field this size",
                                   "section '{sid}' is a round robin of {count} players "
                                   "({rounds}); FIDE's tables stop at {ROUND_ROBIN_WARN}, and a "
                                   "Swiss suits a field this size", sid=sid, count=n,
                                   rounds=_rounds(n),
                                   ROUND_ROBIN_WARN=ROUND_ROBIN_WARN))
    return True


def meetings(games: list[Game], node: yaml.Node | None, ctx: Ctx,
             players: tuple[Player, ...], cycles: int) -> None:
    """In rounds as written, two players meet at most once per cycle."""
    seen: dict[frozenset[int], int] = {}
    for g in games:
        pair = frozenset((g.white, g.black))
        seen[pair] = seen.get(pair, 0) + 1
        if seen[pair] == cycles + 1:
            ctx.col.add(node, Message("{name} and {name2} meet {times} (round {round}); a "
                                      "round robin has {count} meeting per pair",
                                      "{name} and {name2} meet {times} (round {round}); a "
                                      "round robin has {count} meetings per pair",
                                      name=players[g.white - 1].name,
                                      name2=players[g.black - 1].name,
                                      times=Message("{count} time", "{count} times",
                                                    count=cycles + 1),
                                      round=g.round, count=cycles))


def parse(keys: dict[str, yaml.Node], ctx: Ctx, base: Section) -> Section | None:
    """The round robin's late entry, rounds (on its table, or as written) and
    withdrawals, on ``base`` (its drawn players in number order)."""
    sid, drawn = base.id, base.players
    if not fits(len(drawn), keys.get("players"), ctx, sid):
        return None
    late = read_late_entries(keys.get("late_entries"), ctx, {p.name for p in drawn})
    if late and (len(drawn) % 2 == 0 or len(late) > 1):
        ctx.col.add(keys["late_entries"], Message(
            "a late entry joins a round robin only by taking the free number of an odd field;"
            " section '{sid}' has {drawn} players drawn and {count} late entry",
            "a late entry joins a round robin only by taking the free number of an odd field;"
            " section '{sid}' has {drawn} players drawn and {count} late entries",
            sid=sid, drawn=len(drawn), count=len(late)))
        late = []
    players = tuple(drawn) + tuple(late)  # the late entry takes the phantom's number
    double = base.format == "double_round_robin"
    before = len(ctx.col.problems)
    how = read_choice(keys.get("schedule"), ctx, "schedule", SCHEDULES, "berger")
    byes: list[Bye] = []
    details = None
    if how == "as_played":
        total = (berger.table_size(len(players)) - 1) * (2 if double else 1)
        infos, games, byes = read_free_rounds(keys.get("rounds"), ctx, sid, players, total)
        meetings(games, keys.get("rounds"), ctx, players, 2 if double else 1)
        details = RoundRobinDetails(as_played=True)
    else:
        schedule = berger.schedule(len(players), double, base.swap_last_two)
        infos, games = read_round_robin_rounds(keys.get("rounds"), ctx, sid, players, schedule)
        total = len(schedule)
    if base.seeding != "list" and any("are not paired in this round" in p.message
                                      for p in ctx.col.problems[before:]):
        ctx.col.add(keys.get("seeding"), Message("the pairing numbers come from seeding: "
                                                 "{seeding} over the {count} player listed, so "
                                                 "adding a player or changing a rating after "
                                                 "the draw moves them; list a player entered "
                                                 "after the draw under late_entries, and keep "
                                                 "the drawn order with seeding: list",
                                                 "the pairing numbers come from seeding: "
                                                 "{seeding} over the {count} players listed, so "
                                                 "adding a player or changing a rating after "
                                                 "the draw moves them; list a player entered "
                                                 "after the draw under late_entries, and keep "
                                                 "the drawn order with seeding: list",
                                                 seeding=base.seeding, count=len(drawn)))
    withdrawals = read_withdrawals(keys.get("withdrawals"), ctx, players, total, games)
    return replace(base, players=players, rounds=tuple(infos), games=tuple(games),
                   withdrawals=tuple(withdrawals), byes=tuple(byes), details=details)


READER = FormatParser("round_robin", KEYS, parse)
