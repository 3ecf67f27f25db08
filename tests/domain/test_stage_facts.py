"""Stages from facts: who qualifies from the sources' final standings, and a waiting stage.

The sources are round-robin sections built from domain objects; their facts
(standings with tiebreaks, finished or not) are what ``domain.sections.stages``
qualifies players from, so a tie on points is decided by the source's
tiebreaks, never by the order players were written in.
"""

from __future__ import annotations

import pytest

from leaguegen.domain.model import Player
from leaguegen.domain.schedule import berger
from leaguegen.domain.season import Game, GameResult, RoundInfo, Section
from leaguegen.domain.sections import derive_facts, kind_of, stages
from leaguegen.domain.sections.kind import Progress, SectionFacts
from leaguegen.domain.stages import PendingStage, Seeding, StageInfo, StageSource

WIN, LOSS, DRAW = GameResult.WHITE_WINS, GameResult.BLACK_WINS, GameResult.DRAW


def group(sid: str, names: list[str], results: dict[frozenset[str], str | None],
          tiebreaks: tuple[str, ...] = ("DE", "SB", "WIN", "KS")) -> Section:
    """A four-player round robin; ``results`` gives each game's winner (None = drawn,
    absent = not played yet)."""
    players = tuple(Player(n, 2000 - i) for i, n in enumerate(names))
    games = []
    for r, rnd in enumerate(berger.schedule(4), start=1):
        for p in rnd:
            w, b = names[p.white - 1], names[p.black - 1]
            key = frozenset((w, b))
            if key not in results:
                games.append(Game(r, p.white, p.black, None))
                continue
            won = results[key]
            games.append(Game(r, p.white, p.black,
                              DRAW if won is None else WIN if won == w else LOSS))
    return Section(id=sid, name=f"Group {sid.upper()}", format="round_robin", players=players,
                   rounds=tuple(RoundInfo(r) for r in range(1, 4)), games=tuple(games),
                   tiebreaks=tiebreaks)


def played(winners: dict[tuple[str, str], str | None]) -> dict[frozenset[str], str | None]:
    return {frozenset(k): v for k, v in winners.items()}


# Group A: A2 2 points; A1 and A3 1½ each with their game drawn, A3 ahead on SB.
A = ["A1", "A2", "A3", "A4"]
A_RESULTS = played({("A1", "A4"): "A1", ("A2", "A3"): "A3", ("A4", "A3"): "A4",
                    ("A1", "A2"): "A2", ("A2", "A4"): "A2", ("A3", "A1"): None})
B = ["B1", "B2", "B3", "B4"]  # the better rated player wins every game
B_RESULTS: dict[frozenset[str], str | None] = {frozenset((x, y)): x for x in B for y in B
                                               if x < y}


def test_qualifiers_come_from_the_final_standings_with_tiebreaks() -> None:
    a, b = group("a", A, A_RESULTS), group("b", B, B_RESULTS)
    feeds = [derive_facts(a), derive_facts(b)]
    assert stages.unfinished(feeds) == ()
    players, info = stages.qualifiers(StageSource(("a", "b"), 2, Seeding.CROSS), feeds)
    # A3 is second on SB (the DE between A1 and A3 is level), not A1
    assert [p.name for p in players] == ["A2", "B1", "A3", "B2"]
    assert players[2] is a.players[2]  # the player as entered, rating and all
    assert [(e.name, e.source, e.place, e.seed, e.source_name, e.group)
            for e in info.entries] == [
        ("A2", "a", 1, 1, "Group A", None), ("B1", "b", 1, 2, "Group B", None),
        ("A3", "a", 2, 3, "Group A", None), ("B2", "b", 2, 4, "Group B", None)]
    # another tiebreak, another qualifier: on pairing number A1 is ahead of A3
    by_number = group("a", A, A_RESULTS, tiebreaks=("DE", "WIN", "TPN"))
    players, _ = stages.qualifiers(StageSource(("a", "b"), 2),
                                   [derive_facts(by_number), derive_facts(b)])
    assert "A1" in [p.name for p in players] and "A3" not in [p.name for p in players]


