"""What a section kind's reader provides: its own keys and how to read them.

Every kind has a reader module under ``leaguegen/formats/sections/`` exposing
``READER``, and ``formats/sections/__init__.py`` lists them; the loader reads the
keys every section has and hands the rest to the kind's reader. How many players a kind needs and
its default tiebreaks come from the kind (``domain.sections``), not from here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class FormatParser:
    """How to read one kind's section.

    ``format``: the reader's key, which a kind names (``SectionKind.reader_key``: the
    kind's name unless it says otherwise). ``keys``: section keys this kind allows
    beyond the common ones. ``parse(keys, ctx, base)``: receives the section's
    key nodes, the reader context (collector + season folder) and a Section
    already holding the common fields (players in pairing order, scoring,
    tiebreaks...); returns the completed Section, or None after reporting
    problems on ``ctx.col``. ``trf_extras``: see the field.
    """

    format: str
    keys: tuple[str, ...]
    parse: Callable[..., object]
    # ``trf_extras(doc, section, table)``: records of the kind's own added to the
    # section's TRF document (a Swiss: what a pairing program needs for the next round)
    trf_extras: Callable[..., None] | None = None
    # ``trf_document(season, facts)``: the section's whole TRF text, for a kind whose table
    # is not of players (a team league writes a TRF-2026 team event); None: the players'
    # crosstable, as ``season_trf`` writes it
    trf_document: Callable[..., str] | None = None
