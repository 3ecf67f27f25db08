"""Page languages: message catalogues, locale formatting (CLDR via Babel) and site layout.

Catalogues are gettext ``.po`` files in ``site_template/locale/<code>/LC_MESSAGES/`` with
their compiled ``.mo`` beside them (both committed; ``tools/i18n.py compile`` rebuilds the
``.mo``, and a test fails when one is stale). Numbers, dates and half points are formatted
here, at render time, so the page contexts stay free of language.

A season published in several languages puts its first language at the root of the site
and each other one under ``/<code>/`` (``/ru/``, ``/zh-Hans/``, ``/ar/``), with the same
page paths below, so a page's other-language versions are one prefix away.
"""

from __future__ import annotations

import datetime as dt
import gettext
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from babel import Locale
from babel.dates import format_date, format_skeleton
from babel.numbers import format_decimal, format_percent
from markupsafe import Markup


@dataclass(frozen=True, slots=True)
class Language:
    code: str  # catalogue folder and season key: en, ru, zh_Hans, ar
    tag: str  # BCP 47, for lang= and hreflang=
    name: str  # in its own script, for the language switcher
    rtl: bool = False
    half: str = "fraction"  # how 1.5 points are written: "fraction" 1½ or "decimal" 1.5
    comma: str = ", "  # between the items of a list


LANGUAGES: dict[str, Language] = {
    "en": Language("en", "en", "English"),
    "ru": Language("ru", "ru", "Русский"),
    "zh_Hans": Language("zh_Hans", "zh-Hans", "简体中文", comma="、"),
    # ½ beside Arabic digits reads ambiguously right to left; Arabic uses the decimal form.
    "ar": Language("ar", "ar", "العربية", rtl=True, half="decimal", comma="، "),
}

HALF = "½"
QUARTERS = {Fraction(1, 4): "¼", Fraction(1, 2): HALF, Fraction(3, 4): "¾"}
ARABIC_INDIC = str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩")
# The prize places a language writes as words: Arabic's first ten, masculine to agree with
# المركز ("the place": المركز الأول, المراكز من الثاني إلى الثالث), as the organisers'
# guides write ordinals after a masculine noun (النصف الأول, الأسبوع الثالث); the command
# line's ``prizes`` says the same words from the catalogue ("1st" … "10th").
PLACE_WORDS = {"ar": ("الأول", "الثاني", "الثالث", "الرابع", "الخامس", "السادس", "السابع",
                      "الثامن", "التاسع", "العاشر")}


def language(code: str) -> Language:
    return LANGUAGES.get(code, LANGUAGES["en"])


def prefix(code: str, languages: tuple[str, ...]) -> str:
    """The folder a language lives in: '' for the first (default), '<tag>/' for the others."""
    if not languages or code == languages[0]:
        return ""
    return f"{language(code).tag}/"


# --- catalogues -------------------------------------------------------------------------

@lru_cache(maxsize=16)
def translations(code: str) -> gettext.NullTranslations:
    """The compiled catalogue (committed: see above); none for a language without one."""
    from leaguegen.site.render import template_dir

    mo = template_dir() / "locale" / code / "LC_MESSAGES" / "messages.mo"
    if not mo.is_file():
        return gettext.NullTranslations()
    with mo.open("rb") as fh:
        return gettext.GNUTranslations(fh)


