"""A knockout section's facts: the bracket, each match's stage scores, who goes through.

The sections are built from domain objects (what the loader would produce), so
these tests need no season file: the details hold only what the organiser
declared, and every score, winner and round played is derived by the kind.
"""

from __future__ import annotations

import datetime as dt

import pytest

from leaguegen.domain.model import STANDARD_SCORING, Code, Player, Scoring
from leaguegen.domain.schedule import knockout as ko
from leaguegen.domain.season import RoundInfo, Section
from leaguegen.domain.sections import derive_facts
from leaguegen.domain.sections.knockout import KnockoutDetails, knockout_facts
from leaguegen.domain.stages import StageEntry, StageInfo, StageSource

W, D, L = (Code.WIN, Code.LOSS), (Code.DRAW, Code.DRAW), (Code.LOSS, Code.WIN)
CUP = ko.MatchFormat((ko.Stage("regular", 2), ko.Stage("rapid", 2),
                      ko.Stage("armageddon", 1, armageddon=True)))
DATES = (dt.date(2027, 2, 3), dt.date(2027, 2, 10), dt.date(2027, 2, 17))


def game(white: int, black: int, codes: tuple[Code, Code], stage: str = "regular"
         ) -> ko.MatchGame:
    return ko.MatchGame(white, black, codes, stage)


# Five seeds: a bracket of eight, byes for seeds 1, 2 and 3; round 1 is 4 v 5.
ROUND_1 = {
    # 1-1 in the regular games, 1-1 in rapid, armageddon drawn: Black (seed 5) goes through
    (1, 2): ko.MatchResult((game(4, 5, D), game(5, 4, D), game(4, 5, W, "rapid"),
                            game(5, 4, W, "rapid"), game(4, 5, D, "armageddon"))),
}
ROUND_2 = {
    (2, 1): ko.MatchResult((game(1, 5, W), game(5, 1, D))),  # 1½-½ in the regular games
    (2, 2): ko.MatchResult(decided_for=3),  # seed 2 withdrew
}


def cup(results: dict, reasons: tuple = (), scoring: Scoring = STANDARD_SCORING,
        stage: StageInfo | None = None) -> Section:
    players = tuple(Player(f"P{i}", 2100 - 10 * i) for i in range(1, 6))
    return Section(
        id="cup", name="Cup", format="knockout", players=players,
        rounds=tuple(RoundInfo(r, d) for r, d in enumerate(DATES, start=1)), games=(),
        scoring=scoring, stage=stage,
        details=KnockoutDetails((CUP, CUP, CUP), tuple(results.items()), reasons))


def test_byes_go_to_the_top_seeds_and_count_as_decided() -> None:
    facts = knockout_facts(derive_facts(cup({})))
    first = facts.rounds[0]
    assert (first.number, first.players, first.date) == (1, 8, DATES[0])
    assert [(m.top, m.bottom, m.bye, m.winner, m.decided_by) for m in first.matches] == [
        (1, None, True, 1, "bye"), (4, 5, False, None, None),
        (2, None, True, 2, "bye"), (3, None, True, 3, "bye")]
    assert [m.started for m in first.matches] == [True, False, True, True]
    # the seeds with a bye are already placed in round 2; the 4-5 winner is not known yet
    assert [(m.top, m.bottom) for m in facts.rounds[1].matches] == [(1, None), (2, 3)]
    assert [r.players for r in facts.rounds] == [8, 4, 2]
    # byes alone are not a round played
    assert (facts.progress.rounds_played, facts.progress.rounds_total) == (0, 3)
    assert not facts.finished and facts.progress.next_date == DATES[0]
    assert facts.champion is None and facts.ranking == ()


def test_rapid_then_a_drawn_armageddon_sends_black_through() -> None:
    match = knockout_facts(derive_facts(cup(ROUND_1))).rounds[0].matches[1]
    assert (match.winner, match.decided_by) == (5, "armageddon")
    # regular 1-1, rapid 1-1, armageddon ½-½: scores from the top seed's side, in units
    assert match.regular == ko.StagePoints("regular", 2, 2, 2)
    assert match.tiebreaks == (ko.StagePoints("rapid", 2, 2, 2),
                               ko.StagePoints("armageddon", 1, 1, 1, armageddon=True))
    assert len(match.games) == 5 and match.started and match.reason == ""


def test_multi_game_match_scores_and_an_off_board_decision_with_its_reason() -> None:
    withdrew = cup({**ROUND_1, **ROUND_2}, reasons=(((2, 2), "P2 withdrew"),))
    facts = knockout_facts(derive_facts(withdrew))
    one, two = facts.rounds[1].matches
    assert (one.top, one.bottom, one.winner, one.decided_by) == (1, 5, 1, "regular")
    assert one.regular == ko.StagePoints("regular", 3, 1, 2) and one.tiebreaks == ()
    assert (two.top, two.bottom, two.winner, two.decided_by) == (2, 3, 3, "decision")
    assert two.reason == "P2 withdrew" and two.games == () and two.regular is None
    assert two.started
    final = facts.rounds[2].matches[0]
    assert (final.top, final.bottom, final.winner, final.started) == (1, 3, None, False)
    assert facts.progress.rounds_played == 2 and facts.progress.next_date == DATES[2]
    assert not facts.finished


def test_the_winner_of_the_final_is_the_champion() -> None:
    # 1-1 in the final's regular games; seed 3 wins the first rapid game, draws the second
    final = ko.MatchResult((game(1, 3, W), game(3, 1, W), game(3, 1, W, "rapid"),
                            game(1, 3, D, "rapid")))
    facts = knockout_facts(derive_facts(cup({**ROUND_1, **ROUND_2, (3, 1): final})))
    match = facts.rounds[2].matches[0]
    assert (match.winner, match.decided_by) == (3, "rapid")
    # from the top seed's (1) side: he lost the rapid 1½-½ (White in the second game)
    assert match.tiebreaks == (ko.StagePoints("rapid", 1, 3, 2),)
    assert facts.champion == 3 and facts.ranking == (3,)
    assert facts.finished and facts.progress.rounds_played == 3
    assert facts.progress.next_date is None


def test_stage_scores_are_in_the_sections_scoring_units() -> None:
    three = Scoring(win=6, draw=3, loss=0, forfeit_win=6, half_bye=3, full_bye=6,
                    pairing_bye=6)
    match = knockout_facts(derive_facts(cup(ROUND_1, scoring=three))).rounds[0].matches[1]
    assert match.regular == ko.StagePoints("regular", 6, 6, 2)
    assert match.winner == 5


def test_qualified_players_say_where_they_came_from() -> None:
    source = StageSource(("a", "q"), 2)
    entries = (StageEntry("P1", "a", 1, 1, "Group A"), StageEntry("P2", "q", 1, 2, "", 2))
    facts = knockout_facts(derive_facts(cup({}, stage=StageInfo(source, entries))))
    assert facts.origins[1].source == "Group A" and facts.origins[1].place == 1
    assert (facts.origins[2].source, facts.origins[2].group) == ("q", 2)  # id when untitled
    assert knockout_facts(derive_facts(cup({}))).origins == {}


def test_the_typed_facts_are_the_facts_passed_in() -> None:
    facts = derive_facts(cup(ROUND_1))
    assert knockout_facts(facts) is facts
    round_robin = Section(id="rr", name="RR", format="round_robin",
                          players=(Player("A"), Player("B"), Player("C")), rounds=(), games=())
    with pytest.raises(TypeError):
        knockout_facts(derive_facts(round_robin))
