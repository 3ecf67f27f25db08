"""Look-alike names (issue 26): a name typed with a Cyrillic or Greek letter that prints like
a Latin one is the same name to a reader, though not to Unicode normalisation."""

from __future__ import annotations

import pytest

from leaguegen.domain.names import look_alike, look_alike_letters, name_key, skeleton


@pytest.mark.parametrize("typed,entered", [
    ("\u0410nna Lee", "Anna Lee"),          # Cyrillic capital A
    ("Anna L\u0435e", "Anna Lee"),          # Cyrillic small ie
    ("\u0397elen Cox", "Helen Cox"),        # Greek capital Eta
    ("B\u03bf Bell", "Bo Bell"),            # Greek small omicron
    ("\u0421\u043e\u0440er", "Coper"),      # three Cyrillic letters at once
    ("Ol\u0131ver", "Oliver"),              # Latin dotless i
])
def test_look_alikes(typed: str, entered: str) -> None:
    assert name_key(typed) != name_key(entered)
    assert skeleton(typed) == skeleton(entered) and look_alike(typed, entered)


@pytest.mark.parametrize("a,b", [
    ("Анна Абель", "Anna Abel"),    # a Russian spelling: б and л print like no Latin letter
    ("Ann Ablé", "Ann Able"),       # an accent is a visible difference
    ("Иван Петров", "Иван Петрова"),
    ("Anna Lee", "ANNA LEE"),       # the same name (name_key), not a look-alike
    ("王浩然", "王浩天"),
])
def test_not_look_alikes(a: str, b: str) -> None:
    assert not look_alike(a, b)


def test_the_letters_are_named() -> None:
    assert look_alike_letters("\u0410nna L\u0435e", "Anna Lee") == [
        "'\u0410' (U+0410) for 'A' (U+0041)", "'\u0435' (U+0435) for 'e' (U+0065)"]