# --- formatting -------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Formatter:
    """Locale-aware numbers, points and dates for one language and digit choice."""

    code: str = "en"
    digits: str = "western"

    @property
    def locale(self) -> Locale:
        return Locale.parse(self.code)

    def digits_of(self, text: object) -> str:
        """Western digits in ``text`` as the season's digits (symbols such as ½, +, − stay)."""
        s = "" if text is None else str(text)
        return s.translate(ARABIC_INDIC) if self.digits == "arabic-indic" else s

    @property
    def _system(self) -> str:
        return "arab" if self.digits == "arabic-indic" and self.code == "ar" else "latn"

    def _decimal(self, value: float | Fraction, pattern: str = "0.##") -> str:
        return self.digits_of(format_decimal(float(value), pattern, locale=self.locale,
                                             numbering_system=self._system))

    def number(self, value: object) -> str:
        """Whole numbers (ranks, ratings, rounds, counts) without grouping: 2198, not 2,198."""
        if value is None or value == "":
            return ""
        if isinstance(value, bool) or not isinstance(value, (int, Fraction, float)):
            return self.digits_of(value)
        if isinstance(value, int) or (isinstance(value, Fraction) and value.denominator == 1):
            return self.digits_of(int(value))
        return self._decimal(value)

    def place(self, n: int) -> str:
        """A prize place (the ``place`` filter): a word where the language writes the place
        as one (:data:`PLACE_WORDS`), else the number as ``num`` writes it."""
        words = PLACE_WORDS.get(self.code, ())
        return words[n - 1] if 1 <= n <= len(words) else self.number(n)

    def points(self, value: Fraction | int | float | None) -> str:
        """A score: 1½ (or 1.5 / ١٫٥ where the language writes halves as decimals)."""
        if value is None or value == "":
            return ""
        v = Fraction(value).limit_denominator(1000)
        whole, rest = divmod(v, 1)
        if rest == 0:
            return self.number(int(whole))
        if rest == Fraction(1, 2) and language(self.code).half == "fraction":
            return f"{self.number(int(whole)) if whole else ''}{HALF}"
        return self._decimal(v)

    def tiebreak(self, value: object, decimal: bool = False) -> str:
        """Tiebreak figures in the notation the page writes its scores in, None as '–'.

        Halves and quarters (a Sonneborn-Berger of drawn games is 9¾) are written as the
        scores are: 9½, 9¾ where the language writes 3½, and 9.5, 9.75 where it writes 3.5
        (Arabic), so a page never shows "1½" beside "9.75" (issue 26). ``decimal``: the
        column holds a value that is no multiple of a quarter (an average such as AOB's
        12.33), so every value of it is written with two decimals."""
        if value is None:
            return "–"
        if isinstance(value, str):
            return self.digits_of(value)
        if isinstance(value, float):
            value = Fraction(value).limit_denominator(100) if (value * 4).is_integer() else value
        if not decimal and isinstance(value, (int, Fraction)):
            v = Fraction(value)
            if v.denominator in (1, 2):
                return self.points(v)
            if v.denominator == 4:
                whole, rest = divmod(v, 1)
                if language(self.code).half != "fraction" or v < 0:
                    return self._decimal(v)
                return f"{self.number(int(whole)) if whole else ''}{QUARTERS[rest]}"
        return self._decimal(value, "0.00")

    def percent(self, share: float) -> str:
        system = self._system
        text = self.digits_of(format_percent(share, locale=self.locale, numbering_system=system))
        return text.replace("%", "٪") if system == "arab" else text

    def date(self, value: dt.date | None, style: str = "long") -> str:
        """long: 'Wed 2 December 2026', 'ср, 2 декабря 2026 г.'; short: '2 Dec', '12月2日'."""
        if value is None:
            return ""
        if self.code == "en":  # British order, as the club pages have always shown it
            text = format_date(value, "d MMM" if style == "short" else "EEE d MMMM y",
                               locale="en_GB")
        else:
            text = format_skeleton("MMMd" if style == "short" else "yMMMMEd", value,
                                   locale=self.locale)
        return self.digits_of(text)


# --- gettext with locale numbers ----------------------------------------------------------

def _formatted(fmt: Formatter, text: str, variables: dict[str, object]) -> str:
    if not variables:
        return Markup(text)
    values = {k: fmt.number(v) if isinstance(v, (int, Fraction, float)) and not isinstance(
        v, bool) else v for k, v in variables.items()}
    return Markup(text) % values  # variables are escaped, the catalogue text is trusted


def gettext_callables(code: str, digits: str) -> tuple[Callable[..., str], Callable[..., str]]:
    """``_("Round %(n)s", n=3)`` and ``ngettext(s, p, n)``: numbers in the page's digits."""
    tr = translations(code)
    fmt = Formatter(code, digits)

    def gettext_(message: str, **variables: object) -> str:
        return _formatted(fmt, tr.gettext(message), variables)

    def ngettext_(singular: str, plural: str, num: int, **variables: object) -> str:
        variables.setdefault("num", num)
        return _formatted(fmt, tr.ngettext(singular, plural, num), variables)

    return gettext_, ngettext_


def pgettext_callables(code: str, digits: str
                       ) -> tuple[Callable[..., str], Callable[..., str]]:
    """``pgettext("female", "Withdrew after round %(round)s.", round=3)`` and
    ``npgettext(context, singular, plural, n, ...)``: a msgid in a context, numbers in
    the page's digits. The site's contexts are grammatical genders (``female``, ``male``)
    for sentences about one player: Arabic and Russian verbs and adjectives agree with
    the player's sex; the msgid without a context is the neutral wording used when the
    sex is unknown (docs/i18n.md, "Grammatical gender")."""
    tr = translations(code)
    fmt = Formatter(code, digits)

    def pgettext_(context: str, message: str, **variables: object) -> str:
        return _formatted(fmt, tr.pgettext(context, message), variables)

    def npgettext_(context: str, singular: str, plural: str, num: int,
                   **variables: object) -> str:
        variables.setdefault("num", num)
        return _formatted(fmt, tr.npgettext(context, singular, plural, num), variables)

    return pgettext_, npgettext_


FONT_ASSETS = {
    "ar": ("fonts/NotoSansArabic-Regular.subset.woff2", "fonts/NotoSansArabic-Bold.subset.woff2"),
    "zh_Hans": ("fonts/NotoSansSC-Regular.subset.woff2", "fonts/NotoSansSC-Bold.subset.woff2"),
}


def font_assets(season) -> tuple[str, ...]:  # noqa: ANN001
    """The bundled fonts (under assets/) a site in the season's languages needs + licence."""
    files = [f for code in season.languages for f in FONT_ASSETS.get(code, ())]
    return tuple(files + ["fonts/OFL.txt"]) if files else ()
