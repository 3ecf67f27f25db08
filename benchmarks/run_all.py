"""Every figure of issue #13's "Done when" in one run, each a whole process.

Usage: python benchmarks/run_all.py [--quick] [--only NAME ...] [--timeout 900]

Each case runs in its own process and is measured from outside (``os.wait4``): wall
time, CPU time (user + sys, steadier than wall time on a shared machine) and peak
resident memory. The load average is printed beside each case, since a busy
machine stretches wall time. Cases:

* ``dutch-r1-1000``, ``dutch-r1-5000``, ``dutch-r6-1000``, ``dutch-r6-5000``: one
  Dutch round of the perf inputs (``benchmarks/swiss_speed.py``'s cases, which print the
  engine's phases);
* ``pair-r1-1000``, ``pair-r1-5000``, ``pair-r6-1000``, ``pair-r6-5000``: the same rounds as
  an organiser runs them, ``leaguegen pair --trf FILE`` (start-up, reading the file,
  pairing, printing the boards, exit);
* ``rr-5000-refused``: ``leaguegen check`` of a season holding a 5,000-player round
  robin (must exit 2 at once);
* ``swiss-5000-check``: ``leaguegen check`` of a 5,000-player Swiss season (the
  5,000-player perf input imported, 5 rounds played);
* ``site-cold``, ``site-nochange``: ``leaguegen build --no-pdf`` of the 100-section,
  2,000-player season of ``live_rebuild.py`` with an empty cache, then again;
* ``site-clean-existing``: the same with ``--clean`` into the folder of an earlier
  build (the old site swapped out and removed);
* ``site-after-delete``: the same cold build into a folder whose site and cache were
  deleted just before (``rm -rf _site``, then build);
* ``site-reload``: ``leaguegen serve`` of that season, save -> reload event over
  ten one-result edits (median and max; the process figures are the server's), each a
  result of round 1 (every page of the section changes); ``site-reload-live``: the same
  with each edit in the latest round played (the standings after the earlier rounds
  stay as they were, and are not made again);
* ``gp-pdf-cold``, ``gp-html-cold``: the grand-prix demo with its PDFs, and without,
  empty cache;
* ``round-N-rR``: round R of a generated N-player Dutch event (issue #33: rounds 1-9 of
  999 and 1,000 players and of 5,000, rounds 1-5 of 1,999, rounds 1-4 of 4,999, rounds
  1-3 of 9,998, TRF numbering players up to 9,999; the odd fields have a bye every round),
  ``pair --trf`` of the file cut before it (``round_sweep.py``, which makes the inputs
  once into ``benchmarks/.cache``; the first run generates them, minutes at 5,000 and
  9,998 players); the note says
  whether the pairing is the generated file's. The rounds run are tabled at the end,
  CPU s and peak MiB per round.

``--quick`` (about a minute on an idle machine) skips the 5,000-player rounds, the
5,000-player Swiss check, the reload run and the round sweep past 1,000 players.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

import live_rebuild  # noqa: E402
import round_sweep  # noqa: E402

PERF = ROOT.parent / "shared" / "perf"
CLI = [sys.executable, "-m", "leaguegen.cli.entry"]
SWEEP = [(n, r) for n, rounds in round_sweep.EVENTS.items() for r in range(1, rounds + 1)]
QUICK = ("dutch-r1-1000", "dutch-r6-1000", "pair-r1-1000", "pair-r6-1000", "rr-5000-refused",
         "site-cold", "site-nochange", "site-clean-existing", "site-after-delete", "gp-pdf-cold",
         "gp-html-cold", *(f"round-{n}-r{r}" for n, r in SWEEP if n == 1000))


@dataclass
class Figures:
    wall: float
    cpu: float
    peak_mib: float
    code: int
    note: str = ""
    err: str = ""  # the last line on stderr
    sys_s: float = 0.0  # of ``cpu``, the kernel's part (file creation shows here)


def measured(cmd: list[str], timeout: float, cwd: Path | None = None) -> Figures:
    """Run ``cmd``; its wall time, CPU time and peak RSS, from the kernel's accounting."""
    # output goes to files, not pipes: a child that prints more than a pipe holds (a
    # check listing thousands of notices) would block on a pipe nobody reads yet
    out_file, err_file = tempfile.TemporaryFile(), tempfile.TemporaryFile()  # noqa: SIM115
    started = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=out_file, stderr=err_file, cwd=cwd)
    deadline = started + timeout
    while True:
        pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
        if pid:
            break
        if time.perf_counter() > deadline:
            proc.kill()
            pid, status, usage = os.wait4(proc.pid, 0)
            return Figures(time.perf_counter() - started, usage.ru_utime + usage.ru_stime,
                           usage.ru_maxrss / 1024, -9, f"timed out after {timeout:.0f} s",
                           sys_s=usage.ru_stime)
        time.sleep(0.01)
    wall = time.perf_counter() - started
    out_file.seek(0)
    err_file.seek(0)
    out = out_file.read().decode(errors="replace")
    err = err_file.read().decode(errors="replace")
    out_file.close()
    err_file.close()
    lines = (out.strip() or err.strip()).splitlines()
    err_lines = err.strip().splitlines()
    return Figures(wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024,
                   os.waitstatus_to_exitcode(status), lines[-1][:400] if lines else "",
                   err_lines[-1][:400] if err_lines else "", usage.ru_stime)


