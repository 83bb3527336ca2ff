"""The app without windows: actions, the journal before effects, resume, console and sound."""

from __future__ import annotations

import json
import os
import re

import pygame
import pytest

from quizshow.app import Action, ShowApp
from quizshow.core import commands as c
from quizshow.core.actions import Call
from quizshow.core.effects import Event, EventKind
from quizshow.outputs.sound import SoundCues
from quizshow.runtime.journal.file import JournalError
from tests.conftest import demo_config, words_of


def _app(tmp_path, fresh=False):
    return ShowApp(demo_config(), journal_path=tmp_path / "j.jsonl", fresh=fresh, sound=False, seed=9)


def _journal_types(tmp_path):
    lines = (tmp_path / "j.jsonl").read_text(encoding="utf-8").splitlines()
    return [json.loads(line)["type"] for line in lines]


def test_every_accepted_command_is_in_the_journal_before_the_next(tmp_path):
    app = _app(tmp_path)
    app.action(Action("go", 1.0))
    app.action(Action("buzz", 2.0, args=(1,)))
    app.action(Action("correct", 3.0))
    assert _journal_types(tmp_path) == ["header", "Go", "Buzz", "Judge"]
    assert app.engine.state.teams[1].score == 10


def test_next_is_ignored_for_half_a_second_after_a_press(tmp_path):
    app = _app(tmp_path)
    app.action(Action("go", 1.0))
    app.action(Action("buzz", 2.0, args=(0,)))
    app.action(Action("correct", 2.1))
    assert app.action(Action("go", 2.3)) is None  # the host was already clicking
    assert app.engine.state.phase == "reveal"
    assert app.action(Action("go", 2.6)).accepted


def test_timer_key_toggles_and_blank_toggles(tmp_path):
    app = _app(tmp_path)
    app.action(Action("go", 1.0))
    assert app.engine.state.timer.running
    app.action(Action("timer", 2.0))
    assert not app.engine.state.timer.running
    app.action(Action("timer", 3.0))
    assert app.engine.state.timer.running
    app.action(Action("blank", 4.0))
    app.action(Action("blank", 5.0))
    assert not app.engine.state.view.blank and _journal_types(tmp_path).count("ViewBlank") == 2


def test_restart_resumes_the_same_scores_and_says_so(tmp_path):
    app = _app(tmp_path)
    for name, at, args in [("go", 1, ()), ("buzz", 2, (2,)), ("correct", 3, ()), ("score_add", 4, (0, -5))]:
        app.action(Action(name, at, args=args))
    scores = [t.score for t in app.engine.state.teams]
    app.close()
    again = _app(tmp_path)
    assert [t.score for t in again.engine.state.teams] == scores
    assert again.status.resumed and "вопрос 1" in again.status.resumed
    assert not again.engine.state.timer.running  # held until the host says «Время!»
    again.close()
    fresh = _app(tmp_path, fresh=True)
    assert [t.score for t in fresh.engine.state.teams] == [0, 0, 0]


def test_refusals_are_shown_on_the_console_not_raised(tmp_path):
    app = _app(tmp_path)
    app.action(Action("correct", 1.0))
    assert app.status.notices[-1].text == "Никто не отвечает"


def test_a_refused_action_is_a_prompt_and_devices_keep_problems_apart_from_information(tmp_path):
    """The operator's own refused action is shown where they look (the middle, for a moment), not as
    a red device line; a problem stays red with a warning mark, information is plain; each has its time."""
    app = _app(tmp_path)
    drawn: list[tuple[str, tuple]] = []
    fit = app.console.text.fit
    app.console.text.fit = lambda text, role, box, color, *a, **k: (drawn.append((text, tuple(color)[:3])),
                                                                    fit(text, role, box, color, *a, **k))[1]
    app.action(Action("correct", 1.0))
    assert app.status.prompt is not None and app.status.prompt[0] == "Никто не отвечает"
    app.notice("OSC: 10.0.0.9 is not allowed (devices.osc.allow)")
    app.notice("Геймпад 1 подключён", "info")
    app.status.devices = []
    app.console.render(pygame.Surface((1280, 800)), 1.0, app.status, None)
    device_lines = [(text, color) for text, color in drawn if re.match(r"\d\d:\d\d:\d\d ", text)]
    red = tuple(pygame.Color("#e5484d"))[:3]
    assert [text[9:] for text, _ in device_lines] == ["OSC: 10.0.0.9 is not allowed (devices.osc.allow)",
                                                       "Геймпад 1 подключён"]
    assert device_lines[0][1] == red and device_lines[1][1] != red
    assert not any("Никто не отвечает" in text for text, _ in device_lines)
    assert any(text == "Никто не отвечает" for text, _ in drawn)  # the prompt in the middle


