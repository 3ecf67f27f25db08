"""Season folders: ``season.yaml`` (+ optional section files and ``news/*.md``) to a Season.

Every problem is collected with its file:line:col before anything fails, so
an organiser fixes a whole file in one pass. The file format is documented in
``docs/season-format.md``; the keys allowed here are the single source of it.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import random
import re
import unicodedata
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

import yaml

from leaguegen.domain.model import Code, Player, Scoring
from leaguegen.domain.schedule import berger, varma
from leaguegen.domain.season import (
    Bye,
    Game,
    GameResult,
    RoundInfo,
    Season,
    Section,
    Withdrawal,
)
from leaguegen.domain.stages import PendingStage, StageInfo, StageSource
from leaguegen.errors import InputError, Problem
from leaguegen.formats import files, stage_sources
from leaguegen.formats import yaml_nodes as yn
from leaguegen.formats.news import markdown_problems, read_news
from leaguegen.formats.section_formats import FORMAT_PARSERS

SEASON_FILE = "season.yaml"
RR_FORMATS = ("round_robin", "double_round_robin")
FORMATS = RR_FORMATS  # the built-in ones; see formats() for every registered format
SEASON_KEYS = ("name", "organiser", "venue", "time_control", "scoring", "language",
               "languages", "digits", "description", "sections", "free_round_score",
               "tiebreaks")
# Page languages with a translation catalogue (site_template/locale/); aliases map to them.
LANGUAGES = ("en", "ru", "zh_Hans", "ar")
LANGUAGE_ALIASES = {"zh": "zh_Hans", "zh-hans": "zh_Hans", "zh_hans": "zh_Hans",
                    "zh-cn": "zh_Hans", "zh_cn": "zh_Hans"}
DIGITS = ("western", "arabic-indic")
SECTION_KEYS = ("id", "name", "format", "description", "players", "seeding", "seed", "rounds",
                "withdrawals", "tiebreaks", "tiebreak_rules", "free_round_score",
                "swap_last_two_rounds", "withdrawal_threshold", "scoring", "varma_by")
PLAYER_KEYS = ("name", "rating", "federation", "title", "fide_id", "sex", "birth", "club")
ROUND_KEYS = ("date", "results")
WITHDRAWAL_KEYS = ("player", "after_round", "reason")
SCORING_KEYS = ("win", "draw", "loss", "forfeit_win", "forfeit_loss")
SEEDINGS = ("list", "rating", "lots", "varma")
TITLES = ("GM", "IM", "FM", "CM", "WGM", "WIM", "WFM", "WCM")
KNOWN_TIEBREAKS = ("DE", "SB", "WIN", "WON", "KS", "BH", "BPG", "BWG", "PS", "REP", "GE", "ARO",
                   "TPR", "PTP", "APRO", "APPO", "AOB", "FB", "RTNG", "STD", "TPN", "PTS")
ID_PATTERN = re.compile(r"^[a-z0-9][a-z0-9-]{0,63}$")
# Windows refuses these as file or folder names, with any extension.
RESERVED_NAMES = frozenset({"con", "prn", "aux", "nul", "assets"}
                           | {f"{d}{i}" for d in ("com", "lpt") for i in range(1, 10)})

_RESULTS = {
    "1-0": GameResult.WHITE_WINS, "1:0": GameResult.WHITE_WINS,
    "0-1": GameResult.BLACK_WINS, "0:1": GameResult.BLACK_WINS,
    "½-½": GameResult.DRAW, "1/2-1/2": GameResult.DRAW, "0.5-0.5": GameResult.DRAW,
    "½:½": GameResult.DRAW, "=": GameResult.DRAW, "draw": GameResult.DRAW,
    "+-": GameResult.WHITE_FORFEIT_WIN, "+:-": GameResult.WHITE_FORFEIT_WIN,
    "-+": GameResult.BLACK_FORFEIT_WIN, "-:+": GameResult.BLACK_FORFEIT_WIN,
    "--": GameResult.DOUBLE_FORFEIT, "-:-": GameResult.DOUBLE_FORFEIT,
}
_PENDING = ("", "?", "pending", "postponed", "adjourned")
RESULT_HELP = "1-0, 0-1, ½-½ (or 1/2-1/2), +- or -+ (forfeit), -- (double forfeit)"


def parse_result(raw: str) -> GameResult | None:
    """A score as organisers type it; raises ValueError for anything else."""
    norm = raw.strip().replace("–", "-").replace("—", "-").replace(" ", "").lower()
    if norm in _PENDING:
        return None
    if norm in _RESULTS:
        return _RESULTS[norm]
    raise ValueError(raw)


@dataclass
class _Ctx:
    """Where we are: the collector of the file being read and the season folder."""

    col: yn.Collector
    root: Path


def _points(node: yaml.Node | None, ctx: _Ctx, what: str) -> Fraction | None:
    raw = yn.text(node, ctx.col, what)
    if raw is None:
        return None
    try:
        value = Fraction(raw.replace("½", "1/2"))
    except (ValueError, ZeroDivisionError):
        ctx.col.add(node, f"{what} must be a number such as 1, 0.5 or 3, not '{raw}'")
        return None
    if value < 0:
        ctx.col.add(node, f"{what} cannot be negative")
        return None
    return value


def _scoring(node: yaml.Node | None, ctx: _Ctx, base: Scoring) -> Scoring:
    if yn.is_null(node):
        return base
    keys = yn.mapping(node, ctx.col, "scoring", SCORING_KEYS)
    values = {k: _points(v, ctx, f"scoring.{k}") for k, v in keys.items()}
    win = values["win"] if values.get("win") is not None else base.value(base.win)
    if win == 0:
        ctx.col.add(keys["win"], "scoring.win must be more than 0")
        win = base.value(base.win)
    draw = values.get("draw") if values.get("draw") is not None else base.value(base.draw)
    loss = values.get("loss") if values.get("loss") is not None else base.value(base.loss)
    fw = values.get("forfeit_win") if values.get("forfeit_win") is not None else win
    fl = values.get("forfeit_loss") if values.get("forfeit_loss") is not None else loss
    if not loss <= draw <= win:
        ctx.col.add(node, f"scoring must have loss <= draw <= win, not win {win}, draw {draw},"
                          f" loss {loss}")
    denominators = [Fraction(x).denominator for x in (win, draw, loss, fw, fl)]
    lcm = 1
    for d in denominators:
        lcm = lcm * d // _gcd(lcm, d)
    unit = Fraction(1, lcm)

    def u(x: Fraction) -> int:
        return int(x / unit)

    return Scoring(win=u(win), draw=u(draw), loss=u(loss), forfeit_win=u(fw),
                   forfeit_loss=u(fl), half_bye=u(draw), full_bye=u(win), pairing_bye=u(win),
                   zero_bye=0, unit=unit)


def _gcd(a: int, b: int) -> int:
    while b:
        a, b = b, a % b
    return a


def _tiebreaks(node: yaml.Node | None, ctx: _Ctx) -> tuple[str, ...] | None:
    if yn.is_null(node):
        return None
    out = []
    for item in yn.sequence(node, ctx.col, "tiebreaks"):
        code = yn.text(item, ctx.col, "tiebreak")
        if not code:
            continue
        name = code.upper().split("/")[0].split(":")[0]
        if name not in KNOWN_TIEBREAKS:
            ctx.col.add(item, f"unknown tiebreak '{code}'{yn.suggestion(name, KNOWN_TIEBREAKS)};"
                              f" use FIDE codes such as DE, SB, WIN, KS, BH/C1")
            continue
        out.append(code.upper())
    return tuple(out)


def _player(node: yaml.Node, ctx: _Ctx, index: int) -> tuple[Player | None, yaml.Node]:
    what = f"player {index}"
    if isinstance(node, yaml.ScalarNode):
        name = yn.text(node, ctx.col, what)
        if name and (why := _name_problem(name)) is not None:
            ctx.col.add(node, why)
            return None, node
        return (Player(name=name) if name else None), node
    keys = yn.mapping(node, ctx.col, what, PLAYER_KEYS, required=("name",))
    name = yn.text(keys.get("name"), ctx.col, f"{what} name")
    if not name:
        if "name" in keys:
            ctx.col.add(keys["name"], f"{what} has an empty name")
        return None, node
    if (why := _name_problem(name)) is not None:
        ctx.col.add(keys["name"], why)
        return None, node
    title = yn.text(keys.get("title"), ctx.col, f"{name}: title")
    if title and title.upper() not in TITLES:
        ctx.col.add(keys["title"], f"{name}: title '{title}' is not one of {', '.join(TITLES)}")
        title = None
    federation = yn.text(keys.get("federation"), ctx.col, f"{name}: federation")
    if federation and not re.fullmatch(r"[A-Za-z]{3}", federation):
        ctx.col.add(keys["federation"], f"{name}: federation must be a 3-letter code such as ENG")
        federation = None
    return Player(
        name=name,
        rating=_rating(keys.get("rating"), ctx, name),
        federation=federation.upper() if federation else None,
        title=title.upper() if title else None,
        fide_id=_fide_id(keys.get("fide_id"), ctx, name),
        sex=yn.text(keys.get("sex"), ctx.col, f"{name}: sex"),
        birth=yn.text(keys.get("birth"), ctx.col, f"{name}: birth"),
        club=yn.text(keys.get("club"), ctx.col, f"{name}: club"),
    ), node


MAX_RATING = 4000  # above every rating ever published; TRF has four digits for it
MAX_FIDE_ID = 10**12


def _rating(node: yaml.Node | None, ctx: _Ctx, name: str) -> int | None:
    value = yn.integer(node, ctx.col, f"{name}: rating", minimum=0)
    if value is not None and value > MAX_RATING:
        ctx.col.add(node, f"{name}: rating {value} is not a chess rating (at most {MAX_RATING})")
        return None
    return value or None


def _fide_id(node: yaml.Node | None, ctx: _Ctx, name: str) -> int | None:
    value = yn.integer(node, ctx.col, f"{name}: fide_id", minimum=1)
    if value is not None and value >= MAX_FIDE_ID:
        ctx.col.add(node, f"{name}: fide_id {value} is too long to be a FIDE ID")
        return None
    return value


_INVISIBLE = {"Cf", "Cc", "Zl", "Zp"}


def name_key(name: str) -> str:
    """What two names must differ in: not case, width, or invisible format characters."""
    folded = unicodedata.normalize("NFKC", name).casefold()
    return " ".join("".join(ch for ch in folded
                            if unicodedata.category(ch) not in _INVISIBLE).split())


def _name_problem(name: str) -> str | None:
    bad = next((ch for ch in name if unicodedata.category(ch) in ("Cc", "Zl", "Zp")), None)
    if bad is not None:
        return (f"player name {name!r} holds a control character (U+{ord(bad):04X}); names"
                " are one line of text")
    if not name_key(name):
        return f"player name {name!r} has no visible letters"
    return None


def _seed_order(players: list[Player], method: str, seed: int | None,
                varma_by: str = "federation") -> list[Player]:
    """Pairing order: as listed, by rating, by lots with the top seed fixed at 1, or Varma."""
    if method == "list":
        return players
    if method == "varma":
        return varma.order_players(players, varma_by, random.Random(seed))
    by_rating = sorted(players, key=lambda p: (-(p.rating or 0), p.name))
    if method == "rating":
        return by_rating
    top, rest = by_rating[0], list(players)
    rest.remove(top)
    random.Random(seed).shuffle(rest)
    return [top, *rest]


class _Names:
    """Finds a player by full name, or by surname when that is unique."""

    def __init__(self, players: tuple[Player, ...]):
        self.exact = {p.name: i for i, p in enumerate(players, start=1)}
        self.short: dict[str, list[int]] = {}
        for i, p in enumerate(players, start=1):
            for key in {_surname(p.name), p.name.casefold()}:
                self.short.setdefault(key, []).append(i)

    def find(self, name: str) -> int | list[int] | None:
        if name in self.exact:
            return self.exact[name]
        hits = self.short.get(name.casefold()) or self.short.get(_surname(name))
        if hits and len(set(hits)) == 1:
            return hits[0]
        return sorted(set(hits)) if hits else None


def _surname(name: str) -> str:
    name = name.strip()
    if "," in name:
        return name.split(",")[0].strip().casefold()
    return name.split()[-1].casefold() if name.split() else ""


def _split_game(key: str, names: _Names) -> tuple[int, int] | str:
    """``White - Black`` into pairing numbers, or a message saying what is wrong."""
    parts = re.split(r"\s+[-–—]\s+", key)
    if len(parts) < 2:
        return f"'{key}' is not 'White - Black' (use a spaced hyphen between the names)"
    unknown = []
    for cut in range(1, len(parts)):
        white = " - ".join(parts[:cut]).strip()
        black = " - ".join(parts[cut:]).strip()
        w, b = names.find(white), names.find(black)
        if isinstance(w, int) and isinstance(b, int):
            return w, b
        for who, hit in ((white, w), (black, b)):
            if isinstance(hit, list):
                return f"'{who}' could be several players; write the full name"
            if hit is None:
                unknown.append(who)
    who = unknown[0] if unknown else key
    choices = list(names.exact)
    return f"unknown player '{who}'{yn.suggestion(who, choices)}"


def _round_date(node: yaml.Node | None, ctx: _Ctx, r: int) -> dt.date | None:
    """A round's ``date``: ISO form (2026-09-03), or None when not given."""
    raw = yn.text(node, ctx.col, f"round {r} date")
    try:
        return dt.date.fromisoformat(raw) if raw else None
    except ValueError:
        ctx.col.add(node, f"round {r} date '{raw}' is not a date like 2026-09-03")
        return None


