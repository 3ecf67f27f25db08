"""The team Swiss kind (issue 28): its example season (tests/data/team-swiss-2026, the rounds
and results of the C.04.6 conformance case t0006 with names), paired round after round by
``leaguegen pair`` through the season's write-back and equal to the team engine on the TRF
and to the reference engine's pairings; its table equal to the team engine's on the TRF;
absent teams; the reader's checks at their lines; ``check``'s notice; the pages."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from leaguegen.domain.sections import derive_facts
from leaguegen.domain.sections import team_swiss as ts
from leaguegen.domain.teams.swiss import pair_team_round
from leaguegen.domain.teams.tiebreaks import team_standings
from leaguegen.errors import InputError
from leaguegen.formats.season_yaml import load_season
from leaguegen.formats.trf_teams import load as load_trf
from tests.conftest import ROOT, shared_path

EXAMPLE = ROOT / "tests" / "data" / "team-swiss-2026"
CASE = "t0006"  # shared/conformance/team-swiss: 13 teams, 4 boards, 7 rounds, type B
# (rank, team, MPTS, GPTS, BH:MP, SB:MP) as `leaguegen standings` printed it for the example
GOLDEN = [(1, "Aldermoor", 12, 22, 67, 110), (2, "Brookfield", 12, 21.5, 55, 86),
          (3, "Dunmore", 9, 17.5, 59, 61), (4, "Castlegate", 9, 15.5, 57, 57),
          (5, "Eastwick", 7, 13, 56, 39), (6, "Ivybridge", 7, 13, 48, 36),
          (7, "Juniper Hill", 6, 13.5, 44, 26), (8, "Kingsmead", 6, 13.5, 38, 32),
          (9, "Glenrock", 6, 12.5, 54, 30), (10, "Harrowby", 5, 11.5, 47, 21),
          (11, "Millbrook", 5, 11, 37, 21), (12, "Fairhaven", 4, 9, 39, 17),
          (13, "Larkspur", 3, 8.5, 36, 15)]
ROUND_START = re.compile(r"(?m)^      - date: ")


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "leaguegen.cli.entry", *args], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=300, check=False)


def section(folder: Path = EXAMPLE):  # noqa: ANN201 - Section
    return load_season(folder).section("open")


def split_rounds(text: str) -> tuple[str, list[str]]:
    """The example's text before its rounds, and each round's lines."""
    parts = ROUND_START.split(text)
    return parts[0], ["      - date: " + p for p in parts[1:]]


def written(sec, rnd: int) -> tuple[frozenset[tuple[int, int]], int | None]:  # noqa: ANN001
    w = ts.written_round(sec, rnd)
    return frozenset(w.matches), w.bye


def oracle(rnd: int) -> tuple[frozenset[tuple[int, int]], int | None]:
    """The reference engine's pairing of round ``rnd`` (``.pairs``: count, then `white
    black` by board-1 colour, `T 0` the bye)."""
    lines = shared_path("conformance", "team-swiss", f"{CASE}-r{rnd:02d}.pairs") \
        .read_text().split("\n")
    pairs = [tuple(int(x) for x in line.split()) for line in lines[1:] if line.strip()]
    bye = next((a for a, b in pairs if b == 0), None)
    return frozenset((a, b) for a, b in pairs if b != 0), bye


def test_the_example_table_is_the_golden_one() -> None:
    facts = ts.team_swiss_facts(derive_facts(section()))
    got = [(r.rank, r.name, *r.values) for r in facts.rows]
    assert got == [(rank, name, *(Fraction(v) for v in vs)) for rank, name, *vs in GOLDEN]
    assert facts.progress.finished and facts.progress.rounds_played == 7


def test_the_example_table_is_the_team_engines_on_the_trf() -> None:
    """The same event read from its TRF-2026 file ranks the teams with the same values."""
    event = load_trf(str(shared_path("conformance", "team-swiss", f"{CASE}-final.trf")))
    codes = ts.team_swiss_facts(derive_facts(section())).codes
    for rules in ("2024", "2026"):
        trf_rows = team_standings(event, codes, "swiss", rules)
        ours = ts.team_swiss_facts(derive_facts(replace(section(), tiebreak_rules=rules)))
        assert [(r.team, r.rank, r.values) for r in trf_rows] == \
            [(r.team, r.rank, r.values) for r in ours.rows]


def test_every_written_round_is_c046s_and_the_reference_engines() -> None:
    sec = section()
    assert ts.engine_differences(sec) == ()
    for rnd in range(1, 8):
        assert written(sec, rnd) == oracle(rnd), rnd


def test_each_round_equals_the_team_engine_on_the_trf_cut_before_it() -> None:
    """``pair_round`` reads the section as the engine reads the TRF file of the same state."""
    sec = section()
    for rnd in range(1, 8):
        trf = load_trf(str(shared_path("conformance", "team-swiss", f"{CASE}-r{rnd:02d}.trf")))
        engine = pair_team_round(trf)
        ours = ts.pair_round(sec, rnd)
        assert (set(ours.matches), ours.bye) == (set(engine.matches), engine.bye), rnd


def test_pair_writes_every_round_one_after_another(tmp_path: Path) -> None:
    """From no round at all, ``leaguegen pair`` writes each round; the results are then
    entered (the example's round put in its place) and the next round is paired. Every
    round written equals the example's, the text before it is kept byte for byte."""
    head, rounds = split_rounds((EXAMPLE / "season.yaml").read_text(encoding="utf-8"))
    season = tmp_path / "season.yaml"
    season.write_text(head, encoding="utf-8")
    want = section()
    for rnd in range(1, 8):
        before = season.read_text(encoding="utf-8")
        run = cli("pair", str(tmp_path), "--section", "open")
        assert run.returncode == 0, run.stderr
        after = season.read_text(encoding="utf-8")
        assert after.startswith(before)
        got = section(tmp_path)
        assert written(got, rnd) == written(want, rnd), rnd
        assert ts.details(got).marks[-1][1].endswith(" C.04.6")
        season.write_text(head + "".join(rounds[:rnd]), encoding="utf-8")
    run = cli("pair", str(tmp_path), "--section", "open")
    assert run.returncode == 1 and "all 7 rounds are paired" in run.stderr


def test_pair_refuses_a_round_with_a_match_without_result(tmp_path: Path) -> None:
    head, rounds = split_rounds((EXAMPLE / "season.yaml").read_text(encoding="utf-8"))
    two = rounds[1]
    # round 2's Brookfield - Eastwick loses its boards: paired, no result yet
    two = re.sub(r"(- Brookfield - Eastwick:)\n(?:              - .*\n){4}", r"\1\n", two)
    text = head + rounds[0] + two
    (tmp_path / "season.yaml").write_text(text, encoding="utf-8")
    run = cli("pair", str(tmp_path), "--section", "open")
    assert run.returncode == 1
    assert "round 2 of 'open' still has 1 match(es) without a result" in run.stderr
    assert "Brookfield - Eastwick" in run.stderr
    assert (tmp_path / "season.yaml").read_text(encoding="utf-8") == text


def test_an_absent_team_is_left_out_and_written_absent(tmp_path: Path) -> None:
    """C.04.6 pairs the teams present: with Millbrook absent from round 3, twelve teams are
    paired (no PAB), as the engine pairs the event with Millbrook left out."""
    head, rounds = split_rounds((EXAMPLE / "season.yaml").read_text(encoding="utf-8"))
    head = head.replace("    rounds:\n", "    absent: [{team: Millbrook, round: 3}]\n"
                                          "    rounds:\n")
    (tmp_path / "season.yaml").write_text(head + "".join(rounds[:2]), encoding="utf-8")
    sec = section(tmp_path)
    engine = pair_team_round(ts.event(sec, 2), absent=frozenset({13}))
    assert engine.bye is None and len(engine.matches) == 6
    assert all(13 not in m for m in engine.matches)
    run = cli("pair", str(tmp_path), "--section", "open")
    assert run.returncode == 0, run.stderr
    assert "Millbrook: absent" in run.stdout
    got = section(tmp_path)
    assert written(got, 3) == (frozenset(engine.matches), None)
    assert ts.details(got).absent_in(3) == frozenset({13})
    assert "          - Millbrook: absent\n" in (tmp_path / "season.yaml").read_text()
    facts = ts.team_swiss_facts(derive_facts(got))
    assert facts.absent == {3: (13,)}


def test_check_names_a_round_that_is_not_the_engines(tmp_path: Path) -> None:
    """Round 3 written by hand (no results yet) with one match's teams the other way round."""
    head, rounds = split_rounds((EXAMPLE / "season.yaml").read_text(encoding="utf-8"))
    three = re.sub(r"(?m)^              - .*\n", "", rounds[2])
    swapped = three.replace("- Castlegate - Aldermoor:", "- Aldermoor - Castlegate:", 1)
    assert swapped != three
    (tmp_path / "season.yaml").write_text(head + "".join(rounds[:2]) + swapped,
                                          encoding="utf-8")
    run = cli("check", str(tmp_path))
    assert run.returncode == 0, run.stderr
    assert "notice: section 'open' round 3 differs from C.04.6, which pairs:" in run.stderr
    assert "  Castlegate - Aldermoor  (not in the round)" in run.stderr
    clean = cli("check", str(EXAMPLE))
    assert clean.returncode == 0 and "notice" not in clean.stderr


HEAD = """name: Test team Swiss
sections:
  - id: open
    name: Open
    format: team_swiss
    boards: 2
    number_of_rounds: 3
    teams:
      - name: Alpha
        players: [A One, A Two]
      - name: Beta
        players: [B One, B Two]
      - name: Gamma
        players: [C One, C Two]
    rounds:
      - matches:
"""


@pytest.mark.parametrize(("lines", "where", "message"), [
    ("          - Alpha - Beta:\n          - Beta: bye\n          - Gamma: absent\n",
     (18, 13), "round 1: Beta is already in this round (Alpha - Beta)"),
    ("          - Alpha - Delta:\n          - Gamma: bye\n", (17, 13),
     "'Alpha - Delta' is not 'first team - second team' of this section's teams"),
    ("          - Alpha - Beta:\n", (17, 11),
     "round 1: Gamma not in this round: every team plays a match, has the bye or is"
     " written 'Gamma: absent'"),
    ("          - Alpha - Beta:\n          - Gamma: free\n", (18, 20),
     "a team alone on a line is 'Gamma: bye'"),
    ("          - Alpha - Beta:\n              - A One - B One: 1-0\n"
     "          - Gamma: bye\n", (17, 13), "Alpha - Beta has 1 board, the section plays 2"),
    ("          - Alpha - Beta:\n              - A Two - B One: 1-0\n"
     "              - A One - B Two: 1-0\n          - Gamma: bye\n", (19, 17),
     "board order of 'Alpha': 'A One' is listed before 'A Two'"),
])
def test_bad_rounds_are_named_at_their_line(tmp_path: Path, lines: str,
                                            where: tuple[int, int], message: str) -> None:
    (tmp_path / "season.yaml").write_text(HEAD + lines, encoding="utf-8")
    with pytest.raises(InputError) as err:
        load_season(tmp_path)
    found = [(p.line, p.col, p.message) for p in err.value.problems]
    assert len(found) == 1 and found[0][:2] == where and message in found[0][2], found
    run = cli("check", str(tmp_path))
    assert run.returncode == 2
    assert f"season.yaml:{where[0]}:{where[1]}:" in run.stderr + run.stdout


def test_a_bye_and_a_whole_match_default_count_as_c046_says(tmp_path: Path) -> None:
    """The PAB scores a drawn match (1 MP, half the boards) unless bye_points says; a
    whole-match default gives every board to its winner."""
    (tmp_path / "season.yaml").write_text(
        HEAD + "          - Alpha - Beta: -+\n          - Gamma: bye\n", encoding="utf-8")
    facts = ts.team_swiss_facts(derive_facts(section(tmp_path)))
    got = {r.name: (r.match_points, r.game_points) for r in facts.rows}
    assert got == {"Beta": (2, 2), "Gamma": (1, 1), "Alpha": (0, 0)}
    text = HEAD.replace("    teams:", "    bye_points: {match_points: 2, game_points: 2}\n"
                                     "    teams:")
    (tmp_path / "season.yaml").write_text(
        text + "          - Alpha - Beta: -+\n          - Gamma: bye\n", encoding="utf-8")
    facts = ts.team_swiss_facts(derive_facts(section(tmp_path)))
    assert {r.name: r.match_points for r in facts.rows}["Gamma"] == 2


def test_standings_json_rows_are_the_teams() -> None:
    run = cli("standings", str(EXAMPLE), "--section", "open", "--json")
    assert run.returncode == 0, run.stderr
    data = json.loads(run.stdout)
    assert data["tiebreaks"] == ["MPTS", "GPTS", "BH:MP", "SB:MP"]
    assert [(r["rank"], r["name"], r["values"]) for r in data["rows"]] == \
        [(rank, name, [float(v) for v in vs]) for rank, name, *vs in GOLDEN]
    assert data["rows"][2]["startno"] == 4  # Dunmore, the fourth team listed


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The example built in English and Russian (no PDF: the PDF test builds its own)."""
    folder = tmp_path_factory.mktemp("team-swiss")
    season = folder / "season"
    shutil.copytree(EXAMPLE, season)
    text = (season / "season.yaml").read_text(encoding="utf-8")
    (season / "season.yaml").write_text("languages: [en, ru]\n" + text, encoding="utf-8")
    run = cli("build", str(season), "--out", str(folder / "out"), "--no-pdf", "-q")
    assert run.returncode == 0, run.stderr
    return folder / "out"


def _text(path: Path) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", path.read_text(encoding="utf-8")))


def test_pages_show_the_table_rounds_match_cards_and_teams(site: Path) -> None:
    index = _text(site / "open" / "index.html")
    assert re.search(r"1 Aldermoor 7 6 0 1 12 22 67 110", index), index[:2000]
    assert "Colour preferences of type B." in index
    rounds = _text(site / "open" / "rounds.html")
    assert "Pairing-allocated bye: Millbrook" in rounds
    assert re.search(r"Castlegate 0–4 Aldermoor", rounds)
    card = _text(site / "open" / "match-3-3-1.html")
    assert "Castlegate 0–4 Aldermoor" in card and "Ines Ellis" in card
    forfeit = _text(site / "open" / "match-1-1-7.html")
    assert "The match was decided by default." in forfeit
    team = _text(site / "open" / "team-10.html")  # Juniper Hill: the PAB in round 3
    assert "Pairing-allocated bye in round 3" in team and "Rank: 7" in team


def test_pages_in_russian(site: Path) -> None:
    ru = next(p for p in site.rglob("rounds.html") if "/ru/" in str(p))
    text = _text(ru)
    assert "Свободный тур по жеребьёвке: Millbrook" in text
    assert "Первая команда" in text and "Вторая команда" in text


def test_the_pdf_holds_the_table_and_every_round(tmp_path: Path) -> None:
    """The PDF (built in Chinese: the CJK font must be embedded) has the table's figures and
    every round's matches, and no link (a printed page has nothing to click)."""
    import pypdf

    from tests.conftest import needs_pdfs

    needs_pdfs()
    season = tmp_path / "season"
    shutil.copytree(EXAMPLE, season)
    text = (season / "season.yaml").read_text(encoding="utf-8")
    (season / "season.yaml").write_text("language: zh_Hans\n" + text, encoding="utf-8")
    run = cli("build", str(season), "--out", str(tmp_path / "out"), "-q")
    assert run.returncode == 0, run.stderr
    pdf = next((tmp_path / "out").rglob("*.pdf"))
    reader = pypdf.PdfReader(pdf)
    words = re.sub(r"\s+", " ", " ".join(p.extract_text() for p in reader.pages))
    assert "Aldermoor" in words and "Larkspur" in words and "编排轮空" in words
    assert all(f"第 {n} 轮" in words or f"第{n}轮" in words for n in range(1, 8)), words[:3000]
    assert not any("/Annots" in page for page in reader.pages)


def test_pair_without_section_takes_the_one_team_swiss(tmp_path: Path) -> None:
    head, rounds = split_rounds((EXAMPLE / "season.yaml").read_text(encoding="utf-8"))
    (tmp_path / "season.yaml").write_text(head + "".join(rounds[:6]), encoding="utf-8")
    run = cli("pair", str(tmp_path))
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith("Round 7 of 7 paired (C.04.6, colours type B)")
    assert written(section(tmp_path), 7) == written(section(), 7)


def test_pair_refuses_a_date_before_the_last_rounds(tmp_path: Path) -> None:
    head, rounds = split_rounds((EXAMPLE / "season.yaml").read_text(encoding="utf-8"))
    text = head + "".join(rounds[:2])
    (tmp_path / "season.yaml").write_text(text, encoding="utf-8")
    run = cli("pair", str(tmp_path), "--date", "2026-02-01")
    assert run.returncode == 2
    assert "--date 2026-02-01 is before round 2's date 2026-03-02" in run.stderr
    assert (tmp_path / "season.yaml").read_text(encoding="utf-8") == text
    run = cli("pair", str(tmp_path), "--date", "2026-03-10")
    assert run.returncode == 0, run.stderr
    assert section(tmp_path).rounds[2].date.isoformat() == "2026-03-10"


def test_an_absence_asked_for_a_round_that_pairs_the_team_is_refused(tmp_path: Path) -> None:
    text = HEAD.replace("    teams:", "    absent: [{team: Alpha, round: 1}]\n    teams:")
    (tmp_path / "season.yaml").write_text(
        text + "          - Alpha - Beta:\n          - Gamma: bye\n", encoding="utf-8")
    with pytest.raises(InputError) as err:
        load_season(tmp_path)
    found = [(p.line, p.col, p.message) for p in err.value.problems]
    assert found == [(8, 14, "absent: Alpha is absent from round 1, but the round has it in"
                             " 'Alpha - Beta'")]
