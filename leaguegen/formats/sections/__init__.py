"""Readers of the section kinds beyond the round robin, listed here (no import magic)."""

from leaguegen.formats.section_formats import FormatParser
from leaguegen.formats.sections import knockout, quads, scheveningen, swiss

READERS: dict[str, FormatParser] = {
    reader.format: reader
    for reader in (knockout.READER, quads.READER, scheveningen.READER, swiss.READER)
}
