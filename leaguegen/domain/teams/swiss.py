"""The FIDE Swiss Team Pairing System (C.04.6, applied from 1 February 2026).

``pair_team_round(event)`` pairs the round after the last one in ``event``: every team but
the ``absent`` ones (a team that does not play the round is not paired, as the Basic Rules
leave an absent player out, C.04.6 preface). Article by article (docs/teams.md has the
digest):

- 3.4: the PAB first, when the count is odd: among teams allowed one ([C2]) whose absence
  leaves the rest pairable ([C3]), the lowest score, then the most matches played, then
  the largest TPN.
- 3.2/3.5: the top scoregroup (highest score among teams not yet paired) takes the fewest
  upfloaters ([C4]) that leave its bracket and everybody else pairable ([C1], [C3]); among
  such sets the best score profile ([C5]), then [C6] met (the following scoregroup, the
  next lower score of the round, can still be paired with the upfloaters its parity
  needs, unless upfloating emptied it), then the fewest upfloaters that floated last
  round ([C7], not in the last two rounds), then the first set in 3.5.4's order.
- 3.6: the bracket is paired by ``swiss_bracket.pair_bracket`` ([C8], [C9], [C10]).
- 4: board-1 colours by ``swiss_colours.allocate``.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations

from leaguegen.domain.teams.model import TeamEvent
from leaguegen.domain.teams.swiss_bracket import pair_bracket, perfect
from leaguegen.domain.teams.swiss_colours import Preference, allocate, preference
from leaguegen.domain.teams.swiss_state import (
    TYPE_B,
    SwissSettings,
    settings_of,
    states_of,
)
from leaguegen.errors import Message, NoValidPairing

MAX_SETS = 50_000  # upfloater sets looked at for one bracket (a guard, never reached here)


@dataclass(frozen=True, slots=True)
class TeamPairing:
    """A round's matches as (team with White on board 1, team with Black), and the PAB."""

    round: int
    matches: tuple[tuple[int, int], ...]
    bye: int | None


