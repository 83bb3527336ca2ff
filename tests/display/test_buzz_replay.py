"""The buzz replay on the projector (display/replay/): a layer of its own in the stack, reached by R and Shift+R,
its picture (the presses on a time axis, the first ringed in gold, the false-start zone, the verdict), its
words and its axis."""

from __future__ import annotations

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from quizshow.core import commands as c
from quizshow.core.actions import ActionContext, Call, registry_for
from quizshow.core.state import Team
from quizshow.display.projector import stack
from quizshow.display.projector.projector import Projector
from quizshow.display.replay.axis import axis_for
from quizshow.display.replay.scene import AXIS_LEFT, AXIS_RIGHT, ReplayScene
from quizshow.display.replay.words import ms, press_label, tick, verdict_lines
from quizshow.display.theme import load_theme
from quizshow.history.presses import Race, ReplayPress, Timing
from quizshow.house_words import show_words
from quizshow.inputs.keymap import KeyMap
from quizshow.inputs.phones.board import JoinBoard, JoinSeat
from tests.conftest import svoyak_config, views_of, words_of
from tests.replay_kit import of, ring_with_a_false_start, svoyak_three_presses
from tests.tv_kit import text_contrasts

HD = (1920, 1080)
RU = show_words("ru")  # the replay's words, as a show composes them


@pytest.fixture(scope="module")
def theme():
    return load_theme(svoyak_config().theme)


def shown(engine, theme, ages=(0.05, 0.4, 1.0), join=None) -> tuple[Projector, pygame.Surface]:
    """A projector reading the engine's steps, its frames `ages` seconds after the last step."""
    projector = Projector(engine.format, theme, "Шоу", words_of(engine.format), views=views_of(engine.format))
    projector.history = engine.history
    projector.join = join
    surface = pygame.Surface(HD)
    last = engine.entries[-1].command.at
    for age in ages:
        projector.render(surface, engine.state, last + age)
    return projector, surface


def replaying(engine, back: int = 0):
    engine.dispatch(c.ViewReplay(at=engine.entries[-1].command.at + 1, on=True, back=back))
    return engine


def test_r_shows_the_latest_question_and_shift_r_goes_one_earlier():
    keys = KeyMap.build()
    assert keys.call_for(pygame.K_r, 0) == Call("replay")
    assert keys.call_for(pygame.K_r, pygame.KMOD_SHIFT) == Call("replay_earlier")
    actions = registry_for(())
    engine = svoyak_three_presses()

    def press(call: Call):
        command = actions.build(call, ActionContext(engine.state, engine.entries[-1].command.at + 1))
        assert engine.dispatch(command).accepted
        return engine.state.view.replay

    assert press(Call("replay")) == 0  # on: the latest question with presses
    assert press(Call("replay_earlier")) == 1
    assert press(Call("replay_earlier")) == 2
    assert press(Call("replay")) is None  # off
    assert press(Call("replay_earlier")) == 0  # from off: the latest
    assert press(Call("replay", (True, 3))) == 3  # a desk's /quiz/view/replay 1 3


def test_the_replay_covers_the_show_and_blank_and_the_join_codes_cover_it(theme):
    engine = replaying(svoyak_three_presses())
    projector, _ = shown(engine, theme)
    live = projector.live(engine.state)
    assert stack.cover(live) is stack.REPLAY
    assert isinstance(projector.scene(engine.state), ReplayScene)
    assert projector.scene(engine.state).race == of(engine)[0]
    engine.dispatch(c.ViewScores(at=20.0, on=True))  # S over the replay: the standings card is not drawn over it
    assert stack.OVERLAY not in stack.shown(projector.live(engine.state, 21.0))
    engine.dispatch(c.ViewBlank(at=21.0, on=True))
    assert stack.cover(projector.live(engine.state)) is stack.BLANK
    assert engine.state.view.replay == 0  # blank keeps the replay for when it opens again
    engine.dispatch(c.ViewBlank(at=22.0, on=False))
    seat = JoinSeat(team=0, player=None, name="Анна", url="http://10.0.0.2:8080/j/0", status="FREE")
    projector.join = JoinBoard(seats=(seat,), address="http://10.0.0.2:8080")
    assert stack.cover(projector.live(engine.state)) is stack.JOIN