def test_a_full_devices_line_drops_working_devices_before_a_problem(tmp_path):
    app = _app(tmp_path)
    drawn: list[str] = []
    fit = app.console.text.fit
    app.console.text.fit = lambda text, *a, **k: (drawn.append(text), fit(text, *a, **k))[1]
    app.status.devices = [(f"Пульт {n}: порт /dev/ttyUSB{n} · 3 мс", True) for n in range(8)]
    app.notice("box2: потерян")
    app.console.render(pygame.Surface((1280, 800)), 1.0, app.status, None)
    shown = [text for text in drawn if text.startswith("Пульт") or text.endswith("box2: потерян")]
    assert shown[-1].endswith("box2: потерян")  # the problem stays
    assert 0 < len(shown) - 1 < 8  # some working boxes gave way, in their order
    assert shown[:-1] == [f"Пульт {n}: порт /dev/ttyUSB{n} · 3 мс" for n in range(len(shown) - 1)]


def test_quit_needs_two_presses(tmp_path):
    app = _app(tmp_path)
    app.action(Action("quit", 1.0))
    assert app.running and app.status.quit_armed
    app.action(Action("quit", 1.1))
    assert not app.running


def test_console_buttons_are_the_same_actions_as_keys(tmp_path):
    app = _app(tmp_path)
    surface = pygame.Surface((1280, 800))
    app.console.render(surface, 0.0, app.status, pygame.Surface((1920, 1080)))
    by_action = {action: rect for rect, action in app.console.buttons}
    for needed in [Call(n) for n in ("go", "back", "timer", "correct", "wrong", "undo", "blank", "quit")] + \
            [Call("score_add", (0, 1)), Call("score_add", (2, -1))]:
        assert needed in by_action, needed
    app.call(app.console.click(by_action[Call("go")].center), 1.0, "console")
    assert app.engine.state.phase == "question"
    app.action(Action("buzz", 2.0, args=(0,)))
    app.action(Action("correct", 3.0))
    app.console.render(surface, 3.0, app.status, None)
    plus = {a: r for r, a in app.console.buttons}[Call("score_add", (1, 10))]  # the step is the question's value
    app.call(app.console.click(plus.center), 4.0, "console")
    assert app.engine.state.teams[1].score == 10
    app.console.render(surface, 4.0, app.status, None)
    undo = {a: r for r, a in app.console.buttons}[Call("undo")]
    app.call(app.console.click(undo.center), 5.0, "console")
    assert [t.score for t in app.engine.state.teams] == [10, 0, 0]  # Альфа's correct answer stays
    assert app.status.notices[-1].text == "Отменено: Счёт исправлен: Бета +10"


def test_undo_names_what_it_will_undo(tmp_path):
    app = _app(tmp_path)
    app.action(Action("go", 1.0))
    app.action(Action("buzz", 2.0, args=(1,)))
    app.action(Action("correct", 3.0))
    from quizshow.display.console.words import describe
    label = describe(app.engine.undo_target(), [t.name for t in app.engine.state.teams], words_of("demo"))
    assert label == "Бета: верно, +10"


def test_sound_cues_follow_effects_with_a_distinct_buzz_per_team():
    cues = SoundCues(teams=3, enabled=True)
    cues.wait_ready()
    assert cues.available, "the dummy audio driver should open"
    cues.on_events([Event(EventKind.BUZZ, team=2, margin_s=0.0), Event(EventKind.BUZZ, team=0, margin_s=0.1),
                    Event(EventKind.CORRECT, team=2), Event(EventKind.TIMER_WARNING),
                    Event(EventKind.TIMER_EXPIRED), Event(EventKind.QUESTION, question_kind="cat")])
    assert list(cues.played) == ["buzz2", "correct", "warning", "time_up", "special"]
    lengths = {name: cues.sounds[name].get_length() for name in ("buzz0", "buzz1", "correct")}
    assert all(length > 0.1 for length in lengths.values())
    assert cues.sounds["buzz0"].get_raw() != cues.sounds["buzz1"].get_raw()


