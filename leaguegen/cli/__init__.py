"""The thin command line: parse arguments, call the library, print, map errors to exit codes.

Exit codes: 0 success; 1 the input is valid but the request cannot be met
(e.g. no legal pairing); 2 unreadable or invalid input.
Each command lives in its own module and registers itself on ``main``.

The modules are imported only when their command runs (click's documented lazy
group): importing all of them pulled in the pairing engines and the planner, about
0.35 s before ``leaguegen build`` could even see that nothing changed. ``COMMANDS``
names the module of every command; ``tests/cli/test_lazy_commands.py`` holds it to
what the modules register.
"""

from __future__ import annotations

import importlib

import click

from leaguegen.cli import speech
from leaguegen.errors import Message

COMMANDS: dict[str, str] = {
    "build": "season_cmds", "check": "season_cmds", "new": "season_cmds",
    "docs": "docs_cmd", "schedule": "season_cmds",
    "check-pairings": "check_pairings_cmd",
    "result": "chore_cmds", "withdraw": "chore_cmds", "enter": "chore_cmds", "bye": "chore_cmds",
    "export": "export_cmd", "freeze": "freeze_cmd", "generate": "generate_cmd",
    "import": "import_cmd", "pair": "pair_cmd", "plan": "plan_cmd", "serve": "serve_cmd",
    "standings": "standings_cmd", "prizes": "prizes_cmd", "rating-report": "rating_cmd",
    "schema": "schema_cmd", "diff": "diff_cmd", "check-files": "check_files_cmd",
    "checkin": "checkin_cmd",
    "print": "print_cmd",
    "next-season": "next_season_cmd",
}


def _translated(text: str | None) -> str | None:
    """A help text in the run's language (the catalogue's msgid is the English text)."""
    return speech.translate(text) if text else text


class _SpeakingHelp:
    """Help in the run's language: the English help texts are swapped for their
    translations while click formats them, then put back (the command objects are shared
    by every run in a process, e.g. the tests)."""

    def format_help(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        saved = [(self, self.help, self.short_help)]
        saved += [(p, getattr(p, "help", None), None) for p in self.get_params(ctx)]
        try:
            self.help = _translated(self.help)
            for param in self.get_params(ctx):
                if getattr(param, "help", None):
                    param.help = _translated(param.help)
            super().format_help(ctx, formatter)
        finally:
            for thing, help_text, short in saved:
                if hasattr(thing, "help"):
                    thing.help = help_text
                if thing is self:
                    self.short_help = short

    def get_short_help_str(self, limit: int = 45) -> str:
        if speech.language() == "en":
            return super().get_short_help_str(limit)
        saved = (self.help, self.short_help)
        try:
            self.help, self.short_help = _translated(self.help), _translated(self.short_help)
            return super().get_short_help_str(limit)
        finally:
            self.help, self.short_help = saved


def _say_click_errors(method):  # noqa: ANN001, ANN202 - a click method
    """Translate the message of a ClickException (a Message) as it leaves ``method``."""
    def wrapped(self, *args, **kwargs):  # noqa: ANN001, ANN002, ANN003, ANN202
        try:
            return method(self, *args, **kwargs)
        except click.ClickException as exc:
            if isinstance(exc.message, Message):
                exc.message = speech.say(exc.message)
            raise
    return wrapped


class SpeakingCommand(_SpeakingHelp, click.Command):
    """Every command: says its help and errors in the run's language, and for a command
    on a season folder (a ``season_dir`` argument) takes the season's language unless
    ``--lang`` chose one."""

    @_say_click_errors
    def invoke(self, ctx: click.Context) -> object:
        speech.use_season(ctx.params.get("season_dir"))
        return super().invoke(ctx)

    @_say_click_errors
    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        return super().parse_args(ctx, args)


def _start(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """``--lang``: eager, so the language is known before any help or error is said."""
    code = speech.code_of(value) if value else None
    if value and code is None:
        raise click.BadParameter(Message("{value!r} is not one of {choices}", value=value,
                                         choices=", ".join(speech.LANGUAGES)))
    speech.start(code)
    return code


class LazyGroup(_SpeakingHelp, click.Group):
    """A group whose commands' modules are imported when a command is looked up."""

    command_class = SpeakingCommand

    def main(self, *args, **kwargs):  # noqa: ANN002, ANN003, ANN201 - click's signature
        """click's main, then the language put back to English for whatever runs next in
        this process (``--lang``, a season's language and the patched click words)."""
        try:
            return super().main(*args, **kwargs)
        finally:
            speech.reset()

    @_say_click_errors
    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        return super().parse_args(ctx, args)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        module = COMMANDS.get(cmd_name)
        if module is None:
            return None
        importlib.import_module(f"{__name__}.{module}")  # registers its commands on main
        return self.commands.get(cmd_name)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--lang", metavar="LANG", envvar="LEAGUEGEN_LANG", is_eager=True,
              expose_value=False, callback=_start,
              help="The language of messages: en, ru, zh_Hans, ar (default: the season's,"
                   " else the locale's).")
@click.version_option(package_name="leaguegen")
def main() -> None:
    """Run chess leagues and tournaments from plain files; publish them as a static site."""
