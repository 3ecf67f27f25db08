"""The registry of section formats the season loader understands.

Round robins are built into the loader; every other format (Swiss, quads,
Scheveningen, knockout) lives in its own module under
``leaguegen/formats/sections/`` and registers here, so a new format is a new
file, not a new ``if`` in the loader.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class FormatParser:
    """How to read one format.

    ``keys``: section keys this format allows beyond the common ones.
    ``parse(keys, ctx, base)``: receives the section's key nodes, the loader's
    context (collector + season folder) and a Section already holding the
    common fields (players in pairing order, scoring, tiebreaks...); returns the
    completed Section, or None after reporting problems on ``ctx.col``.
    ``min_players``: fewer is an error naming the section.
    ``tiebreaks``: the default list when the section declares none.
    """

    keys: tuple[str, ...]
    parse: Callable[..., object]
    min_players: int = 2
    tiebreaks: tuple[str, ...] = ("DE", "SB", "WIN", "KS")


FORMAT_PARSERS: dict[str, FormatParser] = {}


def register_format(name: str, parser: FormatParser) -> None:
    FORMAT_PARSERS[name] = parser
