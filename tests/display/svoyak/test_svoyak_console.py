"""Issue 22 — what a QA engineer tripped on playing «Своя игра» (shows/svoyak.yaml, shows/svoyak-teams.yaml, the
SIGame pack SIGameTest-v4.siq) under Xvfb: the journal's words, the console's buttons and header, the
projector's cards at the climax."""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from quizshow.app import ShowApp
from quizshow.core import commands as c
from quizshow.core.actions import Call
from quizshow.formats.svoyak import commands as sc
from quizshow.yamlfile import Problems
from tests.conftest import ROOT
from tests.console_kit import console_texts as texts_of_frame
from tests.svoyak_console_kit import app_of, cell_of, to_board

SHOTS = os.environ.get("QUIZSHOW_SHOTS")  # a folder: the pictures the tests look at are saved there


@pytest.fixture(autouse=True)
def _cache(tmp_path, monkeypatch):
    monkeypatch.setenv("QUIZSHOW_CACHE", str(tmp_path / "cache"))


def _shot(surface: pygame.Surface, name: str) -> None:
    if SHOTS:
        pygame.image.save(surface, os.path.join(SHOTS, f"{name}.png"))


def console_texts(app: ShowApp, at: float | None = None) -> list[str]:
    """Every text the console draws in one frame (1280×800), after the views' queued changes."""
    app.pump_views()
    return texts_of_frame(app, at=at)[0]


# --- item 1: the cat's value and «ва-банк» are journalled as what they were ---------------------------------


def test_cat_value_and_all_in_are_journalled_and_offered_for_undo_as_what_they_were(tmp_path):
    """Choosing the cat's value and a «ва-банк» that ends the bidding both started the clock and read «Время
    пошло» in the journal and on the undo button (which then took back the cat's value). They say «Кот в
    мешке: стоимость 40» and «Вера: ва-банк 40»."""
    app = app_of(ROOT / "shows" / "svoyak.yaml", tmp_path)
    try:
        to_board(app, 0)
        theme, question = cell_of(app, "cat")
        assert app.submit(sc.SelectCell(at=3.0, theme=theme, question=question)).accepted
        assert app.call(Call("give", (2,)), 4.0, "console").accepted
        top = max(app.format.cat_options(app.engine.state))
        assert app.call(Call("catvalue", (top,)), 5.0, "console").accepted
        said = f"Кот в мешке: стоимость {top}"
        assert app.console.journal[-1][1] == said
        assert f"Отменить: {said} (Ctrl+Z)" in console_texts(app, 5.5)
        undone = app.submit(c.Undo(at=6.0))
        assert undone.accepted and isinstance(undone.undone.command, sc.CatValue)
        assert app.engine.state.fmt.solo == 2  # the cat is still Вера's: only its value was taken back

        app2 = app_of(ROOT / "shows" / "svoyak.yaml", tmp_path / "auction")
    finally:
        app.close()
    app = app2
    try:
        for team, points in enumerate((100, 150, 40)):
            assert app.submit(c.ScoreSet(at=0.5, team=team, points=points)).accepted
        to_board(app, 0)
        theme, question = cell_of(app, "auction")
        assert app.submit(sc.SelectCell(at=3.0, theme=theme, question=question)).accepted
        order = app.engine.state.fmt.auction.order  # the opener, then by ascending score: Анна, Вера, Борис
        assert order == (0, 2, 1)
        app.status.amount = 100
        assert app.call(Call("bid", (0,)), 4.5, "console").accepted
        assert app.console.journal[-1][1] == "Анна: ставка 100"
        app.status.amount = None
        # Вера (40) cannot beat 100: out; Борис goes «ва-банк» 150 and the bidding is over.
        assert app.call(Call("allin", (1,)), 5.0, "console").accepted
        assert app.engine.state.answering == 1
        said = "Борис: ва-банк 150"
        assert app.console.journal[-1][1] == said
        assert f"Отменить: {said} (Ctrl+Z)" in console_texts(app, 5.5)
        assert not any("Время пошло" in text for _, text in app.console.journal)
    finally:
        app.close()


