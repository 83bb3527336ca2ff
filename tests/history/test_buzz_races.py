"""The buzz replay's facts (quizshow/history/presses.py): each question's presses on an axis from the moment the
buttons opened, read from the steps in effect, so a resumed show and a follower screen replay the same."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from quizshow.core import commands as c
from quizshow.core.engine import Engine
from quizshow.history.presses import Timing, pick, timing_of
from quizshow.runtime.follow.snapshot import read_engine, write_engine
from quizshow.runtime.show.journalled import Runtime
from tests.conftest import svoyak_engine
from tests.replay_kit import of, ring_with_a_false_start, svoyak_question, svoyak_three_presses


def test_a_false_start_lies_before_the_signal_and_the_axis_starts_at_it():
    (race,) = of(ring_with_a_false_start())
    assert race.opened == 3.0  # «Время!»: fair presses from here
    assert race.armed == 2.0  # «Внимание! Вопрос!»: the zone starts here
    assert race.closes == pytest.approx(63.0)  # the minute the clock ran from «Время!»
    early, = race.false_starts
    assert (early.team, early.timing, early.place, early.margin) == (1, Timing.BOX, None, None)
    assert early.time - race.opened == pytest.approx(-0.1216)
    fair, = race.fair
    assert (fair.team, fair.timing, fair.error, fair.place, fair.margin) == (0, Timing.PHONE, 0.012, 1, 0.0)
    verdict = race.verdict()
    assert verdict is not None and verdict.first is fair and verdict.second is None


def test_presses_are_in_the_order_of_their_own_times_each_with_its_source_and_margin():
    (race,) = of(svoyak_three_presses())
    assert [(p.team, p.place, p.timing) for p in race.presses] == [
        (1, 1, Timing.BOX), (0, 2, Timing.PHONE), (2, 3, Timing.ARRIVAL)]
    assert [p.margin for p in race.presses] == pytest.approx([0.0, 0.037, 0.21])
    assert race.opened == 3.0  # buttons are live from the moment the question appears (rules.md, seed 000)
    assert race.armed is None and not race.false_starts  # «Своя игра» has no false starts
    assert race.closes == pytest.approx(7.0)  # the window ran from the read signal for 3 s
    verdict = race.verdict()
    assert verdict is not None and verdict.margin == pytest.approx(0.037) and verdict.error == 0.018
    assert verdict.certain  # 37 ms apart, the phone known to ±18 ms


def test_a_margin_within_the_uncertainty_is_not_called_certain():
    engine = svoyak_engine()
    engine.dispatch(c.Go(at=1.0))
    engine.dispatch(c.Go(at=2.0))
    svoyak_question(engine, 3.0, (0, 0))
    engine.dispatch(c.Buzz(at=4.2, team=0, source_time=4.100, device="phone", clock_error=0.015))
    engine.dispatch(c.Buzz(at=4.2, team=1, source_time=4.110, device="phone", clock_error=0.020))
    verdict = of(engine)[0].verdict()
    assert verdict is not None and verdict.margin == pytest.approx(0.010) and verdict.error == pytest.approx(0.035)
    assert not verdict.certain


def test_an_undone_press_is_not_replayed_and_each_question_is_its_own_race():
    engine = svoyak_three_presses()
    engine.dispatch(c.Undo(at=4.5))  # the box's press was a slip of the host's hand: the later presses stay facts
    (race,) = of(engine)
    assert [p.team for p in race.presses] == [0, 2]
    assert engine.state.answering is None  # nobody answers: the later presses changed nothing when they came
    engine = svoyak_three_presses()
    engine.dispatch(c.Judge(at=5.0, correct=True))
    engine.dispatch(c.Go(at=6.0))
    svoyak_question(engine, 7.0, (2, 0))
    engine.dispatch(c.Buzz(at=8.5, team=2, source_time=8.4, device="box1"))
    first, second = of(engine)
    assert (first.number, second.number) == (1, 2)
    assert [p.team for p in second.presses] == [2]
    assert pick([first, second], 0) is second and pick([first, second], 1) is first
    assert pick([first, second], 9) is first  # past the first: the first
    assert pick([], 0) is None


def test_a_question_nobody_pressed_has_no_race():
    engine = svoyak_engine()
    engine.dispatch(c.Go(at=1.0))
    engine.dispatch(c.Go(at=2.0))
    svoyak_question(engine, 3.0, (0, 0))
    engine.dispatch(c.Tick(at=10.0))  # the window ran out
    assert of(engine) == []


def test_a_resumed_show_replays_the_same_presses(tmp_path):
    journal = tmp_path / "ring.jsonl"
    played = ring_with_a_false_start()
    runtime = Runtime(played.format, journal, "ring.yaml", fresh=True, seed=1)
    for entry in played.entries:
        assert runtime.submit(entry.command).accepted
    before = of(runtime.engine)
    runtime.close()
    resumed = Runtime(played.format, journal, "ring.yaml")  # the journal read back, as after a crash
    try:
        assert of(resumed.engine) == before and len(before) == 1
    finally:
        resumed.close()


def test_a_follower_replays_the_same_presses_from_the_engine_snapshot():
    played = svoyak_three_presses()
    follower = Engine(played.format, 7)
    follower.restore(read_engine(write_engine(played), "test"))  # what GET /follow/snapshot hands a follower
    assert of(follower) == of(played)


def test_where_a_time_came_from_is_read_from_its_device():
    assert [timing_of(d) for d in ("box1", "left", "phone", "phone-unsynced", "keyboard", "console", "osc", "pad0",
                                   "")] == [Timing.BOX, Timing.BOX, Timing.PHONE, Timing.ARRIVAL, Timing.ARRIVAL,
                                            Timing.ARRIVAL, Timing.ARRIVAL, Timing.ARRIVAL, Timing.ARRIVAL]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 2), st.floats(0.0, 2.5), st.sampled_from(["box1", "phone", "keyboard"]),
                          st.floats(0.0, 0.05)), min_size=1, max_size=6))
def test_fair_presses_are_ranked_by_their_own_time_whatever_order_they_arrive_in(presses):
    engine = svoyak_engine()
    engine.dispatch(c.Go(at=1.0))
    engine.dispatch(c.Go(at=2.0))
    svoyak_question(engine, 3.0, (0, 0))
    kept = 0  # taken, or kept as a late press (the first of its seat) while another answers
    for team, offset, device, error in presses:
        press = c.Buzz(at=7.0, team=team, source_time=4.0 + offset, device=device,
                       clock_error=error if device == "phone" else None)
        engine.dispatch(press)
        kept += engine.entries[-1].command is press
    found = of(engine)
    assert len(found) == (1 if kept else 0)
    if found:
        race = found[0]
        assert len(race.presses) == kept
        times = [p.time for p in race.fair]
        assert times == sorted(times)
        assert [p.place for p in race.fair] == list(range(1, len(race.fair) + 1))
        assert race.fair[0].margin == 0 and all(p.margin is not None and p.margin >= 0 for p in race.fair)


def test_a_box_without_a_clock_is_timed_on_arrival_whatever_its_name():
    """A SImulator box (`preset: simulator`) sends a bare byte: its press's time is when the byte came. The replay
    drew it as «кнопка: время по её часам» and said «Время — по часам кнопок», a precision the box has not."""
    engine = svoyak_engine()
    engine.dispatch(c.Go(at=1.0))
    engine.dispatch(c.Go(at=2.0))
    svoyak_question(engine, 3.0, (0, 0))
    engine.dispatch(c.Buzz(at=4.2, team=0, source_time=4.2, device="si"))  # the byte's arrival is all it has
    engine.dispatch(c.Buzz(at=4.3, team=1, source_time=4.1403, device="box1"))  # a qbx box's own clock
    (race,) = of(engine)
    assert {p.device: p.timing for p in race.presses} == {"si": Timing.ARRIVAL, "box1": Timing.BOX}


def test_the_replay_leaves_the_projector_when_the_next_question_opens():
    """The hall sees the new question, not the last race over it (R again is not needed)."""
    engine = svoyak_three_presses()
    engine.dispatch(c.ViewReplay(at=4.6, on=True))
    assert engine.state.view.replay == 0
    engine.dispatch(c.Judge(at=5.0, correct=True))
    assert engine.state.view.replay == 0  # the verdict and the board keep it: the jury may still be looking
    engine.dispatch(c.Go(at=6.0))
    svoyak_question(engine, 7.0, (2, 0))
    assert engine.state.view.replay is None
