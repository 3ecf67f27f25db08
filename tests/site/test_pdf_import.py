"""WeasyPrint imported with its libraries found through the loader's cache (site/pdf.py).

``load_weasyprint`` answers ``ctypes.util.find_library`` from ``ldconfig -p`` alone
while WeasyPrint is imported (the ordinary search runs gcc and ld for every name the
cache lacks). Each check runs in a fresh interpreter, as the import happens once.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT

pytestmark = pytest.mark.pdf
linux = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the cache is Linux's")

_LOADED = """
import json, os, sys
{setup}
import weasyprint.text.ffi as ffi
libs = sorted({{line.split()[-1] for line in open("/proc/self/maps")
               if ".so" in line.rsplit("/", 1)[-1]}})
print(json.dumps({{"libs": libs, "optional": [ffi.harfbuzz_subset is None,
                  ffi.harfbuzz_vector is None]}}))
"""


def _run(setup: str, folder: Path) -> dict:
    """The shared libraries the import loaded, and how often it ran gcc (a stand-in
    first on the PATH counts the runs and hands over to the real one)."""
    real = shutil.which("gcc") or shutil.which("cc")
    if real is None:
        pytest.skip("no C compiler: the ordinary search has nothing to run either")
    bin_dir = folder / "bin"
    bin_dir.mkdir(exist_ok=True)
    runs = folder / "gcc-runs"
    runs.write_text("")
    gcc = bin_dir / "gcc"
    gcc.write_text(f'#!/bin/sh\necho run >> "{runs}"\nexec "{real}" "$@"\n')
    gcc.chmod(0o755)
    done = subprocess.run([sys.executable, "-c", _LOADED.format(setup=setup)], cwd=ROOT,
                          capture_output=True, text=True, timeout=120,
                          env={"PATH": f"{bin_dir}:/usr/bin:/bin", "HOME": str(folder)})
    assert done.returncode == 0, done.stderr
    return {**json.loads(done.stdout.splitlines()[-1]), "gcc": len(runs.read_text().split())}


@linux
def test_the_cache_finds_the_libraries_the_ordinary_search_finds(tmp_path: Path) -> None:
    ordinary = _run("", tmp_path)
    cached = _run("from leaguegen.site import pdf\npdf.load_weasyprint()", tmp_path)
    assert cached["libs"] == ordinary["libs"]
    assert cached["optional"] == ordinary["optional"]
    assert ordinary["gcc"] > 5 and cached["gcc"] == 0


_FAILS_ONCE = """
import sys
class FailsOnce:  # the first import of WeasyPrint's libraries fails, as it would if
    failed = []   # the loader's cache lacked one that only gcc finds
    def find_spec(self, name, path=None, target=None):
        if name == "weasyprint.text.ffi" and not self.failed:
            self.failed.append(name)
            raise OSError("cannot load library")
sys.meta_path.insert(0, FailsOnce())
from leaguegen.site import pdf
pdf.load_weasyprint()
assert FailsOnce.failed
"""


@linux
def test_a_cache_that_finds_too_little_means_the_ordinary_search(tmp_path: Path) -> None:
    ordinary = _run("", tmp_path)
    retried = _run(_FAILS_ONCE, tmp_path)
    assert retried["libs"] == ordinary["libs"]
    assert retried["gcc"] > 5
