"""Rebuild the bundled font subsets in site_template/assets/fonts/ (run by hand, rarely).

Sources are the Debian packages fonts-noto-core (Noto Sans Arabic) and fonts-noto-cjk
(Noto Sans CJK SC), both under the SIL Open Font License 1.1 (OFL.txt beside the fonts).

    apt-get install fonts-noto-core fonts-noto-cjk && python tools/make_fonts.py

The Chinese subset is GB 2312 (the 6,763 common hanzi plus its punctuation), so a page
or PDF in Chinese needs nothing installed; a rarer character in a name falls back to
whatever CJK font the system has.
"""

from __future__ import annotations

import contextlib
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTCollection, TTFont

OUT = Path(__file__).resolve().parents[1] / "site_template" / "assets" / "fonts"
NOTO = Path("/usr/share/fonts/truetype/noto")
CJK = Path("/usr/share/fonts/opentype/noto")

LATIN = set(range(0x20, 0x7F)) | set(range(0xA0, 0x100)) | {
    0x2013, 0x2014, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2026, 0x2212, 0x00D7, 0x00B7}
ARABIC = (set(range(0x0600, 0x0700)) | set(range(0x0750, 0x0780)) | set(range(0x08A0, 0x0900))
          | set(range(0xFB50, 0xFE00)) | set(range(0xFE70, 0xFF00))
          | {0x200C, 0x200D, 0x200E, 0x200F, 0x061C, 0x066B, 0x066C})


def gb2312() -> set[int]:
    chars: set[int] = set()
    for hi in range(0xA1, 0xF8):
        for lo in range(0xA1, 0xFF):
            with contextlib.suppress(UnicodeDecodeError):
                chars.add(ord(bytes([hi, lo]).decode("gb2312")))
    return chars | set(range(0x3000, 0x3040)) | set(range(0xFF01, 0xFF5F))


def write_subset(font: TTFont, codepoints: set[int], name: str) -> None:
    options = subset.Options()
    options.layout_features = ["*"]
    options.flavor = "woff2"
    options.name_IDs = ["*"]
    options.notdef_outline = True
    sub = subset.Subsetter(options)
    sub.populate(unicodes=codepoints)
    sub.subset(font)
    font.flavor = "woff2"
    font.save(OUT / name)
    print(name, (OUT / name).stat().st_size // 1024, "KiB")


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for weight in ("Regular", "Bold"):
        write_subset(TTFont(NOTO / f"NotoSansArabic-{weight}.ttf"), ARABIC | LATIN,
                     f"NotoSansArabic-{weight}.subset.woff2")
        cjk = TTCollection(CJK / f"NotoSansCJK-{weight}.ttc").fonts[2]  # index 2: SC
        write_subset(cjk, gb2312() | LATIN, f"NotoSansSC-{weight}.subset.woff2")


if __name__ == "__main__":
    main()
