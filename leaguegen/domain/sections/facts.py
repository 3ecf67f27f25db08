"""One :class:`SectionFacts` per section, derived once and shared by every reader.

``facts_of(section)`` asks the section's kind (by its ``format``) to derive its
facts, and remembers the answer for that very ``Section`` object: the loader
resolving a later stage, the pages, the PDF, the TRF export and the feeds all
read the same object, and a live rebuild that got an unchanged section back
from the loader's memo does not derive it again. A section whose players are
still to be decided (an unfinished earlier stage) has facts without a table
(``stages.PendingFacts``: where its players will come from).
"""

from __future__ import annotations

from collections import OrderedDict

from leaguegen.domain.season import Section
from leaguegen.domain.sections import stages
from leaguegen.domain.sections.kind import SectionFacts
from leaguegen.domain.sections.registry import kind_of
from leaguegen.domain.stages import PendingStage

_MEMO_SIZE = 1024
# id(section) -> (section, facts); the section is kept so its id cannot be reused
_MEMO: OrderedDict[int, tuple[Section, SectionFacts]] = OrderedDict()


def facts_of(section: Section) -> SectionFacts:
    """The facts of ``section`` (derived on first use, then remembered)."""
    known = _MEMO.get(id(section))
    if known is not None and known[0] is section:
        _MEMO.move_to_end(id(section))
        return known[1]
    kind = kind_of(section.format)
    if isinstance(section.stage, PendingStage):
        facts = stages.pending(section, section.stage, kind)
    else:
        facts = kind.facts(section)
    _MEMO[id(section)] = (section, facts)
    while len(_MEMO) > _MEMO_SIZE:
        _MEMO.popitem(last=False)
    return facts


def next_date(section: Section, played: int, finished: bool):  # noqa: ANN201 - date | None
    """The date of the first round after ``played`` that has one, unless finished."""
    if finished:
        return None
    upcoming = [r for r in section.rounds if r.number > played and r.date]
    return upcoming[0].date if upcoming else None
