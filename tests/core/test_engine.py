"""The engine: the demo flow, undo and back, and replay equal to live."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from quizshow.core import commands as c
from quizshow.core import engine as engine_module
from quizshow.core.effects import EventKind
from quizshow.core.engine import Engine, Entry, Outcome
from quizshow.core.format import Refused
from tests.conftest import demo_engine


def test_demo_flow_scores_first_press_and_locks_out_a_wrong_team():
    e = demo_engine()
    e.dispatch(c.Go(at=1.0))
    assert e.state.phase == "question" and e.state.timer.running
    e.dispatch(c.Buzz(at=2.0, team=0))
    assert e.state.answering == 0 and not e.state.timer.running
    out = e.dispatch(c.Judge(at=3.0, correct=False))
    assert [ev.kind for ev in out.events] == [EventKind.WRONG]
    assert e.state.phase == "question" and 0 in e.state.locked
    assert e.dispatch(c.Buzz(at=3.5, team=0)).refused  # locked out for this question
    e.dispatch(c.Buzz(at=4.0, team=2))
    e.dispatch(c.Judge(at=5.0, correct=True))
    assert [t.score for t in e.state.teams] == [0, 0, 10]
    assert e.state.phase == "reveal"


def test_second_press_is_logged_with_its_margin_but_the_first_answers():
    e = demo_engine()
    e.dispatch(c.Go(at=1.0))
    e.dispatch(c.Buzz(at=2.01, team=1, source_time=2.0))
    out = e.dispatch(c.Buzz(at=2.01, team=2, source_time=2.0003))
    assert e.state.answering == 1
    assert abs(out.events[0].margin_s - 0.0003) < 1e-9


def test_press_order_follows_source_time_not_arrival():
    e = demo_engine()
    e.dispatch(c.Go(at=1.0))
    e.dispatch(c.Buzz(at=2.5, team=1, source_time=2.2))
    e.dispatch(c.Buzz(at=2.6, team=0, source_time=2.1))  # pressed earlier, arrived later
    assert e.state.presses.team_order() == [0, 1]


def test_timer_expiry_reveals_the_answer_with_the_time_over_banner():
    e = demo_engine()
    e.dispatch(c.Go(at=1.0))
    out = e.dispatch(c.Tick(at=17.0))
    assert [ev.kind for ev in out.events] == [EventKind.TIMER_WARNING]
    out = e.dispatch(c.Tick(at=21.0))
    assert EventKind.TIMER_EXPIRED in [ev.kind for ev in out.events]
    # «Время вышло!», never «Время!», the word that starts the clock (issue 22, item 18)
    assert e.state.phase == "reveal" and e.state.banner.text_key == "banner.time_over"


def test_idle_tick_changes_nothing_and_is_not_an_entry():
    e = demo_engine()
    e.dispatch(c.Go(at=1.0))
    before = len(e.entries)
    out = e.dispatch(c.Tick(at=2.0))
    assert not out.changed and len(e.entries) == before


def test_pause_resume_cycles_leave_exact_remaining_time():
    e = demo_engine()
    e.dispatch(c.Go(at=10.0))  # 20 s clock starts
    t = 10.0
    for _ in range(50):  # 50 × (0.1 s running, 0.7 s paused)
        t += 0.1
        e.dispatch(c.TimerStop(at=t))
        t += 0.7
        e.dispatch(c.TimerStart(at=t))
    assert abs(e.state.timer.remaining(t) - 15.0) < 1e-9


def _undo_restores(setup, scoring):
    e = demo_engine()
    for cmd in setup:
        e.dispatch(cmd)
    before = e.state
    assert e.dispatch(scoring).changed
    assert e.state != before
    e.dispatch(c.Undo(at=99.0))
    assert e.state == before


def test_undo_after_correct_restores_exact_state():
    _undo_restores([c.Go(at=1), c.Buzz(at=2, team=1)], c.Judge(at=3, correct=True))


def test_undo_after_wrong_restores_exact_state():
    _undo_restores([c.Go(at=1), c.Buzz(at=2, team=1)], c.Judge(at=3, correct=False))


def test_undo_after_buzz_restores_the_state_with_the_clock_given_back():
    # Everything as before the press but the clock: it shows what it showed at the press (19 s of 20)
    # and runs on from the undo (issue: Ctrl+Z on a press must give the clock back).
    e = demo_engine()
    e.dispatch(c.Go(at=1))
    before = e.state
    e.dispatch(c.Buzz(at=2, team=2))
    e.dispatch(c.Undo(at=99.0))
    assert replace(e.state, timer=before.timer) == before
    assert e.state.timer.running and e.state.timer.remaining(99.0) == pytest.approx(19.0)


def test_undo_after_score_add_restores_exact_state():
    _undo_restores([c.Go(at=1)], c.ScoreAdd(at=2, team=0, points=-30))


def test_undo_after_score_set_restores_exact_state():
    _undo_restores([c.Go(at=1), c.ScoreAdd(at=2, team=1, points=5)], c.ScoreSet(at=3, team=1, points=100))


def test_undo_is_repeatable_and_then_says_nothing_to_undo():
    e = demo_engine()
    e.dispatch(c.ScoreAdd(at=1, team=0, points=10))
    e.dispatch(c.ScoreAdd(at=2, team=1, points=20))
    e.dispatch(c.Undo(at=3))
    e.dispatch(c.Undo(at=4))
    assert [t.score for t in e.state.teams] == [0, 0, 0]
    assert e.dispatch(c.Undo(at=5)).refused == "nothing to undo"


def test_back_takes_back_the_last_step_but_not_across_a_score():
    e = demo_engine()
    e.dispatch(c.Go(at=1))
    e.dispatch(c.Back(at=2))
    assert e.state.phase == "title"
    e.dispatch(c.Go(at=3))
    e.dispatch(c.Buzz(at=4, team=0))
    e.dispatch(c.Judge(at=5, correct=True))
    assert e.dispatch(c.Back(at=6)).refused


def _draws(seed: int) -> list[int]:
    state, picks = demo_engine(seed=seed).state, []
    for _ in range(20):
        state, pick = state.draw(3)
        picks.append(pick)
    return picks


def test_draw_by_lot_is_the_same_for_the_same_seed():
    assert _draws(42) == _draws(42)
    assert len(set(_draws(42))) > 1  # it is a lot, not a constant
    assert _draws(42) != _draws(43)


# --- replay equals live ------------------------------------------------------------------------

def _commands():
    team = st.integers(min_value=0, max_value=3)  # team 3 does not exist: refused both ways
    kinds = st.one_of(
        st.builds(lambda: ("go",)), st.builds(lambda: ("back",)), st.builds(lambda: ("undo",)),
        st.tuples(st.just("buzz"), team, st.floats(0, 0.01)),
        st.tuples(st.just("judge"), st.booleans()),
        st.tuples(st.just("add"), team, st.integers(-50, 50)),
        st.tuples(st.just("tick"), st.floats(0, 30)),
        st.builds(lambda: ("timer",)), st.tuples(st.just("blank"), st.booleans()),
    )
    return st.lists(kinds, max_size=60)


def _build(steps):
    at, out = 0.0, []
    for step in steps:
        at += 0.25
        kind = step[0]
        if kind == "go":
            out.append(c.Go(at=at))
        elif kind == "back":
            out.append(c.Back(at=at))
        elif kind == "undo":
            out.append(c.Undo(at=at))
        elif kind == "buzz":
            out.append(c.Buzz(at=at, team=step[1], source_time=at - step[2]))
        elif kind == "judge":
            out.append(c.Judge(at=at, correct=step[1]))
        elif kind == "add":
            out.append(c.ScoreAdd(at=at, team=step[1], points=step[2]))
        elif kind == "tick":
            at += step[1]
            out.append(c.Tick(at=at))
        elif kind == "timer":
            out.append(c.TimerStart(at=at))
            out.append(c.TimerStop(at=at + 0.1))
        elif kind == "blank":
            out.append(c.ViewBlank(at=at, on=step[1]))
    return out


@settings(max_examples=150, deadline=None)
@given(_commands())
def test_replay_of_the_journalled_commands_equals_live(steps):
    live = demo_engine(seed=3)
    journalled = []
    for cmd in _build(steps):
        outcome = live.dispatch(cmd)
        if outcome.changed:  # exactly what the app writes to the journal
            journalled.append(c.from_json(c.to_json(cmd)))
    replayed: Engine = demo_engine(seed=3)
    replayed.replay(journalled)
    assert replayed.state == live.state
    assert [e.command for e in replayed.entries] == [e.command for e in live.entries]


class _ReplayFromStart(Engine):
    """Undo as it was: rebuild the state from the first command in effect (the reference)."""

    def _take_back(self, cmd, index, nothing):
        if index is None:
            return super()._take_back(cmd, index, nothing)
        state, kept, held, holding = self.initial, [], None, None
        for i, entry in enumerate(self.entries):
            if i == index:  # the step taken back: a clock it stopped is held where it stopped it
                held = self._held_at(state, self.format.handle(state, entry.command)[0])
                if held is not None:
                    hold = c.ClockHold(at=held)
                    new, events = self.format.handle(state, hold)
                    kept.append((Entry(hold, tuple(events)), state))
                    state = new
                holding = state
                continue
            if entry.late:  # a press kept while another answered: kept while the buttons are live
                if self._live_press(state, entry.command):
                    kept.append((entry, state))
                continue
            try:
                new, events = self.format.handle(state, entry.command)
            except Refused:
                continue
            if new is state or new == state:
                continue
            kept.append((Entry(entry.command, tuple(events)), state))
            state = new
        if held is not None and holding is not None and state.timer == holding.timer and \
                state.answering == holding.answering:  # and given back at the undo
            release = c.ClockRelease(at=max(cmd.at, held))
            new, events = self.format.handle(state, release)
            kept.append((Entry(release, tuple(events)), state))
            state = new
        return Outcome(cmd, state, [], undone=self.entries[index], changed=True, count=len(kept), cut=0,
                       tail=tuple(kept))


@settings(max_examples=150, deadline=None)
@given(_commands(), st.sampled_from([(1, 1), (2, 3), (4, 2), (512, 32)]))
def test_undo_from_kept_states_equals_a_replay_from_the_start(steps, window):
    """Undo starts from the state before the step it takes back (kept, or re-made from a checkpoint)
    and re-applies only what came after: the same state and entries as replaying the whole show."""
    keep, every = window
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(engine_module, "KEEP_STATES", keep)
        patch.setattr(engine_module, "CHECKPOINT_EVERY", every)
        fast, reference = demo_engine(seed=3), _ReplayFromStart(demo_engine(seed=3).format, 3)
        for cmd in _build(steps) + [c.Undo(at=1e4)] * 3:
            a, b = fast.dispatch(cmd), reference.dispatch(cmd)
            assert (a.refused, a.undone) == (b.refused, b.undone)
            assert fast.state == reference.state and fast.entries == reference.entries


def test_an_undo_near_the_end_of_a_long_show_handles_only_what_follows_it():
    """One undo costs what it takes back, not the length of the show."""
    engine = demo_engine(seed=3)
    for i in range(3000):
        engine.dispatch(c.ScoreAdd(at=i, team=i % 3, points=1))
    calls = []
    handle = engine.format.handle
    engine.format.handle = lambda state, cmd: calls.append(cmd) or handle(state, cmd)  # type: ignore[method-assign]
    assert engine.dispatch(c.Undo(at=5000)).undone.command.at == 2999
    assert len(calls) <= engine_module.CHECKPOINT_EVERY
    assert [t.score for t in engine.state.teams] == [1000, 1000, 999]


def test_undo_reaches_back_undo_depth_entries_and_forgets_older_ones():
    """Memory stays flat over a long day: entries older than UNDO_DEPTH are forgotten (the journal
    keeps them); every undo within the depth still restores the exact earlier state."""
    steps = [c.ScoreAdd(at=i, team=i % 3, points=i + 1) if i % 5 else c.ViewScores(at=i, on=bool(i % 2))
             for i in range(120)]
    deep = demo_engine(seed=3)
    deep.replay(steps)
    with pytest.MonkeyPatch.context() as patch:
        for name, value in [("UNDO_DEPTH", 12), ("FORGET_CHUNK", 5), ("KEEP_STATES", 3), ("CHECKPOINT_EVERY", 2)]:
            patch.setattr(engine_module, name, value)
        short = demo_engine(seed=3)
        short.replay(steps)
        assert len(short.entries) <= 12 + 5
        for n in range(9):
            assert short.dispatch(c.Undo(at=200 + n)).undone == deep.dispatch(c.Undo(at=200 + n)).undone
            assert short.state == deep.state
        while short.dispatch(c.Undo(at=300)).accepted:
            pass
        assert short.entries == [] or not any(type(e.command).undoable for e in short.entries)


@settings(max_examples=150, deadline=None)
@given(_commands())
def test_undo_is_the_same_whichever_states_are_kept(steps):
    """The clock an undo gives back is a step in effect (ClockHold/ClockRelease), so a state re-made from a
    checkpoint has it too: every window of kept states ends in the same state and steps."""
    ends = []
    for keep, every in [(1, 1), (2, 3), (512, 32)]:
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(engine_module, "KEEP_STATES", keep)
            patch.setattr(engine_module, "CHECKPOINT_EVERY", every)
            engine = demo_engine(seed=3)
            for cmd in _build(steps) + [c.Undo(at=1e4)] * 3:
                engine.dispatch(cmd)
            ends.append((engine.state, engine.entries))
    assert ends[0] == ends[1] == ends[2]


def test_a_clock_an_earlier_back_gave_back_is_the_clock_a_later_back_holds():
    """The question at 0.25; Next shows the answer while the clock runs (19.75 s left at 0.5), Back gives the
    clock back at 0.75, Next again at 1.0 (19.5 left), the scores shown, Back at 1.25: the clock holds 19.5 s
    — not 19.25, as if the first Back had given nothing back — whether the state before that Next was kept
    or is re-made from a checkpoint by its steps."""
    for keep, every in [(1, 1), (1, 4)]:
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(engine_module, "KEEP_STATES", keep)
            patch.setattr(engine_module, "CHECKPOINT_EVERY", every)
            engine = demo_engine(seed=3)
            for cmd in (c.Go(at=0.25), c.Go(at=0.5), c.Back(at=0.75), c.Go(at=1.0),
                        c.ViewScores(at=1.1, on=True), c.Back(at=1.25)):
                assert engine.dispatch(cmd).accepted, cmd
            assert engine.state.timer.running
            assert engine.state.timer.remaining(1.25) == pytest.approx(19.5)
