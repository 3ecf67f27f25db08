"""The Jinja2 environment: autoescape everywhere, undefined names are errors.

Every user-visible string in the templates goes through gettext (``_``), so
translations can be added without touching a template.
"""

from __future__ import annotations

import datetime as dt
import gettext
from functools import lru_cache
from pathlib import Path

import jinja2

TEMPLATE_DIR = Path(__file__).resolve().parents[2] / "site_template"


def template_dir() -> Path:
    """The site templates: beside the package in a checkout, or installed with it."""
    installed = Path(__file__).resolve().parents[1] / "site_template"
    return installed if installed.is_dir() else TEMPLATE_DIR


def _date(value: dt.date | None, style: str = "long") -> str:
    if value is None:
        return ""
    if style == "short":
        return f"{value.day} {value:%b}"
    return f"{value:%a} {value.day} {value:%B %Y}"


@lru_cache(maxsize=8)
def environment(language: str = "en") -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(template_dir())),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        extensions=["jinja2.ext.i18n"],
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.install_gettext_translations(gettext.NullTranslations(), newstyle=True)  # type: ignore[attr-defined]
    env.filters["date"] = _date
    env.globals["language"] = language
    return env


def render(template: str, page: object, language: str = "en") -> str:
    return environment(language).get_template(template).render(page=page)
