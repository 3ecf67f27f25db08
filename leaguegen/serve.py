"""A live preview server: serve the site from memory, rebuild on change, reload browsers.

This module knows nothing about seasons: it is given a ``build`` callable that
returns either the site's files or the errors that stopped the build, plus
optional background work (files no page needs at once: the PDFs, the season's
feeds) whose files are merged in as each job is done; a request for a file the
site lacks while that work runs waits for it. The
files are anything with ``get(path)``, ``update(files)`` and ``len``: a dict, or the
build's result (``site/pipeline.SiteFiles``, which puts each page's "last updated"
line in as the page is asked for); a request is answered outside the server's lock.
While the input is broken it keeps serving the last good site and shows the
errors in an overlay on every page. Pages reload through server-sent events,
so no browser plugin is needed.

Each page carries the number of the build it was served from; the events
stream starts by telling the page the current build, so a page served just
before a rebuild (the fix after a half-written save, say) reloads even though
its stream connected after that rebuild's reload event. A client that goes
away mid-answer is not an error.
"""

from __future__ import annotations

import gc
import html
import json
import mimetypes
import sys
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Protocol
from urllib.parse import unquote, urlparse

EVENTS_PATH = "/__leaguegen/events"
BACKGROUND_WAIT = 60.0  # seconds a request for a missing file waits for the background work
STATUS_PATH = "/__leaguegen/status"
RELOAD_FIRST = 0.25  # seconds a build waits at most for its reload to be sent

RELOAD_SCRIPT = """<script>(function(){
  var built = "%s";
  var es = new EventSource("EVENTS");
  es.addEventListener("hello", function(e){ if (e.data !== built) location.reload(); });
  es.addEventListener("reload", function(){ location.reload(); });
})();</script>""".replace("EVENTS", EVENTS_PATH)
CLIENT_GONE = (BrokenPipeError, ConnectionResetError, ConnectionAbortedError, TimeoutError)

OVERLAY = """<div id="leaguegen-errors" role="alert" style="position:fixed;inset:auto 0 0 0;
max-height:60vh;overflow:auto;z-index:99999;background:#2b0a0a;color:#ffecec;
font:14px/1.45 ui-monospace,monospace;padding:16px 20px;border-top:4px solid #e5484d">
<strong style="font-size:15px">The season has errors; showing the last good build.</strong>
<pre style="white-space:pre-wrap;margin:8px 0 0">%s</pre></div>"""


class Files(Protocol):
    """A site's files by path: a dict, or one that finishes a file when it is asked for
    (and may say, by ``coming(path)``, which missing files its background work makes)."""

    def get(self, path: str) -> bytes | None: ...
    def update(self, files: dict[str, bytes]) -> None: ...
    def __len__(self) -> int: ...


@dataclass
class BuildOutcome:
    """What one build produced: ``files`` (None when the input is invalid) or ``errors``."""

    files: Files | None
    errors: list[str] = field(default_factory=list)
    # jobs run one after another once the build is published, each one's files merged in
    background: Sequence[Callable[[], dict[str, bytes]]] = ()
    summary: str = ""


class SiteState:
    """The files being served and the latest errors, swapped as a whole under a lock."""

    def __init__(self) -> None:
        self.lock = threading.Condition()
        self.files: Files = {}
        self.errors: list[str] = []
        self.build_id = 0
        self.last_reload = 0.0
        # set once the current build's background work is done (None: it has none)
        self.busy: threading.Event | None = None
        # the build each events stream has told its page about, by stream
        self.told: dict[object, int] = {}

    def publish(self, files: Files | None, errors: list[str],
                busy: threading.Event | None = None) -> int:
        with self.lock:
            if files is not None:
                self.files = files
                self.busy = busy
            self.errors = errors
            self.build_id += 1
            self.last_reload = time.monotonic()
            self.lock.notify_all()
            return self.build_id

    def wait_told(self, build_id: int, timeout: float) -> None:
        """Wait until every events stream has sent build ``build_id``'s reload (or a newer
        build is out), so the background work and the collector that follow do not hold
        the interpreter while the reload is still to be written (10-20 ms of a save ->
        reload)."""
        with self.lock:
            self.lock.wait_for(lambda: self.build_id != build_id or all(
                seen >= build_id for seen in self.told.values()), timeout=timeout)

    def merge(self, build_id: int, extra: dict[str, bytes]) -> None:
        """Add background results, unless a newer build has replaced the site meanwhile."""
        with self.lock:
            if build_id == self.build_id:
                self.files.update(extra)


def _coming(files: Files, path: str) -> bool:
    """Whether the build's background work may still make ``path`` (a site that cannot
    tell, such as a dict: it may)."""
    coming = getattr(files, "coming", None)
    return coming is None or bool(coming(path))


