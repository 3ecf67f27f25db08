"""Maximum-weight matching: the blossom algorithm (``blossom.py``) and its re-optimisation
after edits (``warm.py``). The engines use :class:`Matching`."""

from .blossom import GONE, BlossomMatching, max_weight_matching
from .warm import Matching

__all__ = ["GONE", "BlossomMatching", "Matching", "max_weight_matching"]
