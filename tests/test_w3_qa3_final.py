"""QA round 3, «Своя игра»'s final with phones (item 6): a finalist on a key has no «с телефона» line."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from quizshow.app import ShowApp
from quizshow.core import commands as c
from quizshow.formats.svoyak import commands as sc
from quizshow.runtime.phones import desk_tick
from tests.conftest import ROOT
from tests.test_w25_written_answers import make_app

OUT = Path("/tmp/fixgrid")


@pytest.fixture
def final_app(tmp_path):
    """shows/phones.yaml (Ёжики and Борис on phones, Вера on key 3) at the final's question."""
    path = tmp_path / "svoyak-phones.yaml"
    text = (ROOT / "shows" / "phones.yaml").read_text(encoding="utf-8")
    path.write_text(text.replace("pack: ", "pack: " + str(ROOT / "shows") + "/", 1).replace(
        'listen: "0.0.0.0:8080"', 'listen: "127.0.0.1:8080"'), encoding="utf-8")
    app = make_app(tmp_path, path=path)
    try:
        app.submit(c.Go(at=app.now()))
        for _ in range(10):
            if app.engine.state.phase == "board":
                break
            app.submit(c.Go(at=app.now()))
        for team in range(len(app.engine.state.teams)):
            app.submit(c.ScoreSet(at=app.now(), team=team, points=100 * (team + 1)))
        for _ in range(30):
            if app.engine.state.phase == "final_themes":
                break
            if app.engine.state.phase != "board" or not app.submit(sc.EndRound(at=app.now())).accepted:
                app.submit(c.Go(at=app.now()))
        themes = len(app.format.game.final_themes)
        while app.engine.state.fmt.final.remover(themes) is not None:
            gone = app.engine.state.fmt.final.removed
            app.submit(sc.FinalRemove(at=app.now(), theme=next(t for t in range(themes) if t not in gone)))
        app.submit(c.Go(at=app.now()))
        for team in app.engine.state.fmt.final.order:
            app.submit(sc.FinalStake(at=app.now(), team=team, amount=10))
        assert app.submit(c.Go(at=app.now())).accepted and app.engine.state.phase == "final_question"
        yield app
    finally:
        app.running = False
        app.close()


def row_texts(app: ShowApp, name: str) -> list[str]:
    said: list[str] = []
    original = app.console.text.fit

    def spy(text, *args, **kwargs):
        said.append(text)
        return original(text, *args, **kwargs)

    app.console.text.fit = spy  # type: ignore[method-assign]
    surface = pygame.Surface((1280, 800))
    try:
        app.console.render(surface, app.now(), app.status)
    finally:
        app.console.text.fit = original  # type: ignore[method-assign]
    if OUT.is_dir():
        pygame.image.save(surface, str(OUT / f"{name}.png"))
    return said


def test_a_finalist_without_a_phone_has_no_typed_answer_line(final_app):
    """ph2-09c: Вера plays on key 3, yet her row read «с телефона: ответа нет»; the phone seats keep theirs."""
    app = final_app
    theme = app.format.final_theme(app.engine.state.fmt.final)
    assert app.submit(c.TypedAnswer(at=app.now(), team=0, question=theme, text="Малевич", sent=app.now())).accepted
    desk_tick(app, app.web)  # the window's tick: the console learns the phone seats (the join board)
    said = row_texts(app, "final-no-phone")
    assert "с телефона: «Малевич»" in said or "≈ с телефона: «Малевич»" in said, said
    assert said.count("с телефона: ответа нет") == 1, said  # Борис (a phone, no answer yet); not Вера
    app.submit(c.Go(at=app.now()))  # the clock
    app.submit(c.Go(at=app.now()))  # the reveal
    assert app.engine.state.phase == "final_reveal"
    desk_tick(app, app.web)
    said = row_texts(app, "final-no-phone-reveal")
    assert said.count("с телефона: ответа нет") == 1, said
