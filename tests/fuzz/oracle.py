"""Run one fuzz input through a target and say what happened.

Outcomes: ``valid`` (exit 0 and the output checks out), ``error`` (a documented
error: exit 2 naming the file, with line and column where there is one, or exit 1
for a request that cannot be met), ``internal`` (exit 1 because the CLI caught
an engine answer that is not a pairing: handled, but a bug to look at),
``invalid`` (exit 0 with an output that is not valid), ``traceback`` (any other
exception), ``unlocated`` (an error exit whose message does not name the file,
or an exit code that is not documented) and ``slow`` (over the time limit). The
checks of an output are written here from the TRF text itself, independently of the
CLI's own checks.
"""

from __future__ import annotations

import json
import re
import signal
import traceback
from collections.abc import Callable
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from click.testing import CliRunner

OUTCOMES = ("traceback", "unlocated", "invalid", "internal", "slow", "error", "valid")
PLAYED = set("10=WLD")


@dataclass(frozen=True)
class Outcome:
    kind: str
    detail: str = ""


class _Slow(Exception):
    pass


@contextmanager
def time_limit(seconds: float):
    """Raise _Slow after ``seconds`` (main thread, POSIX); no limit elsewhere."""
    if seconds <= 0 or not hasattr(signal, "setitimer"):
        yield
        return

    def alarm(*_a: object) -> None:
        raise _Slow

    try:
        old = signal.signal(signal.SIGALRM, alarm)
    except ValueError:  # not the main thread
        yield
        return
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def _invoke(args: list[str], limit: float) -> tuple[int | None, str, str, BaseException | None]:
    from leaguegen.cli import main

    runner = CliRunner()
    try:
        with time_limit(limit):
            result = runner.invoke(main, args)
    except _Slow:
        return None, "", "", None
    exc = result.exception
    if isinstance(exc, _Slow):
        return None, "", "", None
    if exc is not None and not isinstance(exc, SystemExit):
        detail = "".join(traceback.format_exception(*result.exc_info)[-3:])
        return result.exit_code, result.stdout, detail, exc
    return result.exit_code, result.stdout, result.stderr, None


def _located(path: str, stderr: str) -> bool:
    """Every line of a refusal names the file (file:line:col, or file: when it has no line)."""
    lines = [line for line in stderr.splitlines() if line.strip()]
    return bool(lines) and all(path in line for line in lines)


# ------------------------------------------------------------------ pair --trf


def _doc(text: str):  # noqa: ANN202
    from leaguegen.formats import trf

    return trf.loads(text)


def check_pairing(text: str, stdout: str) -> str | None:
    """Why ``stdout`` is not a valid pairing of the next round of the TRF ``text``."""
    doc = _doc(text)
    lines = stdout.strip("\n").split("\n")
    if not lines or not lines[0].isdigit() or int(lines[0]) != len(lines) - 1:
        return f"bad count line in {stdout[:60]!r}"
    numbers = {p.number for p in doc.players}
    entries = {p.number: p.rounds for p in doc.players}
    done = 0
    for rounds in entries.values():
        for i, e in enumerate(rounds, start=1):
            if e is not None:
                paired = e.opponent is not None or e.code.value in "U+"
                done = max(done, i if paired else i - 1)
    # a column after them where every player has a bye is a round nobody could be paired
    # in: it is over and the next one is paired (as bbpPairings reads it; docs/swiss.md)
    if entries and all(done < len(r) and r[done] is not None for r in entries.values()):
        done += 1
    absent = set(doc.absent_next)
    for n, rounds in entries.items():
        if done < len(rounds) and rounds[done] is not None and rounds[done].opponent is None:
            absent.add(n)
    present = numbers - absent
    seen: list[int] = []
    byes = 0
    for k, line in enumerate(lines[1:], start=1):
        parts = line.split()
        if len(parts) != 2 or not all(p.isdigit() for p in parts):
            return f"bad line {line!r}"
        white, black = int(parts[0]), int(parts[1])
        if black == 0:
            byes += 1
            if k != len(lines) - 1:
                return "the bye is not last"
            seen.append(white)
            continue
        seen += [white, black]
        if any(e is not None and e.opponent == black and e.code.value in PLAYED
               for e in entries.get(white, ())):
            return f"{white} and {black} have played each other"
        if any(white in g and black in g for g in doc.forbidden):
            return f"{white} and {black} are forbidden (XXP)"
    if byes > 1:
        return "more than one bye"
    if len(seen) != len(set(seen)):
        return f"a player twice in {seen}"
    if set(seen) - present:
        return f"not present or unknown: {sorted(set(seen) - present)}"
    if present - set(seen):
        return f"present but not paired: {sorted(present - set(seen))}"
    return None


