"""Issue 22 (15): the console's traps. A refusal never covers the control needed next; the journal lines of
undone steps say so; a blank projector is said on the console."""

from __future__ import annotations

import pygame

from quizshow.app import Action, ShowApp
from quizshow.core import commands as c
from quizshow.core.actions import Call
from quizshow.formats.svoyak import commands as sc
from quizshow.house_words import show_words
from tests.conftest import demo_config, svoyak_config
from tests.console_traps_kit import frame, next_line, submit, svoyak_at_the_stakes

AMBER = pygame.Color("#8a6d1f")


def test_a_refused_stake_leaves_every_stake_button_visible(tmp_path):
    app = svoyak_at_the_stakes(tmp_path)
    for digit in "999":
        app.action(Action("amount", 2.0, args=(digit,)))
    app.action(Action("stake", 2.0, args=(2,)))  # more than Вера has: refused
    surface = frame(app)
    assert app.status.prompt is not None and app.console.prompt_rect is not None
    stakes = [rect for rect, call in app.console.buttons if call.name == "stake"]
    assert len(stakes) == 3
    for rect in stakes:
        assert not rect.colliderect(app.console.prompt_rect)
        assert surface.get_at(rect.center)[:3] != AMBER[:3]
    assert not any(rect.colliderect(app.console.prompt_rect) for rect, call in app.console.buttons
                   if call != Call("undo"))  # no control at all under it
    app.close()


def test_undone_journal_lines_are_marked_undone(tmp_path):
    app = ShowApp(demo_config(), journal_path=tmp_path / "j.jsonl", fresh=True, sound=False, seed=9)
    drawn: list[tuple[str, tuple]] = []
    fit = app.console.text.fit
    app.console.text.fit = lambda text, role, box, color, *a, **k: (drawn.append((text, tuple(color)[:3])),
                                                                    fit(text, role, box, color, *a, **k))[1]
    app.action(Action("go", 1.0))
    app.action(Action("buzz", 2.0, args=(1,)))
    app.action(Action("correct", 3.0))
    app.action(Action("undo", 4.0))
    frame(app)
    verdict = [(text, color) for text, color in drawn if text[9:].startswith("Бета: верно")]
    assert verdict and verdict[-1][0].endswith("(отменено)")
    pressed = [text for text, _ in drawn if text[9:].startswith("Далее:")]
    assert pressed and "отменено" not in pressed[-1]  # Next stands
    assert verdict[-1][1] != [color for text, color in drawn if text == pressed[-1]][-1]  # dimmed
    app.close()


def test_a_blank_projector_is_said_on_the_console(tmp_path):
    app = ShowApp(demo_config(), journal_path=tmp_path / "j.jsonl", fresh=True, sound=False, seed=9)
    drawn: list[str] = []
    fit = app.console.text.fit
    app.console.text.fit = lambda text, *a, **k: (drawn.append(text), fit(text, *a, **k))[1]
    frame(app)
    assert "ПРОЕКТОР ЗАТЕМНЁН" not in drawn
    app.action(Action("blank", 1.0))
    frame(app)
    assert "ПРОЕКТОР ЗАТЕМНЁН" in drawn
    drawn.clear()
    app.action(Action("blank", 2.0))
    frame(app)
    assert "ПРОЕКТОР ЗАТЕМНЁН" not in drawn
    app.close()


# --- Issue 22 (10): the «ДАЛЕЕ» line names Next's keys only when Next does the step ----------------------


def test_next_line_names_pgdn_only_when_pgdn_does_the_step(tmp_path):
    app = ShowApp(svoyak_config(), journal_path=tmp_path / "j.jsonl", fresh=True, sound=False, seed=9)
    assert "PgDn" in next_line(app)  # the title card: Next starts the round
    while app.engine.state.phase != "board":
        submit(app, c.Go(at=1.0))
    line = next_line(app)
    assert "Выберите вопрос" in line and "PgDn" not in line and "стрелка" not in line
    submit(app, sc.SelectCell(at=2.0, theme=0, question=0))
    assert "PgDn" in next_line(app, 2.0)
    app.close()