def _inject(page: bytes, errors: list[str], build_id: int = 0) -> bytes:
    text = page.decode("utf-8", errors="replace")
    extra = RELOAD_SCRIPT % build_id
    if errors:
        extra = OVERLAY % html.escape("\n".join(errors)) + extra
    if "</body>" in text:
        text = text.replace("</body>", extra + "</body>", 1)
    else:
        text += extra
    return text.encode("utf-8")


def _handler(state: SiteState) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, format: str, *args: object) -> None:  # noqa: A002
            return  # quiet: the CLI reports builds, not every request

        def do_GET(self) -> None:  # noqa: N802 - http.server's naming
            path = unquote(urlparse(self.path).path)
            if path == EVENTS_PATH:
                self._events()
                return
            if path == STATUS_PATH:
                with state.lock:
                    body = json.dumps({"build": state.build_id, "errors": state.errors,
                                       "files": len(state.files)}).encode()
                self._send(HTTPStatus.OK, body, "application/json")
                return
            rel = path.lstrip("/")
            if rel == "" or rel.endswith("/"):
                rel += "index.html"
            with state.lock:  # files, errors and build number of one and the same build
                files = state.files
                errors = list(state.errors)
                build_id = state.build_id
                busy = state.busy
            try:  # may finish the page (its date line): outside the lock
                data = files.get(rel)
                if data is None and busy is not None and _coming(files, rel) \
                        and busy.wait(BACKGROUND_WAIT):
                    data = files.get(rel)  # a file the background work made meanwhile
                if data is None and not rel.endswith(".html"):
                    data = files.get(rel + "/index.html")
                    if data is not None:
                        rel += "/index.html"
            except Exception as exc:  # noqa: BLE001 - a bug must not kill the live server
                body = _inject(b"<!doctype html><title>Error</title><h1>Error</h1></body>",
                               [*errors, f"internal error while rendering {rel}: {exc!r}"],
                               build_id)
                self._send(HTTPStatus.INTERNAL_SERVER_ERROR, body, "text/html; charset=utf-8")
                return
            if data is None:
                body = _inject(b"<!doctype html><title>Not found</title><h1>Not found</h1>"
                               b"</body>", errors, build_id)
                self._send(HTTPStatus.NOT_FOUND, body, "text/html; charset=utf-8")
                return
            ctype = mimetypes.guess_type(rel)[0] or "application/octet-stream"
            if rel.endswith(".html"):
                data = _inject(data, errors, build_id)
                ctype = "text/html; charset=utf-8"
            self._send(HTTPStatus.OK, data, ctype)

        def _send(self, status: HTTPStatus, body: bytes, ctype: str) -> None:
            try:
                self.send_response(status)
                self.send_header("Content-Type", ctype)
                self.send_header("Content-Length", str(len(body)))
                self.send_header("Cache-Control", "no-store")
                self.end_headers()
                self.wfile.write(body)
            except CLIENT_GONE:
                self.close_connection = True  # the browser left (a reload, a closed tab)

        def _events(self) -> None:
            self.send_response(HTTPStatus.OK)
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Cache-Control", "no-store")
            self.send_header("Connection", "close")
            self.end_headers()
            self.close_connection = True
            me = object()
            with state.lock:
                seen = state.told[me] = state.build_id
            try:
                self.wfile.write(f"event: hello\ndata: {seen}\n\n".encode())
                self.wfile.flush()
                while True:
                    with state.lock:
                        last = seen
                        state.lock.wait_for(lambda last=last: state.build_id != last, timeout=15)
                        current = state.build_id
                    if current != seen:
                        seen = current
                        self.wfile.write(f"event: reload\ndata: {current}\n\n".encode())
                    else:
                        self.wfile.write(b": keep-alive\n\n")
                    self.wfile.flush()
                    with state.lock:
                        state.told[me] = seen
                        state.lock.notify_all()
            except (BrokenPipeError, ConnectionResetError, OSError):
                return
            finally:
                with state.lock:
                    del state.told[me]
                    state.lock.notify_all()

    return Handler


class _Server(ThreadingHTTPServer):
    """The HTTP server, quiet about clients that leave before their answer is sent."""

    daemon_threads = True

    def handle_error(self, request, client_address) -> None:  # noqa: ANN001
        if isinstance(sys.exc_info()[1], CLIENT_GONE):
            return
        super().handle_error(request, client_address)


