"""The standings after each earlier round (``<id>/standings-<n>.html``), as chess-results'
"ranking after round" selector offers them.

Made for a round robin or a Swiss section (one table of players) once two or more rounds
have results: a page for each round before the last with results (the section's own page
has the current standings), ranked by the section's own tie-breaks over the rounds up to
it (``domain.standings.compute_standings``' ``after_round``: later rounds are ignored). A
player who withdrew after that round is still in its table; one who had withdrawn by
then and whose games count for nobody (the 50 % rule) is listed unranked, as on the
section's page. The section page and each of these pages carry the same selector of
rounds (``partials/round_selector.html``). The rating change and the performance are the
event's, so these tables do not repeat them.

Every other kind that ranks (quads, Double Swiss, team league, team Swiss, Scheveningen)
declares how it stood after round k (``SectionKind.cut``: the results of rounds 1..k
only); its own ``facts`` then rank that cut section, and its own page context
(``registry.SECTION_CONTEXTS``) lays it out with its folder's ``standings_after.html``:
each group's table, the table with match points, the division table with its zones, the
match score. A knockout has none (its bracket is the history).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, partial
from itertools import accumulate

from leaguegen.domain.model import Crosstable
from leaguegen.domain.season import Season, Section
from leaguegen.domain.sections import SectionFacts
from leaguegen.domain.standings import compute_standings
from leaguegen.site.pages.common import (
    TIEBREAK_NAMES,
    PlayerLink,
    SeasonInfo,
    SectionSummary,
    StandingRow,
    player_links,
    season_info,
    section_summary,
    shown_values,
)
from leaguegen.site.pages.registry import SECTION_CONTEXTS, register_section_pages
from leaguegen.site.render import kept_page, render

KINDS = {"round_robin": "round-robin", "double_round_robin": "round-robin", "swiss": "swiss"}


def page_name(after: int) -> str:
    """The page of the standings after round ``after``, in the section's folder."""
    return f"standings-{after}.html"


@dataclass(frozen=True, slots=True)
class StandingsAfterPage:
    """``<id>/standings-<n>.html``: the standings after round ``after`` of ``rounds``
    played (the selector links every earlier round's page and the section page)."""

    root: str
    season: SeasonInfo
    section: SectionSummary
    after: int
    rounds: int
    standings: tuple[StandingRow, ...]
    tiebreaks: tuple[tuple[str, str], ...]
    tiebreaks_default: bool


@dataclass(frozen=True, slots=True)
class KindAfterPage:
    """``<id>/standings-<n>.html`` of a kind with a ``cut``: the frame and the selector as
    :class:`StandingsAfterPage`'s, and ``table``, the kind's own section page context
    made from its facts after round ``after``."""

    root: str
    season: SeasonInfo
    section: SectionSummary
    after: int
    rounds: int
    table: object


def _excluded(facts: SectionFacts, after: int) -> frozenset[int]:
    """The players left out of the table after round ``after``: withdrawn by then, with
    games that count for nobody (the 50 % rule, ``SectionFacts.excluded``)."""
    gone = {w.player for w in facts.section.withdrawals if w.after_round < after}
    return frozenset(n for n in facts.excluded if n in gone)


def _games(table: Crosstable) -> dict[int, tuple[int, ...]]:
    """Each player's games played by the end of each round (index 0: none yet)."""
    return {r.number: (0, *accumulate(1 if e.played else 0 for e in r.rounds))
            for r in table.records}


def _rows(facts: SectionFacts, after: int, excluded: frozenset[int],
          links: tuple[PlayerLink | None, ...], games: dict[int, tuple[int, ...]],
          points: dict[int, Fraction]) -> tuple[StandingRow, ...]:
    """The table after round ``after``; ``points``: each count of units as points
    (``Scoring.value``), filled as the section's pages need them."""
    section, table = facts.section, facts.table
    assert table is not None
    standings = compute_standings(table, list(section.tiebreaks), system=KINDS[section.format],
                                  rules=section.tiebreak_rules, after_round=after,
                                  excluded=excluded, explain=False)
    counts: dict[int, int] = {}
    for row in standings.rows:
        counts[row.rank] = counts.get(row.rank, 0) + 1

    def played(number: int) -> int:
        counts = games[number]
        return counts[min(after, len(counts) - 1)]

    def value(units: int) -> Fraction:
        known = points.get(units)
        if known is None:
            known = points[units] = table.scoring.value(units)
        return known

    rows = []
    for row in standings.rows:
        shown, provisional = shown_values(standings.codes, row)
        link = links[row.number]
        assert link is not None
        rows.append(StandingRow(row.rank, counts[row.rank] > 1, link,
                                value(row.points), played(row.number), shown,
                                row.decided_by, False, provisional))
    blank = tuple("" for _ in standings.codes)
    for number in sorted(excluded):
        link = links[number]
        assert link is not None
        rows.append(StandingRow(None, False, link,
                                value(table.score(number, after)),
                                played(number), blank, None, True))
    return tuple(rows)


