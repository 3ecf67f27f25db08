"""``serve`` on a club's archive: what a save costs in a folder of 20 seasons (issue #29).

Makes the folder ``benchmarks/archive.py`` makes (20 seasons x 200 players, a grand prix
in club.yaml), starts a ``LiveSeasons`` on it (what ``leaguegen serve`` runs for a folder
of seasons) and builds it once, then times saves: one result turned round in the newest
season, then in the oldest, SAVES times each, and a save with nothing changed. Each
figure is the save's build (what happens before the browser is told to reload), wall
and CPU seconds of this process, then its background jobs (the club's pages, then the
edited season's standings after each earlier round and the feeds left for later), run
after it as serve runs them, timed apart. With
``--served``, also the whole way as ``run_all.py``'s ``site-reload`` times one season: a
``leaguegen serve`` process on the folder, a result turned round in a file, and the ms
until the reload event (the watcher, its quiet wait and the build), with the server's
CPU per save. Figures: docs/performance.md.

Usage: python benchmarks/archive_serve.py [--seasons 20] [--saves 3] [--served]
"""

from __future__ import annotations

import argparse
import gc
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.archive import edit_one_result, generate  # noqa: E402
from benchmarks.live_rebuild import reload_latency  # noqa: E402
from leaguegen.site.live_seasons import LiveSeasons  # noqa: E402


def save(live: LiveSeasons) -> tuple[float, float, float, float]:
    """One save: its build's wall and CPU seconds, then its background jobs'."""
    wall, cpu = time.perf_counter(), time.process_time()
    files, errors = live.build()
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    if errors or files is None:
        raise SystemExit("\n".join(errors))
    later, later_cpu = time.perf_counter(), time.process_time()
    for job in live.background(files):
        files.update(job())
    return wall, cpu, time.perf_counter() - later, time.process_time() - later_cpu


def line(label: str, timed: tuple[float, float, float, float]) -> str:
    wall, cpu, later, later_cpu = timed
    return (f"{label:>28}: {wall:6.3f} s wall {cpu:6.3f} s CPU;"
            f" then in the background {later:6.3f} s wall {later_cpu:6.3f} s CPU")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seasons", type=int, default=20)
    parser.add_argument("--saves", type=int, default=3)
    parser.add_argument("--served", action="store_true",
                        help="also time save -> reload through a `leaguegen serve` process")
    args = parser.parse_args()
    base = Path(tempfile.mkdtemp(prefix="leaguegen-archive-serve-"))
    try:
        files = generate(base / "club", args.seasons)
        print(f"{args.seasons} seasons; load {os.getloadavg()[0]:.1f}")
        live = LiveSeasons(base / "club", pdf=False)
        print(line("first build", save(live)))
        gc.freeze()  # as serve does after its first build
        for label, season in (("a save, newest season", files[-1]),
                              ("a save, oldest season", files[0])):
            for _ in range(args.saves):
                edit_one_result(season)
                print(line(label, save(live)))
        print(line("a save, nothing changed", save(live)))
        print(f"load {os.getloadavg()[0]:.1f}")
        if args.served:  # the whole way, as run_all's site-reload: a `serve` process
            for label, season in (("served, newest season", files[-1]),
                                  ("served, oldest season", files[0])):
                cpu: list[float] = []
                ms = reload_latency(base / "club", [season], args.saves, cpu=cpu,
                                    edit=edit_one_result)
                print(f"{label:>28}: save -> reload median {statistics.median(ms):.0f} ms,"
                      f" max {max(ms):.0f} ms; server CPU per save median"
                      f" {statistics.median(cpu):.0f} ms")
            print(f"load {os.getloadavg()[0]:.1f}")
    finally:
        shutil.rmtree(base, ignore_errors=True)


if __name__ == "__main__":
    main()
