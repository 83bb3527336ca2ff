"""Issue 25: written answers typed on the phone page in a real headless Chromium (Debian's /usr/bin/chromium,
driven by the `playwright` package; no browser is ever downloaded), seen on the operator's marking grid.
Skipped, with the reason, when either is missing. Screenshots of the answer state at 390×844 and 844×390,
Russian and English (empty, taken, «поздно»), and with the on-screen keyboard's shorter viewport, go to
$PHONE_SHOTS (default: the test's folder)."""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from quizshow.core import commands as c
from quizshow.core.typed import find
from quizshow.display.console.ui import PanelUI
from tests.browser_kit import chromium
from tests.phone_browser_kit import seat_page
from tests.written_phones_kit import make_app

WORDS = {"ru": ("Окно", "Ответ принят", "Поздно"), "en": ("Window", "Answer received", "Too late")}


def grid_texts(app, monkeypatch) -> list[str]:
    """What the console's marking grid writes (its labels), rendered as the window would."""
    drawn: list[str] = []
    label = PanelUI.label

    def recording(self, text, *args, **kwargs):
        drawn.append(text)
        return label(self, text, *args, **kwargs)

    monkeypatch.setattr(PanelUI, "label", recording)
    app.console.render(pygame.Surface((1280, 800)), app.now(), app.status)
    monkeypatch.setattr(PanelUI, "label", label)
    return drawn


@pytest.mark.slow
@pytest.mark.parametrize("language", ["ru", "en"])
def test_an_answer_typed_on_the_phone_page_is_taken_and_shown_on_the_marking_grid(tmp_path, monkeypatch, language):
    app = make_app(tmp_path, language)
    shots = Path(os.environ.get("PHONE_SHOTS", tmp_path))
    seat = min(app.web.seats.values(), key=lambda s: s.team)
    host, port = app.web.address
    typed, taken, late = WORDS[language]
    try:
        with chromium() as browser:
            same_phone = browser.new_context(device_scale_factor=2)  # one phone turned sideways: its own id
            for width, height in ((390, 844), (844, 390)):
                name = f"phone-{language}-{width}x{height}-answer"
                page = same_phone.new_page()
                page.set_viewport_size({"width": width, "height": height})
                page.goto(f"http://{host}:{port}/p/{seat.token}")
                if app.engine.state.phase == "title":
                    page.wait_for_selector("body.phase-idle")
                    for _ in range(2):  # question 1.1 and its minute
                        app.submit(c.Go(at=app.now()))
                page.wait_for_selector("body.phase-answer")
                page.wait_for_function("document.getElementById('answer-left').textContent.match(/[0-9]/)")
                page.wait_for_function("document.getElementById('rtt').textContent.includes(' ')")
                page.screenshot(path=str(shots / f"{name}.png"))
                page.fill("#answer-text", f"{typed} ({width})")
                page.click("#answer-send")
                page.wait_for_selector("#said.ok")
                assert page.text_content("#said") == taken
                page.wait_for_function(f"document.getElementById('answer-kept').textContent.includes('{width}')")
                page.screenshot(path=str(shots / f"{name}-taken.png"))
                page.close()
            kept = find(app.engine.state.fmt.typed, 0, 0)
            assert kept is not None and kept.text == f"{typed} (844)" and not kept.late
            # The operator's grid shows it beside the team's cell (its question is the cursor's).
            assert f"{typed} (844)" in grid_texts(app, monkeypatch)
            # «Поздно»: the window closes while the page still shows the form (its new state held back).
            page = seat_page(same_phone, app, phase="answer")
            held = app.web.host.view(seat, True)
            monkeypatch.setattr(app.web.host, "view", lambda seat, accepted: held)
            for cmd in (c.TimerStop, c.Go, c.TimerStop, c.Go):  # F5, Next, F5, Next: the answer on screen
                app.submit(cmd(at=app.now()))
            assert app.engine.state.phase == "answer"
            page.fill("#answer-text", "?")
            page.click("#answer-send")
            page.wait_for_selector("#said.no")
            assert page.text_content("#said").startswith(late)
            page.screenshot(path=str(shots / f"phone-{language}-390x844-answer-late.png"))
            page.close()
    finally:
        app.close()
    assert find(app.engine.state.fmt.typed, 0, 0, late=True).text == "?"


@pytest.mark.slow
def test_the_on_screen_keyboard_does_not_hide_the_answer_field_or_its_button(tmp_path):
    """390×844 with the keyboard up (the viewport 390×380): the field and «Отправить ответ» stay in sight."""
    app = make_app(tmp_path, "ru")
    shots = Path(os.environ.get("PHONE_SHOTS", tmp_path))
    try:
        with chromium() as browser:
            page = seat_page(browser, app)
            for _ in range(2):
                app.submit(c.Go(at=app.now()))
            page.wait_for_selector("body.phase-answer")
            page.focus("#answer-text")
            page.set_viewport_size({"width": 390, "height": 380})
            page.wait_for_function("getComputedStyle(document.documentElement).height === '380px'")
            for selector in ("#answer-text", "#answer-send"):
                box = page.locator(selector).bounding_box()
                assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 380, (selector, box)
            page.keyboard.type("Окно")
            page.keyboard.press("Enter")  # the keyboard's «send» key sends it
            page.wait_for_selector("#said.ok")
            page.screenshot(path=str(shots / "phone-ru-390x380-answer-keyboard.png"))
    finally:
        app.close()
    assert find(app.engine.state.fmt.typed, 0, 0).text == "Окно"
