"""Screenshots of one terminal session per language, for docs/screenshots/.

    python tools/terminal_screenshots.py        # -> docs/screenshots/cli-<lang>.png

The session: ``check`` on a copy of the riverside demo with three errors, ``result`` on
the Thursday Swiss, then ``pair`` of its next round; each command is run for real (this
checkout's code, ``--lang``) in a scratch folder, its stdout and stderr kept in order, and
the transcript is laid out by ``tools/terminal_session.html`` and rendered by headless
Chromium with the fonts the site ships (``site_template/assets/fonts``), so Arabic and
Chinese need no system font. Each line takes its direction from its first strong letter,
as a bidi-aware terminal shows it.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "screenshots"
LANGUAGES = {"en": "English", "ru": "Русский", "zh_Hans": "简体中文", "ar": "العربية"}
TAGS = {"en": "en", "ru": "ru", "zh_Hans": "zh-Hans", "ar": "ar"}
SESSION = [
    ["check", "riverside"],
    ["result", "thursday", "Alexei Morozov - Patrick Doyle", "1-0", "--section", "open"],
    ["pair", "thursday", "--section", "open", "--allow-postponed", "--date", "2026-11-05"],
]


def broken_riverside(folder: Path) -> None:
    """The riverside demo with three problems: a rating, a federation, an unknown player."""
    shutil.copytree(ROOT / "seasons" / "riverside-2026", folder)
    path = folder / "season.yaml"
    text = path.read_text(encoding="utf-8")
    for old, new in (("rating: 2041, federation: SWE", "rating: 20x41, federation: SWE"),
                     ("{name: Yusuf Demir, rating: 1930, federation: TUR}",
                      "{name: Yusuf Demir, rating: 1930, federation: TURK}"),
                     ("Eleanor Whitfield - Daniel Reyes: 1-0",
                      "Eleanor Whitfeld - Daniel Reyes: 1-0")):
        text = text.replace(old, new, 1)
    path.write_text(text, encoding="utf-8")


def quoted(arg: str) -> str:
    return f'"{arg}"' if " " in arg else arg


def run_session(code: str, work: Path) -> list[dict]:
    broken_riverside(work / "riverside")
    shutil.copytree(ROOT / "seasons" / "thursday-swiss-2026", work / "thursday")
    steps = []
    for args in SESSION:
        argv = ["--lang", code, *args]
        # stderr into stdout, so the lines keep the order they were printed in
        done = subprocess.run([sys.executable, "-m", "leaguegen.cli.entry", *argv], cwd=work,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                              env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin",
                                   "LANG": "C.UTF-8"}, timeout=300)
        lines = [{"text": line, "err": ":" in line.split(" ")[0] and line[:1] != " "}
                 for line in done.stdout.rstrip("\n").split("\n")]
        steps.append({"command": "leaguegen " + " ".join(quoted(a) for a in argv),
                      "lines": lines, "code": done.returncode})
    return steps


def screenshot(browser: str, page: Path, png: Path, width: int, height: int) -> None:
    """Headless Chromium, as the browser tests run it, given time to load the fonts (the
    Chinese subset is 2.5 MB: without the budget the shot is taken before it is read)."""
    subprocess.run(
        [browser, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         f"--user-data-dir={page.parent / 'profile'}", "--hide-scrollbars",
         "--virtual-time-budget=10000", f"--window-size={width},{height}",
         f"--screenshot={png}", page.as_uri()],
        check=True, capture_output=True, timeout=120)


def main() -> int:
    import jinja2

    sys.path.insert(0, str(ROOT))
    from tests.browser.chromium import chromium

    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(ROOT / "tools")),
                             autoescape=True)
    template = env.get_template("terminal_session.html")
    OUT.mkdir(parents=True, exist_ok=True)
    for code, name in LANGUAGES.items():
        with tempfile.TemporaryDirectory() as tmp:
            work = Path(tmp)
            steps = run_session(code, work)
            page = work / "session.html"
            page.write_text(template.render(code=code, tag=TAGS[code], name=name, steps=steps,
                                            fonts=(ROOT / "site_template" / "assets" /
                                                   "fonts").as_uri()), encoding="utf-8")
            png = OUT / f"cli-{code}.png"
            screenshot(chromium(), page, png, 1100, 600)
            print(f"{png.relative_to(ROOT)}: {sum(len(s['lines']) + 2 for s in steps)} lines")
    return 0


if __name__ == "__main__":
    sys.exit(main())