def load() -> str:
    return Path("/proc/loadavg").read_text().split()[0] if Path("/proc/loadavg").exists() else "?"


class Work:
    """The inputs, made once in a temporary folder."""

    def __init__(self) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="leaguegen-run-all-"))
        self._season: Path | None = None
        self.files: list[Path] = []
        self.sweep: list[round_sweep.RoundFigures] = []  # the ``round-*`` cases run

    @property
    def season(self) -> Path:
        if self._season is None:
            self._season = self.folder / "league"
            self.files = live_rebuild.generate(self._season, 100, 2000)
        return self._season

    def round_robin(self, n: int) -> Path:
        folder = self.folder / f"rr{n}"
        folder.mkdir(exist_ok=True)
        (folder / "season.yaml").write_text(
            "name: Big\nsections:\n  - id: big\n    name: Big\n    format: round_robin\n"
            "    players:\n" + "".join(f"      - P{i:05d}\n" for i in range(n)))
        return folder

    def swiss(self, n: int) -> Path | None:
        trf = PERF / f"dutch_n{n}_before_r6_of_11.trf"
        if not trf.exists():
            return None
        folder = self.folder / f"swiss{n}"
        if not folder.exists():
            subprocess.run([*CLI, "import", "trf", str(trf), "--out", str(folder),
                            "--section", "open"], check=True, capture_output=True)
        return folder

    def demo(self, name: str) -> Path:
        target = self.folder / name
        if not target.exists():
            shutil.copytree(ROOT / "seasons" / name, target)
        return target


def dutch(case: str) -> Callable[[Work, float], Figures]:
    def run(work: Work, timeout: float) -> Figures:
        fig = measured([sys.executable, str(ROOT / "benchmarks" / "swiss_speed.py"),
                        "--child", case, "--max-mib", "6144"], timeout)
        try:
            row = json.loads(fig.note)
        except ValueError:
            return fig
        fig.note = (f"pair {row['pair_s']} s, load {row['load_s']} s, {row['boards']} boards,"
                    f" phases {row['phases']}")[:150]
        return fig
    return run


def pair_cli(case: str) -> Callable[[Work, float], Figures]:
    """``leaguegen pair --trf`` of one perf input, the whole command."""
    n, rnd = case.split("-")[1], case.split("-")[0]
    trf = PERF / (f"dutch_n{n}_before_r1.trf" if rnd == "r1"
                  else f"dutch_n{n}_before_r6_of_11.trf")

    def run(work: Work, timeout: float) -> Figures:
        if not trf.exists():
            return Figures(0, 0, 0, -1, f"skipped: {trf} missing")
        fig = measured([*CLI, "pair", "--trf", str(trf)], timeout)
        fig.note = f"exit {fig.code} (0 expected)"
        return fig
    return run


def rr_refused(work: Work, timeout: float) -> Figures:
    fig = measured([*CLI, "check", str(work.round_robin(5000))], timeout)
    fig.note = f"exit {fig.code} (2 expected): {fig.note}"
    return fig


def swiss_check(work: Work, timeout: float) -> Figures:
    folder = work.swiss(5000)
    if folder is None:
        return Figures(0, 0, 0, -1, f"skipped: {PERF} missing")
    return measured([*CLI, "check", str(folder)], timeout)


def site(extra: tuple[str, ...], out: Path | None = None) -> Callable[[Work, float], Figures]:
    def run(work: Work, timeout: float) -> Figures:
        folder = out or work.folder / "html"
        if "--clean" not in extra:
            return measured([*CLI, "build", str(work.season), "--out", str(folder),
                             "--no-pdf", "-q", *extra], timeout)
        # the cold build through own_cpu.py: the same command, and the parent's own CPU
        # (the serial part) apart from its children's
        fig = measured([sys.executable, str(ROOT / "benchmarks" / "own_cpu.py"), "build",
                        str(work.season), "--out", str(folder), "--no-pdf",
                        "-q", *extra], timeout)
        if fig.err.startswith("own-cpu:"):
            fig.note = f"{fig.err[len('own-cpu: '):]}; {fig.note}"[:400]
        return fig
    return run


def site_clean_existing(work: Work, timeout: float) -> Figures:
    """``build --clean`` into the folder of an earlier build, as users rebuild: the old
    site is swapped out and removed by a detached process once the new one is in place
    (the note says when it was gone, counted from the command's start)."""
    out = work.folder / "html-again"
    if not out.exists():
        subprocess.run([*CLI, "build", str(work.season), "--out", str(out), "--no-pdf", "-q"],
                       check=True, capture_output=True)
    started = time.perf_counter()
    fig = site(("--clean",), out)(work, timeout)
    while list(out.parent.glob(f".{out.name}-*")):
        time.sleep(0.05)
    fig.note = f"old site gone after {time.perf_counter() - started:.2f} s; {fig.note}"[:400]
    return fig


