"""FIDE C.07 on round robins: no Buchholz-family tie-breaks in a round robin.

In a round robin everyone meets everyone, so the sum of one's opponents'
scores (Buchholz) is the same for all players but for one's own score: it
separates nobody fairly. The 2026 edition of C.07 says so in a note to
article 8.1: the Buchholz tie-breaks (BH 8.1, AOB 8.2, FB 8.3, with any
modifier: BH/C1, BH:MP, AOB/F...) must not be used in round robins. A section
read under ``tiebreak_rules: 2026`` that lists one is an error; under the 2024
rules (the default) it is a warning, since the rule was only written down
later and the standings can still be computed.

The check applies to every kind whose standings are round-robin standings (the
registry's ``tiebreak_system``): round robins, double round robins and quads.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import yaml

from leaguegen.domain.sections.kind import SectionKind
from leaguegen.domain.tiebreaks import parse_code
from leaguegen.errors import Message
from leaguegen.formats.yaml_nodes import Collector

BUCHHOLZ_FAMILY = ("BH", "AOB", "FB")
RULE = Message("FIDE C.07 (2026), note to article 8.1: Buchholz-family tie-breaks (BH, AOB,"
               " FB and their modifiers) must not be used in round robins")


def buchholz_codes(tiebreaks: Sequence[str]) -> list[str]:
    """The codes of ``tiebreaks`` that are Buchholz tie-breaks, modifiers and all."""
    out = []
    for code in tiebreaks:
        try:
            name = parse_code(code).name
        except ValueError:  # reported where the list is read
            continue
        if name in BUCHHOLZ_FAMILY:
            out.append(code)
    return out


def check_round_robin_tiebreaks(kind: SectionKind | None, tiebreaks: Sequence[str], rules: str,
                                keys: Mapping[str, yaml.Node], col: Collector,
                                section_id: str) -> None:
    """Warn (2024 rules) or refuse (2026 rules) Buchholz tie-breaks on a round-robin section.

    The problem is placed at the section's ``tiebreaks:`` line, or at its
    ``format:`` line when the list is the season's.
    """
    if kind is None or kind.tiebreak_system != "round-robin":
        return
    bad = buchholz_codes(tiebreaks)
    if not bad:
        return
    own = "tiebreaks" in keys
    listed = ", ".join(bad)
    message = Message("section '{section_id}' is a round robin, and its tiebreaks list"
                      " {listed}: {rule}; use DE, SB, WIN, KS", section_id=section_id,
                      listed=listed, rule=RULE) if own else \
        Message("section '{section_id}' is a round robin, and the season's tiebreaks list"
                " {listed}: {rule}; use DE, SB, WIN, KS", section_id=section_id, listed=listed,
                rule=RULE)
    node = keys.get("tiebreaks") if own else keys.get("format")
    if rules == "2026":
        col.add(node, message)
    else:
        col.warn(node, Message("{message} (an error under tiebreak_rules: 2026)",
                               message=message))