def _rounds(node: yaml.Node | None, ctx: _Ctx, section_id: str, players: tuple[Player, ...],
            schedule: list[berger.Round]) -> tuple[list[RoundInfo], list[Game]]:
    names = _Names(players)
    infos: list[RoundInfo] = []
    games: list[Game] = []
    seen: dict[tuple[int, int, int], yaml.Node] = {}
    items = yn.sequence(node, ctx.col, f"section '{section_id}' rounds")
    if len(items) > len(schedule):
        ctx.col.add(items[len(schedule)], f"section '{section_id}' has {len(schedule)} rounds,"
                                          f" but {len(items)} are listed")
    meets: dict[frozenset[int], list[tuple[int, int, int]]] = {}
    for r, boards in enumerate(schedule, start=1):
        for p in boards:
            if p.black is not None:
                meets.setdefault(frozenset((p.white, p.black)), []).append((r, p.white, p.black))
    for r, item in enumerate(items[: len(schedule)], start=1):
        keys = yn.mapping(item, ctx.col, f"round {r}", ROUND_KEYS)
        date = _round_date(keys.get("date"), ctx, r)
        infos.append(RoundInfo(r, date))
        for line in yn.sequence(keys.get("results"), ctx.col, f"round {r} results"):
            game = _result_line(line, ctx, r, names, players, meets, seen)
            if game:
                games.append(game)
    for r in range(len(infos) + 1, len(schedule) + 1):
        infos.append(RoundInfo(r, None))
    return infos, games


