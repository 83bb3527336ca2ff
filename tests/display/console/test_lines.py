"""QA round 3 on the console's lines, help and devices: the devices line keeps clear of its buttons and shows
the phones' summary before the problems; the journal line drops its oldest entries, never the newest; the
help and the devices line name only the buttons that can press (the melee's two tables, the ring's two
teams) and the amount keys only where the format takes amounts."""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from quizshow import registry
from quizshow.app import ShowApp
from quizshow.core.actions import Call
from tests.conftest import ROOT, svoyak_config

SHOTS = os.environ.get("QUIZSHOW_SHOTS")  # a folder: the frames are kept there to look at

SUMMARY = "Телефоны 192.168.1.10:8080 · подключено 3 из 4 · связь до 45 мс"
SUMMARY_LINE = (SUMMARY, True)
SEATS = [("Совы: телефон, 40 мс", True), ("Кактус: телефон, 41 мс", True), ("Тёмные лошадки: телефон, 45 мс", True),
         ("Кот Шрёдингера: телефон не подключён", False)]
OSC = ("OSC 127.0.0.1:7400 · источников 0", True)
WAITING = ("Второй телефон ждёт места «Совы»: подтвердите на консоли", False)
CODES = [("Коды на экран (F7)", Call("join")), ("QR-коды (F6)", Call("phone_codes"))]
ACCEPT = ("Принять телефон: Совы", Call("phone_accept", ("1",)))


def _app(tmp_path: Path, show: str) -> ShowApp:
    return ShowApp(svoyak_config(ROOT / "shows" / show), journal_path=tmp_path / "j.jsonl", fresh=True,
                   sound=False, seed=9, web=False)


def _frame(app: ShowApp, name: str = "") -> tuple[pygame.Surface, list[tuple[str, bool]]]:
    """The console drawn at 1280×800 (the QA's size); every text drawn, and whether it was drawn cut."""
    drawn: list[tuple[str, bool]] = []
    text = app.console.text
    fit = text.fit

    def spy(words, role, box, color, max_px, min_px=None, *args, **kwargs):
        cut = text.layout(words, role, box, max_px, min_px, kwargs.get("wrap", True)).cut
        drawn.append((words, cut))
        return fit(words, role, box, color, max_px, min_px, *args, **kwargs)

    text.fit = spy
    try:
        app.pump_views()
        surface = pygame.Surface((1280, 800))
        app.console.render(surface, 5.0, app.status, None)
    finally:
        text.fit = fit
    if SHOTS and name:
        pygame.image.save(surface, os.path.join(SHOTS, f"{name}.png"))
    return surface, drawn


def _whole(drawn: list[tuple[str, bool]], words: str) -> bool:
    return any(text.endswith(words) and not cut for text, cut in drawn)


# --- 1. the devices line keeps clear of its buttons --------------------------------------------------------


def test_device_words_and_marks_stay_clear_of_the_accept_phone_button(tmp_path):
    app = _app(tmp_path, "written-phones.yaml")
    try:
        app.status.device_buttons = [ACCEPT, *CODES]
        _frame(app)
        accept = next(rect for rect, call in app.console.buttons if call.name == "phone_accept")
        bare, _ = _frame(app)
        app.status.devices = [SUMMARY_LINE, *SEATS, WAITING, OSC]
        app.notice("Кактус: телефон отключился")
        busy, drawn = _frame(app, "qa3-devices-accept")
        # The button looks the same whatever the line beside it says: no red mark, no word over its label.
        for x in range(accept.left, accept.right):
            for y in range(accept.top, accept.bottom):
                assert busy.get_at((x, y)) == bare.get_at((x, y)), (x, y)
        device_words = {words for words, _ in app.status.devices}
        assert not any(cut for text, cut in drawn if text in device_words or text.startswith("и ещё"))
        # Crowded by three buttons, the line still names a problem whole rather than only counting them.
        assert any(_whole(drawn, words) for words, ok in app.status.devices if not ok), [t for t, _ in drawn]
    finally:
        app.close()


# --- 2. the journal line drops its oldest entries -----------------------------------------------------------


