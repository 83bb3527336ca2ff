"""The console's header clock is red only while the time runs out: a clock stopped by a press, or left over
once the question is decided, is grey. (QA: after a brain-ring answer in the last seconds the header kept a
red «00:02» through the reveal, as if time were still short.)"""

from __future__ import annotations

import pygame

from quizshow.app import ShowApp
from quizshow.core import commands as c
from quizshow.display.console.style import BAD, GOLD, MUTED
from tests.conftest import ROOT, svoyak_config


def _clock_colour(app: ShowApp, at: float) -> tuple[int, int, int]:
    """The colour the header's clock is drawn in, in one console frame at `at`."""
    drawn: list[tuple[str, object]] = []
    original = app.console.text.fit

    def spy(text, role, box, color, *args, **kwargs):
        drawn.append((text, color))
        return original(text, role, box, color, *args, **kwargs)

    app.console.text.fit = spy  # type: ignore[method-assign]
    try:
        app.pump_views()
        app.console.render(pygame.Surface((1280, 800)), at, app.status)
    finally:
        app.console.text.fit = original  # type: ignore[method-assign]
    clocks = [colour for text, colour in drawn if len(text) == 5 and text[2] == ":" and text.replace(":", "").isdigit()]
    assert clocks, drawn
    return tuple(clocks[0])  # type: ignore[return-value]


def test_the_header_clock_is_red_only_while_the_last_seconds_run(tmp_path):
    app = ShowApp(svoyak_config(ROOT / "shows" / "brainring.yaml"), journal_path=tmp_path / "j.jsonl", fresh=True,
                  sound=False, seed=9)
    try:
        e, at = app.engine, 1.0
        while not e.state.timer.running:
            assert app.submit(c.Go(at=at)).accepted
            at += 1
        assert _clock_colour(app, at) == tuple(GOLD)
        at += e.state.timer.remaining(at) - 2  # two seconds left
        assert _clock_colour(app, at) == tuple(BAD)
        assert app.submit(c.Buzz(at=at, team=0, source_time=at)).accepted
        assert _clock_colour(app, at + 0.5) == tuple(MUTED)  # stopped by the press
        assert app.submit(c.Judge(at=at + 1, correct=True)).accepted
        assert e.state.timer.armed and not e.state.timer.running  # the reveal keeps the stopped clock
        assert _clock_colour(app, at + 5) == tuple(MUTED)
    finally:
        app.close()
