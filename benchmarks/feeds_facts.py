"""CPU of the open data and the section facts of a season, in one process.

``python benchmarks/feeds_facts.py [SEASON_DIR] [--repeat N]`` loads the season (by default
the 100-section, 2,000-player season of ``live_rebuild.py``, generated into a temporary
folder), then times, best of N (each run derives afresh: no module-level memo is left
since the facts are passed down): the facts of every section and the season (crosstable,
standings and tie-breaks, schedules: ``season_facts``), every section's feeds
(``feeds.section_files``: section.json, the section and player calendars, the TRF, the
section's parts of the season's files) and the season's (``feeds.season_files``, from
those parts). Prints CPU seconds (``time.process_time``) and the load.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("season", nargs="?", type=Path)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    from leaguegen.domain.season_facts import season_facts
    from leaguegen.formats.season_yaml import load_season
    from leaguegen.site import feeds

    with tempfile.TemporaryDirectory() as tmp:
        folder = args.season
        if folder is None:
            import live_rebuild

            folder = Path(tmp) / "season"
            live_rebuild.generate(folder, 100, 2000)
        season = load_season(folder)
    clock = time.process_time
    best: dict[str, float] = {}
    for _ in range(args.repeat):
        took = {}
        start = clock()
        facts = season_facts(season)
        took["facts"] = clock() - start
        start = clock()
        parts = [feeds.section_files(facts, section)[1] for section in season.sections]
        took["section feeds"] = clock() - start
        start = clock()
        feeds.season_files(facts, parts)
        took["season feeds"] = clock() - start
        for name, seconds in took.items():
            best[name] = min(best.get(name, float("inf")), seconds)
    load = os.getloadavg()[0]
    for name, seconds in best.items():
        print(f"{name:14} {seconds:6.3f} s CPU")
    print(f"{'total':14} {sum(best.values()):6.3f} s CPU (best of {args.repeat}, load {load:.1f})")


if __name__ == "__main__":
    main()
