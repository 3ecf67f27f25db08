"""Who is the same person across the seasons of a folder of seasons.

Every player entry of every section of every season is an *appearance*. Two
appearances are one member when the files say so, and only then:

1. the same ``club_id`` (the club's own membership key);
2. the same FIDE ID (``fide_id``), unless the two carry different ``club_id`` (then they
   stay apart, and are reported);
3. the same name (``domain.names.name_key``: case, width and invisible characters
   aside) when neither entry has a ``club_id`` or a FIDE ID;
4. an explicit ``aliases:`` on an entry: every appearance under that other name is the
   same member (a name change, a typo left in an old season).

Nothing else is ever matched: no similar spelling, no "same name, one with a FIDE ID".
Those are reported instead (:func:`probable_duplicates`): two members that share a FIDE
ID (two ``club_id`` given to one FIDE player), or a name with the same birth year, or a
name where one has an id and the other none (a FIDE ID added in a later season) are
probably one person, and ``check`` warns, naming both entries' files and lines, so the
organiser adds the id or the alias. An alias that names nobody is reported too.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from leaguegen.domain.model import Player
from leaguegen.domain.names import name_key, name_slug
from leaguegen.domain.season import Season
from leaguegen.errors import Message, Problem


@dataclass(frozen=True, slots=True)
class Appearance:
    """One player entry: the season (its path in the folder's site), the section and the
    player's number in it, and the entry as written."""

    season: str
    section: str
    number: int
    player: Player


@dataclass(frozen=True, slots=True)
class Member:
    """One person of the club. ``slug``: the career page's name (unique in the folder);
    ``name``: the newest name written; ``names``: every name written, oldest first;
    ``appearances`` in season order (oldest first), then as the seasons list them."""

    slug: str
    name: str
    names: tuple[str, ...]
    fide_id: int | None
    club_id: str | None
    appearances: tuple[Appearance, ...]


@dataclass(frozen=True, slots=True)
class Roster:
    """Every member of a folder of seasons, and which member each appearance is.
    ``unknown_aliases``: aliases naming no appearance in the folder (entry, alias)."""

    members: tuple[Member, ...]
    member_of: Mapping[tuple[str, str, int], str]  # (season, section, number) -> slug
    unknown_aliases: tuple[tuple[Appearance, str], ...] = ()
    by_slug: Mapping[str, Member] = field(default_factory=dict)

    def member(self, slug: str) -> Member:
        return self.by_slug[slug]

    def slug_of(self, season: str, section: str, number: int) -> str | None:
        return self.member_of.get((season, section, number))


def appearances(seasons: Mapping[str, Season], order: Sequence[str]) -> list[Appearance]:
    """Every player entry of the seasons, ``order`` (oldest season first) kept."""
    out = []
    for path in order:
        for section in seasons[path].sections:
            for number, player in enumerate(section.players, start=1):
                out.append(Appearance(path, section.id, number, player))
    return out


class _Sets:
    """Union-find over appearance indexes, with the club ids each set holds."""

    def __init__(self, found: Sequence[Appearance]) -> None:
        self.parent = list(range(len(found)))
        self.clubs = [frozenset({a.player.club_id}) if a.player.club_id else frozenset()
                      for a in found]

    def find(self, i: int) -> int:
        while self.parent[i] != i:
            self.parent[i] = self.parent[self.parent[i]]
            i = self.parent[i]
        return i

    def union(self, a: int, b: int, unless_clubs_differ: bool = False) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra == rb:
            return
        ca, cb = self.clubs[ra], self.clubs[rb]
        if unless_clubs_differ and ca and cb and ca != cb:
            return  # two club ids, one FIDE ID: kept apart, and reported
        low, high = min(ra, rb), max(ra, rb)
        self.parent[high] = low
        self.clubs[low] = ca | cb


def roster(seasons: Mapping[str, Season], order: Sequence[str]) -> Roster:
    """The members of the seasons (``order``: their paths, oldest first)."""
    found = appearances(seasons, order)
    sets = _Sets(found)
    by_club: dict[str, int] = {}
    by_fide: dict[int, int] = {}
    by_own_name: dict[str, int] = {}
    by_name: dict[str, list[int]] = {}
    for i, a in enumerate(found):
        p = a.player
        if p.club_id:  # rule 1
            sets.union(by_club.setdefault(p.club_id, i), i)
        elif not p.fide_id:  # rule 3: neither id
            sets.union(by_own_name.setdefault(name_key(p.name), i), i)
        by_name.setdefault(name_key(p.name), []).append(i)
    for i, a in enumerate(found):  # rule 2, after every club id is known
        if a.player.fide_id:
            sets.union(by_fide.setdefault(a.player.fide_id, i), i, unless_clubs_differ=True)
    unknown = []
    for i, a in enumerate(found):  # rule 4
        for alias in a.player.aliases:
            others = by_name.get(name_key(alias), [])
            if not others:
                unknown.append((a, alias))
            for j in others:
                sets.union(i, j)
    groups: dict[int, list[int]] = {}
    for i in range(len(found)):
        groups.setdefault(sets.find(i), []).append(i)
    members, member_of, taken = [], {}, set()
    for root in sorted(groups):
        items = [found[i] for i in groups[root]]
        names = tuple(dict.fromkeys(a.player.name for a in items))
        newest = items[-1].player
        slug = base = name_slug(newest.name) or "player"
        n = 2
        while slug in taken:
            slug, n = f"{base}-{n}", n + 1
        taken.add(slug)
        fide = next((a.player.fide_id for a in reversed(items) if a.player.fide_id), None)
        club = next((a.player.club_id for a in reversed(items) if a.player.club_id), None)
        members.append(Member(slug, newest.name, names, fide, club, tuple(items)))
        for a in items:
            member_of[(a.season, a.section, a.number)] = slug
    return Roster(tuple(members), member_of, tuple(unknown), {m.slug: m for m in members})


@dataclass(frozen=True, slots=True)
class ProbableDuplicate:
    """Two members that are probably one person: an entry of each, and why."""

    first: Appearance
    second: Appearance
    reason: str


def _birth_year(player: Player) -> str | None:
    text = (player.birth or "")[:4]
    return text if len(text) == 4 and text.isdigit() else None


def probable_duplicates(found: Roster) -> list[ProbableDuplicate]:
    """Pairs of members that share a FIDE ID, or a name with the same birth year, or a
    name where one has an id (FIDE or club) and the other none. Each pair once."""
    out: list[ProbableDuplicate] = []
    seen: set[tuple[str, str]] = set()
    by_fide: dict[int, list[tuple[Member, Appearance]]] = {}
    by_name: dict[str, list[tuple[Member, Appearance]]] = {}
    for m in found.members:
        mine_fide: dict[int, Appearance] = {}
        mine_name: dict[str, Appearance] = {}
        for a in m.appearances:
            if a.player.fide_id:
                mine_fide.setdefault(a.player.fide_id, a)
            mine_name.setdefault(name_key(a.player.name), a)
        for fide, a in mine_fide.items():
            by_fide.setdefault(fide, []).append((m, a))
        for key, a in mine_name.items():
            by_name.setdefault(key, []).append((m, a))

    def add(one: tuple[Member, Appearance], two: tuple[Member, Appearance], why: str) -> None:
        pair = (one[0].slug, two[0].slug)
        if pair not in seen:
            seen.add(pair)
            out.append(ProbableDuplicate(one[1], two[1], why))

    for fide, group in by_fide.items():
        for i, one in enumerate(group):
            for two in group[i + 1:]:
                add(one, two, Message("the same FIDE ID {fide_id}", fide_id=fide))
    for group in by_name.values():
        for i, one in enumerate(group):
            for two in group[i + 1:]:
                years = ({_birth_year(a.player) for a in one[0].appearances}
                         & {_birth_year(a.player) for a in two[0].appearances}) - {None}
                if years:
                    add(one, two, Message("the same name and birth year {year}",
                                          year=min(years)))  # type: ignore[type-var]
                elif _has_id(one[0]) != _has_id(two[0]):
                    add(one, two, Message("the same name, one with an id (FIDE or club) and"
                                          " one without"))
    return out


def _has_id(member: Member) -> bool:
    return member.fide_id is not None or member.club_id is not None


def _where(a: Appearance) -> tuple[str, int, int]:
    return a.player.source or (a.season, 0, 0)


def identity_warnings(found: Roster) -> list[Problem]:
    """``check``'s warnings for a folder of seasons: each probable duplicate at its first
    entry, naming the other's file and line; each alias that names nobody."""
    out = []
    for dup in probable_duplicates(found):
        path, line, col = _where(dup.first)
        other = _where(dup.second)
        there = f"{other[0]}:{other[1]}" if other[1] else other[0]
        out.append(Problem(path, line, col, Message(
            "'{name}' ({season}, section '{section}') and '{other}' at {there} ({other_season},"
            " section '{other_section}') are probably one person with two identities:"
            " {reason}. If they are, give both entries the same fide_id or club_id (or list"
            " an old name under the new entry's aliases); if not, nothing needs doing",
            name=dup.first.player.name, season=dup.first.season, section=dup.first.section,
            other=dup.second.player.name, there=there, other_season=dup.second.season,
            other_section=dup.second.section, reason=dup.reason), warning=True))
    for a, alias in found.unknown_aliases:
        path, line, col = _where(a)
        out.append(Problem(path, line, col, Message(
            "{name}: alias '{alias}' names no player in the folder's seasons",
            name=a.player.name, alias=alias), warning=True))
    return out
