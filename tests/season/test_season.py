"""A season (docs/season.md): its file checked at FILE:LINE (and fuzzed), its evenings from exported results or a
show's journal, its standings under each rule with ties broken as the rule says, on the projector and written
out as CSV and HTML."""

from __future__ import annotations

import csv
import io
import subprocess
import sys
from pathlib import Path

import pygame
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from quizshow import cli
from quizshow.core import commands as c
from quizshow.season.command import load
from quizshow.season.evenings import results_rows
from quizshow.season.file import load_season
from quizshow.season.model import EveningResult, EveningRow, Rule
from quizshow.season.standings import place_points, standings
from quizshow.yamlfile import Problems
from tests.conftest import ROOT
from tests.report_kit import config_of, runtime_for

DEMO = ROOT / "shows" / "season-demo" / "season.yaml"


def evening(label: str, *rows: tuple[str, float]) -> EveningResult:
    """An evening's results by score, places worked out (equal scores share the better place)."""
    return EveningResult(label, tuple(EveningRow(name, score, 1 + sum(1 for _, other in rows if other > score))
                                      for name, score in rows))


def table(evenings: list[EveningResult], rule: Rule) -> list[tuple[str, int, float]]:
    return [(s.team, s.place, s.total) for s in standings(evenings, rule)]


def test_sum_adds_every_evening_and_equal_totals_with_equal_criteria_share_the_place():
    nights = [evening("1", ("Совы", 30), ("Кактус", 20), ("Ёжики", 10)),
              evening("2", ("Совы", 10), ("Кактус", 20), ("Ёжики", 35))]
    found = standings(nights, Rule(ties=()))
    assert [(s.team, s.total) for s in found] == [("Ёжики", 45), ("Совы", 40), ("Кактус", 40)]
    assert [(s.place, s.shared) for s in found] == [(1, 1), (2, 2), (2, 2)]  # no criterion: 2–3 shared


def test_best_n_of_m_drops_each_teams_weakest_evenings():
    nights = [evening("1", ("Совы", 30), ("Кактус", 5)), evening("2", ("Совы", 2), ("Кактус", 25)),
              evening("3", ("Совы", 28), ("Кактус", 26))]
    found = {s.team: s for s in standings(nights, Rule(best=2))}
    assert found["Совы"].total == 58 and found["Совы"].dropped == (False, True, False)
    assert found["Кактус"].total == 51 and found["Кактус"].dropped == (True, False, False)


def test_points_by_place_share_a_tied_place_averaged_or_at_the_higher():
    rule = Rule(count="places", points=(10, 8, 6, 5))
    assert place_points(2, 2, rule) == 7  # 2nd and 3rd shared: (8 + 6) / 2
    assert place_points(4, 3, rule) == pytest.approx(5 / 3)  # past the table: 0 for 5th and 6th
    assert place_points(2, 2, Rule(count="places", points=(10, 8, 6), shared="higher")) == 8
    nights = [evening("1", ("А", 9), ("Б", 7), ("В", 7), ("Г", 1))]
    assert table(nights, rule) == [("А", 1, 10), ("Б", 2, 7), ("В", 2, 7), ("Г", 4, 5)]


def test_equal_totals_are_told_apart_by_the_rules_criteria_in_order():
    nights = [evening("1", ("Кактус", 30), ("Ёжики", 20), ("Совы", 10)),
              evening("2", ("Совы", 30), ("Ёжики", 20), ("Кактус", 10))]
    rule = Rule(count="places", points=(3, 2, 1), ties=("wins", "last_evening"))
    found = standings(nights, rule)  # 4 points each
    assert [(s.team, s.total, s.place) for s in found] == [("Совы", 4, 1), ("Кактус", 4, 2), ("Ёжики", 4, 3)]
    assert (found[0].decided_by, found[0].against) == ("last_evening", (3, 1))  # one win each: the last evening
    assert (found[1].decided_by, found[1].against) == ("wins", (1, 0))
    countback = standings(nights, Rule(count="places", points=(3, 2, 1), ties=("places",)))
    assert [(s.team, s.place, s.shared) for s in countback] == [("Кактус", 1, 2), ("Совы", 1, 2), ("Ёжики", 3, 1)]
    assert [s.place for s in standings(nights, Rule(count="places", points=(3, 2, 1), ties=()))] == [1, 1, 1]


def test_exported_results_are_read_as_the_written_quiz_writes_them():
    rows = results_rows((ROOT / "shows" / "season-demo" / "evening-1.csv").read_text(encoding="utf-8"),
                        Path("evening-1.csv"), Problems())
    assert rows is not None and len(rows) == 12
    shared = [row for row in rows if row.place == 6]
    assert len(shared) == 2  # «6–7» is read as the 6th place, shared
    problems = Problems()
    assert results_rows("Место;Команда;Сумма\n1;Совы;10\n2;Совы;8\nx;Кактус;7\n", Path("r.csv"), problems) is None
    assert [str(p) for p in problems.items] == ["r.csv:3: 'Совы' is in the results twice (line 2 too)",
                                                "r.csv:4: place 'x' is not a place (1, 2, … or «8–10»)"]
    problems = Problems()
    assert results_rows("name,score\nA,1e99\n", Path("r.csv"), problems) is None
    assert "score '1e99' is not a number" in str(problems.items[0])


