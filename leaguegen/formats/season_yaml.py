"""Season folders: ``season.yaml`` (+ optional section files and ``news/*.md``) to a Season.

Every problem is collected with its file:line:col before anything fails, so
an organiser fixes a whole file in one pass. The file format is documented in
``docs/season-format.md``; the keys allowed here are the single source of it.
"""

from __future__ import annotations

import hashlib
import random
import re
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Protocol

import yaml

from leaguegen.domain import report_links
from leaguegen.domain.model import Player, Scoring
from leaguegen.domain.names import is_slug, name_key, name_slug
from leaguegen.domain.schedule import varma
from leaguegen.domain.season import Season, Section
from leaguegen.domain.sections import format_names, kind_of
from leaguegen.domain.seeding import initial_order
from leaguegen.domain.stages import PendingStage, StageInfo, StageSource
from leaguegen.domain.tiebreaks import DEFAULTS
from leaguegen.errors import InputError, Message, Problem
from leaguegen.formats import files, stage_sources
from leaguegen.formats import yaml_nodes as yn
from leaguegen.formats.checkin import read_checkin
from leaguegen.formats.club_standings import read_club_standings
from leaguegen.formats.divisions import read_divisions, with_places
from leaguegen.formats.news import markdown_problems, read_news
from leaguegen.formats.options import (
    read_line,
    read_points,
    read_scoring,
    read_tiebreaks,
)
from leaguegen.formats.pgn import read_games
from leaguegen.formats.players import read_player
from leaguegen.formats.prizes import check_dates, read_prizes
from leaguegen.formats.sections import READERS, reader_of
from leaguegen.formats.series import read_series
from leaguegen.formats.tiebreak_advice import check_round_robin_tiebreaks
from leaguegen.formats.yaml_nodes import Ctx

SEASON_FILE = "season.yaml"
SEASON_KEYS = ("name", "organiser", "venue", "time_control", "scoring", "language",
               "languages", "digits", "description", "sections", "free_round_score",
               "tiebreaks", "reports", "paper", "site_url", "printables", "rated",
               "series", "divisions")
# reports: where players report results (domain/report_links.py)
REPORT_KEYS = ("host", "repository", "server", "url")
_REPOSITORY = re.compile(r"[A-Za-z0-9_.-]+(/[A-Za-z0-9_.-]+)+")
# Page languages with a translation catalogue (site_template/locale/); aliases map to them.
# (path, season folder, shown as) -> (the path with links resolved, its text)
Reader = Callable[[Path, Path, str], tuple[Path, str]]
LANGUAGES = ("en", "ru", "zh_Hans", "ar")
LANGUAGE_ALIASES = {"zh": "zh_Hans", "zh-hans": "zh_Hans", "zh_hans": "zh_Hans",
                    "zh-cn": "zh_Hans", "zh_cn": "zh_Hans"}
DIGITS = ("western", "arabic-indic")
PAPERS = ("A4", "Letter")  # the printables' paper (site/printables/)
PRINTABLES = ("none", "current")  # which printables a build writes beside the pages
# where the site is published: the QR codes on the printables link to its pages
SITE_URL = re.compile(r"https?://[^\s/?#]+[^\s?#]*")
SECTION_KEYS = ("id", "name", "format", "description", "players", "seeding", "seed", "rounds",
                "withdrawals", "tiebreaks", "tiebreak_rules", "free_round_score",
                "swap_last_two_rounds", "withdrawal_threshold", "scoring", "varma_by",
                "time_control", "prizes", "club_standings", "rated", "checkin")
# What ``rated:`` may say: the rating system the event is rated in (docs/rating.md), or
# ``none`` (a section of a rated season that is not). Only FIDE's standard rating (B.02)
# is computed; an event not declared rated shows no change.
RATED = ("fide", "none")
SEEDINGS = ("list", "rating", "lots", "varma")
# A section id: at most 64 characters, no white space, no ASCII capital or punctuation but
# the hyphen (not first). The pattern (also the JSON Schema's, so written to mean the same
# in Python and ECMAScript) lets letters of any script through; the loader then asks
# domain/names.is_slug (lower case, letters, marks and digits only, NFC): "甲组" and
# "высшая" are ids, and the id is the section's folder and address (docs/data-feeds.md).
_NOT_IN_ID = r"\s!-,./:-@\[-`{-~A-Z"
ID_PATTERN = re.compile(rf"^[^{_NOT_IN_ID}-][^{_NOT_IN_ID}]{{0,63}}$")
# Windows refuses these as file or folder names, with any extension.
RESERVED_NAMES = frozenset({"con", "prn", "aux", "nul", "assets"}
                           | {f"{d}{i}" for d in ("com", "lpt") for i in range(1, 10)})



