"""The show's clock runs on the time source it is given: the machine's monotonic clock, or a test's own, so a
whole show (its OSC door's rates and deadlines included) can run on a test's story."""

from __future__ import annotations

from quizshow.app import ShowApp
from tests.conftest import demo_config
from tests.osc_desk import DrivenClock


def test_the_show_clock_starts_where_it_is_told_and_moves_only_with_its_source():
    from quizshow.core.clock import ShowClock

    source = DrivenClock(at=500.0)
    clock = ShowClock(12.5, source)
    assert clock.now() == 12.5
    source.advance(0.3)
    assert abs(clock.now() - 12.8) < 1e-9


def test_a_show_given_a_clock_stamps_with_it(tmp_path):
    source = DrivenClock(at=500.0)
    app = ShowApp(demo_config(), journal_path=tmp_path / "j.jsonl", fresh=True, sound=False, devices=False,
                  clock=source)
    try:
        start = app.now()
        source.advance(7.0)
        assert abs(app.now() - (start + 7.0)) < 1e-9
    finally:
        app.close()
