"""`quizshow SHOW --export-results PREFIX`: a format's results from the show's journal, written as
PREFIX + each suffix its FormatSpec.export gives (say PREFIX.csv and a printable PREFIX.html; a spreadsheet as .xlsx).
The show is replayed; nothing is added to the journal."""

from __future__ import annotations

from pathlib import Path

from quizshow import registry
from quizshow.assemble import make_format
from quizshow.config import ShowConfig
from quizshow.core.engine import Engine
from quizshow.core.spec import Sheet
from quizshow.runtime.journal.file import Journal
from quizshow.tools.xlsx import workbook


def export(config: ShowConfig, journal: Path, prefix: Path) -> list[Path]:
    """The files written; ValueError when the show's format has nothing to export."""
    spec = registry.spec(config.format)
    if spec.export is None:
        formats = [name for name in registry.names() if registry.spec(name).export is not None]
        raise ValueError(f"--export-results: format '{config.format}' has no results to export "
                         f"(formats that have: {', '.join(formats)})")
    fmt = make_format(config)
    loaded = Journal.read(journal, str(config.path), whole=True) if journal.exists() else None
    engine = Engine(fmt, loaded.seed if loaded else 0)
    engine.replay(loaded.commands if loaded else [])
    paths = []
    for suffix, content in spec.export(fmt, engine.state, config.title).items():
        path = prefix.with_name(prefix.name + suffix)
        if isinstance(content, Sheet):
            path.write_bytes(workbook(content))
        else:
            path.write_text(content, encoding="utf-8")
        paths.append(path)
    return paths
