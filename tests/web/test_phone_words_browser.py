"""QA round 3, the phones (items 3, 6, 7): what a phone says matches the hall and the format. The phone page
in a real headless Chromium (as tests/web/test_written_answers_browser.py: skipped without it) and the
console's rows; screenshots go to $PHONE_SHOTS (default: the test's folder)."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from quizshow.core import commands as c
from tests.browser_kit import chromium
from tests.phone_browser_kit import seat_page
from tests.written_phones_kit import make_app, written_show


def left_text(page) -> str:
    return page.text_content("#answer-left") or ""


# --- 3: the phone counts the hall's clock, then names the hand-in seconds ---------------------------------

@pytest.mark.slow
@pytest.mark.parametrize("language, hall, hand_in", [("ru", r"осталось (\d+) с", r"сдача ответов: (\d+) с"),
                                                     ("en", r"(\d+) s left", r"handing in: (\d+) s")])
def test_the_phone_counts_the_halls_minute_then_the_hand_in_seconds_by_name(tmp_path, language, hall, hand_in):
    """ph-05: the phone said «осталось 23 с» while the hall's clock showed 13 (it added the 10 hand-in
    seconds). A 3-second minute: the phone shows the hall's seconds, then «сдача ответов: N с»."""
    path = written_show(tmp_path, language)
    text = Path(path).read_text(encoding="utf-8")
    Path(path).write_text(text.replace("preset: written\n", "preset: written\nrules:\n  minute_s: 3\n"),
                          encoding="utf-8")
    app = make_app(tmp_path, language, path)
    shots = Path(os.environ.get("PHONE_SHOTS", tmp_path))
    try:
        with chromium() as browser:
            page = seat_page(browser, app)
            for _ in range(2):  # the question, its minute
                app.submit(c.Go(at=app.now()))
            page.wait_for_selector("body.phase-answer")
            page.wait_for_function("document.getElementById('answer-left').textContent.match(/[0-9]/)")
            shown = left_text(page)
            found = re.fullmatch(hall, shown)
            assert found is not None and 1 <= int(found[1]) <= 4, shown  # the hall's 3 s (± the sync), never 13
            page.screenshot(path=str(shots / f"qa3-phone-{language}-minute.png"))
            # The minute runs out on the phone's own clock: the hand-in seconds, by their name.
            word = hand_in.split(":")[0]
            page.wait_for_function(f"document.getElementById('answer-left').textContent.startsWith('{word}')")
            shown = left_text(page)
            found = re.fullmatch(hand_in, shown)
            assert found is not None and 1 <= int(found[1]) <= 11, shown
            page.screenshot(path=str(shots / f"qa3-phone-{language}-hand-in.png"))
    finally:
        app.close()


# --- 7: a solo contestant's phone says «Игрок», not «Команда» ----------------------------------------------

@pytest.mark.slow
def test_a_svoyak_contestants_phone_says_player_not_team_and_a_written_teams_still_says_team(tmp_path):
    """ph2-ph-05-end, ph2-ph-03-q: «Своя игра»'s solo players read «КОМАНДА 1» and «Ответ команды…»."""
    from tests.join_kit import svoyak_app

    shots = Path(os.environ.get("PHONE_SHOTS", tmp_path))
    made: list = []
    (tmp_path / "solo").mkdir()
    solo = svoyak_app(tmp_path / "solo", made)
    team = make_app(tmp_path, "ru")
    made.append(team)
    try:
        with chromium() as browser:
            for app, band, placeholder in ((solo, "ИГРОК 1", "Ваш ответ…"), (team, "КОМАНДА 1", "Ответ команды…")):
                page = seat_page(browser, app)
                assert page.text_content("#team-n") == band
                assert page.get_attribute("#answer-text", "placeholder") == placeholder
                assert "команд" not in (page.text_content("#seat-team") or "") or band.startswith("КОМАНДА")
                page.screenshot(path=str(shots / f"qa3-phone-{band.split()[0].lower()}.png"))
                page.close()
    finally:
        for app in made:
            app.running = False
            app.close()
