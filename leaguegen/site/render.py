"""The Jinja2 environment: autoescape everywhere, undefined names are errors.

Every user-visible string in the templates goes through gettext (``_``/``ngettext``)
and is looked up in the page language's catalogue (``leaguegen.site.i18n``); numbers,
points and dates go through locale filters (``num``, ``pts``, ``tb``, ``digits``,
``date``), so one template serves every language.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import os
import unicodedata
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from types import FunctionType

import jinja2
from jinja2.compiler import CodeGenerator
from jinja2.runtime import Context, Macro
from markupsafe import Markup, escape

from leaguegen.domain import report_links
from leaguegen.domain.names import family_first, grammatical_gender
from leaguegen.site import formatting, i18n
from leaguegen.site.program import template_dir, user_cache

try:  # MarkupSafe 3: its C escaping of a str, without the Markup around it
    from markupsafe import _escape_inner as escape_text
except ImportError:  # pragma: no cover - MarkupSafe 2 (pyproject allows it): as Jinja2 does
    escape_text = escape  # type: ignore[assignment]

# Whether the build writes PDFs, so pages link them: a setting of the render, not of a
# page (``incremental.render_site`` sets it; its cache keys include it).
PDF_LINKS: ContextVar[bool] = ContextVar("PDF_LINKS", default=True)
# The pages of the last build a long-running process (``serve``: ``pipeline.Memo.pages``)
# keeps, by path, each with the key of what it was made of; and the key of what every page
# of the language being rendered reads (templates, the season's frame). Set around a
# language's render by ``incremental.render_site``; None: every page is made.
KEPT_PAGES: ContextVar[tuple[str, dict[str, tuple[str, str]]] | None] = ContextVar(
    "KEPT_PAGES", default=None)


def kept_page(path: str, inputs: object, make: Callable[[], str]) -> str:
    """``make()``, or the page the last build made at ``path`` from the same ``inputs``
    (everything the page reads but the templates and the season's frame: its repr is
    hashed). For the pages of a section that a save usually leaves as they were (the
    standings after each earlier round): a result in round N makes those from round N on
    only, not all of them with the rest of the section."""
    kept = KEPT_PAGES.get()
    if kept is None:
        return make()
    frame, pages = kept
    key = hashlib.sha256(f"{frame}\x1f{inputs!r}".encode()).hexdigest()
    known = pages.get(path)
    if known is not None and known[0] == key:
        return known[1]
    html = make()
    pages[path] = (key, html)
    return html


def _wrap(tag: str):  # noqa: ANN202
    """A filter putting (escaped) text in an element, e.g. a name in <bdi> inside a sentence."""
    def wrap(value: object) -> Markup:
        return Markup(f"<{tag}>%s</{tag}>") % value
    return wrap


def _isolate(rtl_page: bool):  # noqa: ANN202
    """Names inside a sentence in <bdi> when their direction may differ from the page's."""
    def isolate(value: object) -> Markup | str:
        text = str(value)
        rtl_name = any(unicodedata.bidirectional(ch) in ("R", "AL") for ch in text)
        return Markup("<bdi>%s</bdi>") % text if rtl_page or rtl_name else text
    return isolate


def _some(items: object, attribute: str, inner: str | bool | None = None) -> bool:
    """``items|some("withdrew")``: whether any item has the attribute and it is true (one
    Python pass where ``selectattr("withdrew", "defined")|selectattr("withdrew")|list``
    costs a Jinja2 test per item and a list: every player page asks it).
    ``rounds|some("boards", "withdrew")``: whether any board of any round has it;
    ``rows|some("provisional", true)``: whether any element of any row's is true."""
    if inner is True:
        return any(any(getattr(item, attribute)) for item in items)  # type: ignore[attr-defined]
    if inner is not None:
        return any(getattr(x, inner, False) for item in items  # type: ignore[attr-defined]
                   for x in getattr(item, attribute))
    return any(getattr(item, attribute, False) for item in items)  # type: ignore[attr-defined]


def _memo_gettext(gettext_):  # noqa: ANN001,ANN202
    """``_("text")`` without variables is the same Markup every time; look it up once."""
    known: dict[str, str] = {}
    # with variables: keyed by their types too (1 and 1.0, Markup and str are equal keys
    # that format differently); bounded, for a long ``serve``
    with_variables: dict[tuple, str] = {}

    def cached(message: str, **variables: object) -> str:
        if variables:
            try:
                key = (message, *((k, type(v), v) for k, v in variables.items()))
                return with_variables[key]
            except KeyError:
                if len(with_variables) >= 100_000:
                    with_variables.clear()
                text = with_variables[key] = gettext_(message, **variables)
                return text
            except TypeError:  # an unhashable value: simply formatted
                return gettext_(message, **variables)
        text = known.get(message)
        if text is None:
            text = known[message] = gettext_(message)
        return text
    return cached


