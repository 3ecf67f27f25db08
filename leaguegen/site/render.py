"""The Jinja2 environment: autoescape everywhere, undefined names are errors.

Every user-visible string in the templates goes through gettext (``_``/``ngettext``)
and is looked up in the page language's catalogue (``leaguegen.site.i18n``); numbers,
points and dates go through locale filters (``num``, ``pts``, ``tb``, ``digits``,
``date``), so one template serves every language.
"""

from __future__ import annotations

import datetime as dt
import unicodedata
from contextvars import ContextVar
from functools import lru_cache
from pathlib import Path

import jinja2
from markupsafe import Markup

from leaguegen.site import formatting, i18n

TEMPLATE_DIR = Path(__file__).resolve().parents[2] / "site_template"
# Whether the build writes PDFs, so pages link them: a setting of the render, not of a
# page (``incremental.render_site`` sets it; its cache keys include it).
PDF_LINKS: ContextVar[bool] = ContextVar("PDF_LINKS", default=True)


def template_dir() -> Path:
    """The site templates: beside the package in a checkout, or installed with it."""
    installed = Path(__file__).resolve().parents[1] / "site_template"
    return installed if installed.is_dir() else TEMPLATE_DIR


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


@lru_cache(maxsize=16)
def environment(language: str = "en", digits: str = "western") -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(template_dir())),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        extensions=["jinja2.ext.i18n"],
        trim_blocks=True,
        lstrip_blocks=True,
    )
    gettext_, ngettext_ = i18n.gettext_callables(language, digits)
    env.install_gettext_callables(gettext_, ngettext_, newstyle=False)  # type: ignore[attr-defined]
    fmt = i18n.Formatter(language, digits)
    lang = i18n.language(language)

    def _date(value: dt.date | None, style: str = "long") -> str:
        return fmt.date(value, style)

    env.filters.update(date=_date, num=fmt.number, pts=fmt.points, tb=fmt.tiebreak,
                       tb_columns=formatting.decimal_columns,
                       digits=fmt.digits_of, percent=fmt.percent,
                       lang_tag=lambda code: i18n.language(code).tag,
                       lang_name=lambda code: i18n.language(code).name,
                       lang_prefix=i18n.prefix, bdi=_isolate(lang.rtl), strong=_wrap("strong"))
    env.globals.update(language=language, lang_tag=lang.tag,
                       dir="rtl" if lang.rtl else "ltr", comma=lang.comma,
                       pdf_links=PDF_LINKS.get)
    return env


def render(template: str, page: object, language: str = "en") -> str:
    season = getattr(page, "season", None)
    digits = getattr(season, "digits", "western")
    return environment(language, digits).get_template(template).render(page=page)