def _seed_order(players: list[Player], method: str, seed: int | None,
                varma_by: str = "federation") -> list[Player]:
    """Pairing order: as listed, by rating, by lots with the top seed fixed at 1, or Varma."""
    if method == "list":
        return players
    if method == "varma":
        return varma.order_players(players, varma_by, random.Random(seed))
    by_rating = initial_order(players)
    if method == "rating":
        return by_rating
    top, rest = by_rating[0], list(players)
    rest.remove(top)
    random.Random(seed).shuffle(rest)
    return [top, *rest]


def _declared_format(node: yaml.Node) -> str | None:
    """The section's ``format`` value, read before validating its other keys."""
    if isinstance(node, yaml.MappingNode):
        for k, v in node.value:
            if getattr(k, "value", None) == "format" and isinstance(v, yaml.ScalarNode):
                return str(v.value)
    return None


def _allowed_keys(fmt: str | None) -> tuple[str, ...]:
    parser = reader_of(fmt) if fmt else None
    if parser is not None:
        return SECTION_KEYS + tuple(k for k in parser.keys if k not in SECTION_KEYS)
    extra = {k for p in READERS.values() for k in p.keys}
    return SECTION_KEYS + tuple(sorted(extra - set(SECTION_KEYS)))


def formats() -> tuple[str, ...]:
    """Every ``format:`` word a season may use (the section-kind registry's)."""
    return format_names()


def _section(node: yaml.Node, ctx: Ctx, season_scoring: Scoring,
             defaults: dict[str, object],
             injected: tuple[tuple[Player, ...], StageInfo] | None = None,
             readers: dict[str, stage_sources.Deferred] | None = None) -> Section | None:
    """One section: the keys every section has, then its kind's reader for the rest;
    ``injected`` = players (and where from) resolved from earlier stages.

    A section taking its players from earlier stages comes back waiting for them, and
    its reader goes into ``readers`` by section id, for ``stage_sources.resolve``.
    """
    keys = yn.mapping(node, ctx.col, "section", _allowed_keys(_declared_format(node)),
                      required=("id", "name", "format"))
    sid = _section_id(keys, ctx)
    name = read_line(keys.get("name"), ctx.col, "section name") or sid
    own_tc = read_line(keys.get("time_control"), ctx.col, "time_control") or ""
    fmt = _format(keys, ctx)
    kind = kind_of(fmt) if fmt else None
    minimum = kind.min_players if kind else 3
    scoring = read_scoring(keys.get("scoring"), ctx, season_scoring)
    stage: StageSource | None = None
    from_node = None
    if injected:
        entrants = list(injected[0])
    elif isinstance(keys.get("players"), yaml.MappingNode):
        entrants = []
        stage, from_node = stage_sources.parse_source(keys["players"], ctx.col)
    else:
        entrants = _entrants(keys.get("players"), ctx, sid)
        if len(entrants) < minimum and "players" in keys:
            ctx.col.add(keys["players"], Message("section '{sid}' needs at least {count} "
                                                 "player for {replace}, it has {entrants}",
                                                 "section '{sid}' needs at least {count} "
                                                 "players for {replace}, it has {entrants}",
                                                 sid=sid, count=minimum,
                                                 replace=(fmt or 'this format').replace('_',
                                                 ' '), entrants=len(entrants)))
    if "players" not in keys and minimum > 0 and not injected and isinstance(node,
                                                                           yaml.MappingNode):
        ctx.col.add(node, Message("section '{sid}' is missing the required key 'players'",
                                  sid=sid))
    # Varma's tables (FIDE C.05 Annex 2) draw a round robin's numbers; None: not checked
    varma_fits = None if kind is None or stage is not None else (
        kind.varma and varma.MIN_PLAYERS <= len(entrants) <= varma.MAX_PLAYERS)
    seeding, seed, varma_by = _seeding(keys, ctx, varma_fits)
    chosen = read_tiebreaks(keys.get("tiebreaks"), ctx) or defaults.get("tiebreaks")
    tiebreaks = chosen or (kind.default_tiebreaks if kind else DEFAULTS["round-robin"])
    rules = yn.text(keys.get("tiebreak_rules"), ctx.col, "tiebreak_rules") or "2024"
    if rules not in ("2024", "2026"):
        ctx.col.add(keys["tiebreak_rules"], Message("tiebreak_rules must be 2024 or 2026"))
        rules = "2024"
    check_round_robin_tiebreaks(kind, tiebreaks, rules, keys, ctx.col, sid)
    free_units = _free_round(keys, ctx, defaults, scoring)
    swap = yn.boolean(keys.get("swap_last_two_rounds"), ctx.col, "swap_last_two_rounds")
    threshold = _threshold(keys.get("withdrawal_threshold"), ctx)
    description = yn.text(keys.get("description"), ctx.col, "description") or ""
    prizes = read_prizes(keys.get("prizes"), ctx)
    clubs = read_club_standings(keys.get("club_standings"), ctx)
    rated = read_rated(keys.get("rated"), ctx.col)
    if rated is None:
        rated = str(defaults.get("rated") or "")
    checkin = read_checkin(keys.get("checkin"), ctx)
    if stage is not None and fmt is not None and sid:
        where = from_node or node
        if readers is not None:
            readers.setdefault(sid, stage_sources.Deferred(
                lambda players, info: _complete_stage(node, ctx, season_scoring, defaults,
                                                      players, info),
                ctx.col.path, where.start_mark.line + 1, where.start_mark.column + 1))
        return Section(id=sid, name=name, format=fmt, players=(), rounds=(), games=(),
                       tiebreaks=tuple(tiebreaks), scoring=scoring, description=description,
                       time_control=own_tc, stage=PendingStage(stage), rated=rated)
    if fmt is None or len(entrants) < minimum:
        if injected and fmt is not None:
            ctx.col.add(keys.get("players"), Message("section '{sid}' needs at least {count} "
                                                     "player, {entrants} qualified",
                                                     "section '{sid}' needs at least {count} "
                                                     "players, {entrants} qualified",
                                                     sid=sid, count=minimum,
                                                     entrants=len(entrants)))
        return None
    base = Section(
        id=sid, name=name, format=fmt, players=tuple(_seed_order(entrants, seeding, seed,
                                                                 varma_by)),
        rounds=(), games=(), tiebreaks=tuple(tiebreaks), scoring=scoring,
        free_round_units=free_units, swap_last_two=swap if swap is not None else True,
        withdrawal_threshold=threshold, seeding=seeding, seed=seed, tiebreak_rules=rules,
        description=description, time_control=own_tc,
        stage=injected[1] if injected else None, tiebreaks_default=not chosen, prizes=prizes,
        club_standings=clubs,
        rated=rated,
        checkin=checkin,
    )
    parser = reader_of(fmt)
    if parser is None:  # pragma: no cover - every registered kind names a reader
        raise LookupError(f"section kind {kind_of(fmt).name!r} has no reader in"
                          " formats/sections/")
    section = parser.parse(keys, ctx, base)
    check_dates(prizes, keys.get("prizes"), section, ctx)
    return _unfrozen(section, keys, ctx, entrants)


