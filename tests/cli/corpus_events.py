"""Whole tournaments from the Dutch conformance corpus (one TRF per round + the pairing).

The corpus holds each tournament as ``tNNNN-rKK.trf`` (the state before round KK)
and ``tNNNN-rKK.pairs`` (the pairing of round KK). The last round's file plus its
``.pairs`` is the complete event: that round's boards are added as draws and the
bye as ``0000 - U`` (the results of the final round pair nothing, so any will do).
"""

from __future__ import annotations

from pathlib import Path

FIRST_BLOCK = 91  # 0-based start of the round-1 block (column 92)
BLOCK = 10


def tournaments(folder: Path) -> list[str]:
    """Case ids (``t0001``...) of the folder, in order."""
    return sorted({p.name.split("-")[0] for p in folder.glob("t*-r*.trf")})


def round_files(folder: Path, case: str) -> list[Path]:
    return sorted(folder.glob(f"{case}-r*.trf"))


def complete_event(folder: Path, case: str) -> str:
    """The finished tournament ``case`` as one TRF text."""
    last = round_files(folder, case)[-1]
    round_no = int(last.stem.split("-r")[1])
    pairs = [line.split() for line in last.with_suffix(".pairs").read_text().splitlines()[1:]
             if line.strip()]
    block: dict[int, tuple[str, float]] = {}
    for white, black in ((int(a), int(b)) for a, b in pairs):
        if black == 0:
            block[white] = ("0000 - U", 1.0)
        else:
            block[white] = (f"{black:4d} w =", 0.5)
            block[black] = (f"{white:4d} b =", 0.5)
    out = []
    for line in last.read_text().splitlines():
        if line.startswith("001"):
            number = int(line[4:8])
            if number in block:
                text, points = block[number]
                start = FIRST_BLOCK + (round_no - 1) * BLOCK
                assert len(line) <= start, f"{last.name}: player {number} already has round"
                line = line.ljust(start) + text
                total = float(line[80:84]) + points
                line = line[:80] + f"{total:4.1f}" + line[84:]
        out.append(line)
    return "\n".join(out) + "\n"
