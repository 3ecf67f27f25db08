"""Pages of a quads section: every group's standings and crosstable, rounds, groups, players.

A quads group is a round robin, so each group's tables come from the round
robin's own page context (``rr.section_data`` / ``section_page``) and are
laid out with the same ``_standings.html`` / ``_crosstable.html`` partials.

Output: ``<id>/index.html`` (all groups), ``<id>/rounds.html`` (boards of every
group per event round), ``<id>/group-<n>/index.html`` (one group, for its players
and prize-giving), ``<id>/group-<n>/players/*.html`` and one PDF with every
group's crosstable.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, replace

from leaguegen.domain import roundrobin
from leaguegen.domain.schedule import quads as q
from leaguegen.domain.season import Season, Section
from leaguegen.domain.sections import label
from leaguegen.domain.sections.quads import QuadsDetails
from leaguegen.site import i18n, urls
from leaguegen.site.pages import common
from leaguegen.site.pages import round_robin as rr
from leaguegen.site.pages.common import (
    Board,
    PlayerLink,
    RoundView,
    SeasonInfo,
    SectionSummary,
)
from leaguegen.site.pages.registry import SectionOutput, register_renderer
from leaguegen.site.pages.round_robin import SectionPage
from leaguegen.site.planning_view import PlanningView, planning_view
from leaguegen.site.render import render


@dataclass(frozen=True, slots=True)
class GroupView:
    """One group: its number, page address and its round-robin tables (``page``)."""

    number: int
    url: str
    size: int
    rounds: int
    finished: bool
    page: SectionPage


@dataclass(frozen=True, slots=True)
class MoveView:
    """A player whose group changed when the field was regrouped before round 1.

    ``old`` None = a late entry; ``new`` None = withdrew before round 1.
    """

    name: str
    old: int | None
    new: int | None


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
    started: bool
    complete: bool


@dataclass(frozen=True, slots=True)
class QuadsPage:
    """The section page (``<id>/index.html``), rounds page and PDF of a quads section."""

    root: str
    season: SeasonInfo
    section: SectionSummary
    description: str
    groups: tuple[GroupView, ...]
    rounds: tuple[QuadsRound, ...]
    pdf_url: str
    sizes: tuple[int, ...]  # group sizes, group 1 first
    fold: str  # "bottom" / "top"
    double: bool
    seeding: str  # "rating" / "list"
    late: tuple[str, ...]
    withdrawn: tuple[str, ...]
    moves: tuple[MoveView, ...]
    quad_rounds: int  # rounds a group of four plays (3, or 6 when double)
    tiebreaks: tuple[tuple[str, str], ...]
    generated: str = ""
    planning: PlanningView | None = None  # figures while no result is entered


@dataclass(frozen=True, slots=True)
class QuadsGroupPage:
    """One group (``<id>/group-<n>/index.html``): the round-robin page one level deeper."""

    root: str
    season: SeasonInfo
    section: SectionSummary  # the quads section (crumb, page frame)
    number: int
    group: SectionPage
    rounds: tuple[RoundView, ...]
    pdf_url: str


def _group_data(season: Season, group: Section, root: str) -> tuple[rr.SectionData,
                                                                   SectionPage]:
    data = rr.section_data(group)
    page = rr.section_page(season, data, root=root)
    data.page = page
    return data, page


def _finished(data: rr.SectionData) -> bool:
    t = data.table
    return roundrobin.last_round_reached(data.section) == t.rounds_total and not any(
        e.code.value == "?" for rec in t.records for e in rec.rounds)


def quads_summary(section: Section, details: QuadsDetails, datas: list, root: str
                  ) -> SectionSummary:
    played = max((roundrobin.last_round_reached(d.section) for d in datas), default=0)
    finished = bool(datas) and all(_finished(d) for d in datas)
    upcoming = [r for r in section.rounds if r.number > played and r.date]
    return SectionSummary(
        id=section.id, name=section.name, format_label=label(section.format),
        url=root + urls.section(section), players=len(section.players), rounds_played=played,
        rounds_total=details.event_rounds, leader=None,
        next_date=upcoming[0].date if upcoming and not finished else None, finished=finished)


def gettext(language: str, digits: str):  # noqa: ANN201
    return i18n.gettext_callables(language, digits)[0]


def render_quads(season: Season, section: Section) -> SectionOutput:
    details: QuadsDetails = section.details  # type: ignore[assignment]
    lang = season.language
    root = "../"
    top = [_group_data(season, g, root) for g in details.groups]
    summary = quads_summary(section, details, [d for d, _ in top], root)
    groups = tuple(
        GroupView(i, f"group-{i}/index.html", len(g.players), len(g.rounds), _finished(d), p)
        for i, (g, (d, p)) in enumerate(zip(details.groups, top, strict=True), start=1))
    rounds = []
    for info in section.rounds:
        per_group = []
        board = 0
        for gv in groups:
            if info.number > len(gv.page.rounds):
                continue
            rv = gv.page.rounds[info.number - 1]
            boards = []
            for b in rv.boards:
                board += 1
                boards.append(replace(b, number=board))
            per_group.append(GroupBoards(gv.number, gv.url, tuple(boards), rv.sitting_out))
        started = any(b.result for g in per_group for b in g.boards)
        complete = bool(per_group) and all(b.result for g in per_group for b in g.boards)
        rounds.append(QuadsRound(info.number, info.date, tuple(per_group), started, complete))
    quad = q.QuadGroup(0, (), details.rule.double)
    page = QuadsPage(
        root=root, season=common.season_info(season), section=summary,
        description=section.description, groups=groups, rounds=tuple(rounds),
        pdf_url=urls.pdf_name(section), sizes=tuple(len(g.players) for g in details.groups),
        fold=details.rule.fold.value, double=details.rule.double,
        seeding=details.rule.seeding.value, late=details.late, withdrawn=details.withdrawn,
        moves=tuple(MoveView(m.name, m.old_group, m.new_group) for m in sorted(
            details.moves, key=lambda m: (m.new_group or m.old_group or 0, m.name))),
        quad_rounds=6 if quad.double else 3,
        tiebreaks=tuple((c, common.TIEBREAK_NAMES.get(c.split("/")[0], c))
                        for c in section.tiebreaks),
        planning=planning_view(season, section),
    )
    pages = {
        urls.section(section): render("quads/section.html", page, lang),
        urls.rounds(section): render("quads/rounds.html", page, lang),
    }
    for i, g in enumerate(details.groups, start=1):
        data, gpage = _group_data(season, g, "../../")
        group_page = QuadsGroupPage(
            root="../../", season=page.season, section=replace(summary, url="../index.html"),
            number=i, group=gpage, rounds=gpage.rounds, pdf_url="../" + urls.pdf_name(section))
        pages[f"{section.id}/group-{i}/index.html"] = render("quads/group.html", group_page,
                                                             lang)
        # the player page names the group: "Schools Quads · Group 3", linking to the group
        group_name = f"{section.name} · {gettext(lang, season.digits)('Group %(n)s', n=i)}"
        for number in range(1, len(g.players) + 1):
            player = rr.player_page(season, data, number, root="../../../")
            player = replace(player, section=replace(player.section, name=group_name))
            pages[urls.player(g, number)] = render("player.html", player, lang)
    return SectionOutput(pages, urls.pdf(section), render("quads/pdf.html", page, lang), summary)


register_renderer("quads", render_quads)