def read_rated(node: yaml.Node | None, col: yn.Collector) -> str | None:
    """``rated: fide`` (the event is FIDE-rated: its pages show each game's rating change);
    None when the key is absent, so a section inherits the season's."""
    word = yn.text(node, col, "rated")
    if word is None:
        return None
    if word not in RATED:
        col.add(node, Message("rated must be one of {choices}, not '{word}'{suggestion}",
                              choices=", ".join(RATED), word=word,
                              suggestion=yn.suggestion(word, RATED)))
        return ""
    return "" if word == "none" else word


def _section_id(keys: dict[str, yaml.Node], ctx: Ctx) -> str:
    """The section's id ('' when missing), its problems reported."""
    sid = yn.text(keys.get("id"), ctx.col, "section id") or ""
    if sid and not (ID_PATTERN.match(sid) and is_slug(sid)):
        ctx.col.add(keys["id"], Message("section id '{sid}' must be lower-case letters, digits "
                                        "and hyphens (it becomes part of the web address)",
                                        sid=sid))
    elif sid in RESERVED_NAMES:
        ctx.col.add(keys["id"], Message("section id '{sid}' is a reserved device name on "
                                        "Windows (a folder of that name cannot be created "
                                        "there); choose another",
                                        sid=sid))
    return sid


def _format(keys: dict[str, yaml.Node], ctx: Ctx) -> str | None:
    """The ``format:`` word, None when missing or not a registered kind's (reported)."""
    fmt = yn.text(keys.get("format"), ctx.col, "format")
    if fmt is not None and fmt not in formats():
        ctx.col.add(keys["format"], Message("format '{fmt}' is not one of {items}{suggestion}",
                                            fmt=fmt, items=', '.join(formats()),
                                            suggestion=yn.suggestion(fmt, formats())))
        return None
    return fmt


def _entrants(node: yaml.Node | None, ctx: Ctx, sid: str) -> list[Player]:
    """The ``players`` list as written: each read, a name (or its look-alike), a FIDE id
    or a page address used twice reported."""
    entrants: list[Player] = []
    seen_names: dict[str, tuple[str, yaml.Node]] = {}
    seen_ids: dict[int, str] = {}
    page_names: dict[str, str] = {}
    for i, pnode in enumerate(yn.sequence(node, ctx.col, "players"), start=1):
        player, where = read_player(pnode, ctx, i)
        if player is None:
            continue
        key = name_key(player.name)
        if key in seen_names:
            first_name, first = seen_names[key]
            ctx.col.add(where, Message("player '{name}' is listed twice in section '{sid}'",
                                       name=player.name, sid=sid)
                        if first_name == player.name else
                        Message("player '{name}' looks the same as '{first}' (line {line});"
                                " names must differ in visible letters", name=player.name,
                                first=first_name, line=first.start_mark.line + 1))
            continue
        seen_names[key] = (player.name, where)
        if player.fide_id is not None:
            if player.fide_id in seen_ids:
                ctx.col.add(where, Message("{name}: fide_id {fide_id} is also {seen_ids}'s",
                                           name=player.name, fide_id=player.fide_id,
                                           seen_ids=seen_ids[player.fide_id]))
                continue
            seen_ids[player.fide_id] = player.name
        page = player.id or name_slug(player.name)
        if page in page_names:
            first = page_names[page]
            if player.id:
                ctx.col.add(where, Message("{name}: id '{id}' is also {first}'s page",
                                           name=player.name, id=player.id, first=first))
                continue
            ctx.col.warn(where, Message("{name} and {first} would share a page address "
                                        "('{page}'); give each an id: so their pages keep their "
                                        "addresses",
                                        name=player.name, first=first, page=page))
        page_names.setdefault(page, player.name)
        entrants.append(player)
    return entrants


