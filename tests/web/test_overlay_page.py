"""The broadcast overlay in a real headless Chromium (issue 35, item 9): its score pills keep their places and
widths whatever the scores (fixed widths, tabular figures), and the end of a game gets the winner's graphic.
Screenshots (1920×1080) go to $OVERLAY_SHOTS (default: the test's folder)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from quizshow.app import ShowApp
from quizshow.core import commands as c
from quizshow.formats.melee.commands import Decide
from tests.browser_kit import chromium
from tests.phones_kit import phone_app


@contextmanager
def overlay_of(tmp_path: Path, show: str) -> Iterator[tuple[ShowApp, Any, Path]]:
    """A shipped show with its web server, and its overlay open in Chromium at 1920×1080 (the app, the page,
    where screenshots go)."""
    app = phone_app(tmp_path, show)
    host, port = app.web.address
    try:
        with chromium() as browser:
            page = browser.new_page(viewport={"width": 1920, "height": 1080})
            page.goto(f"http://{host}:{port}/overlay")
            page.wait_for_function("document.body.dataset.seq !== undefined")
            yield app, page, Path(os.environ.get("OVERLAY_SHOTS", tmp_path))
    finally:
        app.close()


def pills(page) -> list[tuple[float, float]]:
    return [(box["x"], box["width"]) for box in (li.bounding_box() for li in page.locator("#scores li").all())]


def test_score_pills_keep_their_places_and_widths_whatever_the_scores(tmp_path):
    with overlay_of(tmp_path, "phones.yaml") as (app, page, shots):
        page.wait_for_function("document.querySelectorAll('#scores li').length === 3")
        before = pills(page)
        for team, points in ((0, 1200), (1, -300), (2, 7)):
            assert app.submit(c.ScoreAdd(at=app.now(), team=team, points=points)).accepted
        page.wait_for_function("[...document.querySelectorAll('#scores li .score')].map(s => s.textContent)"
                               ".join('|') === '1200|\u2212300|7'")  # counted up to the new scores
        page.screenshot(path=str(shots / "overlay-pills.png"))
        assert pills(page) == before  # not a pixel sideways, not a pixel wider
        figures = page.eval_on_selector("#scores li .score", "s => getComputedStyle(s).fontVariantNumeric")
        assert "tabular-nums" in figures


def test_the_end_of_a_game_puts_the_winner_on_the_overlay(tmp_path):
    with overlay_of(tmp_path, "melee.yaml") as (app, page, shots):
        assert page.locator("#winner").is_hidden()
        assert app.submit(c.Go(at=app.now())).accepted  # the split
        while not app.format.winner(app.engine.state):  # the red table answers every question
            assert app.submit(c.Go(at=app.now())).accepted
            assert app.submit(Decide(at=app.now(), side=0)).accepted
        name = app.engine.state.teams[app.format.winner(app.engine.state)[0]].name
        page.wait_for_selector("#winner:not(.hidden)")
        assert page.locator("#winner-name").text_content() == name
        assert page.locator("#winner-label").text_content() == "Победитель"
        page.wait_for_timeout(700)  # (the picture once its entrance is over: a screenshot, not a check)
        page.screenshot(path=str(shots / "overlay-winner.png"))
