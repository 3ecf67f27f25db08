"""Work per section on every core, once the season is loaded.

Rendering a big season is pure CPU in Python (Jinja2), one section independent of
the next, so ``leaguegen build`` spreads the sections that need rendering over
processes started by ``fork``: each child already holds the loaded season, the
season's facts and the compiled templates, and only its results travel back, in the
order of the sections, so the site is byte-identical to a build in one process. In
``build`` a child writes its section's files into the staging folder and the cache
itself (``write.TreeSink``): what travels back is their
paths, the PDF source and the section's summary, not 100 MB of pages. Only ``build``
asks for it (:data:`WORKERS`, set around the build); ``serve``
renders in its own process (it has threads, and renders one section per save), as
does every caller that does not set it.
"""

from __future__ import annotations

import contextvars
import gc
import os
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import TypeVar

# How many processes may render at once; 1 (the default) renders in this process.
WORKERS: contextvars.ContextVar[int] = contextvars.ContextVar("WORKERS", default=1)
# Below this many items a fork costs more than it saves (a section renders in 5-150 ms).
MIN_ITEMS = 8

T = TypeVar("T")
R = TypeVar("R")

# What the children run: set just before the pool forks them, read by ``_run``.
_TASK: tuple[contextvars.Context, Callable, Sequence] | None = None


def cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # pragma: no cover - not Linux
        return os.cpu_count() or 1


def build_workers() -> int:
    """The processes ``leaguegen build`` renders with: ``$LEAGUEGEN_JOBS`` when set (1 keeps
    everything in one process, as on a shared CI runner), else one per core."""
    given = os.environ.get("LEAGUEGEN_JOBS", "").strip()
    if given.isdigit() and int(given) >= 1:
        return int(given)
    return cores()


def die_with_parent() -> None:
    """A worker process ends when the build that started it does, even on ``kill -9``.

    Linux delivers SIGKILL to the worker when its parent dies (``PR_SET_PDEATHSIG``);
    elsewhere a watcher thread polls the parent's pid.
    """
    parent = os.getppid()
    if sys.platform.startswith("linux"):
        try:
            import ctypes
            import signal

            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(1, int(signal.SIGKILL), 0, 0, 0)  # 1 = PR_SET_PDEATHSIG
        except (OSError, AttributeError):
            pass
    if os.getppid() != parent:  # the parent died before prctl took effect
        os._exit(1)

    def watch() -> None:
        while True:
            time.sleep(1.0)
            if os.getppid() != parent:
                os._exit(1)

    threading.Thread(target=watch, name="leaguegen-parent-watch", daemon=True).start()


def _run(index: int) -> object:
    assert _TASK is not None
    context, function, items = _TASK
    return context.run(function, items[index])


def _can_fork() -> bool:
    import multiprocessing

    return "fork" in multiprocessing.get_all_start_methods()


def map_in_order(function: Callable[[T], R], items: Sequence[T]) -> Iterator[R]:
    """``function(item)`` for each item, yielded in the items' order.

    With :data:`WORKERS` above 1 and enough items, the calls run in forked children
    (in the caller's context variables, e.g. whether pages link PDFs); ``function``'s
    results must pickle. Otherwise, or where ``fork`` does not exist, they run here.
    """
    global _TASK
    workers = min(WORKERS.get(), len(items))
    if workers < 2 or len(items) < MIN_ITEMS or not _can_fork():
        for item in items:
            yield function(item)
        return
    import multiprocessing

    _TASK = (contextvars.copy_context(), function, items)
    # What this process holds (the season, the modules, the templates) moved out of the
    # collector's sight before the fork: a child's collections never walk it, so never
    # write to (and copy) its pages; taken back when the children are done.
    gc.freeze()
    pool = ProcessPoolExecutor(max_workers=workers, initializer=die_with_parent,
                               mp_context=multiprocessing.get_context("fork"))
    try:
        yield from pool.map(_run, range(len(items)), chunksize=1)
    finally:  # on an error (here or in a child) the work not started yet is dropped
        pool.shutdown(wait=True, cancel_futures=True)
        _TASK = None
        gc.unfreeze()