def _seeding(keys: dict[str, yaml.Node], ctx: Ctx,
             varma_fits: bool | None) -> tuple[str, int | None, str]:
    """(seeding, seed, varma_by), problems reported; ``varma_fits``: whether Varma's
    tables cover the section (a round robin of their size), None: not known yet."""
    seeding = yn.text(keys.get("seeding"), ctx.col, "seeding") or "list"
    if seeding not in SEEDINGS:
        ctx.col.add(keys["seeding"], Message("seeding '{seeding}' is not one of {SEEDINGS}",
                                             seeding=seeding, SEEDINGS=', '.join(SEEDINGS)))
        seeding = "list"
    seed = yn.integer(keys.get("seed"), ctx.col, "seed")
    if seeding in ("lots", "varma") and seed is None:
        ctx.col.add(keys.get("seeding"), Message("seeding by {seeding} needs a recorded 'seed' "
                                                 "(any whole number) so the draw can be repeated",
                                                 seeding=seeding))
    varma_by = yn.text(keys.get("varma_by"), ctx.col, "varma_by") or "federation"
    if varma_by not in varma.BY or ("varma_by" in keys and seeding != "varma"):
        ctx.col.add(keys["varma_by"], Message("varma_by is federation or club, with seeding: "
                                              "varma"))
        varma_by = "federation"
    if seeding == "varma" and varma_fits is False:
        ctx.col.add(keys["seeding"], Message("seeding: varma (FIDE C.05 Annex 2) is for a round "
                                             "robin of {MIN_PLAYERS} to {MAX_PLAYERS} players",
                                             MIN_PLAYERS=varma.MIN_PLAYERS,
                                             MAX_PLAYERS=varma.MAX_PLAYERS))
        seeding = "list"
    return seeding, seed, varma_by


def _free_round(keys: dict[str, yaml.Node], ctx: Ctx, defaults: dict[str, object],
                scoring: Scoring) -> int:
    """What a free round (a round robin's bye) scores, in scoring units: 0, a draw or a
    win (the section's ``free_round_score``, else the season's)."""
    free = read_points(keys.get("free_round_score"), ctx, "free_round_score")
    if free is None:
        free = defaults.get("free_round") or Fraction(0)  # type: ignore[assignment]
    allowed = {Fraction(0): 0, scoring.value(scoring.draw): scoring.draw,
               scoring.value(scoring.win): scoring.win}
    free_units = allowed.get(Fraction(free))
    if free_units is None:
        shown = ", ".join(f"{float(v):g}" for v in sorted(set(allowed)))
        ctx.col.add(keys.get("free_round_score"), Message("free_round_score {float:g} must be "
                                                          "exactly 0, a draw or a win ({shown})",
                                                          float=float(free), shown=shown))
        free_units = 0
    return free_units


def _threshold(node: yaml.Node | None, ctx: Ctx) -> float:
    """``withdrawal_threshold`` (like 50%) as a fraction; 0.5 when absent or wrong."""
    raw = yn.text(node, ctx.col, "withdrawal_threshold")
    threshold = 0.5
    if raw:
        try:
            threshold = float(raw.rstrip("%")) / (100 if "%" in raw else 1)
            if not 0 <= threshold <= 1:
                raise ValueError
        except ValueError:
            ctx.col.add(node, Message("withdrawal_threshold must be like 50%"))
    return threshold


def _unfrozen(section: Section | None, keys: dict[str, yaml.Node], ctx: Ctx,
              listed: list[Player]) -> Section | None:
    """Warn (at the ``seeding`` line) when a section whose kind may compute its numbers
    has a result and still computes them (``seeding: rating | lots | varma``): a new
    rating or an added player would move them. ``leaguegen freeze`` writes them into
    the file."""
    if section is None or section.seeding not in ("rating", "lots", "varma") or \
            section.stage is not None or not kind_of(section.format).chores.computed_numbers or \
            not any(g.result is not None for g in section.games):
        return section
    drawn = [p.name for p in section.players[:len(listed)]]
    order = ("the players are listed in another order" if drawn != [p.name for p in listed]
             else "the players are already listed in that order")
    ctx.col.warn(keys.get("seeding"), Message("section '{id}' has results, but its pairing "
                                              "numbers are still computed by seeding: {seeding} "
                                              "each time the season is read ({order}); a new "
                                              "rating or an added player would move them: run "
                                              "`leaguegen freeze SEASON_DIR --section {id}` to "
                                              "write them into the file",
                                              id=section.id, seeding=section.seeding,
                                              order=order))
    return section