def run_pair(text: str, workdir: Path, limit: float = 20.0, system: str = "dutch") -> Outcome:
    from tests.fuzz.mutate import encode

    path = workdir / "fuzz.trf"
    path.write_bytes(encode(text))
    code, stdout, stderr, exc = _invoke(["pair", "--trf", str(path), "--system", system],
                                        limit)
    if code is None:
        return Outcome("slow")
    if exc is not None:
        return Outcome("traceback", stderr)
    if code == 0:
        try:
            problem = check_pairing(encode(text).decode("utf-8-sig"), stdout)
        except Exception as err:  # noqa: BLE001 - exit 0 on a file that does not read
            problem = f"exit 0 on a file that does not read: {err!r}"
        return Outcome("invalid", problem) if problem else Outcome("valid")
    if code == 1 and "internal error" in stderr:
        return Outcome("internal", stderr.strip())
    if code == 1 and ("no valid pairing" in stderr or "paired already" in stderr):
        return Outcome("error")
    if code == 2 and _located(str(path), stderr):
        return Outcome("error")
    return Outcome("unlocated", f"exit {code}: {stderr.strip()[:300]}")


# ------------------------------------------------------------------ standings --trf


def check_standings(text: str, stdout: str) -> str | None:
    doc = _doc(text)
    try:
        data = json.loads(stdout)
    except ValueError:
        return "not JSON"
    rows = data.get("rows")
    if not isinstance(rows, list) or len(rows) != len(doc.players):
        return "not one row per player"
    if sorted(r["startno"] for r in rows) != sorted(p.number for p in doc.players):
        return "rows are not the players"
    codes = data.get("tiebreaks", [])
    for r in rows:
        if not isinstance(r["rank"], int) or r["rank"] < 1 or len(r["values"]) != len(codes):
            return f"bad row {r}"
        if not isinstance(r["points"], (int, float)):
            return f"bad points {r}"
    return None


TIEBREAK_SETS = ["BH/C1 BH SB DE WIN", "DE SB WIN KS", "PTS ARO TPR PS BPG BWG REP AOB FB",
                 "KS BH/C2 BH/M1 SB/C1 WON"]


def run_standings(text: str, workdir: Path, variant: int = 0, limit: float = 20.0) -> Outcome:
    from tests.fuzz.mutate import encode

    path = workdir / "fuzz.trf"
    path.write_bytes(encode(text))
    system = "swiss" if variant % 2 == 0 else "round-robin"
    args = ["standings", "--trf", str(path), "--system", system,
            "--tiebreaks", TIEBREAK_SETS[variant % len(TIEBREAK_SETS)], "--json"]
    if variant % 3 == 1:
        args += ["--after-round", str(variant % 7)]
    if variant % 5 == 2:
        args += ["--rules", "2026"]
    code, stdout, stderr, exc = _invoke(args, limit)
    if code is None:
        return Outcome("slow")
    if exc is not None:
        return Outcome("traceback", stderr)
    if code == 0:
        try:
            problem = check_standings(encode(text).decode("utf-8-sig"), stdout)
        except Exception as err:  # noqa: BLE001
            problem = f"exit 0 on a file that does not read: {err!r}"
        return Outcome("invalid", problem) if problem else Outcome("valid")
    if code == 2 and (_located(str(path), stderr) or stderr.startswith("error: --")):
        return Outcome("error")
    return Outcome("unlocated", f"exit {code}: {stderr.strip()[:300]}")


# ------------------------------------------------------------------ the season loader


def run_loader(folder: Path, limit: float = 20.0) -> Outcome:
    """``load_season`` on a season folder: a Season, or InputError whose problems name files."""
    from leaguegen.errors import InputError
    from leaguegen.formats.season_yaml import load_season

    try:
        with time_limit(limit):
            load_season(folder)
    except _Slow:
        return Outcome("slow")
    except InputError as err:
        unnamed = [str(p) for p in err.problems if not p.path]
        if not err.problems or unnamed:
            return Outcome("invalid", f"problems without a file: {unnamed}")
        return Outcome("error")
    except RecursionError:
        return Outcome("traceback", "RecursionError")
    except Exception:  # noqa: BLE001 - that is what we are looking for
        return Outcome("traceback", "".join(traceback.format_exc().splitlines(True)[-4:]))
    return Outcome("valid")


def first_line(detail: str) -> str:
    """A short signature of a failure, to group crashers."""
    lines = [line for line in detail.strip().splitlines() if line.strip()]
    tail = lines[-1] if lines else ""
    where = next((line.strip() for line in reversed(lines) if line.strip().startswith("File")),
                 "")
    text = re.sub(r"\[[^\]]*\]", "[...]", f"{where} | {tail}")
    return re.sub(r"\d+", "N", text)[:200]


Runner = Callable[..., Outcome]