def _result_line(line: yaml.Node, ctx: _Ctx, r: int, names: _Names, players: tuple[Player, ...],
                 meets: dict[frozenset[int], list[tuple[int, int, int]]],
                 seen: dict[tuple[int, int, int], yaml.Node]) -> Game | None:
    if not isinstance(line, yaml.MappingNode) or len(line.value) != 1:
        ctx.col.add(line, f"round {r}: write each result as 'White - Black: 1-0'")
        return None
    key_node, value_node = line.value[0]
    split = _split_game(str(key_node.value), names)
    if isinstance(split, str):
        ctx.col.add(key_node, f"round {r}: {split}")
        return None
    w, b = split
    if w == b:
        ctx.col.add(key_node, f"round {r}: a player cannot play themselves")
        return None
    scheduled = meets.get(frozenset((w, b)), [])
    this_round = [m for m in scheduled if m[0] == r]
    if not this_round:
        when = ", ".join(str(m[0]) for m in scheduled) or "no round"
        ctx.col.add(key_node, f"round {r}: {players[w - 1].name} and {players[b - 1].name}"
                              f" are not paired in this round (they meet in round {when})")
        return None
    _, sw, sb = this_round[0]
    raw = yn.text(value_node, ctx.col, "result") if not yn.is_null(value_node) else ""
    try:
        result = parse_result(raw or "")
    except ValueError:
        ctx.col.add(value_node, f"round {r}: result '{raw}' is not one of {RESULT_HELP}")
        return None
    if (sw, sb) != (w, b):
        ctx.col.add(key_node, f"round {r}: {players[sw - 1].name} has White in this game;"
                              f" write it as '{players[sw - 1].name} - {players[sb - 1].name}'"
                              " with the score from White's side")
        return None
    if (r, w, b) in seen:
        first = seen[(r, w, b)].start_mark.line + 1
        ctx.col.add(key_node, f"round {r}: duplicate result for {players[w - 1].name} -"
                              f" {players[b - 1].name} (first given on line {first})")
        return None
    seen[(r, w, b)] = key_node
    return Game(r, w, b, result)