def test_sigint_and_sigterm_end_the_show_cleanly_with_exit_code_0_even_during_start_up(tmp_path):
    """A service manager may stop the show at any moment, also while it is still loading."""
    import os
    import signal
    import subprocess
    import sys
    import time

    from tests.conftest import ROOT

    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    # The child says "ready" once its handlers are set (main.py's first step); the signal then comes at
    # once (while it imports and loads the show), a little later, or once the show runs.
    for n, (sig, delay) in enumerate([(signal.SIGTERM, 0.0), (signal.SIGTERM, 0.1), (signal.SIGTERM, 1.5),
                                      (signal.SIGINT, 0.1), (signal.SIGINT, 1.5)]):
        journal = tmp_path / f"j{n}.jsonl"
        proc = subprocess.Popen([sys.executable, str(ROOT / "tests" / "startup_probe.py"), "--headless",
                                 "--journal", str(journal)],
                                cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
        time.sleep(delay)
        proc.send_signal(sig)
        try:
            _, err = proc.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.communicate()
            raise AssertionError(f"{sig.name} after {delay} s was ignored: the show kept running") from None
        assert proc.returncode == 0, f"{sig.name} after {delay} s: exit {proc.returncode}\n{err[-500:]}"
        assert "Traceback" not in err


def test_handlers_installed_first_keep_sigterm_from_becoming_an_sdl_quit_event():
    """Without them, SDL's own handler turns SIGTERM into a QUIT event, which the app counts as one
    (guarded) quit press: the show would keep running."""
    import subprocess
    import sys

    from tests.conftest import ROOT

    def probe(mode: str) -> str:
        done = subprocess.run([sys.executable, str(ROOT / "tests" / "signal_probe.py"), mode],
                              capture_output=True, text=True, timeout=30)
        return done.stdout.strip()

    assert probe("install-first") == "stop_requested no_sdl_quit_event"
    assert probe("sdl-default") == "no_stop_request sdl_quit_event"  # the hazard the early install avoids


def test_console_shows_sub_millisecond_margins_and_no_minus_zero(tmp_path):
    from quizshow.display.console.words import describe, margin_text

    assert margin_text(0.0003, words_of("demo")) == "+0,3 мс"  # two box presses 300 µs apart stay distinguishable
    # issue 22: one formatter
    assert margin_text(1.8, words_of("demo")) == "+1,8 с" and margin_text(0.0003, words_of("demo", "en")) == "+0.3 ms"
    app = _app(tmp_path)
    for name, at, args in [("go", 1.0, ()), ("buzz", 2.0, (2,)), ("wrong", 3.0, ())]:
        app.action(Action(name, at, args=args))
    teams = [t.name for t in app.engine.state.teams]
    assert describe(app.engine.entries[-1], teams, words_of("demo")) == "Гамма: неверно"  # the demo takes no penalty
    assert app.status.devices == [("Клавиатура: кнопки 1–3", True)]


def test_every_phrase_the_code_says_exists_in_russian_and_english():
    """On-screen text is Russian by default with an English locale: a key missing from either would
    show the bare key on the console."""
    from pathlib import Path

    from quizshow.house_words import HOUSE
    from quizshow.i18n import compose

    root = Path(__file__).resolve().parent.parent / "quizshow"
    used = set()
    for path in root.rglob("*.py"):
        used |= set(re.findall(r'say\(\s*"((?:console|scene|unit)\.[a-z_.]+)"', path.read_text(encoding="utf-8")))
    assert len(used) > 30
    from quizshow import registry

    # A format's own words come with its spec (FormatSpec.phrases); the shared table holds the rest.
    house = compose("ru", HOUSE).phrases
    known = {language: set(house[language]).union(*(registry.spec(name).phrases.get(language, {})
                                                       for name in registry.names()))
             for language in ("ru", "en")}
    for language in ("ru", "en"):
        assert not used - known[language], (language, sorted(used - known[language]))
    assert known["ru"] == known["en"]


def test_help_lists_every_action_and_each_teams_buzzer_keys(tmp_path):
    app = _app(tmp_path)
    drawn: list[str] = []
    fit = app.console.text.fit
    app.console.text.fit = lambda text, *a, **k: (drawn.append(text), fit(text, *a, **k))[1]
    app.status.help = True
    app.console.render(pygame.Surface((1280, 800)), 1.0, app.status, None)
    assert "PgDn, стрелка вправо, Пробел" in drawn and "Ctrl+Z" in drawn and "Ctrl+Q" in drawn
    for number, team in enumerate(app.engine.state.teams, start=1):
        label = drawn.index(f"Кнопка: {team.name}")
        assert drawn[label + 1] == str(number)  # its key beside it
    assert "0–9, Backspace" not in drawn  # the demo types no amounts (FormatSpec.takes_amounts)


def test_a_full_disk_refuses_the_command_with_a_red_line_and_the_show_goes_on(tmp_path):
    """The journal's descriptor is pointed at /dev/full (every write fails with ENOSPC, a real device,
    no root): the command is refused with its reason, the console says so in red, nothing changes; once
    the journal is writable again the next command is taken."""
    app = _app(tmp_path)
    fd = app.journal._file.fileno()
    saved = os.dup(fd)
    full = os.open("/dev/full", os.O_WRONLY)
    try:
        os.dup2(full, fd)
        outcome = app.submit(c.ScoreAdd(at=1.0, team=0, points=100))
        assert outcome.refused == "disk full: the command was not journalled"
        assert app.status.notices[-1][1:] == ("Диск заполнен — команда не записана", "problem")
        assert [t.score for t in app.engine.state.teams] == [0, 0, 0]
    finally:
        os.dup2(saved, fd)
        os.close(saved)
        os.close(full)
    assert app.submit(c.ScoreAdd(at=2.0, team=1, points=100)).accepted
    app.close()
    again = _app(tmp_path)
    assert [t.score for t in again.engine.state.teams] == [0, 100, 0]
    again.close()


def test_a_damaged_journal_resumed_to_the_damage_says_so_on_the_console(tmp_path):
    app = _app(tmp_path)
    for at, team in [(1.0, 0), (2.0, 1), (3.0, 2)]:
        app.submit(c.ScoreAdd(at=at, team=team, points=100))
    app.close()
    path = tmp_path / "j.jsonl"
    lines = path.read_bytes().split(b"\n")
    lines[2] = lines[2].replace(b'"points": 100', b'"points": 900')  # line 3: the second +100
    path.write_bytes(b"\n".join(lines))
    with pytest.raises(JournalError, match=":3: damaged journal line"):
        _app(tmp_path)
    app = ShowApp(demo_config(), journal_path=path, sound=False, resume_to_damage=True)
    assert [t.score for t in app.engine.state.teams] == [100, 0, 0]
    problem = [n for n in app.status.notices if n.level == "problem"][-1].text
    assert problem.startswith("Журнал повреждён в строке 3") and "не восстановлено строк: 2" in problem
    app.close()


def test_a_press_refused_while_another_answers_is_a_line_of_the_consoles_journal(tmp_path):
    """The engine journals a press that comes while another team answers (a late press, for the replay and
    the report); the console's journal said nothing of it, though the docs promise «Нажатие не принято»."""
    from quizshow.formats.svoyak import commands as sc
    from tests.conftest import ROOT
    from tests.svoyak_console_kit import app_of, to_board

    app = app_of(ROOT / "shows" / "svoyak.yaml", tmp_path)
    try:
        to_board(app, 0)
        assert app.submit(sc.SelectCell(at=3.0, theme=3, question=0)).accepted
        assert app.submit(c.Go(at=4.0)).accepted  # the buttons are live
        app.action(Action("buzz", 5.0, args=(0,)))
        app.action(Action("buzz", 5.034, args=(1,)))
        assert app.engine.state.answering == 0, "Борис's press changed nothing"
        assert app.engine.entries[-1].late
        app.pump_views()
        assert app.console.journal[-1][1] == "Нажатие не принято: Борис"
    finally:
        app.close()
