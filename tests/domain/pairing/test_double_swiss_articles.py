"""C.04.5 Double-Swiss, article by article: hand-worked positions, then generated events.

Scores are quarter points (``DOUBLE_SWISS_SCORING``): a game win is 4, a match won 2-0
is 8, the pairing-allocated bye 6 (1½).
"""

from __future__ import annotations

import random

import pytest

from leaguegen.domain.model import Code, Colour, RoundEntry
from leaguegen.domain.pairing import pair_round
from leaguegen.domain.pairing.double_swiss import allocate_colours
from leaguegen.domain.pairing.double_swiss_check import check_double_event, rule_breaches
from leaguegen.domain.pairing.double_swiss_event import (
    DOUBLE_SWISS_SCORING,
    DoubleSettings,
    for_tiebreaks,
    match_forfeited,
    past_match,
    random_double_event,
    state_from_games,
)
from leaguegen.domain.pairing.double_swiss_rules import pab_eligible
from leaguegen.domain.pairing.state import PastRound, SwissPlayer, SwissState
from leaguegen.errors import NoValidPairing
from tests.domain.pairing.double_swiss_literal import literal_pair

W, B = Colour.WHITE, Colour.BLACK


def played(opponent: int, colour: Colour, points: int) -> PastRound:
    return PastRound(opponent, colour, points, True, True)


def state(rounds: dict[int, list[PastRound]], n: int, total: int = 9,
          initial: Colour = W, absent: frozenset[int] = frozenset()) -> SwissState:
    """Players 1..n; ``rounds`` gives some players' matches, the rest get filler
    rounds against nobody worth 0 (so every player has the same number of rounds)."""
    done = max((len(r) for r in rounds.values()), default=0)
    players = []
    for number in range(1, n + 1):
        past = tuple(rounds.get(number, [PastRound(None, None, 0, False, False)] * done))
        players.append(SwissPlayer(number, past, number in absent))
    return SwissState(tuple(players), done, total, initial, win=4)


def boards(result) -> set[tuple[int, int]]:
    return {tuple(sorted(b)) for b in result.boards}


# ---------------------------------------------------------------- 0. Preface


def test_preface_a_match_is_forfeited_only_when_a_player_forfeits_both_games():
    both = (RoundEntry(2, W, Code.FORFEIT_WIN), RoundEntry(2, B, Code.FORFEIT_WIN))
    one = (RoundEntry(2, W, Code.FORFEIT_WIN), RoundEntry(2, B, Code.LOSS))
    split = (RoundEntry(2, W, Code.FORFEIT_WIN), RoundEntry(2, B, Code.FORFEIT_LOSS))
    assert match_forfeited(both)
    assert not match_forfeited(one)
    assert not match_forfeited(split)  # each forfeited one game: the match was played
    assert past_match(*both, DOUBLE_SWISS_SCORING) == PastRound(2, W, 8, False, True)
    assert past_match(*one, DOUBLE_SWISS_SCORING) == PastRound(2, W, 4, True, True)


def test_preface_a_forfeited_match_may_be_repeated_a_played_one_may_not():
    forfeited = {1: [PastRound(2, W, 8, False, True)], 2: [PastRound(1, B, 0, False, True)]}
    assert pair_round(state(forfeited, 2), "double-swiss").boards in (((1, 2),), ((2, 1),))
    met = {1: [played(2, W, 4)], 2: [played(1, B, 4)]}
    with pytest.raises(NoValidPairing):
        pair_round(state(met, 2), "double-swiss")


def test_preface_a_single_forfeited_game_counts_as_played_for_tiebreaks():
    table, _ = random_double_event(DoubleSettings(6, 2), random.Random(3))
    rec = table.records[0]
    g1, g2 = rec.rounds[0], rec.rounds[1]
    from dataclasses import replace
    fixed = replace(table, records=(replace(rec, rounds=(replace(g1, code=Code.FORFEIT_WIN),
                                                         g2, *rec.rounds[2:])),
                                    *table.records[1:]))
    assert for_tiebreaks(fixed).records[0].rounds[0].code is Code.WIN_UNRATED


