"""Issue 25: «every refusal says why on the phone». The phone page in a real headless Chromium (as
tests/web/test_phone_page_browser.py; skipped with the reason when Chromium or playwright is missing): a tap the
show refuses is said under the screen in the show's language, and the log names the seat with the same
words."""

from __future__ import annotations

import logging
import os
from pathlib import Path

import pytest

from tests.browser_kit import chromium
from tests.phone_browser_kit import make_app, seat_page


@pytest.mark.slow
def test_a_refused_tap_is_said_under_the_phones_screen_and_in_the_log(tmp_path, caplog):
    caplog.set_level(logging.INFO)
    app = make_app(tmp_path, "ru")
    shots = Path(os.environ.get("PHONE_SHOTS", tmp_path))
    seat = min(app.web.seats.values(), key=lambda s: s.team)
    host, port = app.web.address
    try:
        with chromium() as browser:
            page = seat_page(browser, app)  # the title: the buttons are closed
            page.click("#idle")  # a touch counts in idle too: the engine refuses it
            page.wait_for_function("document.getElementById('said').textContent.length > 0")
            assert page.text_content("#said") == "Кнопки сейчас закрыты"
            assert "no" in (page.get_attribute("#said", "class") or "")
            page.screenshot(path=str(shots / "phone-ru-390x844-refused.png"))
    finally:
        app.close()
    assert not app.engine.state.presses.presses
    assert any(f"«{seat.name}»" in r.getMessage() and "Кнопки сейчас закрыты" in r.getMessage()
               for r in caplog.records)
