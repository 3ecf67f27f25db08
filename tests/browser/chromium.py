"""Headless Chromium for the browser tests: a screenshot of a built page, as a visitor sees it."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ACCENT = (0x1F, 0x5F, 0x8B)  # the header band of the default theme


def chromium() -> str:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    pytest.skip("headless Chromium not installed (Debian package 'chromium')")


def screenshot(page: Path, png: Path, width: int, height: int) -> None:
    """Render ``page`` at ``width`` x ``height``; no network, a fresh profile each time."""
    profile = png.parent / f"profile-{png.stem}"
    subprocess.run(
        [chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
         "--no-first-run", "--disable-background-networking", "--disable-component-update",
         "--disable-sync", f"--user-data-dir={profile}", "--hide-scrollbars",
         f"--window-size={width},{height}", f"--screenshot={png}", page.as_uri()],
        check=True, capture_output=True, timeout=60,
    )
