"""A season's section as a FIDE TRF document, for a rating report.

Headers come from the season where it says them (012 name, 022 city/venue,
042/052 first and last round dates, 092 type, 122 time control, 132 round
dates); games not played yet are left blank.

Each ``001`` line is the crosstable as played, for rating: its points (columns 81-84) are
the sum of its round codes, as the TRF rules have them and pairing programs check, and
its rank is the rank those points give under the section's tiebreaks. Under the 50 %
withdrawal rule a round robin's published standings leave out every result by and
against the leaver, while FIDE keeps those results in the tournament table for rating:
the file keeps them too, ranks by them, and says in a ``###`` comment line which player
the standings leave out (:func:`unranked_lines`), so points and rank never disagree on a
line (a 3.5 ranked below a 3.0 before, issue 26).

A kind's reader may add records of its own (``FormatParser.trf_extras``): a Swiss
section carries what a pairing program needs to pair its next round
exactly as ``leaguegen pair SEASON_DIR`` would: ``XXR`` rounds, ``XXC`` first colour,
``XXA`` Baku virtual points, ``XXZ`` players not to be paired next (byes asked for,
withdrawals), and TRF-2026's ``162`` scoring record when the pairing-allocated bye is
not worth a win (``pab_score``).

The changes logged in the season's history (``Section.changes``: results entered
or corrected, withdrawals, late entries; ``formats/git_history.py``) open the file
as TRF-2026 ``###`` comment lines, oldest first, one per change
(:func:`change_lines`; the format is in docs/data-feeds.md).
"""

from __future__ import annotations

from leaguegen.domain import changes as ch
from leaguegen.domain.season import Season, Section
from leaguegen.domain.sections import kind_of
from leaguegen.domain.sections.facts import derive_facts
from leaguegen.domain.sections.kind import SectionFacts
from leaguegen.domain.stages import PendingStage
from leaguegen.domain.standings import Standings, compute_standings
from leaguegen.errors import Message
from leaguegen.formats import trf
from leaguegen.formats.sections import reader_of


class ExportError(Exception):
    pass


def exportable_facts(facts: SectionFacts) -> SectionFacts:
    """A section's facts, when its kind has a TRF type (``SectionKind.trf_type``) and a
    table; else ExportError saying why not."""
    section = facts.section
    if isinstance(section.stage, PendingStage):
        raise ExportError(Message("section '{id}': its players are still to be decided (an "
                                  "earlier stage has not finished)",
                                  id=section.id))
    if facts.kind.trf_type_for(section) is None or facts.table is None:
        raise ExportError(Message("section '{id}': TRF export of format '{format}' is not "
                                  "supported yet",
                                  id=section.id, format=section.format))
    return facts


def _file_standings(facts: SectionFacts) -> Standings:
    """The standings the file ranks by: every result counted (the 50 % rule's leavers
    too, as FIDE keeps them for rating), after the table's last round. The facts' own
    standings when they are just that, else computed so."""
    table, section = facts.table, facts.section
    assert table is not None
    own = facts.standings
    if own is not None and not facts.excluded and own.after_round == table.rounds_played:
        return own
    return compute_standings(table, list(section.tiebreaks),
                             system=facts.kind.tiebreak_system or "round-robin",
                             rules=section.tiebreak_rules)


def _date(d) -> str:  # noqa: ANN001 - datetime.date
    """``d.strftime("%y/%m/%d")``, without strftime's cost."""
    return f"{d.year % 100:02d}/{d.month:02d}/{d.day:02d}"


def _headers(season: Season, section: Section) -> list[tuple[str, str]]:
    headers = [("012", f"{season.name}: {section.name}")]
    if season.venue:
        headers.append(("022", season.venue))
    dates = [r.date for r in section.rounds if r.date is not None]
    if dates:
        headers.append(("042", dates[0].isoformat().replace("-", "/")))
        headers.append(("052", dates[-1].isoformat().replace("-", "/")))
    headers.append(("092", kind_of(section.format).trf_type_for(section) or ""))
    if season.time_control:
        headers.append(("122", season.time_control))
    if dates:
        # round dates in the round columns (col 92 on, 10 apart), as FIDE's 132 record has them
        blocks = [(_date(r.date) if r.date else " " * 8) for r in section.rounds]
        while blocks and not blocks[-1].strip():
            blocks.pop()
        headers.append(("132", " " * (trf.FIRST_BLOCK - 4) + "  ".join(blocks)))
    return headers


