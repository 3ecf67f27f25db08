"""Every round of a generated Dutch event, each paired by ``pair --trf`` in its own process.

Usage: python benchmarks/round_sweep.py [--sizes 1000 5000 10000] [--rounds 1 2 ...]
                                        [--timeout 900] [--save FILE] [--compare FILE]

Issue #33: the cost of a round must not depend on which round it is. The speed of the
Dutch engine was first tuned on the perf inputs' rounds 1 and 6; round 2 (the round after
everyone's first result: three score groups of about a third of the field each, almost no
colour history) was 400 times round 1 at 5,000 players. This sweep pairs every round.

The inputs: ``leaguegen generate --system dutch`` with a fixed seed (``EVENTS``: 1,000 and
5,000 players over 9 rounds, 9,998 over 3: TRF numbers players up to 9,999), made once
into ``CACHE`` (out of git;
delete it to make them again), and the finished file cut before each round
(``formats.trf_rounds.cut_before``: the rounds before it, the players known to be out of
it, ``XXR`` and the initial colour kept; the points column recomputed). Each cut file is
paired by ``python -m leaguegen.cli.entry pair --trf FILE``, measured from outside
(``os.wait4``): CPU time (user + sys) and peak resident memory of the whole command.

Each round's pairing is compared with the generated file's own round, which the code
that generated the file paired from the same input: ``same`` in the table means the
pairing is unchanged since the inputs were made. ``--save``/``--compare`` keep and
check the printed pairings themselves (JSON, by size and round).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, replace
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CACHE = ROOT / "benchmarks" / ".cache" / "round-sweep"
CLI = [sys.executable, "-m", "leaguegen.cli.entry"]
SEED = 11
# players -> rounds. "10,000 players" is 9,998: TRF's four-column opponent field ends at
# 9,999, and an even field keeps the shape of the others (no bye).
# The odd fields (a bye every round: the last brackets are paired with the bye in them)
# are one player short of the even ones.
EVENTS: dict[int, int] = {999: 9, 1000: 9, 1999: 5, 4999: 4, 5000: 9, 9998: 3}


@dataclass
class RoundFigures:
    players: int
    round: int
    cpu: float
    peak_mib: float
    wall: float
    code: int
    same: bool | None  # the pairing equals the file's round (None: not compared)
    output: str


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + (os.pathsep + env["PYTHONPATH"]
                                     if env.get("PYTHONPATH") else "")
    return env


def event_file(players: int, seed: int = SEED) -> Path:
    """The finished event of ``players`` players (``EVENTS`` rounds), generated once."""
    rounds = EVENTS[players]
    path = CACHE / f"dutch_n{players}_r{rounds}_s{seed}.trf"
    if not path.exists():
        CACHE.mkdir(parents=True, exist_ok=True)
        (CACHE.parent / ".gitignore").write_text("*\n")
        tmp = path.with_suffix(".part")
        subprocess.run([*CLI, "generate", "--system", "dutch", "--players", str(players),
                        "--rounds", str(rounds), "--seed", str(seed), "--out", str(tmp)],
                       check=True, env=_env(), cwd=ROOT)
        tmp.replace(path)
    return path


def cut_file(event: Path, round_no: int) -> Path:
    """The event as it stood before ``round_no`` was paired, written beside it once."""
    from leaguegen.domain.model import STANDARD_SCORING
    from leaguegen.formats import trf
    from leaguegen.formats.trf_rounds import cut_before

    out = event.with_name(f"{event.stem}_before_r{round_no}.trf")
    if out.exists():
        return out
    cut = cut_before(trf.load(str(event)), round_no)
    unit = STANDARD_SCORING.unit
    players = []
    for p in cut.players:
        units = sum(STANDARD_SCORING.points(e.code) for e in p.rounds[: round_no - 1]
                    if e is not None)
        players.append(replace(p, points=Fraction(units * unit), rank=None))
    text = trf.dumps(replace(cut, players=players))
    tmp = out.with_suffix(".part")
    tmp.write_text(text)
    tmp.replace(out)
    return out


def file_boards(event: Path, round_no: int) -> str:
    """The event's round ``round_no`` in ``pair``'s output format."""
    from leaguegen.formats import trf
    from leaguegen.formats.trf_rounds import file_round

    pairing = file_round(trf.load(str(event)), round_no)
    lines = [f"{w} {b}" for w, b in pairing.boards]
    if pairing.bye is not None:
        lines.append(f"{pairing.bye} 0")
    return "\n".join([str(len(lines)), *lines])


def _canonical(output: str) -> list[str]:
    lines = output.strip().splitlines()
    return lines[:1] + sorted(lines[1:])


def pair_round(players: int, round_no: int, timeout: float) -> RoundFigures:
    """``pair --trf`` of the cut before ``round_no``: CPU s, peak MiB, its pairing."""
    event = event_file(players)
    trf_path = cut_file(event, round_no)
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        proc = subprocess.Popen([*CLI, "pair", "--trf", str(trf_path)], stdout=out,
                                stderr=err, env=_env(), cwd=ROOT)
        started = time.monotonic()
        deadline = started + timeout
        while True:
            pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
            if pid:
                break
            if time.monotonic() > deadline:
                proc.kill()
                pid, status, usage = os.wait4(proc.pid, 0)
                break
            time.sleep(0.01)
        out.seek(0)
        text = out.read().decode()
        err.seek(0)
        problem = err.read().decode().strip()
    code = os.waitstatus_to_exitcode(status)
    wall = time.monotonic() - started
    same = _canonical(text) == _canonical(file_boards(event, round_no)) if code == 0 else None
    return RoundFigures(players, round_no, usage.ru_utime + usage.ru_stime,
                        usage.ru_maxrss / 1024, wall, code, same, text if code == 0 else problem)


def table(rows: list[RoundFigures]) -> str:
    """Rounds across, sizes down: ``CPU s / MiB`` per round."""
    sizes = sorted({r.players for r in rows})
    rounds = sorted({r.round for r in rows})
    by = {(r.players, r.round): r for r in rows}
    head = f"{'players':>8} | " + " | ".join(f"{'round ' + str(r):>15}" for r in rounds)
    lines = [head, "-" * len(head)]
    for n in sizes:
        cells = []
        for r in rounds:
            f = by.get((n, r))
            if f is None:
                cells.append(f"{'':>15}")
            elif f.code:
                cells.append(f"{'exit ' + str(f.code):>15}")
            else:
                cells.append(f"{f.cpu:6.2f} s/{f.peak_mib:5.0f} M")
        lines.append(f"{n:>8} | " + " | ".join(cells))
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", nargs="*", type=int, default=list(EVENTS),
                        choices=list(EVENTS))
    parser.add_argument("--rounds", nargs="*", type=int)
    parser.add_argument("--timeout", type=float, default=900)
    parser.add_argument("--save", type=Path, help="write the pairings here (JSON)")
    parser.add_argument("--compare", type=Path, help="check the pairings against this JSON")
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    rows: list[RoundFigures] = []
    print(f"{'players':>8} {'round':>5} {'cpu s':>8} {'peak MiB':>9} {'exit':>4}  pairing",
          flush=True)
    for n in args.sizes:
        for r in args.rounds or range(1, EVENTS[n] + 1):
            if r > EVENTS[n]:
                continue
            f = pair_round(n, r, args.timeout)
            rows.append(f)
            word = {True: "same as the file's round", False: "DIFFERS from the file's round",
                    None: f.output.splitlines()[-1][:100] if f.output else ""}[f.same]
            print(f"{n:>8} {r:>5} {f.cpu:8.2f} {f.peak_mib:9.0f} {f.code:>4}  {word}", flush=True)
    print()
    print(table(rows))
    pairings = {f"{f.players}-{f.round}": _canonical(f.output) for f in rows if f.code == 0}
    if args.save:
        args.save.write_text(json.dumps(pairings, indent=0))
    failed = any(f.code or f.same is False for f in rows)
    if args.compare:
        saved = json.loads(args.compare.read_text())
        diff = [k for k in pairings if k in saved and saved[k] != pairings[k]]
        print(f"compared with {args.compare}: {len(pairings) - len(diff)} of {len(pairings)}"
              f" rounds identical{'; differ: ' + ', '.join(diff) if diff else ''}")
        failed |= bool(diff)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
