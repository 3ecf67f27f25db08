"""Players in season files: a name, or a mapping with rating, title, federation, FIDE id...

Also how a result line finds a player (full name, or a surname when unique) and
what makes two names the same (case, width and invisible characters aside).
"""

from __future__ import annotations

import datetime as dt
import re
import unicodedata

import yaml

from leaguegen.domain.model import Player
from leaguegen.domain.names import family_problem, name_key
from leaguegen.errors import Message
from leaguegen.formats import yaml_nodes as yn
from leaguegen.formats.yaml_nodes import Ctx

PLAYER_KEYS = ("name", "rating", "federation", "title", "fide_id", "sex", "birth", "club",
               "start", "id", "club_id", "aliases", "family")
CLUB_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$")
PLAYER_ID = re.compile(r"^[a-z0-9][a-z0-9-]{0,59}$")


TITLES = ("GM", "IM", "FM", "CM", "WGM", "WIM", "WFM", "WCM")


MAX_RATING = 4000  # above every rating ever published; TRF has four digits for it


MAX_FIDE_ID = 10**12


# The longest player name: far past any real one (FIDE's list tops out near 60 characters),
# short enough for a table cell, a TRF line (which keeps 33) and a page address.
MAX_NAME = 100


# A birth date: 1994-05-12 or 1994 (the TRF form 1994/05/12, and 1994/00/00 for a year only,
# are read too, as ``import trf`` copies them). docs/season-format.md, "A section".
BIRTH_FORMS = "YYYY-MM-DD or YYYY"
_BIRTH = re.compile(r"(\d{4})(?:([-/])(\d{2})\2(\d{2}))?")
BIRTH_YEARS = (1850, 2100)


def read_player(node: yaml.Node, ctx: Ctx, index: int) -> tuple[Player | None, yaml.Node]:
    what = Message("player {index}", index=index)
    if isinstance(node, yaml.ScalarNode):
        name = yn.text(node, ctx.col, what)
        if name and (why := name_problem(name)) is not None:
            ctx.col.add(node, why)
            return None, node
        return (Player(name=name, source=_source(node, ctx)) if name else None), node
    keys = yn.mapping(node, ctx.col, what, PLAYER_KEYS, required=("name",))
    name = yn.text(keys.get("name"), ctx.col, Message("{what} name", what=what))
    if not name:
        if "name" in keys:
            ctx.col.add(keys["name"], Message("{what} has an empty name", what=what))
        return None, node
    if (why := name_problem(name)) is not None:
        ctx.col.add(keys["name"], why)
        return None, node
    title = yn.text(keys.get("title"), ctx.col, f"{name}: title")
    if title and title.upper() not in TITLES:
        ctx.col.add(keys["title"], Message("{name}: title '{title}' is not one of {TITLES}",
                                           name=name, title=title, TITLES=', '.join(TITLES)))
        title = None
    federation = yn.text(keys.get("federation"), ctx.col, Message("{name}: federation",
                                                                  name=name))
    if federation and not re.fullmatch(r"[A-Za-z]{3}", federation):
        ctx.col.add(keys["federation"], Message("{name}: federation must be a 3-letter code "
                                                "such as ENG",
                                                name=name))
        federation = None
    return Player(
        name=name,
        rating=_rating(keys.get("rating"), ctx, name),
        federation=federation.upper() if federation else None,
        title=title.upper() if title else None,
        fide_id=_fide_id(keys.get("fide_id"), ctx, name),
        sex=_sex(keys.get("sex"), ctx, name),
        birth=_birth(keys.get("birth"), ctx, name),
        club=yn.text(keys.get("club"), ctx.col, f"{name}: club"),
        start=yn.integer(keys.get("start"), ctx.col, f"{name}: start", minimum=1),
        id=_player_id(keys.get("id"), ctx, name),
        club_id=_club_id(keys.get("club_id"), ctx, name),
        aliases=_aliases(keys.get("aliases"), ctx, name),
        source=_source(node, ctx),
        family=_family(keys.get("family"), ctx, name),
    ), node


