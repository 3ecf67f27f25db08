"""`leaguegen serve`: live preview with rebuild on save and browser reload.

``--lan`` serves the site to the local network (the hall's Wi-Fi on a tournament day, when
the internet is poor): it listens on every interface, prints a warning, the address
phones can open and its QR code. The server only answers GET requests (any other method
gets 501 from ``http.server``) and writes nothing: the site is read-only from the hall.

Exit 2 when it cannot listen (the port is taken or not allowed, an unknown
host); it runs until Ctrl+C otherwise.
"""

from __future__ import annotations

import errno
import gc
import sys
import time
from pathlib import Path

import click

from leaguegen.cli import main
from leaguegen.cli.speech import echo, echo_block
from leaguegen.errors import Message


@main.command()
@click.argument("season_dir", type=click.Path(file_okay=False, exists=True, path_type=Path))
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535),
              help="Port to listen on (0 = any).")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on; the default keeps the preview on this machine.")
@click.option("--no-pdf", is_flag=True, help="Do not make PDFs while previewing.")
@click.option("--lan", is_flag=True,
              help="Serve to the local network (read-only), e.g. phones in the playing hall;"
                   " prints the address and its QR code.")
def serve(season_dir: Path, port: int, host: str, no_pdf: bool, lan: bool) -> None:
    """Serve SEASON_DIR's site, rebuild on every save and reload open pages.

    SEASON_DIR is a season or a folder of seasons, as for `leaguegen build`.
    """
    from leaguegen.serve import BuildOutcome, DevServer
    from leaguegen.site.live import LiveSite
    from leaguegen.site.render import template_dir
    from leaguegen.site.season_index import is_seasons_folder

    if lan:
        host = "0.0.0.0"
    if is_seasons_folder(season_dir):  # a folder of seasons: the site `build` makes of it
        from leaguegen.site.live_seasons import LiveSeasons

        site = LiveSeasons(season_dir, pdf=not no_pdf)
    else:
        site = LiveSite(season_dir, pdf=not no_pdf)

    def build() -> BuildOutcome:
        built, errors = site.build()
        if built is None:
            return BuildOutcome(None, errors)
        return BuildOutcome(built, [], site.background(built), site.summary(built))

    try:
        server = DevServer(build, [season_dir, template_dir()], host=host, port=port,
                           log=lambda m: echo_block(m, err=True))
    except OSError as exc:
        if exc.errno == errno.EADDRINUSE:
            _cannot_listen(f"port {port} is in use; try --port {port + 1 if port else 8001}"
                           " (or --port 0 for any free port)")
        if exc.errno == errno.EACCES:
            _cannot_listen(f"port {port} needs special permission; try --port 8000")
        _cannot_listen(f"cannot listen on {host}:{port}: {exc.strerror or exc}")
    server.start()
    # the first build's objects live as long as the server: keep them out of the cyclic
    # collector, whose full passes over them cost a save a few hundred milliseconds
    gc.freeze()
    echo(Message("Serving {season_dir} at http://{host}:{port}/ (Ctrl+C to stop)",
                 season_dir=season_dir, host=host, port=server.port), err=True)
    if lan:
        click.echo(lan_banner(lan_address(), server.port), err=True)
    try:
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        echo(Message("Stopping."), err=True)
    finally:
        server.stop()


def _cannot_listen(message: str) -> None:
    echo(Message("error: {message}", message=message), err=True)
    sys.exit(2)


def lan_address() -> str | None:
    """This machine's address on the local network: the one its traffic would leave from
    (a UDP socket "connected" to a documentation address sends nothing), None when it has
    no network but the loopback."""
    import socket

    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1 (RFC 5737): no packet is sent
            address = probe.getsockname()[0]
        except OSError:
            return None
    return None if address.startswith("127.") or address == "0.0.0.0" else address


def lan_banner(address: str | None, port: int) -> str:
    """What ``serve --lan`` prints: the warning, the address and its QR code (segno's
    text drawing, two rows of modules to a line)."""
    warning = ("warning: serving to the local network (--lan): anyone on this network can"
               " read the site, and its preview shows the season's errors too. Nothing can"
               " be changed through it (it answers GET requests only). Stop it with Ctrl+C"
               " when the day is over.")
    if address is None:
        return warning + ("\nNo network address found (only the loopback): connect this"
                          " machine to the hall's network and start again.")
    import io

    import segno

    url = f"http://{address}:{port}/"
    drawing = io.StringIO()
    segno.make(url, error="m", micro=False).terminal(out=drawing, compact=True)
    return f"{warning}\nOn the hall's network, open {url}\n{drawing.getvalue()}"
