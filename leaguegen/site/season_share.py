"""A season's share of a folder of seasons' site, kept in the cache by the season's inputs.

After an edit in one season of a club's archive, the other seasons' pages stand as the
last build wrote them (``write.Manifest`` links them), and the club's pages need from each
season only a small record: its outline (name, organiser, dates, languages, sections and
their players: the roster and the index of seasons), every player entry's event
(``career.event``: games with opponents by number, named when the roster is made, so an
identity changed in another season still reaches it) and each section's final order (a
grand prix). :class:`Share` is that record, with the digests of the season's files; it is
kept in the build's cache (plain JSON, as every entry there) under :func:`key`: the
season's files, its newest commit, its path, the program, the templates and the options.
A season whose key finds its share is neither loaded nor derived nor built again.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

from leaguegen.domain.club.career import CareerEvent, CareerGame, event
from leaguegen.domain.model import Code, Player
from leaguegen.domain.season import Season
from leaguegen.domain.season_facts import SeasonFacts
from leaguegen.domain.sections.kind import Placing, Progress
from leaguegen.formats.git_history import newest_mtime
from leaguegen.site import stamp, urls

FORMAT = "season-share 4"
_CODES = {code.name: code for code in Code}  # Code[name] is a Python call, 76,000 times


@dataclass(frozen=True, slots=True)
class SectionOutline:
    """A section as the club's pages read it; ``placed`` its final order for a series
    (``SectionFacts.placings``: None for a team kind). It answers as the section and as
    its facts (``section``, ``progress``, ``placings()``: what a series reads)."""

    id: str
    name: str
    format: str  # the section's kind (club.yaml refuses a team kind as a series event)
    url: str
    players: tuple[Player, ...]
    progress: Progress
    placed: tuple[Placing, ...] | None

    @property
    def section(self) -> SectionOutline:
        return self

    def placings(self) -> tuple[Placing, ...] | None:
        return self.placed


@dataclass(frozen=True, slots=True)
class SeasonOutline:
    """A season as the index, the roster and club.yaml read it (``sections``: as a Season's)."""

    name: str
    organiser: str
    language: str
    languages: tuple[str, ...]
    digits: str
    first: dt.date | None
    last: dt.date | None
    sections: tuple[SectionOutline, ...]

    @property
    def season(self) -> SeasonOutline:  # as a SeasonFacts answers (``series_table``)
        return self

    @property
    def by_id(self) -> dict[str, SectionOutline]:
        return {s.id: s for s in self.sections}


@dataclass(frozen=True, slots=True)
class OutlineFacts:
    """An outline as a series reads a season's facts: ``season``, ``sections`` by id."""

    season: SeasonOutline
    sections: dict[str, SectionOutline]


@dataclass
class Share:
    """One season's record (see the module docstring). ``outputs``: each file of its site
    (by its path in the season) and the SHA-256 of its bytes; ``used``: the cache entries
    its build read, kept from pruning while it is not built; the counts of its report.
    ``digests``: each event's content digest (what a career page's key holds of it)."""

    outline: SeasonOutline
    events: dict[tuple[str, int], CareerEvent]
    outputs: dict[str, str] = field(default_factory=dict)
    used: list[str] = field(default_factory=list)
    pages: int = 0
    pdfs: int = 0
    sections: int = 0
    warnings: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    digests: dict[tuple[str, int], str] = field(default_factory=dict)
    _keys: tuple[str, str] | None = field(default=None, repr=False, compare=False)

    @property
    def facts(self) -> OutlineFacts:
        return OutlineFacts(self.outline, self.outline.by_id)

    def keys(self) -> tuple[str, str]:
        """Two digests, made once (a share is not changed once made): everything the club's
        pages read of the season (its outline, each event's digest), by which ``serve``
        keeps them; and its sections' ids and players, all the roster reads (an edited
        result leaves it, and the roster, as they were)."""
        if self._keys is None:
            o = self.outline
            one, two = (hashlib.sha256(text.encode()).hexdigest() for text in (
                f"{o!r}\0{list(self.digests.values())!r}",
                repr([(s.id, s.players) for s in o.sections])))
            self._keys = (one, two)
        return self._keys


def season_dates(season: Season | SeasonOutline) -> tuple[dt.date | None, dt.date | None]:
    """The first and last round dates of the season, over every section."""
    if isinstance(season, SeasonOutline):
        return season.first, season.last
    dates = [r.date for s in season.sections for r in s.rounds if r.date is not None]
    return (min(dates), max(dates)) if dates else (None, None)


def key(folder: Path, path: str, made_with: str) -> str:
    """What a season's build reads: its files, its newest commit and its files' newest
    modification time (its pages' "last updated", ``git_history``), its path, and
    ``made_with``: the program, the templates (``templates_fingerprint``, which holds the
    program's identity) and the options."""
    text = (f"{FORMAT}\0{made_with}\0{path}\0{stamp.last_commit(folder)}\0"
            f"{newest_mtime(Path(folder).resolve())}\0{stamp.files_digest(folder)}")
    return hashlib.sha256(text.encode()).hexdigest()


def share_of(path: str, season: Season, facts: SeasonFacts,
             before: tuple[SeasonFacts, Share] | None = None) -> Share:
    """The season's share (``outputs`` and the counts are the caller's to fill).

    ``before``: the facts and share of this season's last build (``serve``): a section whose
    facts are the very ones of then (``season_facts`` hands an unchanged section's facts
    back as they were) keeps its events and their digests, in a season whose name is the
    same (an event reads the section's facts and the season's name only)."""
    sections = []
    for section in season.sections:
        f = facts.sections[section.id]
        sections.append(SectionOutline(section.id, section.name, section.format,
                                       urls.section(section),
                                       tuple(section.players), f.progress, f.placings()))
    first, last = season_dates(season)
    outline = SeasonOutline(season.name, season.organiser, season.language, season.languages,
                            season.digits, first, last, tuple(sections))
    kept = {sid for sid, f in before[0].sections.items() if facts.sections.get(sid) is f
            and before[0].season.name == season.name} if before is not None else set()
    events, digests = {}, {}
    for s in season.sections:
        for n in range(1, len(s.players) + 1):
            if s.id in kept:
                events[(s.id, n)] = before[1].events[(s.id, n)]  # type: ignore[index]
                digests[(s.id, n)] = before[1].digests[(s.id, n)]  # type: ignore[index]
            else:
                events[(s.id, n)] = e = event(path, facts, s.id, n)
                digests[(s.id, n)] = _digest(e)
    return Share(outline, events, warnings=[str(w) for w in season.warnings],
                 digests=digests)


def _digest(e: CareerEvent) -> str:
    return hashlib.sha256(repr(e).encode()).hexdigest()[:32]


# ---------------------------------------------------------------- as JSON

def _date(d: dt.date | None) -> str | None:
    return d.isoformat() if d is not None else None


def _day(text: str | None) -> dt.date | None:
    return dt.date.fromisoformat(text) if text is not None else None


def _frac(value: Fraction | None) -> str | None:
    return str(value) if value is not None else None


def _player(p: Player) -> list:
    return [p.name, p.rating, p.fide_id, p.club_id, list(p.aliases), p.birth]


def _event(e: CareerEvent, digest: str) -> list:
    return [digest, e.section, e.section_name, e.number, e.rating, _date(e.first), _date(e.last),
            str(e.points), e.played, e.performance, _frac(e.rating_change), e.zone,
            [[g.round, _date(g.date), g.opponent, g.colour, g.code.name, g.opponent_number]
             for g in e.games]]


def to_json(share: Share) -> str:
    o = share.outline
    sections = [[s.id, s.name, s.format, s.url, [_player(p) for p in s.players],
                 [s.progress.rounds_played, s.progress.rounds_total, s.progress.finished,
                  s.progress.in_progress, _date(s.progress.next_date)],
                 None if s.placed is None else
                 [[p.number, p.rank, str(p.score), p.tier] for p in s.placed]]
                for s in o.sections]
    return json.dumps({
        "format": FORMAT,
        "outline": [o.name, o.organiser, o.language, list(o.languages), o.digits,
                    _date(o.first), _date(o.last), sections],
        "events": [_event(e, share.digests[k]) for k, e in share.events.items()],
        "outputs": share.outputs, "used": share.used,
        "counts": [share.pages, share.pdfs, share.sections],
        "warnings": share.warnings, "notes": share.notes,
    }, ensure_ascii=False, separators=(",", ":"))


def from_json(text: str, path: str) -> Share | None:
    """The share written by :func:`to_json` for the season at ``path``; None if unreadable."""
    try:
        data = json.loads(text)
        if data.get("format") != FORMAT:
            return None
        name, organiser, language, languages, digits, first, last, raw = data["outline"]
        sections = tuple(
            SectionOutline(sid, sname, kind, url,
                           tuple(Player(n, rating=r, fide_id=f, club_id=c, aliases=tuple(a),
                                        birth=b) for n, r, f, c, a, b in players),
                           Progress(pr[0], pr[1], pr[2], pr[3], _day(pr[4])),
                           None if rows is None else
                           tuple(Placing(n, rank, Fraction(p), tier)
                                 for n, rank, p, tier in rows))
            for sid, sname, kind, url, players, pr, rows in raw)
        outline = SeasonOutline(name, organiser, language, tuple(languages), digits,
                                _day(first), _day(last), sections)
        events, digests = {}, {}
        days: dict[str | None, dt.date | None] = {None: None}  # a few hundred dates, 76,000 games
        for (digest, sid, sname, number, rating, efirst, elast, points, played, perf, change,
             zone, games) in data["events"]:
            digests[(sid, number)] = digest
            events[(sid, number)] = CareerEvent(
                path, name, sid, sname, number, rating, _day(efirst), _day(elast),
                tuple(CareerGame(r, days[d] if d in days else days.setdefault(d, _day(d)), opp,
                                 colour, _CODES[code], num)
                      for r, d, opp, colour, code, num in games),
                Fraction(points), played, perf, None if change is None else Fraction(change),
                zone=zone)
        pages, pdfs, count = data["counts"]
        return Share(outline, events, dict(data["outputs"]), list(data["used"]), pages, pdfs,
                     count, list(data["warnings"]), list(data["notes"]), digests)
    except (ValueError, TypeError, KeyError, AttributeError):
        return None
