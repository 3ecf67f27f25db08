"""The initial order of a field: rating, then FIDE title, then name (C.04.2, C.05).

Every format that seeds by rating (a round robin's ``seeding: rating``, the top
seed of a draw by lots, quads groups, knockout seeds, Swiss pairing numbers)
uses :func:`initial_order`, so two players on the same rating are ordered the
same way everywhere: the titled one first, in FIDE's order of titles, and only
then by name.
"""

from __future__ import annotations

from collections.abc import Iterable

from leaguegen.domain.model import Player

# FIDE's order of titles for the initial ranking; an untitled player comes after all.
TITLE_ORDER = ("GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM")
_TITLE_RANK = {title: i for i, title in enumerate(TITLE_ORDER)}


def initial_key(player: Player) -> tuple[int, int, str, str]:
    """Sort key: higher rating first (unrated last), title, then name (case aside)."""
    title = _TITLE_RANK.get((player.title or "").upper(), len(TITLE_ORDER))
    return (-(player.rating or 0), title, player.name.casefold(), player.name)


def initial_order(players: Iterable[Player]) -> list[Player]:
    return sorted(players, key=initial_key)