def lane_y(race: Race, index: int) -> int:
    """The centre row of the lane of press `index` at 1080 lines (as the scene lays them out)."""
    scene = ReplayScene()
    scene.race = race

    class _Frame:
        size = HD

        @staticmethod
        def u(v: float) -> int:
            return max(1, round(v))

    return scene._lanes(_Frame(), race).row(index).centery  # type: ignore[arg-type]


def test_each_press_is_drawn_at_its_time_in_its_teams_colour_and_the_first_is_ringed_in_gold(theme):
    engine = replaying(svoyak_three_presses())
    projector, surface = shown(engine, theme)
    race = of(engine)[0]
    axis = axis_for(race)
    for i, press in enumerate(race.presses):
        x = axis.x(press.time - race.opened, AXIS_LEFT, AXIS_RIGHT - AXIS_LEFT)
        want = theme.team_color(press.team, engine.state.teams[press.team].color)
        got = surface.get_at((x, lane_y(race, i)))
        assert max(abs(a - b) for a, b in zip(got[:3], want[:3], strict=True)) < 24, (press, got, want)
    first = race.presses[0]
    x = axis.x(first.time - race.opened, AXIS_LEFT, AXIS_RIGHT - AXIS_LEFT)
    ring = [surface.get_at((x + dx, lane_y(race, 0)))[:3] for dx in range(18, 36)]
    assert tuple(theme.color("accent"))[:3] in ring  # the gold ring round the first press


def test_the_false_start_zone_is_hatched_before_the_signal_and_the_verdict_names_it(theme):
    engine = replaying(ring_with_a_false_start())
    _, surface = shown(engine, theme)
    race = of(engine)[0]
    axis = axis_for(race)
    assert axis.zone is not None
    width = AXIS_RIGHT - AXIS_LEFT
    left, zero = axis.x(axis.zone, AXIS_LEFT, width), axis.x(0.0, AXIS_LEFT, width)
    colours = {surface.get_at((x, lane_y(race, 0) - 30))[:3] for x in range(left + 4, zero - 4)}
    assert tuple(theme.color("replay_zone"))[:3] in colours and tuple(theme.color("replay_hatch"))[:3] in colours
    after = {surface.get_at((x, lane_y(race, 0) - 30))[:3] for x in range(zero + 8, zero + 60)}
    assert tuple(theme.color("replay_zone"))[:3] not in after
    headline, note = verdict_lines(race, RU)
    assert headline == "Нажатие только одно: Альфа"
    assert note == "Бета: нажатие до сигнала, фальстарт."


def test_the_play_head_lights_each_press_as_it_passes_then_the_picture_stands_still(theme):
    engine = replaying(svoyak_three_presses())
    race = of(engine)[0]
    _, early = shown(engine, theme, ages=(0.05, 0.25))  # the play-head is still in the part before the presses
    _, settled = shown(engine, theme)
    axis = axis_for(race)
    x = axis.x(race.presses[0].time - race.opened, AXIS_LEFT, AXIS_RIGHT - AXIS_LEFT)
    want = theme.team_color(1, engine.state.teams[1].color)
    assert early.get_at((x, lane_y(race, 0)))[:3] != tuple(want)[:3]
    assert settled.get_at((x, lane_y(race, 0)))[:3] == pytest.approx(tuple(want)[:3], abs=24)
    projector, _ = shown(engine, theme, ages=(0.05, 1.0, 3.0))
    assert not projector.needs_frame(engine.state, engine.entries[-1].command.at + 3.1, HD)


def test_a_show_without_presses_says_so(theme):
    engine = ring_with_a_false_start()
    fresh = type(engine)(engine.format, 1)
    fresh.dispatch(c.ViewReplay(at=1.0, on=True))
    projector, _ = shown(fresh, theme)
    scene = projector.scene(fresh.state)
    assert isinstance(scene, ReplayScene) and scene.race is None


def test_every_text_of_the_replay_has_contrast_on_its_pixels(theme):
    for engine in (replaying(svoyak_three_presses()), replaying(ring_with_a_false_start())):
        state, at = engine.state, engine.entries[-1].command.at

        def render(text, state=state, at=at, engine=engine):
            surface = pygame.Surface(HD)
            projector = Projector(engine.format, theme, "Шоу", words_of(engine.format), text,
                                  views=views_of(engine.format))
            projector.history = engine.history
            for age in (0.05, 1.0):
                projector.render(surface, state, at + age)
            return surface

        bad = {color: share for color, share in text_contrasts(render, theme.fonts).items() if share > 0.03}
        assert not bad, bad