def rounds_with_pages(facts: SectionFacts) -> int:
    """The rounds whose standings the section shows (the last one on its own page): 0 for
    a section these pages are not made for."""
    section = facts.section
    if facts.kind.cut is not None and section.format in SECTION_CONTEXTS:
        return facts.progress.rounds_played
    if section.format not in KINDS or facts.table is None or facts.standings is None:
        return 0
    return facts.standings.after_round if section.format == "swiss" \
        else facts.progress.rounds_played


def standings_after_pages(season: Season, facts: SectionFacts
                          ) -> dict[str, Callable[[], str]]:
    """A page per round before the last with results (none before the second), each as
    the function that makes it (registered ``later``: ``serve`` makes them after the
    reload, every other build at once).

    Each page is made only when what it reads changed since the last build of a
    long-running ``serve`` (``render.kept_page``): the section's frame, how many rounds
    the selector lists, and the players and their results up to its round. A result saved
    in round N makes the pages from round N on again, not every one of the section."""
    rounds = rounds_with_pages(facts)
    if rounds < 2:
        return {}
    if facts.kind.cut is not None:
        return _kind_pages(season, facts, rounds)
    section, table, root = facts.section, facts.table, "../"
    assert table is not None

    @cache
    def fixed() -> tuple:  # what every page reads (in each page's key), found once for all
        info = section_summary(facts, root, None)
        tiebreaks = tuple((c, TIEBREAK_NAMES.get(c.split("/")[0], c))
                          for c in section.tiebreaks)
        return (info, rounds, player_links(section, root), tiebreaks,
                section.tiebreaks_default, section.tiebreak_rules, section.format,
                table.scoring, table.rounds_total)

    @cache
    def shared() -> tuple[SeasonInfo, dict, dict[int, Fraction]]:
        """The season's frame (in the render's key), the games, and the points by units."""
        return season_info(season), _games(table), {}

    def page(after: int, excluded: frozenset[int]) -> str:
        info, _, links, tiebreaks, default, *_ = fixed()
        frame, games, points = shared()
        made = StandingsAfterPage(root, frame, info, after, rounds,
                                  _rows(facts, after, excluded, links, games, points),
                                  tiebreaks, default)
        return render("lists/standings_after.html", made, season.language)

    def kept(path: str, after: int) -> str:
        excluded = _excluded(facts, after)
        results = tuple((r.player, r.rounds[:after]) for r in table.records)
        return kept_page(path, (fixed(), after, excluded, results),
                         partial(page, after, excluded))

    return {path: partial(kept, path, after) for after in range(1, rounds)
            for path in (f"{section.id}/{page_name(after)}",)}


def _kind_pages(season: Season, facts: SectionFacts, rounds: int
                ) -> dict[str, Callable[[], str]]:
    """The pages of a kind with a ``cut``: each made from the section cut after its round
    (kept while that cut and the frame are as they were, ``render.kept_page``)."""
    section, kind, cut_of = facts.section, facts.kind, facts.kind.cut
    assert cut_of is not None
    context, templates = SECTION_CONTEXTS[section.format]

    @cache
    def frame() -> tuple:
        return section_summary(facts, "../", None), season_info(season)

    def page(after: int, cut: Section) -> str:
        info, shown = frame()
        table = context(season, kind.facts(cut)).page
        return render(f"{templates}/standings_after.html",
                      KindAfterPage("../", shown, info, after, rounds, table), season.language)

    def kept(path: str, after: int) -> str:
        cut = cut_of(section, after)
        return kept_page(path, (frame()[0], rounds, after, cut), partial(page, after, cut))

    return {path: partial(kept, path, after) for after in range(1, rounds)
            for path in (f"{section.id}/{page_name(after)}",)}


register_section_pages(standings_after_pages, later=True)
