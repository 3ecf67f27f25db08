"""The Dutch engine's behaviour switches, one frozen value passed to its constructor.

Every switch turns on a shortcut that is proven to give the same pairing as the
plain method: the defaults are what ``pair_round`` runs, and the tests pair the
same rounds with a shortcut off to check that it changes nothing. They were
class attributes the tests flipped (and had to put back); as constructor
options two engines with different switches can run side by side.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class DutchOptions:
    """Which of the engine's proven shortcuts are on (all by default)."""

    fast: bool = True
    """Bracket-local solver with a completion proof (``BracketSolver``); False: the
    exact global matching (``GlobalSolver``) from the start."""
    skip: bool = True
    """An S1 player's (or a moved-down player's) pick without a solve when the optimum
    in hand provably holds (``DutchEngine._s1_skip``, ``DutchEngine._mdp_skip``)."""
    prune2: bool = True
    """Prune the bracket's pairs again after the remainder's S1-bonus solve."""
    direct: bool = True
    """A homogeneous bracket paired by S1-S2 order when that is proven optimal
    (``direct.py``)."""
    prune1_late: bool = True
    """Without MDPs, the bracket's first prune waits for the split proof's."""
    split: bool = True
    """The remainder's split "S1 = its first rp players" proven by one solve
    (``DutchEngine._try_split``) instead of the S1-bonus re-weighting."""
    flat_prune: bool = True
    """``BracketSolver.prune`` by one pass over the matching's edges where it can
    (False: over the bracket's rows; the same pairs are dropped)."""
    sparse: bool = True
    """A large bracket's reduced matching starts with a few pairs per resident and
    takes in the others as its duals ask for them (``BracketSolver._price``); False:
    every pair from the start."""
    cycle: bool = True
    """An S1 player's pick without a solve proven by the reduced bracket's optimal
    duals: the candidates they leave slack are in no optimum, and the first tight
    one is reached by an alternating cycle of tight pairs (``DutchEngine._s1_cycle``);
    and before the split's cut, the optimum in hand re-paired S1 to S2 along tight
    pairs (``BracketSolver.split_by_tight``). False: a solve for each."""
