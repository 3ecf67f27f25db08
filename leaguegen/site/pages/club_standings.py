"""A section's school or club table (``<id>/clubs.html`` and its PDF): each club's score
(its best N players' points), tie-breaks, the players counted and the others, so a reader
can add the score up."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from leaguegen.domain.club_standings import Member, section_club_standings
from leaguegen.domain.season import Season
from leaguegen.domain.sections import SectionFacts
from leaguegen.site import urls
from leaguegen.site.pages.common import Frame, frame
from leaguegen.site.pages.registry import page_files, register_section_pages

ROOT = "../"


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
class ClubsPage(Frame):
    """``<id>/clubs.html`` and its PDF; ``title`` as the organiser writes it ("": the
    catalogue's default); ``best``: the scores counted per club."""

    title: str
    best: int
    tiebreaks: tuple[str, ...]
    rows: tuple[ClubRowView, ...]
    provisional: bool
    pdf_url: str


def _member(facts: SectionFacts, member: Member) -> MemberView:
    groups = getattr(facts, "group_facts", None)  # a quads player's page is their group's
    table = groups[member.group - 1].section if groups is not None and member.group \
        else facts.section
    return MemberView(member.name, ROOT + urls.player(table, member.number), member.points,
                      member.group)


def clubs_pages(season: Season, facts: SectionFacts) -> dict[str, str]:
    section = facts.section
    rules, rows = section.club_standings, section_club_standings(facts)
    if rules is None or rows is None:
        return {}
    page = ClubsPage(**frame(season, facts, ROOT), title=rules.title,
                     best=rules.best, tiebreaks=rules.tiebreaks,
                     rows=tuple(ClubRowView(r.rank, r.shared, r.club, r.points, r.values,
                                            tuple(_member(facts, m) for m in r.counted),
                                            tuple(_member(facts, m) for m in r.others))
                                for r in rows),
                     provisional=not facts.progress.finished,
                     pdf_url=urls.clubs_pdf_name(section))
    return page_files(page, season.language, (urls.clubs(section), "clubs/page.html"),
                      (urls.clubs_pdf(section), "clubs/pdf.html"))


register_section_pages(clubs_pages)
