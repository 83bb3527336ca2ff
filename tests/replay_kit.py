"""Engines with presses for the buzz replay and the report: a brain-ring question with a false start, a «Своя
игра» question pressed from a box, a phone and a key; and the races of an engine's steps in effect."""

from __future__ import annotations

from quizshow.core import commands as c
from quizshow.core.engine import Engine
from quizshow.formats.svoyak import commands as sc
from quizshow.history.presses import Race, races
from tests import brainring_kit
from tests.conftest import svoyak_engine


def of(engine: Engine) -> list[Race]:
    start, entries = engine.history()
    return races(engine.format, start, entries)


def ring_with_a_false_start() -> Engine:
    """«Внимание! Вопрос!» at 2 s, Бета's box presses at 2.8784 (a false start), «Время!» at 3 s, Альфа's
    phone at 3.141 ± 12 ms."""
    engine = brainring_kit.engine()
    engine.dispatch(c.Go(at=1.0))
    engine.dispatch(c.Announce(at=2.0))
    engine.dispatch(c.Buzz(at=2.9, team=1, source_time=2.8784, device="box1"))
    engine.dispatch(c.TimerStart(at=3.0))
    engine.dispatch(c.Buzz(at=3.2, team=0, source_time=3.141, device="phone", clock_error=0.012))
    return engine


def svoyak_question(engine: Engine, at: float, cell: tuple[int, int]) -> None:
    engine.dispatch(sc.SelectCell(at=at, theme=cell[0], question=cell[1]))
    engine.dispatch(c.TimerStart(at=at + 1.0))  # the host has read it: the 3-second window runs


def svoyak_three_presses() -> Engine:
    """Борис's box first (+1.14 s after the question showed), Анна's phone 37 ms later, Вера's key last."""
    engine = svoyak_engine()
    engine.dispatch(c.Go(at=1.0))
    engine.dispatch(c.Go(at=2.0))
    svoyak_question(engine, 3.0, (1, 2))
    engine.dispatch(c.Buzz(at=4.30, team=1, source_time=4.140, device="box1"))
    engine.dispatch(c.Buzz(at=4.40, team=0, source_time=4.177, device="phone", clock_error=0.018))
    engine.dispatch(c.Buzz(at=4.35, team=2, device="keyboard"))
    return engine
