"""The cyclic garbage collector paused while a round is paired.

A big round builds millions of small objects (the matching's edges, the brackets' weight
rows) that hold no cycles: reference counting frees each of them. The cyclic collector
still walks them, again and again as they pile up, and finds nothing: about a seventh of
round 6 of a 5,000-player event (docs/performance.md), with the same peak memory when it
is paused. ``pair --trf`` pauses it for its whole work (the engine's imports and the
TRF's objects hold no cycles either), the season's ``pair`` around the pairing; the domain
stays free of process-wide switches.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause the cyclic collector in the ``with`` block; as it was afterwards, even when
    the block raises (a caller that had paused it keeps it paused)."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()
