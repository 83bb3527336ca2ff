"""Helpers, fixtures and constants that several test files share, first written for
tests/display/test_memory.py."""

from __future__ import annotations

import pygame

from quizshow.display.projector.projector import Projector
from quizshow.display.theme import load_theme
from tests.conftest import svoyak_config, svoyak_engine, views_of, words_of
from tests.svoyak_display_kit import walk as svoyak_walk

SIZE = (640, 360)  # the layers' and the backdrop's logic is the same at any size: small is quick


def pixels(owner: object) -> int:
    """Bytes of the surfaces reachable from `owner` through dicts, lists, tuples and attributes."""
    seen: set[int] = set()
    todo = [owner]
    total = 0
    while todo:
        item = todo.pop()
        if id(item) in seen:
            continue
        seen.add(id(item))
        if isinstance(item, pygame.Surface):
            if item.get_parent() is None:
                total += item.get_pitch() * item.get_height()
        elif isinstance(item, dict):
            todo += [*item.keys(), *item.values()]
        elif isinstance(item, list | tuple | set):
            todo += list(item)
        elif hasattr(item, "__dict__") and not isinstance(item, type):
            todo += list(vars(item).values())
    return total


def screens(nbytes: int, size: tuple[int, int] = SIZE) -> float:
    return nbytes / (size[0] * size[1] * 4)


def walked(size: tuple[int, int] = SIZE) -> Projector:
    """A projector after the whole «Своя игра» walk, with the app's idle-time composing between presses."""
    engine = svoyak_engine()
    projector = Projector(engine.format, load_theme(svoyak_config().theme), "Своя игра", words_of(engine.format),
                          views=views_of(engine.format))
    surface = pygame.Surface(size)
    now = 0.0
    for _, commands in svoyak_walk():
        for cmd in commands:
            while projector.ahead(engine.state, engine.propose, now, size):
                pass
            projector.on_events(engine.dispatch(cmd).events, cmd.at)
            now = max(now, cmd.at)
        for i in range(30):
            projector.render(surface, engine.state, now + i / 60)
        now += 2
    return projector


def play_kind(engine) -> str:
    return engine.format.own(engine.state).kind
