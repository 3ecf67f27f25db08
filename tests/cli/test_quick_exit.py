"""The console script leaves by ``os._exit`` once a command is done (``cli/entry.py``):
``atexit`` handlers run and the streams are flushed first, the exit status is the
command's, and it does not happen with another thread alive, nor for ``main`` run
in-process (click's runner)."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import tomllib
from pathlib import Path

from click.testing import CliRunner

from leaguegen.cli import entry, main

# an object freed only by the interpreter's teardown, an exit handler, then the script
SCRIPT = textwrap.dedent("""
    import atexit, sys, threading

    class Torn:
        def __del__(self):
            print("torn down", flush=True)

    kept = Torn()
    atexit.register(lambda: print("exit handler ran"))
    # the other thread lives until the script's exit has been decided (not for a fixed time,
    # which a slow import on a loaded machine outlasts): a quick exit never releases it
    gate = threading.Event()
    if "--thread" in sys.argv:
        sys.argv.remove("--thread")
        threading.Thread(target=lambda: (gate.wait(30), print("thread done"))).start()
    print("before", end="")  # in the buffer until the exit flushes it
    from leaguegen.cli.entry import run
    sys.argv = ["leaguegen", *sys.argv[1:]]
    try:
        run()
    finally:
        gate.set()
""")


def _script(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", SCRIPT, *args], capture_output=True,
                          text=True, timeout=60)


def test_the_script_skips_the_teardown_after_its_exit_handlers(tmp_path: Path) -> None:
    done = _script("--version")
    assert done.returncode == 0
    assert done.stdout.startswith("before") and "version" in done.stdout
    assert "exit handler ran" in done.stdout and "torn down" not in done.stdout
    refused = _script("check", str(tmp_path / "missing"))  # the command's own status: 2
    assert refused.returncode == 2 and "is not a season folder" in refused.stderr
    assert "exit handler ran" in refused.stdout and "torn down" not in refused.stdout


def test_with_another_thread_alive_the_script_exits_as_python_does() -> None:
    done = _script("--thread", "--version")
    assert done.returncode == 0
    assert "thread done" in done.stdout and "exit handler ran" in done.stdout
    assert "torn down" in done.stdout


def test_under_a_profiler_the_script_exits_as_python_does(tmp_path: Path) -> None:
    out = tmp_path / "out.prof"
    done = subprocess.run([sys.executable, "-m", "cProfile", "-o", str(out), "-m",
                           "leaguegen.cli.entry", "--version"], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0 and "version" in done.stdout
    assert out.stat().st_size > 0  # written by the profiler at exit


def test_main_in_process_returns_and_the_console_script_is_run() -> None:
    result = CliRunner().invoke(main, ["--version"])
    assert result.exit_code == 0 and "version" in result.output  # and this process lives on
    assert entry._exit_status(None) == 0 and entry._exit_status(2) == 2
    project = tomllib.loads(Path("pyproject.toml").read_text(encoding="utf-8"))
    assert project["project"]["scripts"]["leaguegen"] == "leaguegen.cli.entry:run"
