"""The live server's save -> reload path: how soon a save is built, and that the reload goes
out before the build's background work starts (issue #27's save -> reload budget)."""

from __future__ import annotations

import gc
import select
import socket
import threading
import time
from pathlib import Path

from leaguegen.serve import EVENTS_PATH, BuildOutcome, DevServer


def test_a_closed_write_is_built_after_the_short_settle_not_the_whole_debounce(
        tmp_path: Path) -> None:
    """A write is "modified" then "closed": the closed event says the file is complete, so
    the build waits ``settled``, not the ``debounce`` the first event asked for."""
    builds = threading.Semaphore(0)

    def build() -> BuildOutcome:
        builds.release()
        return BuildOutcome({})

    server = DevServer(build, [tmp_path], port=0, debounce=3600.0, settled=0.001)
    server.start()
    try:
        assert builds.acquire(timeout=30)  # the first build
        server.notify_change("a.yaml", complete=False)
        time.sleep(0.3)  # the builder waits for the quiet moment by now
        server.notify_change("a.yaml", complete=True)
        assert builds.acquire(timeout=30), "the build waited for the debounce"
    finally:
        server.stop()


def test_the_background_work_starts_once_the_reload_is_sent(tmp_path: Path) -> None:
    """The reload event is on its way to every open page before the build's background
    work (the feeds, the PDFs) starts taking the interpreter's time: the work waits until
    each events stream has written its reload, not for a timeout."""
    order: list[tuple[str, bool]] = []
    stream: list[socket.socket] = []

    def job() -> dict[str, bytes]:
        order.append(("job", True))
        return {}

    def build() -> BuildOutcome:
        return BuildOutcome({"index.html": b"<p>x</p>"}, [], [job])

    server = DevServer(build, [tmp_path], port=0)
    real = server.state.wait_told

    def wait_told(build_id: int, timeout: float) -> None:
        real(build_id, 3600)  # returns when the stream has written the reload
        order.append(("told", bool(select.select(stream, [], [], 0)[0])))

    server.state.wait_told = wait_told  # type: ignore[method-assign]
    server.start()
    try:
        sock = socket.create_connection(("127.0.0.1", server.port), timeout=30)
        sock.sendall(f"GET {EVENTS_PATH} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
        received = b""
        while b"event: hello" not in received:
            received += sock.recv(4096)
        stream.append(sock)
        assert server.state.busy is not None and server.state.busy.wait(30)
        order.clear()
        server.rebuild()
        assert server.state.busy.wait(30), "the background work waited for a timeout"
        assert order == [("told", True), ("job", True)]
        assert b"event: reload" in sock.recv(4096)
        sock.close()
    finally:
        server.stop()


def test_no_collection_runs_between_the_build_and_its_reload(tmp_path: Path) -> None:
    """The objects a build keeps are many; the collector's pass over them waits until the
    reload is out (it cost the reload 2-20 ms)."""
    kept: list[list[int]] = []
    built: list[bool] = []
    seen: list[int] = []  # the build number published when each collection started

    def build() -> BuildOutcome:
        kept.extend([] for _ in range(50_000))  # far past the youngest generation's threshold
        built.append(True)
        return BuildOutcome({"index.html": b"<p>x</p>"})

    server = DevServer(build, [tmp_path], port=0)

    def on_collection(phase: str, _info: dict) -> None:
        if phase == "start" and built:
            seen.append(server.state.build_id)

    assert gc.isenabled()
    gc.callbacks.append(on_collection)
    try:
        server.rebuild()
        gc.collect(0)
    finally:
        gc.callbacks.remove(on_collection)
        server.httpd.server_close()
    assert built and seen and 0 not in seen, seen
