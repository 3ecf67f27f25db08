"""Sections rendered in forked processes give the very same site as in one process."""

from __future__ import annotations

import multiprocessing
import os

import pytest

from leaguegen.formats.season_yaml import load_season
from leaguegen.site import parallel, pipeline
from leaguegen.site.incremental import MemoryStore

pytestmark = pytest.mark.skipif("fork" not in multiprocessing.get_all_start_methods(),
                                reason="no fork start method on this platform")


def _build(folder, workers: int) -> pipeline.SiteFiles:
    token = parallel.WORKERS.set(workers)
    try:
        return pipeline.build(load_season(folder), MemoryStore(), pdf=False)
    finally:
        parallel.WORKERS.reset(token)


def test_forked_build_is_byte_identical_and_in_order(monkeypatch) -> None:
    monkeypatch.setattr(parallel, "MIN_ITEMS", 2)
    folder = "seasons/grand-prix-2027"  # seven sections of four kinds, stages included
    one = _build(folder, 1)
    forked: list[int] = []
    real = parallel.ProcessPoolExecutor

    def spy(*args, **kwargs):  # noqa: ANN002,ANN003,ANN202
        forked.append(kwargs["max_workers"])
        return real(*args, **kwargs)

    monkeypatch.setattr(parallel, "ProcessPoolExecutor", spy)
    two = _build(folder, 2)
    assert forked == [2, 2]  # the feeds, then the pages, each on two processes
    assert list(two.files) == list(one.files)  # the same paths in the same order
    assert two.files == one.files
    assert two.sections_rendered == one.sections_rendered


def _fails_in_child(item: int) -> int:
    if item == 3:
        raise ValueError(f"item {item} failed in process {os.getpid()}")
    return item * 2


def test_results_in_order_and_a_childs_error_reaches_the_caller(monkeypatch) -> None:
    monkeypatch.setattr(parallel, "MIN_ITEMS", 2)
    token = parallel.WORKERS.set(2)
    try:
        assert list(parallel.map_in_order(lambda i: (i, os.getpid()), range(6)))[0][0] == 0
        pids = {pid for _, pid in parallel.map_in_order(lambda i: (i, os.getpid()), range(8))}
        assert os.getpid() not in pids
        assert [i for i, _ in parallel.map_in_order(lambda i: (i, 0), range(8))] == list(range(8))
        with pytest.raises(ValueError, match="item 3 failed in process"):
            list(parallel.map_in_order(_fails_in_child, range(8)))
    finally:
        parallel.WORKERS.reset(token)


def test_one_worker_or_few_items_stay_in_this_process() -> None:
    assert parallel.WORKERS.get() == 1
    pids = {pid for pid in parallel.map_in_order(lambda _: os.getpid(), range(20))}
    assert pids == {os.getpid()}
    token = parallel.WORKERS.set(2)
    try:  # under MIN_ITEMS a fork costs more than it saves
        few = parallel.map_in_order(lambda _: os.getpid(), range(parallel.MIN_ITEMS - 1))
        assert set(few) == {os.getpid()}
    finally:
        parallel.WORKERS.reset(token)


def test_build_workers_follow_leaguegen_jobs(monkeypatch) -> None:
    monkeypatch.setenv("LEAGUEGEN_JOBS", "1")
    assert parallel.build_workers() == 1
    monkeypatch.setenv("LEAGUEGEN_JOBS", "3")
    assert parallel.build_workers() == 3
    for wrong in ("0", "two", ""):
        monkeypatch.setenv("LEAGUEGEN_JOBS", wrong)
        assert parallel.build_workers() == parallel.cores()


def test_workers_write_their_sections_files_into_the_tree(tmp_path, monkeypatch) -> None:
    """``build``'s workers store, stamp and write their sections' pages and feeds into the
    staging tree themselves (``write.TreeSink``): the site is
    the one a build in one process returns, and those files never travel back."""
    from leaguegen.site.incremental import DiskStore
    from leaguegen.site.write import MARKER, OutputTree

    monkeypatch.setattr(parallel, "MIN_ITEMS", 2)
    folder = "seasons/grand-prix-2027"
    expected = _build(folder, 1).files
    site = tmp_path / "site"
    token = parallel.WORKERS.set(2)
    try:
        tree = OutputTree(site)
        store = DiskStore(tmp_path / "cache")
        built = pipeline.build(load_season(folder), store, pdf=False, tree=tree)
        tree.claim(built.written)
        for rel, data in built.files.items():
            tree.write(rel, data)
        tree.commit()
        store.prune()
        # the entries the workers wrote are the parent's cache: kept, and read back
        again = pipeline.build(load_season(folder), DiskStore(tmp_path / "cache"), pdf=False)
    finally:
        parallel.WORKERS.reset(token)
    assert built.sections_rendered and not again.sections_rendered
    assert again.outputs_rendered == 0 and again.files == expected
    got = {p.relative_to(site).as_posix(): p.read_bytes() for p in site.rglob("*")
           if p.is_file() and p.name != MARKER}
    assert got == expected
    written = set(built.written)
    assert not written & set(built.raw)  # what the workers wrote never came back
    assert {p for p in expected if p.endswith((".html", ".ics", ".json"))
            and p not in ("index.html", "season.json", "season.ics")} <= written
    assert built.pages == len([p for p in expected if p.endswith(".html")])
