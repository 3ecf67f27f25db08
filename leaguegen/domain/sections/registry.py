"""The one list of section kinds: formats, labels and defaults are read from here.

Each kind module registers its :class:`SectionKind` once, when
``leaguegen.domain.sections`` imports it; nothing else in the code names the
formats.
"""

from __future__ import annotations

from leaguegen.domain.sections.kind import SectionKind

_KINDS: dict[str, SectionKind] = {}
_BY_FORMAT: dict[str, SectionKind] = {}


def register(kind: SectionKind) -> SectionKind:
    """Add a kind; a format word claimed twice is a programming error."""
    for word in kind.formats:
        if word in _BY_FORMAT:
            raise ValueError(f"format {word!r} is registered twice")
    _KINDS[kind.name] = kind
    for word in kind.formats:
        _BY_FORMAT[word] = kind
    return kind


def kind_of(fmt: str) -> SectionKind:
    """The kind a ``format:`` word belongs to; KeyError for an unknown word."""
    try:
        return _BY_FORMAT[fmt]
    except KeyError:
        raise KeyError(f"unknown section format {fmt!r}") from None


def kinds() -> tuple[SectionKind, ...]:
    return tuple(_KINDS.values())


def format_names() -> tuple[str, ...]:
    """Every ``format:`` word, in registration order (round robins first)."""
    return tuple(_BY_FORMAT)


def label(fmt: str) -> str:
    """The English label (a gettext message id) of a format word."""
    return kind_of(fmt).labels[fmt]
