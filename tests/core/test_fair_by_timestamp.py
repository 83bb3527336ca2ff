"""Issue 11: decisions depend only on the presses' own timestamps and the host's commands — never on the
order in which the lines arrive or on where the clock ticks fall. One Window rule judges every limit."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from quizshow.core import commands as c
from quizshow.core.engine import Engine
from quizshow.core.timers import Timer, Window
from quizshow.formats.svoyak import commands as sc
from tests import brainring_kit
from tests import svoyak_kit as kit


def test_window_boundary_a_moment_at_the_limit_is_inside_one_millisecond_later_is_not():
    """rules.md: every count-down is a timer in the state; the documented rule: both ends are in the window."""
    window = Window(10.0, 13.0)
    assert [window.open_at(t) for t in (9.999, 10.0, 12.999, 13.0, 13.001)] == [False, True, True, True, False]
    assert [window.closed_by(t) for t in (12.999, 13.0, 13.001)] == [False, False, True]
    timer = Timer.ready(3.0).start(10.0)
    assert timer.window == Window(10.0, 13.0)
    # Paused by a later press, the clock moves back to an earlier press whose line came second.
    assert timer.stop_at(11.5).stop_at(11.0).remaining(99) == 2.0


Press = tuple[int, float, float]  # (team, own time, delay of its line)


def presses(teams: int, low: float, high: float) -> st.SearchStrategy[list[Press]]:
    one = st.tuples(st.floats(low, high).map(lambda t: round(t, 3)), st.floats(0, 0.4).map(lambda d: round(d, 3)))
    return st.lists(one, min_size=teams, max_size=teams).map(
        lambda items: [(team, t, d) for team, (t, d) in enumerate(items)])


def run(e: Engine, host: list[c.Command], pressed: list[Press], ticks: list[float], delayed: bool) -> None:
    """Host commands, presses and ticks in order of arrival (`at`). Not delayed — the reference: each press
    arrives at its own time, with the clock ticked up to that moment."""
    timeline: list[tuple[float, int, c.Command]] = [(cmd.at, 0, cmd) for cmd in host]
    for team, t, delay in pressed:
        at = t + delay if delayed else t
        timeline.append((at, 1, c.Buzz(at=at, team=team, source_time=t)))
        if not delayed:  # the ideal clock has ticked up to the very moment of each press
            timeline.append((t, -1, c.Tick(at=t)))
    for tick in ticks if delayed else []:
        timeline.append((tick, 2, c.Tick(at=tick)))
    for _, _, cmd in sorted(timeline, key=lambda item: (item[0], item[1])):
        e.dispatch(cmd)
    e.dispatch(c.Tick(at=200))  # long after every line: the clock has its say in both runs


def decisions(e: Engine) -> tuple:
    state = e.state
    left = round(state.timer.left_at_start, 6) if state.phase == "answering" else None
    extra = state.fmt.false_start if e.format.id == "brainring" else None
    return state.phase, state.answering, state.locked, extra, left


@settings(max_examples=120, deadline=None)
@given(pressed=presses(2, 10.5, 78.0), ticks=st.lists(st.floats(15, 80), max_size=6))
def test_brainring_decisions_depend_only_on_the_press_timestamps(pressed, ticks):
    """Seed 004 §6.7 «Фальстарт фиксируется только у команды, первой нажавшей на кнопку до сигнала»; seed 001
    §1.A «После того, как одна из команда нажала кнопку, время отстанавливается»."""
    host: list[c.Command] = [c.Go(at=1), c.Announce(at=10), c.TimerStart(at=15)]
    reference, shuffled = brainring_kit.engine(), brainring_kit.engine()
    run(reference, host, pressed, [], delayed=False)
    run(shuffled, host, pressed, sorted(ticks), delayed=True)
    assert decisions(shuffled) == decisions(reference)


@settings(max_examples=120, deadline=None)
@given(pressed=presses(3, 10.5, 16.0), ticks=st.lists(st.floats(12, 17), max_size=6))
def test_svoyak_decisions_depend_only_on_the_press_timestamps(pressed, ticks):
    """Seed 000: «Если в течение трёх секунд на вопрос никто не отвечает, то ведущий объявляет правильный
    ответ» — judged at each press's own time, wherever the ticks fall and in whatever order lines arrive."""
    game = kit.pack(kit.board("Раунд", (10, 20), [["regular"] * 2] * 2))

    def engine() -> Engine:
        e = kit.engine(game)
        e.dispatch(c.Go(at=1))
        e.dispatch(c.Go(at=1))
        return e

    # The read signal at 11: the 3 s window runs 11 .. 14, so presses after it are late and ticks can expire it.
    host: list[c.Command] = [sc.SelectCell(at=10, theme=0, question=0), c.Go(at=11)]
    reference, shuffled = engine(), engine()
    run(reference, host, pressed, [], delayed=False)
    run(shuffled, host, pressed, sorted(ticks), delayed=True)
    assert decisions(shuffled) == decisions(reference)
