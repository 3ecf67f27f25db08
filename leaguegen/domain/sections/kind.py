"""What every section kind declares, and the facts every section derives.

A *kind* is one way of running a section (a round robin, a Swiss, quads, a
Scheveningen match, a knockout). Each lives in one module of this package that
builds a :class:`SectionKind` and registers it (``registry.register``); the
loader, the CLI, the pages, the planner and the TRF export read their lists of
formats, labels and defaults from the registry, so a new kind is a new module
here, a reader in ``formats/sections/``, a page module in ``site/pages/`` and
its templates, and nothing else.

:class:`SectionFacts` is everything a section derives (crosstable, standings,
progress, the final ranking a later stage takes its players from), built once
per build by the kind's ``facts`` function and read by every page, PDF, export
and feed. Kinds with more to say (the groups of quads, a bracket, a team
match, a Swiss's rounds) return a subclass with their own fields.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import TYPE_CHECKING

from leaguegen.domain.model import Crosstable
from leaguegen.domain.planning import Shape, Sizing
from leaguegen.domain.season import Section
from leaguegen.domain.standings import Standings

if TYPE_CHECKING:  # domain/rating/report reads SectionFacts: the type only, for annotations
    from leaguegen.domain.rating.report import RatingReport


def N_(message: str) -> str:  # noqa: N802 - the gettext convention
    """Marks an English label for the site's message catalogue (tools/i18n.py extracts
    it from here); the domain never translates, the site does."""
    return message


@dataclass(frozen=True, slots=True)
class Progress:
    """How far a section has got.

    ``rounds_played`` is the last round with a result entered; ``in_progress``
    names a round that has some results but not all (None when none is);
    ``finished`` means every planned game has its result (or its forfeit).
    ``next_date`` is the date of the next round still to be played, if known.
    """

    rounds_played: int
    rounds_total: int
    finished: bool
    in_progress: int | None = None
    next_date: dt.date | None = None


@dataclass(frozen=True, slots=True)
class SectionFacts:
    """The derived, read-only facts of one section (see the module docstring).

    ``table`` and ``standings`` are None for kinds that have no single table (a
    knockout; quads have one per group in their subclass). ``excluded`` are the
    players the withdrawal rule keeps out of the standings. ``ranking`` is the
    order by pairing number of the standings (best first). ``rankings`` are
    what a later stage may qualify players from: one ``(id, names best first)``
    per table (a quads section has one per group); a kind that cannot feed a
    stage has none. ``rating``: each player's FIDE rating change in the section's games
    (B.02, ``domain/rating/``) when the section is declared rated (``rated: fide``), set
    by ``domain.season_facts`` (it needs the season's time control); None otherwise.
    """

    section: Section
    kind: SectionKind
    progress: Progress
    table: Crosstable | None = None
    standings: Standings | None = None
    excluded: frozenset[int] = frozenset()
    ranking: tuple[int, ...] = ()
    rankings: tuple[tuple[str, tuple[str, ...]], ...] = ()
    rating: RatingReport | None = None

    def placings(self) -> tuple[Placing, ...] | None:
        """The section's final order as a grand prix series reads it (its kind's
        ``placings`` hook); None for a kind whose players have no order of their own."""
        hook = self.kind.placings
        return None if hook is None else hook(self)

    @property
    def finished(self) -> bool:
        return self.progress.finished


@dataclass(frozen=True, slots=True)
class Placing:
    """A player's place in a section's final order, as a grand prix series reads it
    (``SectionKind.placings``). ``number`` the section's; ``tier`` a band above any points
    (0 for one table; a quads group, the top group first; a knockout, the round a player
    went out, the winner's first); ``rank`` within the tier (equal: tied on every
    tie-break); ``score`` the points in it."""

    number: int
    rank: int
    score: Fraction
    tier: int = 0


def table_placings(facts: SectionFacts) -> tuple[Placing, ...]:
    """The order of a kind with one standings table (a round robin, a Swiss): its rows as
    its page shows them; none before the first result."""
    return standings_placings(facts) if facts.progress.rounds_played else ()


def standings_placings(facts: SectionFacts, tier: int = 0) -> tuple[Placing, ...]:
    """The rows of ``facts``' standings as placings in ``tier`` (none without a table)."""
    table, standings = facts.table, facts.standings
    if table is None or standings is None:
        return ()
    unit = table.scoring.unit
    return tuple(Placing(r.number, r.rank, r.points * unit, tier) for r in standings.rows)


FactsBuilder = Callable[[Section], SectionFacts]


