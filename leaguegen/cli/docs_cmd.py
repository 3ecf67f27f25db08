"""``leaguegen docs [TOPIC]``: the reference pages, in the run's language where translated.

The English pages are ``docs/*.md`` (installed as ``leaguegen/docs``); a translation is
``docs/<language>/<topic>.md``, the same file name in the language's folder (the
catalogue codes: ``ru``, ``zh_Hans``, ``ar``). The language is the run's: ``--lang``, else
the locale. ``docs`` reads no season, so no season's language has a say, and a
``season_dir`` is never looked for. A topic not translated into the language is printed in
English with a note on stderr: stdout is always the page alone, whatever the language, so
it can be piped or saved.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from leaguegen.cli import main, speech
from leaguegen.cli.speech import echo
from leaguegen.errors import Message

EXIT_INVALID = 2


def docs_dir() -> Path:
    """The reference pages: installed inside the package, or ``docs/`` of a checkout."""
    installed = Path(__file__).resolve().parents[1] / "docs"
    if installed.is_dir():
        return installed
    return Path(__file__).resolve().parents[2] / "docs"


def topics() -> dict[str, Path]:
    """The English pages by topic: every page has one, translated or not."""
    return {p.stem: p for p in sorted(docs_dir().glob("*.md"))}


def translated(code: str) -> dict[str, Path]:
    """The pages translated into ``code`` (none for English), by topic; only topics that
    have an English page count, so a stray file cannot add a topic in one language."""
    if code == "en":
        return {}
    english = topics()
    return {p.stem: p for p in sorted((docs_dir() / code).glob("*.md")) if p.stem in english}


def page(topic: str, code: str) -> tuple[Path, bool] | None:
    """The page to print for ``topic`` in ``code`` and whether it is in that language;
    None when there is no such topic."""
    name = topic.removesuffix(".md")
    english = topics().get(name)
    if english is None:
        return None
    own = translated(code).get(name)
    return (own, True) if own is not None else (english, code == "en")


@main.command()
@click.argument("topic", required=False)
def docs(topic: str | None) -> None:
    """Print a page of the reference (season-format, netlify, ...); without TOPIC, list them."""
    code = speech.language()
    if topic is None:
        for name in topics():
            click.echo(name)
        if code != "en":
            echo(Message("note: in this language: {pages}; the others are in English.",
                         pages=", ".join(translated(code)) or "-"), err=True)
        return
    found = page(topic, code)
    if found is None:
        echo(Message("no page {topic!r}; the pages are: {pages}",
                     topic=topic, pages=", ".join(topics())), err=True)
        sys.exit(EXIT_INVALID)
    path, in_language = found
    if not in_language:
        echo(Message("note: the page {topic!r} is not translated yet; it follows in English.",
                     topic=path.stem), err=True)
    click.echo(path.read_text(encoding="utf-8"), nl=False)
