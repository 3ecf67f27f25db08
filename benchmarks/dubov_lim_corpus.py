"""Pair every Dutch conformance case with Dubov and Lim and check the result is legal.

Usage: python benchmarks/dubov_lim_corpus.py [--systems dubov,lim] [--folder dutch]
       [--jobs N] [--match GLOB]

There is no reference engine for Dubov or Lim, so a case passes when the pairing
obeys the absolute rules, checked here independently of the engines:

- everyone present is paired once or receives the PAB (only when their number is
  odd), nobody meets an opponent already met over the board or a forbidden one;
- the PAB goes to a player without an earlier PAB or round won without playing;
- colour difference within +-2 and no third colour in a row (Lim: except for two
  players of the same score in the last round, its Article 6); Dubov: no two
  players with the same absolute colour preference (C3);
- "no legal pairing" is accepted only when none exists: first the corpus's own
  (Dutch) pairing is tried as a witness, then a maximum matching over the
  compatibility graph with each possible PAB.

Prints, per system: cases, legal pairings, confirmed "no pairing", failures,
errors and the time taken, then every failure.
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CONFORMANCE = ROOT / ".." / "shared" / "conformance"
sys.path.insert(0, str(ROOT))


def _colours(p):  # noqa: ANN001, ANN202 - SwissPlayer -> list of "w"/"b"
    return [r.colour.value for r in p.rounds if r.played]


def _within(cols: list[str], c: str) -> bool:
    seq = [*cols, c]
    return (abs(seq.count("w") - seq.count("b")) <= 2
            and not (len(seq) >= 3 and seq[-1] == seq[-2] == seq[-3]))


def _absolute(cols: list[str]) -> str | None:
    d = cols.count("w") - cols.count("b")
    if d > 1:
        return "b"
    if d < -1:
        return "w"
    if len(cols) >= 2 and cols[-1] == cols[-2]:
        return "b" if cols[-1] == "w" else "w"
    return None


class Rules:
    """The absolute rules of one system for one round, from the SwissState only."""

    def __init__(self, state, system: str):  # noqa: ANN001
        self.state, self.system = state, system
        self.by = {p.number: p for p in state.players}
        self.last = state.rounds_played + 1 >= state.rounds_total
        self.met = set(state.forbidden)
        for p in state.players:
            for r in p.rounds:
                if r.played and r.opponent is not None:
                    self.met.add(frozenset((p.number, r.opponent)))

    def score(self, n: int) -> int:
        p = self.by[n]
        acc = p.acceleration[self.state.rounds_played] if len(p.acceleration) > \
            self.state.rounds_played else 0
        return sum(r.points for r in p.rounds) + acc

    def may_bye(self, n: int) -> bool:
        return not any(not r.played and r.points >= self.state.win for r in self.by[n].rounds)

    def pair_ok(self, a: int, b: int) -> bool:
        if frozenset((a, b)) in self.met:
            return False
        ca, cb = _colours(self.by[a]), _colours(self.by[b])
        if self.system == "dubov":
            pa = _absolute(ca)
            return not (pa is not None and pa == _absolute(cb))
        if self.last and self.score(a) == self.score(b):
            return True
        return any(_within(ca, c) and _within(cb, "b" if c == "w" else "w") for c in "wb")

    def board_problems(self, white: int, black: int) -> list[str]:
        out = []
        if not self.pair_ok(white, black):
            out.append(f"{white}-{black} may not meet")
        cw, cb = _colours(self.by[white]), _colours(self.by[black])
        same_score_last = self.last and self.score(white) == self.score(black)
        if not (_within(cw, "w") and _within(cb, "b")) and (
                self.system == "dubov" or not same_score_last):
            out.append(f"{white}-{black} breaks the colour limits")
        return out

    def some_pairing_exists(self, present: list[int]) -> bool:
        from leaguegen.domain.pairing.matching import Matching

        def perfect(group: list[int]) -> bool:
            if len(group) % 2:
                return False
            m = Matching(len(group))
            for i, a in enumerate(group):
                for j in range(i + 1, len(group)):
                    if self.pair_ok(a, group[j]):
                        m.set_weight(i, j, 1)
            mate = m.solve()
            return all(mate[v] != v and mate[v] >= 0 for v in range(len(group)))

        if len(present) % 2 == 0:
            return perfect(present)
        return any(self.may_bye(x) and perfect([p for p in present if p != x]) for x in present)


def run_case(args: tuple[str, str]) -> tuple[str, str, str, str, float]:
    from leaguegen.domain.pairing import pair_round
    from leaguegen.errors import NoValidPairing
    from leaguegen.formats import trf
    from leaguegen.formats.swiss_input import state_from_trf

    path_text, system = args
    path = Path(path_text)
    start = time.perf_counter()
    try:
        state = state_from_trf(trf.load(str(path)))
        rules = Rules(state, system)
        present = [p.number for p in state.players if not p.absent]
        try:
            result = pair_round(state, system=system)
        except NoValidPairing:
            took = time.perf_counter() - start
            witness = _corpus_pairing(path)
            if witness is not None and _legal_witness(rules, present, *witness):
                return system, path.name, "fail", "no pairing, but the Dutch one is legal", took
            if rules.some_pairing_exists(present):
                return system, path.name, "fail", "no pairing, but a legal pairing exists", took
            return system, path.name, "none", "", took
        took = time.perf_counter() - start
        problems = []
        seen: list[int] = []
        for w, b in result.boards:
            seen += [w, b]
            problems += rules.board_problems(w, b)
        if result.bye is not None:
            seen.append(result.bye)
            if not rules.may_bye(result.bye):
                problems.append(f"{result.bye} may not have the PAB")
        if sorted(seen) != sorted(present):
            problems.append("not everyone present is paired exactly once")
        if (result.bye is not None) != (len(present) % 2 == 1):
            problems.append("a PAB without an odd number, or none with one")
        if problems:
            return system, path.name, "fail", "; ".join(problems), took
        return system, path.name, "ok", "", took
    except Exception as exc:  # noqa: BLE001 - report, keep going
        return system, path.name, "error", f"{type(exc).__name__}: {exc}", 0.0


def _corpus_pairing(path: Path) -> tuple[list[tuple[int, int]], int | None] | None:
    pairs_path = path.with_suffix(".pairs")
    if not pairs_path.exists():
        return None
    lines = [ln.split() for ln in pairs_path.read_text().splitlines()[1:] if ln.strip()]
    boards = [(int(a), int(b)) for a, b in lines if b != "0"]
    bye = next((int(a) for a, b in lines if b == "0"), None)
    return boards, bye


def _legal_witness(rules: Rules, present: list[int], boards: list[tuple[int, int]],
                   bye: int | None) -> bool:
    if bye is not None and not rules.may_bye(bye):
        return False
    return all(rules.pair_ok(w, b) for w, b in boards)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--systems", default="dubov,lim")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--match", default="*.trf")
    parser.add_argument("--folder", default="dutch",
                        help="corpus folder under ../shared/conformance (dutch, dutch-nopairing)")
    args = parser.parse_args(argv)
    corpus = CONFORMANCE / args.folder
    if not corpus.exists():
        print(f"corpus not found: {corpus}")
        return 2
    files = sorted(str(p) for p in corpus.glob(args.match))
    status = 0
    for system in args.systems.split(","):
        start = time.perf_counter()
        with ProcessPoolExecutor(args.jobs) as pool:
            results = list(pool.map(run_case, [(f, system) for f in files], chunksize=8))
        wall = time.perf_counter() - start
        counts = {k: sum(1 for r in results if r[2] == k) for k in ("ok", "none", "fail", "error")}
        slowest = max(results, key=lambda r: r[4])
        print(f"{system}: {len(results)} cases, {counts['ok']} legal pairings, "
              f"{counts['none']} confirmed no pairing, {counts['fail']} failed, "
              f"{counts['error']} errors; {wall:.0f} s wall, slowest {slowest[1]} "
              f"{slowest[4]:.1f} s")
        for r in results:
            if r[2] in ("fail", "error"):
                print(f"  {r[1]}: {r[2]}: {r[3]}")
                status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
