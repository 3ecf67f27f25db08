"""C.04.6 colour preferences (Art. 1.7) and the allocation of board-1 colours (Art. 4).

Colours matter less for teams, so no preference is absolute: they only order pairings
([C8], [C9]) and then decide who has White on board 1 once the round is paired.
Type A knows one strength; type B a strong and a mild one (and none for a colour
difference of zero in the last round).
"""

from __future__ import annotations

from dataclasses import dataclass

from leaguegen.domain.teams.swiss_state import NO_COLOURS, TYPE_B, SwissSettings, TeamState


@dataclass(frozen=True, slots=True)
class Preference:
    colour: str | None  # 'w', 'b' or None
    strong: bool = False


NONE = Preference(None)


def preference(team: TeamState, settings: SwissSettings, last_round: bool) -> Preference:
    """1.7.1 (type A) and 1.7.2 (type B)."""
    played = team.played_colours
    if settings.colour_type == NO_COLOURS or not played:
        return NONE
    cd = team.colour_difference
    last_two = played[-2:] if len(played) >= 2 else ()
    if cd < -1 or (cd in (0, -1) and last_two == ("b", "b")):
        return Preference("w", True)
    if cd > 1 or (cd in (0, 1) and last_two == ("w", "w")):
        return Preference("b", True)
    if settings.colour_type != TYPE_B:
        return NONE
    if cd == -1 or (cd == 0 and not last_round and played[-1] == "b"):
        return Preference("w")
    if cd == 1 or (cd == 0 and not last_round and played[-1] == "w"):
        return Preference("b")
    return NONE


def first_team(a: TeamState, b: TeamState, settings: SwissSettings) -> TeamState:
    """4.2: higher primary score, then higher secondary score (if used), then smaller TPN."""
    def key(t: TeamState) -> tuple:
        return (-t.score, -t.secondary if settings.use_secondary else 0, t.tpn)
    return min(a, b, key=key)


def _other(colour: str) -> str:
    return "b" if colour == "w" else "w"


def allocate(a: TeamState, b: TeamState, pa: Preference, pb: Preference,
             settings: SwissSettings) -> tuple[int, int]:
    """(team with White on board 1, team with Black), by 4.3.1-4.3.9 in order."""
    first = first_team(a, b, settings)
    other = b if first is a else a
    pf, po = (pa, pb) if first is a else (pb, pa)

    def give(colour: str) -> tuple[int, int]:  # ``first`` gets ``colour``
        return (first.tpn, other.tpn) if colour == "w" else (other.tpn, first.tpn)

    if not first.played_colours and not other.played_colours:  # 4.3.1
        return give(settings.initial_colour if first.tpn % 2 else _other(settings.initial_colour))
    if pf.colour and not po.colour:  # 4.3.2
        return give(pf.colour)
    if po.colour and not pf.colour:
        return give(_other(po.colour))
    if pf.colour and po.colour and pf.colour != po.colour:  # 4.3.3
        return give(pf.colour)
    if settings.colour_type == TYPE_B and pf.strong != po.strong:  # 4.3.4
        return give(pf.colour) if pf.strong and pf.colour else give(_other(po.colour or "w"))
    cf, co = first.colour_difference, other.colour_difference
    if cf != co:  # 4.3.5: the lower colour difference gets White
        return give("w" if cf < co else "b")
    # 4.3.6: the histories are compared match by match from each team's latest played
    # match back (unplayed rounds skipped), as the FIDE program does it, not round by round
    for mine, theirs in zip(reversed(first.played_colours), reversed(other.played_colours),
                            strict=False):
        if mine != theirs:
            return give(_other(mine))
    if pf.colour:  # 4.3.7
        return give(pf.colour)
    if first.played_colours:  # 4.3.8
        return give(_other(first.played_colours[-1]))
    return give(other.played_colours[-1])  # 4.3.9: the other alternates
