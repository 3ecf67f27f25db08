"""Knockout: a seeded bracket of matches, with tie-breaks recorded as games.

Seeding. Entrants are numbered by seed (1 = strongest, usually by rating; see
:func:`seeds_by_rating`). The bracket has ``size`` = the next power of two
slots, laid out in the standard order where seed ``s`` meets seed
``size + 1 - s`` in round 1 and, if the favourites keep winning, 1 meets 4
and 2 meets 3 in the semi-finals: 1 and 2 sit in opposite halves and can only
meet in the final. Slots numbered above the entrant count are empty, so the
byes go to the top seeds (seed ``s`` has a bye exactly when
``size + 1 - s > entrants``).

Matches. A match has one or more regular games and optional tie-break stages
(rapid, blitz, armageddon...), described by a :class:`MatchFormat`. Every game
is recorded with its stage label and White's result; who advances is derived,
never typed in: the first stage whose score separates the players decides,
including a lead that can no longer be caught; an armageddon draw sends Black
through. A decision made outside the board (drawing of lots, withdrawal) is
recorded as :attr:`MatchResult.decided_for`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from leaguegen.domain.model import STANDARD_SCORING, Code, Player, Scoring
from leaguegen.domain.schedule.quads import seed_order
from leaguegen.domain.schedule.scheveningen import GameCodes, both_codes


def bracket_size(entrants: int) -> int:
    """Slots in the bracket: the smallest power of two holding everyone."""
    if entrants < 2:
        raise ValueError("a knockout needs at least two entrants")
    return 1 << (entrants - 1).bit_length()


def bracket_order(size: int) -> list[int]:
    """Seeds in slot order, top of the bracket first; ``size`` is a power of two.

    Built by doubling: each seed ``s`` of the half-size bracket is followed by
    its round-1 opponent ``size + 1 - s``, which keeps 1 and 2 apart until the
    final, 1-4 and 2-3 apart until the semi-finals, and so on.
    """
    if size < 1 or size & (size - 1):
        raise ValueError("bracket size must be a power of two")
    order = [1]
    while len(order) < size:
        n = 2 * len(order)
        order = [x for s in order for x in (s, n + 1 - s)]
    return order


def seeds_by_rating(players: Sequence[Player]) -> list[Player]:
    """Seed list (index 0 = seed 1): rating descending, unrated last, ties by name."""
    return seed_order(players)


def round_count(entrants: int) -> int:
    return bracket_size(entrants).bit_length() - 1


def players_in_round(entrants: int, round_no: int) -> int:
    """Slots in round ``round_no`` (2 = the final, 4 = semi-finals): for round names."""
    return bracket_size(entrants) >> (round_no - 1)


# ---------------------------------------------------------------- match results


@dataclass(frozen=True, slots=True)
class Stage:
    """A block of games in a match; ``armageddon`` means a draw sends Black through."""

    label: str
    games: int
    armageddon: bool = False

    @classmethod
    def parse(cls, text: str) -> Stage:
        """A tie-break stage as organisers write it: ``rapid 2``, ``blitz 2``, ``armageddon``.

        Raises ValueError with a message saying what is allowed.
        """
        parts = text.split()
        label = parts[0].lower() if parts else ""
        if label == "armageddon" and len(parts) == 1:
            return cls("armageddon", 1, armageddon=True)
        if len(parts) == 2 and parts[1].isdigit() and int(parts[1]) >= 1 \
                and label != "armageddon":
            return cls(label, int(parts[1]))
        raise ValueError(f"tie-break stage '{text}' should be a name and a number of games, such"
                         " as 'rapid 2' or 'blitz 2', or 'armageddon' (one game, a draw sends"
                         " Black through)")


@dataclass(frozen=True, slots=True)
class MatchFormat:
    """The stages a match can go through, in order (the first one is the regular games)."""

    stages: tuple[Stage, ...] = (
        Stage("regular", 2),
        Stage("rapid", 2),
        Stage("blitz", 2),
        Stage("armageddon", 1, armageddon=True),
    )

    def stage(self, label: str) -> Stage:
        for s in self.stages:
            if s.label == label:
                return s
        raise ValueError(f"stage {label!r} is not one of {[s.label for s in self.stages]}")

    def then(self, stage: Stage) -> MatchFormat:
        """This format with one more tie-break stage; ValueError if it cannot follow."""
        if any(s.label == stage.label for s in self.stages):
            raise ValueError(f"tie-break stage '{stage.label}' is listed twice")
        if self.stages and self.stages[-1].armageddon:
            raise ValueError("armageddon must be the last tie-break stage")
        return MatchFormat((*self.stages, stage))

    def stage_of_game(self, index: int) -> str | None:
        """The stage of a match's ``index``-th game (0-based) when games fill the stages in
        order (regular games first, then each tie-break); None past the last one."""
        for stage in self.stages:
            if index < stage.games:
                return stage.label
            index -= stage.games
        return None


#: A single decisive game, then armageddon if drawn: the usual club cup.
SINGLE_GAME = MatchFormat((Stage("regular", 1), Stage("armageddon", 1, armageddon=True)))


@dataclass(frozen=True, slots=True)
class MatchGame:
    """One game of a match: seeds of the players and the result.

    ``result`` is White's code (Black's is mirrored) or both codes, e.g. the
    ``(Code, Code)`` pairs the season loader already produces.
    """

    white: int
    black: int
    result: GameCodes
    stage: str = "regular"

    @property
    def codes(self) -> tuple[Code, Code]:
        """White's and Black's codes."""
        return both_codes(self.result)


@dataclass(frozen=True, slots=True)
class StagePoints:
    """What one stage of a match scored: points of the top and the bottom seed of the
    bracket slot (scoring units), over ``games`` games with a result."""

    label: str
    top: int
    bottom: int
    games: int
    armageddon: bool = False


def _tally(games: Sequence[MatchGame], top: int, scoring: Scoring) -> tuple[int, int]:
    """Points of the top seed and of the other player over ``games`` (scoring units)."""
    mine = theirs = 0
    for g in games:
        w, b = (scoring.points(c) for c in g.codes)
        mine, theirs = (mine + w, theirs + b) if g.white == top else (mine + b, theirs + w)
    return mine, theirs


@dataclass(frozen=True, slots=True)
class MatchResult:
    """Games played so far in one match, plus an off-board decision if any."""

    games: tuple[MatchGame, ...] = ()
    decided_for: int | None = None

    def advances(
        self,
        top: int,
        bottom: int,
        fmt: MatchFormat = SINGLE_GAME,
        scoring: Scoring = STANDARD_SCORING,
    ) -> tuple[int | None, str | None]:
        """Who goes through and which stage decided it; ``(None, None)`` while undecided."""
        if self.decided_for is not None:
            if self.decided_for not in (top, bottom):
                raise ValueError(f"seed {self.decided_for} is not in this match")
            return self.decided_for, "decision"
        by_stage = self._by_stage(top, bottom, fmt)
        for i, stage in enumerate(fmt.stages):
            games = by_stage.get(stage.label, [])
            if len(games) > stage.games:
                raise ValueError(
                    f"{len(games)} games in stage {stage.label!r}, at most {stage.games}"
                )
            if stage.armageddon:
                for g in games:
                    w, b = (scoring.points(c) for c in g.codes)
                    return (g.white if w > b else g.black), stage.label
            mine, theirs = _tally(games, top, scoring)
            left = (stage.games - len(games)) * (scoring.win - scoring.loss)
            lead = mine - theirs
            if abs(lead) > left:
                return (top if lead > 0 else bottom), stage.label
            if left:
                later = [s.label for s in fmt.stages[i + 1 :] if by_stage.get(s.label)]
                if later:
                    raise ValueError(f"stage {later[0]!r} played before {stage.label!r} ended")
                return None, None
        return None, None

    def stage_points(
        self, top: int, bottom: int, fmt: MatchFormat = SINGLE_GAME,
        scoring: Scoring = STANDARD_SCORING,
    ) -> tuple[StagePoints, ...]:
        """The score of every stage with a game played, in the format's order."""
        by_stage = self._by_stage(top, bottom, fmt)
        return tuple(StagePoints(s.label, *_tally(by_stage[s.label], top, scoring),
                                 len(by_stage[s.label]), s.armageddon)
                     for s in fmt.stages if s.label in by_stage)

    def _by_stage(self, top: int, bottom: int, fmt: MatchFormat) -> dict[str, list[MatchGame]]:
        """The games with a result, by stage; ValueError for a game outside the match."""
        by_stage: dict[str, list[MatchGame]] = {}
        for g in self.games:
            if {g.white, g.black} != {top, bottom}:
                raise ValueError(
                    f"game {g.white}-{g.black} is not between seeds {top} and {bottom}"
                )
            fmt.stage(g.stage)
            if Code.PENDING in g.codes:
                continue
            by_stage.setdefault(g.stage, []).append(g)
        return by_stage


