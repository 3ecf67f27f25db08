"""``bye`` and ``withdraw`` of a team in a team Swiss: the team is left out of rounds.

Why as absences: C.04.6 pairs the teams present (its preface applies the Basic Rules,
which pair only the players present), and a team left out of a round gets no opponent,
no PAB and nothing for that round (``domain.teams.results``: absent). The section keeps
such teams in its ``absent`` list (``{team, round}``, with an optional ``reason``), read
when the round is paired. So

- ``bye TEAM zero --round R`` adds one entry for round R, not paired yet (a team Swiss
  has no half- or full-point bye to ask for: C.04.6's only bye is the PAB, which the
  pairing gives);
- ``withdraw TEAM --after-round K`` adds one entry for each round after K still to be
  paired (its matches already played stand: C.07 counts them, and its later rounds are
  its own unplayed rounds for its opponents' tie-breaks), refused while a round after K
  is paired with the team in a match.

A team league has no absences to write (its fixtures are its table): ``bye`` is refused
there, and its ``withdraw`` is ``team_match.withdraw_change``.
"""

from __future__ import annotations

from leaguegen.domain.season import Section
from leaguegen.domain.sections.team_swiss import TeamSwissDetails
from leaguegen.errors import Message
from leaguegen.formats.chores.core import Change, Refused

NO_POINTS = "zero"  # the only requested bye a team Swiss has: left out, nothing scored


def team_number(names: list[str], name: str, where: str) -> tuple[int, str]:
    """(number, name as written) of the team ``name`` (exact, else ignoring case), or
    Refused naming the teams."""
    found = [n for n in names if n == name.strip()] or \
        [n for n in names if n.casefold() == name.strip().casefold()]
    if not found:
        from leaguegen.formats.yaml_nodes import suggestion

        hint, teams = suggestion(name.strip(), names), ", ".join(names)
        if where == "division":
            raise Refused(Message("no team '{name}' in this division{hint} (teams: {teams})",
                                  name=name, hint=hint, teams=teams))
        raise Refused(Message("no team '{name}' in this section{hint} (teams: {teams})",
                              name=name, hint=hint, teams=teams))
    return names.index(found[0]) + 1, found[0]


def _swiss(section: Section) -> TeamSwissDetails:
    if not isinstance(section.details, TeamSwissDetails):
        raise Refused(Message("a team league's fixtures are its table: a team that cannot "
                              "play a match defaults it (`leaguegen result SEASON 'Home - "
                              "Away' -+`)"))
    return section.details


def _absences(session, st, section: Section, team: int, tname: str,  # noqa: ANN001
              rounds: list[int], reason: str | None, said: list[str]) -> Change:
    """The change adding ``{team, round[, reason]}`` to ``absent`` for each of ``rounds``."""
    from leaguegen.formats import season_edits

    def edit(text: str, newline: str) -> str:
        for r in rounds:
            fields: list[tuple[str, str | int]] = [("team", tname), ("round", r)]
            if reason:
                fields.append(("reason", reason))
            text = season_edits.add_entry(text, newline, section.id, "absent", fields)
        return text

    text = session.edit(st, edit)

    def recorded(after: Section) -> str | None:
        have = set(_swiss(after).absences)
        ok = all((r, team) in have for r in rounds)
        return None if ok else Message("the absence would not read back")

    return Change(text, said, recorded)


def bye_change(session, st, section: Section, name: str, kind: str,  # noqa: ANN001
               round_no: int, reason: str | None) -> Change:
    """``bye``: the team left out of round ``round_no`` (the module docstring)."""
    d = _swiss(section)
    team, tname = team_number([t.name for t in d.teams], name, "section")
    if kind != NO_POINTS:
        raise Refused(Message("a team Swiss has no '{kind}' bye: a team left out of a round "
                              "scores nothing (C.04.6 pairs the teams present; its only bye "
                              "is the pairing-allocated one); ask for a '{zero}' bye",
                              kind=kind, zero=NO_POINTS))
    if round_no > d.number_of_rounds:
        raise Refused(Message("round {round_no}: the section has {count} round",
                              "round {round_no}: the section has {count} rounds",
                              round_no=round_no, count=d.number_of_rounds))
    if round_no <= d.paired_rounds:
        raise Refused(Message("round {round_no} is paired already; a team is left out of a "
                              "round before it is paired (change the round's lines by hand)",
                              round_no=round_no))
    if team in d.absent_in(round_no):
        raise Refused(Message("{team} is absent from round {round_no} already",
                              team=tname, round_no=round_no))
    said: list[str] = [
        Message("{team}: left out of round {round_no} (absent, no points) ({reason})",
                team=tname, round_no=round_no, reason=reason) if reason else
        Message("{team}: left out of round {round_no} (absent, no points)", team=tname,
                round_no=round_no)]
    return _absences(session, st, section, team, tname, [round_no], reason, said)


def withdraw_change(session, st, section: Section, name: str, after_round: int,  # noqa: ANN001
                    reason: str | None) -> Change:
    """``withdraw``: the team absent from every round after ``after_round`` still to be
    paired (the module docstring)."""
    d = _swiss(section)
    names = [t.name for t in d.teams]
    team, tname = team_number(names, name, "section")
    total = d.number_of_rounds
    if after_round > total:
        raise Refused(Message("after round {after_round}: the section has {count} round",
                              "after round {after_round}: the section has {count} rounds",
                              after_round=after_round, count=total))
    later = [p for p in d.pairings if p.round > after_round and team in (p.first, p.second)]
    if later:
        shown = tuple(Message("round {r} {home} - {away}", r=p.round,
                              home=names[p.first - 1], away=names[p.second - 1])
                      for p in later)
        raise Refused(Message("{team} is paired after round {after_round} ({shown}); give the "
                              "last round it played (--after-round {last}), or take it out "
                              "of those rounds by hand first", team=tname,
                              after_round=after_round, shown=shown,
                              last=max(p.round for p in later)))
    if any(r > after_round and t == team for r, t in d.byes):
        raise Refused(Message("{team} has the pairing-allocated bye after round "
                              "{after_round}; give the last round it was paired in",
                              team=tname, after_round=after_round))
    start = max(after_round, d.paired_rounds) + 1
    rounds = [r for r in range(start, total + 1) if team not in d.absent_in(r)]
    if not rounds:
        raise Refused(Message("{team} is in no round still to be paired after round "
                              "{after_round} (every round is paired, or it is absent from "
                              "them already)", team=tname, after_round=after_round))
    why = reason or f"withdrew after round {after_round}"  # the file's words (data)
    said: list[str] = [
        Message("{player} withdrawn after round {after_round} ({reason})", player=tname,
                after_round=after_round, reason=reason) if reason else
        Message("{player} withdrawn after round {after_round}", player=tname,
                after_round=after_round),
        Message("absent from round(s) {rounds}: not paired, no points; its results so far "
                "stand", rounds=", ".join(map(str, rounds)))]
    return _absences(session, st, section, team, tname, rounds, why, said)