def season_file(tmp_path: Path, body: str) -> Path:
    (tmp_path / "one.csv").write_text("Команда,Сумма\nСовы,10\nКактус,8\n", encoding="utf-8")
    path = tmp_path / "season.yaml"
    path.write_text(body, encoding="utf-8")
    return path


@pytest.mark.parametrize("body, said", [
    ("season: S\nevenings: []\n", "season.yaml:2: a season needs one evening at least"),
    ("season: S\nevenings:\n  - {results: two.csv}\n", "season.yaml:3: results 'two.csv' not found"),
    ("season: S\nevenings:\n  - {results: one.csv, show: x.yaml}\n",
     "season.yaml:3: evening 1 names a show file or exported results (a .csv), one of them"),
    ("season: S\nevenings: [one.csv]\nrule: {count: places}\n",
     "season.yaml:3: count: places needs its table: points: [10, 8, 6, …] (1st, 2nd, 3rd …)"),
    ("season: S\nevenings: [one.csv]\nrule: {count: places, points: [5, 8]}\n",
     "season.yaml:3: points must not grow down the table (1st gets the most)"),
    ("season: S\nevenings: [one.csv]\nrule:\n  ties: [wins, luck]\n",
     "season.yaml:4: a tie criterion must be one of wins, places, best_evening, last_evening, evenings "
     "(found 'luck')"),
    ("season: S\nevenings: [one.csv]\nrule: {best: 0}\n", "season.yaml:3: best must be from 1 to 100 (found 0)"),
    ("season: S\nevenings: [one.csv]\nrule: average\n",
     "season.yaml:3: rule must be sum or a mapping of count, points, shared, best, ties (found 'average')"),
    ("season: S\nevenings: [one.csv]\nrul: sum\n", "season.yaml:3: unknown key 'rul' (did you mean 'rule'?)"),
    ("season: S\nevenings: [one.csv]\ntheme: nosuch\n",
     "season.yaml:3: theme 'nosuch' not found (a bundled theme's name, or a folder holding theme.yaml)"),
    ("season: S\nevenings: [one.csv]\nteams: {Совы: [Сова], Кактус: [Сова]}\n",
     "season.yaml:3: 'Сова' is another name of both 'Совы' and 'Кактус'"),
])
def test_check_says_what_is_wrong_at_its_line(tmp_path, body, said):
    path = season_file(tmp_path, body)
    out = io.StringIO()
    assert cli.check_files([path], out) == 1
    assert f"{path.parent}/{said}" in out.getvalue(), out.getvalue()


def test_the_demo_season_checks_clean_and_its_standings_add_up():
    out = io.StringIO()
    assert cli.check_files([DEMO], out) == 0, out.getvalue()
    found = load(DEMO, Problems())
    assert found is not None and len(found.evenings) == 3 and len(found.standings) == 12
    for row in found.standings:
        kept = [v for v, gone in zip(row.values, row.dropped, strict=True) if v is not None and not gone]
        assert len(kept) == 2 and row.total == sum(kept)  # best 2 of 3
    assert [s.place for s in found.standings] == sorted(s.place for s in found.standings)


def test_an_evening_from_a_show_file_replays_its_journal_and_one_not_played_yet_is_empty(tmp_path):
    show = ROOT / "shows" / "svoyak.yaml"
    config = config_of(show)
    journal = tmp_path / "played.jsonl"
    runtime = runtime_for(config, journal)
    for command in (c.ScoreSet(at=1.0, team=0, points=300), c.ScoreSet(at=2.0, team=1, points=500)):
        assert runtime.submit(command).accepted
    runtime.close()
    (tmp_path / "one.csv").write_text("Команда,Сумма\nАнна,10\n", encoding="utf-8")
    path = tmp_path / "season.yaml"
    path.write_text(f'season: "Сезон"\nevenings:\n  - {{show: "{show}", journal: played.jsonl}}\n'
                    f'  - {{show: "{show}", journal: later.jsonl}}\n  - one.csv\n', encoding="utf-8")
    found = load(path, Problems())
    assert found is not None
    first, later, third = found.evenings
    assert {(r.team, r.score, r.place) for r in first.rows} == {("Борис", 500, 1), ("Анна", 300, 2), ("Вера", 0, 3)}
    assert not later.played and later.rows == ()
    assert [(s.team, s.total) for s in found.standings] == [("Борис", 500), ("Анна", 310), ("Вера", 0)]


