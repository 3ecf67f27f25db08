"""The season path tells the truth: each defect folder of ../shared/data/repro behaves as its
README's "what is right" says, and the rules behind them hold on small seasons of our own."""

from __future__ import annotations

import shutil
import textwrap
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner

from leaguegen.cli import main
from leaguegen.domain.model import Code, Player
from leaguegen.domain.sections import derive_facts
from leaguegen.domain.seeding import initial_order
from leaguegen.errors import InputError
from leaguegen.formats.season_yaml import load_season
from tests.conftest import ROOT

REPRO = ROOT.parent / "shared" / "data" / "repro"


def repro(name: str, tmp_path: Path) -> Path:
    """A copy of a repro season. Their first lines read ``name: Repro: ...``, which is not
    YAML (a plain value cannot hold ': '; leaguegen says so and how to quote it, see
    test_a_colon_in_a_value_gets_a_quoting_hint), so the copy quotes that value."""
    folder = REPRO / name
    if not folder.is_dir():
        pytest.skip(f"{folder} is not here (../shared is absent)")
    copy = tmp_path / name
    shutil.copytree(folder, copy)
    season = copy / "season.yaml"
    head, rest = season.read_text(encoding="utf-8").split("\n", 1)
    key, value = head.split(": ", 1)
    season.write_text(f'{key}: "{value}"\n{rest}', encoding="utf-8")
    return copy


def points(section, after: int | None = None) -> dict[str, Fraction]:
    """Points per name from the section's facts (what every page reads)."""
    facts = derive_facts(section)
    table = facts.table
    return {rec.player.name: table.scoring.value(table.score(rec.number, after))
            for rec in table.records}


def season_of(tmp_path: Path, text: str):
    folder = tmp_path / "s"
    folder.mkdir(exist_ok=True)
    (folder / "season.yaml").write_text(textwrap.dedent(text), encoding="utf-8")
    return load_season(folder)


def test_w1_a_free_round_scores_only_once_its_round_is_reached(tmp_path: Path) -> None:
    section = load_season(repro("w1-free-round-credited-early", tmp_path)).section("five-one")
    assert points(section) == {"Kasparov": 1, "Fischer": 1, "Tal": Fraction(1, 2),
                               "Petrosian": Fraction(1, 2), "Spassky": 0}
    table = derive_facts(section).table
    future = [e for rec in table.records for e in rec.rounds[1:] if e.opponent is None]
    assert future and all(e.code is Code.PENDING for e in future)


def test_w2_equal_ratings_are_ordered_by_title_then_name(tmp_path: Path) -> None:
    section = load_season(repro("w2-tpn-title", tmp_path)).section("open")
    assert [p.name for p in section.players][:2] == ["Zed Zulu", "Aaron Able"]
    ordered = initial_order([Player("Ann", 2000), Player("Bob", 2000, title="WGM"),
                             Player("Cy", 2000, title="FM"), Player("Di", 2000, title="IM"),
                             Player("Ed", 2100), Player("Al", 2000, title="WCM")])
    assert [p.name for p in ordered] == ["Ed", "Di", "Bob", "Cy", "Al", "Ann"]


def test_w3_a_leavers_postponed_game_is_a_forfeit(tmp_path: Path) -> None:
    section = load_season(repro("w3-postponed-then-withdrawn", tmp_path)).section("league")
    scores = points(section)
    assert scores["P4"] == Fraction(5, 2) and scores["P4"] > scores["P2"]
    p6 = section.number_of("P6")
    postponed = derive_facts(section).table.record(p6).rounds[1]
    assert postponed.code is Code.FORFEIT_LOSS


def test_w5_a_free_round_score_that_is_not_a_result_is_an_error(tmp_path: Path) -> None:
    folder = repro("w5-free-round-score-rounding", tmp_path)
    result = CliRunner().invoke(main, ["check", str(folder)])
    assert result.exit_code == 2
    expected = "season.yaml:8:23: free_round_score 0.75 must be exactly 0, a draw or a win"
    assert f"{expected} (0, 0.5, 1)" in result.output, result.output