def _complete_stage(node: yaml.Node, ctx: Ctx, season_scoring: Scoring,
                    defaults: dict[str, object], players: tuple[Player, ...],
                    info: StageInfo) -> tuple[Section | None, list[Problem]]:
    """Read a stage section again with its players known (problems in a fresh collector)."""
    sub = yn.Collector(ctx.col.path)
    section = _section(node, Ctx(sub, ctx.root), season_scoring, defaults, (players, info))
    return section, sub.problems


class _Watched(Ctx):
    """A reader's place that notes whether the reader asked for the season folder (to open
    a file: a Swiss's records), which an inline section's memo key does not hold."""

    opened = False

    @property  # type: ignore[override]
    def root(self) -> Path:
        self.opened = True
        return self._root

    @root.setter
    def root(self, value: Path) -> None:
        self._root = value


# line breaks YAML may count that ``str.split("\n")`` does not (or counts differently)
_ODD_BREAKS = re.compile("[\r\x0b\x0c\x1c-\x1e\x85\u2028\u2029]")


def _plain_lines(text: str) -> list[str] | None:
    """season.yaml's lines as YAML numbers them, or None (no inline section is memoised)
    when it holds a line break other than ``\n`` or a tag directive."""
    if _ODD_BREAKS.search(text) or "%TAG" in text:
        return None
    return text.split("\n")


def _inline_section(node: yaml.Node, ctx: Ctx, scoring: Scoring, defaults: dict[str, object],
                    readers: dict[str, stage_sources.Deferred], memo: dict | None,
                    lines: list[str] | None) -> Section | None:
    """A section written in season.yaml itself. With ``memo`` (``serve``), the last parse of
    the very same lines at the same place, with the same scoring and defaults, is taken
    again with its problems (their positions are in the key), as a section file's is
    (:func:`parse_section_file`): a save re-reads only the section it changed. A section
    whose reader opened a file (not in the key) or left a stage waiting for its players is
    not kept."""
    if memo is None or lines is None:
        return _section(node, ctx, scoring, defaults, readers=readers)
    start, end = node.start_mark, node.end_mark
    key = ("inline section", ctx.col.path, start.line, start.column,
           "\n".join(lines[start.line:end.line + 1]), repr(scoring), repr(defaults))
    if key in memo:
        section, found = memo[key]
        ctx.col.problems.extend(found)
        return section
    sub, own = _Watched(yn.Collector(ctx.col.path), ctx.root), {}
    section = _section(node, sub, scoring, defaults, readers=own)
    ctx.col.problems.extend(sub.col.problems)
    for sid, reader in own.items():
        readers.setdefault(sid, reader)
    if not sub.opened and not own:
        memo[key] = (section, list(sub.col.problems))
    return section


def read_confined(path: Path, root: Path, display: str) -> tuple[Path, str]:
    """A season file's resolved path and text; an InputError unless it is inside ``root``."""
    target = files.confined(path, root, display)
    return target, files.read_text(target, root, display)


def _section_file(node: yaml.Node, ctx: Ctx, read: Reader = read_confined
                  ) -> tuple[Path | None, str]:
    """A section given as a path to its own YAML file inside the season folder."""
    rel = str(node.value)
    if not rel.endswith((".yaml", ".yml")):
        ctx.col.add(node, Message("section file '{rel}' must be a .yaml file inside the season "
                                  "folder",
                                  rel=rel))
        return None, ""
    try:
        return read(ctx.root / rel, ctx.root, rel)
    except InputError as err:
        for problem in err.problems:
            ctx.col.add(node, Message("section file '{rel}' {message}", rel=rel,
                                      message=problem.message) if not problem.line
                        else Message("{path}:{line}:{col}: {message}", path=problem.path,
                                     line=problem.line, col=problem.col,
                                     message=problem.message))
        return None, ""


def _display(root: Path, path: Path) -> Path:
    try:
        return root.resolve().parent.joinpath(path.resolve().relative_to(root.resolve().parent))
    except ValueError:
        return path


@dataclass
class ParsedFile:
    """One section file read and parsed, as the season's loop takes it in turn: the
    section (or None), the problems found in the file, the stages it leaves waiting for
    their players, and what its line in season.yaml was told (an unreadable file)."""

    section: Section | None
    found: list[Problem]
    own: dict[str, stage_sources.Deferred]
    added: list[Problem]


