"""``divisions:`` in season.yaml: which sections are divisions, top first, and their movers.

    divisions:                 # the top division first
      - {section: premier, relegate: 2}
      - {section: major, promote: 2}

Why a block of the season and not a key of each section: the order of the divisions is a
fact about the season (which section sits above which), and ``check`` can then say at one
line what is wrong with it: a section it does not know, a section named twice, a kind whose
table cannot be a division (a Swiss, a knockout), more movers than entrants. A team league's
own ``promotion:``/``relegation:`` keys mark places without the block; with it, they must
agree with it (or be left out), and the block's numbers are the ones its table marks.
"""

from __future__ import annotations

from dataclasses import replace

import yaml

from leaguegen.domain.divisions import Division, can_be_division, entrants
from leaguegen.domain.season import Section
from leaguegen.domain.sections.registry import kind_of
from leaguegen.errors import Message
from leaguegen.formats import yaml_nodes as yn

DIVISION_KEYS = ("section", "promote", "relegate")


def read_divisions(node: yaml.Node | None, col: yn.Collector,
                   sections: tuple[Section, ...] | list[Section]) -> tuple[Division, ...]:
    """The season's divisions, each problem reported at its line (a division with a
    problem is left out, so the rest of the season still loads far enough to report
    everything else)."""
    if node is None or yn.is_null(node):
        return ()
    by_id = {s.id: s for s in sections}
    out: list[Division] = []
    seen: set[str] = set()
    for item in yn.sequence(node, col, "divisions"):
        keys = yn.mapping(item, col, "a division", DIVISION_KEYS, required=("section",))
        sid = yn.text(keys.get("section"), col, "divisions: section")
        promote = yn.integer(keys.get("promote"), col, "promote", minimum=0) or 0
        relegate = yn.integer(keys.get("relegate"), col, "relegate", minimum=0) or 0
        if sid is None:
            continue
        where = keys["section"]
        section = by_id.get(sid)
        if section is None:
            col.add(where, Message("divisions: no section '{sid}'{suggestion}; sections: "
                                   "{known}", sid=sid, suggestion=yn.suggestion(sid, list(by_id)),
                                   known=", ".join(by_id)))
            continue
        if sid in seen:
            col.add(where, Message("divisions: section '{sid}' is named twice", sid=sid))
            continue
        seen.add(sid)
        if not can_be_division(section):
            col.add(where, Message("divisions: section '{sid}' is a {format}, which cannot be a "
                                   "division (a round robin, quads or a team league can)",
                                   sid=sid, format=section.format))
            continue
        count = len(entrants(section))
        if promote + relegate > count:
            col.add(item, Message("divisions: section '{sid}' moves {movers} (promote {promote},"
                                  " relegate {relegate}) but has only {count}", sid=sid,
                                  movers=promote + relegate, promote=promote,
                                  relegate=relegate, count=count))
            continue
        if not _agrees(section, promote, relegate):
            col.add(item, Message("divisions: section '{sid}' says promotion {p} and relegation"
                                  " {r} itself; write the same numbers here or leave them out"
                                  " there", sid=sid, p=section.details.promotion,  # type: ignore[union-attr]
                                  r=section.details.relegation))  # type: ignore[union-attr]
            continue
        out.append(Division(sid, promote, relegate))
    return tuple(out)


def _agrees(section: Section, promote: int, relegate: int) -> bool:
    """A team league's own places (0: not written) are the block's, or none."""
    own = (getattr(section.details, "promotion", 0), getattr(section.details, "relegation", 0))
    return own in ((0, 0), (promote, relegate))


def with_places(sections: list[Section], divisions: tuple[Division, ...]) -> list[Section]:
    """The sections with a team league division's table marking the block's places (its
    details carry them; an individual division's page reads the season's block)."""
    places = {d.section: d for d in divisions}
    out = []
    for s in sections:
        d = places.get(s.id)
        own = (getattr(s.details, "promotion", None), getattr(s.details, "relegation", None))
        if d is not None and kind_of(s.format).entrants is not None \
                and own != (d.promote, d.relegate):
            s = replace(s, details=replace(s.details, promotion=d.promote,  # type: ignore[type-var]
                                           relegation=d.relegate))
        out.append(s)
    return out
