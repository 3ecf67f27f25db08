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
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from leaguegen.domain.model import Crosstable
from leaguegen.domain.planning import Shape, Sizing
from leaguegen.domain.season import Section
from leaguegen.domain.standings import Standings


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
    stage has none.
    """

    section: Section
    kind: SectionKind
    progress: Progress
    table: Crosstable | None = None
    standings: Standings | None = None
    excluded: frozenset[int] = frozenset()
    ranking: tuple[int, ...] = ()
    rankings: tuple[tuple[str, tuple[str, ...]], ...] = ()

    @property
    def finished(self) -> bool:
        return self.progress.finished


FactsBuilder = Callable[[Section], SectionFacts]


@dataclass(frozen=True, slots=True)
class SectionKind:
    """One way of running a section, as the registry knows it.

    ``formats`` are the words a season file may write as ``format:`` for it
    (the round-robin kind has two); ``labels`` the English label of each (a
    gettext message id the site translates); ``tiebreak_system`` is the C.07
    system its standings use (``round-robin`` or ``swiss``) or None;
    ``trf_type`` the TRF "type of tournament" (field 092) per format word (none:
    the kind cannot be exported as one TRF); ``facts`` derives a section's facts
    from the section alone (a stage's players are already in it).
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