def _withdrawals(node: yaml.Node | None, ctx: _Ctx, players: tuple[Player, ...], rounds: int,
                 games: list[Game]) -> list[Withdrawal]:
    names = _Names(players)
    out: list[Withdrawal] = []
    for item in yn.sequence(node, ctx.col, "withdrawals"):
        keys = yn.mapping(item, ctx.col, "withdrawal", WITHDRAWAL_KEYS,
                          required=("player", "after_round"))
        who = yn.text(keys.get("player"), ctx.col, "withdrawal player")
        after = yn.integer(keys.get("after_round"), ctx.col, "after_round", minimum=0)
        if who is None or after is None:
            continue
        found = names.find(who)
        if not isinstance(found, int):
            ctx.col.add(keys["player"], f"withdrawal: unknown player '{who}'"
                                        f"{yn.suggestion(who, list(names.exact))}")
            continue
        if after > rounds:
            ctx.col.add(keys["after_round"], f"after_round {after} is beyond the last round"
                                             f" ({rounds})")
            continue
        if any(w.player == found for w in out):
            ctx.col.add(item, f"{players[found - 1].name} is listed as withdrawn twice")
            continue
        for g in games:
            if g.round > after and found in (g.white, g.black) and g.result in (
                GameResult.WHITE_WINS, GameResult.BLACK_WINS, GameResult.DRAW
            ):
                ctx.col.add(keys["after_round"],
                            f"{players[found - 1].name} withdrew after round {after} but has a"
                            f" played result in round {g.round}")
                break
        out.append(Withdrawal(found, after))
    return out


def _declared_format(node: yaml.Node) -> str | None:
    """The section's ``format`` value, read before validating its other keys."""
    if isinstance(node, yaml.MappingNode):
        for k, v in node.value:
            if getattr(k, "value", None) == "format" and isinstance(v, yaml.ScalarNode):
                return str(v.value)
    return None


