"""The site never pairs a round (issue #10): explanations come from what `pair` stored.

Every registered pairing system is replaced by one that fails the test if called, and
the engine's entry points too; the demo's round pages must still explain their
pairings, and a round without a record must say so instead of pairing it.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from leaguegen.domain.pairing import pairing as pairing_module
from leaguegen.domain.pairing import system as system_module
from leaguegen.domain.sections import swiss as ss
from leaguegen.formats.season_yaml import load_season
from leaguegen.site.build import build_site, render_pages
from tests.swiss_demo import SWISS_DEMO


class EngineCalled(AssertionError):
    pass


def _refuse(*_args: object, **_kwargs: object) -> None:
    raise EngineCalled("the site ran the pairing engine")


@pytest.fixture
def no_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    for name, system in list(system_module._SYSTEMS.items()):
        monkeypatch.setitem(system_module._SYSTEMS, name, dataclasses.replace(system, pair=_refuse))
    monkeypatch.setattr(pairing_module, "pair_with_engine", _refuse)
    monkeypatch.setattr(pairing_module, "pair_round", _refuse)
    monkeypatch.setattr(ss, "pair_round", _refuse)


def _text(html: str) -> str:
    import re

    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_the_guard_catches_a_pairing(no_engine: None) -> None:
    """The fixture does stop the engine (else the tests below prove nothing)."""
    section = load_season(SWISS_DEMO).section("open")
    with pytest.raises(EngineCalled):
        ss.pair(section, 5)


def test_build_explains_every_round_without_the_engine(no_engine: None,
                                                       tmp_path: Path) -> None:
    report = build_site(SWISS_DEMO, tmp_path / "_site", pdf=False)
    assert report.pages
    for r in range(1, 6):
        page = _text((tmp_path / "_site" / "open" / f"round-{r}.html").read_text("utf-8"))
        assert "Explain this pairing" in page
        assert page.count("Score bracket:") >= 11, r
    five = _text((tmp_path / "_site" / "open" / "round-5.html").read_text("utf-8"))
    assert "Alexei Morozov (4) floats down to Patrick Doyle (3)." in five
    assert "Mei Lin receives the pairing-allocated bye" in five


def test_missing_record_is_said_not_repaired(no_engine: None, swiss_copy: Path) -> None:
    record = swiss_copy / "pairings" / "open.json"
    data = json.loads(record.read_text("utf-8"))
    del data["rounds"]["5"]
    record.write_text(json.dumps(data), "utf-8")
    html, _ = render_pages(load_season(swiss_copy))
    five = _text(html["open/round-5.html"])
    assert "its explanation was not stored with it" in five
    assert "Score bracket" not in five
    assert "Score bracket:" in _text(html["open/round-4.html"])


def test_hand_made_round_is_marked_as_such(no_engine: None, swiss_copy: Path) -> None:
    path = swiss_copy / "season.yaml"
    text = path.read_text("utf-8")
    last = text.rindex("        paired_by:")
    path.write_text(text[:last] + text[text.index("\n", last) + 1:], "utf-8")
    (swiss_copy / "pairings" / "open.json").unlink()
    html, _ = render_pages(load_season(swiss_copy))
    five = _text(html["open/round-5.html"])
    assert "paired by hand or by another program" in five
    assert "Score bracket" not in five


def test_damaged_record_is_a_warning_and_explains_nothing(no_engine: None,
                                                           swiss_copy: Path) -> None:
    (swiss_copy / "pairings" / "open.json").write_text('{"rounds": {"5": {"paired_by": 1}}',
                                                        "utf-8")
    loaded = load_season(swiss_copy)
    assert any("the pairing record cannot be read" in w.message for w in loaded.warnings)
    html, _ = render_pages(loaded)
    assert "its explanation was not stored with it" in _text(html["open/round-5.html"])


def test_record_round_trips(tmp_path: Path) -> None:
    from leaguegen.domain.pairing import system_names
    from leaguegen.formats.pairing_records import dumps, load_records

    records, problems = load_records(SWISS_DEMO, "open", system_names())
    assert not problems and sorted(records) == [1, 2, 3, 4, 5]
    assert (SWISS_DEMO / "pairings" / "open.json").read_text("utf-8") == dumps("open", records)
    section = load_season(SWISS_DEMO).section("open")
    for r, record in records.items():  # each is the round as the season has it
        assert ss.origin(section, r).value == "engine"
        assert ss.same_pairing(record.result, ss.stored_pairing(section, r))
