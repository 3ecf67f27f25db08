"""Frozen pairing numbers (issue 11): ``leaguegen freeze``, and ``result``/``pair`` freezing a
section before its first result, so a new rating or a new player never moves a number."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from leaguegen.cli import main
from leaguegen.domain.seeding import initial_order
from leaguegen.formats.season_yaml import load_season
from tests.conftest import ROOT

DEMOS = sorted(p for p in (ROOT / "seasons").iterdir() if (p / "season.yaml").is_file())
FROZEN = re.compile(r"^( *)# Pairing numbers frozen from seeding: (\w+)(?:, seed \d+)? \(by"
                    r" leaguegen\):\n *# the players are listed in number order;[^\n]*\n"
                    r" *seeding: list\n", re.M)


def run(*args: str):  # noqa: ANN201
    return CliRunner().invoke(main, [str(a) for a in args])


def numbers(folder: Path, section: str) -> list[str]:
    return [p.name for p in load_season(folder).section(section).players]


def unfreeze(text: str, folder: Path) -> str:
    """The season as it was before ``freeze``: each frozen section's players in rating
    order (the demos' lists were) and its own seeding word back."""
    season = load_season(folder)
    out = text
    for m in reversed(list(FROZEN.finditer(text))):
        pad, seeding = m.group(1), m.group(2)
        head, tail = out[:m.start()], out[m.end():]
        sid = re.findall(r"- id: ([\w-]+)", head)[-1]
        listed = season.section(sid).players
        lines = tail.split("\n")
        at = [i for i, line in enumerate(lines) if line.lstrip().startswith("- {name:")]
        at = at[:len(listed)]
        by_name = {re.search(r"name: ([^,}]+)", lines[i]).group(1): lines[i] for i in at}
        for i, player in zip(at, initial_order(listed), strict=True):
            lines[i] = by_name[player.name]
        out = head + f"{pad}seeding: {seeding}\n" + "\n".join(lines)
    return out


@pytest.mark.parametrize("demo", DEMOS, ids=lambda p: p.name)
def test_freezing_a_demo_gives_back_the_committed_file(tmp_path: Path, demo: Path) -> None:
    """Every demo was frozen with ``leaguegen freeze``; thawing it and freezing it again
    gives the same bytes, and the same numbers as the unfrozen season computes."""
    folder = tmp_path / demo.name
    shutil.copytree(demo, folder)
    committed = (demo / "season.yaml").read_text(encoding="utf-8")
    thawed = unfreeze(committed, demo)
    (folder / "season.yaml").write_text(thawed, encoding="utf-8")
    season = load_season(folder)
    warned = [w for w in season.warnings if "leaguegen freeze" in w.message]
    assert len(warned) == len(FROZEN.findall(committed))
    before = {s.id: [p.name for p in s.players] for s in season.sections}
    res = run("freeze", folder)
    assert res.exit_code == 0, res.output
    assert (folder / "season.yaml").read_text(encoding="utf-8") == committed
    after = load_season(folder)
    assert {s.id: [p.name for p in s.players] for s in after.sections} == before
    assert not [w for w in after.warnings if "leaguegen freeze" in w.message]


SEASON = """\
name: Freeze
sections:
  - id: rr
    name: Club
    format: round_robin
    seeding: SEEDING
    players:
      - {name: Cara Cole, rating: 1700}   # joined in June
      - {name: Abe Adams, rating: 1900}
      # the champion
      - {name: Bea Brown, rating: 1800, title: FM}
      - {name: Dan Dale, rating: 1600, club: Rooks}
      - {name: Eve Egan, rating: 1500}
    rounds:
      - date: 2026-01-01
        results:
          - RESULT
"""


def season(tmp_path: Path, seeding: str = "rating", result: str = "") -> Path:
    folder = tmp_path / "s"
    folder.mkdir()
    text = SEASON.replace("SEEDING", seeding)
    if result:
        text = text.replace("RESULT", result)
    else:
        text = text.replace("        results:\n          - RESULT\n", "")
    (folder / "season.yaml").write_text(text, encoding="utf-8")
    return folder


def first_game(folder: Path) -> str:
    section = load_season(folder).section("rr")
    from leaguegen.domain.schedule import berger

    board = berger.schedule(len(section.players))[0][0]
    return f"{section.players[board.white - 1].name} - {section.players[board.black - 1].name}"


@pytest.mark.parametrize("seeding", ["rating", "lots\n    seed: 7"])
def test_the_first_result_freezes_and_a_rating_change_then_moves_nobody(tmp_path: Path,
                                                                       seeding: str) -> None:
    folder = season(tmp_path, seeding)
    drawn = numbers(folder, "rr")
    res = run("result", folder, "--section", "rr", first_game(folder), "1-0")
    assert res.exit_code == 0, res.output
    assert "pairing numbers frozen" in res.output
    text = (folder / "season.yaml").read_text(encoding="utf-8")
    assert "    seeding: list\n" in text and "# the champion\n" in text
    assert "# joined in June" in text
    assert numbers(folder, "rr") == drawn
    # the point of freezing: Eve's new rating would make her number 1 under seeding: rating
    (folder / "season.yaml").write_text(text.replace("Eve Egan, rating: 1500",
                                                     "Eve Egan, rating: 2500"), encoding="utf-8")
    assert numbers(folder, "rr") == drawn
    assert run("check", folder).exit_code == 0


def test_the_comment_above_a_player_moves_with_the_player(tmp_path: Path) -> None:
    folder = season(tmp_path)
    assert run("freeze", folder, "--section", "rr").exit_code == 0
    text = (folder / "season.yaml").read_text(encoding="utf-8")
    assert "      # the champion\n      - {name: Bea Brown" in text
    assert "{name: Cara Cole, rating: 1700}   # joined in June\n" in text
    assert text.index("Abe Adams") < text.index("Bea Brown") < text.index("Cara Cole")


def test_check_warns_at_the_seeding_line_until_frozen(tmp_path: Path) -> None:
    folder = season(tmp_path, result="Bea Brown - Eve Egan: 1-0")
    res = run("check", folder)
    assert res.exit_code == 0
    assert f"{folder / 'season.yaml'}:6:14: warning: section 'rr' has results" in res.output
    assert "leaguegen freeze" in res.output
    assert run("freeze", folder).exit_code == 0
    assert "warning" not in run("check", folder).output


def test_a_section_without_results_is_not_frozen_unless_named(tmp_path: Path) -> None:
    folder = season(tmp_path)
    before = (folder / "season.yaml").read_bytes()
    res = run("freeze", folder)
    assert res.exit_code == 0 and "nothing to freeze" in res.output
    assert (folder / "season.yaml").read_bytes() == before
    assert "warning" not in run("check", folder).output


def test_freezing_a_list_section_is_refused(tmp_path: Path) -> None:
    folder = season(tmp_path, "list")
    before = (folder / "season.yaml").read_bytes()
    res = run("freeze", folder, "--section", "rr")
    assert res.exit_code == 2 and "not computed" in res.output
    assert (folder / "season.yaml").read_bytes() == before


def test_a_varma_draw_is_written_into_the_file(tmp_path: Path) -> None:
    feds = ["ENG", "ENG", "ENG", "FRA", "FRA", "GER", "ENG", "FRA", "NOR", "IND", "ESP", "GER"]
    players = "".join(f"      - {{name: Player {i:02d}, rating: {2400 - 10 * i},"
                      f" federation: {feds[i]}}}\n" for i in range(12))
    folder = tmp_path / "v"
    folder.mkdir()
    (folder / "season.yaml").write_text(
        "name: Varma\nsections:\n  - id: rr\n    name: Open\n    format: round_robin\n"
        "    seeding: varma\n    seed: 2026\n    varma_by: federation\n    players:\n"
        + players, encoding="utf-8")
    drawn = numbers(folder, "rr")
    assert drawn != sorted(drawn)
    res = run("freeze", folder, "--section", "rr")
    assert res.exit_code == 0, res.output
    text = (folder / "season.yaml").read_text(encoding="utf-8")
    assert "# Pairing numbers frozen from seeding: varma, seed 2026 (by leaguegen):" in text
    assert "    # varma_by: federation  (frozen)\n" in text and "    seed: 2026\n" in text
    assert numbers(folder, "rr") == drawn
    listed = re.findall(r"name: (Player \d+)", text)
    assert listed == drawn


def test_pair_freezes_a_swiss_with_results_in_the_same_write(tmp_path: Path) -> None:
    from tests.swiss_demo import SWISS_DEMO, fill_last_round

    folder = tmp_path / "swiss"
    shutil.copytree(SWISS_DEMO, folder)
    path = folder / "season.yaml"
    text = path.read_text(encoding="utf-8")
    thawed = re.sub(r" *# Pairing numbers frozen[^\n]*\n *# the players[^\n]*\n( *)seeding: list",
                    r"\1seeding: rating", text)
    assert thawed != text
    path.write_text(thawed, encoding="utf-8")
    fill_last_round(folder)
    drawn = numbers(folder, "open")
    res = run("pair", folder, "--section", "open")
    assert res.exit_code == 0, res.output
    after = path.read_text(encoding="utf-8")
    assert "    seeding: list\n" in after and "frozen from seeding: rating" in after
    assert numbers(folder, "open") == drawn
    assert "Pairing numbers frozen in" in res.output and "seeding: rating" in res.output


def test_pair_of_a_frozen_swiss_says_nothing_about_freezing(tmp_path: Path) -> None:
    from tests.swiss_demo import SWISS_DEMO, fill_last_round

    folder = tmp_path / "swiss"
    shutil.copytree(SWISS_DEMO, folder)
    before = (folder / "season.yaml").read_text(encoding="utf-8")
    fill_last_round(folder)
    res = run("pair", folder, "--section", "open")
    assert res.exit_code == 0, res.output
    assert "Round " in res.output and "Pairing numbers frozen" not in res.output
    assert "seeding: list" in before


def test_before_the_first_result_an_entry_is_seeded_by_rating(tmp_path: Path) -> None:
    """Until a section has a result nothing is frozen: a new player takes their place in
    the rating order, and the numbers are computed again."""
    folder = season(tmp_path)
    res = run("enter", folder, "--section", "rr", "Ali Ames", "--rating", 2000)
    assert res.exit_code == 0, res.output
    assert "frozen" not in res.output
    assert numbers(folder, "rr")[0] == "Ali Ames"
    assert "seeding: rating" in (folder / "season.yaml").read_text(encoding="utf-8")