def _allowed_keys(fmt: str | None) -> tuple[str, ...]:
    if fmt in FORMAT_PARSERS:
        return SECTION_KEYS + tuple(k for k in FORMAT_PARSERS[fmt].keys if k not in SECTION_KEYS)
    if fmt in RR_FORMATS:
        return SECTION_KEYS
    extra = {k for p in FORMAT_PARSERS.values() for k in p.keys}
    return SECTION_KEYS + tuple(sorted(extra - set(SECTION_KEYS)))


def formats() -> tuple[str, ...]:
    return RR_FORMATS + tuple(FORMAT_PARSERS)


def _section(node: yaml.Node, ctx: _Ctx, season_scoring: Scoring,
             defaults: dict[str, object],
             injected: tuple[list[Player], StageInfo] | None = None) -> Section | None:
    """One section; ``injected`` = players (and where from) resolved from earlier stages."""
    declared = _declared_format(node)
    keys = yn.mapping(node, ctx.col, "section", _allowed_keys(declared),
                      required=("id", "name", "format"))
    sid = yn.text(keys.get("id"), ctx.col, "section id") or ""
    if sid and not ID_PATTERN.match(sid):
        ctx.col.add(keys["id"], f"section id '{sid}' must be lower-case letters, digits and"
                                " hyphens (it becomes part of the web address)")
    elif sid in RESERVED_NAMES:
        ctx.col.add(keys["id"], f"section id '{sid}' is a reserved device name on Windows (a"
                                " folder of that name cannot be created there); choose another")
    name = yn.text(keys.get("name"), ctx.col, "section name") or sid
    fmt = yn.text(keys.get("format"), ctx.col, "format")
    if fmt is not None and fmt not in formats():
        ctx.col.add(keys["format"], f"format '{fmt}' is not one of {', '.join(formats())}"
                                    f"{yn.suggestion(fmt, formats())}")
        fmt = None
    parser = FORMAT_PARSERS.get(fmt or "")
    minimum = parser.min_players if parser else 3
    scoring = _scoring(keys.get("scoring"), ctx, season_scoring)
    entrants: list[Player] = []
    seen_names: dict[str, tuple[str, yaml.Node]] = {}
    seen_ids: dict[int, str] = {}
    stage: StageSource | None = None
    stage_info = injected[1] if injected else None
    if injected:
        entrants = list(injected[0])
    elif isinstance(keys.get("players"), yaml.MappingNode):
        stage, from_node = stage_sources.parse_source(keys["players"], ctx.col)
    for i, pnode in enumerate(() if injected or isinstance(keys.get("players"), yaml.MappingNode)
                              else yn.sequence(keys.get("players"), ctx.col, "players"), start=1):
        player, where = _player(pnode, ctx, i)
        if player is None:
            continue
        key = name_key(player.name)
        if key in seen_names:
            first_name, first = seen_names[key]
            ctx.col.add(where, f"player '{player.name}' is listed twice in section '{sid}'"
                        if first_name == player.name else
                        f"player '{player.name}' looks the same as '{first_name}' (line"
                        f" {first.start_mark.line + 1}); names must differ in visible letters")
            continue
        seen_names[key] = (player.name, where)
        if player.fide_id is not None:
            if player.fide_id in seen_ids:
                ctx.col.add(where, f"{player.name}: fide_id {player.fide_id} is also"
                                   f" {seen_ids[player.fide_id]}'s")
                continue
            seen_ids[player.fide_id] = player.name
        entrants.append(player)
    if len(entrants) < minimum and "players" in keys and not injected and \
            not isinstance(keys["players"], yaml.MappingNode):
        ctx.col.add(keys["players"], f"section '{sid}' needs at least {minimum} players for"
                                     f" {(fmt or 'this format').replace('_', ' ')},"
                                     f" it has {len(entrants)}")
    if "players" not in keys and minimum > 0 and not injected and isinstance(node,
                                                                           yaml.MappingNode):
        ctx.col.add(node, f"section '{sid}' is missing the required key 'players'")
    seeding = yn.text(keys.get("seeding"), ctx.col, "seeding") or "list"
    if seeding not in SEEDINGS:
        ctx.col.add(keys["seeding"], f"seeding '{seeding}' is not one of {', '.join(SEEDINGS)}")
        seeding = "list"
    seed = yn.integer(keys.get("seed"), ctx.col, "seed")
    if seeding in ("lots", "varma") and seed is None:
        ctx.col.add(keys.get("seeding"), f"seeding by {seeding} needs a recorded 'seed' (any"
                                         " whole number) so the draw can be repeated")
    varma_by = yn.text(keys.get("varma_by"), ctx.col, "varma_by") or "federation"
    if varma_by not in varma.BY or ("varma_by" in keys and seeding != "varma"):
        ctx.col.add(keys["varma_by"], "varma_by is federation or club, with seeding: varma")
        varma_by = "federation"
    if seeding == "varma" and fmt is not None and stage is None and not (
            fmt in RR_FORMATS and varma.MIN_PLAYERS <= len(entrants) <= varma.MAX_PLAYERS):
        ctx.col.add(keys["seeding"], f"seeding: varma (FIDE C.05 Annex 2) is for a round robin"
                                     f" of {varma.MIN_PLAYERS} to {varma.MAX_PLAYERS} players")
        seeding = "list"
    chosen = _tiebreaks(keys.get("tiebreaks"), ctx) or defaults.get("tiebreaks")
    tiebreaks = chosen or (parser.tiebreaks if parser else ("DE", "SB", "WIN", "KS"))
    rules = yn.text(keys.get("tiebreak_rules"), ctx.col, "tiebreak_rules") or "2024"
    if rules not in ("2024", "2026"):
        ctx.col.add(keys["tiebreak_rules"], "tiebreak_rules must be 2024 or 2026")
        rules = "2024"
    free = _points(keys.get("free_round_score"), ctx, "free_round_score")
    if free is None:
        free = defaults.get("free_round") or Fraction(0)  # type: ignore[assignment]
    free_units = int(Fraction(free) / scoring.unit)
    if free_units not in (0, scoring.draw, scoring.win):
        ctx.col.add(keys.get("free_round_score"), "free_round_score must be 0, a draw or a win")
        free_units = 0
    swap = yn.boolean(keys.get("swap_last_two_rounds"), ctx.col, "swap_last_two_rounds")
    threshold_raw = yn.text(keys.get("withdrawal_threshold"), ctx.col, "withdrawal_threshold")
    threshold = 0.5
    if threshold_raw:
        try:
            threshold = float(threshold_raw.rstrip("%")) / (100 if "%" in threshold_raw else 1)
            if not 0 <= threshold <= 1:
                raise ValueError
        except ValueError:
            ctx.col.add(keys["withdrawal_threshold"], "withdrawal_threshold must be like 50%")
    if stage is not None and fmt is not None and sid:
        where = from_node or node
        deferred = stage_sources.Deferred(
            lambda players, info: _complete_stage(node, ctx, season_scoring, defaults, players,
                                                  info),
            ctx.col.path, where.start_mark.line + 1, where.start_mark.column + 1)
        return Section(id=sid, name=name, format=fmt, players=(), rounds=(), games=(),
                       tiebreaks=tuple(tiebreaks), scoring=scoring,
                       description=yn.text(keys.get("description"), ctx.col, "description") or "",
                       stage=PendingStage(stage, (), fmt, deferred))
    if fmt is None or len(entrants) < minimum:
        if injected and fmt is not None:
            ctx.col.add(keys.get("players"), f"section '{sid}' needs at least {minimum} players,"
                                             f" {len(entrants)} qualified")
        return None
    players = tuple(_seed_order(entrants, seeding, seed, varma_by))
    if parser is not None:
        base = Section(
            id=sid, name=name, format=fmt, players=players, rounds=(), games=(),
            tiebreaks=tuple(tiebreaks), scoring=scoring, free_round_units=free_units,
            withdrawal_threshold=threshold, seeding=seeding, seed=seed, tiebreak_rules=rules,
            description=yn.text(keys.get("description"), ctx.col, "description") or "",
            stage=stage_info, tiebreaks_default=not chosen,
        )
        return parser.parse(keys, ctx, base)  # type: ignore[return-value]
    double = fmt == "double_round_robin"
    schedule = berger.schedule(len(players), double, swap if swap is not None else True)
    infos, games = _rounds(keys.get("rounds"), ctx, sid, players, schedule)
    withdrawals = _withdrawals(keys.get("withdrawals"), ctx, players, len(schedule), games)
    return Section(
        id=sid, name=name, format=fmt, players=players, rounds=tuple(infos), games=tuple(games),
        withdrawals=tuple(withdrawals), tiebreaks=tuple(tiebreaks), scoring=scoring,
        free_round_units=free_units, swap_last_two=swap if swap is not None else True,
        withdrawal_threshold=threshold, seeding=seeding, seed=seed, tiebreak_rules=rules,
        description=yn.text(keys.get("description"), ctx.col, "description") or "",
        stage=stage_info, tiebreaks_default=not chosen,
    )