def test_a_withdrawal_before_round_1_gives_the_opponents_free_rounds(tmp_path: Path) -> None:
    section = season_of(tmp_path, """\
        name: T
        sections:
          - id: rr
            name: RR
            format: round_robin
            free_round_score: 1
            players: [A, B, C, D]
            withdrawals:
              - {player: D, after_round: 0}
            rounds:
              - results:
                  - B - C: 1-0
        """).section("rr")
    table = derive_facts(section).table
    a = table.record(section.number_of("A"))
    d = table.record(section.number_of("D"))
    assert a.rounds[0].opponent is None and a.rounds[0].code is Code.FULL_BYE  # A met D
    assert all(e.opponent is None for e in d.rounds)
    assert not any(e.code.is_forfeit for rec in table.records for e in rec.rounds)


def test_two_leavers_postponed_game_is_a_double_forfeit(tmp_path: Path) -> None:
    section = season_of(tmp_path, """\
        name: T
        sections:
          - id: rr
            name: RR
            format: round_robin
            players: [A, B, C, D]
            withdrawals:
              - {player: A, after_round: 2}
              - {player: D, after_round: 2}
            rounds:
              - results:
                  - A - D: postponed
                  - B - C: 1-0
              - results:
                  - D - C: 1-0
                  - A - B: 0-1
        """).section("rr")
    table = derive_facts(section).table
    assert table.record(1).rounds[0].code is Code.FORFEIT_LOSS
    assert table.record(4).rounds[0].code is Code.FORFEIT_LOSS


def test_the_replaced_rules_go_red_when_broken(tmp_path: Path, monkeypatch) -> None:
    """The w1 rule is what the test above checks: counting every free round breaks it."""
    from leaguegen.domain import roundrobin

    folder = repro("w1-free-round-credited-early", tmp_path)
    monkeypatch.setattr(roundrobin, "last_round_reached", lambda section: 99)
    section = load_season(folder).section("five-one")
    with pytest.raises(AssertionError):
        assert points(section)["Kasparov"] == 1 and points(section)["Tal"] == Fraction(1, 2)


def test_invalid_free_round_score_message_names_the_values(tmp_path: Path) -> None:
    with pytest.raises(InputError) as err:
        season_of(tmp_path, """\
            name: T
            scoring: {win: 3, draw: 1, loss: 0}
            sections:
              - {id: rr, name: RR, format: round_robin, players: [A, B, C], free_round_score: 2}
            """)
    assert "must be exactly 0, a draw or a win (0, 1, 3)" in str(err.value)


def test_a_colon_in_a_value_gets_a_quoting_hint(tmp_path: Path) -> None:
    folder = tmp_path / "q"
    folder.mkdir()
    (folder / "season.yaml").write_text("name: Repro: free-round timing\nsections: []\n")
    with pytest.raises(InputError) as err:
        load_season(folder)
    assert 'season.yaml:1:12: a value holding \': \' must be in quotes, e.g. name: "Repro:' \
        ' free-round timing"' in str(err.value)


def test_w6_a_late_entry_takes_the_free_number_and_moves_nobody(tmp_path: Path) -> None:
    folder = repro("w6-lots-late-entry", tmp_path)
    result = CliRunner().invoke(main, ["check", str(folder)])
    assert result.exit_code == 2  # H appended to players: the draw of 8 moves everyone
    assert "the pairing numbers come from seeding: lots over the 8 players listed" \
        in result.output and "late_entries" in result.output, result.output
    season_file = folder / "season.yaml"
    text = season_file.read_text(encoding="utf-8")
    seven = text.replace("      - {name: H, rating: 1500}\n", "")
    (tmp_path / "seven").mkdir()
    (tmp_path / "seven" / "season.yaml").write_text(seven, encoding="utf-8")
    drawn = [p.name for p in load_season(tmp_path / "seven").section("rr").players]
    season_file.write_text(seven.replace("    rounds:\n", "    late_entries:\n"
                                         "      - {name: H, rating: 1500}\n    rounds:\n"),
                           encoding="utf-8")
    section = load_season(folder).section("rr")
    assert [p.name for p in section.players] == [*drawn, "H"]


def test_a_late_entry_into_an_even_field_is_refused(tmp_path: Path) -> None:
    with pytest.raises(InputError) as err:
        season_of(tmp_path, """\
            name: T
            sections:
              - id: rr
                name: RR
                format: round_robin
                players: [A, B, C, D]
                late_entries: [E]
            """)
    assert "taking the free number of an odd field" in str(err.value)
