"""Pairing time and peak memory for large mid-event Swiss rounds.

Usage: python benchmarks/swiss_speed.py [--sizes 100 500 1000 5000] [--timeout 600]

Sizes 1000 and 5000 use ../shared/perf/dutch_n{N}_before_r6_of_11.trf when
present; other sizes are generated here with the same shape (5 rounds played
by a simple top-half-v-bottom-half pairer, ~1% byes, ~2% forfeits, round 6 of
11 to pair). Each size runs in its own process; we report wall time of the
pairing call and the process's peak resident memory.
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PERF = ROOT / ".." / "shared" / "perf"


def generated_state(n: int, seed: int = 1):  # noqa: ANN201
    """A mid-event state (5 of 11 rounds played) for ``n`` players."""
    from leaguegen.domain.model import Colour
    from leaguegen.domain.pairing import PastRound, SwissPlayer, SwissState

    rng = random.Random(seed)
    rounds: list[list[PastRound]] = [[] for _ in range(n)]
    score = [0] * n
    met: set[tuple[int, int]] = set()
    for _rnd in range(5):
        present = []
        for p in range(n):
            r = rng.random()
            if r < 0.005:
                rounds[p].append(PastRound(None, None, 1, False, False))
                score[p] += 1
            elif r < 0.01:
                rounds[p].append(PastRound(None, None, 0, False, False))
            else:
                present.append(p)
        present.sort(key=lambda p: (-score[p], p))
        if len(present) % 2:
            bye = present.pop()
            rounds[bye].append(PastRound(None, None, 2, False, True))
            score[bye] += 2
        half = len(present) // 2
        top, bottom = present[:half], present[half:]
        for a, b in zip(top, bottom, strict=True):
            met.add((min(a, b), max(a, b)))
            whites = sum(1 for r in rounds[a] if r.colour is Colour.WHITE)
            blacks = sum(1 for r in rounds[a] if r.colour is Colour.BLACK)
            w, bl = (a, b) if whites <= blacks else (b, a)
            res = rng.choice([(2, 0), (1, 1), (0, 2)])
            played = rng.random() > 0.02
            if not played:
                res = (2, 0) if res[0] >= res[1] else (0, 2)
            rounds[w].append(PastRound(bl + 1, Colour.WHITE, res[0], played, True))
            rounds[bl].append(PastRound(w + 1, Colour.BLACK, res[1], played, True))
            score[w] += res[0]
            score[bl] += res[1]
    players = tuple(SwissPlayer(i + 1, tuple(rounds[i])) for i in range(n))
    return SwissState(players=players, rounds_played=5, rounds_total=11)


def child(n: int, max_mib: int) -> None:
    from leaguegen.domain.pairing import pair_round

    if max_mib:
        limit = max_mib * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

    perf = PERF / f"dutch_n{n}_before_r6_of_11.trf"
    if perf.exists():
        from leaguegen.formats import trf
        from leaguegen.formats.swiss_input import state_from_trf

        state = state_from_trf(trf.load(str(perf)))
        source = perf.name
    else:
        state = generated_state(n)
        source = "generated"
    start = time.perf_counter()
    result = pair_round(state)
    took = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps({"n": n, "source": source, "seconds": round(took, 2),
                      "peak_mib": round(peak, 1), "boards": len(result.boards)}))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="*", default=[100, 500, 1000, 5000])
    parser.add_argument("--timeout", type=float, default=600)
    parser.add_argument("--max-mib", type=int, default=6144,
                        help="address-space cap per run, so a huge case fails instead of "
                             "swapping (0: none)")
    parser.add_argument("--child", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child, args.max_mib)
        return 0
    print(f"{'players':>8} {'source':32} {'pair s':>8} {'peak MiB':>9}")
    for n in args.sizes:
        try:
            out = subprocess.run(
                [sys.executable, __file__, "--child", str(n), "--max-mib", str(args.max_mib)],
                capture_output=True, text=True,
                timeout=args.timeout, check=True).stdout
            row = json.loads(out.strip().splitlines()[-1])
            print(f"{n:>8} {row['source']:32} {row['seconds']:>8} {row['peak_mib']:>9}")
        except subprocess.TimeoutExpired:
            print(f"{n:>8} {'':32} {'> ' + str(int(args.timeout)):>8} {'-':>9}")
        except subprocess.CalledProcessError as exc:
            last = (exc.stderr.strip().splitlines() or ["?"])[-1]
            print(f"{n:>8} failed: {last}")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
