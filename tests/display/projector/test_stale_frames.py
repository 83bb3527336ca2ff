"""Stale frames (display/projector/stale.py), alone: a frame of a state a press has already replaced stops at its
next give-way point when the new state shows the same scene, goes on when it shows another (a transition
starts from it), and never two frames in a row are stopped."""

from __future__ import annotations

import pytest

from quizshow.core import commands as c
from quizshow.display.projector.stale import Stale, StaleFrames
from tests.conftest import demo_engine


def states():
    engine = demo_engine()
    question = engine.dispatch(c.Go(at=1.0)).state
    pressed = engine.dispatch(c.Buzz(at=2.0, team=1)).state
    judged = engine.dispatch(c.Judge(at=3.0, correct=True)).state
    return question, pressed, judged


def test_a_frame_of_a_replaced_state_stops_and_the_next_one_is_drawn_whatever_comes():
    question, pressed, judged = states()
    now = [question]
    frames = StaleFrames()
    frames.latest = lambda: now[0]
    gave_way: list[int] = []
    frames.give_way = lambda: gave_way.append(1)
    assert frames.begin()
    give_way = frames.give_way_for(question, "question card", lambda state: "question card")
    give_way()  # nothing new: the frame goes on
    now[0] = pressed  # a box's press applied while the frame is drawn
    with pytest.raises(Stale):
        give_way()
    assert gave_way == [1, 1]  # the press was let in first
    frames.abandon()
    assert frames.abandoned and frames.abandons == 1
    assert not frames.begin()  # the press's frame cannot be stopped: the hall sees a frame
    assert not frames.abandoned
    now[0] = judged
    assert frames.begin()  # the frame after it can again


def test_a_frame_goes_on_when_the_new_state_shows_another_scene():
    question, pressed, judged = states()
    now = [pressed]
    frames = StaleFrames()
    frames.latest = lambda: now[0]
    assert frames.begin()
    scenes = {id(pressed): "answer", id(judged): "question card"}
    give_way = frames.give_way_for(question, "question card", lambda state: scenes[id(state)])
    give_way()  # another scene: a transition starts from this frame's picture, finished
    give_way()
    frames.end()
    assert not frames.abandoned and frames.abandons == 0


def test_without_the_window_loop_s_state_no_frame_is_stopped():
    question, pressed, _ = states()
    frames = StaleFrames()
    assert not frames.begin()
    frames.give_way_for(question, "question card", lambda state: "question card")()
