"""Sony Buzz! handsets: a seat's `buzzer: "buzz:N"` is handset N's red button, through the window loop's SDL
joystick events (a fake joystick with the Buzz!'s name, GUID and 20 buttons), F10 assigns them, and each
handset's red lamp follows its seat's lamp in the LED class (a sysfs tree under tmp_path)."""

from __future__ import annotations

from argparse import Namespace
from pathlib import Path

import pygame
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from quizshow.app import Action
from quizshow.cli import check_files
from quizshow.config import load_show
from quizshow.inputs import buzz
from quizshow.inputs.buzzers import assignment_path
from quizshow.yamlfile import Problems
from tests.conftest import ROOT

# The wired set as SDL 2 describes it on Linux: USB (bus 3), vendor 054c, product 0002, in the GUID's
# little-endian fields; the product string the handsets' USB dongle reports.
WIRED = {"name": "Logitech Buzz(tm) Controller V1", "guid": "030000004c0500000200000010010000"}
WIRELESS = {"name": "Sony Buzz! Wireless Buzzers", "guid": "030000004c0500000010000000010000"}
RED, YELLOW, GREEN, ORANGE, BLUE = range(5)  # a handset's buttons: SDL button = (handset - 1) * 5 + this


def button(handset: int, colour: int) -> int:
    return (handset - 1) * 5 + colour


class FakeJoystick:
    """What pygame.joystick.Joystick(index) gives for the Buzz! set."""

    def __init__(self, index: int) -> None:
        self.index = index

    def get_instance_id(self) -> int:
        return 40 + self.index

    def get_name(self) -> str:
        return WIRED["name"]

    def get_guid(self) -> str:
        return WIRED["guid"]


def leds(root: Path, device: str = "0003:054C:0002.0005") -> dict[int, Path]:
    """The LED class of one plugged-in set, as hid-sony makes it."""
    made = {}
    for n in range(1, 5):
        led = root / f"{device}::buzz{n}"
        led.mkdir(parents=True)
        (led / "brightness").write_text("0")
        (led / "max_brightness").write_text("1")
        (led / "trigger").write_text("[none] timer")
        made[n] = led
    return made


def show(tmp_path: Path, buzzers: tuple[str, ...] = ("buzz:1", "buzz:2", "buzz:3")) -> Path:
    teams = "\n".join(f'  - {{name: "{name}", buzzer: "{spec}"}}'
                      for name, spec in zip(("Анна", "Борис", "Вера"), buzzers, strict=True))
    path = tmp_path / "show.yaml"
    path.write_text(f'''title: "Тест"
format: svoyak
pack: "{ROOT / "packs" / "svoyak-demo.yaml"}"
teams:
{teams}
''', encoding="utf-8")
    return path


@pytest.fixture
def rig(tmp_path, monkeypatch):
    """A show with Buzz! seats, its windows (headless) and the set plugged in through SDL's events."""
    from quizshow.display.windows import Windows
    from tests.hardware_kit import make_app

    root = tmp_path / "leds"
    lamps = leds(root)
    monkeypatch.setattr(buzz, "LEDS_ROOT", root)
    monkeypatch.setattr(pygame.joystick, "Joystick", FakeJoystick)
    app = make_app(tmp_path, show(tmp_path), devices=False)
    windows = Windows(Namespace(size=(320, 180)), "test", headless=True)

    def post(kind: int, **values: int) -> None:
        pygame.event.post(pygame.event.Event(kind, **values))
        windows.events(app)

    pygame.event.clear()
    post(pygame.JOYDEVICEADDED, device_index=0)
    yield app, post, lamps
    app.close()


def lit(lamps: dict[int, Path]) -> dict[int, str]:
    return {n: (led / "brightness").read_text() for n, led in lamps.items()}


