"""The pairing record of a Swiss section: ``pairings/<section id>.json`` beside season.yaml.

``leaguegen pair`` writes one entry per round it pairs (the engine's boards, bye and
structured explanation, and the avoid / keep_apart pairs it had to give up); the loader
reads it back so the round pages can explain a pairing without running the engine
(see ``domain/sections/swiss_record.py`` for why). It is plain JSON, one line per
round in round order, so a diff in git shows the round added; organisers do not edit
it. A record that cannot be read is a warning, never an error: the pages then just do
not explain that round.
"""

from __future__ import annotations

import json
from pathlib import Path

from leaguegen.domain.pairing.result import PairingResult
from leaguegen.domain.sections.swiss_record import PairedBy, PairingRecord
from leaguegen.formats import files

FOLDER = "pairings"
ABOUT = ("Written by `leaguegen pair`: each round's pairing as the engine made it, with its"
         " explanation, so the pages never pair again. Do not edit; delete a round's entry"
         " (or the file) and the pages simply stop explaining it.")


def record_path(root: Path, section_id: str) -> Path:
    return Path(root) / FOLDER / f"{section_id}.json"


def load_records(root: Path, section_id: str,
                 systems: tuple[str, ...]) -> tuple[dict[int, PairingRecord], list[str]]:
    """The records by round, and what could not be read (as warning texts)."""
    path = record_path(root, section_id)
    if not path.is_file():
        return {}, []
    try:
        data = json.loads(files.read_text(path, Path(root), str(path)))
        rounds = data["rounds"]
        out = {}
        for key, entry in rounds.items():
            relaxed = tuple((int(a), int(b)) for a, b in entry.get("relaxed", ()))
            out[int(key)] = PairingRecord(int(key), PairedBy.parse(entry["paired_by"], systems),
                                          PairingResult.from_dict(entry["pairing"]), relaxed)
        return out, []
    except Exception as exc:  # noqa: BLE001 - any damage: warn, explain nothing from it
        return {}, [f"{path}: the pairing record cannot be read ({exc}); its rounds are not"
                    " explained on the pages"]


def dumps(section_id: str, records: dict[int, PairingRecord]) -> str:
    """JSON with one line per round: a new round is one new line in a diff."""
    def one(value: object) -> str:
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"))

    rounds = ",\n".join(f"  {one(str(r))}: {one(records[r].to_dict())}" for r in sorted(records))
    return (f'{{\n "about": {one(ABOUT)},\n "section": {one(section_id)},\n'
            f' "rounds": {{\n{rounds}\n }}\n}}\n')


def save_record(root: Path, section_id: str, record: PairingRecord,
                systems: tuple[str, ...]) -> Path:
    """Add (or replace) ``record``'s round in the section's record file, atomically."""
    records, _ = load_records(root, section_id, systems)
    records[record.round] = record
    path = record_path(root, section_id)
    path.parent.mkdir(exist_ok=True)
    files.write_atomic(path, dumps(section_id, records))
    return path
