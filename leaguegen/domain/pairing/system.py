"""The one list of Swiss pairing systems: what the loader, the CLI and the pages all read.

A system is a name (the word organisers write: ``--system dutch``, ``pairing: dutch``),
an English label (a gettext message id; the site translates it), the FIDE handbook
article it follows, and a pure ``pair`` function from a :class:`SwissState` to a
:class:`PairingResult`. Adding a system is one new module that calls :func:`register`
once and is imported by ``leaguegen/domain/pairing/__init__.py``; nothing else
names systems.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .result import PairingResult
from .state import SwissState


def N_(message: str) -> str:  # noqa: N802 - the gettext convention
    """Marks a label for the site's message catalogue; the site translates it."""
    return message


@dataclass(frozen=True, slots=True)
class PairingSystem:
    """One FIDE Swiss system behind the common contract.

    ``pair`` raises :class:`leaguegen.errors.NoValidPairing` when no pairing meets the
    system's absolute criteria; it never guesses. ``colour_exception`` names when the
    system lets a pairing break C.04.1 art. 6 or 7 (``legality.EXCEPTIONS``): the
    checks of hand-made rounds and of TRF files read it.
    """

    name: str
    label: str
    rules: str
    pair: Callable[[SwissState], PairingResult]
    colour_exception: str = "topscorer"


_SYSTEMS: dict[str, PairingSystem] = {}


def register(system: PairingSystem) -> PairingSystem:
    """Add a system; a second system with the same name is a programming error."""
    if system.name in _SYSTEMS:
        raise ValueError(f"pairing system {system.name!r} is registered twice")
    _SYSTEMS[system.name] = system
    return system


def get(name: str) -> PairingSystem:
    """The system called ``name``; KeyError naming the known ones otherwise."""
    try:
        return _SYSTEMS[name]
    except KeyError:
        raise KeyError(f"unknown pairing system {name!r}; known: {', '.join(names())}") from None


def names() -> tuple[str, ...]:
    """Every registered system's name, in registration order (Dutch first)."""
    return tuple(_SYSTEMS)


def systems() -> tuple[PairingSystem, ...]:
    return tuple(_SYSTEMS.values())
