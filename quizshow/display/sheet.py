"""A contact sheet: every scene of a show's format at 1920×1080 on one picture, from a scripted walk
(`python main.py SHOW.yaml --sheet OUT.png`), so anyone can look at the whole show before the event.

A format's walk (FormatViews.walk) drives a fresh engine through its scenes with a `Driver` and yields a
caption at each picture worth keeping; the pack decides which cells are specials, so any pack works.
Nothing is journalled: the walk runs on its own engine.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pygame

from quizshow.config import ShowConfig
from quizshow.core import commands as c
from quizshow.core.engine import Engine
from quizshow.display.driver import Driver
from quizshow.display.text import TextCache
from quizshow.display.theme import Theme
from quizshow.i18n import Words

SIZE = (1920, 1080)
TILE = (640, 360)
COLUMNS = 3


# The captions of the formats' own walks (display/<format>/walk.py yields these keys), in the show's language.
# A format may bring the captions of its own walk in its phrases instead (formats/brainring/phrases.py).
CAPTIONS: dict[str, dict[str, str]] = {
    "ru": {
        "sheet.title": "Заставка",
        "sheet.round_themes": "Раунд: темы",
        "sheet.board": "Табло",
        "sheet.question": "Вопрос",
        "sheet.answering": "Отвечает участник",
        "sheet.wrong_banner": "Неверный ответ (баннер)",
        "sheet.answer_shown": "Ответ показан",
        "sheet.standings_s": "Положение (S)",
        "sheet.cat": "Кот в мешке",
        "sheet.cat_given": "Кот в мешке: кому и за сколько",
        "sheet.cat_question": "Кот в мешке: вопрос",
        "sheet.auction": "Аукцион",
        "sheet.auction_bids": "Аукцион: торги",
        "sheet.sponsor": "Вопрос от спонсора",
        "sheet.final_themes": "Финал: темы",
        "sheet.final_stakes": "Финал: ставки",
        "sheet.final_question": "Финал: вопрос",
        "sheet.final_answers": "Финал: ответы",
        "sheet.final_answer": "Финал: правильный ответ",
        "sheet.shootout": "Перестрелка",
        "sheet.shootout_question": "Перестрелка: вопрос",
        "sheet.winner": "Победитель",
        "sheet.replay": "Повтор нажатий (R)",
    },
    "en": {
        "sheet.title": "Title",
        "sheet.round_themes": "Round: themes",
        "sheet.board": "Board",
        "sheet.question": "Question",
        "sheet.answering": "A contestant answers",
        "sheet.wrong_banner": "Wrong answer (banner)",
        "sheet.answer_shown": "Answer shown",
        "sheet.standings_s": "Standings (S)",
        "sheet.cat": "Cat in the bag",
        "sheet.cat_given": "Cat in the bag: to whom and for how much",
        "sheet.cat_question": "Cat in the bag: the question",
        "sheet.auction": "Auction",
        "sheet.auction_bids": "Auction: bidding",
        "sheet.sponsor": "Sponsor's question",
        "sheet.final_themes": "Final: themes",
        "sheet.final_stakes": "Final: stakes",
        "sheet.final_question": "Final: the question",
        "sheet.final_answers": "Final: answers",
        "sheet.final_answer": "Final: the right answer",
        "sheet.shootout": "Shoot-out",
        "sheet.shootout_question": "Shoot-out: a question",
        "sheet.winner": "Winner",
        "sheet.replay": "Buzz replay (R)",
    },
}


def generic_walk(d: Driver) -> Iterator[str]:
    """For a format without its own walk: the title, then Next, a press and a verdict until the end, the
    standings, and the buzz replay of the last question pressed. Each caption is the phase's own name in the
    show's language («phase.<name>»)."""
    yield f"phase.{d.state.phase}"
    pressed = False
    for _ in range(3):
        d.go()
        yield f"phase.{d.state.phase}"
        if d.do(lambda at: c.Buzz(at=at, team=0)):
            pressed = True
            yield f"phase.{d.state.phase}"
            d.do(lambda at: c.Judge(at=at, correct=True))
            yield f"phase.{d.state.phase}"
    d.do(lambda at: c.ViewScores(at=at, on=True))
    yield "scene.standings"
    d.do(lambda at: c.ViewScores(at=at, on=False))
    # where each player has a button of their own (the duel); a format without buttons has nothing to replay
    pressed = pressed or d.do(lambda at: c.Buzz(at=at, team=0, player=0))
    if pressed and d.do(lambda at: c.ViewReplay(at=at, on=True)):
        yield "sheet.replay"


def caption_words(caption: str, words: Words) -> str:
    """A walk's caption as the sheet prints it: a phrase key in the show's language, else as it is."""
    return words.say(caption) if words.knows(caption) else caption


Observer = Callable[[Engine, float], None]


def contact_sheet(config: ShowConfig, out: Path, seed: int = 7, *, size: tuple[int, int] = SIZE,
                  text: TextCache | None = None, observe: Observer | None = None) -> list[tuple[str, str]]:
    """Render every scene of the walk at `size` (1920×1080) into a grid and save it as PNG; (caption, scene
    name) of each picture in order. `observe(engine, now)` is called at each settled picture (a test
    draws the console there too)."""
    from quizshow import registry
    from quizshow.assemble import make_format
    from quizshow.display.projector.projector import Projector
    from quizshow.display.theme import load_theme
    from quizshow.house_words import show_words

    spec = registry.spec(config.format)
    # The sheet's words, as the show's own: the house's, the format's, and the walks' captions.
    words = show_words(config.language, spec.phrases, CAPTIONS, refusals=spec.refusals)
    views = registry.views(config.format)
    engine = Engine(make_format(config), seed)
    theme = load_theme(config.theme)
    projector = Projector(engine.format, theme, config.title, words, text, views=views,
                          history=engine.history)
    driver = Driver(engine, projector.on_events)
    frame = pygame.Surface(size)
    tiles: list[tuple[str, pygame.Surface]] = []
    scenes: list[str] = []
    for caption in (views.walk or generic_walk)(driver):
        for settle in (0.05, 0.5, 1.2):  # through its transition and entrances to the settled picture
            driver.tick(driver.now + settle)
            projector.render(frame, engine.state, driver.now + settle)
        if observe is not None:
            observe(engine, driver.now + 1.2)
        tiles.append((caption_words(caption, words), pygame.transform.smoothscale(frame, TILE)))
        scenes.append(projector.scene(engine.state).name)
    sheet = _grid(tiles, projector.text, theme)
    out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(sheet, str(out))
    return [(caption, scene) for (caption, _), scene in zip(tiles, scenes, strict=True)]


def _grid(tiles: list[tuple[str, pygame.Surface]], text: TextCache, theme: Theme) -> pygame.Surface:
    label_h, gap = 44, 16
    rows = max(1, -(-len(tiles) // COLUMNS))
    w = COLUMNS * TILE[0] + (COLUMNS + 1) * gap
    h = rows * (TILE[1] + label_h + gap) + gap
    sheet = pygame.Surface((w, h))
    sheet.fill(theme.color("sheet_background"))
    for i, (caption, tile) in enumerate(tiles):
        x = gap + (i % COLUMNS) * (TILE[0] + gap)
        y = gap + (i // COLUMNS) * (TILE[1] + label_h + gap)
        sheet.blit(tile, (x, y))
        label = text.fit(f"{i + 1}. {caption}", "body", (TILE[0], label_h - 8), theme.color("text"), 26, align="left")
        sheet.blit(label, (x, y + TILE[1] + 6))
    return sheet
