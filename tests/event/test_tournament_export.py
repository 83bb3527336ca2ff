"""The day on paper: standings and every result as CSV, and a printable HTML page, from the journal."""

from __future__ import annotations

import csv
import io
from dataclasses import replace

from quizshow.cli import export_results
from quizshow.event import export
from quizshow.event.model import Correction, EventTeam, Result
from quizshow.runtime.journal.file import Journal, dispatch_journalled
from tests.event_kit import make_day
from tests.event_kit import play as play_pair
from tests.event_rules_kit import GROUP_RESULTS
from tests.tournament_kit import SEED001, play, tournament


def test_standings_and_results_csv_add_up():
    day = make_day(12, groups=3)
    for a, b, sa, sb in GROUP_RESULTS:
        day = play_pair(day, a, b, sa, sb)
    rows = list(csv.DictReader(io.StringIO(export.standings_csv(day))))
    assert len(rows) == 12 and rows[0]["таблица"] == "Группа А" and rows[0]["команда"] == "T0"
    assert rows[1]["решено по"].startswith("разница ответов") and "−1" in rows[1]["решено по"]
    assert rows[4]["место"] == "1" and rows[4]["решено по"].startswith("личная встреча")
    results = list(csv.DictReader(io.StringIO(export.results_csv(day))))
    assert len(results) == 18 and sum(int(r["счёт 1"]) + int(r["счёт 2"]) for r in results) == sum(
        sa + sb for _, _, sa, sb in GROUP_RESULTS)


def test_html_page_escapes_names_and_lists_corrections():
    day = make_day(4, groups=1, advance_per_group=2, playoff_teams=2)
    day = replace(day, teams=(EventTeam("<script>"), *day.teams[1:]))
    day = play_pair(day, 0, 1, 2, 1)
    fix = Correction("A1", Result("A1", (0, 1), (1, 2)), day.results[0], "протокол судьи")
    text = export.page(day, "Кубок & «Лига»", (fix,))
    assert "<script>" not in text and "&lt;script&gt;" in text and "Кубок &amp; «Лига»" in text
    assert "протокол судьи" in text and "1:2 → 2:1" in text


def test_export_results_writes_the_three_files_from_the_journal(tmp_path):
    """`quizshow tournament.yaml --export-results PREFIX` (the house's export hook: FormatSpec.export)."""
    journal_path = tmp_path / "day.jsonl"
    journal, loaded = Journal.open(journal_path, str(SEED001.resolve()), seed=3)
    engine = tournament(SEED001, seed=loaded.seed)
    play(engine, submit=lambda cmd: dispatch_journalled(engine, journal, cmd))
    journal.close()
    out = io.StringIO()
    assert export_results(SEED001, journal_path, tmp_path / "day", out) == 0
    names = sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("day-") or p.suffix == ".html")
    assert names == ["day-results.csv", "day-standings.csv", "day.html"]
    results = list(csv.DictReader(io.StringIO((tmp_path / "day-results.csv").read_text(encoding="utf-8"))))
    assert results[0]["матч"] == "M0" and results[-1]["матч"] == "F" and results[-1]["победитель"]
    assert "Очки турнира" in (tmp_path / "day.html").read_text(encoding="utf-8")
