"""Issue 25: the phone page in a real headless Chromium (Debian's /usr/bin/chromium, driven by the
`playwright` package; no browser is ever downloaded). Skipped, with the reason, when either is missing.
Screenshots at 390×844 and 844×390, Russian and English, go to $PHONE_SHOTS (default: the test's folder)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from quizshow.core import commands as c
from tests.browser_kit import chromium
from tests.phone_browser_kit import make_app


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
