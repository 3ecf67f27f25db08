"""Checking a team Swiss against C.04.6: each round re-paired from the rounds before it.

Why: FIDE's endorsement procedure runs a checker over finished events (``check-pairings``),
and a team Swiss is no different: round ``r`` is paired again from the event cut after
round ``r - 1``, with the teams the file leaves out of round ``r`` absent (the engine
pairs only the teams present), and compared as the conformance corpus compares: the same
set of (team with White on board 1, team with Black) matches, forfeited matches included
(their colours are the scheduled ones), and the same pairing-allocated bye. The verdicts
are the individual checker's ``RoundCheck`` so ``check-pairings`` prints both alike.

``pairing_problem`` is the guard ``pair --trf`` puts between the engine and the terminal:
a pairing is printed only if every team present is in it once and no two teams that met
over the board meet again.
"""

from __future__ import annotations

from leaguegen.domain.pairing.check import RoundCheck, differences
from leaguegen.domain.teams.model import TeamEvent
from leaguegen.domain.teams.swiss import TeamPairing, pair_team_round
from leaguegen.domain.teams.swiss_state import settings_of, states_of
from leaguegen.errors import NoValidPairing


def written_round(event: TeamEvent, rnd: int) -> TeamPairing:
    """Round ``rnd`` as the event has it: its matches (first team first) and its PAB."""
    bye = next((b.team for b in event.byes if b.round == rnd), None)
    return TeamPairing(rnd, tuple(m.teams() for m in event.matches_of_round(rnd)), bye)


def teams_in_round(event: TeamEvent, rnd: int) -> frozenset[int]:
    """The teams that have a match or the PAB in round ``rnd``."""
    found = written_round(event, rnd)
    teams = {t for pair in found.matches for t in pair}
    if found.bye is not None:
        teams.add(found.bye)
    return frozenset(teams)


def compare(rnd: int, engine: TeamPairing, found: TeamPairing) -> RoundCheck:
    """Each of the engine's matches the event does not have (by the engine's order), and a
    differing bye: the individual checker's comparison, teams for players."""
    return RoundCheck(rnd, len(engine.matches),
                      differences(engine.matches, engine.bye, found.matches, found.bye))


def check_team_event(event: TeamEvent) -> tuple[RoundCheck, ...]:
    """Every round of ``event`` re-paired by C.04.6 from the rounds before it (the module
    docstring); a round the engine cannot pair is a ``failure``."""
    settings = settings_of(event)
    out = []
    for rnd in range(1, event.rounds_played + 1):
        found = written_round(event, rnd)
        absent = frozenset(event.numbers) - teams_in_round(event, rnd)
        before = event.cut(rnd - 1)
        if before.rounds_played != rnd - 1:
            out.append(RoundCheck(rnd, len(found.matches),
                                  failure=f"no match or bye in round {rnd - 1} to pair"
                                          f" round {rnd} from"))
            continue
        try:
            engine = pair_team_round(before, settings, absent)
        except NoValidPairing as exc:
            out.append(RoundCheck(rnd, len(found.matches), failure=f"no valid pairing: {exc}"))
            continue
        out.append(compare(rnd, engine, found))
    return tuple(out)


def pairing_problem(event: TeamEvent, pairing: TeamPairing,
                    absent: frozenset[int] = frozenset()) -> str | None:
    """Why ``pairing`` is not a pairing of ``event``'s next round, or None: every team
    present once (in a match or as the PAB), none absent, no repeat of a match played
    ([C1]), no second PAB or a PAB after a forfeit win ([C2])."""
    states = states_of(event, settings_of(event))
    present = [t for t in event.numbers if t not in absent]
    seen: list[int] = [t for pair in pairing.matches for t in pair]
    if pairing.bye is not None:
        seen.append(pairing.bye)
    if sorted(seen) != sorted(present):
        twice = sorted({t for t in seen if seen.count(t) > 1})
        missing = sorted(set(present) - set(seen))
        extra = sorted(set(seen) - set(present))
        return (f"teams twice {twice}, missing {missing}, not present {extra}")
    for a, b in pairing.matches:
        if b in states[a].met:
            return f"teams {a} and {b} have met already"
    if pairing.bye is not None and not states[pairing.bye].may_get_bye:
        return f"team {pairing.bye} may not get the pairing-allocated bye again"
    return None