def _source(node: yaml.Node, ctx: Ctx) -> tuple[str, int, int]:
    """Where a player's entry is written, as a warning names it."""
    return ctx.col.path, node.start_mark.line + 1, node.start_mark.column + 1


def _club_id(node: yaml.Node | None, ctx: Ctx, name: str) -> str | None:
    """``club_id``: the club's own key for a member (a membership number such as
    ``RCC-017``), the same in every season; letters, digits, ``.``, ``_``, ``-``."""
    if node is not None and isinstance(node, yaml.ScalarNode) and node.tag.endswith(":int"):
        return str(node.value)  # club_id: 17 (read as written: 017 stays 017)
    value = yn.text(node, ctx.col, f"{name}: club_id")
    if value is not None and not CLUB_ID.match(value):
        ctx.col.add(node, Message("{name}: {key} '{value}' must be letters, digits, '.', '_'"
                                  " or '-' (at most 40)", name=name, key="club_id",
                                  value=value))
        return None
    return value


def _aliases(node: yaml.Node | None, ctx: Ctx, name: str) -> tuple[str, ...]:
    """``aliases``: the other names this person is written under in other seasons of a
    folder of seasons (a name change, an old typo); one name or a list."""
    if node is None or yn.is_null(node):
        return ()
    items = [node] if isinstance(node, yaml.ScalarNode) else yn.sequence(
        node, ctx.col, f"{name}: aliases")
    out: list[str] = []
    for item in items:
        alias = yn.text(item, ctx.col, f"{name}: alias")
        if not alias:
            continue
        if (why := name_problem(alias)) is not None:
            ctx.col.add(item, why)
        elif name_key(alias) == name_key(name):
            ctx.col.add(item, Message("{name}: {key} '{alias}' is the player's own name",
                                      name=name, key="alias", alias=alias))
        elif alias not in out:
            out.append(alias)
    return tuple(out)


def _rating(node: yaml.Node | None, ctx: Ctx, name: str) -> int | None:
    value = yn.integer(node, ctx.col, f"{name}: rating", minimum=0)
    if value is not None and value > MAX_RATING:
        ctx.col.add(node, Message("{name}: rating {value} is not a chess rating (at most "
                                  "{MAX_RATING})",
                                  name=name, value=value, MAX_RATING=MAX_RATING))
        return None
    return value or None


def _fide_id(node: yaml.Node | None, ctx: Ctx, name: str) -> int | None:
    value = yn.integer(node, ctx.col, f"{name}: fide_id", minimum=1)
    if value is not None and value >= MAX_FIDE_ID:
        ctx.col.add(node, Message("{name}: fide_id {value} is too long to be a FIDE ID",
                                  name=name, value=value))
        return None
    return value


SEXES = ("m", "w", "f")  # the TRF's one letter (m / w; real files also write f)


def _sex(node: yaml.Node | None, ctx: Ctx, name: str) -> str | None:
    """The TRF's one letter, refused here rather than by the TRF writer at build time
    (``female`` passed check, then build could not write the section's TRF)."""
    value = yn.text(node, ctx.col, f"{name}: sex")
    if value is not None and value.strip().lower() not in SEXES:
        ctx.col.add(node, Message("{name}: sex '{value}' is not one of m, w (or f), as the TRF "
                                  "writes it",
                                  name=name, value=value))
        return None
    return value.strip().lower() if value is not None else None


def birth_problem(text: str) -> str | None:
    """What is wrong with ``text`` as a birth date (None: it is one)."""
    match = _BIRTH.fullmatch(text.strip())
    problem = Message("birth '{text}' is not a date like 1994-05-12 or a year like 1994"
                      " ({forms})", text=text, forms=BIRTH_FORMS)
    if match is None:
        return problem
    year, sep, month, day = match.groups()
    if not BIRTH_YEARS[0] <= int(year) <= BIRTH_YEARS[1]:
        return Message("birth '{text}': year {year} is not a birth year", text=text, year=year)
    if sep is None or (sep == "/" and month == day == "00"):  # a year alone
        return None
    try:
        dt.date(int(year), int(month), int(day))
    except ValueError:
        return problem
    return None


