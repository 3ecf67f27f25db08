"""`leaguegen serve`: live preview with rebuild on save and browser reload.

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
def serve(season_dir: Path, port: int, host: str, no_pdf: bool) -> None:
    """Serve SEASON_DIR's site, rebuild on every save and reload open pages.

    SEASON_DIR is a season or a folder of seasons, as for `leaguegen build`.
    """
    from leaguegen.serve import BuildOutcome, DevServer
    from leaguegen.site.live import LiveSite
    from leaguegen.site.render import template_dir
    from leaguegen.site.season_index import is_seasons_folder

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
