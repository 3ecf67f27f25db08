"""What C.04.5 (Double-Swiss, 2026) says about one player's past, read from a SwissState.

Why a module of its own: the engine (``double_swiss``) and the checker
(``double_swiss_check``) must read the same facts the same way (who may get the
pairing-allocated bye, who may meet again, who upfloated last round, which match
colours count), and neither may depend on the other.

A Double-Swiss round is a *match* of two games. In a :class:`SwissState` each
:class:`PastRound` is one match: ``colour`` is the player's colour in game 1 (the
match colour, art. 1.6: the player scheduled White in game 1 "had White" when at least
one game was played), ``points`` the match's game points in scoring units (0 to twice
a win), ``played`` False only when the match ended by forfeit (preface: at least one
player forfeited both games), and the pairing-allocated bye ``opponent=None,
paired=True``.
"""

from __future__ import annotations

from leaguegen.domain.model import Colour

from .state import PastRound, SwissPlayer, SwissState


def match_win(state: SwissState) -> int:
    """Units of a won match (2-0): two game wins."""
    return 2 * state.win


def pab_units(state: SwissState) -> int:
    """The pairing-allocated bye: a win and a draw (1½ under 1 / ½ / 0), art. 1.4.

    The draw is half a win in every scoring the section readers accept for a Swiss.
    """
    return state.win + state.win // 2


def may_meet_again(a: SwissPlayer, b: SwissPlayer) -> bool:
    """[C1]: two players meet once, but a match that ended by forfeit does not count
    (preface: "the same pairing may be repeated in a later round")."""
    return not any(r.opponent == b.number and r.played for r in a.rounds)


def pab_eligible(player: SwissPlayer, state: SwissState) -> bool:
    """[C2]: no PAB for a player who had one, or who already scored a match win
    without playing (a match won by forfeit, or a full-point bye)."""
    for r in player.rounds:
        if r.is_pab:
            return False
        if not r.played and r.points >= match_win(state):
            return False
    return True


def match_colours(player: SwissPlayer) -> tuple[Colour, ...]:
    """Game-1 colours of the matches played (forfeited matches and byes left out,
    as art. 3.4 of the General Handling Rules has it)."""
    return tuple(r.colour for r in player.rounds if r.played and r.colour is not None)


def matches_played(player: SwissPlayer) -> int:
    return sum(1 for r in player.rounds if r.played)


def score_before(player: SwissPlayer, round_index: int) -> int:
    """Score before round ``round_index`` (0-based)."""
    return sum(r.points for r in player.rounds[:round_index])


def upfloated(state: SwissState, player: SwissPlayer, round_index: int) -> bool:
    """Was ``player`` paired, in round ``round_index`` (0-based), against an opponent
    with a higher score before that round (a played or a forfeited match)?"""
    if round_index < 0 or round_index >= len(player.rounds):
        return False
    r: PastRound = player.rounds[round_index]
    if r.opponent is None or not r.paired:
        return False
    mine = score_before(player, round_index)
    theirs = score_before(state.player(r.opponent), round_index)
    return theirs > mine