def _complete_stage(node: yaml.Node, ctx: _Ctx, season_scoring: Scoring,
                    defaults: dict[str, object], players: list[Player],
                    info: StageInfo) -> tuple[Section | None, list[Problem]]:
    """Read a stage section again with its players known (problems in a fresh collector)."""
    sub = yn.Collector(ctx.col.path)
    section = _section(node, _Ctx(sub, ctx.root), season_scoring, defaults, (players, info))
    return section, sub.problems


def _section_file(node: yaml.Node, ctx: _Ctx) -> tuple[Path | None, str]:
    """A section given as a path to its own YAML file inside the season folder."""
    rel = str(node.value)
    if not rel.endswith((".yaml", ".yml")):
        ctx.col.add(node, f"section file '{rel}' must be a .yaml file inside the season folder")
        return None, ""
    try:
        target = files.confined(ctx.root / rel, ctx.root, rel)
        return target, files.read_text(target, ctx.root, rel)
    except InputError as err:
        for problem in err.problems:
            ctx.col.add(node, f"section file '{rel}' {problem.message}" if not problem.line
                        else str(problem))
        return None, ""


def _display(root: Path, path: Path) -> Path:
    try:
        return root.resolve().parent.joinpath(path.resolve().relative_to(root.resolve().parent))
    except ValueError:
        return path