class _Round:
    def __init__(self, event: TeamEvent, settings: SwissSettings):
        self.settings = settings
        self.states = states_of(event, settings)
        self.round = event.rounds_played + 1
        total = settings.rounds or self.round
        self.last_round = self.round >= total
        self.last_two = self.round >= total - 1
        self.prefs: dict[int, Preference] = {
            t: preference(s, settings, self.last_round) for t, s in self.states.items()}
        self.levels: list[Fraction] = []  # the round's scores, set when it is paired

    def legal(self, a: int, b: int) -> bool:
        return b not in self.states[a].met  # [C1]

    def pairable(self, teams) -> bool:
        return perfect(list(teams), self.legal)

    # ------------------------------------------------------------------ 3.4
    def bye(self, teams: list[int]) -> int | None:
        if len(teams) % 2 == 0:
            return None
        st = self.states
        for t in sorted(teams, key=lambda t: (st[t].score, -st[t].matches_played, -t)):
            if st[t].may_get_bye and self.pairable(x for x in teams if x != t):
                return t
        raise NoValidPairing(Message("no team can get the pairing-allocated bye and leave the"
                                     " rest pairable"))

    # ------------------------------------------------------------------ 3.5
    def upfloaters(self, group: list[int], others: list[int]) -> tuple[int, ...]:
        st = self.states
        ranked = sorted(others, key=lambda t: (-st[t].score, t))
        k = len(group) % 2
        while k <= len(ranked):
            found = self._sets_of_size(group, ranked, k)
            if found is not None:
                return found
            k += 2
        raise NoValidPairing(Message("the scoregroup {group} cannot be paired with any"
                                     " upfloaters", group=str(group)))

    def _legal_set(self, group: list[int], ranked: list[int], chosen: tuple[int, ...]) -> bool:
        inside = set(chosen)
        return (self.pairable(group + list(chosen))
                and self.pairable(t for t in ranked if t not in inside))

    def _sets_of_size(self, group: list[int], ranked: list[int],
                      k: int) -> tuple[int, ...] | None:
        """The set of ``k`` upfloaters 3.5.5 chooses, or None when no set of ``k`` is legal."""
        st = self.states
        candidates = []
        for n, combo in enumerate(combinations(ranked, k)):
            if n >= MAX_SETS:
                break
            profile = tuple(sorted(st[t].score for t in combo))
            candidates.append((profile, combo))
        # [C5] the best profile first (highest lowest score...), then 3.5.4's order (the
        # combinations of a list ranked by score then TPN come in that order)
        candidates.sort(key=lambda c: tuple(-s for s in c[0]))
        best: list[tuple[int, ...]] = []
        best_profile = None
        for profile, combo in candidates:
            if best_profile is not None and profile != best_profile:
                break
            if self._legal_set(group, ranked, combo):
                best_profile = profile
                best.append(combo)
        if len(best) <= 1:
            return best[0] if best else None
        return min(best, key=lambda c: (self._c6(group, ranked, c), self._c7(c)))

    def _c6(self, group: list[int], ranked: list[int], chosen: tuple[int, ...]) -> int:
        """0 when [C6] is met, else 1. The following scoregroup is the one of the next
        lower score among the round's teams (its score levels, fixed before the round is
        paired); when its teams all became or are upfloaters it is empty and [C6] says
        nothing. Otherwise what is left of it must be pairable, with the rest, taking
        only the upfloaters its parity needs ([C1], [C3], [C4] where it is paired)."""
        st = self.states
        score = st[group[0]].score
        lower = [s for s in self.levels if s < score]
        if not lower:
            return 0
        below = max(lower)
        rest = [t for t in ranked if t not in chosen]
        following = [t for t in rest if st[t].score == below]
        if not following:
            return 0  # the following scoregroup was emptied by upfloating
        others = [t for t in rest if st[t].score < below]
        k = len(following) % 2
        if any(self._legal_set(following, others, c) for c in combinations(others, k)):
            return 0
        return 1

    def _c7(self, chosen: tuple[int, ...]) -> int:
        if self.last_two:
            return 0
        return sum(1 for t in chosen if self.states[t].floated_last_round)

    # ------------------------------------------------------------------ 3.6
    def penalty(self, upfloaters: frozenset[int]):
        b_type = self.settings.colour_type == TYPE_B

        def penalty(a: int, b: int) -> tuple[int, int, int]:
            pa, pb = self.prefs[a], self.prefs[b]
            same = pa.colour is not None and pa.colour == pb.colour
            c9 = int(b_type and same and pa.strong and pb.strong)
            c10 = 0
            if not self.last_two and (a in upfloaters) != (b in upfloaters):
                resident = b if a in upfloaters else a
                c10 = int(self.states[resident].floated_last_round)
            return (int(same), c9, c10)
        return penalty

    def pair(self, teams: list[int]) -> TeamPairing:
        if not self.pairable(t for t in teams) and len(teams) % 2 == 0:
            raise NoValidPairing(Message("the teams cannot all be paired without a rematch"))
        st = self.states
        self.levels = sorted({st[t].score for t in teams})
        bye = self.bye(teams)
        unpaired = [t for t in teams if t != bye]
        pairs: list[tuple[int, int]] = []
        while unpaired:
            top = max(st[t].score for t in unpaired)
            group = sorted(t for t in unpaired if st[t].score == top)
            others = [t for t in unpaired if st[t].score != top]
            chosen = self.upfloaters(group, others)
            bracket = group + list(chosen)
            pairs.extend(pair_bracket(bracket, self.legal, self.penalty(frozenset(chosen))))
            unpaired = [t for t in unpaired if t not in set(bracket)]
        matches = tuple(allocate(st[a], st[b], self.prefs[a], self.prefs[b], self.settings)
                        for a, b in pairs)
        return TeamPairing(self.round, matches, bye)


def pair_team_round(event: TeamEvent, settings: SwissSettings | None = None,
                    absent: frozenset[int] = frozenset()) -> TeamPairing:
    """Pair the next round of a team Swiss by C.04.6; NoValidPairing when it cannot be.
    ``absent`` teams are left out of the round (no opponent, no PAB: the PAB and the
    parity are of the teams present)."""
    settings = settings or settings_of(event)
    return _Round(event, settings).pair(sorted(t for t in event.numbers if t not in absent))
