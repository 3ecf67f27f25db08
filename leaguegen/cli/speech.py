"""What the command line says, in the reader's language: en, ru, zh_Hans or ar.

Messages arise in English (:class:`leaguegen.errors.Message`: a template and named values)
wherever the problem is found; they are translated here, when printed, through the same
gettext catalogues as the pages (``site_template/locale``). The language is, in order:

1. ``--lang`` (or ``LEAGUEGEN_LANG``), given to ``leaguegen`` before the command;
2. for a command on a season folder, the season's language (the first of ``languages``);
3. the locale: ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` (``ru_RU.UTF-8`` is Russian);
4. English.

What stays the same in every language: the ``file:line:col:`` prefix, exit codes, and every
value the organiser wrote (names, paths, keys, scores), said as written. In Arabic each
value is isolated (U+2068 FIRST STRONG ISOLATE … U+2069 POP DIRECTIONAL ISOLATE) so a Latin
name or path cannot reorder the Arabic sentence around it, and a problem's sentence after its
``file:line:col:`` is isolated right to left (U+2067 … U+2069), so it reads in Arabic order
after the Latin place. Control characters in values are
escaped as :func:`leaguegen.cli.terminal.printable` does, before the isolates are added.

English never loads a catalogue: the msgid is the English text.
"""

from __future__ import annotations

import os
import re
import string
from collections.abc import Iterable
from pathlib import Path

import click

from leaguegen.cli.terminal import pad, printable
from leaguegen.errors import InputError, Message, Problem, is_message_list

LANGUAGES = ("en", "ru", "zh_Hans", "ar")
ALIASES = {"zh": "zh_Hans", "zh-hans": "zh_Hans", "zh_hans": "zh_Hans", "zh-cn": "zh_Hans",
           "zh_cn": "zh_Hans"}
FSI, RLI, PDI, RLM = "\u2068", "\u2067", "\u2069", "\u200f"
RTL = ("ar",)


class _State:
    """The language of this run, and whether ``--lang`` chose it (the season may not)."""

    language = "en"
    explicit = False


STATE = _State()


def code_of(text: str | None) -> str | None:
    """The catalogue code for ``ru``, ``ru_RU.UTF-8``, ``zh-Hans``, ``ar_JO``; None if none."""
    if not text:
        return None
    raw = text.split(".")[0].split("@")[0].strip()
    if raw in LANGUAGES:
        return raw
    low = raw.lower()
    if low in ALIASES:
        return ALIASES[low]
    base = low.replace("-", "_").split("_")[0]
    if base == "zh":
        return "zh_Hans"
    return base if base in LANGUAGES else None


def locale_language(environ: dict[str, str] | None = None) -> str:
    """The language of the locale (POSIX order: LC_ALL, LC_MESSAGES, LANG); English if none."""
    env = os.environ if environ is None else environ
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name)
        if value:  # the first one set decides, even if it is C or POSIX (English)
            return code_of(value) or "en"
    return "en"


# click's own words (usage, option lists, its error lines), as click writes them; click
# looks each up through gettext as it says it, so they are in our catalogues too.
CLICK_MSGIDS = ("Usage:", "Options", "Commands", "Error: {message}",
                "Try '{command} {option}' for help.", "Invalid value for {param_hint}: {message}",
                "Invalid value: {message}", "Missing argument", "Missing option",
                "Missing parameter", "No such option {name!r}.", "No such command {name!r}.",
                "Missing command.", "Show this message and exit.", "Show the version and exit.",
                "default: {default}", "env var: {var}", "Aborted!")
CLICK_PLURALS = (("Did you mean {possibility}?", "(Did you mean one of: {possibilities}?)"),
                 ("Got unexpected extra argument ({args})",
                  "Got unexpected extra arguments ({args})"),
                 ("Option {name!r} requires an argument.",
                  "Option {name!r} requires {nargs} arguments."))


def start(lang: str | None) -> None:
    """At the start of every run: ``--lang`` if given, else the locale."""
    code = code_of(lang) if lang else None
    STATE.explicit = code is not None
    _set(code or locale_language())


def reset() -> None:
    """After a run: English, nothing chosen, click's own gettext (a process that runs
    several commands, such as the tests, starts each one afresh)."""
    STATE.explicit = False
    _set("en")


def _set(code: str) -> None:
    STATE.language = code
    _click_speaks(code)


def _click_speaks(code: str) -> None:
    """Point click's gettext at our catalogue for ``code`` (English: gettext's own, which
    says click's English)."""
    import gettext

    import click.core
    import click.exceptions
    import click.formatting
    import click.parser

    catalogue = None if code == "en" else _catalogue(code)
    said = gettext.gettext if catalogue is None else catalogue.gettext
    counted = gettext.ngettext if catalogue is None else catalogue.ngettext
    for module in (click.core, click.exceptions, click.formatting, click.parser):
        if hasattr(module, "_"):
            module._ = said  # type: ignore[attr-defined]
        if hasattr(module, "ngettext"):
            module.ngettext = counted  # type: ignore[attr-defined]


def translate(text: str, code: str | None = None) -> str:
    """The catalogue's translation of a plain msgid (a help text), or the text itself."""
    code = code or STATE.language
    return text if code == "en" or not text else _catalogue(code).gettext(text)


def use_season(season_dir: str | Path | None) -> None:
    """For a season command: the season's language, unless ``--lang`` chose one.

    Read from ``season.yaml`` with the YAML parser alone, before the season is loaded, so
    the season's own problems are said in its language; a season.yaml that cannot be read
    leaves the locale's language.
    """
    if STATE.explicit or season_dir is None:
        return
    code = season_language(Path(season_dir))
    if code:
        _set(code)