# ------------------------------------------------------------ 1. Definitions


def test_1_4_the_pairing_allocated_bye_is_a_win_and_a_draw():
    assert DOUBLE_SWISS_SCORING.points(Code.PAIRING_BYE) * 2 == 6  # 1½ in quarter points
    assert DOUBLE_SWISS_SCORING.value(6) == 1.5


def test_1_2_and_3_6_round_one_pairs_the_top_half_against_the_bottom_half():
    result = pair_round(state({}, 8), "double-swiss")
    assert boards(result) == {(1, 5), (2, 6), (3, 7), (4, 8)}
    assert result.bye is None


# ------------------------------------------------------------- 3.4 the PAB


def test_3_4_the_bye_goes_to_the_lowest_score_then_most_matches_then_largest_tpn():
    # After one match: 1 beat 2, 3 beat 4, 5 was absent (0 points, no match played).
    r = {1: [played(2, W, 8)], 2: [played(1, B, 0)], 3: [played(4, W, 8)],
         4: [played(3, B, 0)], 5: [PastRound(None, None, 0, False, False)]}
    # 2, 4 and 5 have 0; 2 and 4 played a match, 5 did not: 3.4.3 picks 4 (largest TPN
    # of those with the most matches played), not 5.
    assert pair_round(state(r, 5), "double-swiss").bye == 4


def test_3_4_c2_no_second_bye_and_none_after_a_match_won_without_playing():
    # 3 had the PAB and 4 won its match by forfeit: neither may have it, though 3 and 4
    # have the lowest scores here (the points are set low on purpose).
    r = {1: [played(2, W, 8)], 2: [played(1, B, 4)], 3: [PastRound(None, None, 0, False, True)],
         4: [PastRound(5, W, 0, False, True)], 5: [PastRound(4, B, 2, False, True)]}
    st = state(r, 5)
    assert not pab_eligible(st.player(3), st)
    assert pab_eligible(st.player(4), st)  # a forfeit win worth 0 is no win
    r[4] = [PastRound(5, W, 8, False, True)]
    st = state(r, 5)
    assert not pab_eligible(st.player(4), st)
    # 5 (2 points, its match forfeited) and 2 (4 points): the lowest score, 5, gets it.
    assert pair_round(st, "double-swiss").bye == 5


def test_3_4_1_the_bye_must_leave_a_legal_pairing():
    # 1-2 and 3-4 met (played). 3 players 0-scored... make 4 the natural bye but
    # then 1, 2, 3 cannot pair without a rematch only if 4 is out: 1-3 is fresh.
    r = {1: [played(2, W, 4)], 2: [played(1, B, 4)], 3: [played(5, W, 0)], 5: [played(3, B, 8)],
         4: [PastRound(None, None, 0, False, False)]}
    # Lowest: 3 and 4 (0); 3 played a match so 3 first: 1, 2, 4, 5 left: 1-4? 1-5, 2-4
    # are fresh, so 3 gets it.
    assert pair_round(state(r, 5), "double-swiss").bye == 3


def test_no_pairing_at_all_is_reported_not_guessed():
    r = {1: [played(2, W, 4)], 2: [played(1, B, 4)]}
    with pytest.raises(NoValidPairing):
        pair_round(state(r, 2), "double-swiss")


# ------------------------------------------------------- 3.5 the upfloaters


def test_3_5_c4_an_even_scoregroup_whose_players_have_met_takes_two_upfloaters():
    r = {1: [played(2, W, 4)], 2: [played(1, B, 4)], 3: [played(4, W, 2)], 4: [played(3, B, 2)]}
    # 1 and 2 (4) met; 3 and 4 (2) met: 1-3, 2-4 (identifier 1 2 3 4).
    assert boards(pair_round(state(r, 4), "double-swiss")) == {(1, 3), (2, 4)}


