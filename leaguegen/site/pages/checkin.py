"""The check-in sheet of a Swiss section's next round (``<id>/<id>-checkin.pdf``, only as
a PDF): every player still in, by name, with a box to tick for ``leaguegen checkin``."""

from __future__ import annotations

from dataclasses import dataclass

from leaguegen.domain.model import Player
from leaguegen.domain.names import name_key
from leaguegen.domain.season import Season, Section
from leaguegen.domain.sections import SectionFacts, kind_of
from leaguegen.site import urls
from leaguegen.site.pages.common import BYE_LABELS, Frame, frame
from leaguegen.site.pages.registry import page_files, register_section_pages


@dataclass(frozen=True, slots=True)
class CheckinRow:
    number: int
    player: Player  # its name, rating and club are on the sheet
    request: str | None  # a bye already asked for this round, as the catalogue words it


@dataclass(frozen=True, slots=True)
class CheckinSheet(Frame):
    round: int
    rows: tuple[CheckinRow, ...]
    clubs: bool  # anyone has a club (else no column)
    url: str = ""  # the section's page on the published site ("" without site_url)
    qr: str = ""  # its QR code (a data URL), so a player can look up the pairings


def sheet_round(section: Section) -> int | None:
    """The round the sheet is for: the next to pair (None: none is left, or the kind
    takes no check-in)."""
    chores = kind_of(section.format).chores
    if not chores.accepts_byes or chores.games_per_pairing != 1 or not section.players:
        return None
    nxt = (chores.paired_rounds(section) if chores.paired_rounds else 0) + 1
    return nxt if nxt <= len(section.rounds) else None


def checkin_sheet(season: Season, facts: SectionFacts, root: str = "../"
                  ) -> CheckinSheet | None:
    section = facts.section
    r = sheet_round(section)
    if r is None:
        return None
    gone = {w.player for w in section.withdrawals if w.after_round < r}
    asked = {q.player: BYE_LABELS[q.code]  # a request is half, full or zero
             for q in getattr(section.details, "requests", ()) if q.round == r}
    rows = sorted((CheckinRow(n, p, asked.get(n))
                   for n, p in enumerate(section.players, start=1) if n not in gone),
                  key=lambda row: name_key(row.player.name))
    from leaguegen.site.printables.context import qr_data_uri, site_address

    url = site_address(season, urls.section(section))
    return CheckinSheet(**frame(season, facts, root), round=r, rows=tuple(rows),
                        clubs=any(row.player.club for row in rows), url=url,
                        qr=qr_data_uri(url) if url else "")


def checkin_pages(season: Season, facts: SectionFacts) -> dict[str, str]:
    """The sheet's PDF source (a ``.pdf`` path: see ``registry``), or nothing."""
    sheet = checkin_sheet(season, facts)
    return {} if sheet is None else page_files(
        sheet, season.language, (urls.checkin_pdf(facts.section), "checkin/pdf.html"))


register_section_pages(checkin_pages)
