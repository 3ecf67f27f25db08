"""Full Swiss conformance corpus: pair every case and compare with bbpPairings' output.

Usage: python benchmarks/swiss_conformance.py [FOLDER ...] [--jobs N] [--match GLOB]
                                             [--corpus DIR]

Folders default to dutch, dutch-baku, dutch-nopairing, burstein (under
../shared/conformance beside the repository, or ``--corpus DIR``: from a git
worktree, /work/shared/conformance). Prints ``N passed, M failed`` per
folder and lists every failure. A case passes when the set of (white, black)
boards and the bye equal the expected ones ("no pairing" for dutch-nopairing).
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / ".." / "shared" / "conformance"
FOLDERS = ["dutch", "dutch-baku", "dutch-nopairing", "burstein"]


def run_case(args: tuple[str, str]) -> tuple[str, bool, str, float]:
    from leaguegen.domain.pairing import pair_round
    from leaguegen.errors import NoValidPairing
    from leaguegen.formats import trf
    from leaguegen.formats.swiss_input import state_from_trf

    path_text, folder = args
    path = Path(path_text)
    system = "burstein" if folder == "burstein" else "dutch"
    start = time.perf_counter()
    try:
        state = state_from_trf(trf.load(str(path)))
        got: list[str] | None = pair_round(state, system=system).lines()
    except NoValidPairing:
        got = None
    except Exception as exc:  # noqa: BLE001 - report, keep going
        return path.name, False, f"error {type(exc).__name__}: {exc}", 0.0
    took = time.perf_counter() - start
    expected_path = path.with_suffix(".pairs")
    if not expected_path.exists():
        ok = got is None
        return path.name, ok, "" if ok else f"expected no pairing, got {got[1:]}", took
    exp = [line for line in expected_path.read_text().splitlines() if line.strip()]
    if got is None:
        return path.name, False, "reported no pairing", took
    ok = got[0] == exp[0] and set(got[1:]) == set(exp[1:])
    detail = ""
    if not ok:
        missing = sorted(set(exp[1:]) - set(got[1:]))
        extra = sorted(set(got[1:]) - set(exp[1:]))
        detail = f"expected {missing} got {extra}"
    return path.name, ok, detail, took


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folders", nargs="*", default=FOLDERS)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--match", default="*")
    parser.add_argument("--corpus", type=Path, default=CORPUS,
                        help="the conformance folder (default: ../shared/conformance)")
    args = parser.parse_args(argv)
    corpus = args.corpus
    if not corpus.is_dir():
        print(f"conformance corpus not found at {corpus.resolve()}", file=sys.stderr)
        return 2
    total_failed = 0
    for folder in args.folders:
        cases = sorted((corpus / folder).glob(f"{args.match}.trf"))
        start = time.perf_counter()
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            results = list(pool.map(run_case, [(str(c), folder) for c in cases], chunksize=4))
        failed = [r for r in results if not r[1]]
        slowest = max(results, key=lambda r: r[3]) if results else None
        print(f"{folder}: {len(results) - len(failed)} passed, {len(failed)} failed"
              f" ({time.perf_counter() - start:.0f} s"
              + (f", slowest {slowest[0]} {slowest[3]:.1f} s)" if slowest else ")"))
        for name, _ok, detail, _t in failed:
            print(f"  FAIL {name}: {detail}")
        sys.stdout.flush()
        total_failed += len(failed)
    return 1 if total_failed else 0


if __name__ == "__main__":
    sys.exit(main())
