"""The endorsement volumes: generated events and the Dutch corpus through ``check-pairings``.

Usage: python benchmarks/endorsement.py [--events 200] [--jobs 2] [--systems dutch,burstein]
                                        [--no-corpus] [--no-generated]

1. For every registered system (or those named), with and without Baku
   acceleration: ``--events`` random events written by ``leaguegen generate`` (players
   8-80, rounds 3-11, forfeits, half-point byes and absences drawn per event, seed =
   event index) and read back by ``leaguegen check-pairings --system S``. Prints, per
   configuration, how many events agree in every round.
2. Every tournament of ``../shared/conformance/dutch`` made whole (the last round's
   file plus its ``.pairs``) through ``check-pairings --system dutch``; then the same
   for ``dutch-baku`` (virtual points as XXA lines) and ``burstein`` (``--system
   burstein``), which the issue does not ask for but cost little.

Both steps run the real commands (click's in-process runner), so what is counted is
exactly what an arbiter or FIDE's checker would see. Failures are listed.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
CORPUS = ROOT.parent / "shared" / "conformance"
CORPUS_SYSTEMS = {"dutch": "dutch", "dutch-baku": "dutch", "burstein": "burstein"}


def event_args(index: int) -> list[str]:
    """The generate options of event ``index`` (sizes and rates drawn from the index)."""
    rng = random.Random(index * 7919 + 17)
    players = rng.randint(8, 80)
    rounds = rng.randint(3, min(11, players - 1))
    rates = [0.0, 0.0, 0.02, 0.05, 0.1]
    return ["--players", str(players), "--rounds", str(rounds), "--seed", str(index),
            "--forfeits", str(rng.choice(rates)), "--half-byes", str(rng.choice(rates)),
            "--absences", str(rng.choice(rates))]


def run_generated(job: tuple[str, bool, int]) -> tuple[str, bool, int, str]:
    from click.testing import CliRunner

    from leaguegen.cli import main

    system, baku, index = job
    args = event_args(index)
    runner = CliRunner()
    with tempfile.TemporaryDirectory() as tmp:
        path = str(Path(tmp) / "event.trf")
        made = runner.invoke(main, ["generate", "--system", system, *args,
                                    *(["--baku"] if baku else []), "--out", path])
        if made.exit_code == 1:
            return system, baku, index, "skipped: no pairable event"
        if made.exit_code != 0:
            return system, baku, index, f"generate exit {made.exit_code}: {made.output[-300:]}"
        checked = runner.invoke(main, ["check-pairings", "--trf", path, "--system", system])
    if checked.exit_code != 0:
        return system, baku, index, f"{' '.join(args)}: {checked.stdout[-600:]}"
    return system, baku, index, ""


def run_corpus(job: tuple[str, str]) -> tuple[str, int, str]:
    from click.testing import CliRunner

    from leaguegen.cli import main
    from tests.cli.corpus_events import complete_event, round_files

    folder, case = job
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / f"{case}.trf"
        path.write_text(complete_event(CORPUS / folder, case), encoding="utf-8")
        result = CliRunner().invoke(main, ["check-pairings", "--trf", str(path),
                                           "--system", CORPUS_SYSTEMS[folder]])
    rounds = len(round_files(CORPUS / folder, case))
    return case, rounds, "" if result.exit_code == 0 else result.stdout[-600:]


def main(argv: list[str] | None = None) -> int:
    from leaguegen.domain.pairing import system_names

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=200)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--systems", default=",".join(system_names()))
    parser.add_argument("--no-corpus", action="store_true")
    parser.add_argument("--no-generated", action="store_true")
    args = parser.parse_args(argv)
    failed = 0
    with ProcessPoolExecutor(args.jobs) as pool:
        if not args.no_generated:
            for system in args.systems.split(","):
                for baku in (False, True):
                    start = time.perf_counter()
                    jobs = [(system, baku, i) for i in range(args.events)]
                    results = list(pool.map(run_generated, jobs, chunksize=4))
                    skipped = [r for r in results if r[3].startswith("skipped")]
                    bad = [r for r in results if r[3] and r not in skipped]
                    passed = len(results) - len(bad) - len(skipped)
                    label = f"{system}{' + baku' if baku else ''}"
                    print(f"generated {label:<16} {passed}/{len(results)} events pass"
                          f" check-pairings ({len(skipped)} not pairable,"
                          f" {time.perf_counter() - start:.0f} s)", flush=True)
                    for _, _, index, detail in bad:
                        print(f"  event {index}: {detail}")
                    failed += len(bad)
        if not args.no_corpus:
            from tests.cli.corpus_events import tournaments

            for folder, system in CORPUS_SYSTEMS.items():
                if not (CORPUS / folder).is_dir():
                    print(f"corpus {folder} not found under {CORPUS}; skipped")
                    continue
                start = time.perf_counter()
                jobs = [(folder, case) for case in tournaments(CORPUS / folder)]
                results = list(pool.map(run_corpus, jobs, chunksize=4))
                bad = [r for r in results if r[2]]
                print(f"corpus {folder:<16} {len(results) - len(bad)}/{len(results)}"
                      f" complete events ({sum(r[1] for r in results)} rounds) pass"
                      f" check-pairings --system {system}"
                      f" ({time.perf_counter() - start:.0f} s)", flush=True)
                for case, _, detail in bad:
                    print(f"  {case}: {detail}")
                failed += len(bad)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