def test_3_5_c3_and_c6_the_top_bracket_takes_the_player_nobody_below_can_meet():
    r = {1: [played(7, W, 8), played(8, B, 8), played(6, W, 8)],
         2: [played(8, W, 8), played(7, B, 8), played(5, W, 8)],
         3: [played(4, W, 4), played(5, B, 4), played(6, W, 4)],
         4: [played(3, B, 4), played(6, W, 4), played(7, B, 4)],
         5: [played(6, W, 4), played(3, W, 4), played(2, B, 4)],
         6: [played(5, B, 4), played(4, B, 4), played(3, B, 4)],
         7: [played(1, B, 0), played(2, W, 0), played(4, W, 0)],
         8: [played(2, B, 0), played(1, W, 0), PastRound(None, None, 0, False, False)]}
    st = state(r, 8)
    st = SwissState(st.players, st.rounds_played, 9, W,
                    frozenset({frozenset((3, 7)), frozenset((3, 8))}), win=4)
    result = pair_round(st, "double-swiss")
    # 1 and 2 (24) could meet, but then 3 (12) would have no opponent: [C3] makes the top
    # bracket take 3 and, for parity, one more 12-pointer [C4, C5]. [C6]: taking 4 or 5
    # leaves two 12-pointers who have met; taking 6 leaves 4-5, who have not.
    assert boards(result) == {(1, 3), (2, 6), (4, 5), (7, 8)}
    assert boards(result) == {tuple(sorted(b)) for b in literal_pair(st)[0]}


def test_3_5_c7_a_player_who_upfloated_last_round_is_not_floated_again_unless_last_round():
    gap = PastRound(None, None, 0, False, False)
    m1 = {1: played(5, W, 8), 2: played(6, W, 8), 3: played(7, W, 8), 4: played(8, W, 0),
          5: played(1, B, 0), 6: played(2, B, 0), 7: played(3, B, 0), 8: played(4, B, 8),
          9: gap, 10: gap}
    m2 = {1: played(4, B, 8), 4: played(1, W, 0), 2: played(3, W, 4), 3: played(2, B, 4),
          5: played(6, W, 4), 6: played(5, B, 4), 7: played(8, W, 4), 8: played(7, B, 4),
          9: gap, 10: gap}
    r = {n: [m1[n], m2[n]] for n in range(1, 11)}
    # 5, 6, 7 on 4 need one upfloater from 4, 9, 10 (all 0); 3.5.4 names 4 first, but 4
    # upfloated in match 2 (against 1): [C7] takes 9 instead.
    ups = {f.player for ex in pair_round(state(r, 10, total=5), "double-swiss").explanation
           for f in ex.floats}
    assert ups == {2, 9}
    # In the last round [C7] does not apply: 3.5.4's order decides.
    ups = {f.player for ex in pair_round(state(r, 10, total=3), "double-swiss").explanation
           for f in ex.floats}
    assert ups == {2, 4}


def test_3_6_a_rematch_moves_to_the_next_identifier():
    gap = PastRound(None, None, 4, False, False)
    r = {n: [gap] for n in range(1, 9)}
    r[1] = [played(5, W, 4)]
    r[5] = [played(1, B, 4)]
    # Everyone on 4. 1 has met 5: 1 2 3 4 5 6 7 8 is out; the next identifier is
    # 1 2 3 4 6 5 7 8 (tops kept, the first two bottoms swapped).
    assert boards(pair_round(state(r, 8), "double-swiss")) == {(1, 6), (2, 5), (3, 7), (4, 8)}


def test_3_6_the_tops_are_the_smallest_tpns_that_can_be():
    gap = PastRound(None, None, 4, False, False)
    r = {n: [gap] * 4 for n in range(2, 9)}
    r[1] = [played(5, W, 1), played(6, B, 1), played(7, W, 1), played(8, B, 1)]
    # 1 has met 5..8: with tops 1 2 3 4, 1 would have no bottom. Tops 1 2 3 5 and the
    # smallest bottoms after them: 1-4, 2-6, 3-7, 5-8.
    st = state(r, 8)
    assert boards(pair_round(st, "double-swiss")) == {(1, 4), (2, 6), (3, 7), (5, 8)}


