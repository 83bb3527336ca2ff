"""`main.py SHOW --export-results PREFIX`: the written quiz's grid from the show's journal, written
as PREFIX.csv and PREFIX.html (a printable page). The show is replayed; nothing is added to the journal."""

from __future__ import annotations

from pathlib import Path

from quizshow.assemble import make_format
from quizshow.config import ShowConfig
from quizshow.core.engine import Engine
from quizshow.core.journal import Journal
from quizshow.formats.written.export import grid_csv, grid_html


def export(config: ShowConfig, journal: Path, prefix: Path) -> list[Path]:
    if config.format != "written":
        raise ValueError(f"--export-results is for format 'written', not '{config.format}'")
    fmt = make_format(config)
    loaded = Journal._read(journal, str(config.path)) if journal.exists() else None
    engine = Engine(fmt, loaded.seed if loaded else 0)
    engine.replay(loaded.commands if loaded else [])
    csv_path, html_path = prefix.with_suffix(".csv"), prefix.with_suffix(".html")
    csv_path.write_text(grid_csv(fmt, engine.state), encoding="utf-8")
    html_path.write_text(grid_html(fmt, engine.state, config.title), encoding="utf-8")
    return [csv_path, html_path]
