"""FIDE Dutch system (C.04.3, 2026) by weighted matching, bracket by bracket.

Three parts, each replaceable on its own:

* ``criteria.py``: the rules. Every quality criterion is one bit field of an integer
  edge weight (one weight function, each criterion commented), plus the absolute
  criteria (who may meet) and the float history.
* ``engine.py``: the bracket engine. Article 4's decisions (which MDPs, exchanges,
  each S1 player's opponent), taken one at a time by nudging weights and reading
  the optimum, one named step per procedure (``bracket_loop.py``: the state the
  steps share; ``options.py``: the switches of its proven shortcuts). It never
  knows how the optimum is found.
* ``solvers.py`` / ``bracket_solver.py``: how the optimum is found, behind one
  interface: the exact global matching, or the bracket-local matching with a proof
  that its optimum is the global one (``completion.py`` finds the completions that
  prove it). The engine starts with the bracket-local solver and takes the global
  one when the start cannot be proven.
"""

from .criteria import Criteria
from .engine import DutchEngine
from .options import DutchOptions

__all__ = ["Criteria", "DutchEngine", "DutchOptions"]