def results_cut(section: Section, after: int) -> Section:
    """``section`` as it stood once round ``after`` was played: the games, byes and
    withdrawals of later rounds left out (a player who withdrew after round ``after`` or
    later had not yet), so its kind's ``facts`` rank it on rounds 1..``after`` only."""
    return replace(section, games=tuple(g for g in section.games if g.round <= after),
                   byes=tuple(b for b in section.byes if b.round <= after),
                   withdrawals=tuple(w for w in section.withdrawals if w.after_round < after))
# (round, White, Black) in section numbers: the games a section expects
ScheduledGame = tuple[int, int, int]


def games_as_written(section: Section) -> list[ScheduledGame]:
    """The schedule of a kind whose rounds are paired as it goes (a Swiss, a knockout):
    the games written in its rounds."""
    return [(g.round, g.white, g.black) for g in section.games]


def table_games(table: Sequence[Sequence[object]],
                numbers: Callable[[int], int] | None = None) -> list[ScheduledGame]:
    """The games of a table of rounds of boards (``berger.schedule``'s shape), free
    boards left out; ``numbers`` maps a table number to the section's."""
    out = []
    for r, boards in enumerate(table, start=1):
        for b in boards:
            w, bl = b.white, b.black  # type: ignore[attr-defined]
            if w is not None and bl is not None:
                out.append((r, numbers(w), numbers(bl)) if numbers else (r, w, bl))
    return out


# How a late entry joins a kind (``Chores.late_entry``):
PLAYERS = "players"              # appended to ``players`` (a Swiss: the next number)
FREE_NUMBER = "free_number"      # ``players`` until a result; then ``late_entries``,
                                 # taking the free number of an odd field (a round robin)
LATE_ENTRIES = "late_entries"    # always ``late_entries``, placed by the kind (quads)


@dataclass(frozen=True, slots=True)
class Chores:
    """How the organiser's chores (``formats/chores/``) apply to a kind; what a kind
    leaves out is refused by the chore with a message, never half done.

    ``withdraw``: ``withdraw`` records a withdrawal in its ``withdrawals``.
    ``late_entry``: how ``enter`` adds a player (PLAYERS, FREE_NUMBER, LATE_ENTRIES) or
    None (edit the file). ``accepts_byes``: ``bye`` records a requested bye (the kind's
    rounds are paired one at a time, so a bye is asked for before its round; the requests
    are kept as a Swiss keeps them, in its ``SwissSettings``).
    ``computed_numbers``: its pairing numbers may be computed by ``seeding: rating |
    lots | varma``, so ``freeze`` (and the first result) writes them into the file.
    ``paired_rounds``: for a kind paired round by round, the last paired round (a
    result for a later round is refused; a paired round freezes its numbers); None: every
    round is scheduled from the start.
    ``games_per_pairing``: a pairing is a match of that many games in consecutive rounds,
    written on one line of the file's round (a Double-Swiss: 2; its rounds are game rounds,
    match ``k`` is rounds ``2k - 1`` and ``2k``): ``result`` writes a match's line, and
    ``bye`` and ``withdraw`` count matches, as the file does.
    ``pairing_order``: a kind paired by TPN (C.04.2 art. 2) whose late entries may be
    placed in the initial order (``pairing_order:`` in the file, written by ``enter``
    until the fourth round is paired): its players' numbers in TPN order; None: the
    number is the TPN.
    ``team_matches``: its results are team matches entered board by board and its
    withdrawals are of teams (a team league): ``result`` names a match ("Home team - Away
    team") and writes its card, a whole-match default or one board (``--board``), and
    ``withdraw`` names a team (``formats/chores/team_match.py``); ``scheduled_games`` are
    then its fixtures, (round, home team, away team).
    """

    withdraw: bool = False
    late_entry: str | None = None
    accepts_byes: bool = False
    computed_numbers: bool = False
    paired_rounds: Callable[[Section], int] | None = None
    games_per_pairing: int = 1
    pairing_order: Callable[[Section], tuple[int, ...]] | None = None
    team_matches: bool = False


