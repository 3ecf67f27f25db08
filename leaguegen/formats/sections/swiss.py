"""``format: swiss``: a Swiss section, paired round by round (``leaguegen pair``).

Keys beyond the common ones (documented in docs/season-format.md, "Swiss sections"):
``number_of_rounds`` (required), ``pairing`` (a registered system), ``acceleration``
(none | baku), ``initial_colour`` (white | black), ``byes_requested``, ``pab_score``
(win | draw | zero), ``avoid`` (pairs of names), ``keep_apart`` (club | federation),
``pairing_order`` (late entries placed in the initial order: ``{player: X, before: Y}``,
written by ``enter``; the players' numbers stay their identities).
Rounds are free pairings read with ``parse_round_lines``; a round listed in ``rounds``
is a paired round and must have games, may carry ``pair``'s ``paired_by`` marker, and
is checked against C.04.1 (``domain/pairing/legality.py``): an error at the line for
what FIDE never allows, a warning for what it allows only as an exception.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import yaml

from leaguegen.domain.model import Code, Colour, Crosstable
from leaguegen.domain.pairing import get_system, system_names
from leaguegen.domain.pairing.legality import Rule, check_round
from leaguegen.domain.season import Bye, Game, GameResult, RoundInfo, Section
from leaguegen.domain.sections import swiss as ss
from leaguegen.domain.sections.swiss import (
    ACCELERATIONS,
    KEEP_APART,
    REQUEST_KINDS,
    ByeRequest,
    SwissSettings,
)
from leaguegen.domain.sections.swiss_record import Origin, PairedBy, RoundMark
from leaguegen.errors import Message
from leaguegen.formats import trf
from leaguegen.formats import yaml_nodes as yn
from leaguegen.formats.options import read_award
from leaguegen.formats.pairing_records import load_records
from leaguegen.formats.players import Names
from leaguegen.formats.rounds import (
    parse_round_lines,
    read_withdrawals,
    round_date,
    split_game,
    undated_played,
)
from leaguegen.formats.section_formats import FormatParser
from leaguegen.formats.yaml_nodes import Ctx

KEYS = ("number_of_rounds", "pairing", "acceleration", "initial_colour", "byes_requested",
        "pab_score", "avoid", "keep_apart", "pairing_order")
PLACEMENT_KEYS = ("player", "before")
ROUND_KEYS = ("date", "results", "paired_by")
REQUEST_KEYS = ("player", "round", "bye", "reason")
COLOURS = {"white": Colour.WHITE, "black": Colour.BLACK}
_NOT_PLAYED = (None, GameResult.WHITE_FORFEIT_WIN, GameResult.BLACK_FORFEIT_WIN,
               GameResult.DOUBLE_FORFEIT)


def _choice(node: yaml.Node | None, ctx: Ctx, what: str, choices: tuple[str, ...],
            default: str) -> str:
    raw = yn.text(node, ctx.col, what)
    if raw is None:
        return default
    if raw.lower() not in choices:
        ctx.col.add(node, Message("{what} '{raw}' is not one of {choices}{suggestion}",
                                  what=what, raw=raw, choices=', '.join(choices),
                                  suggestion=yn.suggestion(raw.lower(), choices)))
        return default
    return raw.lower()


def _rounds(node: yaml.Node | None, ctx: Ctx, sid: str, names: Names, base: Section,
            total: int | None
            ) -> tuple[list[RoundInfo], list[Game], list[Bye], dict[int, PairedBy]]:
    infos: list[RoundInfo] = []
    games: list[Game] = []
    byes: list[Bye] = []
    marks: dict[int, PairedBy] = {}
    items = yn.sequence(node, ctx.col, Message("section '{sid}' rounds", sid=sid))
    if total is not None and len(items) > total:
        ctx.col.add(items[total], Message("section '{sid}' has number_of_rounds {total}, but "
                                          "{count} rounds are listed",
                                          sid=sid, total=total, count=len(items)))
        items = items[:total]
    for r, item in enumerate(items, start=1):
        keys = yn.mapping(item, ctx.col, Message("round {r}", r=r), ROUND_KEYS)
        date = round_date(keys.get("date"), ctx, r)
        infos.append(RoundInfo(r, date))
        marker = yn.text(keys.get("paired_by"), ctx.col, Message("round {r} paired_by", r=r))
        if marker is not None:
            try:
                marks[r] = PairedBy.parse(marker, system_names())
            except ValueError as exc:
                ctx.col.add(keys["paired_by"], Message("round {r}: {exc}", r=r, exc=exc))
        lines = yn.sequence(keys.get("results"), ctx.col, Message("round {r} results", r=r))
        round_games, round_byes = parse_round_lines(lines, ctx, r, names, base.players)
        if not round_games and lines and not any(
                b.code is Code.PAIRING_BYE for b in round_byes) and round_byes:
            ctx.col.add(item, Message("round {r} has byes but no games; byes asked for before a "
                                      "round is paired go under byes_requested",
                                      r=r))
        elif not lines:
            ctx.col.add(item, Message("round {r} has no games; a round is listed once it is "
                                      "paired (leaguegen pair adds it)",
                                      r=r))
        games.extend(round_games)
        byes.extend(round_byes)
        undated_played(item, ctx, sid, r, date, round_games)
    return infos, games, byes, marks


def _rematches(games: list[Game], ctx: Ctx, base: Section,
               lines: dict[tuple[int, frozenset[int]], list]) -> None:
    """No two players meet twice over the board (a forfeit is not a meeting)."""
    met: dict[frozenset[int], Game] = {}
    for g in games:
        if g.result in _NOT_PLAYED[1:]:
            continue
        pair = frozenset((g.white, g.black))
        if pair in met:
            first = met[pair]
            where = lines.get((g.round, pair), [None])[0]
            ctx.col.add(where, Message("round {round}: {name} and {name2} already met in round "
                                       "{round2}",
                                       round=g.round, name=base.players[g.white - 1].name,
                                       name2=base.players[g.black - 1].name, round2=first.round))
            continue
        met[pair] = g


def _requests(node: yaml.Node | None, ctx: Ctx, names: Names, base: Section, total: int | None,
              games: list[Game], byes: list[Bye]) -> list[ByeRequest]:
    out: list[ByeRequest] = []
    seen: set[tuple[int, int]] = set()
    kinds = tuple(dict.fromkeys(REQUEST_KINDS))
    for item in yn.sequence(node, ctx.col, "byes_requested"):
        keys = yn.mapping(item, ctx.col, "byes_requested entry", REQUEST_KEYS,
                          required=("player", "round"))
        who = yn.text(keys.get("player"), ctx.col, "byes_requested player")
        r = yn.integer(keys.get("round"), ctx.col, "byes_requested round", minimum=1)
        kind = _choice(keys.get("bye"), ctx, "bye", kinds, "half")
        yn.text(keys.get("reason"), ctx.col, "reason")
        if who is None or r is None:
            continue
        found = names.number(who, keys["player"], ctx, "byes_requested")
        if found is None:
            continue
        name = base.players[found - 1].name
        if total is not None and r > total:
            ctx.col.add(keys["round"], Message("byes_requested: round {r} is beyond the last "
                                               "round ({total})",
                                               r=r, total=total))
            continue
        if (found, r) in seen:
            ctx.col.add(item, Message("byes_requested: {name} asks for round {r} twice",
                                      name=name, r=r))
            continue
        seen.add((found, r))
        opponent = next((g for g in games if g.round == r and found in (g.white, g.black)), None)
        if opponent is not None:
            ctx.col.add(item, Message("byes_requested: {name} asked for a bye in round {r} but "
                                      "is paired in it; remove the request or the game",
                                      name=name, r=r))
            continue
        if any(b.round == r and b.player == found and b.code is Code.PAIRING_BYE for b in byes):
            ctx.col.add(item, Message("byes_requested: {name} asked for a bye in round {r} but "
                                      "has the pairing-allocated bye in it",
                                      name=name, r=r))
            continue
        out.append(ByeRequest(found, r, REQUEST_KINDS[kind]))
    return out



def number_of_rounds(keys: dict[str, yaml.Node], ctx: Ctx, base: Section, needs: Message
                     ) -> int | None:
    """The section's ``number_of_rounds`` (a Swiss's or a Double Swiss's); None, with the
    problem said, when it is missing (``needs``) or when the players are too few for that
    many rounds: such a count is refused, never laid out (a 32-digit count hung here)."""
    total = yn.integer(keys.get("number_of_rounds"), ctx.col, "number_of_rounds", minimum=1)
    if "number_of_rounds" not in keys:
        ctx.col.add(keys.get("format"), needs)
    elif total is not None and total >= len(base.players):
        ctx.col.add(keys["number_of_rounds"], Message("number_of_rounds {total} needs at least "
                                                      "{count} player, section '{sid}' has "
                                                      "{entrants}", "number_of_rounds {total}"
                                                      " needs at least {count} players, section"
                                                      " '{sid}' has {entrants}",
                                                      total=total, count=total + 1, sid=base.id,
                                                      entrants=len(base.players)))
        return None
    return total

def parse(keys: dict[str, yaml.Node], ctx: Ctx, base: Section) -> Section | None:
    sid = base.id
    total = number_of_rounds(keys, ctx, base, Message(
        "section '{sid}' (swiss) needs number_of_rounds", sid=sid))
    node = keys.get("pairing")
    if isinstance(node, yaml.ScalarNode) and str(node.value).lower() == "double-swiss":
        # its rounds are two-game matches: a section kind of its own
        ctx.col.add(node, Message("pairing 'double-swiss' pairs two-game matches: write format: "
                                  "double_swiss for the section instead"))
        pairing = "dutch"
    else:
        pairing = _choice(node, ctx, "pairing",
                          tuple(n for n in system_names() if n != "double-swiss"), "dutch")
    acceleration = _choice(keys.get("acceleration"), ctx, "acceleration", ACCELERATIONS, "none")
    colour = _choice(keys.get("initial_colour"), ctx, "initial_colour", tuple(COLOURS), "white")
    names = Names(base.players)
    infos, games, byes, markers = _rounds(keys.get("rounds"), ctx, sid, names, base, total)
    line_nodes = _line_nodes(keys.get("rounds"), names)
    _rematches(games, ctx, base, line_nodes)
    pab = read_award(keys.get("pab_score"), ctx, "pab_score", base.scoring,
                     base.scoring.pairing_bye)
    keep_apart = _choice(keys.get("keep_apart"), ctx, "keep_apart", KEEP_APART, "none")
    avoid = _avoid(keys.get("avoid"), ctx, names, base)
    placements = _placements(keys.get("pairing_order"), ctx, names, base)
    rounds_total = total or max(len(infos), 1)
    withdrawals = read_withdrawals(keys.get("withdrawals"), ctx, base.players, rounds_total,
                                    games)
    requests = _requests(keys.get("byes_requested"), ctx, names, base, total, games, byes)
    if total is None:
        return None
    for r in range(len(infos) + 1, total + 1):
        infos.append(RoundInfo(r, None))
    records, unreadable = load_records(ctx.root, sid, system_names())
    for text in unreadable:
        ctx.col.warn(keys.get("format"), text)
    marks = tuple(RoundMark(r, markers.get(r), _record_for(records.get(r), markers.get(r)))
                  for r in sorted(set(markers) | set(records)) if r <= len(infos))
    details = SwissSettings(number_of_rounds=total, pairing=pairing, acceleration=acceleration,
                            initial_colour=COLOURS[colour], requests=tuple(requests),
                            avoid=tuple(avoid), keep_apart=keep_apart, marks=marks,
                            placements=tuple(placements))
    scoring = dataclasses.replace(base.scoring, pairing_bye=pab)
    section = dataclasses.replace(base, rounds=tuple(infos), games=tuple(games),
                                  byes=tuple(byes), withdrawals=tuple(withdrawals),
                                  details=details, scoring=scoring)
    _legality(section, ctx, keys.get("rounds"), line_nodes)
    return section


def _record_for(record, marker: PairedBy | None):  # noqa: ANN001, ANN202 - PairingRecord
    """A record is used only beside the marker it was written with (same fingerprint), or
    for a round whose marker is gone (edited): there it says what the engine had made."""
    if record is None:
        return None
    if marker is not None and marker.fingerprint != record.paired_by.fingerprint:
        return None  # paired again by hand-copying another marker: nothing to trust
    return record


def _avoid(node: yaml.Node | None, ctx: Ctx, names: Names,
           base: Section) -> list[tuple[int, int]]:
    """``avoid: [[Ann Able, Bo Bell], ...]``: pairs of players never to be paired."""
    out: list[tuple[int, int]] = []
    for item in yn.sequence(node, ctx.col, "avoid"):
        pair = yn.sequence(item, ctx.col, "avoid entry")
        if len(pair) != 2:
            if isinstance(item, yaml.SequenceNode):
                ctx.col.add(item, Message("avoid: each entry is a pair of two player names, "
                                          "like [Ann Able, Bo Bell]"))
            continue
        found = []
        for who_node in pair:
            who = yn.text(who_node, ctx.col, "avoid player")
            if who is None:
                continue
            number = names.number(who, who_node, ctx, "avoid")
            if number is None:
                continue
            found.append(number)
        if len(found) == 2 and found[0] == found[1]:
            ctx.col.add(item, Message("avoid: {name} is named twice",
                                      name=base.players[found[0] - 1].name))
        elif len(found) == 2:
            out.append((found[0], found[1]))
    return out


def _placements(node: yaml.Node | None, ctx: Ctx, names: Names,
                base: Section) -> list[tuple[int, int]]:
    """``pairing_order: [{player: Late Entrant, before: Ann Able}, ...]``: a late entry's
    place in the pairing (TPN) order (C.04.2 art. 2.4), applied in turn."""
    out: list[tuple[int, int]] = []
    placed: set[int] = set()
    for item in yn.sequence(node, ctx.col, "pairing_order"):
        keys = yn.mapping(item, ctx.col, "pairing_order entry", PLACEMENT_KEYS,
                          required=PLACEMENT_KEYS)
        found = []
        for key in PLACEMENT_KEYS:
            who = yn.text(keys.get(key), ctx.col, Message("pairing_order {key}", key=key))
            number = None if who is None else names.number(who, keys[key], ctx,
                                                           "pairing_order")
            found.append(number)
        player, before = found
        if player is None or before is None:
            continue
        if player == before:
            ctx.col.add(item, Message("pairing_order: {name} is placed before themselves",
                                      name=base.players[player - 1].name))
        elif player in placed:
            ctx.col.add(item, Message("pairing_order: {name} is placed twice",
                                      name=base.players[player - 1].name))
        else:
            placed.add(player)
            out.append((player, before))
    return out


def _legality(section: Section, ctx: Ctx, rounds_node: yaml.Node | None,
              line_nodes: dict[tuple[int, frozenset[int]], list]) -> None:
    """Each paired round against C.04.1 from the rounds before it (legality.py): errors
    at the game's line (the round's for the bye), warnings where FIDE allows it.

    Only a pairing that can still be changed is an error: a game with a result (and a
    bye in a round that has begun) was played as paired, so what is wrong with it is a
    warning (an imported event, a paper pairing typed in afterwards).
    A round that is the engine's own (its marker matches) is never an error and reports
    no exception FIDE allows: the engine chose it by its system's criteria, and an avoid
    pair it gave up is in its record. What remains there can only come from a result
    corrected later (a game turned into a forfeit stops counting for colours) or from
    a system's own reading of a rule (Burstein's PAB after a full-point bye): a warning.
    """
    items = rounds_node.value if isinstance(rounds_node, yaml.SequenceNode) else []
    avoid = ss.avoided_pairs(section)
    exception = get_system(ss.settings(section).pairing).colour_exception
    for r in range(1, ss.paired_rounds(section) + 1):
        games = ss.games_of_round(section, r)
        if not games:
            continue
        stored = ss.stored_pairing(section, r)
        pabs = [b.player for b in section.byes if b.round == r and b.code is Code.PAIRING_BYE]
        engine = ss.origin(section, r) is Origin.ENGINE
        state = ss.pairing_state(section, r)
        for v in check_round(state, stored.boards, pabs, complete=False, avoid=avoid,
                              exception=exception):
            if v.rule is Rule.REPEAT or (v.allowed and engine):  # repeats: _rematches
                continue
            if v.board is not None:
                g = games[v.board - 1]
                where = line_nodes.get((r, frozenset((g.white, g.black))), [None])[0]
                played = g.result is not None
            else:
                where = items[r - 1] if r - 1 < len(items) else rounds_node
                played = any(g.result is not None for g in games)
            text = f"round {r}: {v.words(lambda n: section.players[n - 1].name)}"
            if v.allowed or engine or played:
                ctx.col.warn(where, text)
            else:
                ctx.col.add(where, text)


def _line_nodes(node: yaml.Node | None, names: Names) -> dict[tuple[int, frozenset[int]], list]:
    """Each game line's key node by (round, players), for error positions."""
    out: dict[tuple[int, frozenset[int]], list] = {}
    if not isinstance(node, yaml.SequenceNode):
        return out
    for r, item in enumerate(node.value, start=1):
        if not isinstance(item, yaml.MappingNode):
            continue
        for k, v in item.value:
            if getattr(k, "value", None) != "results" or not isinstance(v, yaml.SequenceNode):
                continue
            for line in v.value:
                if isinstance(line, yaml.MappingNode) and len(line.value) == 1:
                    key = line.value[0][0]
                    split = split_game(str(key.value), names)
                    if not isinstance(split, str):
                        out.setdefault((r, frozenset(split)), []).append(key)
    return out


