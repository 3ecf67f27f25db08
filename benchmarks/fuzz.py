"""Long fuzz runs of the TRF reader, ``pair --trf``, ``standings --trf`` and the season loader.

Usage: python benchmarks/fuzz.py [ITERATIONS] [--target pair|standings|loader|trf ...]
                                 [--seed N] [--save DIR] [--limit SECONDS]
                                 [--shared DIR] [--consistent]

Each iteration takes a seed input (the TRF files of ../shared/conformance and
../shared/tiebreaks with at most 60 players when present, else tests/data/fuzz/seeds;
``--shared DIR`` names that folder when it is not beside the repository, as from a
git worktree; the demo seasons in seasons/ for the loader), applies one to four
mutations (tests/fuzz/mutate.py; ``--consistent``: only edits that keep the file a
possible tournament, so that nearly every input reaches an engine) and runs it
in-process (tests/fuzz/oracle.py); ``pair`` uses
each pairing system (Dutch half of the time, Burstein, Dubov, Lim). Prints,
per target, the counts of tracebacks, invalid exit-0 outputs, internal errors
(an engine answer the CLI refused to print), slow cases, documented errors and
valid outputs, then one example of each distinct failure. ``--save DIR``
writes every failing input there, to become a regression case under
tests/data/fuzz/.
"""

from __future__ import annotations

import argparse
import random
import shutil
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.fuzz import mutate, oracle  # noqa: E402

SHARED = ROOT.parent / "shared"
SEEDS = ROOT / "tests" / "data" / "fuzz" / "seeds"
SYSTEMS = ("dutch", "dutch", "burstein", "dubov", "lim")  # Dutch, the default, twice as often
BAD = ("traceback", "unlocated", "invalid", "internal", "slow")


def trf_seeds(max_players: int = 60, shared: Path = SHARED) -> list[tuple[str, str]]:
    """(name, text) of the seed TRF files."""
    files = sorted(shared.glob("conformance/*/*.trf")) + sorted(shared.glob("tiebreaks/*.trf"))
    seeds = []
    for path in files:
        text = path.read_text(encoding="utf-8")
        if sum(line.startswith("001") for line in text.splitlines()) <= max_players:
            seeds.append((path.name, text))
    if not seeds:
        seeds = [(p.name, p.read_text(encoding="utf-8")) for p in sorted(SEEDS.glob("*.trf"))]
    return seeds


def season_seeds() -> list[Path]:
    return sorted(p for p in (ROOT / "seasons").iterdir() if (p / "season.yaml").is_file())


def run_target(target: str, iterations: int, seed: int, limit: float, save: Path | None,
               work: Path, shared: Path = SHARED, consistent: bool = False
               ) -> tuple[Counter, dict[str, tuple[str, str]], float]:
    rnd = random.Random(seed)
    counts: Counter = Counter()
    examples: dict[str, tuple[str, str]] = {}
    trfs = trf_seeds(shared=shared) if target != "loader" else []
    if trfs:
        print(f"{target}: {len(trfs)} seed files", flush=True)
    seasons = season_seeds() if target == "loader" else []
    started = time.perf_counter()
    for i in range(iterations):
        if target == "loader":
            source = rnd.choice(seasons)
            folder = work / f"season-{i % 2}"
            shutil.rmtree(folder, ignore_errors=True)
            shutil.copytree(source, folder)
            path = folder / "season.yaml"
            news = sorted((folder / "news").glob("*.md")) if (folder / "news").is_dir() else []
            if news and rnd.random() < 0.15:
                path = rnd.choice(news)
            text = mutate.mutate_yaml(path.read_text(encoding="utf-8"), rnd)
            path.write_bytes(mutate.encode(text))
            outcome = oracle.run_loader(folder, limit)
            name = f"{source.name}/{path.relative_to(folder)}"
        else:
            name, original = rnd.choice(trfs)
            text = (mutate.mutate_trf_consistent if consistent else mutate.mutate_trf)(
                original, rnd)
            if target == "pair":
                system = rnd.choice(SYSTEMS)
                outcome = oracle.run_pair(text, work, limit, system)
                name = f"{name} ({system})"
            elif target == "standings":
                outcome = oracle.run_standings(text, work, rnd.randrange(1000), limit)
            else:
                outcome = _read_trf(text)
        counts[outcome.kind] += 1
        if outcome.kind in BAD:
            sig = f"{outcome.kind}: {oracle.first_line(outcome.detail)}"
            if sig not in examples:
                examples[sig] = (name, outcome.detail)
                if save is not None:
                    _save(save, target, len(examples), name, text)
    return counts, examples, time.perf_counter() - started


def _save(save: Path, target: str, n: int, name: str, text: str) -> None:
    """A failing input as a regression case: a TRF file, or for the loader a folder
    ``NNN-<demo season>/`` holding the mutated file at its place in the season."""
    if target == "loader":
        season, rel = name.split("/", 1)
        out = save / "loader" / f"{n:03d}-{season}" / rel
    else:
        out = save / target / f"{n:03d}-{name}"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(mutate.encode(text))


def _read_trf(text: str) -> oracle.Outcome:
    from leaguegen.errors import InputError
    from leaguegen.formats import trf

    try:
        trf.loads(mutate.encode(text).decode("utf-8", "replace"))
    except InputError:
        return oracle.Outcome("error")
    except Exception as exc:  # noqa: BLE001
        return oracle.Outcome("traceback", repr(exc))
    return oracle.Outcome("valid")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("iterations", nargs="?", type=int, default=1000)
    parser.add_argument("--target", action="append",
                        choices=["trf", "pair", "standings", "loader"])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--limit", type=float, default=20.0,
                        help="seconds one input may take before it counts as slow")
    parser.add_argument("--save", type=Path, help="write failing inputs to this folder")
    parser.add_argument("--shared", type=Path, default=SHARED,
                        help="the shared reference folder (conformance/, tiebreaks/)")
    parser.add_argument("--consistent", action="store_true",
                        help="TRF targets: only edits that keep the file a possible"
                             " tournament, so nearly every input reaches the engine")
    args = parser.parse_args()
    targets = args.target or ["trf", "pair", "standings", "loader"]
    with tempfile.TemporaryDirectory() as tmp:
        for target in targets:
            counts, examples, seconds = run_target(target, args.iterations, args.seed,
                                                   args.limit, args.save, Path(tmp),
                                                   args.shared, args.consistent)
            line = "  ".join(f"{k} {counts.get(k, 0)}" for k in oracle.OUTCOMES)
            print(f"{target:10s} {args.iterations} iterations in {seconds:.0f} s: {line}",
                  flush=True)
            for sig, (name, detail) in sorted(examples.items()):
                print(f"  {sig}\n    from {name}\n    "
                      + "\n    ".join(detail.strip().splitlines()[-4:]), flush=True)


if __name__ == "__main__":
    main()
