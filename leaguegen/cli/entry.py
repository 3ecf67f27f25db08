"""The console script (``leaguegen``, ``python -m leaguegen.cli.entry``): ``main``, then a quick
exit.

Once a command is done, the interpreter's own exit frees every object and module one by
one: after a big season's build, 0.25-0.4 s of CPU spent on nothing anyone sees. :func:`run`
leaves instead by ``os._exit`` once what an exit must do is done: the ``atexit`` handlers
run, the standard streams flushed. It does so only when no other (non-daemon) thread is
alive, which Python would wait for, and no profiler or tracer (``python -m cProfile``,
coverage) is set, which writes its data at exit; otherwise, and when a stream cannot be
flushed, it leaves the usual way. ``main`` itself (what tests run in-process, through
click's runner) never exits the process. What ``os._exit`` would lose is the buffer of a
file left open: every writer in leaguegen closes its files before its command returns
(``with`` blocks, or ``os``-level descriptors written in full).
"""

from __future__ import annotations

import atexit
import os
import sys
import threading

from leaguegen.cli import main


def _exit_status(code: object) -> int:
    """The status ``sys.exit(code)`` gives (None 0, an int itself, anything else printed
    and 1)."""
    if code is None:
        return 0
    if isinstance(code, int):
        return code & 0xFF
    print(code, file=sys.stderr)
    return 1


def _others_running() -> bool:
    """Whether a thread the interpreter would wait for at exit is alive."""
    current = threading.current_thread()
    return any(t is not current and t.is_alive() and not t.daemon
               for t in threading.enumerate())


def leave(code: object) -> None:
    """End the process with ``sys.exit(code)``'s status, without the interpreter's teardown
    when that is safe (see the module's text); raises SystemExit when it is not."""
    if threading.current_thread() is not threading.main_thread() or _others_running() \
            or sys.getprofile() is not None or sys.gettrace() is not None:
        raise SystemExit(code)  # a profiler or a coverage tracer writes its data at exit
    atexit._run_exitfuncs()  # what the interpreter runs first at exit (click, logging...)
    status = _exit_status(code)
    if _others_running():  # a handler started one
        raise SystemExit(status)
    try:
        for stream in (sys.stdout, sys.stderr):
            if stream is not None:
                stream.flush()
    except (OSError, ValueError):
        raise SystemExit(status) from None  # the usual exit reports it as it always did
    os._exit(status)


def run() -> None:
    """``leaguegen``: the command line, then :func:`leave`."""
    try:
        main()
    except SystemExit as exc:  # click ends every command (and every error) with SystemExit
        leave(exc.code)
    leave(0)


if __name__ == "__main__":
    run()
