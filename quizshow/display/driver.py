"""What a format's contact-sheet walk drives (display/sheet.py): a fresh engine, commands at a steadily
advancing show time. Apart from the sheet so the format views can name a walk's type without importing
the sheet (which imports the projector, which reads the views)."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from quizshow.core import commands as c
from quizshow.core.engine import Engine
from quizshow.core.format import Format
from quizshow.core.state import ShowState


class Driver:
    """What a walk drives: commands at a steadily advancing show time; a refusal is skipped."""

    def __init__(self, engine: Engine, on_events: Callable[[list, float], None]) -> None:
        self.engine = engine
        self.on_events = on_events
        self.now = 10.0

    @property
    def state(self) -> ShowState:
        return self.engine.state

    @property
    def fmt(self) -> Format:
        return self.engine.format

    def do(self, make: Callable[[float], c.Command]) -> bool:
        self.tick(self.now + 2.0)  # time passes as in the app: banners go, clocks run
        self.now += 3.0
        outcome = self.engine.dispatch(make(self.now))
        self.on_events(outcome.events, self.now)
        return outcome.refused is None

    def tick(self, at: float) -> None:
        self.on_events(self.engine.dispatch(c.Tick(at=at)).events, at)

    def go(self) -> bool:
        return self.do(lambda at: c.Go(at=at))

    def until(self, phases: tuple[str, ...], step: Callable[[], bool] | None = None, limit: int = 40) -> bool:
        """Next (or `step`) until the phase is one of `phases`."""
        for _ in range(limit):
            if self.state.phase in phases:
                return True
            (step or self.go)()
        return self.state.phase in phases


Walk = Callable[[Driver], Iterator[str]]