# ---------------------------------------------------------------- the bracket


@dataclass(frozen=True, slots=True)
class Match:
    """A match in the bracket; ``top``/``bottom`` are seeds, None when not yet known.

    In round 1 an absent ``bottom`` (or ``top``) is a bye and ``bye`` is set;
    the present player goes through without playing.
    """

    round: int
    index: int
    top: int | None
    bottom: int | None
    bye: bool = False
    result: MatchResult | None = None
    winner: int | None = None
    decided_by: str | None = None


@dataclass(frozen=True, slots=True)
class Bracket:
    entrants: int
    rounds: tuple[tuple[Match, ...], ...]

    @property
    def size(self) -> int:
        return bracket_size(self.entrants)

    @property
    def champion(self) -> int | None:
        return self.rounds[-1][0].winner

    def match(self, round_no: int, index: int) -> Match:
        return self.rounds[round_no - 1][index - 1]


def knockout_bracket(
    entrants: int,
    results: Mapping[tuple[int, int], MatchResult] | None = None,
    formats: MatchFormat | Sequence[MatchFormat] = SINGLE_GAME,
    scoring: Scoring = STANDARD_SCORING,
) -> Bracket:
    """The bracket for seeds 1..entrants with winners carried forward.

    ``results`` is keyed by ``(round, match index)``, both 1-based, top of the
    bracket first. ``formats`` is one format for every round or one per round
    (e.g. a longer final).
    """
    results = dict(results or {})
    size = bracket_size(entrants)
    total = round_count(entrants)
    per_round = [formats] * total if isinstance(formats, MatchFormat) else list(formats)
    if len(per_round) != total:
        raise ValueError(f"{len(per_round)} match formats for {total} rounds")
    slots: list[int | None] = [s if s <= entrants else None for s in bracket_order(size)]
    rounds: list[tuple[Match, ...]] = []
    for r in range(1, total + 1):
        matches = []
        for k in range(len(slots) // 2):
            top, bottom = slots[2 * k], slots[2 * k + 1]
            key = (r, k + 1)
            result = results.pop(key, None)
            if r == 1 and (top is None or bottom is None):
                if result is not None:
                    raise ValueError(f"match {key} is a bye and cannot have a result")
                matches.append(Match(r, k + 1, top, bottom, True, None, top or bottom, "bye"))
                continue
            winner = decided = None
            if result is not None:
                if top is None or bottom is None:
                    raise ValueError(f"match {key} has a result before both players are known")
                winner, decided = result.advances(top, bottom, per_round[r - 1], scoring)
            matches.append(Match(r, k + 1, top, bottom, False, result, winner, decided))
        rounds.append(tuple(matches))
        slots = [m.winner for m in matches]
    if results:
        raise ValueError(f"results for matches not in the bracket: {sorted(results)}")
    return Bracket(entrants, tuple(rounds))
