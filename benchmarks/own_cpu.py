"""Run the ``leaguegen`` command line in this process and say, on exit, how its CPU time
splits between this process and the children it forked and waited for.

``python benchmarks/own_cpu.py build SEASON --out DIR ...`` is ``leaguegen build ...``
(the same imports and the same work) plus one line on stderr: ``own-cpu: parent P s,
children C s, parent peak M MiB, largest child's peak K MiB``. For a build that forks its
sections over the cores, P is the serial part (everything the parent does before, between
and after the children) and C what the children did, together; ``run_all.py`` shows both
beside the whole-process figures. The code run is the current folder's, as with
``python -m leaguegen.cli.entry`` (``run_all.py``'s other cases): run as a script, this
file's own folder came first on the path, and the installed leaguegen (another checkout's,
perhaps) was measured.
"""

from __future__ import annotations

import atexit
import os
import resource
import runpy
import sys


def _report() -> None:
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    print(f"own-cpu: parent {own.ru_utime + own.ru_stime:.2f} s, children"
          f" {kids.ru_utime + kids.ru_stime:.2f} s, parent peak {own.ru_maxrss / 1024:.0f} MiB,"
          f" largest child's peak {kids.ru_maxrss / 1024:.0f} MiB", file=sys.stderr)


if __name__ == "__main__":
    atexit.register(_report)
    sys.path[0] = os.getcwd()  # what ``python -m`` puts first, in place of benchmarks/
    sys.argv = ["leaguegen", *sys.argv[1:]]
    runpy.run_module("leaguegen.cli.entry", run_name="__main__")