def parse_section_file(node: yaml.Node, root: Path, season_path: str, scoring: Scoring,
                       defaults: dict[str, object], memo: dict | None = None,
                       read: Reader = read_confined) -> ParsedFile:
    """Parse a section file, reusing the last result when neither it nor the defaults changed.

    The memo is what makes a live rebuild after one result cheap in a season of
    a hundred section files: only the edited file is parsed again. A pure function
    of the file and the season's defaults, so that ``season_preload`` can run it in
    another process.
    """
    col = yn.Collector(season_path)
    target, text = _section_file(node, Ctx(col, root), read)
    if target is None:
        return ParsedFile(None, [], {}, col.problems)
    # the memo's key (a hash of the text) only when there is a memo: a build has none
    key = (str(target), hashlib.sha256(text.encode()).hexdigest(), repr(scoring),
           repr(defaults)) if memo is not None else None
    if memo is not None and key in memo:
        section, found, own = memo[key]
    else:
        sub = yn.Collector(str(_display(root, target)))
        doc = yn.compose(text, sub)
        own = {}
        section = _section(doc, Ctx(sub, root), scoring, defaults, readers=own) \
            if doc is not None else None
        found = list(sub.problems)
        if memo is not None:
            memo[key] = (section, found, own)
    return ParsedFile(section, found, own, col.problems)


def _parse_section_files(nodes: list[yaml.ScalarNode], root: Path, season_path: str,
                         scoring: Scoring, defaults: dict[str, object], memo: dict | None,
                         read: Reader, preload: Preloaded | None) -> list[ParsedFile]:
    """Every section file named in season.yaml, parsed: here, or from the first one on
    while ``preload`` (a forked child, ``season_preload``) parses from the last one back."""
    if preload is None or memo is not None or read is not read_confined:
        return [parse_section_file(n, root, season_path, scoring, defaults, memo, read)
                for n in nodes]
    out: list[ParsedFile] = []
    while len(out) < len(nodes) and preload.claim(len(out)):
        out.append(parse_section_file(nodes[len(out)], root, season_path, scoring, defaults))
    theirs = preload.results(section_file_tags(nodes, season_path, scoring, defaults))
    for index in range(len(out), len(nodes)):
        done = theirs.get(index)
        out.append(done if done is not None else
                   parse_section_file(nodes[index], root, season_path, scoring, defaults))
    return out


def section_file_tags(nodes: list[yaml.ScalarNode], season_path: str, scoring: Scoring,
                      defaults: dict[str, object]) -> list[str]:
    """What a file parsed in another process must have been parsed with to be taken:
    its place and name in season.yaml, the season's defaults, the path problems show."""
    head = repr((season_path, len(nodes), repr(scoring), repr(defaults)))
    return [f"{head}|{i}|{n.value}|{n.start_mark.line}|{n.start_mark.column}"
            for i, n in enumerate(nodes)]


class Preloaded(Protocol):
    """A child parsing the section files from the last one back (``season_preload``)."""

    def claim(self, index: int) -> bool: ...

    def results(self, tags: list[str]) -> dict[int, ParsedFile]: ...


def _take(parsed: ParsedFile, ctx: Ctx, readers: dict[str, stage_sources.Deferred]) -> None:
    ctx.col.problems.extend(parsed.added)
    for sid, reader in parsed.own.items():
        readers.setdefault(sid, reader)


@dataclass
class SeasonHead:
    """season.yaml read up to its list of sections: what :func:`load_season` and
    ``season_preload``'s child both start from. ``keys`` is None when the file is not
    YAML (its problem is in ``col``)."""

    col: yn.Collector
    ctx: Ctx
    keys: dict[str, yaml.Node] | None = None
    scoring: Scoring = Scoring()
    defaults: dict[str, object] | None = None
    section_nodes: list[yaml.Node] | None = None
    text: str = ""  # season.yaml's text (the inline sections' memo keys: ``_inline_key``)


def season_head(root: Path, path: Path, text: str | None = None) -> SeasonHead:
    """Read season.yaml (``path``, in the resolved season folder ``root``; ``text``: its
    text when given) up to its sections."""
    if text is None:
        text = files.read_text(path, root, str(path))
    col = yn.Collector(str(path))
    head = SeasonHead(col, Ctx(col, root), text=text)
    doc = yn.compose(text, col)
    if doc is None and col.problems:
        return head
    head.keys = keys = yn.mapping(doc, col, "season.yaml", SEASON_KEYS,
                                  required=("name", "sections"))
    head.scoring = read_scoring(keys.get("scoring"), head.ctx, Scoring())
    head.defaults = {
        "tiebreaks": read_tiebreaks(keys.get("tiebreaks"), head.ctx),
        "free_round": read_points(keys.get("free_round_score"), head.ctx, "free_round_score"),
        "rated": read_rated(keys.get("rated"), col),
    }
    head.section_nodes = yn.sequence(keys.get("sections"), col, "sections")
    return head