def test_the_newest_journal_entry_is_drawn_whole_and_the_oldest_give_way(tmp_path):
    app = _app(tmp_path, "demo.yaml")
    try:
        words = ["Кактус: ответ с телефона — «Форточка»", "Тёмные лошадки: ответ с телефона — «ОКНО!»",
                 "Совы: вопрос 1.1 засчитан", "Тёмные лошадки: вопрос 1.1 засчитан, ответ «ОКНО!» с телефона"]
        app.console.journal.extend((1_000.0 + i, line) for i, line in enumerate(words))
        _, drawn = _frame(app, "qa3-journal")
        assert _whole(drawn, words[-1]), [text for text, _ in drawn if "засчитан" in text]
        assert not any(cut for text, cut in drawn if any(text.endswith(line) for line in words))
        assert not any(text.endswith(words[0]) for text, _ in drawn)  # the oldest gave way
    finally:
        app.close()


# --- 3. the phones' summary first, then the problems ---------------------------------------------------------


def test_the_phones_summary_shows_first_and_each_problem_is_whole_or_counted(tmp_path):
    app = _app(tmp_path, "written-phones.yaml")
    try:
        app.status.device_buttons = list(CODES)
        app.status.devices = [SUMMARY_LINE, *SEATS, OSC]
        _, drawn = _frame(app, "qa3-devices-summary")
        assert _whole(drawn, SUMMARY)
        problem = "Кот Шрёдингера: телефон не подключён"
        assert _whole(drawn, problem) or _whole(drawn, "и ещё 1 неполадка"), [t for t, _ in drawn]
        assert not any(cut for text, cut in drawn if text.startswith(problem))
    finally:
        app.close()


# --- 4. the melee's buttons are its two tables ---------------------------------------------------------------


def _help(app: ShowApp) -> list[str]:
    app.status.help = True
    try:
        return [text for text, _ in _frame(app, f"qa3-help-{app.format.id}")[1]]
    finally:
        app.status.help = False


def test_melee_help_and_devices_name_key_1_the_red_table_and_key_2_the_green(tmp_path):
    app = _app(tmp_path, "melee.yaml")
    try:
        texts = _help(app)
        assert "Кнопка: красный стол" in texts and "Кнопка: зелёный стол" in texts
        assert not any(text == f"Кнопка: {team.name}" for text in texts for team in app.config.teams)
        assert [line for line, _ in app.device_lines()] == ["Клавиатура: 1 — красный стол, 2 — зелёный стол"]
        keymap = app.keymap
        assert keymap.call_for(pygame.K_1, 0) == Call("buzz", (0,))
        assert keymap.call_for(pygame.K_2, 0) == Call("buzz", (1,))
        assert keymap.call_for(pygame.K_3, 0) is None  # no third table
    finally:
        app.close()


def test_melee_devices_line_names_the_tables_in_english(tmp_path):
    from dataclasses import replace

    config = replace(svoyak_config(ROOT / "shows" / "melee.yaml"), language="en")
    app = ShowApp(config, journal_path=tmp_path / "j.jsonl", fresh=True, sound=False, seed=9, web=False)
    try:
        assert [line for line, _ in app.device_lines()] == ["Keyboard: 1 — red table, 2 — green table"]
    finally:
        app.close()


# --- 5. only the buttons that press, the amount keys only where amounts are typed ---------------------------


def test_brainring_help_and_devices_list_only_the_two_teams_at_the_tables_and_no_amount(tmp_path):
    app = _app(tmp_path, "brainring.yaml")
    try:
        texts = _help(app)
        teams = [team.name for team in app.config.teams]
        assert f"Кнопка: {teams[0]}" in texts and f"Кнопка: {teams[1]}" in texts
        assert not any(f"Кнопка: {name}" in texts for name in teams[2:])
        assert not any(text.startswith("Сумма") for text in texts)
        assert [line for line, _ in app.device_lines()] == ["Клавиатура: кнопки 1–2"]
    finally:
        app.close()


@pytest.mark.parametrize(("show", "amounts"), [("melee.yaml", False), ("demo.yaml", False), ("svoyak.yaml", True)])
def test_help_lists_the_amount_keys_only_where_the_format_takes_amounts(tmp_path, show, amounts):
    app = _app(tmp_path, show)
    try:
        assert ("0–9, Backspace" in _help(app)) == amounts
    finally:
        app.close()


def test_every_format_that_types_amounts_says_so_in_its_phase_flags():
    takes = {name for name in registry.names() if registry.spec(name).takes_amounts()}
    assert {"svoyak", "tournament"} <= takes and not takes & {"melee", "brainring", "duel"}
