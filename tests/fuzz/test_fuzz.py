"""Mutation fuzzing in the suite: every input gives a documented error or a valid output.

A few hundred hypothesis-driven mutations of real inputs (tests/data/fuzz/seeds:
conformance-corpus and tiebreak TRF files; seasons/: the demo seasons) go through
the TRF reader, ``pair --trf``, ``standings --trf`` and the season loader. Never a
traceback, never an exit-0 output that is not valid (checked from the input itself,
not by the CLI's own check). Long runs: ``python benchmarks/fuzz.py 20000``.
Every crasher found becomes a case under tests/data/fuzz/<target>/, run below.
"""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from leaguegen.domain.pairing import system_names
from leaguegen.errors import InputError
from leaguegen.formats import trf
from tests.conftest import ROOT
from tests.fuzz import mutate, oracle

DATA = ROOT / "tests" / "data" / "fuzz"
SEEDS = sorted(DATA.glob("seeds/*.trf"))
SEED_TEXTS = [p.read_text(encoding="utf-8") for p in SEEDS]
SEASONS = sorted(p for p in (ROOT / "seasons").iterdir() if (p / "season.yaml").is_file())
GOOD = ("error", "valid")
def fuzz(examples: int) -> settings:
    return settings(max_examples=examples, deadline=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture,
                                           HealthCheck.too_slow])


def _case(seed: int, rnd: random.Random) -> str:
    return mutate.mutate_trf(SEED_TEXTS[seed % len(SEED_TEXTS)], rnd)


@fuzz(200)
@given(seed=st.integers(0, 100), rnd=st.randoms(use_true_random=False))
def test_trf_reader_reads_or_refuses(seed: int, rnd: random.Random) -> None:
    text = mutate.encode(_case(seed, rnd)).decode("utf-8", "replace")
    try:
        doc = trf.loads(text, "fuzz.trf")
    except InputError as err:
        assert all(p.path == "fuzz.trf" and p.line >= 0 for p in err.problems)
        return
    # what the reader accepts, the writer writes and reads back the same
    try:
        again = trf.loads(trf.dumps(doc))
    except trf.TrfWriteError:
        return  # a control character in a name: refused by the writer, never passed on
    assert [(p.number, p.rounds) for p in again.players] == \
        [(p.number, p.rounds) for p in doc.players]


@fuzz(120)
@given(seed=st.integers(0, 100), system=st.sampled_from(system_names()),
       rnd=st.randoms(use_true_random=False))
def test_pair_trf_documented_error_or_valid_pairing(tmp_path: Path, seed: int, system: str,
                                                    rnd: random.Random) -> None:
    outcome = oracle.run_pair(_case(seed, rnd), tmp_path, system=system)
    assert outcome.kind in GOOD, outcome.detail


@fuzz(100)
@given(seed=st.integers(0, 100), variant=st.integers(0, 999),
       rnd=st.randoms(use_true_random=False))
def test_standings_trf_documented_error_or_valid_table(tmp_path: Path, seed: int, variant: int,
                                                       rnd: random.Random) -> None:
    outcome = oracle.run_standings(_case(seed, rnd), tmp_path, variant)
    assert outcome.kind in GOOD, outcome.detail


@fuzz(100)
@given(season=st.sampled_from(SEASONS), news=st.booleans(),
       rnd=st.randoms(use_true_random=False))
def test_season_loader_documented_error_or_season(tmp_path: Path, season: Path, news: bool,
                                                  rnd: random.Random) -> None:
    folder = tmp_path / "season"
    shutil.rmtree(folder, ignore_errors=True)
    shutil.copytree(season, folder)
    files = sorted((folder / "news").glob("*.md")) if news and (folder / "news").is_dir() \
        else []
    path = rnd.choice(files) if files else folder / "season.yaml"
    path.write_bytes(mutate.encode(mutate.mutate_yaml(path.read_text(encoding="utf-8"), rnd)))
    outcome = oracle.run_loader(folder)
    assert outcome.kind in GOOD, outcome.detail


# ------------------------------------------------------------------ regression cases


@pytest.mark.parametrize("path", sorted(DATA.glob("pair/*.trf")), ids=lambda p: p.name)
def test_pair_regression(tmp_path: Path, path: Path) -> None:
    text = path.read_bytes().decode("utf-8", "surrogateescape")
    for system in system_names():
        assert oracle.run_pair(text, tmp_path, system=system).kind in GOOD, system


@pytest.mark.parametrize("path", sorted(DATA.glob("standings/*.trf")), ids=lambda p: p.name)
def test_standings_regression(tmp_path: Path, path: Path) -> None:
    text = path.read_bytes().decode("utf-8", "surrogateescape")
    for variant in range(12):
        outcome = oracle.run_standings(text, tmp_path, variant)
        assert outcome.kind in GOOD, (variant, outcome.detail)


@pytest.mark.parametrize("case", sorted(p for p in DATA.glob("loader/*") if p.is_dir()),
                         ids=lambda p: p.name)
def test_loader_regression(tmp_path: Path, case: Path) -> None:
    demo = case.name.split("--", 1)[1]
    folder = tmp_path / demo
    shutil.copytree(ROOT / "seasons" / demo, folder)
    for file in case.rglob("*"):
        if file.is_file():
            (folder / file.relative_to(case)).write_bytes(file.read_bytes())
    outcome = oracle.run_loader(folder)
    assert outcome.kind in GOOD, outcome.detail


def test_the_oracle_catches_a_bad_pairing(tmp_path: Path) -> None:
    """The independent check takes the real pairing and rejects what the old code printed
    (a player twice, an unknown number, a player left out, a rematch), so a green fuzz run
    means something."""
    from click.testing import CliRunner

    from leaguegen.cli import main

    seed = DATA / "seeds" / "dutch-t0004-r07.trf"
    text = seed.read_text(encoding="utf-8")
    out = CliRunner().invoke(main, ["pair", "--trf", str(seed)]).stdout
    assert oracle.check_pairing(text, out) is None
    lines = out.strip().split("\n")[1:]
    boards = [line for line in lines if not line.endswith(" 0")]
    byes = [line for line in lines if line.endswith(" 0")]

    def as_output(rows: list[str]) -> str:
        return f"{len(rows)}\n" + "\n".join(rows) + "\n"

    assert "twice" in oracle.check_pairing(text, as_output(boards + [boards[0]] + byes))
    assert "bye is not last" in oracle.check_pairing(text, as_output(byes + boards))
    w, b = boards[0].split()
    unknown = [f"{w} 99"] + boards[1:] + byes
    assert "unknown" in oracle.check_pairing(text, as_output(unknown))
    assert "not paired" in oracle.check_pairing(text, as_output(boards[1:] + byes))
    doc = trf.loads(text)
    met = next(e.opponent for e in doc.players[int(w) - 1].rounds if e and e.opponent)
    rematch = [f"{w} {met}"] + [line for line in boards
                                if w not in line.split() and str(met) not in line.split()]
    assert oracle.check_pairing(text, as_output(rematch))