def _markdown(node: yaml.Node | None, col: yn.Collector, what: str) -> str:
    """A Markdown text value, held to the same limits as news."""
    raw = yn.text(node, col, what) or ""
    if raw and node is not None:
        line = node.start_mark.line + 1 + (1 if node.style in ("|", ">") else 0)
        col.problems.extend(markdown_problems(raw, col.path, line))
    return raw


def _reports(node: yaml.Node | None, col: yn.Collector) -> report_links.ReportSettings | None:
    """``reports:``: the repository host players report results on (a link on each
    unplayed board): ``host`` (github, gitlab, gitea, forgejo) and ``repository``
    (OWNER/NAME), ``server`` for a self-hosted one; or a ``url`` template of its own."""
    if node is None or yn.is_null(node):
        return None
    keys = yn.mapping(node, col, "reports", REPORT_KEYS)
    if not keys:
        return None
    host, repository, server, url = (yn.text(keys.get(k), col, f"reports: {k}")
                                     for k in REPORT_KEYS)
    problems = len(col.problems)
    if url is not None:
        if not url.startswith("https://"):
            col.add(keys["url"], Message("reports: url must be an https:// address"))
        else:
            try:
                unknown = report_links.unknown_fields(url)
            except ValueError as err:
                unknown = [f"({err})"]
            if unknown:
                col.add(keys["url"], Message(
                    "reports: url has {unknown}; it may use only {fields}",
                    unknown=", ".join(unknown),
                    fields="{" + "}, {".join(report_links.GAME_FIELDS) + "}"))
        for k in ("host", "repository", "server"):
            if k in keys:
                col.add(keys[k], Message("reports: {key} does nothing beside url; write one"
                                         " or the other", key=k))
    else:
        hosts = tuple(report_links.HOSTS)
        if host is not None and host not in hosts:
            col.add(keys["host"], Message("reports: host must be one of {hosts}, not"
                                          " '{host}'{suggestion}", hosts=", ".join(hosts),
                                          host=host, suggestion=yn.suggestion(host, hosts)))
        if repository is None:
            col.add(node, Message("reports needs the repository (OWNER/NAME) results are"
                                  " reported on"))
        elif not _REPOSITORY.fullmatch(repository):
            col.add(keys["repository"], Message("reports: repository '{repository}' is not"
                                                " OWNER/NAME (letters, digits, . _ -)",
                                                repository=repository))
        if server is not None and not re.fullmatch(r"https://[A-Za-z0-9.-]+(:[0-9]+)?(/[\w.-]+)*/?",
                                                   server):
            col.add(keys["server"], Message("reports: server '{server}' is not an https://"
                                            " address", server=server))
        elif server is None and host in report_links.HOSTS \
                and report_links.HOSTS[host][0] is None:
            col.add(keys["host"], Message("reports: a {host} host needs its server"
                                          " (https://...)", host=host))
    if len(col.problems) > problems:
        return None
    return report_links.settings(host, repository, server, url)


def _language(node: yaml.Node, col: yn.Collector, what: str) -> str | None:
    raw = yn.text(node, col, what)
    if raw is None:
        return None
    code = raw if raw in LANGUAGES else LANGUAGE_ALIASES.get(raw.lower())
    if code is None:
        col.add(node, Message("{what} '{raw}' has no translation; available: "
                              "{LANGUAGES}{suggestion}",
                              what=what, raw=raw, LANGUAGES=', '.join(LANGUAGES),
                              suggestion=yn.suggestion(raw, LANGUAGES)))
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
            col.add(node, Message("language '{code}' is listed twice", code=code))
            continue
        codes.append(code)
    if first and codes and codes[0] != first:
        col.add(single, Message("language '{first}' is not the first of languages ({codes}); "
                                "write only languages, default first",
                                first=first, codes=', '.join(codes)))
    return tuple(codes) or ((first,) if first else ("en",))


def load_seasons(folders: dict[str, Path]) -> dict[str, Season]:
    """Every season of a folder of seasons (path in the site -> its folder), each loaded
    whole before any is refused: raise InputError listing the problems of all of them, so
    one run names every broken season."""
    seasons, problems = {}, []
    for path, season_dir in folders.items():
        try:
            seasons[path] = load_season(season_dir)
        except InputError as err:
            problems.extend(err.problems)
    if problems:
        raise InputError(problems)
    return seasons


