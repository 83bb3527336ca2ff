"""Export a tournament day: standings.csv, results.csv and a printable day.html.

    python -m quizshow.tools.export TOURNAMENT.yaml [--out FOLDER] [--journal PATH]

Replays the day's journal (read only: a running show may go on writing it) and writes the files into
FOLDER (default: beside the tournament file, in `<name>-export/`).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from quizshow.assemble import make_format
from quizshow.core.engine import Engine
from quizshow.core.journal import Journal
from quizshow.event import export
from quizshow.event_file import load_any
from quizshow.formats.tournament.model import EventState
from quizshow.yamlfile import Problems


def day_of(path: Path, journal: Path | None = None) -> tuple[str, EventState]:
    problems = Problems()
    config = load_any(path, problems)
    if config is None or problems.errors or config.format != "tournament":
        raise SystemExit("\n".join(str(p) for p in problems.items) or f"{path}: not a tournament file")
    source = journal or config.journal_path
    engine = Engine(make_format(config), 0)
    if source.exists():
        opened, loaded = Journal.open(source, str(config.path))
        opened.close()
        engine = Engine(make_format(config), loaded.seed)
        engine.replay(loaded.commands)
    return config.title, engine.state.fmt


def write(path: Path, out: Path, journal: Path | None = None) -> list[Path]:
    title, ev = day_of(path, journal)
    out.mkdir(parents=True, exist_ok=True)
    files = {"standings.csv": export.standings_csv(ev.day), "results.csv": export.results_csv(ev.day, ev.corrections),
             "day.html": export.page(ev.day, title, ev.corrections)}
    written = []
    for name, text in files.items():
        target = out / name
        target.write_text(text, encoding="utf-8-sig" if name.endswith(".csv") else "utf-8")  # Excel reads the BOM
        written.append(target)
    return written


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m quizshow.tools.export", description=__doc__.split("\n")[0])
    p.add_argument("tournament", type=Path)
    p.add_argument("--out", type=Path)
    p.add_argument("--journal", type=Path)
    args = p.parse_args(argv)
    out = args.out or args.tournament.with_name(f"{args.tournament.stem}-export")
    for path in write(args.tournament, out, args.journal):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