def _bytecode_cache(language: str, digits: str) -> jinja2.BytecodeCache | None:
    """Compiled templates kept between processes (compiling all of them costs most of a
    second, which every ``build`` paid). Jinja2 checks each entry against its template's
    source, so an edited template is compiled again. The folder is the user's cache
    (``program.user_cache``); when it cannot be made, templates are compiled as before.
    One folder per language and digits: Jinja2 folds filters of constants
    (``{{ 1|digits }}``) into the code."""
    # the code is this module's generator's (_Generator): named apart from other versions'
    folder = user_cache(f"templates-{jinja2.__version__}-{_GENERATOR}") / f"{language}-{digits}"
    try:
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    except OSError:
        return None
    if not os.access(folder, os.W_OK) or folder.is_symlink():
        return None
    return jinja2.FileSystemBytecodeCache(str(folder))


def _memo_macro():  # noqa: ANN202
    """``memo(macro, *args)``: a macro's output for these arguments, rendered once.

    For the small macros a page calls hundreds of times with the same few values (a
    player's name cell on a rounds page, a result symbol): their output depends only on
    their arguments, the environment's language and digits (one memo per environment)
    and whether pages link PDFs. Keyed by the macro's code, which every instance of a
    template shares; bounded, so that a long ``serve`` does not grow without end.
    """
    known: dict = {}

    def memo(macro: jinja2.runtime.Macro, *args: object) -> object:
        try:
            key = (macro._func.__code__, PDF_LINKS.get(), args)
            return known[key]
        except KeyError:
            if len(known) >= 100_000:
                known.clear()
            result = known[key] = macro(*args)
            return result
        except TypeError:  # unhashable arguments: simply rendered
            return macro(*args)
    return memo


# Within ``templates_pinned()``: each template found once (see _Environment.get_template).
_PINNED: ContextVar[dict | None] = ContextVar("_PINNED", default=None)


@contextmanager
def templates_pinned() -> Iterator[None]:
    """Look each template up once inside: a section's pages (a big season: 40 per section)
    render their template, its layouts and the partials it imports hundreds of times, and
    every lookup went through Jinja2's locked cache and a ``stat`` of the file (24,000 a
    build). The templates are those of the first lookup inside; an edit (``serve``) is
    seen by the next section rendered, as the templates' fingerprint in the cache keys
    is taken before rendering starts."""
    token = _PINNED.set({})
    try:
        yield
    finally:
        _PINNED.reset(token)


def _written(value: object) -> str:
    """What ``{{ value }}`` writes into the page: ``markupsafe.escape(value)``'s text.

    Jinja2 wraps every value a page writes in ``escape``, which makes a ``Markup`` of it
    (two calls in Python, a big season's pages write millions of values) only to join
    it into the page's text at once. Every buffer a template keeps (a macro's output, a
    ``{% set %}`` block, a filter block) is made ``Markup`` again from the joined text,
    so nothing downstream sees the difference: the pages are the same, byte for byte."""
    if type(value) is str:
        return escape_text(value)
    html = getattr(value, "__html__", None)
    return html() if html is not None else escape_text(str(value))


_GENERATOR = "w1"  # the compiled templates' flavour (the bytecode cache's folder)


class _Generator(CodeGenerator):
    """Jinja2's code, with a value written into an autoescaped page by :func:`_written`."""

    def _output_child_pre(self, node, frame, finalize):  # noqa: ANN001,ANN202
        if frame.eval_ctx.volatile or not frame.eval_ctx.autoescape:
            return super()._output_child_pre(node, frame, finalize)
        self.write("environment.written(")
        if finalize.src is not None:
            self.write(finalize.src)
        return None


