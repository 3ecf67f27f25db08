"""``leaguegen export trf``: TRF for a rating report, round-trip exact, and pairable."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from leaguegen.cli import main
from leaguegen.domain.model import Code
from leaguegen.domain.sections import swiss as ss
from leaguegen.domain.standings import compute_standings
from leaguegen.formats import trf
from leaguegen.formats.season_yaml import load_season
from tests.swiss_demo import ROOT, SWISS_DEMO, fill_last_round


def run(*args: object):
    return CliRunner().invoke(main, [str(a) for a in args])


def export(season_dir: Path, section: str) -> str:
    result = run("export", "trf", season_dir, "--section", section)
    assert result.exit_code == 0, result.output
    return result.output


def test_swiss_export_round_trips_byte_identically() -> None:
    text = export(SWISS_DEMO, "open")
    doc = trf.loads(text)
    assert trf.dumps(doc) == text
    assert doc.warnings == []
    assert doc.name == "Thursday Swiss 2026: Thursday Open"
    assert doc.header("022") == "Harbourside Library, Quay Street"
    assert doc.header("042") == "2026/10/01" and doc.header("052") == "2026/10/29"
    assert doc.header("092") == "Swiss system (Dutch)"
    assert doc.header("122") == "60 minutes + 10 seconds per move"
    assert doc.header("132").split() == ["26/10/01", "26/10/08", "26/10/15", "26/10/22",
                                         "26/10/29"]
    assert doc.rounds_total == 7 and doc.initial_colour is not None
    assert doc.absent_next == ()  # round 5 is still being played


def test_swiss_export_fields_ranks_and_pending(swiss_season) -> None:
    doc = trf.loads(export(SWISS_DEMO, "open"))
    section = swiss_season.section("open")
    table = ss.build_crosstable(section)
    standings = compute_standings(table, list(section.tiebreaks), system="swiss")
    assert {p.number: p.rank for p in doc.players} == {r.number: r.rank for r in standings.rows}
    top = doc.players[0]
    assert (top.name, top.rating, top.federation, top.title) == ("Alexei Morozov", 2154, "ENG",
                                                                   "FM")
    mei = doc.players[section.number_of("Mei Lin") - 1]
    assert mei.rounds[4].code is Code.PAIRING_BYE  # the bye of round 5 is known already
    morozov = doc.players[0]
    assert len(morozov.rounds) == 4  # his round-5 game is pending: left blank
    tanaka = doc.players[section.number_of("Yuki Tanaka") - 1]
    assert tanaka.rounds[2].code is Code.HALF_BYE
    thornton = doc.players[section.number_of("Jack Thornton") - 1]
    assert [e.code for e in thornton.rounds[3:]] == [Code.ZERO_BYE, Code.ZERO_BYE]


def test_round_robin_export_round_trips() -> None:
    season = ROOT / "seasons" / "riverside-2026"
    for section in ("premier", "rapid"):
        text = export(season, section)
        doc = trf.loads(text)
        assert trf.dumps(doc) == text
        assert doc.header("092") in ("Round robin", "Double round robin")
        assert all(p.rank is None or p.rank >= 1 for p in doc.players)


def test_out_file(tmp_path: Path) -> None:
    out = tmp_path / "open.trf"
    result = run("export", "trf", SWISS_DEMO, "--section", "open", "--out", out)
    assert result.exit_code == 0
    assert out.read_text(encoding="utf-8") == export(SWISS_DEMO, "open")


def test_errors() -> None:
    result = run("export", "trf", SWISS_DEMO, "--section", "nope")
    assert result.exit_code == 2 and "no section 'nope'" in result.output
    result = run("export", "trf", ROOT / "no-such-season", "--section", "open")
    assert result.exit_code == 2


@pytest.mark.parametrize("settings, options", [
    ("", []),
    ("    acceleration: baku\n", []),  # XXA lines carry the virtual points
    ("", ["--system", "burstein"]),
])
def test_exported_swiss_pairs_like_the_season_command(swiss_copy: Path, tmp_path: Path,
                                                     settings: str, options: list[str]) -> None:
    path = swiss_copy / "season.yaml"
    text = path.read_text(encoding="utf-8")
    if settings:
        text = text.replace("    initial_colour: white\n", "    initial_colour: white\n" + settings)
    if options:
        text = text.replace("pairing: dutch", "pairing: burstein")
    path.write_text(text, encoding="utf-8")
    for round_no, absent in ((6, {"Helen Carter", "Jack Thornton"}), (7, {"Jack Thornton"})):
        fill_last_round(swiss_copy, "½-½" if round_no == 6 else "0-1")
        trf_path = tmp_path / f"open-{round_no}.trf"
        trf_path.write_text(export(swiss_copy, "open"), encoding="utf-8")
        doc = trf.load(str(trf_path))
        assert bool(doc.acceleration) == bool(settings)
        section = load_season(swiss_copy).section("open")
        names = [p.name for p in section.players]
        assert {names[n - 1] for n in doc.absent_next} == absent
        by_trf = run("pair", "--trf", trf_path, *options)
        assert by_trf.exit_code == 0, by_trf.output
        assert run("pair", swiss_copy, "--section", "open").exit_code == 0
        stored = ss.stored_pairing(load_season(swiss_copy).section("open"), round_no)
        lines = [f"{w} {b}" for w, b in stored.boards]
        lines += [f"{stored.bye} 0"] if stored.bye is not None else []
        assert (stored.bye is not None) == (round_no == 7)  # 23 players in round 7
        assert by_trf.output.splitlines() == [str(len(lines)), *lines]
