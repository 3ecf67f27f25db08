"""Real events round by round: do we reproduce the published pairings?

Usage: python benchmarks/swiss_real_rounds.py

Marks each round's absentees with ../shared/tools/mark-absentees (into a
temporary folder), pairs every round with the Dutch engine and compares with
the published pairing: rounds 1-8 as ordered (white, black) boards plus the
bye, round 9 as unordered boards (colours and bye type are unknown there).
The reference engine (bbpPairings v6.0.0) reproduces 24 of the 27 rounds.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT / ".." / "shared"
ROUNDS = SHARED / "data" / "real" / "rounds"
TOOL = SHARED / "tools" / "mark-absentees"


def _read_pairs(path: Path) -> tuple[set[tuple[int, int]], int | None]:
    lines = [line.split() for line in path.read_text().splitlines()[1:] if line.strip()]
    boards = {(int(a), int(b)) for a, b in lines if b != "0"}
    bye = next((int(a) for a, b in lines if b == "0"), None)
    return boards, bye


def main() -> int:
    from leaguegen.domain.pairing import pair_round
    from leaguegen.formats import trf
    from leaguegen.formats.swiss_input import state_from_trf

    if not ROUNDS.is_dir() or not TOOL.exists():
        print(f"real rounds not found under {ROUNDS.resolve()}", file=sys.stderr)
        return 2
    same = total = 0
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([sys.executable, str(TOOL), str(ROUNDS), tmp], check=True,
                       capture_output=True)
        for path in sorted(Path(tmp).glob("*-r[0-9][0-9].trf")):
            total += 1
            start = time.perf_counter()
            result = pair_round(state_from_trf(trf.load(str(path))))
            took = time.perf_counter() - start
            got = set(result.boards)
            ordered = path.with_name(path.stem + ".published.pairs")
            if ordered.exists():
                want, want_bye = _read_pairs(ordered)
                ok = got == want and result.bye == want_bye
                diff = len(want - got)
                note = f"{diff} of {len(want)} boards differ" if diff else "colours/bye differ"
                if result.bye != want_bye:
                    note += f"; PAB {result.bye} vs published {want_bye}"
            else:
                want, _ = _read_pairs(path.with_name(path.stem + ".published.unordered.pairs"))
                mine = {tuple(sorted(b)) for b in got}
                ok = mine == {tuple(sorted(b)) for b in want}
                note = f"{len(want - mine)} of {len(want)} unordered boards differ"
            same += ok
            print(f"{path.stem:48s} {'same' if ok else 'DIFFERS: ' + note}  ({took:.1f} s)")
            sys.stdout.flush()
    print(f"reproduced {same} of {total} rounds (reference engine: 24 of 27)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