# ---------------------------------------------------------------- 4. colours


def test_4_3_1_nobody_has_played_the_odd_tpn_higher_ranked_player_gets_the_initial_colour():
    st = state({}, 4, initial=B)
    result = pair_round(st, "double-swiss")
    assert set(result.boards) == {(3, 1), (2, 4)}  # 1 odd: Black (initial); 2 even: White


def test_4_3_2_to_4_3_5_match_colours():
    def pick(ha, hb, sa=4, sb=4, na=1, nb=2):
        a = SwissPlayer(na, tuple(played(9, c, 0) if c else PastRound(None, None, 0, False, False)
                                  for c in ha))
        b = SwissPlayer(nb, tuple(played(9, c, 0) if c else PastRound(None, None, 0, False, False)
                                  for c in hb))
        st = SwissState((a, b), len(ha), 9, W, win=4)
        return allocate_colours(st, a, b, {na: sa, nb: sb})

    assert pick([W, W], [W, B]) == (2, 1, "4.3.2")  # fewer Whites gets White
    # Equal Whites; from the end, 1 had Black and 2 White: alternate, 1 gets White.
    assert pick([W, B], [B, W]) == (1, 2, "4.3.3")


def test_4_3_3_alternates_from_the_latest_difference():
    a = SwissPlayer(1, (played(9, W, 0), played(9, B, 0)))
    b = SwissPlayer(2, (played(9, B, 0), played(9, W, 0)))
    st = SwissState((a, b), 2, 9, W, win=4)
    assert allocate_colours(st, a, b, {1: 0, 2: 0}) == (1, 2, "4.3.3")  # 1 had B last


def test_4_3_4_and_4_3_5_alternate_the_higher_ranked_then_the_other():
    gap = PastRound(None, None, 0, False, False)
    a = SwissPlayer(1, (played(9, W, 0), gap))
    b = SwissPlayer(2, (gap, played(9, W, 0)))
    st = SwissState((a, b), 2, 9, W, win=4)
    # Same colours, compared from the end: W against W; 4.3.4: 1 alternates to Black.
    assert allocate_colours(st, a, b, {1: 0, 2: 0}) == (2, 1, "4.3.4")
    c = SwissPlayer(1, (gap, gap))
    st = SwissState((c, b), 2, 9, W, win=4)
    # 1 has never played: 4.3.2 (0 Whites against 1) gives 1 White first.
    assert allocate_colours(st, c, b, {1: 0, 2: 0}) == (1, 2, "4.3.2")


# ------------------------------------------------------- generated events


def _events(count: int, small: bool):
    for seed in range(count):
        rng = random.Random(1000 + seed)
        n = rng.randint(4, 9) if small else rng.randint(6, 28)
        m = rng.randint(2, min(7, n - 1))
        settings = DoubleSettings(n, m, match_forfeits=0.04, game_forfeits=0.05,
                                  absences=0.05)
        table, colour = random_double_event(settings, rng)
        yield seed, table, colour


def test_fifty_generated_events_keep_the_basic_rules_and_re_pair_identically():
    checked = 0
    for seed, table, colour in _events(50, small=False):
        assert rule_breaches(table) == [], seed
        checks = check_double_event(table, initial_colour=colour)
        assert all(c.agrees for c in checks), (seed, [c for c in checks if not c.agrees])
        checked += len(checks)
    assert checked > 150


def test_generated_events_agree_with_the_literal_reading():
    rounds = 0
    for seed, table, colour in _events(40, small=True):
        for k in range(1, table.rounds_total // 2 + 1):
            away = {r.number for r in table.records
                    if r.rounds[2 * k - 2].opponent is None
                    and r.rounds[2 * k - 2].code is not Code.PAIRING_BYE}
            st = state_from_games(table, matches=k - 1, absent=away, initial_colour=colour)
            engine = pair_round(st, "double-swiss")
            assert (set(engine.boards), engine.bye) == literal_pair(st), (seed, k)
            rounds += 1
    assert rounds > 100
