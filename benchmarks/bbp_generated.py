"""bbpPairings' own random events (its ``-g`` mode: no ``XXC``) through ``check-pairings``.

Usage: python benchmarks/bbp_generated.py --bbp PATH/bbpPairings.exe [--events 100]
                                          [--system dutch] [--keep DIR] [--jobs 2]

bbpPairings (https://github.com/BieremaBoyzProgramming/bbpPairings, v6.0.0 built with
``make``) generates ``--events`` tournaments with its default generator settings and
seeds 1..N. Its files carry no ``XXC``: the initial colour has to be inferred from
round 1, as the TRF rules (record 152) and bbpPairings do. Each file goes through
``bbpPairings --SYSTEM FILE -c`` (its checker: it prints "Checker pairings" for every
round it would pair differently) and through ``leaguegen check-pairings --system
SYSTEM`` (click's in-process runner). An event counts as agreeing when both say every
round agrees; the script prints the count and every event where they do not, and how
many events had Black for player 1 in round 1 (the case that used to be "reversed").
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def generate(bbp: str, system: str, seed: int, folder: Path) -> Path:
    """One event made by bbpPairings' generator with ``seed``."""
    path = folder / f"bbp-{system}-s{seed:04d}.trf"
    subprocess.run([bbp, f"--{system}", "-g", "-o", str(path), "-s", str(seed)],
                   check=True, capture_output=True, timeout=120)
    return path


def bbp_agrees(bbp: str, system: str, path: Path) -> bool:
    """bbpPairings' checker on its own file: no round it would pair differently."""
    done = subprocess.run([bbp, f"--{system}", str(path), "-c"], capture_output=True,
                          text=True, timeout=600)
    return done.returncode == 0 and "Checker pairings" not in done.stdout


def leaguegen_check(args: tuple[str, str]) -> tuple[str, int, str, str | None]:
    """``check-pairings`` on one file: (name, exit code, last line, initial colour)."""
    from click.testing import CliRunner

    from leaguegen.cli import main
    from leaguegen.formats import trf

    path, system = args
    result = CliRunner().invoke(main, ["check-pairings", "--trf", path, "--system", system])
    colour = trf.load(path).initial_colour
    lines = result.stdout.strip().splitlines() or [""]
    return Path(path).name, result.exit_code, lines[-1], colour.name if colour else None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bbp", required=True, help="the bbpPairings executable")
    parser.add_argument("--events", type=int, default=100)
    parser.add_argument("--system", choices=("dutch", "burstein"), default="dutch")
    parser.add_argument("--keep", help="write the generated files here (kept)")
    parser.add_argument("--jobs", type=int, default=2)
    opts = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(opts.keep or tmp)
        folder.mkdir(parents=True, exist_ok=True)
        start = time.perf_counter()
        paths = [generate(opts.bbp, opts.system, seed, folder)
                 for seed in range(1, opts.events + 1)]
        theirs = {p.name: bbp_agrees(opts.bbp, opts.system, p) for p in paths}
        with ProcessPoolExecutor(max_workers=opts.jobs) as pool:
            ours = list(pool.map(leaguegen_check, [(str(p), opts.system) for p in paths]))
        took = time.perf_counter() - start
    failures = [(name, code, last) for name, code, last, _ in ours
                if code != 0 or not theirs[name]]
    black = sum(1 for *_, colour in ours if colour == "BLACK")
    print(f"{len(paths) - len(failures)}/{len(paths)} bbpPairings-generated {opts.system}"
          f" events: check-pairings and bbpPairings -c agree on every round"
          f" ({black} with Black for player 1 in round 1; {took:.0f} s)")
    for name, code, last in failures:
        print(f"  {name}: bbpPairings -c {'agrees' if theirs[name] else 'differs'};"
              f" check-pairings exit {code}: {last}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
