"""The console after issue 14 (issue 16): uneven themes of a YAML pack, empty cells, many teams, journal
words, host notes (real console frames at 1280×800, pixels and buttons checked)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from quizshow.app import ShowApp
from quizshow.config import load_show
from quizshow.core import commands as c
from quizshow.formats.svoyak import commands as sc
from quizshow.yamlfile import Problems
from tests.conftest import SHARED, every_format_words, words_of

SIQ = SHARED / "siq"


@pytest.fixture(autouse=True)
def _cache(tmp_path, monkeypatch):
    monkeypatch.setenv("QUIZSHOW_CACHE", str(tmp_path / "cache"))


def show_app(tmp_path: Path, show: str, **files: str) -> ShowApp:
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    (tmp_path / "show.yaml").write_text(show, encoding="utf-8")
    problems = Problems()
    config = load_show(tmp_path / "show.yaml", problems)
    assert config is not None and not problems.errors, problems.items
    return ShowApp(config, journal_path=tmp_path / "j.jsonl", fresh=True, sound=False, seed=9)


def render(app: ShowApp, size: tuple[int, int] = (1280, 800)) -> pygame.Surface:
    surface = pygame.Surface(size)
    assert app.console.render(surface, app.clock.now(), app.status) is not False
    return surface


def test_the_console_board_of_a_yaml_pack_whose_themes_differ_in_length(tmp_path):
    """Uneven themes are legal (SIGame packs): a YAML theme of 2 questions beside one of 1 gave an
    IndexError on every console frame. The shorter theme has no button where it has no question."""
    pack = ('title: t\nrounds:\n  - name: r\n    themes:\n      - name: a\n        questions:\n'
            '          - {q: "Один", a: "1"}\n          - {q: "Два", a: "2"}\n'
            '      - name: b\n        questions:\n          - {q: "Три", a: "3"}\n')
    app = show_app(tmp_path, "title: t\nformat: svoyak\npack: p.yaml\nteams: [{name: А}, {name: Б}]\n",
                   **{"p.yaml": pack})
    try:
        for at in (1.0, 2.0):
            app.submit(c.Go(at=at))
        assert app.engine.state.phase == "board"
        render(app)
        cells = {call.args for _, call in app.console.buttons if call.name == "cell"}
        assert cells == {(0, 0), (0, 1), (1, 0)}
    finally:
        app.close()


def test_an_empty_cell_on_the_console_board_shows_as_played_with_no_value_and_no_phrase_key(tmp_path):
    """SIGameTest-v4.siq has empty cells (price −1): the console showed «1100 console.kind_empty»."""
    app = show_app(tmp_path, f"title: t\nformat: svoyak\npack: {SIQ / 'SIGameTest-v4.siq'}\n"
                   "teams: [{name: А}, {name: Б}]\n")
    try:
        for at in (1.0, 2.0):
            app.submit(c.Go(at=at))
        rnd = app.format.game.rounds[app.engine.state.fmt.round]
        themes, columns = rnd.size
        holes = {(t, q) for t in range(themes) for q in range(len(rnd.round.themes[t].questions))} - rnd.cells
        assert holes, "the pack has empty cells"
        render(app)
        labels: list[str] = []
        original = app.console.text.fit

        def spy(text, *args, **kwargs):
            labels.append(text)
            return original(text, *args, **kwargs)

        app.console.text.fit = spy  # type: ignore[method-assign]
        render(app)
        assert not [text for text in labels if "console." in text], labels
        cells = {call.args for _, call in app.console.buttons if call.name == "cell"}
        assert not cells & holes  # nothing to open there
    finally:
        app.close()


def sizes_drawn(app: ShowApp) -> dict[str, int]:
    """Render the console, noting the size each text was laid out at (text → px)."""
    seen: dict[str, int] = {}
    original = app.console.text.layout

    def spy(text, *args, **kwargs):
        found = original(text, *args, **kwargs)
        seen[text] = min(found.px, seen.get(text, found.px))
        return found

    app.console.text.layout = spy  # type: ignore[method-assign]
    try:
        render(app)
    finally:
        app.console.text.layout = original  # type: ignore[method-assign]
    return seen


def test_forty_teams_on_the_console_stay_readable_and_the_chosen_team_gets_the_score_buttons(tmp_path, monkeypatch):
    """written-40 at 1280×800: the team list drew names at about 2 px and −/+ as tall bars. Now two columns
    of names at 14 px or more, a page at a time; clicking a team gives its row the −/+ buttons. (The written
    quiz's scores come from its grid, so its own list offers no −/+: here a format that takes them is assumed.)"""
    from quizshow.display.console.window import Console
    from quizshow.resources import data_dir

    monkeypatch.setattr(Console, "_scores_by_hand", lambda self: True)
    app = ShowApp(_config(data_dir("shows") / "written-40.yaml"), journal_path=tmp_path / "j.jsonl", fresh=True,
                  sound=False, seed=9)
    try:
        app.submit(c.Go(at=1.0))
        names = [t.name for t in app.engine.state.teams]
        seen = sizes_drawn(app)
        shown = [name for name in names if name in seen]
        assert len(shown) >= 20 and all(seen[name] >= 14 for name in shown), {n: seen[n] for n in shown}
        assert not [call for _, call in app.console.buttons if call.name == "score_add"]  # none chosen yet
        row = next(rect for rect, call in app.console.buttons if call.args == (3,) and "chosen" in call.name)
        assert app.console.click(row.center) is None  # the console's own choice: nothing is journalled
        render(app)
        buttons = [(rect, call) for rect, call in app.console.buttons if call.name == "score_add"]
        assert {call.args[0] for _, call in buttons} == {3}
        assert all(rect.height <= 40 and rect.width >= 30 for rect, _ in buttons)  # buttons, not bars
        pages = [rect for rect, call in app.console.buttons if "page" in call.name]
        assert pages
        app.console.click(pages[-1].center)  # the next page shows the teams the first one had no room for
        later = sizes_drawn(app)
        assert names[-1] in later and later[names[-1]] >= 14
    finally:
        app.close()


def _config(path: Path):
    problems = Problems()
    config = load_show(path, problems)
    assert config is not None and not problems.errors, problems.items
    return config


def _sample(cls):
    """An instance of a command class with plain values (team 0, theme 0, a text)."""
    from quizshow.core.commands import _fields

    values = {}
    for name, types, nullable, required, _annotation in _fields(cls):
        if not required:
            continue
        if name == "at":
            values[name] = 1.0
        elif bool in types and int not in types:
            values[name] = False
        elif int in types:
            values[name] = 0
        elif float in types:
            values[name] = 0.0
        elif str in types:
            values[name] = "x"
        elif nullable:
            values[name] = None
        else:
            values[name] = ()
    return cls(**values)


@pytest.mark.parametrize("language", ["ru", "en"])
def test_every_command_reads_as_a_sentence_in_the_console_journal(language):
    """«TimerStop», «Tick», «Resumed» reached the journal line raw (the written quiz's F5 during the minute; a
    restart after kill -9): every command of every format is worded in the console's language."""
    import re

    from quizshow import registry
    from quizshow.core.commands import _REGISTRY
    from quizshow.core.engine import Entry
    from quizshow.display.console.words import describe

    words_of = {}
    for name in registry.names():
        spec = registry.spec(name)
        for cmd in spec.commands:
            words_of[cmd] = spec.journal_words
    raw = {}
    for journal_name, cls in sorted(_REGISTRY.items()):
        if cls.__module__.startswith("tests."):
            continue
        try:
            cmd = _sample(cls)
        except (TypeError, ValueError):
            continue
        text = describe(Entry(cmd, ()), ["Анна", "Борис"], every_format_words(language), words_of.get(cls))
        fallback = every_format_words(language).say("journal.command", what=cls.__name__)
        camel = re.search(r"\b[A-Z][a-z]+[A-Z]\w*\b", text)  # TimerStop, ExtraMinute
        own_name = language == "ru" and re.search(rf"\b{cls.__name__}\b", text)  # «Tick» in a Russian line
        if text == fallback or camel or own_name or "journal." in text or "{" in text:
            raw[journal_name] = text
    assert not raw, "\n".join(f"{k}: {v}" for k, v in raw.items())


def test_the_wrong_answer_banner_goes_when_the_next_player_answers_right_and_the_answer_is_shown(tmp_path):
    """real-2010_1-v5.siq, the 200 cell: 2 presses, N, 3 presses, Y — «Это неправильный ответ» stayed over the
    reveal for its full 2.5 s. On the picture: no banner plate over the score strip once the answer is shown."""
    from quizshow.display.projector.projector import Projector
    from quizshow.display.scenes.widgets import banner, banner_rect
    from tests.conftest import views_of, words_of

    app = show_app(tmp_path, f"title: t\nformat: svoyak\npack: {SIQ / 'real-2010_1-v5.siq'}\n"
                   "teams: [{name: А}, {name: Б}, {name: В}]\n")
    try:
        for at in (1.0, 2.0):
            app.submit(c.Go(at=at))
        rnd = app.format.game.rounds[0]
        cell = next(cell for cell in sorted(rnd.cells) if rnd.value(cell) == 200)
        assert app.submit(sc.SelectCell(at=3.0, theme=cell[0], question=cell[1])).accepted
        for at in (4.0, 5.0):  # the card is read, the window opens
            if app.engine.state.phase != "question" or not app.engine.state.timer.running:
                app.submit(c.Go(at=at))
        assert app.submit(c.Buzz(at=6.0, team=1, source_time=6.0)).accepted
        assert app.submit(c.Judge(at=6.5, correct=False)).accepted
        assert app.engine.state.banner is not None and app.engine.state.banner.text_key == "banner.wrong"
        assert app.submit(c.Buzz(at=7.0, team=2, source_time=7.0)).accepted
        assert app.submit(c.Judge(at=7.5, correct=True)).accepted
        state = app.engine.state
        assert state.phase == "reveal"
        projector = Projector(app.format, app.theme, "t", words_of(app.format), views=views_of(app.format))
        frame = projector.frame(state, 8.0, (1280, 720))  # within the banner's 2.5 s of the wrong answer
        surface = pygame.Surface((1280, 720))
        banner(surface, frame)  # what the scene puts over the score strip
        rect = banner_rect(frame)
        drawn = sum(1 for x in range(rect.left, rect.right, 4) for y in range(rect.top, rect.bottom, 4)
                    if surface.get_at((x, y)) != (0, 0, 0, 255))
        assert drawn == 0, f"{drawn} banner pixels over the reveal"
    finally:
        app.close()


def test_host_notes_of_the_auction_wrap_whole_at_a_readable_size_on_an_800_line_console(tmp_path):
    """SIGameTest-v4, the 200 auction: «ВЕДУЩЕМУ» (a comment, the author and the source) shrank to about 9 px,
    then ended in «…». Now the row is as tall as the notes want: all of it, at 14 px or more."""
    from quizshow.display.console.question import question_rows
    from quizshow.display.text import ELLIPSIS, typeset

    app = show_app(tmp_path, f"title: t\nformat: svoyak\npack: {SIQ / 'SIGameTest-v4.siq'}\n"
                   "teams: [{name: А}, {name: Б}]\n")
    try:
        for at in (1.0, 2.0):
            app.submit(c.Go(at=at))
        rnd = app.format.game.rounds[0]
        cell = next(cell for cell in sorted(rnd.cells)
                    if rnd.question(cell).type == "auction" and rnd.value(cell) == 200)
        assert app.submit(sc.SelectCell(at=3.0, theme=cell[0], question=cell[1])).accepted
        notes = question_rows(app.format.current(app.engine.state), app.say, app.format.setup.pack)[-1][1]
        assert len(notes) > 200
        laid: dict[str, object] = {}
        original = app.console.text.layout

        def spy(text, *args, **kwargs):
            found = original(text, *args, **kwargs)
            laid[text] = found
            return found

        app.console.text.layout = spy  # type: ignore[method-assign]
        render(app)
        drawn = [layout for text, layout in laid.items() if text == notes and layout.height < 10**3]
        assert drawn and all(layout.px >= 14 for layout in drawn)
        shown = drawn[-1]
        assert not shown.lines[-1].endswith(ELLIPSIS)
        assert "".join(shown.lines).replace(" ", "").replace("\u00a0", "") == \
            typeset(notes).replace("\n", "").replace(" ", "").replace("\u00a0", "")
    finally:
        app.close()


def test_the_line_check_shows_a_stuck_box_as_a_problem_not_ok(tmp_path):
    """A box that reads but takes no more lines (serialbox marks it `stuck`: its lamps do not follow) was
    «ok» with a green dot in the line check: now its line says it is stuck, in the problem colour."""
    from quizshow.display.console.style import BAD
    from quizshow.inputs.serialbox import BoxStatus

    app = show_app(tmp_path, "title: t\nformat: svoyak\npack: p.yaml\nteams: [{name: А}, {name: Б}]\n",
                   **{"p.yaml": 'title: t\nrounds:\n  - name: r\n    themes:\n      - name: a\n        questions:\n'
                                '          - {q: "Один", a: "1"}\n'})
    try:
        app.status.line_check = True
        app.status.boxes = [BoxStatus("box1", "/dev/ttyUSB0", connected=True, fw="2", stuck=True),
                            BoxStatus("box2", "/dev/ttyUSB1", connected=True, fw="2")]
        colours: dict[str, tuple] = {}
        original = app.console.text.fit

        def spy(text, role, box, color, *args, **kwargs):
            colours[text] = tuple(pygame.Color(color))
            return original(text, role, box, color, *args, **kwargs)

        app.console.text.fit = spy  # type: ignore[method-assign]
        render(app)
        stuck = next(text for text in colours if "box1" in text)
        fine = next(text for text in colours if "box2" in text)
        assert app.say("console.box_problem.stuck") in stuck and app.say("console.box_ok") not in stuck
        assert colours[stuck] == tuple(BAD) and colours[fine] != tuple(BAD)
    finally:
        app.close()


def test_journal_lines_and_the_undo_label_of_the_cat_given_away_draw_every_glyph(tmp_path):
    """SIGameTest-v4, the cat given away: «кот ⊠ Анна» once showed a missing-glyph box in the journal line and
    the undo label. Every character of both is drawn by the console's font."""
    from quizshow.display.console.words import describe
    from quizshow.display.glyphs import missing_glyphs

    app = show_app(tmp_path, f"title: t\nformat: svoyak\npack: {SIQ / 'SIGameTest-v4.siq'}\n"
                   "teams: [{name: Анна}, {name: Борис}]\n")
    try:
        for at in (1.0, 2.0):
            app.submit(c.Go(at=at))
        rnd = app.format.game.rounds[0]
        cat = next(cell for cell in sorted(rnd.cells) if rnd.question(cell).type == "cat")
        assert app.submit(sc.SelectCell(at=3.0, theme=cat[0], question=cat[1])).accepted
        receiver = 1 - app.engine.state.fmt.chooser
        assert app.submit(sc.GiveCat(at=4.0, team=receiver)).accepted
        app.pump_views()
        render(app)
        teams = [t.name for t in app.engine.state.teams]
        undo = describe(app.engine.undo_target(), teams, words_of(app.format), app.spec.journal_words, app.format)
        lines = [text for _, text in app.console.journal] + [undo, app.say("console.undo", what=undo)]
        assert any(app.engine.state.teams[receiver].name in line for line in lines)
        for role in ("body", "heading"):
            font = app.console.text.font(role, 20)
            assert missing_glyphs(font, "".join(lines)) == [], (role, lines)
    finally:
        app.close()


def test_the_end_early_question_leaves_the_console_once_the_second_press_answers_it(tmp_path):
    """The duel's «Закончить досрочно»: the «press again» toast stayed up after the second press ended the
    reading. The console draws no prompt once the action is confirmed."""
    from quizshow.app import Action
    from tests.duel_display_kit import duel_app

    app = duel_app(tmp_path)
    try:
        app.action(Action("go", 1.0))
        assert app.action(Action("duel_end_early", 2.0, "console")) is None  # asks first
        app.pump_views()
        assert app.status.prompt is not None
        app.action(Action("duel_end_early", 2.1, "console"))
        app.pump_views()
        drawn: list[str] = []
        original = app.console.text.fit

        def spy(text, *args, **kwargs):
            drawn.append(text)
            return original(text, *args, **kwargs)

        app.console.text.fit = spy  # type: ignore[method-assign]
        render(app)
        asked = app.say("console.duel_end_early_confirm")
        assert app.status.prompt is None and asked not in drawn
    finally:
        app.close()


def header_of(app: ShowApp, engine=None) -> str:
    """The console's first header line, as drawn (the texts laid out at the top)."""
    if engine is not None:
        app.console.engine_now = lambda: engine
    drawn: list[str] = []
    original = app.console.text.fit

    def spy(text, *args, **kwargs):
        drawn.append(text)
        return original(text, *args, **kwargs)

    app.console.text.fit = spy  # type: ignore[method-assign]
    try:
        render(app)
    finally:
        app.console.text.fit = original  # type: ignore[method-assign]
    return drawn[0]


def test_the_written_quiz_header_names_an_extra_question_without_a_round_or_infinity(tmp_path):
    """«раунд 4 · вопрос 1 из ∞» on the tie-break question: now «дополнительный вопрос 1»."""
    from quizshow.resources import data_dir
    from tests.written_kit import engine, pack
    from tests.written_rules_kit import _to_the_end

    app = ShowApp(_config(data_dir("shows") / "written.yaml"), journal_path=tmp_path / "j.jsonl", fresh=True,
                  sound=False, seed=9)
    try:
        e = engine(teams=len(app.engine.state.teams), the_pack=pack(tours=(2,)))
        _to_the_end(e, 0.0, {0: (0, 1, 2), 1: (0, 1, 2)})
        assert e.format.is_extra(e.state.fmt.number)
        app.console.engine_now = lambda: e
        line = header_of(app)
        assert "дополнительный вопрос 1" in line and "∞" not in line and "раунд" not in line, line
    finally:
        app.close()


def test_the_duel_header_counts_bouts_not_rounds(tmp_path):
    """The duel is played in bouts: its console header said «раунд»."""
    from quizshow.app import Action
    from tests.duel_display_kit import duel_app

    app = duel_app(tmp_path)
    try:
        app.action(Action("go", 1.0))
        line = header_of(app)
        assert "бой 1" in line and "раунд" not in line, line
    finally:
        app.close()


def test_the_journal_names_the_player_who_pressed_and_the_gap_by_the_presses_own_times(tmp_path):
    """«нажатие Альфа +0.0 мс»: in a format with a button per player the journal named only the team. Now it
    names the player, and the gap is measured by the presses' own timestamps (source_time), as the queue is:
    Бета's press arrives 1 ms after Альфа's but was made 4 ms after it."""
    from tests.duel_display_kit import duel_app
    from tests.duel_kit import ALPHA, BETA, GREEN, RED

    app = duel_app(tmp_path)
    try:
        app.submit(c.Go(at=1.0))
        assert app.submit(c.Buzz(at=2.030, team=ALPHA, player=RED, source_time=2.000)).accepted
        assert app.submit(c.Buzz(at=2.031, team=BETA, player=GREEN, source_time=2.004)).accepted
        app.pump_views()
        lines = [text for _, text in app.console.journal]
        alpha, beta = app.engine.state.teams[ALPHA], app.engine.state.teams[BETA]
        later = next(line for line in lines if beta.players[GREEN] in line)
        assert beta.name in later and "4.0" in later.replace(",", "."), later
        assert any(alpha.players[RED] in line for line in lines), lines
    finally:
        app.close()


LONG_ANSWER = ("Можно указать внешнюю ссылку для медиаконтента. Это уменьшит размер пакета, но потребует от игроков "
               "разрешить игре загружать контент из внешних источников (включаемая в настройках опция)")


def test_a_long_answer_gets_a_taller_plate_on_the_answer_card_and_stays_readable(tmp_path):
    """`--proof` of SIGameTest-v4, card 2-8: a 186-character answer shrank below the readable size (30 px at
    1080 lines) in the one-line plate while the card above had room. The plate grows; the text stays ≥ 30 px,
    and the proof's own check agrees."""
    from quizshow.display.projector.projector import Projector
    from quizshow.display.text import TextCache
    from quizshow.display.theme import load_theme
    from quizshow.packs.model import Question, Round, Theme
    from quizshow.tools.proof import question_problems
    from tests import svoyak_kit as kit
    from tests.conftest import svoyak_config, views_of, words_of

    long = Question(q="Вопрос ведущего", a=LONG_ANSWER)
    board = Round(name="Р", themes=(Theme(name="Т", questions=(long, kit.question("второй"))),
                                    Theme(name="У", questions=(kit.question("третий"), kit.question("четвёртый")))),
                  values=(100, 200))
    engine = kit.engine(kit.pack(board, kit.final_round(), kit.reserve()))
    for at in (1.0, 2.0):
        engine.dispatch(c.Go(at=at))
    assert engine.dispatch(sc.SelectCell(at=3.0, theme=0, question=0)).accepted
    assert engine.dispatch(c.Go(at=4.0)).accepted
    engine.dispatch(c.Tick(at=200.0))  # nobody pressed: the answer
    assert engine.state.phase == "reveal", engine.state.phase
    theme = load_theme(svoyak_config().theme)
    sizes: dict[str, int] = {}

    class Sizes(TextCache):
        def layout(self, text, *args, **kwargs):
            found = super().layout(text, *args, **kwargs)
            sizes[text] = found.px
            return found

    text = Sizes(theme.fonts)
    projector = Projector(engine.format, theme, "t", words_of(engine.format), text, views=views_of(engine.format))
    surface = pygame.Surface((1920, 1080))
    projector.render(surface, engine.state, 200.1)
    projector.render(surface, engine.state, 210.0)
    assert sizes.get(LONG_ANSWER, 0) >= 30, sizes.get(LONG_ANSWER)
    assert not [p for p in question_problems(long, TextCache(theme.fonts)) if "answer" in p]
