"""The Swiss section's crosstable and pairing, from hand-made sections."""

from __future__ import annotations

import pytest

from leaguegen.domain.model import Code, Colour, Player
from leaguegen.domain.season import Bye, Game, GameResult, RoundInfo, Section, Withdrawal
from leaguegen.domain.sections import swiss as ss

R = GameResult


def section(games, byes=(), withdrawals=(), requests=(), rounds=5, players=7) -> Section:
    return Section(
        id="open", name="Open", format="swiss",
        players=tuple(Player(f"P{i}", rating=2000 - 10 * i) for i in range(1, players + 1)),
        rounds=tuple(RoundInfo(r) for r in range(1, rounds + 1)), games=tuple(games),
        byes=tuple(byes), withdrawals=tuple(withdrawals),
        tiebreaks=ss.DEFAULT_TIEBREAKS,
        details=ss.SwissSettings(number_of_rounds=rounds, requests=tuple(requests)))


ROUND1 = [Game(1, 1, 4, R.WHITE_WINS), Game(1, 5, 2, R.DRAW), Game(1, 3, 6, R.WHITE_FORFEIT_WIN)]
BYE1 = [Bye(1, 7, Code.PAIRING_BYE)]


def test_crosstable_colours_byes_forfeits_and_pending() -> None:
    s = section(ROUND1 + [Game(2, 4, 7, None), Game(2, 2, 3, R.BLACK_WINS)],
                BYE1 + [Bye(2, 1, Code.HALF_BYE)])
    t = ss.build_crosstable(s)
    assert t.rounds_total == 5
    e = {n: t.record(n).rounds for n in range(1, 8)}
    assert (e[1][0].opponent, e[1][0].colour, e[1][0].code) == (4, Colour.WHITE, Code.WIN)
    assert (e[4][0].opponent, e[4][0].colour, e[4][0].code) == (1, Colour.BLACK, Code.LOSS)
    assert e[2][0].code is Code.DRAW and e[2][0].colour is Colour.BLACK
    assert (e[3][0].code, e[6][0].code) == (Code.FORFEIT_WIN, Code.FORFEIT_LOSS)
    assert e[6][0].colour is Colour.BLACK  # the scheduled colour is kept, as TRF does
    assert (e[7][0].opponent, e[7][0].code) == (None, Code.PAIRING_BYE)
    assert (e[1][1].opponent, e[1][1].code) == (None, Code.HALF_BYE)
    assert e[4][1].code is Code.PENDING and e[7][1].code is Code.PENDING
    assert e[3][1].code is Code.WIN
    # player 5 and 6 are not in round 2 at all: not paired (a zero)
    assert (e[5][1].opponent, e[5][1].code) == (None, Code.ZERO_BYE)
    assert ss.paired_rounds(s) == 2 and ss.rounds_with_results(s) == 2
    assert t.score(1) == 3  # 1 + ½ in half-point units


def test_withdrawn_players_pending_game_is_a_forfeit_and_they_are_absent() -> None:
    s = section(ROUND1 + [Game(2, 4, 7, None)], BYE1, withdrawals=[Withdrawal(4, 1)])
    t = ss.build_crosstable(s)
    assert t.record(4).rounds[1].code is Code.FORFEIT_LOSS
    assert t.record(7).rounds[1].code is Code.FORFEIT_WIN
    assert ss.unfinished_games(s, 2) == []
    assert 4 in ss.absent_for(s, 3)


def test_requested_bye_applies_once_the_round_is_paired() -> None:
    req = [ss.ByeRequest(2, 2, Code.HALF_BYE)]
    s = section(ROUND1, BYE1, requests=req)
    assert ss.absent_for(s, 2) == {2}
    assert len(ss.build_crosstable(s).record(2).rounds) == 1  # round 2 not paired yet
    result = ss.pair_next(s)
    assert all(2 not in board for board in result.boards) and result.bye != 2
    s2 = section(ROUND1 + [Game(2, w, b, None) for w, b in result.boards], BYE1, requests=req)
    assert ss.build_crosstable(s2).record(2).rounds[1].code is Code.HALF_BYE


def test_pair_next_refuses_while_games_are_unfinished() -> None:
    s = section(ROUND1 + [Game(2, 4, 7, R.DRAW), Game(2, 2, 3, None), Game(2, 1, 5, R.DRAW)],
                BYE1 + [Bye(2, 6, Code.PAIRING_BYE)])
    with pytest.raises(ss.RoundNotFinished) as info:
        ss.pair_next(s)
    assert info.value.round == 2 and [(g.white, g.black) for g in info.value.games] == [(2, 3)]
    result = ss.pair_next(s, allow_postponed=True)
    assert {2, 3} not in [set(b) for b in result.boards]  # they still owe each other a game
    assert len(result.boards) == 3 and result.bye is not None


def test_no_rematch_and_everyone_paired_over_a_whole_event() -> None:
    games: list[Game] = []
    byes: list[Bye] = []
    for r in range(1, 6):
        s = section(games, byes)
        result = ss.pair_next(s)
        assert len(result.boards) == 3 and result.bye is not None
        games += [Game(r, w, b, R.WHITE_WINS if (w + r) % 3 else R.DRAW) for w, b in result.boards]
        byes.append(Bye(r, result.bye, Code.PAIRING_BYE))
    met = [frozenset((g.white, g.black)) for g in games]
    assert len(met) == len(set(met))
    assert len({b.player for b in byes}) == 5  # no second PAB
    with pytest.raises(ss.SectionComplete):
        ss.pair_next(section(games, byes))


def test_stored_pairing_and_recomputation_agree() -> None:
    s = section(ROUND1, BYE1)
    result = ss.pair_next(s)
    paired = section(ROUND1 + [Game(2, w, b, None) for w, b in result.boards],
                     BYE1 + [Bye(2, result.bye, Code.PAIRING_BYE)])
    assert ss.same_pairing(ss.pair(paired, 2), ss.stored_pairing(paired, 2))
    (w, b), rest = result.boards[0], result.boards[1:]
    swapped = section(ROUND1 + [Game(2, b, w, None)] + [Game(2, x, y, None) for x, y in rest],
                      BYE1 + [Bye(2, result.bye, Code.PAIRING_BYE)])
    assert not ss.same_pairing(ss.pair(swapped, 2), ss.stored_pairing(swapped, 2))


def test_baku_acceleration_changes_the_state() -> None:
    s = section(ROUND1, BYE1)
    accel = Section(**{**{f: getattr(s, f) for f in s.__dataclass_fields__},
                       "details": ss.SwissSettings(5, acceleration="baku")})
    state = ss.pairing_state(accel, 2)
    assert any(p.acceleration for p in state.players)
    assert not any(p.acceleration for p in ss.pairing_state(s, 2).players)


def test_demo_crosstable(swiss_season) -> None:
    s = swiss_season.section("open")
    t = ss.build_crosstable(s)
    assert ss.paired_rounds(s) == 5 and ss.rounds_with_results(s) == 4
    thornton = s.number_of("Jack Thornton")
    assert [e.code for e in t.record(thornton).rounds[3:]] == [Code.ZERO_BYE, Code.ZERO_BYE]
    tanaka = s.number_of("Yuki Tanaka")
    assert t.record(tanaka).rounds[2].code is Code.HALF_BYE
    pabs = [b.round for b in s.byes if b.code is Code.PAIRING_BYE]
    assert pabs == [3, 4, 5]
    assert ss.absent_for(s, 6) == {s.number_of("Helen Carter"), thornton}
