"""The check-in sheet of a Swiss section's next round (site/pages/checkin.py): every player
still in the event, by name, the byes already asked for noted; none for other kinds or
when no round is left; a PDF only, linked from the section's tabs."""

from __future__ import annotations

import dataclasses
import re
import shutil
import subprocess
from pathlib import Path

from leaguegen.domain.season_facts import season_facts
from leaguegen.formats.season_yaml import load_season
from leaguegen.site.build import build_site
from leaguegen.site.pages.checkin import checkin_pages, checkin_sheet
from tests.conftest import ROOT

DEMO = ROOT / "seasons" / "thursday-swiss-2026"


def test_the_sheet_of_round_six() -> None:
    season = load_season(DEMO)
    sheet = checkin_sheet(season, season_facts(season).of(season.section("open")))
    assert sheet is not None and sheet.round == 6
    names = [r.player.name for r in sheet.rows]
    assert len(names) == 23 and "Jack Thornton" not in names  # withdrew after round 3
    assert names[:3] == ["Aisha Okonkwo", "Alexei Morozov", "Arjun Pillai"]  # by name
    assert {r.player.name: r.request for r in sheet.rows if r.request} == {
        "Helen Carter": "half-point bye"}
    assert not sheet.clubs


def test_the_pdf_source_in_arabic() -> None:
    season = dataclasses.replace(load_season(DEMO), language="ar")
    files = checkin_pages(season, season_facts(season).of(season.section("open")))
    source = files["open/open-checkin.pdf"]
    assert "تسجيل الحضور، الجولة" in source and "Yuki Tanaka" in source
    assert len(re.findall(r'<td class="box">', source)) == 23


def test_no_sheet_for_a_round_robin_or_quads() -> None:
    for demo, sid in (("riverside-2026", "premier"), ("school-quads-2026", "quads")):
        season = load_season(ROOT / "seasons" / demo)
        assert checkin_pages(season, season_facts(season).of(season.section(sid))) == {}


def test_the_built_sheet_is_linked_and_lists_the_players(tmp_path: Path) -> None:
    out = tmp_path / "_site"
    build_site(DEMO, out, pdf=True, cache_dir=tmp_path / "cache")
    page = (out / "open" / "index.html").read_text(encoding="utf-8")
    assert 'href="../open/open-checkin.pdf">Check-in sheet (PDF)</a>' in page
    pdf = out / "open" / "open-checkin.pdf"
    if shutil.which("pdftotext"):
        words = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True,
                               check=True, timeout=60).stdout
        assert "Check-in, round 6" in words
        assert "Nadia Haddad" in words and "Jack Thornton" not in words
    nopdf = tmp_path / "nopdf"
    build_site(DEMO, nopdf, pdf=False, cache_dir=tmp_path / "cache2")
    assert "checkin.pdf" not in (nopdf / "open" / "index.html").read_text(encoding="utf-8")
