"""`--report PREFIX` (docs/report.md): one self-contained page of the night from the journal, for any format —
the results, every question with its answer, the presses in order with margins, rulings, undos and their
times, the figures, the devices — escaped, offline, printed to an A4 PDF by the headless Chromium."""

from __future__ import annotations

import io
import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from quizshow import cli
from quizshow.core import commands as c
from quizshow.formats.svoyak import commands as sc
from quizshow.formats.written import commands as wc
from quizshow.report import write_report
from quizshow.runtime.journal.file import Journal
from tests.conftest import ROOT
from tests.report_kit import config_of, runtime_for, walked_night

CHROMIUM = Path("/usr/bin/chromium")
NO_BROWSER = {"QUIZSHOW_CHROMIUM": "/nonexistent/chromium"}  # the HTML only: most tests need no PDF


class Page(HTMLParser):
    """What a reader sees: the text of the page, and every element it holds."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.words: list[str] = []
        self.tags: list[str] = []
        self.rows: list[tuple[str, str]] = []  # (a row's class, its text)
        self._row: list[str] | None = None
        self._row_class = ""
        self.feed(text)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        if tag == "tr":
            self._row, self._row_class = [], dict(attrs).get("class") or ""

    def handle_endtag(self, tag: str) -> None:
        if tag == "tr" and self._row is not None:
            self.rows.append((self._row_class, " ".join(self._row)))
            self._row = None

    def handle_data(self, data: str) -> None:
        self.words.append(data)
        if self._row is not None and data.strip():
            self._row.append(data.strip())

    @property
    def text(self) -> str:
        return " ".join(" ".join(self.words).split())


def reported(show: Path, journal: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
             browser: dict[str, str] | None = None) -> tuple[int, str, Path]:
    """`quizshow SHOW --journal J --report PREFIX`, as a user types it: its exit code, its output, the page."""
    for name, value in (NO_BROWSER if browser is None else browser).items():
        monkeypatch.setenv(name, value)
    out = io.StringIO()
    monkeypatch.setattr("sys.stdout", out)
    code = cli.main([str(show), "--journal", str(journal), "--report", str(tmp_path / "night")])
    return code, out.getvalue(), tmp_path / "night.report.html"


@pytest.mark.parametrize("show", ["svoyak.yaml", "brainring.yaml", "duel.yaml", "written.yaml", "melee.yaml",
                                  "demo.yaml", "tournament-sprint.yaml"])
def test_every_format_reports_its_night(show, tmp_path, monkeypatch):
    journal = tmp_path / "night.jsonl"
    config = walked_night(ROOT / "shows" / show, journal)
    code, said, page_path = reported(config.path, journal, tmp_path, monkeypatch)
    assert code == 0, said
    assert str(page_path) in said and "no Chromium found" in said
    page = Page(page_path.read_text(encoding="utf-8"))
    assert "Итоги" in page.text and "Вопросы" in page.text and "Устройства" in page.text
    assert config.title in page.text
    for team in config.teams[:2]:
        assert team.name in page.text
    assert 'id="q1"' in page_path.read_text(encoding="utf-8"), "the walk plays at least one question"
    assert not {"script", "img", "link", "iframe", "object", "embed"} & set(page.tags)  # nothing to run or fetch


def svoyak_night(tmp_path: Path, names: tuple[str, str, str] = ("Анна", "Борис", "Вера"), title: str = "Вечер"):
    """A «Своя игра» night: Борис's box first, Анна's phone 37 ms later (± 18 ms), Вера's key; a wrong ruling the
    host takes back, then the right one; then the next question."""
    show = tmp_path / "svoyak.yaml"
    quoted = [json.dumps(text, ensure_ascii=False) for text in (title, *names)]  # a JSON string is YAML too
    show.write_text(f'''title: {quoted[0]}
format: svoyak
preset: svoyak
pack: "{ROOT / "packs" / "svoyak-demo.yaml"}"
teams:
  - {{name: {quoted[1]}}}
  - {{name: {quoted[2]}}}
  - {{name: {quoted[3]}}}
''', encoding="utf-8")
    config = config_of(show)
    journal = tmp_path / "svoyak.jsonl"
    runtime = runtime_for(config, journal, seed=3)
    for command in (c.Go(at=1.0), c.Go(at=2.0), sc.SelectCell(at=3.0, theme=1, question=2), c.TimerStart(at=4.0),
                    c.Buzz(at=4.30, team=1, source_time=4.140, device="box1"),
                    c.Buzz(at=4.40, team=0, source_time=4.177, device="phone", clock_error=0.018),
                    c.Buzz(at=4.35, team=2, device="keyboard"),
                    c.Judge(at=6.0, correct=False), c.Undo(at=7.0), c.Judge(at=8.0, correct=True),
                    c.Go(at=9.0), sc.SelectCell(at=10.0, theme=0, question=0), c.TimerStart(at=11.0),
                    c.Buzz(at=11.5, team=2, source_time=11.42, device="box1")):
        outcome = runtime.submit(command)  # a later press is refused but kept for the replay and the report
        assert outcome.accepted or runtime.engine.entries[-1].late, command
    runtime.close()
    return config, journal


def test_a_question_shows_who_pressed_in_what_order_the_rulings_and_the_undo(tmp_path, monkeypatch):
    config, journal = svoyak_night(tmp_path)
    code, _, page_path = reported(config.path, journal, tmp_path, monkeypatch)
    assert code == 0
    page = Page(page_path.read_text(encoding="utf-8"))
    rows = page.rows
    presses = [text for _, text in rows if text[:1] in "123" and "мс" in text]
    assert presses[:3] == ["1 Борис +1,1 с +0 мс часам кнопки · box1",
                           "2 Анна +1,2 с +37 мс телефону ± связь (±18 мс) · phone",
                           "3 Вера +1,3 с +210 мс приходу нажатия · keyboard"]
    undone = [text for kind, text in rows if kind == "undone"]
    assert len(undone) == 1 and "Борис: неверно" in undone[0] and "(отменено)" in undone[0]
    undo = [text for kind, text in rows if kind == "undo"]
    assert len(undo) == 1 and "Отменено: Борис: неверно, −30" in undo[0]
    assert re.search(r"Отмены Время Вопросы Что произошло \d\d:\d\d:\d\d вопрос 1 Отменено: Борис: неверно", page.text)
    assert re.search(r"\b\d\d:\d\d:\d\d Борис: верно, \+30", page.text)  # each step at its wall-clock time
    assert "Ответ: Печорин" in page.text  # the question's answer
    assert "нажали: 3; фальстартов: 0; верно: 1, неверно: 0; очков разыграно: +30 / −0" in page.text
    assert "отрыв первого: 37 мс" in page.text
    assert "2. Раунд 1 · Реки и озёра" in page.text and "3. Раунд" not in page.text  # the board is no question
    devices = [text for _, text in rows if text.startswith(("box1", "phone ", "keyboard"))]
    assert devices == ["box1 2 Борис, Вера часам кнопки —", "keyboard 1 Вера приходу нажатия —",
                       "phone 1 Анна телефону ± связь ±18 мс"]  # most presses first
    assert "Споров и апелляций не было." in page.text
    # the presses refused while Борис answered are steps of the night, as the console's journal says them
    assert re.search(r"\d\d:\d\d:\d\d Нажатие не принято: Анна", page.text)
    assert re.search(r"\d\d:\d\d:\d\d Нажатие не принято: Вера", page.text)


def test_an_appeal_is_listed_among_the_disputes(tmp_path, monkeypatch):
    config = config_of(ROOT / "shows" / "brainring.yaml")
    journal = tmp_path / "ring.jsonl"
    runtime = runtime_for(config, journal)
    for command in (c.Go(at=1.0), c.Announce(at=2.0), c.TimerStart(at=3.0), c.Buzz(at=4.0, team=0),
                    c.Judge(at=5.0, correct=False), c.Discipline(at=6.0, team=0, what="appeal_accepted")):
        outcome = runtime.submit(command)  # a later press is refused but kept for the replay and the report
        assert outcome.accepted or runtime.engine.entries[-1].late, command
    runtime.close()
    code, _, page_path = reported(config.path, journal, tmp_path, monkeypatch)
    page = Page(page_path.read_text(encoding="utf-8"))
    disputes = [text for kind, text in page.rows if kind == "dispute"]
    assert code == 0 and len(disputes) == 1 and config.teams[0].name in disputes[0]
    assert "Споров и апелляций не было." not in page.text


def test_a_written_quizs_disputed_answer_and_appeal_are_listed_among_the_disputes(tmp_path, monkeypatch):
    config = config_of(ROOT / "shows" / "written.yaml")
    journal = tmp_path / "written.jsonl"
    runtime = runtime_for(config, journal)
    for command in (c.Go(at=1.0), c.Go(at=2.0), c.Tick(at=200.0), c.Tick(at=400.0)):  # question 1's answer
        runtime.submit(command)
    assert runtime.engine.state.phase == "answer", runtime.engine.state.phase
    for command in (wc.Dispute(at=401.0, team=1, number=0, text="Нева"),
                    wc.Verdict(at=402.0, team=1, number=0, accepted=True),
                    wc.Appeal(at=403.0, team=2, number=0, kind="answer", text="Невка"),
                    wc.AppealVerdict(at=404.0, team=2, number=0, upheld=False)):
        outcome = runtime.submit(command)  # a later press is refused but kept for the replay and the report
        assert outcome.accepted or runtime.engine.entries[-1].late, command
    runtime.close()
    code, _, page_path = reported(config.path, journal, tmp_path, monkeypatch)
    page = Page(page_path.read_text(encoding="utf-8"))
    disputes = [text for kind, text in page.rows if kind == "dispute"]
    assert code == 0 and len(disputes) == 4, disputes
    assert config.teams[1].name in disputes[0] and "Нева" in disputes[0]
    assert config.teams[2].name in disputes[2] and "Невка" in disputes[2]


HOSTILE = ('<img src=x onerror="window.__pwned=1">', '</td></tr></table><script>window.__pwned=2</script>',
           "Вера & «Ко» \"кавычки\" 'апостроф'")


def test_names_and_the_title_are_escaped_and_nothing_in_them_runs_in_a_browser(tmp_path, monkeypatch):
    config, journal = svoyak_night(tmp_path, HOSTILE, title="<b>Вечер</b> & <i>клуб</i>")
    code, _, page_path = reported(config.path, journal, tmp_path, monkeypatch)
    text = page_path.read_text(encoding="utf-8")
    page = Page(text)
    assert code == 0 and not {"script", "img", "i"} & set(page.tags)
    for name in HOSTILE:
        assert name in page.text  # shown as it was typed
    assert "<b>Вечер</b> & <i>клуб</i>" in page.text
    sync_api = pytest.importorskip("playwright.sync_api", reason="the playwright package is not installed")
    if not CHROMIUM.exists():
        pytest.skip("no Chromium at /usr/bin/chromium")
    fetched: list[str] = []
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), headless=True,
                                     args=["--no-sandbox", "--disable-gpu", "--no-first-run"])
        try:
            view = browser.new_page(viewport={"width": 1000, "height": 1400})
            view.route("**/*", lambda route: (fetched.append(route.request.url), route.continue_()))
            view.goto(page_path.resolve().as_uri())
            assert view.evaluate("window.__pwned === undefined")
            assert view.evaluate("document.scripts.length") == 0
            cells = view.locator("td").all_inner_texts()
            assert HOSTILE[0] in cells and HOSTILE[1] in cells
            view.screenshot(path=str(tmp_path / "report.png"), full_page=True)
        finally:
            browser.close()
    assert fetched == [page_path.resolve().as_uri()]  # the page itself and nothing else: it opens offline


@pytest.mark.skipif(not CHROMIUM.exists(), reason="no Chromium at /usr/bin/chromium")
def test_the_pdf_is_printed_by_chromium_on_a4(tmp_path, monkeypatch):
    config, journal = svoyak_night(tmp_path)
    monkeypatch.setenv("QUIZSHOW_CHROMIUM", str(CHROMIUM))
    out = io.StringIO()
    written = write_report(config, journal, tmp_path / "night", out)
    assert [p.name for p in written] == ["night.report.html", "night.report.pdf"], out.getvalue()
    pdf = written[1].read_bytes()
    assert pdf.startswith(b"%PDF-")
    boxes = re.findall(rb"/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]", pdf)
    assert boxes and all(abs(float(w) - 595.3) < 1 and abs(float(h) - 841.9) < 1 for w, h in boxes)  # A4 in points


def test_without_chromium_it_says_so_and_writes_the_page_alone(tmp_path, monkeypatch):
    config, journal = svoyak_night(tmp_path)
    code, said, page_path = reported(config.path, journal, tmp_path, monkeypatch)
    assert code == 0 and page_path.exists() and not (tmp_path / "night.report.pdf").exists()
    assert "no Chromium found" in said and "the HTML only, no PDF" in said


def test_a_journal_with_a_snapshot_is_reported_and_exported_from_its_first_line(tmp_path, monkeypatch):
    """A long night writes a snapshot beside its journal; a tool reads the whole journal all the same."""
    journal = tmp_path / "written.jsonl"
    config = walked_night(ROOT / "shows" / "written.yaml", journal)
    loaded = Journal.read(journal, str(config.path), whole=True)
    assert loaded is not None and loaded.commands
    journal_file, resumed = Journal.open(journal, str(config.path))  # a snapshot of the night as it ended
    from quizshow.assemble import make_format
    from quizshow.core.engine import Engine

    engine = Engine(make_format(config), resumed.seed)
    resumed.restore(engine)
    journal_file.write_snapshot(engine)
    journal_file.close()
    assert (Journal.read(journal, str(config.path)) or loaded).snapshot is not None
    monkeypatch.setenv("QUIZSHOW_CHROMIUM", "/nonexistent")
    out = io.StringIO()
    monkeypatch.setattr("sys.stdout", out)
    assert cli.main([str(config.path), "--journal", str(journal), "--export-results", str(tmp_path / "res")]) == 0
    from quizshow.formats.written.export import grid_csv

    # the grid of the whole night (its questions asked, its marks), not of a night replayed from the snapshot's end
    assert (tmp_path / "res.csv").read_text(encoding="utf-8") == grid_csv(engine.format, engine.state)
    assert len(grid_csv(engine.format, engine.state).splitlines()[0].split(",")) > 8
    code, _, page_path = reported(config.path, journal, tmp_path, monkeypatch)
    assert code == 0 and 'id="q1"' in page_path.read_text(encoding="utf-8")


@pytest.mark.parametrize("lines, ru, en", [(21, "21 строка", "21 lines"), (3, "3 строки", "3 lines"),
                                           (15, "15 строк", "15 lines"), (1, "1 строка", "1 line")])
def test_the_journals_line_count_is_said_in_its_plural_form(lines, ru, en):
    """The report of a 21-line journal read «Составлен по журналу: 21 строк»."""
    from quizshow.house_words import show_words
    from quizshow.report.page import PHRASES

    words = show_words("ru", PHRASES)  # the report's words
    assert words.say("report.made", lines=lines, when="07.12.2026") == f"Составлен по журналу: {ru}; 07.12.2026"
    assert words.into("en").say("report.made", lines=lines, when="Dec 7") == f"Made from the journal: {en}; Dec 7"
