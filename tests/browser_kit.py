"""Debian's headless Chromium (/usr/bin/chromium) driven by the `playwright` package (no browser is ever
downloaded): a browser test imports `chromium` from here, and is skipped with the reason when either is missing."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = Path("/usr/bin/chromium")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run"]

sync_api = pytest.importorskip("playwright.sync_api", reason="the playwright package is not installed")
if not CHROMIUM.exists():
    pytest.skip("no Chromium at /usr/bin/chromium (apt-get install chromium)", allow_module_level=True)


@contextmanager
def chromium() -> Iterator[Any]:
    """Debian's headless Chromium under playwright (every browser test imports this kit, so each skips with
    the reason above when either is missing), closed however the test ends."""
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=FLAGS, headless=True)
        try:
            yield browser
        finally:
            browser.close()
