"""The TRF writer cannot be made to write extra records or shifted columns."""

from __future__ import annotations

import shutil
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from leaguegen.cli import main
from leaguegen.domain.model import Code, Colour, RoundEntry
from leaguegen.formats import trf
from tests.conftest import ROOT

SWISS_DEMO = ROOT / "seasons" / "thursday-swiss-2026"


def _doc(**player: object) -> trf.TrfDocument:
    fields = {"number": 1, "name": "Able, Ann", "rounds": ()} | player
    return trf.TrfDocument(players=[trf.TrfPlayer(**fields)], headers=[("012", "Test")])


@pytest.mark.parametrize("name", ["Ann\n001    9      Injected", "Ann\rB", "Ann\x1b[2J",
                                  "Ann\u2028B", "Ann\x85B", "Tab\there"])
def test_control_characters_in_a_name_are_refused(name: str) -> None:
    with pytest.raises(trf.TrfWriteError, match=r"player 1: name contains the control"):
        trf.dumps(_doc(name=name))


@pytest.mark.parametrize("field,value,columns", [
    ("rating", 10 ** 30, "49-52"), ("rating", 12345, "49-52"),
    ("fide_id", 10 ** 11, "58-68"), ("rank", 10000, "86-89"),
    ("points", Fraction(100), "81-84"), ("federation", "ENGL", "54-56"),
    ("title", "GMGM", "11-13"), ("birth", "1990-01-01x", "70-79"), ("sex", "mf", "10-10"),
])
def test_too_wide_fields_are_refused(field: str, value: object, columns: str) -> None:
    with pytest.raises(trf.TrfWriteError, match=f"does not fit columns {columns}"):
        trf.dumps(_doc(**{field: value}))


def test_too_wide_numbers_are_refused() -> None:
    with pytest.raises(trf.TrfWriteError, match="start number 10000"):
        trf.dumps(_doc(number=10000))
    with pytest.raises(trf.TrfWriteError, match="opponent 12345"):
        trf.dumps(_doc(rounds=(RoundEntry(12345, Colour.WHITE, Code.WIN),)))


def test_headers_and_comments_are_one_line() -> None:
    doc = _doc()
    doc.headers.append(("022", "Town\n001    2      Injected"))
    with pytest.raises(trf.TrfWriteError, match="header 022"):
        trf.dumps(doc)
    doc = _doc()
    doc.comments.append("a\nb")
    with pytest.raises(trf.TrfWriteError, match="comment"):
        trf.dumps(doc)


@settings(max_examples=150, deadline=None)
@given(name=st.text(max_size=40), federation=st.text(max_size=4), title=st.text(max_size=4),
       rating=st.one_of(st.none(), st.integers(0, 10 ** 6)),
       fide=st.one_of(st.none(), st.integers(0, 10 ** 12)))
def test_written_or_refused_never_extra_records(name: str, federation: str, title: str,
                                                rating: int | None, fide: int | None) -> None:
    doc = _doc(name=name, federation=federation, title=title, rating=rating, fide_id=fide)
    try:
        text = trf.dumps(doc)
    except trf.TrfWriteError:
        return
    lines = text.split("\n")
    assert lines[-1] == "" and len(lines) == 3  # the 012 header, the 001 line, the end
    back = trf.loads(text)
    assert len(back.players) == 1
    p = back.players[0]
    assert p.number == 1
    assert p.rating == (rating or None)
    assert p.fide_id == (fide or None)
    assert p.name == name[:33].strip()


def _export(season: Path):
    return CliRunner().invoke(main, ["export", "trf", str(season), "--section", "open"])


def test_export_of_a_name_with_a_line_break_writes_no_extra_record(tmp_path: Path) -> None:
    season = tmp_path / "s"
    shutil.copytree(SWISS_DEMO, season)
    path = season / "season.yaml"
    late = '      - {name: "Zed Zane\\n001   99      Injected Player", rating: 1000}\n'
    text = path.read_text(encoding="utf-8")
    anchor = "      - {name: Nadia Haddad, rating: 1420, federation: LBN}\n"
    path.write_text(text.replace(anchor, anchor + late), encoding="utf-8")
    result = _export(season)
    assert "Injected Player" not in result.stdout
    assert "Traceback" not in result.output
    assert result.exit_code == 2, result.output
    # refused by the TRF writer (or, if the loader refuses such names, by the loader)
    assert "player 25: name contains the control character U+000A" in result.output \
        or "season.yaml:" in result.output


def test_export_of_a_31_digit_rating_is_an_error_not_a_crash(tmp_path: Path) -> None:
    season = tmp_path / "s"
    shutil.copytree(SWISS_DEMO, season)
    path = season / "season.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace(
        "rating: 1420,", "rating: 1234567890123456789012345678901,"), encoding="utf-8")
    result = _export(season)
    assert result.exit_code == 2, result.output
    assert isinstance(result.exception, SystemExit)
    assert result.stdout == ""
    assert "rating" in result.output


def test_export_to_an_unwritable_place(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["export", "trf", str(SWISS_DEMO), "--section", "open",
                                       "--out", str(tmp_path / "missing" / "x.trf")])
    assert result.exit_code == 2
    assert "cannot write" in result.output
