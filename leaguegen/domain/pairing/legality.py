"""Is a round's pairing legal under FIDE C.04.1? Checked from the rounds before it, pairing nothing.

Why: a round written or edited by hand (or by another program) reaches the pages
without passing through an engine, so nothing else would notice a third Black in a
row or a second pairing-allocated bye. The engine's own output is checked here too
(``leaguegen pair --trf`` refuses to print a pairing with an error), so the rules
live in one place.

The rules (C.04.1, 2026; ``../shared/rules/swiss.md`` section 1):

- art. 2: two players meet at most once (a forfeit is not a meeting);
- art. 3: at most one pairing-allocated bye (PAB) in a round;
- art. 4: no PAB for a player who already had one, or who already scored a win's
  points in a round without playing (a forfeit win, a full-point bye);
- art. 6: the colour difference (Whites minus Blacks, games played) stays within
  -2..+2;
- art. 7: nobody gets the same colour three times in a row (played games, unplayed
  rounds skipped).

Articles 6 and 7 allow each system its exceptions (``EXCEPTIONS``; each registered
system names its own, docs/swiss.md "Each system's last round"): the Dutch system
(C.04.3 C3, C10, C11) only in the last round, for a *topscorer* (more than half the
maximum score before that round) or the opponent of one; Lim (C.04.4.3 art. 6) in
the last round for two players of the same score, whatever their colours; Dubov and
Burstein (C.04.4.1 and C.04.4.2 [C3]: two players with the same absolute preference
never meet) none. A violation
FIDE allows is ``allowed`` (the season reports it as a warning); every other is an
error.
Forbidden pairs (TRF ``XXP``, a postponed game's players) are errors; the
organiser's ``avoid``/``keep_apart`` pairs are wishes the engine relaxes when it must,
so they are always ``allowed``.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass
from enum import StrEnum

from leaguegen.domain.model import Colour

from .state import SwissPlayer, SwissState


class Rule(StrEnum):
    """What a violation breaks; values are stable identifiers (tests and tools read them)."""

    PLAYER = "player"  # a number that is no player present for the round
    TWICE = "twice"  # a player on two boards, or on a board and the bye
    UNPAIRED = "unpaired"  # a player present for the round on no board and not the bye
    REPEAT = "repeat"  # C.04.1 art. 2
    FORBIDDEN = "forbidden"  # a pair that must not meet (XXP, a postponed game)
    AVOID = "avoid"  # an organiser's avoid / keep_apart pair
    TWO_PABS = "two-pabs"  # art. 3
    SECOND_PAB = "second-pab"  # art. 4: had the PAB before
    PAB_AFTER_WIN = "pab-after-unplayed-win"  # art. 4: scored a win without playing before
    COLOUR_DIFFERENCE = "colour-difference"  # art. 6
    THIRD_COLOUR = "third-colour"  # art. 7

    @property
    def article(self) -> str:
        return _ARTICLES.get(self, "")


_ARTICLES = {Rule.REPEAT: "C.04.1 art. 2", Rule.TWO_PABS: "C.04.1 art. 3",
             Rule.SECOND_PAB: "C.04.1 art. 4", Rule.PAB_AFTER_WIN: "C.04.1 art. 4",
             Rule.COLOUR_DIFFERENCE: "C.04.1 art. 6", Rule.THIRD_COLOUR: "C.04.1 art. 7",
             Rule.FORBIDDEN: "C.04.2 forbidden pairing", Rule.AVOID: "C.04.2 forbidden pairing"}


@dataclass(frozen=True, slots=True)
class Violation:
    """One broken rule. ``board`` is 1-based in the order given (None: the bye or no board);
    ``players`` the TPNs concerned (the player first); ``allowed``: FIDE allows it here
    (the last-round topscorer exception, or an organiser's wish), so it is a warning;
    ``value``: the colour difference after the round, or the round of the earlier
    meeting / bye, where that is what the rule is about."""

    rule: Rule
    players: tuple[int, ...]
    board: int | None = None
    allowed: bool = False
    value: int = 0
    why: str = ""  # the system's exception that allows a colour violation

    def words(self, name: Callable[[int], str] = str) -> str:
        """English, for the terminal and the loader's problems (pages word it themselves)."""
        a = name(self.players[0])
        b = name(self.players[1]) if len(self.players) > 1 else ""
        where = f"board {self.board}: " if self.board is not None else ""
        text = {
            Rule.PLAYER: f"{a} is not a player present for this round",
            Rule.TWICE: f"{a} is paired twice",
            Rule.UNPAIRED: f"{a} is not paired",
            Rule.REPEAT: f"{a} and {b} already met (round {self.value})",
            Rule.FORBIDDEN: f"{a} and {b} must not be paired",
            Rule.AVOID: f"{a} and {b} are to be kept apart (avoid / keep_apart)",
            Rule.TWO_PABS: f"{a} is a second pairing-allocated bye in the round",
            Rule.SECOND_PAB: f"{a} already had the pairing-allocated bye (round {self.value})",
            Rule.PAB_AFTER_WIN: f"{a} gets the pairing-allocated bye after scoring a win"
                                f" without playing (round {self.value})",
            Rule.COLOUR_DIFFERENCE: f"{a}'s colour difference becomes {self.value:+d}"
                                    " (at most 2 either way)",
            Rule.THIRD_COLOUR: f"{a} gets the same colour a third time in a row",
        }[self.rule]
        article = f" ({self.rule.article})" if self.rule.article else ""
        allowed = f"; {self.why}" if self.allowed and self.why else ""
        return f"{where}{text}{article}{allowed}"


def _played_colours(p: SwissPlayer) -> list[Colour]:
    return [r.colour for r in p.rounds if r.played and r.colour is not None]


def is_topscorer(state: SwissState, number: int) -> bool:
    """C.04.3 1.7: in the last round only, more than half the maximum score so far."""
    if not _is_last_round(state):
        return False
    return 2 * state.player(number).score > state.win * state.rounds_played


def _is_last_round(state: SwissState) -> bool:
    return state.rounds_played + 1 == state.rounds_total and state.rounds_played > 0


@dataclass(frozen=True, slots=True)
class ColourException:
    """When a system lets a board break art. 6 or 7, and the words saying so."""

    applies: Callable[[SwissState, int, int], bool]
    why: str


EXCEPTIONS: dict[str, ColourException] = {
    "topscorer": ColourException(
        lambda state, w, b: is_topscorer(state, w) or is_topscorer(state, b),
        "allowed for a topscorer or a topscorer's opponent in the last round"),
    "same-score": ColourException(
        lambda state, w, b: _is_last_round(state)
        and state.player(w).score == state.player(b).score,
        "allowed for two players of the same score in the last round"),
    "none": ColourException(lambda state, w, b: False, ""),
}


def colour_violations(state: SwissState, board: int, white: int, black: int,
                      exception: str = "topscorer") -> list[Violation]:
    """Art. 6 and 7 for both players of one board (the scheduled colours count);
    ``exception`` names the system's (``EXCEPTIONS``)."""
    out = []
    rule = EXCEPTIONS[exception]
    allowed = rule.applies(state, white, black)
    why = rule.why if allowed else ""
    for me, other, colour in ((white, black, Colour.WHITE), (black, white, Colour.BLACK)):
        history = _played_colours(state.player(me))
        diff = sum(1 if c is Colour.WHITE else -1 for c in history)
        diff += 1 if colour is Colour.WHITE else -1
        if abs(diff) > 2:
            out.append(Violation(Rule.COLOUR_DIFFERENCE, (me, other), board, allowed, diff,
                                 why))
        if len(history) >= 2 and history[-1] is colour and history[-2] is colour:
            out.append(Violation(Rule.THIRD_COLOUR, (me, other), board, allowed, why=why))
    return out


def bye_violations(state: SwissState, player: int) -> list[Violation]:
    """Art. 4 for the player given the PAB."""
    for r, past in enumerate(state.player(player).rounds, start=1):
        if past.is_pab:
            return [Violation(Rule.SECOND_PAB, (player,), None, False, r)]
    for r, past in enumerate(state.player(player).rounds, start=1):
        if not past.played and past.points >= state.win:
            return [Violation(Rule.PAB_AFTER_WIN, (player,), None, False, r)]
    return []


def check_round(
    state: SwissState,
    boards: Iterable[tuple[int, int]],
    byes: Iterable[int] = (),
    *,
    complete: bool = True,
    colours: bool = True,
    avoid: Collection[frozenset[int]] = (),
    exception: str = "topscorer",
) -> tuple[Violation, ...]:
    """Every C.04.1 rule the pairing ``boards`` (White, Black) + PAB ``byes`` of round
    ``state.rounds_played + 1`` breaks, boards first, in board order.

    ``complete``: every player present must be paired and only they (a pairing an
    engine made); a season round instead may leave players out (not paired, zero) and
    its reader has already refused unknown names and duplicates. ``colours=False``
    skips articles 6 and 7. ``avoid``: pairs the organiser wants kept apart.
    ``exception``: the pairing system's exception to articles 6 and 7 (its
    ``PairingSystem.colour_exception``; ``EXCEPTIONS``).
    """
    boards = list(boards)
    byes = list(byes)
    numbers = {p.number for p in state.players}
    present = {p.number for p in state.players if not p.absent}
    out: list[Violation] = []
    seen: set[int] = set()
    for board, pair in enumerate(boards, start=1):
        for n in pair:
            if n not in numbers or (complete and n not in present):
                out.append(Violation(Rule.PLAYER, (n,), board))
            elif n in seen:
                out.append(Violation(Rule.TWICE, (n,), board))
            seen.add(n)
    for n in byes:
        if n not in numbers or (complete and n not in present):
            out.append(Violation(Rule.PLAYER, (n,)))
        elif n in seen:
            out.append(Violation(Rule.TWICE, (n,)))
        seen.add(n)
    if complete:
        out += [Violation(Rule.UNPAIRED, (n,)) for n in sorted(present - seen)]
    if any(v.rule is Rule.PLAYER for v in out):
        return tuple(out)  # the rest would read players that are not there
    for board, (white, black) in enumerate(boards, start=1):
        met = [r for r, past in enumerate(state.player(white).rounds, start=1)
               if past.played and past.opponent == black]
        if met:
            out.append(Violation(Rule.REPEAT, (white, black), board, False, met[0]))
        pair = frozenset((white, black))
        if pair in state.forbidden:
            out.append(Violation(Rule.FORBIDDEN, (white, black), board))
        elif pair in avoid:
            out.append(Violation(Rule.AVOID, (white, black), board, True))
        if colours:
            out += colour_violations(state, board, white, black, exception)
    for i, n in enumerate(byes):
        if i:
            out.append(Violation(Rule.TWO_PABS, (n,)))
        out += bye_violations(state, n)
    return tuple(out)