# --- item 2: «Закончить раунд» only where it can act; no question before a refusal --------------------------


def prompt_text(app: ShowApp) -> str:
    app.pump_views()
    return app.status.prompt[0] if app.status.prompt else ""


def test_end_round_is_offered_on_the_board_only_and_never_asks_to_confirm_a_refusal(tmp_path):
    """At «ОТВЕТ ПОКАЗАН» the console showed «Закончить раунд (2×)»; its first press asked «Закончить раунд?
    Нажмите ещё раз», the second was refused «Раунд заканчивают только с табло». The button is on the board
    only; a press where it cannot act says why at once, with no question first."""
    app = app_of(ROOT / "shows" / "svoyak.yaml", tmp_path)
    try:
        to_board(app, 0)
        end = app.say("console.end_round")
        assert end in console_texts(app)
        theme, question = cell_of(app, "regular")
        assert app.submit(sc.SelectCell(at=3.0, theme=theme, question=question)).accepted
        assert app.submit(c.Buzz(at=4.0, team=1, source_time=4.0)).accepted
        assert app.submit(c.Judge(at=5.0, correct=True)).accepted
        assert app.engine.state.phase == "reveal"
        assert end not in console_texts(app, 5.5)  # the answer shown: the round is not ended from here
        assert app.call(Call("end_round", ()), 6.0, "osc") is None  # OSC or a stray key still can press it
        said = prompt_text(app)
        assert said == "Раунд заканчивают только с табло"
        assert "Нажмите ещё раз" not in said
        assert app.call(Call("end_round", ()), 6.2, "osc") is None
        assert prompt_text(app) == said and app.engine.state.phase == "reveal"
        # Back on the board it asks, and the second press ends the round.
        assert app.submit(c.Go(at=7.0)).accepted and app.engine.state.phase == "board"
        assert end in console_texts(app, 7.5)
        assert app.call(Call("end_round", ()), 8.0, "console") is None
        assert prompt_text(app) == app.say("console.end_round_confirm")
        assert app.call(Call("end_round", ()), 8.2, "console").accepted
    finally:
        app.close()


# --- item 3: the shoot-out's console header says where it stands, as the projector does ---------------------


def test_shootout_console_header_names_the_shootout_question_of_four_and_its_value(tmp_path):
    """In the shoot-out the console's header read only «ВОПРОС» / «ОТВЕТ УЧАСТНИКА»; it says «перестрелка ·
    вопрос N из 4 · 100 очков», as the projector's heading."""
    from tests.conftest import svoyak_config

    app = ShowApp(svoyak_config(), journal_path=tmp_path / "j.jsonl", fresh=True, sound=False, seed=9)
    try:
        e, at = app.engine, 1.0
        while e.state.phase != "shootout":
            cmd = sc.EndRound(at=at) if app.format.next_action(e.state).key == "next.pick_cell" else c.Go(at=at)
            assert app.submit(cmd).accepted
            at += 1
        value = int(app.format.rules["shootout_value"])
        for n in (1, 2):
            assert app.submit(c.Go(at=at)).accepted and e.state.phase == "question"
            header = console_texts(app, at + 0.1)[0]
            assert header == f"ВОПРОС · перестрелка · вопрос {n} из 4 · {value} очков", header
            if n == 1:
                assert app.submit(c.Go(at=at + 1)).accepted
                assert app.submit(c.Buzz(at=at + 2, team=0, source_time=at + 2)).accepted
                header = console_texts(app, at + 2.1)[0]
                assert header == f"ОТВЕТ УЧАСТНИКА · перестрелка · вопрос 1 из 4 · {value} очков", header
                assert app.submit(c.Judge(at=at + 3, correct=True)).accepted
            at += 300
    finally:
        app.close()


# --- item 4: the final's reveal frames the finalist in the gold accent, her colour only as a stripe ----------


def _distance(got, target) -> int:
    return sum(abs(a - b) for a, b in zip(got[:3], pygame.Color(target)[:3], strict=True))