def test_the_words_a_host_reads_aloud():
    race = of(svoyak_three_presses())[0]
    assert verdict_lines(race, RU) == ("Первое нажатие: Борис — на 37 мс раньше, чем Анна",
                                         "Разница больше погрешности (±18 мс).")
    assert verdict_lines(race, show_words("en"))[0] == "Борис pressed first — 37 ms ahead of Анна"
    assert [press_label(p, race, RU) for p in race.presses] == [
        "+0 мс · раньше всех", "+37 мс (±18 мс)", "+210 мс"]
    ring = of(ring_with_a_false_start())[0]
    assert press_label(ring.false_starts[0], ring, RU) == "фальстарт −122 мс"
    assert [ms(s, RU, signed=True) for s in (0.0034, 0.037, 0.2121, 2.71, -0.1216)] == [
        "+3,4 мс", "+37 мс", "+212 мс", "+2,7 с", "−122 мс"]
    assert [tick(t, step, RU) for t, step in ((0.0, 0.1), (0.5, 0.1), (3.05, 0.05), (1.5, 0.5))] == [
        "0", "+500 мс", "+3,05 с", "+1,5 с"]


def test_a_margin_within_the_uncertainty_says_the_order_is_the_measured_one():
    teams = (Team("Анна", ""), Team("Борис", ""))
    from quizshow.core.state import ShowState

    presses = (ReplayPress(0, None, 10.100, "phone", Timing.PHONE, 0.015, False, 1, 0.0),
               ReplayPress(1, None, 10.110, "phone", Timing.PHONE, 0.020, False, 2, 0.010))
    race = Race(1, 10.0, None, None, presses, ShowState(phase="question", teams=teams))
    # No verb with a gender: «Первым нажал Анна» was read aloud on air (a team «Совы» fares no better).
    assert verdict_lines(race, RU) == ("Первое нажатие: Анна — на 10,0 мс раньше, чем Борис",
                                         "Разница в пределах погрешности (±35 мс): решено по измеренному времени.")


def test_presses_long_after_the_opening_get_a_broken_axis_with_most_of_the_width():
    race = of(svoyak_three_presses())[0]  # a second after the question showed, within 210 ms of each other
    axis = axis_for(race)
    assert axis.broken is not None
    first, last = (axis.share(p.time - race.opened) for p in (race.presses[0], race.presses[-1]))
    assert last - first > 0.2  # the 210 ms between them take a fifth of the axis (one scale: a twelfth)
    assert 0 < axis.share(0.0) < axis.broken[0]


@settings(max_examples=80, deadline=None)
@given(st.lists(st.tuples(st.floats(-3.0, 8.0), st.floats(0.0, 0.05), st.booleans()), min_size=1, max_size=6),
       st.one_of(st.none(), st.floats(0.1, 70.0)), st.one_of(st.none(), st.floats(0.1, 30.0)))
def test_every_press_the_opening_and_the_zone_are_on_the_axis(marks, closes, armed_before):
    from quizshow.core.state import ShowState

    presses = tuple(ReplayPress(i % 3, None, 100.0 + t, "phone", Timing.PHONE, e, t < 0 and early)
                    for i, (t, e, early) in enumerate(marks))
    race = Race(1, 100.0, None if armed_before is None else 100.0 - armed_before,
                None if closes is None else 100.0 + closes, presses,
                ShowState(phase="question", teams=tuple(Team(n, "") for n in "АБВ")))
    axis = axis_for(race)
    assert axis.low < 0 < axis.high or axis.low <= 0 <= axis.high
    shares = [axis.share(p.time - race.opened) for p in presses]
    assert all(0.0 <= s <= 1.0 for s in shares)
    fair = sorted((p for p in presses if not p.false_start), key=lambda p: p.time)
    placed = [axis.share(p.time - race.opened) for p in fair]
    assert placed == sorted(placed)  # the axis never turns a later press into an earlier one
    if axis.window is not None:
        assert 0.0 <= axis.share(axis.window) <= 1.0
    assert all(seg.low < seg.high and seg.step > 0 for seg in axis.segments)
