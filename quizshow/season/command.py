"""A season from the command line (docs/season.md): `python main.py SEASON.yaml` shows its standings on the
projector, `--check SEASON.yaml` validates it (and its evenings' results) at FILE:LINE, `--season-export
PREFIX` writes PREFIX.csv and PREFIX.html, `--sheet OUT.png` renders its pages."""

from __future__ import annotations

import os
import sys
from argparse import Namespace
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from quizshow.core.clock import Clock
from quizshow.season.evenings import read_evening
from quizshow.season.export import standings_csv, standings_html
from quizshow.season.file import load_season
from quizshow.season.model import EveningResult, Season, Standing
from quizshow.season.standings import standings
from quizshow.yamlfile import Problems


@dataclass(frozen=True)
class Loaded:
    season: Season
    evenings: list[EveningResult]
    standings: list[Standing]


def load(path: Path, problems: Problems) -> Loaded | None:
    """The season, its evenings' results and the standings; None with errors (in `problems`)."""
    season = load_season(path, problems)
    if season is None:
        return None
    aliases = dict(season.aliases)
    evenings: list[EveningResult] = []
    for source in season.evenings:
        found = read_evening(source, aliases, problems, season.path)
        if found is not None:
            evenings.append(found)
    if problems.errors:
        return None
    return Loaded(season, evenings, standings(evenings, season.rule))


def _report(problems: Problems, out: TextIO) -> None:
    for problem in problems.items:
        print(problem, file=out)


def export_command(path: Path, prefix: Path, out: TextIO | None = None) -> int:
    out = out or sys.stdout
    problems = Problems()
    found = load(path, problems)
    _report(problems, sys.stderr if found is not None else out)
    if found is None:
        return 1
    written = []
    for suffix, text in ((".csv", standings_csv(found.season, found.evenings, found.standings)),
                         (".html", standings_html(found.season, found.evenings, found.standings))):
        target = prefix.with_name(prefix.name + suffix)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
        written.append(target)
    for target in written:
        print(target, file=out)
    return 0


def run(args: Namespace, path: Path, clock: Clock) -> int:
    """The season's standings on the projector; its pages as a contact sheet with --sheet; written out with
    --season-export. `clock` times the window's «press Ctrl+Q again»."""
    if args.season_export:
        return export_command(path, args.season_export)
    problems = Problems()
    found = load(path, problems)
    _report(problems, sys.stderr)
    if found is None:
        print(f"{path}: fix these first", file=sys.stderr)
        return 1
    if args.headless or args.sheet:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from quizshow.display.season.show import contact_sheet, show

    if args.sheet:
        pages = contact_sheet(found.season, found.evenings, found.standings, args.sheet)
        print(f"{args.sheet}: {pages} page(s) of the standings at 1920x1080")
        return 0
    return show(found.season, found.evenings, found.standings, args, clock)