def _birth(node: yaml.Node | None, ctx: Ctx, name: str) -> str | None:
    value = yn.text(node, ctx.col, f"{name}: birth")
    if value is not None and (why := birth_problem(value)) is not None:
        ctx.col.add(node, Message("{name}: {why}", name=name, why=why))
        return None
    return value


def _family(node: yaml.Node | None, ctx: Ctx, name: str) -> str | None:
    """``family:``, the part of the name that is the family name (its first or last
    words): A-Z lists sort by it, the TRF writes "Family, Given" (docs/season-format.md)."""
    value = yn.text(node, ctx.col, f"{name}: family")
    if value is not None and (why := family_problem(name, value)) is not None:
        ctx.col.add(node, Message("{name}: {why}", name=name, why=why))
        return None
    return value


def _player_id(node: yaml.Node | None, ctx: Ctx, name: str) -> str | None:
    value = yn.text(node, ctx.col, f"{name}: id")
    if value is not None and not PLAYER_ID.match(value):
        ctx.col.add(node, Message("{name}: id '{value}' must be lower-case letters, digits and "
                                  "hyphens (it names the player's page)",
                                  name=name, value=value))
        return None
    return value


def name_problem(name: str) -> str | None:
    if len(name) > MAX_NAME:
        return Message("player name {start!r}... has {count} character; a name has at"
                       " most {most}", "player name {start!r}... has {count} characters; a"
                       " name has at most {most}", start=name[:40], count=len(name),
                       most=MAX_NAME)
    bad = next((ch for ch in name if unicodedata.category(ch) in ("Cc", "Zl", "Zp")), None)
    if bad is not None:
        return Message("player name {name!r} holds a control character (U+{code:04X}); names"
                       " are one line of text", name=name, code=ord(bad))
    if not name_key(name):
        return Message("player name {name!r} has no visible letters", name=name)
    return None


class Names:
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

    def number(self, who: str, node: yaml.Node | None, ctx: Ctx, what: str) -> int | None:
        """``who``'s pairing number, or None after an error at ``node`` naming ``what``
        (the key being read) and the nearest entered name."""
        found = self.find(who)
        if isinstance(found, int):
            return found
        ctx.col.add(node, Message("{what}: unknown player '{who}'{suggestion}",
                                  what=what, who=who, suggestion=yn.suggestion(who,
                                  list(self.exact))))
        return None


def _surname(name: str) -> str:
    name = name.strip()
    if "," in name:
        return name.split(",")[0].strip().casefold()
    return name.split()[-1].casefold() if name.split() else ""


def read_late_entries(node: yaml.Node | None, ctx: Ctx, known: set[str]) -> list[Player]:
    """Players entered after the draw (``late_entries:``); a name already entered is an error."""
    out = []
    for i, pnode in enumerate(yn.sequence(node, ctx.col, "late_entries"), start=1):
        player, where = read_player(pnode, ctx, i)
        if player is None:
            continue
        if player.name in known:
            ctx.col.add(where, Message("late entry '{name}' is already entered",
                                       name=player.name))
            continue
        known.add(player.name)
        out.append(player)
    return out


def look_alike_warnings(sections) -> list[str]:  # noqa: ANN001 - Season.sections
    """``check``'s warnings: two players of one section whose names print alike but are
    spelt with other letters (Cyrillic "А" for Latin "A"; ``domain.names.skeleton``). Not
    an error: ``enter --different-person`` may have said they are two people."""
    from leaguegen.domain.names import look_alike_letters, skeleton

    out = []
    for section in sections:
        seen: dict[str, str] = {}
        for player in section.players:
            key = skeleton(player.name)
            first = seen.setdefault(key, player.name)
            if first != player.name and name_key(first) != name_key(player.name):
                letters = ", ".join(look_alike_letters(player.name, first))
                out.append(Message("warning: section '{id}': players '{first}' and '{name}' "
                                   "look the same but are spelt with other letters ({letters}); "
                                   "if they are one player, keep one name",
                                   id=section.id, first=first, name=player.name,
                                   letters=letters))
    return out
