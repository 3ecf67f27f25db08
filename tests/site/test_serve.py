"""`leaguegen serve` end to end: a real server process, a real file edit, a real reload event."""

from __future__ import annotations

import json
import shutil
import socket
import subprocess
import sys
import threading
import time
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

from tests.conftest import DEMO

RESULT_LINE = "          - Eleanor Whitfield - Daniel Reyes: 1-0"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _get(url: str) -> str:
    with urllib.request.urlopen(url, timeout=10) as resp:
        return resp.read().decode("utf-8")


class Events:
    """Reads the server-sent events stream in a thread and records reload events."""

    def __init__(self, url: str):
        self.reloads: list[int] = []
        self.ready = threading.Event()
        parsed = urllib.parse.urlparse(url)
        self.sock = socket.create_connection((parsed.hostname, parsed.port), timeout=30)
        self.sock.sendall(f"GET {parsed.path} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        event = None
        stream = self.sock.makefile("rb", buffering=0)
        try:
            while raw := stream.readline():
                line = raw.decode().strip()
                if line.startswith("event:"):
                    event = line.split(":", 1)[1].strip()
                elif line.startswith("data:"):
                    if event == "hello":
                        self.ready.set()
                    elif event == "reload":
                        self.reloads.append(int(line.split(":", 1)[1]))
        except OSError:
            return

    def wait_reload(self, count: int, timeout: float = 20) -> None:
        end = time.monotonic() + timeout
        while len(self.reloads) < count and time.monotonic() < end:
            time.sleep(0.02)
        assert len(self.reloads) >= count, "no reload event"


@pytest.fixture()
def server(tmp_path: Path):
    season = tmp_path / "season"
    shutil.copytree(DEMO, season)
    port = _free_port()
    log = open(tmp_path / "serve.log", "w")  # noqa: SIM115 - the server writes to it until the end
    proc = subprocess.Popen(
        [sys.executable, "-m", "leaguegen.cli.entry", "serve", str(season), "--port", str(port),
         "--no-pdf"], stderr=log, text=True)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        try:
            _get(base + "/__leaguegen/status")
            break
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                proc.kill()
                raise RuntimeError("server did not start: "
                                   + (tmp_path / "serve.log").read_text()) from None
            time.sleep(0.1)
    yield base, season
    proc.terminate()
    proc.wait(timeout=10)
    log.close()


def _status(base: str) -> dict:
    return json.loads(_get(base + "/__leaguegen/status"))


def test_edit_is_served_and_reload_sent(server) -> None:
    base, season = server
    page = _get(base + "/premier/index.html")
    assert "EventSource" in page and "leaguegen-errors" not in page
    events = Events(base + "/__leaguegen/events")
    assert events.ready.wait(10)
    path = season / "season.yaml"
    text = path.read_text(encoding="utf-8")
    assert RESULT_LINE in text
    before = _get(base + "/premier/players/eleanor-whitfield.html")
    path.write_text(text.replace(RESULT_LINE, RESULT_LINE.replace("1-0", "0-1")),
                    encoding="utf-8")
    events.wait_reload(1)
    after = _get(base + "/premier/players/eleanor-whitfield.html")
    assert before != after
    # Eleanor lost round 1 instead of winning it: one point less
    def score(html: str) -> str:
        return html.split("<dt>Score</dt><dd><strong>")[1].split("<")[0]
    assert (score(before), score(after)) == ("4", "3")


def test_broken_yaml_shows_overlay_until_fixed(server) -> None:
    base, season = server
    events = Events(base + "/__leaguegen/events")
    assert events.ready.wait(10)
    path = season / "season.yaml"
    good = path.read_text(encoding="utf-8")
    path.write_text(good.replace(RESULT_LINE, RESULT_LINE.replace("1-0", "1-O")),
                    encoding="utf-8")
    events.wait_reload(1)
    page = _get(base + "/premier/index.html")
    assert "leaguegen-errors" in page
    assert "season.yaml:" in page and "result &#x27;1-O&#x27; is not one of" in page
    assert "Eleanor Whitfield" in page  # the last good site is still served
    assert _status(base)["errors"]
    path.write_text(good, encoding="utf-8")
    events.wait_reload(2)
    assert "leaguegen-errors" not in _get(base + "/premier/index.html")
    assert _status(base)["errors"] == []
