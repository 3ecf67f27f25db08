"""The JSON Schema of season.yaml (`leaguegen schema`): every demo season validates against
it with a real validator, every key of the loader's tables is in it, and it follows the
tables (a key added to a table is in the schema; a key in none is refused)."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import jsonschema
import pytest
import yaml
from click.testing import CliRunner

from leaguegen.cli import main
from leaguegen.formats import rounds, stage_sources
from leaguegen.formats.players import PLAYER_KEYS
from leaguegen.formats.schema import season_schema
from leaguegen.formats.season_yaml import SEASON_KEYS, SECTION_KEYS, load_season
from leaguegen.formats.sections import READERS
from tests.conftest import ROOT

DEMOS = sorted((ROOT / "seasons").glob("*/season.yaml"))


def _validator() -> jsonschema.Draft7Validator:
    schema = season_schema()
    jsonschema.Draft7Validator.check_schema(schema)
    return jsonschema.Draft7Validator(schema)


def _errors(doc: object) -> list[str]:
    return [f"{list(e.absolute_path)}: {e.message}" for e in _validator().iter_errors(doc)]


def _props(schema: dict) -> set[str]:
    return set(schema["properties"])


@pytest.mark.parametrize("path", DEMOS, ids=[p.parent.name for p in DEMOS])
def test_every_demo_season_validates(path: Path) -> None:
    load_season(path.parent)  # the loader accepts it too
    assert _errors(yaml.safe_load(path.read_text(encoding="utf-8"))) == []


def test_there_are_demos() -> None:
    assert len(DEMOS) >= 8


def test_every_key_of_the_loaders_tables_is_in_the_schema() -> None:
    schema = season_schema()
    section = schema["definitions"]["section"]
    assert _props(schema) == set(SEASON_KEYS)
    own = {k for r in READERS.values() for k in r.keys}
    assert _props(section) == set(SECTION_KEYS) | own
    player = section["properties"]["players"]["oneOf"][0]["items"]["oneOf"][1]
    assert _props(player) == set(PLAYER_KEYS)
    assert _props(section["properties"]["players"]["oneOf"][1]) == \
        set(stage_sources.SOURCE_KEYS)
    assert _props(section["properties"]["withdrawals"]["items"]) == \
        set(rounds.WITHDRAWAL_KEYS)
    assert set(rounds.ROUND_KEYS) <= _props(section["properties"]["rounds"]["items"]["oneOf"][0])
    # each format's branch allows exactly the common keys and its reader's
    for branch in section["allOf"]:
        fmt = branch["if"]["properties"]["format"]["const"]
        from leaguegen.formats.sections import reader_of

        reader = reader_of(fmt)
        want = set(SECTION_KEYS) | set(reader.keys if reader else ())
        assert set(branch["then"]["propertyNames"]["enum"]) == want, fmt


def _swiss_doc() -> dict:
    doc = yaml.safe_load((ROOT / "seasons" / "thursday-swiss-2026" / "season.yaml")
                         .read_text(encoding="utf-8"))
    assert doc["sections"][0]["format"] == "swiss"
    return doc


def test_a_key_added_to_a_readers_table_is_in_the_schema(monkeypatch) -> None:  # noqa: ANN001
    doc = _swiss_doc()
    doc["sections"][0]["brand_new_key"] = 1
    assert _errors(doc)  # no table has it: refused
    swiss = READERS["swiss"]
    monkeypatch.setitem(READERS, "swiss",
                        dataclasses.replace(swiss, keys=(*swiss.keys, "brand_new_key")))
    assert _errors(doc) == []


def test_a_key_of_another_kind_is_refused() -> None:
    doc = _swiss_doc()
    doc["sections"][0]["teams"] = []  # a Scheveningen key
    assert any("teams" in e for e in _errors(doc))


def test_unknown_season_key_and_bad_values_are_refused() -> None:
    doc = _swiss_doc()
    assert any("colour" in e for e in _errors({**doc, "colour": "red"}))
    bad = _swiss_doc()
    bad["sections"][0]["format"] = "swis"
    bad["sections"][0]["players"][0] = {"nme": "x"}
    errors = _errors(bad)
    assert any("'format'" in e or "swis" in e for e in errors)


def test_schema_command_prints_the_schema() -> None:
    res = CliRunner().invoke(main, ["schema"])
    assert res.exit_code == 0
    assert json.loads(res.output) == season_schema()


def test_new_writes_the_schema_and_the_editor_hint(tmp_path: Path) -> None:
    res = CliRunner().invoke(main, ["new", str(tmp_path / "s")])
    assert res.exit_code == 0, res.output
    text = (tmp_path / "s" / "season.yaml").read_text(encoding="utf-8")
    assert text.splitlines()[0] == "# yaml-language-server: $schema=season.schema.json"
    schema = json.loads((tmp_path / "s" / "season.schema.json").read_text(encoding="utf-8"))
    assert schema == season_schema()
    assert list(jsonschema.Draft7Validator(schema).iter_errors(yaml.safe_load(text))) == []
    load_season(tmp_path / "s")