@dataclass(frozen=True, slots=True)
class SectionKind:
    """One way of running a section, as the registry knows it.

    ``formats`` are the words a season file may write as ``format:`` for it
    (the round-robin kind has two); ``labels`` the English label of each (a
    gettext message id the site translates); ``tiebreak_system`` is the C.07
    system its standings use (``round-robin`` or ``swiss``) or None;
    ``trf_type`` the TRF "type of tournament" (field 092) per format word (none:
    the kind cannot be exported as one TRF); ``facts`` derives a section's facts
    from the section alone (a stage's players are already in it). The hooks after
    ``plan`` say what the chores, the TRF export and the loader do with the kind, so a
    new kind changes no code outside its own modules (docs/architecture.md).
    """

    name: str
    formats: tuple[str, ...]
    labels: Mapping[str, str]
    min_players: int
    default_tiebreaks: tuple[str, ...]
    facts: FactsBuilder
    tiebreak_system: str | None = "round-robin"
    trf_type: Mapping[str, str] = field(default_factory=dict)
    feeds_stages: bool = False  # its final standings can send players to a later stage
    # How a section of this kind is sized before it is played (``domain.planning``): its
    # rounds, games and the guides' verdicts, from a sizing (format word, field, command-line
    # options) and, when it is a season's section, the section's own settings (None when
    # planning from the command line). ValueError when the field cannot be played so.
    plan: Callable[[Sizing, Section | None], Shape] | None = None
    # The games a section expects (its table, or the games written in its rounds): what
    # ``result`` finds a game in.
    scheduled_games: Callable[[Section], list[ScheduledGame]] = games_as_written
    chores: Chores = Chores()
    # The TRF 092 text of one section when it depends on more than its format word (a
    # Swiss names its pairing system); else ``trf_type[format]``.
    trf_type_of: Callable[[Section], str] | None = None
    # Its numbers may be drawn by Varma's tables (``seeding: varma``, FIDE C.05 Annex 2).
    varma: bool = False
    # The key of its reader in ``formats/sections/`` (``READERS``); empty: the kind's name.
    reader: str = ""
    # What the feeds call every free round of its sections (a round robin's: the table
    # leaves one player out, whatever the bye scores); empty: each bye's own kind.
    free_round: str = ""
    # For a kind whose table is not of players (a team league): its standings as the
    # ``standings --json`` contract (``tiebreaks``; ``rows`` of startno, name, rank, points,
    # values), which ``leaguegen standings`` prints; None: the individual standings.
    standings_json: Callable[[SectionFacts], dict] | None = None
    # For a kind whose results are not the section's games (a team league's matches):
    # whether any result is entered (the season's plan is shown until one is); None: a
    # game of ``section.games`` with a result.
    results_entered: Callable[[Section], bool] | None = None
    # For a kind whose players and results are not ``section.players`` and
    # ``section.games`` (a team section's squads and board results): (players, results
    # entered), as ``leaguegen check`` counts them; None: ``counts`` of the section's own.
    counts_of: Callable[[Section], tuple[int, int]] | None = None
    # Whether a section of this kind may be a division of the season's ``divisions:``
    # (promotion and relegation, ``domain/divisions.py``): its final table orders every
    # entrant (a round robin, quads group after group, a team league), which a Swiss's or
    # a knockout's does not in the way a league's movers need.
    division: bool = False
    # What a division of this kind moves up and down, by name, in the order listed: its
    # teams (a team league); None: its players.
    entrants: Callable[[Section], tuple[str, ...]] | None = None
    # The players' places a grand prix series takes from a section (``domain/series_events``);
    # None: its players finish in no order of their own (a team kind: the result is the
    # team's), and ``check`` refuses the section as a series' event.
    placings: Callable[[SectionFacts], tuple[Placing, ...]] | None = table_placings
    # A section as it stood once round k was played (the results of rounds 1..k only),
    # whose ``facts`` are the kind's standings after round k: what the standings after
    # each earlier round show (``site/pages/standings_after.py``, by ``after``); None: no
    # standings by round (a knockout: its bracket is the history), or made by the page
    # itself (a round robin, a Swiss: ``compute_standings``' ``after_round``).
    cut: Callable[[Section, int], Section] | None = None

    def counts(self, section: Section) -> tuple[int, int]:
        """The section's players and its results entered (``check``'s summary line): a
        team section's are its teams' and their boards', not ``section.players``."""
        if self.counts_of is not None:
            return self.counts_of(section)
        return len(section.players), sum(1 for g in section.games if g.result is not None)

    def trf_type_for(self, section: Section) -> str | None:
        """The TRF "type of tournament" of ``section``, or None: not exportable as TRF."""
        if not self.trf_type:
            return None
        if self.trf_type_of is not None:
            return self.trf_type_of(section)
        return self.trf_type.get(section.format)

    def after(self, section: Section, rounds: int) -> SectionFacts:
        """The kind's facts of ``section`` after round ``rounds``: its ``cut``'s."""
        assert self.cut is not None
        return self.facts(self.cut(section, rounds))

    @property
    def reader_key(self) -> str:
        return self.reader or self.name
