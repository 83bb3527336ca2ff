"""QA 5, the auction's opener (rules.md §1, docs/svoyak.md): with nothing typed the «Ставка» button read
«Ставка 0» and the click was refused («Первая ставка — не меньше номинала 40»). The button reads the bid it
makes — the nominal when nothing larger is typed — and makes it. A refusal's plate stands a moment only:
looked at later, the console still says why nothing happened (the DEVICES line keeps the last refusal)."""

from __future__ import annotations

import time

import pygame

from quizshow.app import Action, ShowApp
from tests.svoyak_bid_kit import NOMINAL, auction_opened, frame


def bid_label(app: ShowApp, at: float) -> str:
    """The opener's «Ставка» button as the console draws it."""
    said = frame(app, at)
    assert any(call.name == "bid" and call.args == (2,) for _, call in app.console.buttons), "no «Ставка» button"
    return next(t for t in said if t.startswith("Ставка "))


def test_the_openers_bid_button_with_nothing_typed_reads_and_bids_the_nominal(tmp_path):
    app = auction_opened(tmp_path, opener_score=100)
    try:
        assert bid_label(app, 30.0) == f"Ставка {NOMINAL}"
        out = app.action(Action("bid", 30.5, "console", (2,)))
        assert out is not None and out.accepted, out.refused if out else None
        auction = app.engine.state.fmt.auction
        assert auction.leader == 2 and auction.bid == NOMINAL
    finally:
        app.close()


def test_a_typed_amount_below_the_nominal_bids_the_nominal_and_a_larger_one_itself(tmp_path):
    app = auction_opened(tmp_path, opener_score=100)
    try:
        app.key(pygame.K_2, 0, 30.0)
        assert app.status.amount == "2"
        assert bid_label(app, 30.1) == f"Ставка {NOMINAL}"
        app.key(pygame.K_0, 0, 30.2)
        app.key(pygame.K_0, 0, 30.3)  # 200: more than the score — the button says it, the rules refuse it
        assert bid_label(app, 30.4) == "Ставка 200"
        app.key(pygame.K_BACKSPACE, 0, 30.5)
        assert app.status.amount == "20" and bid_label(app, 30.6) == f"Ставка {NOMINAL}"
    finally:
        app.close()


def test_an_opener_below_the_nominal_is_offered_the_nominal_whatever_is_typed(tmp_path):
    app = auction_opened(tmp_path, opener_score=10)
    try:
        app.key(pygame.K_5, 0, 30.0)
        assert bid_label(app, 30.1) == f"Ставка {NOMINAL}"
        out = app.action(Action("bid", 30.5, "console", (2,)))
        assert out is not None and out.accepted, out.refused if out else None
        assert app.engine.state.fmt.auction.bid == NOMINAL
    finally:
        app.close()


def test_a_refused_bid_is_still_on_the_console_after_its_plate_is_gone(tmp_path, monkeypatch):
    app = auction_opened(tmp_path, opener_score=100)
    try:
        for key in (pygame.K_2, pygame.K_0, pygame.K_0):  # 200 > the score 100
            app.key(key, 0, 30.0)
        out = app.action(Action("bid", 30.5, "console", (2,)))
        assert out is not None and out.refused
        words = "Ставка не может быть больше счёта (100)"
        assert words in frame(app, 30.6)  # the plate in the middle, at once
        assert app.console.needs_frame(app.status)
        frame(app, 30.6)
        later = time.monotonic() + 10  # the plate's moment is over when the operator looks
        monkeypatch.setattr(time, "monotonic", lambda: later)
        assert app.console.needs_frame(app.status), "the plate's leaving was not drawn"
        said = frame(app, 40.0)
        assert any(t.endswith(" " + words) for t in said), said  # on the DEVICES line, with its time
    finally:
        app.close()
