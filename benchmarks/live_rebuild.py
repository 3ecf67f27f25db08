"""Build and live-rebuild figures on a large generated season.

Generates a season of SECTIONS round-robin sections (one YAML file each, as a
large league would keep them) with PLAYERS players in all, about two thirds
of the rounds played, then prints:

- full build time, HTML only and with PDFs (cold cache), and peak memory;
- a second build with nothing changed (must render nothing);
- with `leaguegen serve` running: the time from saving a one-result change
  to the reload event, over several edits (the server runs the one build with the
  edited section as the dirty set before the event), and from the save to the
  edited section's page served (what the organiser waits for after the reload).

Usage: python benchmarks/live_rebuild.py [--sections 100] [--players 2000] [--no-pdf]
"""

from __future__ import annotations

import argparse
import random
import resource
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from leaguegen.domain.schedule import berger  # noqa: E402

FIRST = ["Ada", "Ben", "Cleo", "Dev", "Eva", "Finn", "Gia", "Hugo", "Ines", "Jon", "Kai", "Lea",
         "Max", "Nia", "Otto", "Pia", "Quin", "Rosa", "Sam", "Tara", "Uma", "Vik", "Wen", "Yara"]
LAST = ["Archer", "Bauer", "Costa", "Dubois", "Eriksen", "Fischer", "Garcia", "Hansen", "Ivanov",
        "Jensen", "Kowal", "Larsen", "Moreau", "Novak", "Olsen", "Petrov", "Quist", "Rossi",
        "Schmidt", "Tanaka", "Ueda", "Vogel", "Weber", "Young", "Zhou"]


