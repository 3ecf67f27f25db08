"""``leaguegen checkin``: the players not checked in are written absent for the round (a
zero-point absence under byes_requested) and the pairing leaves them out; refusals leave
the file as it was. On a copy of the Thursday Swiss demo (rounds 1-5 paired; Jack
Thornton withdrew after round 3; Helen Carter asked for a half-point bye in round 6)."""

from __future__ import annotations

import shutil
from pathlib import Path

from click.testing import CliRunner

from leaguegen.cli import main
from leaguegen.domain.model import Code
from leaguegen.domain.sections import derive_facts
from leaguegen.formats.season_yaml import load_season
from tests.conftest import ROOT

DEMO = ROOT / "seasons" / "thursday-swiss-2026"
ABSENT = ("Mei Lin", "Owen Price", "Nadia Haddad")


def copy(tmp_path: Path) -> Path:
    folder = tmp_path / "season"
    shutil.copytree(DEMO, folder)
    return folder


def present(folder: Path) -> list[str]:
    section = load_season(folder).section("open")
    return [p.name for p in section.players
            if p.name not in (*ABSENT, "Jack Thornton")]


def run(*args: str):  # noqa: ANN201
    return CliRunner().invoke(main, ["checkin", *args])


def test_those_not_checked_in_are_not_paired(tmp_path: Path) -> None:
    folder = copy(tmp_path)
    result = run(str(folder), "--section", "open", *present(folder))
    assert result.exit_code == 0, result.output
    assert "round 6: 20 checked in, 3 not checked in (not paired, zero points)" in result.output
    assert "note: Helen Carter has a request for round 6 already" in result.output
    text = (folder / "season.yaml").read_text(encoding="utf-8")
    for name in ABSENT:
        assert f"- {{player: {name}, round: 6, bye: absent, reason: not checked in}}" in text
    assert "Jack Thornton, round: 6" not in text  # withdrawn: not checked in, not written
    # the pairing of round 6 leaves them out; the round scores them zero
    paired = CliRunner().invoke(main, ["pair", str(folder), "--section", "open",
                                       "--allow-postponed"])
    assert paired.exit_code == 0, paired.output
    section = load_season(folder).section("open")
    in_round = {n for g in section.games if g.round == 6 for n in (g.white, g.black)}
    absent = {section.number_of(name) for name in ABSENT}
    assert not in_round & absent
    table = derive_facts(section).table
    assert table is not None
    for n in absent:
        assert table.record(n).rounds[5].code is Code.ZERO_BYE


def test_refusals_write_nothing(tmp_path: Path) -> None:
    folder = copy(tmp_path)
    before = (folder / "season.yaml").read_bytes()
    unknown = run(str(folder), "--section", "open", "Nobody Atall")
    assert unknown.exit_code == 2 and "Nobody Atall" in unknown.output
    paired = run(str(folder), "--section", "open", "--round", "5", "Mei Lin")
    assert paired.exit_code == 2 and "round 5 is paired already" in paired.output
    quads = tmp_path / "quads"
    shutil.copytree(ROOT / "seasons" / "school-quads-2026", quads)
    other = run(str(quads), "--section", "quads", "Zara Baker")
    assert other.exit_code == 2 and "check-in is for a Swiss section" in other.output
    assert (folder / "season.yaml").read_bytes() == before


def test_a_second_check_in_adds_only_who_is_missing(tmp_path: Path) -> None:
    folder = copy(tmp_path)
    names = present(folder)
    assert run(str(folder), "--section", "open", *names, "Mei Lin").exit_code == 0
    again = run(str(folder), "--section", "open", *names)
    assert again.exit_code == 0
    # Owen Price and Nadia Haddad have their absence from the first check-in already
    assert "round 6: 20 checked in, 1 not checked in" in again.output
    assert "not paired: Mei Lin" in again.output and "Owen Price" not in again.output
    text = (folder / "season.yaml").read_text(encoding="utf-8")
    assert text.count("reason: not checked in") == 3


def test_withdrawn_after_the_rounds_the_file_sets(tmp_path: Path) -> None:
    """``checkin: {withdraw_after: 2}``: Mei Lin, not checked in for round 6 (absent) and
    again for round 7, has missed two rounds in a row: withdrawn after round 6."""
    folder = copy(tmp_path)
    path = folder / "season.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("    seeding: list\n",
                                 "    seeding: list\n    checkin: {withdraw_after: 2}\n", 1),
                    encoding="utf-8")
    names = [*present(folder), "Owen Price", "Nadia Haddad"]
    first = run(str(folder), "--section", "open", *names)
    assert first.exit_code == 0 and "not paired: Mei Lin" in first.output
    assert "withdrawn after" not in first.output  # one round missed: absent, not withdrawn
    paired = CliRunner().invoke(main, ["pair", str(folder), "--section", "open",
                                       "--allow-postponed"])
    assert paired.exit_code == 0, paired.output
    second = run(str(folder), "--section", "open", *names)
    assert second.exit_code == 0, second.output
    assert ("withdrawn after round 6: Mei Lin (missed 2 rounds in a row without checking"
            " in)") in second.output
    section = load_season(folder).section("open")
    mei = section.number_of("Mei Lin")
    assert [(w.player, w.after_round) for w in section.withdrawals if w.player == mei] == [
        (mei, 6)]
    assert "missed 2 rounds without checking in" in path.read_text(encoding="utf-8")


def test_the_checkin_block_is_checked(tmp_path: Path) -> None:
    folder = copy(tmp_path)
    path = folder / "season.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("    seeding: list\n",
                                 "    seeding: list\n    checkin: {withdraw_after: 0}\n", 1),
                    encoding="utf-8")
    result = CliRunner().invoke(main, ["check", str(folder)])
    assert result.exit_code == 2
    assert "season.yaml:23:31: " in result.output
    assert "checkin: withdraw_after must be at least 1, not 0" in result.output
