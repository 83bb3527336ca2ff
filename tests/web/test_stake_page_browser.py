"""Issue 25, part 2: the phone page's stake screen in a real headless Chromium (Debian's /usr/bin/chromium
driven by `playwright`; no browser downloaded). Skipped, with the reason, when either is missing.
Screenshots at 390×844 and 844×390, Russian and English, go to $PHONE_SHOTS (default: the test's folder)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from quizshow.core import commands as c
from quizshow.formats.svoyak import commands as sc
from tests.browser_kit import chromium
from tests.join_kit import svoyak_app, to_board


@pytest.mark.slow
@pytest.mark.parametrize("language", ["ru", "en"])
def test_the_phone_page_shows_the_bidders_bounds_and_its_bid_is_taken(tmp_path, language):
    apps: list = []
    app = svoyak_app(tmp_path, apps, language)
    shots = Path(os.environ.get("PHONE_SHOTS", tmp_path))
    to_board(app)
    seat = min(app.web.seats.values(), key=lambda s: s.team)
    host, port = app.web.address
    try:
        assert app.submit(sc.SelectCell(at=app.now(), theme=0, question=3)).accepted  # the auction: Альфа bids
        with chromium() as browser:
            same_phone = browser.new_context(device_scale_factor=2)  # one phone turned sideways: its own id
            for width, height in ((390, 844), (844, 390)):
                page = same_phone.new_page()
                page.set_viewport_size({"width": width, "height": height})
                page.goto(f"http://{host}:{port}/p/{seat.token}")
                page.wait_for_selector("body.phase-stake")
                quick = page.locator("#stake-quick button")  # «минимум», «½», «максимум»: one tap each
                assert [quick.nth(i).locator("b").text_content() for i in range(3)] == ["40", "250", "500"]
                page.fill("#stake-value", "999")
                page.click("#stake-send")
                page.wait_for_selector("#said.no")  # out of bounds: said why, on the phone
                page.screenshot(path=str(shots / f"phone-{language}-{width}x{height}-stake-refused.png"))
                quick.nth(1).click()  # «½»
                assert page.input_value("#stake-value") == "250"
                page.screenshot(path=str(shots / f"phone-{language}-{width}x{height}-stake.png"))
                if width > height:
                    page.close()
                    break
                page.click("#stake-send")
                page.wait_for_selector("#said.ok")
                page.screenshot(path=str(shots / f"phone-{language}-{width}x{height}-stake-taken.png"))
                journal = app.journal.path.read_text(encoding="utf-8")
                bids = [line for line in journal.splitlines() if "Bid" in line[:120]]
                assert len(bids) == 1 and json.loads(bids[0])  # the console's own Bid command
                assert '"amount": 250' in bids[0]
                page.close()
                assert app.submit(c.Undo(at=app.now(), confirmed=True)).accepted  # Альфа's turn again
    finally:
        for made in apps:
            made.close()
