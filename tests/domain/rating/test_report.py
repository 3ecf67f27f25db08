"""A section's rating report, from the same facts as the pages: worked by hand on a small
round robin scored 3-1-0 (rated 1 / ½ / 0 all the same), and on the demos' quads and
knockout, whose games sit in groups and in matches rather than in one crosstable."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from leaguegen.domain.rating import NotCounted
from leaguegen.domain.rating.report import RatingReport, section_report
from leaguegen.domain.sections import derive_facts
from leaguegen.formats.season_yaml import load_season
from tests.conftest import ROOT

SEASON = """\
name: Test League
scoring: {win: 3, draw: 1, loss: 0}
sections:
  - id: rr
    name: Club
    format: round_robin
    seeding: list
    players:
      - {name: Ann Archer, rating: 2000, birth: 2010}
      - {name: Ben Brook, rating: 1900}
      - {name: Cal Cole}
      - {name: Dee Dunn, rating: 2450}
      - {name: Eve Ellis, rating: 1600}
    rounds:
      - date: 2026-10-01
        results:
          - Ben Brook - Eve Ellis: 1-0
          - Cal Cole - Dee Dunn: 0-1
      - date: 2026-10-15
        results:
          - Eve Ellis - Cal Cole: ½-½
          - Ann Archer - Ben Brook: ½-½
      - date: 2026-11-05
        results:
          - Cal Cole - Ann Archer: 0-1
          - Dee Dunn - Eve Ellis: +-
"""


def report_of(folder: Path, section_id: str, given: dict[str, int] | None = None) -> RatingReport:
    section = load_season(folder).section(section_id)
    return section_report(section, derive_facts(section), given)


@pytest.fixture
def club(tmp_path: Path) -> Path:
    (tmp_path / "season.yaml").write_text(SEASON, encoding="utf-8")
    return tmp_path


def test_the_small_round_robin_by_hand(club: Path) -> None:
    report = report_of(club, "rr")
    assert report.rating_year == 2026
    rows = {r.player.name: r.event for r in report.players}
    ann, ben, cal, dee, eve = (rows[n] for n in ("Ann Archer", "Ben Brook", "Cal Cole",
                                                  "Dee Dunn", "Eve Ellis"))
    # Ann, 2000, born 2010: a junior under 2300 in 2026, K 40. R1 bye; R2 ½ against Ben
    # 1900 (D 100, .64): 40 × -.14 = -5.60; R3 1-0 against unrated Cal: not counted.
    assert (ann.k.value, ann.k.assumed) == (40, False)
    assert [g.not_counted for g in ann.games[:3]] == [NotCounted.BYE, None,
                                                  NotCounted.UNRATED_OPPONENT]
    assert (ann.score, ann.expected, ann.change) == (Fraction(1, 2), Fraction(64, 100),
                                                     Fraction(-560, 100))
    # Ben, 1900, K 20 assumed: 1-0 against Eve 1600 (D 300, .85): +3.00; ½ against Ann
    # (lower by 100, .36): +2.80; R3 bye.
    assert ben.k.assumed and ben.k_used == 20
    assert (len(ben.counted), ben.score, ben.expected, ben.change) == (
        2, Fraction(3, 2), Fraction(121, 100), Fraction(580, 100))
    # Cal is unrated: no change; three games against rated players toward a first rating.
    assert cal.rating is None and cal.change is None
    assert (len(cal.counted), cal.score) == (3, Fraction(1, 2))
    # Dee, 2450, K 10: a win against unrated Cal and a forfeit: nothing counts.
    assert (dee.k.value, len(dee.counted), dee.change) == (10, 0, 0)
    assert [g.not_counted for g in dee.games[:3]] == [NotCounted.UNRATED_OPPONENT, NotCounted.BYE,
                                                  NotCounted.FORFEIT]
    # Eve, 1600: 0-1 against Ben (lower by 300, .15): -3.00; then unrated Cal, a forfeit.
    assert (len(eve.counted), eve.change) == (1, Fraction(-300, 100))


def test_the_organisers_k_replaces_the_assumed_one(club: Path) -> None:
    report = report_of(club, "rr", {"Ben Brook": 40})
    ben = next(r.event for r in report.players if r.player.name == "Ben Brook")
    assert (ben.k.value, ben.k.assumed, ben.change) == (40, False, Fraction(1160, 100))


def test_a_k_for_someone_not_in_the_section_is_refused(club: Path) -> None:
    with pytest.raises(ValueError, match="no player named Zed"):
        report_of(club, "rr", {"Zed": 20})


def test_quads_take_their_games_from_the_groups() -> None:
    report = report_of(ROOT / "seasons" / "school-quads-2026", "quads")
    evie = next(r.event for r in report.players if r.player.name == "Evie Okafor")
    # 1840 beats 1795 (D 45, .56), 1835 (D 5, .51), 1800 (D 40, .56): 8.80 + 9.80 + 8.80
    assert [g.change for g in evie.counted] == [Fraction(880, 100), Fraction(980, 100),
                                                Fraction(880, 100)]
    assert evie.change == Fraction(2740, 100)
    assert all(len(r.event.games) > 0 for r in report.players)


def test_a_knockouts_tiebreak_games_do_not_count() -> None:
    report = report_of(ROOT / "seasons" / "grand-prix-2027", "knockout")
    tobias = next(r.event for r in report.players if r.player.name == "Tobias Lindgren")
    reasons = [g.not_counted for g in tobias.games]
    assert reasons.count(NotCounted.TIEBREAK_GAME) == 2
    assert len(tobias.counted) == 3
    assert tobias.k.value == 10  # rated 2741
    assert tobias.change == sum((g.change for g in tobias.games), Fraction(0))


def test_a_rate_of_play_too_fast_for_the_ratings_is_not_rated(club: Path) -> None:
    """B.02 1.1: 75 minutes for 60 moves is enough only when both players are under 1800
    (an unrated player counts as under 1800)."""
    section = load_season(club).section("rr")
    report = section_report(section, derive_facts(section), season_time_control="75")
    assert report.minutes == 75
    rows = {r.player.name: r.event for r in report.players}
    # Ben 1900 - Eve 1600 needs 90 minutes: not rated for either
    assert rows["Ben Brook"].games[0].not_counted is NotCounted.RATE_OF_PLAY
    assert rows["Eve Ellis"].games[0].not_counted is NotCounted.RATE_OF_PLAY
    # Eve 1600 - Cal (unrated) needs 60: Cal's draw counts toward a first rating
    assert rows["Cal Cole"].games[1].counts
    # a forfeit stays a forfeit whatever the clock
    assert rows["Dee Dunn"].games[2].not_counted is NotCounted.FORFEIT
    assert all(g.not_counted is not None for g in rows["Ann Archer"].games[:3])


def test_the_sections_own_time_control_wins_and_unreadable_is_not_checked(club: Path) -> None:
    section = load_season(club).section("rr")
    assert section_report(section, derive_facts(section), None, "").minutes is None
    assert section_report(section, derive_facts(section), None, "whenever").minutes is None
    assert section_report(section, derive_facts(section), None, "90+30").minutes == 120