def section_trf(season: Season, found: SectionFacts) -> trf.TrfDocument:
    """The section's TRF from its facts (the table and standings its pages show, derived
    once by the caller: the build's ``SeasonFacts``, or ``dumps`` for one section)."""
    facts = exportable_facts(found)
    section, table = facts.section, facts.table
    assert table is not None
    ranks = {row.number: row.rank for row in _file_standings(facts).rows}
    doc = trf.from_crosstable(table, _headers(season, section), ranks)
    doc.comments.extend(change_lines(section))
    doc.comments.extend(unranked_lines(section, facts.excluded))
    reader = reader_of(section.format)
    if reader is not None and reader.trf_extras is not None:
        reader.trf_extras(doc, section, table)
    return doc


def _score(value: str | None) -> str:
    return "none" if value is None else value.replace("½", "1/2")


def unranked_lines(section: Section, excluded: frozenset[int]) -> list[str]:
    """``50% RULE <start number> <name>: ...`` per player the withdrawal rule keeps out
    of the published standings (``excluded``), whose results this file still counts."""
    left = {w.player: w.after_round for w in section.withdrawals}
    return [f"50% RULE {n} {section.players[n - 1].name}: withdrew after round {left[n]}"
            " having completed under half the games; the published standings count no"
            " result by or against this player, this file's points and ranks count every"
            " result (kept in the table for rating)"
            for n in sorted(excluded)]


def change_lines(section: Section) -> list[str]:
    """The section's logged changes as TRF comment text (``dumps`` adds the ``###``).

    ``CHANGE <YYYY/MM/DD> <what> ...``, players as ``<start number> <name>`` (the
    numbers of this file): ``R<n> RESULT <w> - <b>: <new>``, ``R<n> CORRECTED <w> -
    <b>: <old> -> <new>`` (``none`` when taken back), ``WITHDRAWAL <p>: after round
    <n>`` (``<old> -> <new>`` when moved), ``WITHDRAWAL TAKEN BACK <p>: was after round
    <n>`` and ``LATE ENTRY <p>``.
    """
    numbers = {p.name: n for n, p in enumerate(section.players, start=1)}

    def who(name: str) -> str:
        return f"{numbers[name]} {name}" if name in numbers else name

    out = []
    for c in section.changes:
        day = c.date.strftime("%Y/%m/%d") if c.date else "????/??/??"
        if c.kind in (ch.RESULT, ch.CORRECTION):
            game = f"{who(c.players[0])} - {who(c.players[1])}"
            if c.kind == ch.RESULT:
                text = f"R{c.round} RESULT {game}: {_score(c.new)}"
            else:
                text = f"R{c.round} CORRECTED {game}: {_score(c.old)} -> {_score(c.new)}"
        elif c.kind == ch.WITHDRAWAL and c.new is None:
            text = f"WITHDRAWAL TAKEN BACK {who(c.players[0])}: was after round {c.old}"
        elif c.kind == ch.WITHDRAWAL:
            moved = f"{c.old} -> " if c.old is not None else ""
            text = f"WITHDRAWAL {who(c.players[0])}: after round {moved}{c.new}"
        else:
            text = f"LATE ENTRY {who(c.players[0])}"
        out.append(f"CHANGE {day} {text}")
    return out


def dumps(season: Season, section_id: str, facts: SectionFacts | None = None) -> str:
    """The TRF text of a section; ``facts``: its facts when the caller has them (a build
    does), else derived here."""
    try:
        section = season.section(section_id)
    except KeyError:
        ids = ", ".join(s.id for s in season.sections)
        raise ExportError(Message("no section '{section_id}' (sections: {ids})",
                                  section_id=section_id, ids=ids)) from None
    found = facts if facts is not None else derive_facts(section)
    reader = reader_of(section.format)
    if reader is not None and reader.trf_document is not None:  # a kind of its own table
        if isinstance(section.stage, PendingStage) or found.kind.trf_type_for(section) is None:
            exportable_facts(found)  # says why not
        return reader.trf_document(season, found)
    return trf.dumps(section_trf(season, found))
