"""`quizshow SHOW --report PREFIX`: the report of the night (docs/report.md) as PREFIX.report.html and, printed
by a headless Chromium, PREFIX.report.pdf. Built from the show's journal, replayed with the engine; nothing is
added to the journal."""

from __future__ import annotations

from pathlib import Path
from typing import TextIO

from quizshow import registry
from quizshow.assemble import make_format
from quizshow.config import ShowConfig
from quizshow.house_words import show_words
from quizshow.report.night import Night, read_night
from quizshow.report.page import PHRASES, page
from quizshow.report.pdf import PrintFailed, find_browser, print_pdf
from quizshow.runtime.journal.file import Journal


def night_of(config: ShowConfig, journal: Path) -> Night:
    """The night of a show's journal (a show never started: its title, teams and nothing played)."""
    spec = registry.spec(config.format)
    words = show_words(config.language, spec.phrases, PHRASES, refusals=spec.refusals)  # the report's words
    fmt = make_format(config)
    loaded = Journal.read(journal, str(config.path), whole=True) if journal.exists() else None
    commands = loaded.commands if loaded is not None else []
    walls = loaded.walls if loaded is not None else []
    return read_night(spec, fmt, loaded.seed if loaded is not None else 0, commands, walls, config.title,
                      words)


def write_report(config: ShowConfig, journal: Path, prefix: Path, out: TextIO) -> list[Path]:
    """PREFIX.report.html, then its PDF when a Chromium prints it (else a line on `out` says why not)."""
    html_path = prefix.with_name(prefix.name + ".report.html")
    html_path.parent.mkdir(parents=True, exist_ok=True)
    html_path.write_text(page(night_of(config, journal)), encoding="utf-8")
    written = [html_path]
    browser = find_browser()
    if browser is None:
        print(f"{html_path}: no Chromium found (chromium, chromium-browser, google-chrome on the PATH, or "
              "QUIZSHOW_CHROMIUM): the HTML only, no PDF", file=out)
        return written
    pdf_path = prefix.with_name(prefix.name + ".report.pdf")
    try:
        print_pdf(html_path, pdf_path, browser)
    except PrintFailed as why:
        print(f"{pdf_path}: not printed ({why}): the HTML only", file=out)
        return written
    return [*written, pdf_path]