class DevServer:
    """Builds, serves, watches ``watch`` folders and rebuilds after a quiet ``debounce``.

    A file closed after writing, or moved into place (an editor's atomic save), is
    complete: then ``settled`` of quiet is enough; a write still open waits ``debounce``.
    """

    def __init__(self, build: Callable[[], BuildOutcome], watch: Iterable[Path],
                 host: str = "127.0.0.1", port: int = 8000, debounce: float = 0.025,
                 settled: float = 0.008,
                 log: Callable[[str], None] = lambda _m: None) -> None:
        self.build = build
        self.watch = [Path(p) for p in watch]
        self.debounce = debounce
        self.settled = settled
        self._quiet = debounce  # what the latest event asks to wait for
        self.log = log
        self.state = SiteState()
        # raises OSError (errno EADDRINUSE) when the port is taken: the CLI says so
        self.httpd = _Server((host, port), _handler(self.state))
        self._changed = threading.Event()
        self._poked = threading.Event()  # any event: the quiet wait looks again
        self._stop = threading.Event()
        self._last_event = 0.0
        self._threads: list[threading.Thread] = []
        self._observer = None

    @property
    def port(self) -> int:
        return self.httpd.server_address[1]

    def rebuild(self) -> None:
        """Run one build and publish it; never raises, so bad input cannot stop the server."""
        started = time.perf_counter()
        # no cyclic collection between the save and the reload: a build makes little
        # garbage, and a collector pass there costs the reload 2-20 ms (it runs once the
        # open pages were told to reload; the background work starts then too)
        collecting = gc.isenabled()
        gc.disable()
        try:
            try:
                outcome = self.build()
            except Exception as exc:  # noqa: BLE001 - a bug must not kill the live server
                outcome = BuildOutcome(None, [f"internal error while building: {exc!r}"])
            jobs = list(outcome.background) if outcome.files is not None else []
            busy = threading.Event() if jobs else None
            build_id = self.state.publish(outcome.files, outcome.errors, busy)
            self.state.wait_told(build_id, RELOAD_FIRST)
        finally:
            if collecting:
                gc.enable()
        ms = (time.perf_counter() - started) * 1000
        if outcome.errors:
            self.log(f"build {build_id} failed in {ms:.0f} ms:\n  " + "\n  ".join(outcome.errors))
        else:
            self.log(f"build {build_id} in {ms:.0f} ms {outcome.summary}".rstrip())
        if busy is not None:
            threading.Thread(target=self._background, args=(build_id, jobs, busy),
                             name="leaguegen-background", daemon=True).start()

    def _background(self, build_id: int, jobs: list[Callable[[], dict[str, bytes]]],
                    busy: threading.Event) -> None:
        """Run a build's background jobs in turn, merging each one's files as it ends."""
        try:
            for job in jobs:
                try:
                    extra = job()
                except Exception as exc:  # noqa: BLE001
                    self.log(f"background work failed: {type(exc).__name__}: {exc}")
                    continue
                if extra:
                    self.state.merge(build_id, extra)
                    self.log(f"build {build_id}: {len(extra)} file(s) made in the background")
        finally:
            busy.set()

    def notify_change(self, path: str = "", complete: bool = False) -> None:
        self._quiet = self.settled if complete else self.debounce
        self._last_event = time.monotonic()
        self._changed.set()
        self._poked.set()

    def _wait_quiet(self) -> None:
        """Wait for a quiet moment (an editor's burst of saves is one rebuild), looking
        again at every event: a write's "modified" asks for ``debounce``, and the "closed"
        that follows it a moment later for ``settled`` only (slept through, every save
        waited the whole ``debounce``: 25 ms of a 100 ms save -> reload)."""
        while True:
            self._poked.clear()
            waited = time.monotonic() - self._last_event
            if waited >= self._quiet:
                return
            self._poked.wait(max(0.002, self._quiet - waited))

    def _builder(self) -> None:
        while not self._stop.is_set():
            if not self._changed.wait(timeout=0.5):
                continue
            self._wait_quiet()
            self._changed.clear()
            if not self._stop.is_set():
                self.rebuild()

    def start(self) -> None:
        # watch first: a save made while the first build runs must not be missed
        self._start_watching()
        self.rebuild()
        serve = threading.Thread(target=self.httpd.serve_forever, name="leaguegen-http",
                                 daemon=True)
        builder = threading.Thread(target=self._builder, name="leaguegen-build", daemon=True)
        self._threads = [serve, builder]
        for t in self._threads:
            t.start()

    def _start_watching(self) -> None:
        from watchdog.events import FileSystemEventHandler
        from watchdog.observers import Observer

        server = self

        class OnChange(FileSystemEventHandler):
            def on_any_event(self, event) -> None:  # noqa: ANN001
                if event.event_type in ("opened", "closed_no_write"):
                    return
                # closed after writing, moved into place, deleted, or a folder's listing
                # changed: nothing more is being written (a modified or new file may be)
                complete = event.event_type in ("closed", "moved", "deleted") or (
                    event.is_directory and event.event_type == "modified")
                server.notify_change(str(event.src_path), complete=complete)

        observer = Observer()
        for folder in self.watch:
            if folder.is_dir():
                observer.schedule(OnChange(), str(folder), recursive=True)
        observer.daemon = True
        observer.start()
        self._observer = observer

    def stop(self) -> None:
        self._stop.set()
        self._changed.set()
        if self._observer is not None:
            self._observer.stop()
        self.httpd.shutdown()
        self.httpd.server_close()