def test_a_handsets_red_button_answers_for_its_seat_and_its_red_lamp_lights(rig):
    from tests.hardware_kit import open_question

    app, post, lamps = rig
    open_question(app)
    for colour in (YELLOW, GREEN, ORANGE, BLUE):  # the coloured buttons are not buzzers
        post(pygame.JOYBUTTONDOWN, instance_id=40, button=button(2, colour), joy=0)
    assert app.engine.state.answering is None
    post(pygame.JOYBUTTONDOWN, instance_id=40, button=button(2, RED), joy=0)
    assert app.engine.state.answering == 1 and app.engine.state.presses.first.device == "buzz2"
    assert lit(lamps) == {1: "0", 2: "1", 3: "0", 4: "0"}
    app.action(Action("wrong", 5.0))
    assert lit(lamps)[2] == "0"  # out of the question: dark
    line = next(text for text, ok in app.device_lines() if text.startswith("Buzz!"))
    assert line == "Buzz!: Logitech Buzz(tm) Controller V1 · пульты 1, 2, 3 · лампы: по игре"


def test_f10_takes_any_button_of_a_handset_and_the_saved_seat_answers_after_a_restart(rig, tmp_path):
    from tests.hardware_kit import make_app, open_question

    app, post, lamps = rig
    app.action(Action("assign", 1.0))
    post(pygame.JOYBUTTONDOWN, instance_id=40, button=button(4, BLUE), joy=0)  # Анна: handset 4, any button
    post(pygame.JOYBUTTONDOWN, instance_id=40, button=button(3, RED), joy=0)  # Борис
    post(pygame.JOYBUTTONDOWN, instance_id=40, button=button(3, GREEN), joy=0)  # taken: Вера is asked again
    assert app.hardware.assigning == 2
    post(pygame.JOYBUTTONDOWN, instance_id=40, button=button(1, YELLOW), joy=0)  # Вера
    assert app.hardware.assigning is None
    assert [app.buzzers.spec_of(t) for t in range(3)] == ["buzz:4", "buzz:3", "buzz:1"]
    open_question(app, 2.0)
    post(pygame.JOYBUTTONDOWN, instance_id=40, button=button(4, RED), joy=0)
    assert app.engine.state.answering == 0 and lit(lamps)[4] == "1"
    app.close()
    again = make_app(tmp_path, tmp_path / "show.yaml", devices=False)
    assert again.buzzers.spec_of(0) == "buzz:4"
    again.close()
    assert "buzz:4" in assignment_path(tmp_path / "show.yaml").read_text(encoding="utf-8")
    assert check_files([tmp_path / "show.yaml"]) == 0


def test_the_line_check_lights_the_seat_and_says_when_the_set_is_not_there(rig):
    app, post, lamps = rig
    app.action(Action("linecheck", 1.0))
    post(pygame.JOYBUTTONDOWN, instance_id=40, button=button(3, RED), joy=0)
    app.drain()
    assert 2 in app.status.last_press and not app.engine.state.presses.presses
    assert any(text.startswith("Buzz!: Logitech") for text, ok in app.status.checks)
    post(pygame.JOYDEVICEREMOVED, instance_id=40)
    app.tick()
    assert ("Buzz!: не подключён (кнопки buzz:1–4 ждут его)", False) in app.status.checks


def test_a_replugged_set_gets_its_lamps_back_under_its_new_led_names(rig, tmp_path):
    from tests.hardware_kit import open_question

    app, post, lamps = rig
    open_question(app)
    post(pygame.JOYBUTTONDOWN, instance_id=40, button=button(1, RED), joy=0)
    assert lit(lamps)[1] == "1"
    post(pygame.JOYDEVICEREMOVED, instance_id=40)
    for led in lamps.values():  # the kernel removes the set's LEDs, and makes new ones on replug
        for item in led.iterdir():
            item.unlink()
        led.rmdir()
    again = leds(tmp_path / "leds", "0003:054C:0002.0009")
    post(pygame.JOYDEVICEADDED, device_index=1)
    assert lit(again) == {1: "1", 2: "0", 3: "0", 4: "0"}