def _load_section_file(node: yaml.Node, ctx: _Ctx, scoring: Scoring, defaults: dict[str, object],
                       memo: dict | None) -> tuple[Section | None, list[Problem]]:
    """Parse a section file, reusing the last result when neither it nor the defaults changed.

    The memo is what makes a live rebuild after one result cheap in a season of
    a hundred section files: only the edited file is parsed again.
    """
    target, text = _section_file(node, ctx)
    if target is None:
        return None, []
    key = (str(target), hashlib.sha256(text.encode()).hexdigest(), repr(scoring), repr(defaults))
    if memo is not None and key in memo:
        return memo[key]
    sub = yn.Collector(str(_display(ctx.root, target)))
    doc = yn.compose(text, sub)
    section = _section(doc, _Ctx(sub, ctx.root), scoring, defaults) if doc is not None else None
    result = (section, list(sub.problems))
    if memo is not None:
        memo[key] = result
    return result


def _markdown(node: yaml.Node | None, col: yn.Collector, what: str) -> str:
    """A Markdown text value, held to the same limits as news."""
    raw = yn.text(node, col, what) or ""
    if raw and node is not None:
        line = node.start_mark.line + 1 + (1 if node.style in ("|", ">") else 0)
        col.problems.extend(markdown_problems(raw, col.path, line))
    return raw


def _language(node: yaml.Node, col: yn.Collector, what: str) -> str | None:
    raw = yn.text(node, col, what)
    if raw is None:
        return None
    code = raw if raw in LANGUAGES else LANGUAGE_ALIASES.get(raw.lower())
    if code is None:
        col.add(node, f"{what} '{raw}' has no translation; available: {', '.join(LANGUAGES)}"
                      f"{yn.suggestion(raw, LANGUAGES)}")
    return code


def _languages(single: yaml.Node | None, many: yaml.Node | None,
               col: yn.Collector) -> tuple[str, ...]:
    """``language: ru`` or ``languages: [ru, en]`` (the first is the default, at the root)."""
    first = _language(single, col, "language") if single is not None else None
    codes: list[str] = []
    for node in yn.sequence(many, col, "languages"):
        code = _language(node, col, "language")
        if code is None:
            continue
        if code in codes:
            col.add(node, f"language '{code}' is listed twice")
            continue
        codes.append(code)
    if first and codes and codes[0] != first:
        col.add(single, f"language '{first}' is not the first of languages"
                        f" ({', '.join(codes)}); write only languages, default first")
    return tuple(codes) or ((first,) if first else ("en",))


def load_season(folder: str | Path, memo: dict | None = None) -> Season:
    """Read and validate a season folder; raise InputError listing every problem.

    ``memo`` (any dict kept between calls) lets a long-running process skip
    section files that have not changed.
    """
    root = Path(folder)
    path = root / SEASON_FILE
    if not root.is_dir():
        raise InputError([Problem(str(root), 0, 0, "is not a season folder (a folder holding"
                                                   " season.yaml)")])
    if not path.exists() and not path.is_symlink():
        raise InputError([Problem(str(path), 0, 0, "no season.yaml here; `leaguegen new DIR`"
                                                   " creates a season to start from")])
    root = root.resolve()
    text = files.read_text(path, root, str(path))
    col = yn.Collector(str(path))
    ctx = _Ctx(col, root)
    problems: list[Problem] = []
    doc = yn.compose(text, col)
    season = None
    if doc is not None or not col.problems:
        keys = yn.mapping(doc, col, "season.yaml", SEASON_KEYS, required=("name", "sections"))
        scoring = _scoring(keys.get("scoring"), ctx, Scoring())
        defaults: dict[str, object] = {
            "tiebreaks": _tiebreaks(keys.get("tiebreaks"), ctx),
            "free_round": _points(keys.get("free_round_score"), ctx, "free_round_score"),
        }
        sections: list[Section] = []
        ids: dict[str, yaml.Node] = {}
        section_nodes = yn.sequence(keys.get("sections"), col, "sections")
        if "sections" in keys and not section_nodes and not col.problems:
            col.add(keys["sections"], "sections must list at least one section")
        for node in section_nodes:
            if isinstance(node, yaml.ScalarNode):
                section, sub_problems = _load_section_file(node, ctx, scoring, defaults, memo)
                problems.extend(sub_problems)
            else:
                section = _section(node, ctx, scoring, defaults)
            if section is None:
                continue
            if section.id in ids:
                col.add(node, f"section id '{section.id}' is used twice")
                continue
            ids[section.id] = node
            sections.append(section)
        sections, stage_problems = stage_sources.resolve(sections)
        known = set(col.problems) | set(problems)
        problems.extend(p for p in stage_problems if p not in known)
        languages = _languages(keys.get("language"), keys.get("languages"), col)
        digits = yn.text(keys.get("digits"), col, "digits") or "western"
        if digits not in DIGITS:
            col.add(keys.get("digits"), f"digits must be one of {', '.join(DIGITS)},"
                                        f" not '{digits}'{yn.suggestion(digits, DIGITS)}")
            digits = "western"
        season = Season(
            name=yn.text(keys.get("name"), col, "name") or "",
            organiser=yn.text(keys.get("organiser"), col, "organiser") or "",
            venue=yn.text(keys.get("venue"), col, "venue") or "",
            time_control=yn.text(keys.get("time_control"), col, "time_control") or "",
            language=languages[0], languages=languages, digits=digits,
            description=_markdown(keys.get("description"), col, "description"),
            sections=tuple(sections),
        )
    news, news_problems = read_news(root, Path(folder))
    problems.extend(news_problems)
    all_problems = col.problems + problems
    if all_problems or season is None:
        all_problems.sort(key=lambda p: (p.path, p.line, p.col))
        raise InputError(all_problems)
    return Season(**{**{f: getattr(season, f) for f in season.__dataclass_fields__}, "news": news})