def test_export_writes_csv_and_an_escaped_html_page(tmp_path, monkeypatch):
    (tmp_path / "one.csv").write_text('Команда,Сумма\n"<script>x</script>",10\nКактус & Ко,8\n', encoding="utf-8")
    path = tmp_path / "season.yaml"
    path.write_text('season: "<b>Сезон</b>"\nevenings: [one.csv, one.csv]\nrule: {best: 1}\n', encoding="utf-8")
    out = io.StringIO()
    monkeypatch.setattr("sys.stdout", out)
    assert cli.main([str(path), "--season-export", str(tmp_path / "table")]) == 0
    rows = list(csv.reader(io.StringIO((tmp_path / "table.csv").read_text(encoding="utf-8"))))
    assert rows == [["Место", "Команда", "Вечер 1", "Вечер 2", "Итого"],
                    ["1", "<script>x</script>", "10", "(10)", "10"], ["2", "Кактус & Ко", "8", "(8)", "8"]]
    page = (tmp_path / "table.html").read_text(encoding="utf-8")
    assert "<script>" not in page and "&lt;script&gt;x&lt;/script&gt;" in page and "&lt;b&gt;Сезон&lt;/b&gt;" in page
    assert "Кактус &amp; Ко" in page


def test_the_standings_scene_shows_every_team_with_its_place_and_total(tmp_path):
    from quizshow.display.season.show import pictures

    found = load(DEMO, Problems())
    assert found is not None
    (page,) = pictures(found.season, found.evenings, found.standings)
    pygame.image.save(page, str(tmp_path / "season.png"))
    gold = tuple(pygame.Color("#ffc83d"))[:3]  # the medal tab of the first row and the totals' accent
    assert any(page.get_at((x, y))[:3] == gold for x in range(100, 130) for y in range(250, 320))


def test_main_with_a_season_file_opens_its_standings(tmp_path):
    done = subprocess.run([sys.executable, "main.py", str(DEMO), "--sheet", str(tmp_path / "season.png")],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "1 page(s) of the standings" in done.stdout
    assert pygame.image.load(str(tmp_path / "season.png")).get_size() == (1920, 1080)


YAML_SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-5, 300), st.floats(allow_nan=True),
                         st.text(max_size=12), st.sampled_from(["one.csv", "sum", "places", "wins", "x.yaml"]))
YAML_VALUES = st.recursive(YAML_SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.sampled_from(
        ["season", "evenings", "rule", "teams", "language", "theme", "count", "points", "best", "ties", "shared",
         "results", "show", "title", "journal"]), inner, max_size=5)), max_leaves=12)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.dictionaries(st.sampled_from(["season", "evenings", "rule", "teams", "language", "theme", "extra"]),
                       YAML_VALUES, max_size=6))
def test_the_loader_never_breaks_on_any_shape_of_file(tmp_path, data):
    import yaml

    (tmp_path / "one.csv").write_text("Команда,Сумма\nСовы,10\n", encoding="utf-8")
    path = tmp_path / "season.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    problems = Problems()
    season = load_season(path, problems)
    assert (season is None) == bool(problems.errors)  # an error is always told, never a crash
    assert all(p.line >= 1 and str(p.file) == str(path) for p in problems.items)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.lists(st.tuples(st.sampled_from("АБВГДЕ"), st.integers(-5, 40)), max_size=6), min_size=1,
                max_size=5),
       st.sampled_from(["score", "places"]), st.one_of(st.none(), st.integers(1, 5)),
       st.lists(st.sampled_from(["wins", "places", "best_evening", "last_evening", "evenings"]), unique=True,
                max_size=3))
def test_standings_are_in_order_of_their_totals_and_places_follow(nights, count, best, ties):
    evenings = [evening(str(i), *dict(rows).items()) for i, rows in enumerate(nights)]
    rule = Rule(count=count, points=(10, 7, 5, 3, 1) if count == "places" else (), best=best, ties=tuple(ties))
    found = standings(evenings, rule)
    assert {s.team for s in found} == {team for e in evenings for team in (r.team for r in e.rows)}
    totals = [s.total for s in found]
    assert totals == sorted(totals, reverse=True)
    assert found == [] or found[0].place == 1
    for above, below in zip(found, found[1:], strict=False):
        assert above.place <= below.place and (above.place == below.place) == (above.place + above.shared > below.place)
    for row in found:
        played = sum(1 for v in row.values if v is not None)
        assert sum(row.dropped) == (max(0, played - best) if best is not None else 0)


def test_the_standings_window_runs_headless_and_ends_on_sigterm():
    import signal

    with subprocess.Popen([sys.executable, "main.py", str(DEMO), "--headless"], cwd=ROOT, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, text=True) as shown:
        try:
            assert shown.stdout is not None
            assert shown.stdout.readline().startswith("season: Клубный сезон 2025/26: 12 teams, 1 page(s)")
            shown.send_signal(signal.SIGTERM)
            assert shown.wait(timeout=30) == 0
        finally:
            if shown.poll() is None:
                shown.kill()
