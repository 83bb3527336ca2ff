"""What each evening of a season gave: every team's score and place, from exported results (a CSV, as
`--export-results` writes it or a club keeps it) or from a show's journal replayed with the engine. A show
whose journal does not exist yet is an evening not played yet. Problems at FILE:LINE."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Mapping
from pathlib import Path

from quizshow.season.model import EveningResult, EveningRow, EveningSource
from quizshow.yamlfile import MAX_NAME, Problems, read_bounded, text_problem

TEAM_COLUMNS = ("команда", "team", "name", "название")
SCORE_COLUMNS = ("сумма", "очки", "итого", "score", "points", "total")
PLACE_COLUMNS = ("место", "place")
MAX_ROWS = 1000
MAX_SCORE = 1e9
PLACE = re.compile(r"^\s*(\d{1,4})")  # «8–10»: a shared place is read as its first


def read_evening(source: EveningSource, aliases: Mapping[str, str], problems: Problems,
                 season: Path) -> EveningResult | None:
    if source.results is not None:
        try:
            text = read_bounded(source.results)
        except (OSError, UnicodeDecodeError) as why:
            problems.add(source.results, 1, f"cannot read the results: {why}")
            return None
        rows = results_rows(text, source.results, problems)
        return None if rows is None else EveningResult(source.label, _named(rows, aliases))
    assert source.show is not None
    return _from_show(source, aliases, problems, season)


def results_rows(text: str, path: Path, problems: Problems) -> tuple[EveningRow, ...] | None:
    """A results table: a header naming the team's column and the score's (and maybe the place's), then a row
    a team. No place column: places by score, equal scores sharing the better place."""
    table = list(csv.reader(io.StringIO(text.lstrip("\ufeff")), delimiter=_delimiter(text)))
    header_at = next((i for i, row in enumerate(table) if any(cell.strip() for cell in row)), None)
    if header_at is None:
        problems.add(path, 1, "the results are empty: expected a header (Команда, Сумма) and a row per team")
        return None
    header = [cell.strip().lower() for cell in table[header_at]]
    team_col = next((i for i, name in enumerate(header) if name in TEAM_COLUMNS), None)
    score_col = next((i for i in range(len(header) - 1, -1, -1) if header[i] in SCORE_COLUMNS), None)
    place_col = next((i for i, name in enumerate(header) if name in PLACE_COLUMNS), None)
    if team_col is None or score_col is None:
        problems.add(path, header_at + 1, f"the header names no {'team' if team_col is None else 'score'} column: "
                     f"expected one of {', '.join(TEAM_COLUMNS if team_col is None else SCORE_COLUMNS)}")
        return None
    found: list[tuple[str, float, int | None]] = []
    seen: dict[str, int] = {}
    bad = False
    for line, row in enumerate(table[header_at + 1:], start=header_at + 2):
        if not any(cell.strip() for cell in row):
            continue
        if len(found) >= MAX_ROWS:
            problems.add(path, line, f"at most {MAX_ROWS} teams in an evening's results")
            return None
        cells = row + [""] * (len(header) - len(row))
        name = cells[team_col].strip()
        problem = text_problem(name, "the team's name", MAX_NAME) if name else "the team's name is empty"
        score = _number(cells[score_col])
        place = None
        if place_col is not None:
            found_place = PLACE.match(cells[place_col])
            place = int(found_place[1]) if found_place else None
            if place is None or place < 1:
                problem = problem or f"place {cells[place_col]!r} is not a place (1, 2, … or «8–10»)"
        if score is None:
            problem = problem or f"score {cells[score_col]!r} is not a number within ±{MAX_SCORE:g}"
        if name in seen:
            problem = problem or f"'{name}' is in the results twice (line {seen[name]} too)"
        if problem is not None:
            problems.add(path, line, problem)
            bad = True
            continue
        assert score is not None
        seen[name] = line
        found.append((name, score, place))
    if bad:
        return None
    if not found:
        problems.add(path, header_at + 1, "the results list no team")
        return None
    return tuple(EveningRow(name, score, place if place is not None else
                            1 + sum(1 for _, other, _ in found if other > score)) for name, score, place in found)


def _delimiter(text: str) -> str:
    first = text.lstrip("\ufeff").split("\n", 1)[0]
    return ";" if first.count(";") > first.count(",") else ","


def _number(text: str) -> float | None:
    cleaned = text.strip().replace("\u2212", "-").replace("\u202f", "").replace(" ", "").replace(",", ".")
    try:
        value = float(cleaned)
    except ValueError:
        return None
    return value if abs(value) <= MAX_SCORE and value == value else None


def _named(rows: tuple[EveningRow, ...], aliases: Mapping[str, str]) -> tuple[EveningRow, ...]:
    return tuple(EveningRow(aliases.get(row.team, row.team), row.score, row.place) for row in rows)


def _from_show(source: EveningSource, aliases: Mapping[str, str], problems: Problems,
               season: Path) -> EveningResult | None:
    """The show's journal replayed: its format's own results table where it exports one (the written quiz's
    places), else the teams' scores."""
    from quizshow import registry
    from quizshow.assemble import make_format
    from quizshow.core.engine import Engine
    from quizshow.core.journal import JournalError
    from quizshow.event_file import load_any
    from quizshow.runtime.journal.file import Journal

    assert source.show is not None
    config = load_any(source.show, problems)
    if config is None:
        return None
    journal = source.journal or config.journal_path
    if not journal.exists():
        return EveningResult(source.label, (), played=False)
    try:
        loaded = Journal.read(journal, str(config.path), whole=True)
    except JournalError as why:
        problems.add(season, source.line, f"evening {source.label}: {why}")
        return None
    fmt = make_format(config)
    engine = Engine(fmt, loaded.seed if loaded else 0)
    engine.replay(loaded.commands if loaded else [])
    spec = registry.spec(config.format)
    table = spec.results_csv(fmt, engine.state, config.title)
    if table is not None:
        rows = results_rows(table, journal, problems)
        if rows is not None:
            return EveningResult(source.label, _named(rows, aliases))
    teams = engine.state.teams
    rows = tuple(EveningRow(t.name, float(t.score), 1 + sum(1 for o in teams if o.score > t.score)) for t in teams)
    return EveningResult(source.label, _named(rows, aliases))
