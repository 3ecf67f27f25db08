"""What ``leaguegen build`` says while it works: a bar on a terminal, plain lines elsewhere.

The build reports (stage, done, total) through a callback (``site.pipeline.Progress``):
sections whose pages are ready, then PDFs rendered of those pending. On a terminal
that is click's progress bar; in a log (stderr not a terminal, as in CI or Netlify)
it is a line at the start, every tenth of the way and at the end of each stage, so a
long build shows it is alive without flooding the log. Progress goes to stderr, so
stdout keeps the one summary line; ``-q`` turns it off. A build that is over within
``delay`` seconds (most club seasons) shows nothing.
"""

from __future__ import annotations

import sys
import time
from typing import TextIO

import click

from leaguegen.cli import speech
from leaguegen.errors import Message

LABELS = {"pages": Message("Rendering pages"), "pdfs": Message("Rendering PDFs")}
UNITS = {"pages": Message("sections"), "pdfs": Message("PDFs")}


class BuildProgress:
    """A ``Progress`` callback: call it with (stage, done, total); ``close`` at the end."""

    def __init__(self, stream: TextIO | None = None, terminal: bool | None = None,
                 delay: float = 1.0):
        self.started = time.monotonic()
        self.delay = delay
        self.stream = stream or sys.stderr
        self.terminal = self.stream.isatty() if terminal is None else terminal
        self.stage: str | None = None
        self.bar = None  # click's ProgressBar while a stage is shown as a bar
        self.shown = 0  # the bar's position, or the tenth last printed as a line

    def __call__(self, stage: str, done: int, total: int) -> None:
        if self.stage is None and time.monotonic() - self.started < self.delay:
            return  # a short build says nothing
        if stage != self.stage:
            self._end_stage()
            self.stage = stage
            self.shown = -1
            if self.terminal:
                self.bar = click.progressbar(length=total,
                                             label=speech.say(LABELS.get(stage, stage)),
                                             file=self.stream, show_pos=True)
                self.bar.__enter__()
                self.shown = 0
        if self.bar is not None:
            self.bar.update(done - self.shown)
            self.shown = done
            return
        tenth = done * 10 // total if total else 10
        if tenth != self.shown and (tenth > self.shown or done == total):
            self.shown = tenth
            click.echo(f"{speech.say(LABELS.get(stage, stage))}: {done}/{total}"
                       f" {speech.say(UNITS.get(stage, ''))}"
                       .rstrip(), file=self.stream)

    def _end_stage(self) -> None:
        if self.bar is not None:
            self.bar.__exit__(None, None, None)
            self.bar = None

    def close(self) -> None:
        self._end_stage()
