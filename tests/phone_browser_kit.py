"""Helpers, fixtures and constants that several test files share, first written for
tests/web/test_phone_page_browser.py."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from quizshow.app import ShowApp
from quizshow.config import load_show
from quizshow.yamlfile import Problems
from tests.phones_kit import show_file


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
