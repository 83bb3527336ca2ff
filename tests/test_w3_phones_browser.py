"""Issue 25: the phone page in a real headless Chromium (Debian's /usr/bin/chromium, driven by the
`playwright` package; no browser is ever downloaded). Skipped, with the reason, when either is missing.
Screenshots at 390×844 and 844×390, Russian and English, go to $PHONE_SHOTS (default: the test's folder)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from quizshow.app import ShowApp
from quizshow.config import load_show
from quizshow.core import commands as c
from quizshow.yamlfile import Problems
from tests.browser_kit import chromium
from tests.test_w3_phones import show_file


def seat_page(browser: Any, app: ShowApp, size: tuple[int, int] = (390, 844), phase: str | None = "idle") -> Any:
    """The phone page of the show's first seat at a phone's size (twice the pixels), once it shows `phase`.
    `browser` may be a context: a page of the same phone (its own device id, so its seat is its own again)."""
    seat = min(app.web.seats.values(), key=lambda s: s.team)
    host, port = app.web.address
    if hasattr(browser, "browser"):  # a BrowserContext: its own scale factor
        page = browser.new_page()
        page.set_viewport_size({"width": size[0], "height": size[1]})
    else:
        page = browser.new_page(viewport={"width": size[0], "height": size[1]}, device_scale_factor=2)
    page.goto(f"http://{host}:{port}/p/{seat.token}")
    if phase is not None:
        page.wait_for_selector(f"body.phase-{phase}")
    return page

def make_app(tmp_path: Path, language: str) -> ShowApp:
    path = show_file(tmp_path, 3)
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('title: "Телефоны"', f'title: "Телефоны"\nlanguage: {language}'), encoding="utf-8")
    problems = Problems()
    config = load_show(path, problems)
    assert config is not None and not problems.errors
    app = ShowApp(config, journal_path=tmp_path / f"{language}.jsonl", fresh=True, sound=False, devices=False,
                  web=True, web_port=0)
    app.go_live()
    return app


@pytest.mark.slow
@pytest.mark.parametrize("language", ["ru", "en"])
def test_the_phone_page_in_chromium_joins_opens_and_its_tap_is_a_synced_press(tmp_path, language):
    app = make_app(tmp_path, language)
    shots = Path(os.environ.get("PHONE_SHOTS", tmp_path))
    seat = min(app.web.seats.values(), key=lambda s: s.team)
    host, port = app.web.address
    try:
        with chromium() as browser:
            same_phone = browser.new_context(device_scale_factor=2)  # one phone turned sideways: its own id
            for width, height in ((390, 844), (844, 390)):
                page = same_phone.new_page()
                page.set_viewport_size({"width": width, "height": height})
                page.goto(f"http://{host}:{port}/p/{seat.token}")
                if app.engine.state.question is None:  # the title: nothing to press yet
                    page.wait_for_selector("body.phase-idle")
                    page.wait_for_function("document.getElementById('rtt').textContent.includes(' ')")
                    assert page.text_content("#idle-title") == ("Ждём вопроса" if language == "ru" else
                                                                "Waiting for the question")
                    page.screenshot(path=str(shots / f"phone-{language}-{width}x{height}-idle.png"))
                    app.submit(c.Go(at=app.now()))
                page.wait_for_selector("body.phase-open")
                page.wait_for_function("document.getElementById('rtt').textContent.includes(' ')")
                page.screenshot(path=str(shots / f"phone-{language}-{width}x{height}-open.png"))
                page.click("#pad")
                page.wait_for_selector("body.phase-answering")
                page.screenshot(path=str(shots / f"phone-{language}-{width}x{height}-answering.png"))
                press = app.engine.state.presses.first
                assert press is not None and press.team == 0 and press.device == "phone"  # synced
                assert 0 <= press.arrival - press.source_time < 0.25
                app.submit(c.Judge(at=app.now(), correct=False))  # out of this question
                page.wait_for_selector("body.phase-locked")
                page.screenshot(path=str(shots / f"phone-{language}-{width}x{height}-locked.png"))
                for _ in range(2):  # the verdict and the press taken back: the question is open again
                    assert app.submit(c.Undo(at=app.now())).accepted
                page.close()
    finally:
        app.close()
