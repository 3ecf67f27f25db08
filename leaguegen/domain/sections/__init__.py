"""Section kinds: one module each, and the registry and facts they share.

Importing this package registers every kind, in this order (round robins first,
the order the loader's messages list formats in). See ``kind.py``.
"""

# isort: off
from leaguegen.domain.sections import round_robin  # first: its formats lead every list
from leaguegen.domain.sections import knockout, quads, scheveningen, swiss
from leaguegen.domain.sections import double_swiss  # after swiss: a Swiss variant
from leaguegen.domain.sections import team_league
from leaguegen.domain.sections import team_swiss
# isort: on
from leaguegen.domain.sections.facts import derive_facts
from leaguegen.domain.sections.kind import Progress, SectionFacts, SectionKind
from leaguegen.domain.sections.registry import format_names, kind_of, kinds, label, register

__all__ = [
    "Progress", "SectionFacts", "SectionKind", "derive_facts", "double_swiss", "format_names",
    "kind_of", "kinds", "knockout", "label", "quads", "register", "round_robin",
    "scheveningen", "swiss", "team_league", "team_swiss",
]
