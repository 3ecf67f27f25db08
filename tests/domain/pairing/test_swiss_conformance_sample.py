"""A fixed sample of the bbpPairings conformance corpus (the full run: benchmarks/)."""

from __future__ import annotations

from pathlib import Path

import pytest

from leaguegen.domain.pairing import pair_round
from leaguegen.errors import NoValidPairing
from leaguegen.formats import trf
from leaguegen.formats.swiss_input import state_from_trf

CORPUS = Path(__file__).resolve().parents[3] / ".." / "shared" / "conformance"
# folder -> how many cases to take, spread over the (small) cases of that folder
PLAN = {"dutch": 30, "dutch-baku": 10, "dutch-nopairing": 8, "burstein": 12}
MAX_BYTES = 6000  # keeps the sample fast; the full corpus runs in benchmarks/


def _sample() -> list[tuple[str, str]]:
    if not CORPUS.is_dir():
        return []
    picked = []
    for folder, count in PLAN.items():
        cases = sorted(
            p for p in (CORPUS / folder).glob("*.trf") if p.stat().st_size <= MAX_BYTES
        )
        step = max(1, len(cases) // count)
        picked += [(folder, str(p)) for p in cases[::step][:count]]
    return picked


CASES = _sample()


@pytest.mark.skipif(not CASES, reason=f"conformance corpus not found at {CORPUS}")
@pytest.mark.parametrize(("folder", "path"), CASES, ids=[Path(p).stem for _, p in CASES])
def test_case(folder: str, path: str) -> None:
    state = state_from_trf(trf.load(path))
    system = "burstein" if folder == "burstein" else "dutch"
    expected_path = Path(path).with_suffix(".pairs")
    if not expected_path.exists():
        with pytest.raises(NoValidPairing):
            pair_round(state, system=system)
        return
    expected = [line for line in expected_path.read_text().splitlines() if line.strip()]
    got = pair_round(state, system=system).lines()
    assert got[0] == expected[0]
    assert set(got[1:]) == set(expected[1:])
    # Publication order is reproduced as well.
    assert got == expected