def generate(folder: Path, sections: int, players: int, seed: int = 1) -> list[Path]:
    rng = random.Random(seed)
    (folder / "sections").mkdir(parents=True)
    per = players // sections
    files = []
    names_used: set[str] = set()
    lines = ["name: Benchmark League", "sections:"]
    for s in range(sections):
        n = per + (1 if s < players % sections else 0)
        roster = []
        while len(roster) < n:
            name = f"{rng.choice(FIRST)} {rng.choice(LAST)} {len(names_used)}"
            names_used.add(name)
            roster.append((name, rng.randint(1200, 2300)))
        rounds = berger.single_round_robin(n)
        played = (len(rounds) * 2) // 3
        body = [f"id: s{s:03d}", f"name: Division {s + 1}", "format: round_robin", "players:"]
        body += [f"  - {{name: {name}, rating: {rating}}}" for name, rating in roster]
        body.append("rounds:")
        for r, boards in enumerate(rounds, start=1):
            body.append(f"  - date: 2026-{1 + r // 4:02d}-{1 + (r * 7) % 28:02d}")
            if r > played:
                continue
            body.append("    results:")
            for p in boards:
                if p.black is None:
                    continue
                result = rng.choice(["1-0", "0-1", "½-½"])
                white, black = roster[p.white - 1][0], roster[p.black - 1][0]
                body.append(f"      - {white} - {black}: {result}")
        path = folder / "sections" / f"s{s:03d}.yaml"
        path.write_text("\n".join(body) + "\n", encoding="utf-8")
        files.append(path)
        lines.append(f"  - sections/s{s:03d}.yaml")
    (folder / "season.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return files


def timed_build(season: Path, out: Path, *extra: str) -> tuple[float, float, str]:
    """Wall seconds, peak RSS (MiB) of the child, and the CLI's summary line."""
    started = time.perf_counter()
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    proc = subprocess.run([sys.executable, "-m", "leaguegen.cli.entry", "build", str(season),
                           "--out", str(out), *extra], capture_output=True, text=True, check=True)
    wall = time.perf_counter() - started
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return wall, max(peak, before) / 1024, proc.stdout.strip()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def flip(text: str, last: bool = False) -> str:
    """The first decisive result of a section's file reversed (round 1's), or with ``last``
    the last one (the latest round played: the pages of the standings after the earlier
    rounds stay as they were)."""
    find = str.rfind if last else str.find
    found = [i for i in (find(text, ": 1-0"), find(text, ": 0-1")) if i >= 0]
    i = max(found) if last else min(found)
    return text[:i] + (": 0-1" if text[i:i + 5] == ": 1-0" else ": 1-0") + text[i + 5:]


def server_cpu(pid: int) -> float:
    """The CPU seconds process ``pid``'s live threads have run so far (Linux: each
    thread's schedstat, in nanoseconds; the process's ticks are 10 ms coarse)."""
    total = 0
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            total += int((task / "schedstat").read_text().split()[0])
        except (OSError, ValueError, IndexError):  # a thread ended meanwhile
            continue
    return total / 1e9


def reload_latency(season: Path, files: list[Path], edits: int,
                   pages: list[float] | None = None, last: bool = False,
                   cpu: list[float] | None = None,
                   edit: Callable[[Path], None] | None = None) -> list[float]:
    """Save -> reload event (ms) per edit; ``pages`` gets save -> the edited section's
    page (the browser's reload) per edit; ``last``: each edit is in the latest round
    played (``flip``), not round 1; ``cpu`` gets the server's CPU ms from the save to the
    reload event per edit (steadier than wall time on a shared machine; the background
    work that starts once the reload is sent may add a little). ``edit`` (a club's
    folder of seasons, ``archive_serve.py``): how a file is edited, and the edited season's
    index is the page fetched."""
    port = free_port()
    log = open(season.parent / "serve.log", "w")  # noqa: SIM115
    proc = subprocess.Popen([sys.executable, "-m", "leaguegen.cli.entry", "serve", str(season),
                             "--port", str(port), "--no-pdf"], stderr=log)
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/__leaguegen/status", timeout=5)
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)
        sock = socket.create_connection(("127.0.0.1", port), timeout=30)
        sock.sendall(b"GET /__leaguegen/events HTTP/1.1\r\nHost: x\r\n\r\n")
        stream = sock.makefile("rb", buffering=0)
        while b"event: hello" not in stream.readline():
            pass
        latencies = []
        rng = random.Random(5)
        for _ in range(edits):
            path = rng.choice(files)
            new = flip(path.read_text(encoding="utf-8"), last) if edit is None else ""
            time.sleep(0.3)
            used = server_cpu(proc.pid)
            started = time.perf_counter()
            if edit is None:
                path.write_text(new, encoding="utf-8")
            else:
                edit(path)
            while b"event: reload" not in stream.readline():
                pass
            latencies.append((time.perf_counter() - started) * 1000)
            if cpu is not None:
                cpu.append((server_cpu(proc.pid) - used) * 1000)
            page = path.stem if edit is None else path.parent.name
            urllib.request.urlopen(f"http://127.0.0.1:{port}/{page}/index.html",
                                   timeout=30).read()
            if pages is not None:
                pages.append((time.perf_counter() - started) * 1000)
        return latencies
    finally:
        proc.terminate()
        proc.wait(timeout=10)
        log.close()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sections", type=int, default=100)
    parser.add_argument("--players", type=int, default=2000)
    parser.add_argument("--edits", type=int, default=10)
    parser.add_argument("--no-pdf", action="store_true")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="leaguegen-bench-"))
    try:
        season = work / "season"
        files = generate(season, args.sections, args.players)
        print(f"season: {args.sections} sections, {args.players} players ({work})")
        wall, peak, line = timed_build(season, work / "html", "--no-pdf", "--clean")
        print(f"full build, HTML only:     {wall:6.2f} s  peak {peak:6.0f} MiB  | {line}")
        wall, _, line = timed_build(season, work / "html", "--no-pdf")
        print(f"rebuild, nothing changed:  {wall:6.2f} s                   | {line}")
        if not args.no_pdf:
            wall, peak, line = timed_build(season, work / "pdf", "--clean")
            print(f"full build, with PDFs:     {wall:6.2f} s  peak {peak:6.0f} MiB  | {line}")
        pages: list[float] = []
        lat = reload_latency(season, files, args.edits, pages)
        print(f"save -> reload event ({len(lat)} edits): median {statistics.median(lat):.0f} ms,"
              f" max {max(lat):.0f} ms")
        print(f"save -> edited section's page served: median {statistics.median(pages):.0f} ms,"
              f" max {max(pages):.0f} ms")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
