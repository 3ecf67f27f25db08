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
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

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
        self.hello: str | None = None
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
                        self.hello = line.split(":", 1)[1].strip()
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


# ------------------------------------------------------------------ issue 16, part 7


def test_the_fixed_season_is_served_after_a_half_written_save(server) -> None:
    """Broken (half-written) save, then the complete save with new content: the new content."""
    base, season = server
    events = Events(base + "/__leaguegen/events")
    assert events.ready.wait(10)
    page = "/premier/players/eleanor-whitfield.html"
    assert _score(_get(base + page)) == "4"
    path = season / "season.yaml"
    new = path.read_text(encoding="utf-8").replace(
        RESULT_LINE, RESULT_LINE.replace("1-0", "0-1"))
    path.write_text(new[: new.index(RESULT_LINE.replace("1-0", "0-1")) + 30],
                    encoding="utf-8")  # the editor has written half of it
    events.wait_reload(1)
    assert _status(base)["errors"]
    assert _score(_get(base + page)) == "4"  # the last good build, under the overlay
    path.write_text(new, encoding="utf-8")
    events.wait_reload(2)
    _wait_for(lambda: not _status(base)["errors"])
    html = _get(base + page)
    assert "leaguegen-errors" not in html
    assert _score(html) == "3"  # the fixed content, not the last good build


def _score(html: str) -> str:
    return html.split("<dt>Score</dt><dd><strong>")[1].split("<")[0]


def _wait_for(condition, timeout: float = 20) -> None:  # noqa: ANN001
    end = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < end, "timed out"
        time.sleep(0.05)


def test_a_page_reloads_when_a_build_came_between_it_and_its_stream(server) -> None:
    """The page says which build it shows; the stream's hello says the current one."""
    base, season = server
    html = _get(base + "/premier/index.html")
    built = html.split('var built = "')[1].split('"')[0]
    assert built == str(_status(base)["build"])
    path = season / "season.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace(RESULT_LINE, RESULT_LINE.replace("1-0", "0-1")),
                    encoding="utf-8")
    _wait_for(lambda: _status(base)["build"] > int(built))
    events = Events(base + "/__leaguegen/events")  # connects only now: no reload event
    assert events.ready.wait(10)
    assert events.hello != built  # the script reloads on a hello that is not its build
    assert 'if (e.data !== built) location.reload()' in html


def test_non_utf8_save_is_an_overlay_error(server) -> None:
    base, season = server
    events = Events(base + "/__leaguegen/events")
    assert events.ready.wait(10)
    path = season / "season.yaml"
    good = path.read_bytes()
    path.write_bytes(good.replace(b"Riverside Community Hall", b"Riverside Community H\xe4ll"))
    events.wait_reload(1)
    errors = _status(base)["errors"]
    assert errors and not any("internal error" in e for e in errors), errors
    assert any("not UTF-8" in e or "UTF-8" in e for e in errors), errors
    assert "season.yaml:" in errors[0]
    path.write_bytes(good)
    events.wait_reload(2)
    _wait_for(lambda: not _status(base)["errors"])


