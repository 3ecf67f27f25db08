"""FIDE C.07 tie-breaks, computed exactly and explained.

Entry point (in :mod:`leaguegen.domain.standings`)::

    compute_standings(table, codes, system, rules="2024", after_round=None,
                      excluded=frozenset()) -> Standings

- ``table``: a :class:`~leaguegen.domain.model.Crosstable`.
- ``codes``: FIDE codes in the order they are applied, with modifiers:
  ``PTS DE WIN WON BPG BWG REP (GE) PS KS BH FB SB AOB ARO TPR PTP APRO APPO
  RTNG STD TPN``; cuts ``/C1 /C2``, medians ``/M1 /M2``, Koya limit ``/L-1``
  (half points) or ``/L60`` (percent), ``/R`` reverse, ``/F`` Fore (AOB),
  ``/P`` forfeits as played. Players are always ranked by points first.
- ``system``: ``"round-robin"`` (Art. 15.2: forfeits are games, no dummy, a
  free round counts nowhere) or ``"swiss"`` (Art. 16: adjusted scores for
  opponents, a dummy for one's own unplayed rounds, the VUR cut exception).
- ``rules``: ``"2024"`` (C.07 from 1 Aug 2024) or ``"2026"`` (from 1 Mar 2026:
  the dummy is capped, 16.4.1/16.4.2).
- ``after_round``: standings after that round (default: the last round with
  a result). ``PENDING`` games count for nothing yet.
- ``excluded``: players removed by the 50 % withdrawal rule; they get no row
  and their games count for nobody.

``Standings.rows`` are in rank order; each :class:`StandingsRow` has
``number``, ``points`` (scoring units), ``values`` (one per code: Fraction for
point-valued codes, int for counts and ratings, None where undefined),
``rank`` (competition rank 1, 2, 2, 4 after the whole list), ``explanations``
(one :class:`Explanation` per code: items counted, items cut, a note) and
``decided_by`` (the code that separated the player from the one just above on
equal points, or None). ``Standings.separated_by(a, b)`` answers the same for
any two players.

DE's value is a place inside the group still tied when DE is reached (0 when
DE did not split it), as the FIDE reference implementation reports it; the
points scored in the mutual games are in its explanation.

Each tie-break is one pure function ``func(ctx, spec) -> {number: Explanation}``
registered by its code in :mod:`.registry`; :func:`.context.build_context`
normalises the rounds once (unplayed rounds, withdrawals, pending games).
"""

from leaguegen.domain.tiebreaks.context import ROUND_ROBIN, SWISS, Context, build_context
from leaguegen.domain.tiebreaks.explain import Explanation, Item
from leaguegen.domain.tiebreaks.registry import DEFAULTS, REGISTRY, Tiebreak, lookup
from leaguegen.domain.tiebreaks.spec import TiebreakSpec, parse_code

__all__ = [
    "DEFAULTS", "REGISTRY", "ROUND_ROBIN", "SWISS", "Context", "Explanation", "Item", "Tiebreak",
    "TiebreakSpec", "build_context", "lookup", "parse_code",
]
