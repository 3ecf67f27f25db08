"""The readers of the section kinds, one module each, listed here (no import magic).

``READERS`` maps a reader's key to it; a kind names its reader by that key
(``SectionKind.reader_key``: its name unless it says otherwise), so the two
round-robin formats share one reader, and a new kind's reader is a module here
and one line below.
"""

from leaguegen.formats.section_formats import FormatParser
from leaguegen.formats.sections import (
    double_swiss,
    knockout,
    quads,
    round_robin,
    scheveningen,
    swiss,
    team_league,
    team_swiss,
)

READERS: dict[str, FormatParser] = {
    reader.format: reader
    for reader in (round_robin.READER, knockout.READER, quads.READER, scheveningen.READER,
                   swiss.READER, double_swiss.READER, team_league.READER,
                   team_swiss.READER)
}


def reader_of(fmt: str) -> FormatParser | None:
    """The reader of a ``format:`` word (None: an unknown word, or a kind without one)."""
    from leaguegen.domain.sections import kind_of

    try:
        return READERS.get(kind_of(fmt).reader_key)
    except KeyError:
        return None