def test_blink_is_the_kernels_timer_trigger_and_on_ends_it(tmp_path):
    lamps = leds(tmp_path)
    driver = buzz.BuzzLamps(tmp_path)
    driver.lamp(2, "BLINK")
    assert (lamps[2] / "trigger").read_text() == "timer" and (lamps[2] / "delay_on").read_text() == "250"
    driver.lamp(2, "ON")
    assert (lamps[2] / "trigger").read_text() == "none" and (lamps[2] / "brightness").read_text() == "1"
    driver.lamp(2, "OFF")
    assert (lamps[2] / "brightness").read_text() == "0"
    assert driver.problem == ""
    buzz.BuzzLamps(tmp_path / "nowhere").lamp(1, "ON")  # no set, no driver: nothing breaks


def test_no_leds_is_said_on_the_console(tmp_path):
    driver = buzz.BuzzLamps(tmp_path)
    driver.lamp(1, "ON")
    assert driver.problem == "missing"


def test_the_set_is_known_by_its_usb_ids_wired_or_wireless_else_by_its_name():
    assert buzz.is_buzz(WIRED["guid"], WIRED["name"]) and buzz.is_buzz(WIRELESS["guid"], "")
    assert not buzz.is_buzz("030000005e0400008e02000014010000", "Xbox 360 Controller")
    assert buzz.is_buzz("", "Buzz") and not buzz.is_buzz("", "Gamepad")
    assert [buzz.button_of(b) for b in (0, 4, 5, 19, 20, -1)] == [
        (1, "red"), (1, "blue"), (2, "red"), (4, "blue"), None, None]


def test_a_buzz_seat_outside_1_to_4_and_a_box_named_buzz_are_reported_with_their_lines(tmp_path):
    path = show(tmp_path, ("buzz:1", "buzz:5", "buzz:1"))
    problems = Problems()
    load_show(path, problems)
    said = [str(p) for p in problems.items]
    assert any(":6:" in p and "buzz:1 to buzz:4" in p for p in said), said
    assert any(":7:" in p and "one button, one owner" in p for p in said), said


# --- fuzz: the buzz: seat syntax ---------------------------------------------------------------------------

PIECES = ["buzz", ":", "1", "4", "5", "0", "-1", "01", " ", "box", "key:Q", "\n", "[", "'", '"', "{", "null", "Ё"]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(spec=st.one_of(st.lists(st.sampled_from(PIECES), max_size=6).map("".join), st.integers(), st.booleans(),
                      st.floats(allow_nan=False), st.text(max_size=12)))
def test_any_buzzer_value_is_read_or_reported_and_a_buzz_seat_is_a_handset_1_to_4(tmp_path, spec):
    path = tmp_path / "fuzz.yaml"
    quoted = spec if not isinstance(spec, str) else '"' + spec.replace("\\", "\\\\").replace('"', '\\"') + '"'
    path.write_text(f'''title: "Т"
format: svoyak
pack: "{ROOT / "packs" / "svoyak-demo.yaml"}"
teams:
  - {{name: "Анна", buzzer: {quoted}}}
''', encoding="utf-8")
    problems = Problems()
    config = load_show(path, problems)  # never raises
    assert all(str(p).startswith(str(path)) for p in problems.items)
    if config is not None and not problems.errors and config.teams[0].buzzer is not None:
        given_spec = config.teams[0].buzzer
        if given_spec.startswith("buzz:"):
            assert buzz.handset_of(given_spec) in (1, 2, 3, 4)
    if isinstance(spec, str):
        handset = buzz.handset_of(spec)
        assert handset is None or spec == f"buzz:{handset}"


@given(guid=st.one_of(st.text(max_size=40), st.binary(min_size=16, max_size=16).map(bytes.hex)),
       name=st.text(max_size=30), number=st.integers())
def test_any_joystick_description_and_button_number_is_taken_or_left(guid, name, number):
    assert isinstance(buzz.is_buzz(guid, name), bool)
    found = buzz.button_of(number)
    assert found is None or (1 <= found[0] <= 4 and found[1] in buzz.COLOURS and 0 <= number < 20)


def test_the_replay_and_the_report_say_a_handsets_and_a_keyboard_devices_press_is_timed_on_arrival():
    from quizshow.history.presses import Timing, timing_of

    assert timing_of("buzz2") is Timing.ARRIVAL and timing_of("evdev:usb-buzzer-event-kbd") is Timing.ARRIVAL
    assert timing_of("box1") is Timing.BOX