def test_final_reveal_frames_the_finalist_in_gold_not_her_team_colour():
    """A red team's finalist glowed red while being revealed: next to a green «Верно» it read as «wrong». The
    frame and its glow are the gold answering accent; her colour stays the stripe at the row's left."""
    from quizshow.display.projector.projector import Projector
    from quizshow.display.svoyak.final import FinalRevealScene
    from quizshow.display.theme import load_theme
    from tests.conftest import svoyak_config, svoyak_engine, views_of, words_of
    from tests.svoyak_display_kit import play_walk

    theme = load_theme(svoyak_config().theme)
    engine = svoyak_engine()
    list(play_walk(engine, until="final_question"))
    assert engine.dispatch(c.Go(at=5000)).refused is None  # the reveal: the first finalist is shown
    assert engine.state.phase == "final_reveal"
    size = (1920, 1080)
    projector = Projector(engine.format, theme, "Своя игра", words_of(engine.format), views=views_of(engine.format))
    surface = pygame.Surface(size)
    projector.render(surface, engine.state, 5000.1)
    projector.render(surface, engine.state, 5010.0)
    _shot(surface, "final-reveal")
    frame = projector.frame(engine.state, 5010.0, size)
    row, team, current, _hidden = FinalRevealScene()._rows(frame)[0]
    assert current
    own, gold = frame.team_color(team), theme.color("accent")
    assert _distance(own, gold) > 150  # the test means something only for a colour far from gold
    glow = [surface.get_at((x, row.y + 1)) for x in range(row.x + row.width // 4, row.x + row.width * 3 // 4, 8)]
    glow += [surface.get_at((row.right - 2, y)) for y in range(row.y + frame.u(30), row.bottom - frame.u(30), 8)]
    closer_gold = sum(_distance(p, gold) < _distance(p, own) for p in glow)
    assert closer_gold == len(glow), f"{len(glow) - closer_gold} of {len(glow)} glow pixels in the team's colour"
    stripe = surface.get_at((row.x + frame.u(6), row.centery))
    assert _distance(stripe, own) < 60  # her colour: the stripe


# --- item 5: SIGame cards — no backstage note on air; a long answer uses the free height ----------------------


V4 = Path("/work/shared/siq/SIGameTest-v4.siq")


def siq_app(tmp_path: Path) -> ShowApp:
    from quizshow.config import load_show

    (tmp_path / "show.yaml").write_text(f"title: t\nformat: svoyak\npack: {V4}\n"
                                        "teams: [{name: Игрок 1}, {name: Игрок 2}, {name: Игрок 3}]\n",
                                        encoding="utf-8")
    problems = Problems()
    config = load_show(tmp_path / "show.yaml", problems)
    assert config is not None and not problems.errors, problems.items
    return ShowApp(config, journal_path=tmp_path / "j.jsonl", fresh=True, sound=False, seed=9)


def test_a_web_question_says_on_air_only_what_the_hall_may_see_and_its_long_answer_is_large(tmp_path):
    """SIGameTest-v4, «Контент вопросов» 800: the projector showed the operator's note «на экран не выводится —
    ведущий покажет или перескажет»; the long answer shrank to three small lines on the gold plate under an
    empty card. On air: the web content's name only (the note stays on the console); the answer takes the
    free height in large lines."""
    from quizshow.display.projector.projector import Projector
    from quizshow.display.scenes import widgets
    from quizshow.display.theme import load_theme
    from tests.conftest import views_of, words_of
    from tests.display_kit import RecordingText

    app = siq_app(tmp_path)
    try:
        to_board(app, 0)
        rnd = app.format.game.rounds[0]
        cell = next(cell for cell in sorted(rnd.cells) if rnd.question(cell).web == ("image",))
        question = rnd.question(cell)
        assert not question.q and len(question.a) > 150
        assert app.submit(sc.SelectCell(at=3.0, theme=cell[0], question=cell[1])).accepted
        note = app.say("scene.web_not_shown")
        assert any("Не показывается на экране" in t for t in console_texts(app, 3.5))  # the console keeps it
        theme = load_theme(app.config.theme)
        text = RecordingText(theme.fonts)
        size = (1920, 1080)
        projector = Projector(app.format, theme, "Своя игра", words_of(app.format), text, views=views_of(app.format))
        surface = pygame.Surface(size)
        state = app.engine.state
        projector.render(surface, state, 3.6)
        projector.render(surface, state, 8.0)
        shown = [t for t, *_ in text.fitted]
        assert app.say("scene.web_image") in shown
        assert note not in shown, "a backstage note on air"
        at = 9.0
        while app.engine.state.phase != "reveal":
            assert app.submit(c.Go(at=at) if app.engine.state.phase == "question" and
                              not app.engine.state.fmt.read else c.Tick(at=at + 400)).accepted
            at += 500
        text.fitted.clear()
        state = app.engine.state
        projector.render(surface, state, at)
        projector.render(surface, state, at + 5)
        _shot(surface, "siq-web-answer")
        fitted = [(box, got) for t, box, got in text.fitted if t == question.a]
        assert fitted, "the answer is on the plate"
        frame = projector.frame(state, at + 5, size)
        box = fitted[-1][0]
        px = text.layout(question.a, "heading", box, frame.u(widgets.ANSWER_TEXT_PX)).px
        assert px >= frame.u(widgets.ANSWER_ROOMY_PX), f"the answer at {px} px in a {box} box"
        assert note not in [t for t, *_ in text.fitted]
    finally:
        app.close()


# --- item 6: the 12-column board's values are as large as the cells allow ------------------------------------


def test_a_twelve_column_board_shows_its_values_large_enough_for_the_hall(tmp_path):
    """SIGameTest-v4's 12 columns in 2 rows: the values were ~22 px (of 720) inside 250 px tall cells. A
    wide board with few themes sets each theme's cells in two lines; one size for every value, at least a
    third of a cell's height."""
    from quizshow.display.projector.projector import Projector
    from quizshow.display.svoyak.scenes import board_grid
    from quizshow.display.theme import load_theme
    from quizshow.i18n import number
    from tests.conftest import views_of, words_of
    from tests.display_kit import RecordingText

    app = siq_app(tmp_path)
    try:
        to_board(app, 0)
        rnd = app.format.game.rounds[0]
        assert rnd.size[1] == 12
        theme = load_theme(app.config.theme)
        size = (1920, 1080)
        text = RecordingText(theme.fonts)
        projector = Projector(app.format, theme, "t", words_of(app.format), text, views=views_of(app.format))
        surface = pygame.Surface(size)
        projector.render(surface, app.engine.state, 3.0)
        projector.render(surface, app.engine.state, 8.0)
        _shot(surface, "board-12")
        frame = projector.frame(app.engine.state, 8.0, size)
        _plates, cells = board_grid(frame, *rnd.size)
        values = {number(rnd.value(cell)) for cell in rnd.cells}
        drawn = [(t, box, got) for t, box, got in text.fitted if t in values]
        assert {t for t, *_ in drawn} == values
        heights = {got[1] for _t, _box, got in drawn}
        assert len(heights) == 1, f"one size for the board: {heights}"
        cell_h = cells[0][0].height
        assert heights.pop() >= cell_h // 3, f"values {heights} px high in {cell_h} px cells"
        # Every cell stays inside the board's area and none overlaps another.
        flat = [cell for row in cells for cell in row]
        assert all(a == b or not a.colliderect(b) for a in flat for b in flat)
    finally:
        app.close()


# --- item 7: long host notes give way; the console's answer keeps its size ------------------------------------


def test_long_host_notes_give_way_and_the_console_answer_keeps_its_size(tmp_path):
    """SIGameTest-v4's cat question (theme «Вопросы разных типов»): with its long comment, author and source
    the console's «Ответ» became the smallest text of the question panel. The answer keeps its size; the
    notes wrap and shrink (to the console's floor)."""
    app = siq_app(tmp_path)
    try:
        to_board(app, 0)
        rnd = app.format.game.rounds[0]
        cell = next(cell for cell in sorted(rnd.cells) if rnd.question(cell).type == "cat")
        question = rnd.question(cell)
        from quizshow.display.console.question import question_rows

        notes = question_rows(question, app.say, app.format.setup.pack)[-1][1]
        assert len(notes) > 250
        assert app.submit(sc.SelectCell(at=3.0, theme=cell[0], question=cell[1])).accepted
        sizes: dict[str, int] = {}
        cut: set[str] = set()
        original = app.console.text.fit

        def spy(text, role, box, color, max_px, min_px=None, *args, **kwargs):
            layout = app.console.text.layout(text, role, box, max_px, min_px, kwargs.get("wrap", True))
            sizes[text] = layout.px
            if layout.cut:
                cut.add(text)
            return original(text, role, box, color, max_px, min_px, *args, **kwargs)

        app.console.text.fit = spy  # type: ignore[method-assign]
        app.pump_views()
        surface = pygame.Surface((1280, 800))
        app.console.render(surface, 3.5, app.status)
        _shot(surface, "console-notes")
        app.console.text.fit = original  # type: ignore[method-assign]
        answer = sizes[question.a]
        note_px = sizes[notes]
        full = int(app.console._ui.unit * 1.2)
        assert answer == full, f"the answer at {answer} px, not its full {full}"
        assert note_px <= answer and note_px >= app.console._ui.min_px
        assert notes not in cut and question.q not in cut, "the notes and the question are whole"
    finally:
        app.close()


# --- item 8: the round's end splash goes with the scene it was made over --------------------------------------


def test_round_over_splash_is_over_the_board_and_goes_when_the_final_comes():
    """«Закончить раунд», then Next to the final a moment later: «РАУНД ОКОНЧЕН» lay over the final's theme
    list. It shows over the board the round was ended on, and goes when the scene changes."""
    from quizshow.display.projector.projector import Projector
    from quizshow.display.theme import load_theme
    from tests.conftest import svoyak_config, svoyak_engine, views_of, words_of

    theme = load_theme(svoyak_config().theme)
    engine = svoyak_engine()
    size = (1280, 720)
    projector = Projector(engine.format, theme, "Своя игра", words_of(engine.format), views=views_of(engine.format))
    surface = pygame.Surface(size)
    gold = theme.color("accent")

    def splash_seen() -> bool:  # the splash's band runs across the whole picture at its middle
        return all(_distance(surface.get_at((x, size[1] // 2)), gold) < 120 for x in (4, size[0] - 4))

    for team, points in enumerate((100, 50, 30)):  # scores to play the final with
        assert engine.dispatch(c.ScoreSet(at=0.5, team=team, points=points)).refused is None
    at = 1.0
    for _ in range(3):
        while engine.state.phase != "board":
            assert engine.dispatch(c.Go(at=at)).refused is None
            at += 1
        projector.render(surface, engine.state, at)
        assert not splash_seen()
        assert engine.dispatch(sc.EndRound(at=at)).refused is None
        projector.render(surface, engine.state, at + 0.01)
        projector.render(surface, engine.state, at + 0.6)
        assert splash_seen(), "the round's end is told over its board"
        _shot(surface, "round-over-board")
        assert engine.dispatch(c.Go(at=at + 0.8)).refused is None
        for t in (0.81, 1.0, 1.2, 1.4, 1.5, 1.58):  # the old picture slides out with its splash; then none
            projector.render(surface, engine.state, at + t)
            if not projector.transitioning(at + t):
                assert not splash_seen(), f"the old board's splash over {engine.state.phase} at +{t} s"
        assert not projector.transitioning(at + 1.58)
        at += 3
    assert engine.state.phase == "final_themes"
    _shot(surface, "round-over-final")


# --- item 9: «Это неправильный ответ» stands above the score strip -------------------------------------------


def test_wrong_answer_banner_stands_above_the_score_strip_so_the_new_minus_shows():
    """«Это неправильный ответ» covered the score strip, hiding Анна's new −10 at the moment it matters. The
    banner stands above the strip: the strip looks the same with the banner up as after it has gone."""
    from quizshow.display.projector.projector import Projector
    from quizshow.display.scenes import widgets
    from quizshow.display.theme import load_theme
    from tests.conftest import svoyak_config, svoyak_engine, views_of, words_of
    from tests.svoyak_display_kit import play_walk

    theme = load_theme(svoyak_config().theme)
    engine = svoyak_engine()
    list(play_walk(engine, until="wrong"))
    state = engine.state
    assert state.banner is not None and state.banner.text_key == "banner.wrong"
    wrong_at = state.banner.until - engine.format.BANNER_S
    size = (1920, 1080)
    projector = Projector(engine.format, theme, "Своя игра", words_of(engine.format), views=views_of(engine.format))
    surface = pygame.Surface(size)
    projector.render(surface, state, wrong_at)
    projector.render(surface, state, state.banner.until - 0.4)
    _shot(surface, "wrong-banner")
    frame = projector.frame(state, state.banner.until - 0.4, size)
    strip = pygame.Rect(frame.u(60), size[1] - frame.u(140), size[0] - frame.u(120), frame.u(104))
    with_banner = surface.subsurface(strip).copy()
    band = pygame.Rect(int(size[0] * 0.15), strip.top - frame.u(12) - frame.u(widgets.BANNER_H), int(size[0] * 0.7),
                       frame.u(widgets.BANNER_H))  # just above the strip
    gold = theme.color("accent")
    on = sum(_distance(surface.get_at((x, band.centery + frame.u(40))), gold) < 90
             for x in range(band.x + 20, band.right - 20, 16))
    assert on > (band.width - 40) // 16 * 0.6, "the banner is up, above the strip"
    projector.render(surface, state, state.banner.until + 1.0)
    after = surface.subsurface(strip).copy()
    assert pygame.image.tobytes(with_banner, "RGB") == pygame.image.tobytes(after, "RGB"), \
        "the score strip is covered while the banner is up"


# --- item 10: a real minus on the console; the projector's «выбирает» readable from the back -------------------


def test_auction_console_lines_write_a_negative_score_with_a_real_minus(tmp_path):
    """«Борис (-10)» used a hyphen: the auction's lines write scores as everywhere else, «Борис  (−10)»."""
    app = app_of(ROOT / "shows" / "svoyak.yaml", tmp_path)
    try:
        assert app.submit(c.ScoreSet(at=0.5, team=1, points=-10)).accepted
        to_board(app, 2)
        theme, question = cell_of(app, "auction")
        assert app.submit(sc.SelectCell(at=3.0, theme=theme, question=question)).accepted
        texts = console_texts(app, 3.5)
        assert any("Борис  (−10)" in t for t in texts), [t for t in texts if "Борис" in t]
        assert not any("(-10)" in t for t in texts)
    finally:
        app.close()


def test_the_chooser_label_on_the_projector_is_readable_from_the_back_of_a_hall():
    """The board's «выбирает» was ~24 px (of 1080) of small gold text: it is a gold tab «ВЫБИРАЕТ» at least
    36 px high, and the chooser's name keeps its full size."""
    from quizshow.display.projector.projector import Projector
    from quizshow.display.theme import load_theme
    from tests.conftest import svoyak_config, svoyak_engine, views_of, words_of
    from tests.display_kit import RecordingText
    from tests.svoyak_display_kit import play_walk

    theme = load_theme(svoyak_config().theme)
    engine = svoyak_engine()
    list(play_walk(engine, until="board"))
    size = (1920, 1080)
    text = RecordingText(theme.fonts)
    projector = Projector(engine.format, theme, "Своя игра", words_of(engine.format), text,
                          views=views_of(engine.format))
    surface = pygame.Surface(size)
    projector.render(surface, engine.state, 100.0)
    projector.render(surface, engine.state, 105.0)
    _shot(surface, "chooser-tab")
    frame = projector.frame(engine.state, 105.0, size)
    label = [got for t, _box, got in text.fitted if t.lower() == "выбирает"]
    assert label, "the chooser is marked"
    assert label[-1][1] >= frame.u(36), f"«выбирает» {label[-1][1]} px high"
    chooser = engine.state.teams[engine.state.fmt.chooser].name
    heights = {t: got[1] for t, _box, got in text.fitted if t in {team.name for team in engine.state.teams}}
    assert heights[chooser] == max(heights.values()), heights
