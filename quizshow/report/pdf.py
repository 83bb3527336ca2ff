"""The report printed to PDF by a headless Chromium (the browser the tests already drive): `--print-to-pdf`, A4 as
the page's own print CSS says, no header or footer. Without a Chromium on the machine, no PDF (the caller says so)."""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

BROWSERS = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome")
PRINT_S = 90  # a report of a long night prints in a few seconds; a browser that hangs is stopped


def find_browser() -> Path | None:
    """The first Chromium on the PATH (or QUIZSHOW_CHROMIUM, a full path), else None."""
    named = os.environ.get("QUIZSHOW_CHROMIUM")
    if named:
        return Path(named) if Path(named).is_file() else None
    for name in BROWSERS:
        found = shutil.which(name)
        if found:
            return Path(found)
    return None


class PrintFailed(Exception):
    pass


def print_pdf(page: Path, out: Path, browser: Path) -> None:
    """Print `page` (an HTML file) to `out` with `browser` headless; PrintFailed with the browser's words."""
    with tempfile.TemporaryDirectory(prefix="quizshow-print-") as profile:
        command = [str(browser), "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                   "--disable-extensions", f"--user-data-dir={profile}", "--no-pdf-header-footer",
                   f"--print-to-pdf={out}", page.resolve().as_uri()]
        try:
            done = subprocess.run(command, capture_output=True, text=True, timeout=PRINT_S, check=False)
        except (OSError, subprocess.TimeoutExpired) as why:
            raise PrintFailed(f"{browser}: {why}") from None
    if done.returncode != 0 or not out.exists() or out.stat().st_size == 0:
        said = (done.stderr or done.stdout).strip().splitlines()[-1:] or ["no PDF written"]
        raise PrintFailed(f"{browser} exited {done.returncode}: {said[0][:200]}")
