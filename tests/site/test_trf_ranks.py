"""The published TRF's ``001`` lines: points and rank agree (issue 26).

Per the TRF rules (shared/rules/trf.md) a line's points are the sum of its round codes
including byes, which pairing programs check strictly; under the 50 % withdrawal rule
FIDE keeps the leaver's results in the tournament table for rating. So the file keeps
every result, its points are that sum, and its ranks are the ranks those points give;
a ``###`` line says which player the published standings leave out. Before, the points
were raw and the ranks the standings', so a 3.5 stood ranked below a 3.0."""

from __future__ import annotations

from fractions import Fraction

import pytest

from leaguegen.domain.model import Scoring
from leaguegen.formats import trf
from leaguegen.formats.season_trf import dumps
from leaguegen.formats.season_yaml import load_season
from tests.conftest import ROOT

CASES = [("amman-2026-ar", "alnukhba", "سارة يوسف"), ("riverside-2026", "premier",
                                                        "Siobhan Murphy")]


def _round_sum(player: trf.TrfPlayer) -> Fraction:
    scoring = Scoring()
    return sum((scoring.value(scoring.points(e.code)) for e in player.rounds
                if e is not None and e.code is not None), Fraction(0))


@pytest.mark.parametrize(("demo", "section", "leaver"), CASES)
def test_points_are_the_round_codes_and_ranks_follow_them(demo: str, section: str,
                                                          leaver: str) -> None:
    text = dumps(load_season(ROOT / "seasons" / demo), section)
    doc = trf.loads(text)
    for p in doc.players:
        assert p.points == _round_sum(p), p.name
    by_rank = sorted(doc.players, key=lambda p: p.rank)
    assert all(p.rank is not None for p in doc.players)
    points = [p.points for p in by_rank]
    assert points == sorted(points, reverse=True), [(p.rank, p.points) for p in by_rank]
    # the published standings leave the leaver out: the file says so, by name
    notes = [c for c in doc.comments if c.startswith("50% RULE ")]
    assert len(notes) == 1 and leaver in notes[0]


def test_the_arabic_section_ranks_three_and_a_half_above_three() -> None:
    doc = trf.loads(dumps(load_season(ROOT / "seasons" / "amman-2026-ar"), "alnukhba"))
    ranks = {p.name: (p.points, p.rank) for p in doc.players}
    assert ranks["يوسف الحسن"] == (Fraction(7, 2), 1)
    assert ranks["عمر خليل"] == (Fraction(3), 2)


def test_without_a_withdrawal_under_the_rule_no_note_and_the_standings_ranks() -> None:
    from leaguegen.domain.sections.facts import derive_facts

    season = load_season(ROOT / "seasons" / "ladya-2026-ru")
    section = season.sections[0]
    doc = trf.loads(dumps(season, section.id))
    assert not [c for c in doc.comments if c.startswith("50% RULE")]
    standings = derive_facts(section).standings
    assert {p.number: p.rank for p in doc.players} == {r.number: r.rank
                                                       for r in standings.rows}
