"""The rating cycle end to end: forty teams from the rating's roster, two disputed answers, the jury's verdict and an
appeal, exported by --export-results as the rating's upload table (CSV and XLSX) and read back with openpyxl and
the csv module against the documented layout (docs/written.md «The rating's table»), and as chgksuite 1.3.2's
reader of the rating's table read the same export (tests/fixtures/rating/*.chgksuite.json)."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import openpyxl
import pytest

from quizshow.cli import export_results
from quizshow.formats.written import commands as wc
from quizshow.formats.written.rating import upload_rows
from quizshow.roster import read_roster
from quizshow.tools.export import export
from quizshow.yamlfile import Problems
from tests.rating_kit import SHOW, rating_evening
from tests.written_kit import engine, go, pack, play_question

FIXTURES = Path(__file__).parents[2] / "fixtures" / "rating"
ROSTER = SHOW.parent / "written-rating-roster.csv"


def _export(folder: Path, rules: dict[str, object] | None = None) -> Path:
    """The evening played into a journal in `folder`, exported as `quizshow SHOW --export-results PREFIX` does
    (another table layout: the show's rules changed, exported from its config)."""
    journal = folder / "evening.journal.jsonl"
    evening = rating_evening(journal, rules)
    evening.close()
    if rules:
        export(evening.config, journal, folder / "evening")
        return folder / "evening"
    out = io.StringIO()
    assert export_results(SHOW, journal, folder / "evening", out) == 0, out.getvalue()
    return folder / "evening"


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _export(tmp_path_factory.mktemp("evening"))


def _roster() -> dict[str, tuple[int | None, str]]:
    return {t.name: (t.registration.rating_id, t.registration.city) for t in read_roster(ROSTER, Problems())}


def _masks(rows: list[list[object]], by_tour: bool) -> dict[int, str]:
    """The documented reading of the table: after the header (its second column «Название»), a row per team (and
    tour) whose first cell is the team's rating id; a question's cell 1 is taken, anything else is not."""
    found: dict[int, str] = {}
    for row in rows[1:]:
        if row[0] in (None, ""):
            continue
        cells = row[4:] if by_tour else row[3:]
        found[int(str(row[0]))] = found.get(int(str(row[0])), "") + "".join(
            "1" if str(v) == "1" else "0" for v in cells if v not in (None, ""))
    return found


def test_a_rating_evening_exports_the_table_the_rating_takes(exported):
    prefix = exported
    book = openpyxl.load_workbook(prefix.with_name("evening.rating.xlsx"))
    sheet = book.active
    rows = [list(row) for row in sheet.iter_rows(values_only=True)]
    assert sheet.title == "Worksheet"
    assert rows[0] == ["Team ID", "Название", "Город", *range(1, 31)]  # 3 tours of 10, in play order
    assert len(rows) == 41 and all(len(row) == 33 for row in rows)
    roster = _roster()
    assert {row[1]: (row[0], row[2]) for row in rows[1:]} == roster  # every team's id and city
    assert sum(1 for row in rows[1:] if row[0] is None) == 2  # registered at the door: no id
    by_name = {row[1]: row for row in rows[1:]}
    # Question 3: team 5's phone answer, disputed, then accepted by the jury; question 12: team 10's answer still
    # awaits the jury: its text is in the cell; question 20 was removed on appeal.
    assert by_name["Полосатый рейс"][3 + 2] == 1
    assert by_name["Белые ночи"][3 + 11] == "Лев Толстой"
    assert all(row[3 + 19] == "X" for row in rows[1:])
    values = {v for row in rows[1:] for v in row[3:]}
    assert values == {0, 1, "X", "Лев Толстой"}
    # Its 1s are the team's total in the results table, less the point a team earns as a question's author (the
    # club's rule, seed 001: the rating counts answers only). No penalties, no extra questions this evening.
    with prefix.with_name("evening.csv").open(encoding="utf-8") as file:
        totals = {row[1]: int(row[-1]) - row.count("автор 1") for row in list(csv.reader(file))[1:-1]}
    assert {name: sum(v == 1 for v in row[3:]) for name, row in by_name.items()} == totals

    raw = prefix.with_name("evening.rating.csv").read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf") and b"\r\n" in raw  # as the rating's own CSV: UTF-8 with a BOM
    text_rows = list(csv.reader(io.StringIO(raw.decode("utf-8-sig"), newline="")))
    assert text_rows == [["" if v is None else str(v) for v in row] for row in rows]


def test_chgksuite_reads_the_same_table_from_the_xlsx_and_the_csv():
    """chgksuite's reader of the rating's table (its parse of this very export, committed by the dev script) gives
    every team with a rating id its mask; the disputed answer and the removed question it counts as not taken and
    warns about, as it does for the rating's own unresolved disputes."""
    said = json.loads((FIXTURES / "evening.chgksuite.json").read_text(encoding="utf-8"))
    book = openpyxl.load_workbook(FIXTURES / "evening.rating.xlsx")
    rows = [list(r) for r in book.active.iter_rows(values_only=True)]
    for kind in ("xlsx", "csv"):
        masks = {r["team"]["id"]: r["mask"] for r in said[kind]["results"]}
        assert masks == _masks(rows, by_tour=False) and len(masks) == 38
        assert len(said[kind]["warnings"]) == 1 and "(39 шт.)" in said[kind]["warnings"][0]
    tours = json.loads((FIXTURES / "evening-tours.chgksuite.json").read_text(encoding="utf-8"))
    assert {r["team"]["id"]: r["mask"] for r in tours["xlsx"]["results"]} == masks


def test_the_committed_tables_are_what_the_show_exports_today(exported):
    """The fixtures chgksuite read are this export, byte for byte (the CSV) and cell for cell (the XLSX)."""
    prefix = exported
    assert prefix.with_name("evening.rating.csv").read_bytes() == (FIXTURES / "evening.rating.csv").read_bytes()
    assert prefix.with_name("evening.players.csv").read_bytes() == (FIXTURES / "evening.players.csv").read_bytes()

    def cells(path: Path) -> list[tuple[object, ...]]:
        return list(openpyxl.load_workbook(path).active.iter_rows(values_only=True))

    assert cells(prefix.with_name("evening.rating.xlsx")) == cells(FIXTURES / "evening.rating.xlsx")


def test_the_tour_per_row_table(tmp_path):
    prefix = _export(tmp_path, {"rating_table": "tours"})
    rows = [list(r) for r in openpyxl.load_workbook(prefix.with_name("evening.rating.xlsx")).active.iter_rows(
        values_only=True)]
    assert rows[0] == ["Team ID", "Название", "Город", "Тур", *range(1, 11)]
    assert len(rows) == 1 + 40 * 3 and [row[3] for row in rows[1:4]] == [1, 2, 3]
    assert rows[1][:3] == rows[2][:3] == rows[3][:3]  # one team, tour by tour
    flat = [list(r) for r in openpyxl.load_workbook(FIXTURES / "evening.rating.xlsx").active.iter_rows(
        values_only=True)]
    assert _masks(rows, by_tour=True) == _masks(flat, by_tour=False)


def test_the_players_sheet_is_the_roster_read_back(exported):
    """PREFIX.players.csv in the roster's own layout: quizshow's roster reader gives back the roster's teams."""
    prefix = exported
    problems = Problems()
    back = read_roster(prefix.with_name("evening.players.csv"), problems)
    assert not problems.items
    original = read_roster(ROSTER, Problems())
    assert [(t.name, t.registration) for t in back] == [(t.name, t.registration) for t in original]


def test_a_warm_up_is_not_in_the_rating_table():
    """The pack's warm-up is played but has no column: the first column is the first scored question."""
    from dataclasses import replace

    from quizshow.packs.model import Question, Round

    base = pack((2, 2))
    warm = Round(name="Разминка", warmup=True, questions=(Question(q="Р", a="Р"),))
    e = engine(3, replace(base, rounds=(warm, *base.rounds)))
    t = 1.0
    for _ in range(3):  # the warm-up, then the pack's first two questions
        while e.state.phase in ("title", "answer", "results"):
            go(e, t)
        t = play_question(e, t)
    assert upload_rows(e.format, e.state, by_tour=False)[0] == ("Team ID", "Название", "Город", 1, 2, 3, 4)
    e.dispatch(wc.Mark(at=t, team=0, number=1, correct=True))  # the pack's first scored question
    e.dispatch(wc.Mark(at=t, team=2, number=2, correct=True))
    rows = upload_rows(e.format, e.state, by_tour=False)
    assert {row[1]: row[3:] for row in rows[1:]} == {"Альфа": (1, 0, None, None), "Бета": (0, 0, None, None),
                                                    "Гамма": (0, 1, None, None)}  # not reached yet: empty
