"""A round robin's meetings are made once per schedule (``formats/rounds._meetings_of``),
remembered by what the schedule is (not by the object's id): each schedule gets its own,
whatever was asked before, an equal one made again finds the same, and a season loads the
same."""

from __future__ import annotations

from pathlib import Path

from leaguegen.domain.schedule import berger
from leaguegen.formats import rounds
from leaguegen.formats.season_yaml import load_season


def _fresh(schedule) -> dict:  # noqa: ANN001
    meets: dict = {}
    for r, boards in enumerate(schedule, start=1):
        for p in boards:
            if p.black is not None:
                meets.setdefault(frozenset((p.white, p.black)), []).append((r, p.white, p.black))
    return meets


def test_each_schedule_has_its_own_meetings_in_any_order() -> None:
    shapes = [(n, double, swap) for n in (3, 4, 5, 8, 20) for double in (False, True)
              for swap in (False, True)]
    for shape in shapes + shapes[::-1]:
        schedule = berger.schedule(*shape)
        assert rounds._meetings_of(schedule) == _fresh(schedule), shape
    made = list(berger.schedule(6))  # an equal schedule that is another object
    assert rounds._meetings_of(made) == _fresh(made)


def test_an_equal_schedule_made_again_finds_the_same_meetings() -> None:
    """A Scheveningen plan is a list made afresh per section: its meetings are found by
    what it holds, so a season of equal matches works them out once."""
    once = rounds._meetings_of(berger.schedule(7, True))
    assert rounds._meetings_of([tuple(r) for r in berger.schedule(7, True)]) is once
    assert rounds._meetings_of(berger.schedule(7)) is not once


def test_a_season_loads_the_same_with_the_meetings_made_afresh(monkeypatch) -> None:  # noqa: ANN001
    for demo in ("riverside-2026", "grand-prix-2027", "school-quads-2026"):
        kept = load_season(Path("seasons") / demo)
        monkeypatch.setattr(rounds, "_meetings_of", _fresh)
        assert load_season(Path("seasons") / demo) == kept
        monkeypatch.undo()