def test_next_line_names_no_key_when_there_is_no_next_step(tmp_path):
    from tests.undo_kit import svoyak_shootout_won

    app = svoyak_shootout_won(tmp_path)
    line = next_line(app, 20_000.0)
    assert "Нет следующего шага" in line and "PgDn" not in line
    app.close()


def test_next_line_has_one_pair_of_guillemets():
    from quizshow.display.console.words import quoted

    assert quoted("«Время!» — запустить отсчёт") == "«Время!» — запустить отсчёт"
    assert quoted("Показать табло") == "«Показать табло»"


# --- Issue 22 (14): the devices line lists every device; the keyboard's keys exactly as mapped --------------


def test_devices_line_keeps_every_device_beside_two_notices(tmp_path):
    app = ShowApp(demo_config(), journal_path=tmp_path / "j.jsonl", fresh=True, sound=False, seed=9)
    drawn: list[str] = []
    fit = app.console.text.fit
    app.console.text.fit = lambda text, *a, **k: (drawn.append(text), fit(text, *a, **k))[1]
    app.status.devices = [("Клавиатура: кнопки 1–3", True), ("box1 3.1 мс", True), ("box2 2.9 мс", True),
                          ("OSC 127.0.0.1:7400 · 2 пульта", True)]
    app.notice("Геймпад 1 подключён", "info")
    app.notice("box3: потерян 00:12 (нет ответа)")
    frame(app)
    for device, _ in app.status.devices:
        assert device in drawn, device
    assert any(text.endswith("box3: потерян 00:12 (нет ответа)") for text in drawn)
    app.close()


def test_devices_line_counts_the_working_devices_it_has_no_room_for(tmp_path):
    app = ShowApp(demo_config(), journal_path=tmp_path / "j.jsonl", fresh=True, sound=False, seed=9)
    drawn: list[str] = []
    fit = app.console.text.fit
    app.console.text.fit = lambda text, *a, **k: (drawn.append(text), fit(text, *a, **k))[1]
    app.status.devices = [(f"Пульт {n}: порт /dev/ttyUSB{n} · 3 мс · прошивка 1.4.2", True) for n in range(12)]
    app.notice("box2: потерян")
    frame(app)
    shown = sum(1 for text in drawn if text.startswith("Пульт "))
    more = [text for text in drawn if text.startswith("и ещё ")]
    assert more == [f"и ещё {12 - shown} на связи"] and shown < 12
    assert any(text.endswith("box2: потерян") for text in drawn)
    app.close()


def test_keyboard_line_says_which_teams_have_no_key_among_twelve():
    from quizshow.inputs.keymap import KeyMap, keyboard_line

    teams = [(f"Команда {n}", 0) for n in range(1, 13)]
    words = show_words("ru")
    line = keyboard_line(KeyMap.build(keyboard_buzzers=True), teams, True, words)
    assert line == "Клавиатура: кнопки 1–9, 0; нет кнопки: команды 11–12"
    assert keyboard_line(KeyMap.build(keyboard_buzzers=True), teams[:3], True, words) == "Клавиатура: кнопки 1–3"


def test_keyboard_line_leaves_out_a_team_whose_key_is_taken_away():
    from quizshow.inputs.keymap import KeyMap, keyboard_line

    keymap = KeyMap.build({"buzz2": ()}, keyboard_buzzers=True)
    line = keyboard_line(keymap, [("Альфа", 0), ("Бета", 0), ("Гамма", 0)], True, show_words("ru"))
    assert line == "Клавиатура: кнопки 1, 3; нет кнопки: команда 2"


def test_devices_line_lists_the_duels_player_keys(tmp_path):
    from tests import duel_kit

    app = ShowApp(duel_kit.config(), journal_path=tmp_path / "j.jsonl", fresh=True, sound=False, seed=9)
    texts = [text for text, _ in app.device_lines()]
    assert "Клавиатура: Альфа Q W E R; Бета U I O P" in texts
    app.close()
