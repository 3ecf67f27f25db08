"""A club's archive: a folder of 20 seasons x 200 players built as one site (issue #29).

Generates SEASONS season folders of 10 finished round robins of 20 players each, drawn
from one pool of members who recur from season to season (a ``club_id`` each, so the
club pages join their careers), and a ``club.yaml`` grand prix over every season's top
division. Then, each a whole process (``leaguegen build FOLDER --no-pdf``), prints:

- the cold build (empty cache): every season, the club index, each member's career page,
  the club rating list and the series;
- the build again with nothing changed;
- the build after one result of the oldest season is changed (what a correction in an
  old season costs: that season's section, and the club pages whose context it changes);
- the build after one result of the newest season is changed (the common case: a round
  entered in the season being played).

The build with nothing changed is answered from the folder's stamp (``site/stamp.py``)
without loading a season; after an edit only the edited season is loaded, derived and
built (each other season stands for itself by its share, ``site/season_share.py``, kept
in the cache by its inputs), the club pages whose inputs did not change come from the
cache, and the files the last build wrote and nobody changed are linked from the site on
disk (``site/write.Manifest``). ``benchmarks/archive_serve.py`` times ``serve``'s saves on
the same folder. Figures: docs/performance.md.

Usage: python benchmarks/archive.py [--seasons 20] [--keep DIR]
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from leaguegen.domain.schedule import berger  # noqa: E402

CLI = [sys.executable, "-m", "leaguegen.cli.entry"]
FIRST = ["Ada", "Ben", "Cleo", "Dev", "Eva", "Finn", "Gia", "Hugo", "Ines", "Jon", "Kai", "Lea",
         "Max", "Nia", "Otto", "Pia", "Quin", "Rosa", "Sam", "Tara"]
LAST = ["Archer", "Bauer", "Costa", "Dubois", "Eriksen", "Fischer", "Garcia", "Hansen", "Ivanov",
        "Jensen", "Kowal", "Larsen", "Moreau", "Novak", "Olsen", "Petrov", "Quist", "Rossi",
        "Schmidt", "Tanaka"]
SECTIONS, PER = 10, 20


def generate(folder: Path, seasons: int = 20, seed: int = 7) -> list[Path]:
    """The folder of seasons; returns each season's file (oldest first)."""
    rng = random.Random(seed)
    pool = [(f"{FIRST[i % 20]} {LAST[i // 20]}", f"M{i:03d}", rng.randint(1300, 2300))
            for i in range(400)]
    files = []
    for y in range(seasons):
        year = 2007 + y
        members = sorted(rng.sample(pool, SECTIONS * PER), key=lambda m: -m[2])
        lines = [f"name: Club League {year}/{(year + 1) % 100:02d}", "sections:"]
        for s in range(SECTIONS):
            roster = members[s * PER:(s + 1) * PER]
            lines += [f"  - id: d{s + 1}", f"    name: Division {s + 1}",
                      "    format: round_robin", "    players:"]
            lines += [f"      - {{name: {n}, club_id: {c}, rating: {r}}}" for n, c, r in roster]
            lines.append("    rounds:")
            for r, boards in enumerate(berger.single_round_robin(PER), start=1):
                day = dt.date(year, 9, 1) + dt.timedelta(weeks=r)  # a round a week
                lines += [f"      - date: {day.isoformat()}",
                          "        results:"]
                for p in boards:
                    white, black = roster[p.white - 1][0], roster[p.black - 1][0]
                    lines.append(f"          - {white} - {black}: "
                                 f"{rng.choice(['1-0', '0-1', '½-½'])}")
        path = folder / f"league-{year}" / "season.yaml"
        path.parent.mkdir(parents=True)
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        files.append(path)
    events = "".join(f"      - league-{2007 + y}/d1\n" for y in range(seasons))
    (folder / "club.yaml").write_text(
        "series:\n  - id: champions\n    name: Champions' Grand Prix\n    events:\n"
        f"{events}    points: [25, 18, 15, 12, 10, 8, 6, 4, 2, 1]\n"
        f"    best: {max(1, seasons // 2)}\n    minimum: 2\n    tiebreaks: [played, best]\n",
        encoding="utf-8")
    return files


def edit_one_result(season_file: Path) -> None:
    """The first decisive result of the season turned round, as a correction is."""
    text = season_file.read_text(encoding="utf-8")
    m = re.search(r": (1-0|0-1)\n", text)
    assert m is not None
    flipped = {"1-0": "0-1", "0-1": "1-0"}[m.group(1)]
    season_file.write_text(text[:m.start()] + f": {flipped}\n" + text[m.end():],
                           encoding="utf-8")


def build(folder: Path, out: Path) -> tuple[float, float, float, str]:
    """One ``build`` process: wall s, CPU s, peak MiB, its summary line."""
    started = time.perf_counter()
    proc = subprocess.Popen([*CLI, "build", str(folder), "--out", str(out), "--no-pdf"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - started
    out_text = proc.stdout.read() if proc.stdout else ""
    err = proc.stderr.read() if proc.stderr else ""
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"build failed: {err[-400:]}")
    summary = next((line for line in reversed(out_text.splitlines())
                    if line.startswith("Built")), "")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, summary


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seasons", type=int, default=20)
    parser.add_argument("--keep", type=Path, help="make the folder here and keep it")
    args = parser.parse_args()
    base = args.keep or Path(tempfile.mkdtemp(prefix="leaguegen-archive-"))
    folder, out = base / "club", base / "site"
    for old in (folder, out, base / ".leaguegen-cache"):  # the cold build: no cache either
        if old.exists():
            shutil.rmtree(old)
    files = generate(folder, args.seasons)
    print(f"{args.seasons} seasons x {SECTIONS * PER} players ({SECTIONS} round robins of "
          f"{PER}), {args.seasons * SECTIONS * PER * (PER - 1) // 2:,} games; load "
          f"{os.getloadavg()[0]:.1f}")
    for label in ("cold", "nothing changed", "one result in the oldest season",
                  "one result in the newest season"):
        if label.startswith("one"):
            edit_one_result(files[0] if "oldest" in label else files[-1])
        wall, cpu, peak, summary = build(folder, out)
        print(f"{label:>32}: {wall:6.2f} s wall {cpu:6.2f} s CPU {peak:5.0f} MiB  {summary}")
    if args.keep is None:
        shutil.rmtree(base, ignore_errors=True)


if __name__ == "__main__":
    main()
