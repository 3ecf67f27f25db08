"""Pairing time, per-phase time and peak memory for large Swiss rounds.

Usage: python benchmarks/swiss_speed.py [--quick] [--cases NAME ...] [--timeout 900]
                                        [--tracemalloc] [--max-mib 6144]

Cases (each runs in its own process):

* ``r1-1000``, ``r6-1000``, ``r1-5000``, ``r6-5000``: the perf inputs of
  ../shared/perf (``dutch_n{N}_before_r1.trf``, ``dutch_n{N}_before_r6_of_11.trf``);
  a round-1 input missing there is cut from the round-6 one (round columns removed,
  points 0);
* ``gen-100``, ``gen-500``: generated here in the same mid-event shape (5 rounds
  played by a simple top-half-v-bottom-half pairer, ~1% byes, ~2% forfeits);
* ``burstein-r1-1000``, ``burstein-r6-1000``: the 1000-player inputs with Burstein.

``--quick`` runs the four perf inputs only (about a minute). Reported per case:
``process s`` (the child's whole life, interpreter start-up included; ``cpu s`` its
CPU time, steadier on a shared machine), ``pair s`` (the ``pair_round`` call, wall;
``pair cpu`` its CPU time), the phases inside it in CPU seconds (``start``: the bye proof; ``rows``:
bracket weights; ``load``: handing them to the solver; ``solve``: the matchings;
``prune``: dropping the pairs the duals prove useless; ``cut``: removing the pairs
inside S1 and inside S2 for the split's proof; ``direct``: the closed-form
brackets; ``engine``: the decisions around them) and the process's peak resident
memory. ``--tracemalloc`` adds Python's own peak allocation
(slower).
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
PERF_CASES = ["r1-1000", "r6-1000", "r1-5000", "r6-5000"]
ALL_CASES = ["gen-100", "gen-500", *PERF_CASES, "burstein-r1-1000", "burstein-r6-1000"]


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


def cut_before_round_one(text: str) -> str:
    """A TRF of the same players before round 1: round columns removed, points 0
    (gives ../shared/perf's round-1 files byte for byte from the round-6 ones)."""
    out = []
    for line in text.splitlines():
        if line.startswith("001"):
            line = line[:80] + f"{'0.0':>4}"
        out.append(line.replace("before round 6 of 11", "before round 1 of 11"))
    return "\n".join(out) + "\n"


def _state(case: str):  # noqa: ANN202
    from leaguegen.formats import trf
    from leaguegen.formats.swiss_input import state_from_trf

    name = case.removeprefix("burstein-")
    if name.startswith("gen-"):
        return generated_state(int(name[4:])), "generated"
    rnd, n = name.split("-")
    path = PERF / (f"dutch_n{n}_before_r1.trf" if rnd == "r1"
                   else f"dutch_n{n}_before_r6_of_11.trf")
    if path.exists():
        return state_from_trf(trf.load(str(path))), path.name
    source = PERF / f"dutch_n{n}_before_r6_of_11.trf"
    doc = trf.loads(cut_before_round_one(source.read_text()))
    return state_from_trf(doc), f"{source.name} cut before round 1"


class Phases:
    """CPU time per phase of a Dutch pairing, by wrapping the engine's parts (CPU
    time: on a shared machine the wall time of a phase mostly measures the others)."""

    def __init__(self) -> None:
        self.seconds: dict[str, float] = {}
        self.counts: dict[str, int] = {}
        self.active: set[str] = set()

    def wrap(self, owner: type, attr: str, phase: str) -> None:
        inner = getattr(owner, attr)
        seconds, counts, active = self.seconds, self.counts, self.active

        def timed(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
            if phase in active:  # (a wrapped part called inside another of its phase)
                return inner(*args, **kwargs)
            active.add(phase)
            t = time.process_time()
            try:
                return inner(*args, **kwargs)
            finally:
                active.discard(phase)
                seconds[phase] = seconds.get(phase, 0.0) + time.process_time() - t
                counts[phase] = counts.get(phase, 0) + 1

        setattr(owner, attr, timed)

    def install(self) -> None:
        from leaguegen.domain.pairing.dutch import bracket_solver, engine, solvers

        self.wrap(engine.DutchEngine, "_start", "start")
        self.wrap(engine.DutchEngine, "_base_rows", "rows")
        for cls in (bracket_solver.BracketSolver, solvers.GlobalSolver):
            self.wrap(cls, "begin_bracket", "load")
            self.wrap(cls, "load_bracket", "load")
            self.wrap(cls, "solve", "solve")
            self.wrap(cls, "prune", "prune")
            self.wrap(cls, "cut_pairs", "cut")
            if hasattr(cls, "cut_parts"):  # (the split's cut, straight from positions)
                self.wrap(cls, "cut_parts", "cut")
        self.wrap(engine, "homogeneous_pairs", "direct")


def _cpu() -> float:
    use = resource.getrusage(resource.RUSAGE_SELF)
    return use.ru_utime + use.ru_stime


def child(case: str, max_mib: int, trace: bool) -> None:
    started = time.perf_counter()
    if max_mib:
        limit = max_mib * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    if trace:
        import tracemalloc

        tracemalloc.start()
    from leaguegen.domain.pairing import pair_round

    phases = Phases()
    phases.install()
    state, source = _state(case)
    system = "burstein" if case.startswith("burstein-") else "dutch"
    loaded = time.perf_counter()
    cpu0 = time.process_time()
    result = pair_round(state, system=system)
    took = time.perf_counter() - loaded
    took_cpu = time.process_time() - cpu0
    row = {
        "case": case, "source": source, "load_s": round(loaded - started, 3),
        "pair_s": round(took, 3), "boards": len(result.boards),
        "phases": {**{k: round(v, 3) for k, v in phases.seconds.items()},
                   "engine": round(took_cpu - sum(phases.seconds.values()), 3)},
        "pair_cpu_s": round(took_cpu, 3),
        "solves": phases.counts.get("solve", 0),
        "peak_mib": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
        "cpu_s": round(_cpu(), 3),
    }
    if trace:
        import tracemalloc

        row["traced_mib"] = round(tracemalloc.get_traced_memory()[1] / 2**20, 1)
    print(json.dumps(row))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="the four perf inputs only")
    parser.add_argument("--cases", nargs="*", choices=ALL_CASES)
    parser.add_argument("--timeout", type=float, default=900)
    parser.add_argument("--tracemalloc", action="store_true")
    parser.add_argument("--max-mib", type=int, default=6144,
                        help="address-space cap per run, so a huge case fails instead of "
                             "swapping (0: none)")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child, args.max_mib, args.tracemalloc)
        return 0
    cases = args.cases or (PERF_CASES if args.quick else ALL_CASES)
    print(f"{'case':18} {'process s':>9} {'cpu s':>7} {'pair s':>7} {'pair cpu':>8}"
          f" {'peak MiB':>8}  phases (CPU s)")
    for case in cases:
        cmd = [sys.executable, __file__, "--child", case, "--max-mib", str(args.max_mib)]
        if args.tracemalloc:
            cmd.append("--tracemalloc")
        start = time.perf_counter()
        try:
            out = subprocess.run(cmd, capture_output=True, text=True, timeout=args.timeout,
                                 check=True).stdout
        except subprocess.TimeoutExpired:
            print(f"{case:18} {'> ' + str(int(args.timeout)):>9}")
            continue
        except subprocess.CalledProcessError as exc:
            last = (exc.stderr.strip().splitlines() or ["?"])[-1]
            print(f"{case:18} failed: {last}")
            continue
        wall = time.perf_counter() - start
        row = json.loads(out.strip().splitlines()[-1])
        phases = " ".join(f"{k} {v}" for k, v in row["phases"].items())
        extra = f" traced {row['traced_mib']} MiB" if "traced_mib" in row else ""
        print(f"{case:18} {wall:>9.2f} {row['cpu_s']:>7} {row['pair_s']:>7}"
              f" {row['pair_cpu_s']:>8} {row['peak_mib']:>8}"
              f"  {phases}"
              f" (solves {row['solves']}){extra}  [{row['source']}]")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
