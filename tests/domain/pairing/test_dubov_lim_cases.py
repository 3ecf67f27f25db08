"""Reading the hand-worked article cases of tests/data/dubov and tests/data/lim.

Each case is a TRF file before the round to pair. Its ``###`` comment lines name
the articles it exercises (``articles: 3.1.4 5.2.3``), the pairing the articles
force (``expect: 3-1 bye 2`` as White-Black boards in publication order, or
``expect: none`` when no legal pairing exists) and the reasoning, worked by hand.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from leaguegen.formats import trf
from leaguegen.formats.swiss_input import state_from_trf

DATA = Path(__file__).resolve().parents[2] / "data"


@dataclass(frozen=True)
class Case:
    path: Path
    articles: tuple[str, ...]
    boards: tuple[tuple[int, int], ...] | None  # None: no legal pairing
    bye: int | None

    def state(self):  # noqa: ANN201 - SwissState
        return state_from_trf(trf.load(str(self.path)))


def load_cases(system: str) -> list[Case]:
    out = []
    for path in sorted((DATA / system).glob("*.trf")):
        doc = trf.load(str(path))
        articles: tuple[str, ...] = ()
        expect = None
        for line in doc.comments:
            if line.startswith("articles:"):
                articles = tuple(line.split(":", 1)[1].split())
            elif line.startswith("expect:"):
                expect = line.split(":", 1)[1].split()
        assert expect is not None and articles, f"{path.name}: needs articles: and expect:"
        if expect == ["none"]:
            out.append(Case(path, articles, None, None))
            continue
        boards = []
        bye = None
        words = iter(expect)
        for word in words:
            if word == "bye":
                bye = int(next(words))
            else:
                white, black = word.split("-")
                boards.append((int(white), int(black)))
        out.append(Case(path, articles, tuple(boards), bye))
    return out