def load_season(folder: str | Path, memo: dict | None = None,
                read: Reader = read_confined, preload: Preloaded | None = None,
                season_text: str | None = None, news: bool = True) -> Season:
    """Read and validate a season folder; raise InputError listing every problem.

    ``memo`` (any dict kept between calls) lets a long-running process skip
    section files that have not changed; ``read`` (:func:`read_confined` by default)
    is how section files are read, for a process that knows which files have not
    changed since it last read them. ``preload`` (``season_preload.start``) is a forked
    child already parsing the section files, from the last one back. ``season_text``
    stands for season.yaml's text (a change not written yet, with ``read`` giving the
    section files' new texts: ``season_write.load_candidate``); ``news``: False leaves
    ``news/`` unread.
    """
    root = Path(folder)
    path = root / SEASON_FILE
    if not root.is_dir():
        raise InputError([Problem(str(root), 0, 0, Message("is not a season folder (a folder "
                                                           "holding season.yaml)"))])
    if not path.exists() and not path.is_symlink():
        raise InputError([Problem(str(path), 0, 0, Message("no season.yaml here; `leaguegen new "
                                                           "DIR` creates a season to start from"))])
    root = root.resolve()
    head = season_head(root, path, season_text)
    col, ctx, keys = head.col, head.ctx, head.keys
    problems: list[Problem] = []
    season = None
    if keys is not None:
        scoring, defaults, section_nodes = head.scoring, head.defaults or {}, \
            head.section_nodes or []
        sections: list[Section] = []
        readers: dict[str, stage_sources.Deferred] = {}  # stages waiting for their players
        ids: dict[str, yaml.Node] = {}
        if "sections" in keys and not section_nodes and not col.problems:
            col.add(keys["sections"], Message("sections must list at least one section"))
        file_nodes = [n for n in section_nodes if isinstance(n, yaml.ScalarNode)]
        lines = _plain_lines(head.text) if memo is not None else None
        parsed = iter(_parse_section_files(file_nodes, root, col.path, scoring, defaults, memo,
                                           read, preload))
        for node in section_nodes:
            if isinstance(node, yaml.ScalarNode):
                done = next(parsed)
                _take(done, ctx, readers)
                section = done.section
                problems.extend(done.found)
            else:
                section = _inline_section(node, ctx, scoring, defaults, readers, memo, lines)
            if section is None:
                continue
            if section.id in ids:
                col.add(node, Message("section id '{id}' is used twice", id=section.id))
                continue
            ids[section.id] = node
            sections.append(section)
        sections, stage_problems = stage_sources.resolve(sections, readers)
        divisions = read_divisions(keys.get("divisions"), col, sections)
        sections = with_places(sections, divisions)
        known = set(col.problems) | set(problems)
        problems.extend(p for p in stage_problems if p not in known)
        sections, game_problems = read_games(root, Path(folder), sections, memo)  # games/
        problems.extend(game_problems)
        languages = _languages(keys.get("language"), keys.get("languages"), col)
        digits = yn.text(keys.get("digits"), col, "digits") or "western"
        if digits not in DIGITS:
            col.add(keys.get("digits"), Message("digits must be one of {DIGITS}, not "
                                                "'{digits}'{suggestion}",
                                                DIGITS=', '.join(DIGITS), digits=digits,
                                                suggestion=yn.suggestion(digits, DIGITS)))
            digits = "western"
        paper = yn.text(keys.get("paper"), col, "paper") or "A4"
        if paper not in PAPERS:
            col.add(keys.get("paper"), Message("{what} must be one of {choices}, not '{raw}'"
                                               "{suggestion}", what="paper",
                                               choices=", ".join(PAPERS), raw=paper,
                                               suggestion=yn.suggestion(paper, PAPERS)))
            paper = "A4"
        printables = yn.text(keys.get("printables"), col, "printables") or "none"
        if printables not in PRINTABLES:
            col.add(keys.get("printables"), Message(
                "{what} must be one of {choices}, not '{raw}'{suggestion}", what="printables",
                choices=", ".join(PRINTABLES), raw=printables,
                suggestion=yn.suggestion(printables, PRINTABLES)))
            printables = "none"
        site_url = read_line(keys.get("site_url"), col, "site_url") or ""
        if site_url and not SITE_URL.fullmatch(site_url):
            col.add(keys.get("site_url"), Message("{what} must be the site's address starting"
                                                  " with https:// or http://, not '{raw}'",
                                                  what="site_url", raw=site_url))
            site_url = ""
        season = Season(
            name=read_line(keys.get("name"), col, "name") or "",
            organiser=read_line(keys.get("organiser"), col, "organiser") or "",
            venue=read_line(keys.get("venue"), col, "venue") or "",
            time_control=read_line(keys.get("time_control"), col, "time_control") or "",
            language=languages[0], languages=languages, digits=digits,
            paper=paper, site_url=site_url.rstrip("/"), printables=printables,
            description=_markdown(keys.get("description"), col, "description"),
            sections=tuple(sections), reports=_reports(keys.get("reports"), col),
            series=read_series(keys.get("series"), ctx, ids,
                               Message("a section id of this season"),
                               {s.id: s.format for s in sections}),
            divisions=divisions,
        )
    news, news_problems = read_news(root, Path(folder)) if news else ((), [])
    problems.extend(news_problems)
    found = sorted(col.problems + problems, key=lambda p: (p.path, p.line, p.col))
    errors = [p for p in found if not p.warning]
    if errors or season is None:
        raise InputError(errors)
    return Season(**{**{f: getattr(season, f) for f in season.__dataclass_fields__}, "news": news,
                     "warnings": tuple(p for p in found if p.warning)})