def scoring_record(section: Section) -> str | None:
    """TRF-2026 record 162 (text after the code) when the PAB is not worth a win
    (``pab_score``): code at columns 6, 15, 24, ..., points in the four after it."""
    sc = section.scoring
    if sc.pairing_bye == sc.win:
        return None
    values = (("W", sc.win), ("D", sc.draw), ("L", sc.loss), ("P", sc.pairing_bye))
    return " " + "".join(f"{code}{float(sc.value(v)):>4.1f}    " for code, v in values).rstrip()


def trf_extras(doc: trf.TrfDocument, section: Section, table: Crosstable) -> None:
    """What a pairing program needs to pair the next round as ``leaguegen pair`` would:
    ``XXC`` first colour, ``162`` scoring, ``XXA`` Baku points, ``XXZ`` absentees."""
    s = ss.settings(section)
    doc.initial_colour = s.initial_colour
    record = scoring_record(section)
    if record is not None:
        doc.headers.append(("162", record))
    if s.acceleration == "baku":
        accel = ss.baku_points(section)
        unit = section.scoring.unit
        doc.acceleration = {n: tuple(Fraction(v) * unit for v in values)
                            for n, values in accel.items()}
    done = ss.paired_rounds(section)
    if done < s.number_of_rounds and not (done and ss.unfinished_games(section, done)):
        # only once the next round can be paired: until then it is not the next one
        doc.absent_next = tuple(sorted(ss.absent_for(section, done + 1)))


READER = FormatParser("swiss", KEYS, parse, trf_extras=trf_extras)
