"""Pages of a quads section: all groups (``index.html``, the PDF), every group's boards per
round (``rounds.html``), a page per group and its players' pages.

A quads group is a round robin, so each group's tables come from the round robin's own
page context (``rr.SectionData`` / ``rr.section_page``), laid out with the same partials.
"""

from __future__ import annotations

import datetime as dt
import itertools
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace

from leaguegen.domain import divisions
from leaguegen.domain.season import Season
from leaguegen.domain.sections import SectionFacts
from leaguegen.domain.sections.quads import QuadsFacts, quads_facts
from leaguegen.site import i18n, urls
from leaguegen.site.pages import common
from leaguegen.site.pages import round_robin as rr
from leaguegen.site.pages.common import Board, Frame, PlayerLink
from leaguegen.site.pages.rating_view import group_rated
from leaguegen.site.pages.registry import SectionPages, register_renderer
from leaguegen.site.pages.round_robin import SectionPage
from leaguegen.site.planning_view import PlanningView, planning_view


@dataclass(frozen=True, slots=True)
class GroupView:  # one group: its number, page address and its round-robin tables
    number: int
    url: str
    page: SectionPage


@dataclass(frozen=True, slots=True)
class MoveView:
    """A player whose group changed when the field was regrouped before round 1.

    ``old`` None = a late entry; ``new`` None = withdrew before round 1.
    """

    name: str
    old: int | None
    new: int | None
    sex: str | None = None  # the player's, for the sentence's grammatical gender


@dataclass(frozen=True, slots=True)
class GroupBoards:
    group: int
    group_url: str
    boards: tuple[Board, ...]
    sitting_out: PlayerLink | None


@dataclass(frozen=True, slots=True)
class QuadsRound:
    number: int
    date: dt.date | None
    groups: tuple[GroupBoards, ...]


@dataclass(frozen=True, slots=True)
class QuadsPage(Frame):  # the section page, the rounds page and the PDF
    description: str
    groups: tuple[GroupView, ...]
    rounds: tuple[QuadsRound, ...]
    sizes: tuple[int, ...]  # group sizes, group 1 first
    fold: str  # "bottom" / "top"
    seeding: str  # "rating" / "list"
    moves: tuple[MoveView, ...]
    quad_rounds: int  # rounds a group of four plays (3, or 6 when double)
    tiebreaks: tuple[tuple[str, str], ...]
    planning: PlanningView | None = None  # figures while no result is entered


@dataclass(frozen=True, slots=True)
class QuadsGroupPage(Frame):
    """One group (``<id>/group-<n>/index.html``): the round-robin page one level deeper;
    its ``section`` is the quads section's (crumb, page frame)."""

    number: int
    group: SectionPage
    pdf_url: str


def _rounds(facts: QuadsFacts, groups: tuple[GroupView, ...]) -> tuple[QuadsRound, ...]:
    """Each round's boards, group by group, numbered on from group 1."""
    rounds = []
    for info in facts.section.rounds:
        per_group = []
        board = itertools.count(1)
        for n in facts.groups_in_round(info.number):
            gv = groups[n - 1]
            rv = gv.page.rounds[info.number - 1]
            per_group.append(GroupBoards(gv.number, gv.url, tuple(
                replace(b, number=next(board)) for b in rv.boards), rv.sitting_out))
        rounds.append(QuadsRound(info.number, info.date, tuple(per_group)))
    return tuple(rounds)


def quads_pages(season: Season, found: SectionFacts) -> SectionPages:
    facts = quads_facts(found)
    section, details = facts.section, facts.details
    sexes = {p.name: p.sex for p in section.players}
    zones = divisions.zones(season, facts)  # its order runs group after group
    data = tuple(rr.SectionData(group_rated(facts, gf)) for gf in facts.group_facts)
    groups = tuple(GroupView(i, f"group-{i}/index.html",
                             rr.section_page(season, d, root="../", zones=zones))
                   for i, d in enumerate(data, start=1))
    page = QuadsPage(
        **common.frame(season, facts), description=section.description, groups=groups,
        rounds=_rounds(facts, groups), sizes=tuple(len(g.players) for g in details.groups),
        fold=details.rule.fold.value, seeding=details.rule.seeding.value,
        moves=tuple(MoveView(m.name, m.old_group, m.new_group, sexes.get(m.name)) for m in sorted(
            details.moves, key=lambda m: (m.new_group or m.old_group or 0, m.name))),
        quad_rounds=details.quad_rounds,
        tiebreaks=common.tiebreak_heads(section.tiebreaks),
        planning=planning_view(season, section),
    )
    return SectionPages(page, _group_pages(season, facts, page, data, zones))


def _group_pages(season: Season, facts: QuadsFacts, page: QuadsPage,
                 data: tuple[rr.SectionData, ...], zones: Mapping[str, str]
                 ) -> Iterator[tuple[str, str, object]]:
    """Each group's page, then its players' pages (which name the group: "Schools Quads ·
    Group 3", linking to the group)."""
    section = facts.section
    gettext = i18n.gettext_callables(season.language, season.digits)[0]
    for i, (gf, group) in enumerate(zip(facts.group_facts, data, strict=True), start=1):
        gpage = rr.section_page(season, group, root="../../", zones=zones)
        yield f"{section.id}/group-{i}/index.html", "quads/group.html", QuadsGroupPage(
            root="../../", season=page.season, section=replace(page.section, url="../index.html"),
            number=i, group=gpage, pdf_url="../" + urls.pdf_name(section))
        group_name = f"{section.name} · {gettext('Group %(n)s', n=i)}"
        for number in range(1, len(gf.section.players) + 1):
            player = rr.player_page(season, group, number, root="../../../")
            yield urls.player(gf.section, number), "player.html", replace(
                player, section=replace(player.section, name=group_name))


register_renderer("quads", quads_pages, "quads")
