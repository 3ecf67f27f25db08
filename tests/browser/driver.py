"""Headless Chromium driven from Python (Playwright), with axe-core for accessibility.

Playwright talks to the system's Chromium (Debian package ``chromium``) through
``executable_path``, so no browser is downloaded. axe-core is the copy that the pinned
PyPI package ``axe-playwright-python`` ships (``axe.min.js``, Mozilla Public License 2.0,
Deque Systems): it installs with pip on a fresh machine, no npm needed. Tests skip, with a
message, when Chromium or these packages are missing.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from importlib import resources

import pytest

from tests.browser.chromium import chromium


def axe_source() -> str:
    """The text of axe.min.js as shipped by axe-playwright-python."""
    pytest.importorskip("axe_playwright_python", reason="axe-playwright-python not installed")
    return (resources.files("axe_playwright_python") / "axe.min.js").read_text(encoding="utf-8")


@contextmanager
def browser() -> Iterator[object]:
    """One headless Chromium for many pages (a page costs ~0.1 s, a browser ~1 s)."""
    path = chromium()
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright not installed")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=path, args=["--no-sandbox", "--disable-gpu"])
        try:
            yield b
        finally:
            b.close()


AXE_RUN = """async () => {
  const r = await axe.run(document, {resultTypes: ['violations']});
  return r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.slice(0, 3).map(n => n.target.join(' '))}));
}"""


def axe_violations(page, url: str, source: str) -> list[dict]:  # noqa: ANN001
    """axe-core's violations on the page at ``url`` (every rule axe runs by default)."""
    page.goto(url)
    page.evaluate(source)
    return page.evaluate(AXE_RUN)


# The cells a visitor looks for first, per table kind: (table selector, cell selectors).
KEY_CELLS = (
    ("table.standings", ("td:first-child", "td.name", "td.pts")),
    ("table.crosstable:not(.team-cross)", ("td.name", "td.pts", "td.rank")),
    ("table.team-cross", ("th.name", "td.pts")),
    ("table.swiss-crosstable", ("td.name", "td.pts")),
    ("table.pairings:not(.team-match)", ("td:first-child", "td.who-w", "td.res", "td.who-b")),
    ("table.team-match", ("td:first-child", "td:nth-child(2)", "td.res", "td:nth-child(4)")),
    ("table.games", ("td:first-child", "td.opponent", "td.res")),
    ("table.team-rounds", ("td:first-child", "td.res")),
    ("table.tb-items", ("td:first-child", "td:last-child")),
)

MEASURE = """(spec) => {
  const out = {tables: 0, outside: [], page_width: document.documentElement.scrollWidth};
  const vw = window.innerWidth;
  for (const [table, cells] of spec) {
    for (const t of document.querySelectorAll(table)) {
      out.tables += 1;
      const rows = [...t.querySelectorAll('tbody tr')].filter(r => !r.classList.contains('bye')
                                                             && !r.classList.contains('group-row'));
      for (const row of rows.slice(0, 3)) {
        for (const sel of cells) {
          const c = row.querySelector(sel);
          if (!c) { out.outside.push([table, sel, 'missing']); continue; }
          const b = c.getBoundingClientRect();
          if (b.width < 1 || b.left < -0.5 || b.right > vw + 0.5)
            out.outside.push([table, sel, Math.round(b.left), Math.round(b.right)]);
        }
      }
    }
  }
  return out;
}"""


def key_cells(page, url: str) -> dict:  # noqa: ANN001
    """Which key cells of the page's tables lie outside the viewport (none, when right)."""
    page.goto(url)
    return page.evaluate(MEASURE, [list(k) for k in KEY_CELLS])