def season_language(folder: Path) -> str | None:
    """``language:`` or the first of ``languages:`` in ``folder/season.yaml``, if readable."""
    import yaml

    try:
        data = yaml.safe_load((folder / "season.yaml").read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, yaml.YAMLError, ValueError):
        return None
    if not isinstance(data, dict):
        return None
    many = data.get("languages")
    first = many[0] if isinstance(many, list) and many else data.get("language")
    return code_of(first) if isinstance(first, str) else None


def language() -> str:
    return STATE.language


def _catalogue(code: str):  # noqa: ANN202 - gettext.NullTranslations
    from leaguegen.site.i18n import translations

    return translations(code)


class _Said(str):
    """A value already said in the language (a nested message): not isolated again."""


# a text value's format spec that only aligns it in a column: ``{name:<28}``, ``{word:>7}``
_COLUMN = re.compile(r"(?:(?P<fill>.)?(?P<align>[<>^]))?(?P<width>\d+)")


class _Formatter(string.Formatter):
    """str.format, with each value made printable and, in Arabic, isolated."""

    def __init__(self, isolate: bool):
        self.isolate = isolate

    def format_field(self, value: object, format_spec: str) -> str:
        column = _COLUMN.fullmatch(format_spec) if isinstance(value, str) else None
        if column is None:
            text = format(value, format_spec)
        else:  # a text in a column: padded by the terminal's columns, not by characters
            text = value if isinstance(value, _Said) else "\n".join(
                printable(line) for line in value.split("\n"))
            text = pad(text, int(column["width"]), column["align"] or "<",
                       column["fill"] or " ")
        if isinstance(value, _Said):
            return text
        if column is None:
            text = "\n".join(printable(line) for line in text.split("\n"))
        if self.isolate and text and not isinstance(value, int | float):
            return f"{FSI}{text}{PDI}"
        return text


def say(message: object, code: str | None = None) -> str:
    """``message`` in the language (``code`` or this run's): a Message is translated, a
    plain string is only made printable (it was not written to be translated)."""
    code = code or STATE.language
    if isinstance(message, BaseException):  # a refusal: its message, or its English
        message = message.args[0] if len(message.args) == 1 \
            and isinstance(message.args[0], Message) else str(message)
    if isinstance(message, Problem):
        return problem(message, code)
    if not isinstance(message, Message):
        return printable(message) if not isinstance(message, _Said) else str(message)
    params = {k: _said_value(v, code) for k, v in message.params.items()}
    template = message.template
    if code != "en":
        cat = _catalogue(code)
        ctx = message.msgctxt
        if message.plural is None:
            template = cat.gettext(template) if ctx is None else cat.pgettext(ctx, template)
        else:
            count = params.get("count")
            count = count if isinstance(count, int) else 2
            template = cat.ngettext(template, message.plural, count) if ctx is None else \
                cat.npgettext(ctx, template, message.plural, count)
    elif message.plural is not None and params.get("count") != 1:
        template = message.plural
    return _Formatter(isolate=code == "ar").format(template, **params)


def _said_value(value: object, code: str) -> object:
    """A message's value as the template gets it: a nested message said, a list of them said
    and joined with the language's comma, anything else as it is."""
    if _translatable(value):
        return _Said(say(value, code))
    if is_message_list(value):
        from leaguegen.site.i18n import language

        comma = ", " if code == "en" else language(code).comma
        return _Said(comma.join(say(v, code) for v in value))  # type: ignore[union-attr]
    return value


def _translatable(value: object) -> bool:
    return isinstance(value, Message) or (isinstance(value, BaseException) and len(value.args) == 1
                                          and isinstance(value.args[0], Message))


def say_lines(message: object, code: str | None = None) -> str:
    """Like :func:`say` for a message of several lines (a plain one keeps its line breaks);
    an InputError is its problems, each said as ``check`` says it."""
    if isinstance(message, InputError):
        return "\n".join(problem(p, code) for p in message.problems)
    if isinstance(message, BaseException) and not _translatable(message):
        message = str(message)
    if isinstance(message, Message | Problem | BaseException):
        return say(message, code)
    return "\n".join(printable(line) for line in str(message).split("\n"))


def problem(p: Problem, code: str | None = None) -> str:
    """``file:line:col: message`` in the language; the prefix is the same in all of them."""
    text = say(p.message, code)
    if p.warning:
        text = say(Message("warning: {text}", text=_Said(text)), code)
    if code_or(code) in RTL:  # the sentence reads right to left after the Latin place
        text = f"{RLI}{text}{PDI}"
    where = printable(p.path)
    return f"{where}:{p.line}:{p.col}: {text}" if p.line else f"{where}: {text}"


def code_or(code: str | None) -> str:
    return code or STATE.language


def echo(message: object = "", err: bool = False, **kwargs: object) -> None:
    """click.echo of :func:`say`'s text (a plain string: :func:`printable`)."""
    click.echo(say(message), err=err, **kwargs)


def echo_block(message: object = "", err: bool = False, **kwargs: object) -> None:
    """click.echo of :func:`say_lines`'s text (a plain string keeps its line breaks)."""
    click.echo(say_lines(message), err=err, **kwargs)


def echo_row(message: object = "") -> None:
    """One line of a table: in a right-to-left language it starts with U+200F RIGHT-TO-LEFT
    MARK, so a terminal that applies the bidi algorithm lays the heading and every row out
    right to left alike (a row has no Arabic letter outside its isolated values, and would
    otherwise be laid out left to right under a right-to-left heading)."""
    text = say(message)
    click.echo(f"{RLM}{text}" if STATE.language in RTL else text)


def problems(items: Iterable[Problem], err: bool = True) -> None:
    for p in items:
        click.echo(problem(p), err=err)
