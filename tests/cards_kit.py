"""Helpers, fixtures and constants that several test files share, first written for
tests/display/test_cards.py."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from quizshow.core import commands as c
from quizshow.display.projector.projector import Projector
from quizshow.display.theme import load_theme
from tests.conftest import svoyak_config, views_of, words_of


def _projector(engine, config, title: str = "Демо") -> Projector:
    return Projector(engine.format, load_theme(config.theme), title, words_of(engine.format),
                     views=views_of(engine.format))


@contextmanager
def _fitted(shown: Projector) -> Iterator[list[str]]:
    """The texts the projector's text cache is asked to fit meanwhile."""
    texts: list[str] = []
    fit = shown.text.fit

    def spy(words, *args, **kwargs):
        texts.append(words)
        return fit(words, *args, **kwargs)

    shown.text.fit = spy  # type: ignore[method-assign]
    try:
        yield texts
    finally:
        del shown.text.fit


def ring_answering():
    """«Брейн-ринг» (shows/brainring.yaml) with the clock running and the first team's captain answering:
    (the engine, the show's config)."""
    from quizshow.assemble import make_format
    from quizshow.core.engine import Engine
    from tests.conftest import ROOT

    config = svoyak_config(ROOT / "shows" / "brainring.yaml")
    engine = Engine(make_format(config), 3)
    at = 1.0
    while engine.state.phase != "clock":
        assert engine.dispatch(c.Go(at=at)).accepted
        at += 0.1
    assert engine.dispatch(c.Buzz(at=at, team=0, source_time=at)).accepted
    return engine, config