class _Context(Context):
    """Jinja2's context, calling a macro or a plain function (``_``, ``memo``) at once.

    Jinja2's ``Context.call`` asks every callable whether it wants the context passed
    (three attribute look-ups, two of them failing) on each call: a big season's pages
    make hundreds of thousands. Neither a macro nor a function without ``jinja_pass_arg``
    takes one, so those are called as Jinja2 would call them; the rest go to Jinja2."""

    def call(__self, __obj, *args, **kwargs):  # noqa: ANN001,ANN002,ANN003,ANN204,N805
        kind = type(__obj)
        if kind is not Macro and (kind is not FunctionType
                                  or "jinja_pass_arg" in __obj.__dict__):
            return super().call(__obj, *args, **kwargs)
        if kwargs:
            kwargs.pop("_block_vars", None)
            kwargs.pop("_loop_vars", None)
        try:
            return __obj(*args, **kwargs)
        except StopIteration:
            return __self.environment.undefined("value was undefined because a callable"
                                                " raised a StopIteration exception")


class _Environment(jinja2.Environment):
    code_generator_class = _Generator
    context_class = _Context
    written = staticmethod(_written)

    def get_template(self, name, parent=None, globals=None):  # noqa: ANN001,ANN201,A002
        """Jinja2's lookup, or the template found already inside ``templates_pinned``."""
        pinned = _PINNED.get()
        if pinned is None or globals or not isinstance(name, str):
            return super().get_template(name, parent, globals)
        key = (self, name, parent)
        template = pinned.get(key)
        if template is None:
            template = pinned[key] = super().get_template(name, parent)
        return template

    def make_globals(self, d):  # noqa: ANN001,ANN201 - Jinja2's signature
        """Each template's globals as a plain dict, not Jinja2's ChainMap over the
        environment's: every ``{% from ... import %}`` compares the importer's globals
        with the imported template's (``Template._get_default_module``) and every render
        copies them into its context, and a ChainMap is walked key by key in Python (a
        big season's pages import 11,000 times). The environment's globals are all set
        in :func:`environment` before a template is loaded, so the copy misses nothing."""
        return {**self.globals, **(d or {})}


@lru_cache(maxsize=16)
def environment(language: str = "en", digits: str = "western") -> jinja2.Environment:
    env = _Environment(
        loader=jinja2.FileSystemLoader(str(template_dir())),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        extensions=["jinja2.ext.i18n"],
        trim_blocks=True,
        lstrip_blocks=True,
        bytecode_cache=_bytecode_cache(language, digits),
    )
    gettext_, ngettext_ = i18n.gettext_callables(language, digits)
    gettext_ = _memo_gettext(gettext_)
    env.install_gettext_callables(gettext_, ngettext_, newstyle=False)  # type: ignore[attr-defined]
    env.globals["_"] = gettext_  # called directly, not through the extension's alias
    env.globals["pgettext"], env.globals["npgettext"] = i18n.pgettext_callables(language,
                                                                              digits)
    fmt = i18n.Formatter(language, digits)
    lang = i18n.language(language)

    def _date(value: dt.date | None, style: str = "long") -> str:
        return fmt.date(value, style)

    remembered = formatting.remembered
    figures = formatting.numbers(language, digits)  # the page contexts' figures too
    env.filters.update(date=remembered(_date), num=figures.number, pts=figures.points,
                       tb=figures.tiebreak, digits=remembered(fmt.digits_of),
                       percent=remembered(fmt.percent), place=remembered(fmt.place),
                       tb_columns=formatting.decimal_columns,
                       lang_tag=lambda code: i18n.language(code).tag,
                       lang_name=lambda code: i18n.language(code).name,
                       lang_prefix=i18n.prefix, bdi=_isolate(lang.rtl), strong=_wrap("strong"),
                       css_string=formatting.css_string, some=_some,
                       gender=grammatical_gender, tb_modifiers=formatting.tiebreak_modifiers,
                       family_first=family_first)
    env.globals.update(language=language, lang_tag=lang.tag,
                       dir="rtl" if lang.rtl else "ltr", comma=lang.comma,
                       pdf_links=PDF_LINKS.get, memo=_memo_macro(),
                       report_url=report_links.report_url)
    return env


def render(template: str, page: object, language: str = "en") -> str:
    season = getattr(page, "season", None)
    digits = getattr(season, "digits", "western")
    return environment(language, digits).get_template(template).render(page=page)


def render_pdf_source(template: str, page: object, language: str = "en") -> str:
    """A section's PDF source, or "" for a build without PDFs (``PDF_LINKS`` off), which
    never reads it: ``render_site``'s cache keys hold that setting, so an empty source is
    never taken for a build that makes PDFs."""
    return render(template, page, language) if PDF_LINKS.get() else ""
