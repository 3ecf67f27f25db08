"""A section's school or club table (``<id>/clubs.html`` and ``<id>/<id>-clubs.pdf``).

Made for a section with a ``club_standings:`` block (``domain/club_standings.py``):
each club's rank, its score (the best N players' points), its tie-break values, the
players counted (linked to their pages, a quads player with their group) and the
others, so a reader can add the score up.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from leaguegen.domain.club_standings import ClubRow, Member, section_club_standings
from leaguegen.domain.season import Season, Section
from leaguegen.domain.sections import SectionFacts
from leaguegen.site import urls
from leaguegen.site.pages.common import (
    SeasonInfo,
    SectionSummary,
    season_info,
    section_summary,
)
from leaguegen.site.pages.registry import register_section_pages
from leaguegen.site.render import render, render_pdf_source


@dataclass(frozen=True, slots=True)
class MemberView:
    name: str
    url: str
    points: Fraction
    group: int | None


@dataclass(frozen=True, slots=True)
class ClubRowView:
    rank: int
    shared: bool
    club: str
    points: Fraction
    values: tuple[Fraction, ...]
    counted: tuple[MemberView, ...]
    others: tuple[MemberView, ...]


@dataclass(frozen=True, slots=True)
class ClubsPage:
    """``<id>/clubs.html`` and its PDF; ``title`` as the organiser writes it ("": the
    catalogue's default); ``best``: the scores counted per club."""

    root: str
    season: SeasonInfo
    section: SectionSummary
    title: str
    best: int
    tiebreaks: tuple[str, ...]
    rows: tuple[ClubRowView, ...]
    provisional: bool
    pdf_url: str


def _member(section: Section, facts: SectionFacts, member: Member, root: str) -> MemberView:
    groups = getattr(facts, "group_facts", None)
    table = groups[member.group - 1].section if groups is not None and member.group else section
    return MemberView(member.name, root + urls.player(table, member.number), member.points,
                      member.group)


def _row(section: Section, facts: SectionFacts, row: ClubRow, root: str) -> ClubRowView:
    return ClubRowView(row.rank, row.shared, row.club, row.points, row.values,
                       tuple(_member(section, facts, m, root) for m in row.counted),
                       tuple(_member(section, facts, m, root) for m in row.others))


def clubs_page(season: Season, facts: SectionFacts, root: str = "../") -> ClubsPage | None:
    section = facts.section
    rules = section.club_standings
    rows = section_club_standings(facts)
    if rules is None or rows is None:
        return None
    return ClubsPage(root=root, season=season_info(season),
                     section=section_summary(facts, root, None), title=rules.title,
                     best=rules.best, tiebreaks=rules.tiebreaks,
                     rows=tuple(_row(section, facts, r, root) for r in rows),
                     provisional=not facts.progress.finished,
                     pdf_url=urls.clubs_pdf_name(section))


def clubs_pages(season: Season, facts: SectionFacts) -> dict[str, str]:
    """The page and the PDF's source (a ``.pdf`` path: see ``registry``) of a section
    with a club table; nothing for the others."""
    page = clubs_page(season, facts)
    if page is None:
        return {}
    section = facts.section
    files = {urls.clubs(section): render("clubs/page.html", page, season.language)}
    source = render_pdf_source("clubs/pdf.html", page, season.language)
    if source:
        files[urls.clubs_pdf(section)] = source
    return files


register_section_pages(clubs_pages)