def test_a_declined_place_goes_to_the_next_player() -> None:
    feeds = [derive_facts(group("a", A, A_RESULTS)), derive_facts(group("b", B, B_RESULTS))]
    players, _ = stages.qualifiers(StageSource(("a", "b"), 2, exclude=("A3",)), feeds)
    assert [p.name for p in players] == ["A2", "B1", "A1", "B2"]


def test_groups_of_one_source_are_numbered() -> None:
    """A quads section feeds one ranking per group: the entries say which group."""
    kind = kind_of("quads")
    quads = Section(id="q", name="Quads", format="quads",
                    players=tuple(Player(n) for n in ["W", "X", "Y", "Z"]), rounds=(), games=())
    feed = SectionFacts(quads, kind, Progress(3, 3, True),
                        rankings=(("q/group-1", ("W", "X")), ("q/group-2", ("Y", "Z"))))
    players, info = stages.qualifiers(StageSource(("q",), 1, Seeding.BY_PLACE), [feed])
    assert [p.name for p in players] == ["W", "Y"]
    assert [(e.source, e.group, e.place, e.source_name) for e in info.entries] == [
        ("q", 1, 1, "Quads"), ("q", 2, 1, "Quads")]


def test_too_few_eligible_players_is_an_error() -> None:
    feeds = [derive_facts(group("a", A, A_RESULTS))]
    with pytest.raises(ValueError, match="4 eligible players, 5 are to qualify"):
        stages.qualifiers(StageSource(("a",), 5), feeds)


def test_an_unfinished_source_leaves_the_stage_waiting() -> None:
    unfinished = {k: v for k, v in A_RESULTS.items() if k != frozenset(("A3", "A1"))}
    feeds = [derive_facts(group("a", A, unfinished)), derive_facts(group("b", B, B_RESULTS))]
    assert stages.unfinished(feeds) == ("a",)
    assert stages.titles(feeds) == ("Group A", "Group B")


def waiting(source: StageSource, unfinished: tuple[str, ...],
            names: tuple[str, ...] = ()) -> Section:
    return Section(id="ko", name="Knock-out", format="knockout", players=(), rounds=(),
                   games=(), stage=PendingStage(source, unfinished, names))


def test_a_waiting_stage_has_facts_saying_where_its_players_come_from() -> None:
    source = StageSource(("a", "b"), 2, Seeding.CROSS)
    facts = derive_facts(waiting(source, ("b",), ("Group A", "Group B")))
    assert isinstance(facts, stages.PendingFacts)
    assert facts.sources == (stages.SourceState("a", "Group A", True),
                             stages.SourceState("b", "Group B", False))
    assert (facts.top, facts.cross) == (2, True)
    assert not facts.finished and facts.progress.rounds_total == 0 and facts.table is None
    # one source, or seeding by place: no cross pairing to explain
    single = derive_facts(waiting(StageSource(("a",), 4, Seeding.CROSS), ("a",)))
    assert isinstance(single, stages.PendingFacts)
    assert single.cross is False and single.sources == (stages.SourceState("a", "a", False),)
    by_place = derive_facts(waiting(StageSource(("a", "b"), 2, Seeding.BY_PLACE), ()))
    assert isinstance(by_place, stages.PendingFacts) and by_place.cross is False


def test_origins_of_qualified_players_by_seed() -> None:
    feeds = [derive_facts(group("a", A, A_RESULTS)), derive_facts(group("b", B, B_RESULTS))]
    players, info = stages.qualifiers(StageSource(("a", "b"), 2), feeds)
    section = Section(id="ko", name="KO", format="knockout", players=players, rounds=(),
                      games=(), stage=info)
    origins = stages.origins(section)
    assert {seed: (o.source, o.place) for seed, o in origins.items()} == {
        1: ("Group A", 1), 2: ("Group B", 1), 3: ("Group A", 2), 4: ("Group B", 2)}
    assert stages.origins(waiting(StageSource(("a",), 2), ("a",))) == {}
    assert isinstance(section.stage, StageInfo)
