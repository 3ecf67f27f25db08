"""``enter`` in a team event: a reserve for a team (team league or team Swiss), or a whole
team arriving late in a team Swiss.

Why apart from the individual ``enter``: a team event's players are listed under their
team (``players``: the squad in board order, ``reserves``: who else may play, below
them), and its entrants are teams.

- ``enter SEASON NAME --section ID --team TEAM`` adds NAME at the end of TEAM's
  ``reserves`` (eligible from now on, below every team-mate in board order; the board
  order check reads it so); a player already in a team of the section is refused.
- ``enter SEASON TEAM --section ID --squad "A, B, C, D"`` enters a team in a team Swiss.
  C.04.6's preface applies Articles 2.4 and 2.5 of the General Handling Rules (C.04.2)
  to teams but not 2.1-2.3: the initial order is the competition's. A late entry is
  "given an appropriate TPN and paired only when it actually arrives", and scores
  nothing for the rounds before unless the rules say otherwise; the TPNs are provisional
  until the list of participants closes (2.5). So the team goes at the end of ``teams``
  (its TPN the next number: the section's order is its initial order, which the
  organiser may change by hand while the list is open), and it is written ``TEAM:
  absent`` in every round already written (not paired, nothing scored, its unplayed
  rounds for the tie-breaks). C.04.6 has no acceleration of its own (Article 1 of C.04.2,
  which it applies, allows only FIDE-approved methods announced beforehand), so none is
  given. A team league's fixtures come from its number of teams (a Berger table): a
  team joins it by editing the file before the season starts.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import yaml

from leaguegen.domain.season import Season, Section
from leaguegen.domain.sections.team_league import LeagueTeam
from leaguegen.domain.sections.team_swiss import TeamSwissDetails
from leaguegen.errors import Message
from leaguegen.formats.chores.core import Change, Done, Refused, run
from leaguegen.formats.yaml_splice import (
    append_item,
    compose,
    find_section,
    get,
    value_scalar,
    yaml_scalar,
)


def _teams(section: Section) -> tuple[LeagueTeam, ...]:
    teams = getattr(section.details, "teams", None)
    if teams is None or not all(isinstance(t, LeagueTeam) for t in teams):
        raise Refused(Message("section '{id}' is not a team event: enter a player without "
                              "--team or --squad", id=section.id))
    return teams


def _fields_text(fields: Sequence[tuple[str, str | int]]) -> str:
    """A player as the example seasons write one: ``{name: Ann Lee, rating: 2100}``."""
    return "{" + ", ".join(f"{k}: {v if isinstance(v, int) else value_scalar(v, True)}"
                           for k, v in fields) + "}"


def _nodes(text: str, section_id: str) -> tuple[yaml.Node, yaml.MappingNode]:
    doc = compose(text)
    section = find_section(doc, section_id)
    if doc is None or section is None:
        raise Refused(Message("no section with id '{section_id}' in this file",
                              section_id=section_id))
    return doc, section


def _team_node(section: yaml.MappingNode, index: int) -> yaml.MappingNode:
    teams = get(section, "teams")
    if not isinstance(teams, yaml.SequenceNode) or len(teams.value) <= index or \
            not isinstance(teams.value[index], yaml.MappingNode):
        raise Refused(Message("the section's teams are not written as a list of teams; add "
                              "the entry by hand"))
    return teams.value[index]


def _reserve(session, st, section: Section, fields: list[tuple[str, str | int]],  # noqa: ANN001
             team_name: str) -> Change:
    teams = _teams(section)
    names = [t.name for t in teams]
    from leaguegen.formats.chores.team_absence import team_number

    t, tname = team_number(names, team_name, "section")
    name = str(fields[0][1])
    for other in teams:
        if any(p.name == name for p in other.eligible):
            raise Refused(Message("{name} is in team '{team}' already: a player plays for "
                                  "one team of a section", name=name, team=other.name))

    def edit(text: str, newline: str) -> str:
        doc, sec = _nodes(text, section.id)
        expected = [(k, str(v)) for k, v in fields]
        return append_item(text, newline, doc, _team_node(sec, t - 1), "reserves",
                           [_fields_text(fields)], expected)

    text = session.edit(st, edit)
    board = len(teams[t - 1].squad)
    said: list[str] = [Message("{name} entered as a reserve of {team} (below its {squad} and"
                               " {reserves} in board order)", name=name, team=tname,
                               squad=Message("{count} squad player", "{count} squad players",
                                             count=board),
                               reserves=Message("{count} reserve(s)", "{count} reserve(s)",
                                                count=len(teams[t - 1].reserves)))]

    def recorded(after: Section) -> str | None:
        ok = any(p.name == name for p in _teams(after)[t - 1].reserves)
        return None if ok else Message("the reserve would not read back")

    return Change(text, said, recorded)


def _late_team(session, st, section: Section, name: str, squad: list[str]) -> Change:  # noqa: ANN001
    d = section.details
    if not isinstance(d, TeamSwissDetails):
        raise Refused(Message("a team league's fixtures come from its number of teams (a "
                              "Berger table): add the team to the file before the season "
                              "starts"))
    if name in [t.name for t in d.teams]:
        raise Refused(Message("team '{name}' is entered already", name=name))
    if len(squad) < d.boards:
        raise Refused(Message("--squad names {count} player(s); a team of this section "
                              "fields {boards} (board order, comma-separated: \"A, B, C, "
                              "D\")", count=len(squad), boards=d.boards))
    taken = {p.name: t.name for t in d.teams for p in t.eligible}
    for p in squad:
        if p in taken:
            raise Refused(Message("{name} is in team '{team}' already: a player plays for "
                                  "one team of a section", name=p, team=taken[p]))
    if len(set(squad)) != len(squad):
        raise Refused(Message("--squad names a player twice"))
    written = sorted({i.number for i in section.rounds})

    def edit(text: str, newline: str) -> str:
        doc, sec = _nodes(text, section.id)
        lines = [f"name: {value_scalar(name)}", "players:",
                 *(f"  - {_fields_text([('name', p)])}" for p in squad)]
        expected = [("name", name), ("players", [[("name", p)] for p in squad])]
        text = append_item(text, newline, doc, sec, "teams", lines, expected)
        for r in written:
            doc, sec = _nodes(text, section.id)
            rounds = get(sec, "rounds")
            rnode = rounds.value[r - 1] if isinstance(rounds, yaml.SequenceNode) else None
            if not isinstance(rnode, yaml.MappingNode):
                raise Refused(Message("round {r} is not written as a mapping with its "
                                      "matches; add '{name}: absent' to it by hand",
                                      r=r, name=name))
            text = append_item(text, newline, doc, rnode, "matches",
                               [f"{yaml_scalar(name)}: absent"], [(name, "absent")])
        return text

    text = session.edit(st, edit)
    tpn = len(d.teams) + 1
    said: list[str] = [Message("team {name} entered with TPN {tpn} (the last of the "
                               "section's order; C.04.6 leaves the initial order to the "
                               "competition), squad: {squad}", name=name, tpn=tpn,
                               squad=", ".join(squad))]
    if written:
        said.append(Message("absent from round(s) {rounds} already paired: no points for "
                            "them (C.04.2 2.4); paired from the next round",
                            rounds=", ".join(map(str, written))))

    def recorded(after: Section) -> str | None:
        a = after.details
        if not isinstance(a, TeamSwissDetails) or len(a.teams) != tpn or \
                a.teams[-1].name != name:
            return Message("the team would not read back")
        if any((r, tpn) not in a.absences for r in written):
            return Message("its absences would not read back")
        return None

    return Change(text, said, recorded)


def enter_in_team(season_dir: str | Path, section_id: str, name: str,
                  details: Sequence[tuple[str, str | int | None]] = (),
                  team: str | None = None, squad: str | None = None) -> Done:
    """``enter`` in a team event (the module docstring): NAME as a reserve of ``team``, or
    the team NAME with ``squad`` (comma-separated, board order)."""
    from leaguegen.formats.chores.core import Refusal
    from leaguegen.formats.chores.roster import entry_fields

    if (team is None) == (squad is None):
        raise Refusal(Message("give --team TEAM (a reserve) or --squad 'A, B, ...' (a team), "
                              "not both; nothing was written"))
    entered = name.strip()
    fields = entry_fields(entered, details)

    def make(session, st, season: Season, section: Section) -> Change:  # noqa: ANN001
        _teams(section)
        if team is not None:
            return _reserve(session, st, section, fields, team)
        if len(fields) > 1:
            raise Refused(Message("--rating, --title and the other details are a player's: "
                                  "give them to each squad player in the file"))
        players = [p.strip() for p in (squad or "").split(",") if p.strip()]
        return _late_team(session, st, section, entered, players)

    return run(season_dir, section_id, make)
