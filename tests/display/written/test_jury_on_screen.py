"""What the hall and the operator see of the rating's evening: the results table with a dispute awaiting the jury
(«предварительно», places may change, a «?» on the team's row) and «взяли N из M» under it, and the console's
grid with the figures as marks go in, the dispute's text and what Y / N will do."""

from __future__ import annotations

import os

import pygame

from quizshow.app import ShowApp
from quizshow.core import commands as c
from quizshow.display.projector.projector import Projector
from quizshow.display.theme import load_theme
from quizshow.formats.written import commands as wc
from quizshow.themefile import DEFAULT_COLORS
from tests.conftest import views_of, words_of
from tests.display_kit import RecordingText
from tests.rating_kit import SHOW, Evening

WAITING = pygame.Color(DEFAULT_COLORS["written_waiting"])
SHOTS = os.environ.get("QUIZSHOW_SHOTS")  # a folder to keep the pictures in (to look at them)


def _keep(surface: pygame.Surface, name: str) -> None:
    if SHOTS:
        pygame.image.save(surface, os.path.join(SHOTS, name))


def _after_tour_one(tmp_path, dispute: bool) -> Evening:
    evening = Evening(tmp_path / "j.jsonl")
    for _ in range(10):
        number = evening.question()
        if dispute and number == 4:
            evening.must(wc.Dispute(at=evening.at, team=6, number=4, text="Тёмная лошадка"))
    evening.must(c.Go(at=evening.at))
    assert evening.engine.state.phase == "results"
    return evening


def test_the_table_says_it_is_provisional_while_a_dispute_awaits_the_jury(tmp_path):
    pygame.init()
    evening = _after_tour_one(tmp_path, dispute=True)
    theme = load_theme(evening.config.theme)
    text = RecordingText(theme.fonts)
    projector = Projector(evening.fmt, theme, "ЧГК", words_of(evening.fmt), text, views=views_of(evening.fmt))
    surface = pygame.Surface((1920, 1080))
    state = evening.engine.state
    projector.render(surface, state, evening.at + 10)  # the rows have stopped moving
    _keep(surface, "results-disputed.png")
    said = [t for t, _, _ in text.fitted]
    assert "РЕЗУЛЬТАТЫ ПОСЛЕ 1 ТУРА · ПРЕДВАРИТЕЛЬНО" in said
    assert "Спорные ответы и апелляции у жюри: места могут измениться" in said
    # «взяли»: each question of the tour with how many of the forty took it, read from the grid
    figures = [f for f in evening.fmt.figures(state) if evening.fmt.tour_of(f.number) == 0]
    assert "ВЗЯЛИ" in said and "команд из 40" in said
    assert all(str(f.taken) in said for f in figures) and len(figures) == 10
    # the disputing team's row carries the «?» disc: the waiting colour is on the screen, in one row's height
    orange = [(x, y) for x in range(0, 1920, 3) for y in range(140, 1000, 3)
              if surface.get_at((x, y))[:3] == WAITING[:3]]
    assert orange and max(y for _, y in orange) - min(y for _, y in orange) < 60

    evening.must(wc.Verdict(at=evening.at, team=6, number=4, accepted=True))
    text.fitted.clear()
    projector.render(surface, evening.engine.state, evening.at + 20)
    _keep(surface, "results-decided.png")
    said = [t for t, _, _ in text.fitted]
    assert "РЕЗУЛЬТАТЫ ПОСЛЕ 1 ТУРА" in said and not any("ПРЕДВАРИТЕЛЬНО" in t for t in said)


def test_the_figures_are_shown_only_when_the_show_asks(tmp_path):
    pygame.init()
    evening = _after_tour_one(tmp_path, dispute=False)
    evening.fmt.rules["question_figures"] = False
    theme = load_theme(evening.config.theme)
    text = RecordingText(theme.fonts)
    Projector(evening.fmt, theme, "ЧГК", words_of(evening.fmt), text, views=views_of(evening.fmt)).render(
        pygame.Surface((1920, 1080)), evening.engine.state, evening.at + 10)
    assert "ВЗЯЛИ" not in [t for t, _, _ in text.fitted]


def test_the_console_disputes_an_answer_typed_there_and_the_jury_rules_with_y(tmp_path):
    """D on a cell with no phone answer asks for the text on the console; Enter files it; the cell turns «?»;
    Y is then the jury's verdict (journalled as such), not a mark."""
    from quizshow.config import load_show
    from quizshow.yamlfile import Problems

    config = load_show(SHOW, Problems())
    app = ShowApp(config, journal_path=tmp_path / "j.jsonl", fresh=True, sound=False, seed=9, devices=False)
    t = 1.0
    for _ in range(2):
        app.key(pygame.K_PAGEDOWN, 0, t)
    app.engine.dispatch(c.Tick(at=t + 61))
    app.submit(c.Tick(at=t + 71.5))
    t += 72
    for team in range(12):  # marks go in: the figures count them
        app.key(pygame.K_SPACE if team % 3 else pygame.K_DOWN, 0, t + team * 0.1)
    app.key(pygame.K_UP, 0, t + 2)  # back to team 12 (index 11)
    app.key(pygame.K_d, 0, t + 3)
    assert app.status.typing == "" and app.status.typing_for == "Спорный ответ команды «Чеширский кот», вопрос 1.1"
    app.text_input("Кутузов")
    surface = pygame.Surface((1280, 800))
    app.console.render(surface, t + 3.5, app.status)
    _keep(surface, "console-typing.png")
    app.key(pygame.K_RETURN, 0, t + 4)
    w = app.engine.state.fmt
    assert w.dispute_of(11, 0).text == "Кутузов" and app.status.typing is None
    app.console.render(surface, t + 5, app.status)
    _keep(surface, "console-disputed.png")
    app.key(pygame.K_y, 0, t + 6)
    assert app.engine.entries[-1].command == wc.Verdict(at=app.engine.entries[-1].command.at, team=11, number=0,
                                                         accepted=True)
    assert app.engine.state.teams[11].score == 1
    app.close()