def site_after_delete(work: Work, timeout: float) -> Figures:
    """A cold build into a folder whose earlier site and cache were deleted a moment ago,
    as an organiser does with ``rm -rf _site``, then builds again. On ext4 without a
    journal (this machine's disk) the kernel skips recently deleted inodes one by one
    when it allocates a new one in the same block group, so thousands of fresh deletions
    beside the new files make every file creation a scan (see docs/performance.md)."""
    out = work.folder / "html-deleted"
    subprocess.run([*CLI, "build", str(work.season), "--out", str(out), "--no-pdf", "-q"],
                   check=True, capture_output=True)
    shutil.rmtree(out)
    shutil.rmtree(work.folder / ".leaguegen-cache" / out.name)
    return measured([*CLI, "build", str(work.season), "--out", str(out), "--no-pdf", "-q"],
                    timeout)


def reload(last: bool) -> Callable[[Work, float], Figures]:
    def run(work: Work, timeout: float) -> Figures:
        season = work.season
        started = time.perf_counter()
        before = os.times()
        per_save: list[float] = []
        lat = live_rebuild.reload_latency(season, work.files, 10, last=last, cpu=per_save)
        after = os.times()
        cpu = (after.children_user - before.children_user
               + after.children_system - before.children_system)
        return Figures(time.perf_counter() - started, cpu, 0, 0,
                       f"save -> reload median {statistics.median(lat):.0f} ms,"
                       f" p90 {statistics.quantiles(lat, n=10)[-1]:.0f} ms,"
                       f" max {max(lat):.0f} ms; server CPU per save median"
                       f" {statistics.median(per_save):.0f} ms (cpu: the server's whole life)")
    return run


def grand_prix(pdf: bool) -> Callable[[Work, float], Figures]:
    def run(work: Work, timeout: float) -> Figures:
        out = work.folder / ("gp-pdf" if pdf else "gp-html")
        return measured([*CLI, "build", str(work.demo("grand-prix-2027")), "--out", str(out),
                         "--clean", "-q", *(() if pdf else ("--no-pdf",))], timeout)
    return run


def one_round(players: int, round_no: int) -> Callable[[Work, float], Figures]:
    """Round ``round_no`` of the generated ``players``-player event (``round_sweep.py``)."""

    def run(work: Work, timeout: float) -> Figures:
        round_sweep.cut_file(round_sweep.event_file(players), round_no)  # (before the clock)
        f = round_sweep.pair_round(players, round_no, timeout)
        work.sweep.append(f)
        note = {True: "pairing = the generated file's", False: "pairing DIFFERS from the file's",
                None: f"exit {f.code}: {f.output[-200:]}"}[f.same]
        return Figures(f.wall, f.cpu, f.peak_mib, f.code, note)
    return run


CASES: dict[str, Callable[[Work, float], Figures]] = {
    "dutch-r1-1000": dutch("r1-1000"), "dutch-r1-5000": dutch("r1-5000"),
    "dutch-r6-1000": dutch("r6-1000"), "dutch-r6-5000": dutch("r6-5000"),
    **{f"pair-{c}": pair_cli(c) for c in ("r1-1000", "r1-5000", "r6-1000", "r6-5000")},
    "rr-5000-refused": rr_refused, "swiss-5000-check": swiss_check,
    "site-cold": site(("--clean",)), "site-nochange": site(()),
    "site-clean-existing": site_clean_existing, "site-after-delete": site_after_delete,
    "site-reload": reload(False), "site-reload-live": reload(True),
    "gp-pdf-cold": grand_prix(True), "gp-html-cold": grand_prix(False),
    **{f"round-{n}-r{r}": one_round(n, r) for n, r in SWEEP},
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a subset of about a minute")
    parser.add_argument("--only", nargs="*", choices=list(CASES))
    parser.add_argument("--timeout", type=float, default=900)
    args = parser.parse_args()
    names = args.only or (QUICK if args.quick else tuple(CASES))
    work = Work()
    print(f"{'case':18} {'wall s':>8} {'cpu s':>8} {'sys s':>6} {'peak MiB':>9} {'load':>5}"
          "  note")
    try:
        for name in names:
            if name.startswith("site-") and name != "site-nochange":
                work.season  # noqa: B018 - generate before the clock starts
            at = load()
            fig = CASES[name](work, args.timeout)
            print(f"{name:18} {fig.wall:8.2f} {fig.cpu:8.2f} {fig.sys_s:6.2f} {fig.peak_mib:9.0f}"
                  f" {at:>5}"
                  f"  {fig.note}", flush=True)
    finally:
        shutil.rmtree(work.folder, ignore_errors=True)
    if work.sweep:
        print("\nEvery round (CPU s / peak MiB of pair --trf):")
        print(round_sweep.table(work.sweep))
    return 0


if __name__ == "__main__":
    sys.exit(main())