def test_busy_port_is_a_message_not_a_traceback(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        proc = subprocess.run(
            [sys.executable, "-m", "leaguegen.cli.entry", "serve", str(DEMO), "--port",
             str(port), "--no-pdf"], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2
    assert f"port {port} is in use; try --port" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_client_leaving_early_is_not_a_traceback(tmp_path: Path, capfd) -> None:
    """A browser that closes the connection mid-answer: nothing on the terminal."""
    from leaguegen.serve import BuildOutcome, DevServer

    big = {"big.bin": b"x" * 8_000_000, "index.html": b"<html><body>hi</body></html>"}
    server = DevServer(lambda: BuildOutcome(dict(big)), [tmp_path], port=0)
    server.start()
    try:
        for _ in range(5):
            with socket.create_connection(("127.0.0.1", server.port), timeout=10) as sock:
                sock.sendall(b"GET /big.bin HTTP/1.1\r\nHost: x\r\n\r\n")
                sock.recv(1000)  # the answer has started
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00"
                                b"\x00\x00\x00\x00")  # close with a reset
        time.sleep(0.5)
        assert _get(f"http://127.0.0.1:{server.port}/index.html").startswith("<html>")
    finally:
        server.stop()
    err = capfd.readouterr().err
    assert "Traceback" not in err and "BrokenPipe" not in err and "ConnectionReset" not in err


# ------------------------------------------------------------------ live == fresh

MINI = {
    "season.yaml": """name: Mini League
sections:
  - id: a
    name: Group A
    format: round_robin
    players: [Ann Able, Bob Baker, Cat Cole, Dan Dale]
    rounds:
      - results:
          - Ann Able - Dan Dale: 1-0
          - Bob Baker - Cat Cole: ½-½
      - results:
          - Dan Dale - Cat Cole: 0-1
          - Ann Able - Bob Baker: 1-0
  - b.yaml
""",
    "b.yaml": """id: b
name: Group B
format: round_robin
players: [Eve East, Fay Ford, Gus Gray, Hal Hill]
rounds:
  - results:
      - Eve East - Hal Hill: 1-0
      - Fay Ford - Gus Gray: 0-1
""",
    "news/2026-01-02-hello.md": "---\ntitle: Hello\ndate: 2026-01-02\n---\nFirst news.\n",
}
EDITS = [
    ("season.yaml", "Ann Able - Dan Dale: 1-0", "Ann Able - Dan Dale: 0-1"),
    ("season.yaml", "name: Group A", "name: Group Alpha"),
    ("season.yaml", "name: Mini League", "name: Mini League 2"),
    ("season.yaml", "Bob Baker - Cat Cole: ½-½", "Bob Baker - Cat Cole: 1-O"),  # invalid
    ("b.yaml", "Fay Ford - Gus Gray: 0-1", "Fay Ford - Gus Gray: ½-½"),
    ("b.yaml", "Eve East, Fay Ford", "Eve Easton, Fay Ford"),  # invalid: rounds name Eve East
    ("b.yaml", "name: Group B", "name: Group Beta"),
    ("news/2026-01-02-hello.md", "First news.", "First news, edited."),
    ("b.yaml", "\n", "\xff"),  # a byte that is not UTF-8
]


def _apply(folder: Path, state: dict[str, str]) -> None:
    for name, text in state.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(text.encode("utf-8", "surrogateescape"))


@settings(max_examples=12, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=st.lists(st.tuples(st.integers(0, len(EDITS) - 1), st.booleans(),
                                st.integers(10, 400)), min_size=2, max_size=6))
def test_live_build_always_equals_a_fresh_build(tmp_path_factory, steps) -> None:
    """Any sequence of saves (valid, broken, half-written, reverted): once the files are
    valid, the live site is exactly the site a fresh build of the same files makes."""
    from leaguegen.site.live import LiveSite

    folder = tmp_path_factory.mktemp("live")
    state = dict(MINI)
    _apply(folder, state)
    live = LiveSite(folder, pdf=False)
    assert live.build()[0] is not None
    for edit, half, cut in steps:
        name, old, new = EDITS[edit]
        state = dict(state)
        if state[name] == MINI[name] or old in state[name]:
            state[name] = state[name].replace(old, new.replace("\xff", "\udcff"), 1)
        else:
            state[name] = MINI[name]  # undo
        text = state[name]
        written = dict(state, **{name: text[:cut]}) if half else state
        _apply(folder, written)
        got, got_errors = live.build()
        fresh, fresh_errors = fresh_build(folder)
        assert (got is None) == (fresh is None)
        assert got_errors == fresh_errors
        assert not any("internal error" in e for e in got_errors)
        if fresh is not None:
            assert got is not None and finished(live, got).files == fresh


def finished(live, site):  # noqa: ANN001,ANN201
    """``site`` (``live.build()``'s) once its background jobs (the season's feeds, the
    PDFs) are done and merged, as the server merges them."""
    for job in live.background(site):
        site.update(job())
    return site


def fresh_build(folder: Path, pdf: bool = False) -> tuple[dict[str, bytes] | None, list[str]]:
    """What ``leaguegen build`` writes for the folder now (``pipeline.build`` with an
    empty cache: the PDFs still to make as fake ones, see ``fake_pdf``), or its problems."""
    from leaguegen.errors import InputError
    from leaguegen.formats.season_yaml import load_season
    from leaguegen.site import pipeline
    from leaguegen.site.incremental import MemoryStore

    try:
        season = load_season(folder)
    except InputError as err:
        return None, [str(p) for p in err.problems]
    built = pipeline.build(season, MemoryStore(), pdf=pdf, source=folder)
    files = dict(built.files)
    for path, (_key, source) in built.pending_pdfs.items():
        files[path] = fake_pdf(source, None)
    return files, []


def fake_pdf(source: str, _base: object) -> bytes:
    """A stand-in for WeasyPrint in tests of which PDFs are made: one per source."""
    import hashlib

    return b"%PDF-fake " + hashlib.sha256(source.encode()).hexdigest().encode()


def test_live_memo_keeps_only_the_current_parses(tmp_path: Path) -> None:
    """A long session of saves does not keep every old parse of a section file."""
    from leaguegen.site.live import LiveSite

    _apply(tmp_path, MINI)
    live = LiveSite(tmp_path, pdf=False)
    for score in ("1-0", "0-1", "½-½", "1-0", "0-1"):
        _apply(tmp_path, {"b.yaml": MINI["b.yaml"].replace("Gus Gray: 0-1", f"Gus Gray: {score}")})
        assert live.build()[0] is not None
    # b.yaml's current parse, and the current one of section a (written in season.yaml)
    assert len(live.memo) == 2


@pytest.mark.browser
@pytest.mark.parametrize("current,reloads", [("7", True), ("6", False)])
def test_browser_reloads_a_page_older_than_the_current_build(tmp_path: Path, current: str,
                                                             reloads: bool) -> None:
    """The served script in a real browser: a page of build 6 whose stream says build 7
    (a rebuild came between the page and its stream) loads again; one that is current
    does not."""
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    from leaguegen.serve import EVENTS_PATH, _inject
    from tests.browser.chromium import chromium

    loads: list[str] = []

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *_a: object) -> None:
            return

        def do_GET(self) -> None:  # noqa: N802
            if self.path == EVENTS_PATH:
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream")
                self.end_headers()
                self.wfile.write(f"event: hello\ndata: {current}\n\n".encode())
                self.wfile.flush()
                time.sleep(1)
                return
            if self.path == "/index.html":
                loads.append(self.path)
            build = 6 if len(loads) <= 1 else int(current)  # a reload gets the current build
            body = _inject(b"<!doctype html><html><body><p>page</p></body></html>", [], build)
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        subprocess.run(
            [chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
             "--disable-background-networking", f"--user-data-dir={tmp_path / 'profile'}",
             "--virtual-time-budget=4000", "--dump-dom",
             f"http://127.0.0.1:{httpd.server_address[1]}/index.html"],
            capture_output=True, timeout=60, check=False)
    finally:
        httpd.shutdown()
        httpd.server_close()
    assert len(loads) == (2 if reloads else 1), loads