BYE_WORDS = {
    "bye": Code.PAIRING_BYE, "pab": Code.PAIRING_BYE,
    "half": Code.HALF_BYE, "½": Code.HALF_BYE, "0.5": Code.HALF_BYE, "1/2": Code.HALF_BYE,
    "half-point bye": Code.HALF_BYE, "absent": Code.ZERO_BYE, "zero": Code.ZERO_BYE,
    "0": Code.ZERO_BYE, "full": Code.FULL_BYE, "1": Code.FULL_BYE,
}
BYE_HELP = "bye (pairing-allocated), half (½-point bye), absent (0), full (1)"


def parse_round_lines(items: list[yaml.Node], ctx: _Ctx, r: int, names: _Names,
                      players: tuple[Player, ...]) -> tuple[list[Game], list[Bye]]:
    """One round's lines when pairings are free (Swiss, knockout): games and byes.

    ``White - Black: score`` is a game (score empty = not played yet);
    ``Name: bye|half|absent|full`` is a round without a game. A player may
    appear once per round.
    """
    games: list[Game] = []
    byes: list[Bye] = []
    seen: dict[int, int] = {}

    def once(number: int, node: yaml.Node) -> bool:
        if number in seen:
            ctx.col.add(node, f"round {r}: {players[number - 1].name} appears twice in this"
                              f" round (first on line {seen[number]})")
            return False
        seen[number] = node.start_mark.line + 1
        return True

    for line in items:
        if not isinstance(line, yaml.MappingNode) or len(line.value) != 1:
            ctx.col.add(line, f"round {r}: write each line as 'White - Black: 1-0' or"
                              " 'Name: bye'")
            continue
        key_node, value_node = line.value[0]
        key = str(key_node.value)
        raw = yn.text(value_node, ctx.col, "result") if not yn.is_null(value_node) else ""
        split = _split_game(key, names)
        # "White - Black" first: a surname lookup would take "Ann Able - Cat Cole" for Cole.
        single = names.exact.get(key.strip()) if isinstance(split, tuple) else \
            names.find(key.strip())
        if isinstance(single, int):
            code = BYE_WORDS.get((raw or "").strip().lower())
            if code is None:
                ctx.col.add(value_node if raw else key_node,
                            f"round {r}: '{raw}' for {players[single - 1].name} is not one of"
                            f" {BYE_HELP}")
                continue
            if once(single, key_node):
                byes.append(Bye(r, single, code))
            continue
        if isinstance(split, str):
            ctx.col.add(key_node, f"round {r}: {split}")
            continue
        w, b = split
        if w == b:
            ctx.col.add(key_node, f"round {r}: a player cannot play themselves")
            continue
        try:
            result = parse_result(raw or "")
        except ValueError:
            ctx.col.add(value_node, f"round {r}: result '{raw}' is not one of {RESULT_HELP}")
            continue
        if once(w, key_node) and once(b, key_node):
            games.append(Game(r, w, b, result))
    return games, byes


# Public names for the format modules under leaguegen/formats/sections/.
Ctx = _Ctx
Names = _Names
split_game = _split_game
round_date = _round_date
parse_points = _points
parse_withdrawals = _withdrawals

from leaguegen.formats import sections as _sections  # noqa: E402,F401  (registers formats)
