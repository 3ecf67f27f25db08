"""Pair a round by the Dutch engine with some of its shortcuts switched off.

The shortcuts are constructor options (``DutchOptions``): these tests pair the
same round with and without one and compare, instead of flipping class
attributes that every other test would see until they are put back.
"""

from __future__ import annotations

from functools import partial

from leaguegen.domain.pairing import PairingResult, SwissState
from leaguegen.domain.pairing.dutch import DutchEngine, DutchOptions
from leaguegen.domain.pairing.pairing import pair_with_engine


def pair_dutch(state: SwissState, **switches: bool) -> PairingResult:
    """``pair_round(state)`` by the Dutch engine built with ``DutchOptions(**switches)``."""
    return pair_with_engine(state, partial(DutchEngine, options=DutchOptions(**switches)))
