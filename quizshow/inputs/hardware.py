"""The buzzer hardware of a running show: serial boxes, keyboard devices, gamepads and their lamps; the
line check («Проверка кнопок») and assigning buzzers by pressing. Every button pressed is delivered as a
`Press` (inputs/messages.py) naming its physical button; the feed's press stages (runtime/inputs/presses.py)
ask the hardware whose it is (`whose`: the buzzer map, or the button being assigned) and whether the
line check takes it (`light`).
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass
from functools import partial

from quizshow.config import ShowConfig
from quizshow.core.clock import Clock
from quizshow.core.effects import Event, EventKind
from quizshow.core.engine import Outcome
from quizshow.core.format import Format
from quizshow.core.spec import PhaseFlags
from quizshow.core.state import ShowState
from quizshow.i18n import Say, Words
from quizshow.inputs import buzz, evdev
from quizshow.inputs.buzzers import BuzzerMap, Target, save_assignment, split_target
from quizshow.inputs.keymap import KeyMap, key_code, key_name, keyboard_line
from quizshow.inputs.messages import BoxPress, KeyPress, Press, Seat
from quizshow.inputs.serialbox import BoxDriver, BoxStatus
from quizshow.outputs.lamps import Lamps, PlayerLamps, SetLamp

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class HardwarePorts:
    """What the hardware is given of the show around it (the composition root wires them). It never
    reaches into the views: it hands them events and words through these."""

    config: ShowConfig
    deliver: Callable[[object], None]  # a press from a reader thread, to the show's feed
    press_now: Callable[[Press], Outcome | None]  # a pad's press on the window thread, through the feed at once
    now: Callable[[], float]  # show time
    clock: Clock  # the machine's (how long ago a box went)
    hold: AbstractContextManager[object]  # the show's lock: held by a box reader applying its press
    words: Words  # the show's words (the composition root's)
    notice: Callable[[str, str], None]  # (text, level) to the operator
    prompt: Callable[[str | None, float], None]  # a question to the operator for some seconds (None: away)
    show_events: Callable[[list[Event], float], None]  # views and sound, not the game (the line check)
    on_window: Callable[[Callable[[], None]], None]  # run on the window thread (now, or queued)
    line_check_changed: Callable[[bool], None]
    assigned: Callable[[BuzzerMap], None]  # after buzzers were assigned (on the window thread)
    keymap: Callable[[], KeyMap]  # the key map now (a keyboard device's keys are buzzers by it)
    state: Callable[[], ShowState]


def box_problem(status: BoxStatus, say: Say) -> str:
    """Why a box is not there (or not following), in the console's words (the system's own text when it
    is unusual)."""
    if status.connected and status.stuck:
        return say("console.box_problem.stuck")
    if status.problem_kind and status.problem_kind != "other":
        return say(f"console.box_problem.{status.problem_kind}")
    return status.problem or say("console.box_problem.connecting")


class Hardware:
    def __init__(self, ports: HardwarePorts, buzzers: BuzzerMap, flags: Callable[[str], PhaseFlags],
                 start: bool = True, player_buzzers: bool = False, player_lamps: PlayerLamps | None = None,
                 buttons: Format | None = None) -> None:
        self.ports = ports
        self.map = buzzers
        self.flags = flags
        self.player_buzzers = player_buzzers  # F10 asks for every player's button (FormatSpec.player_buzzers)
        self.player_lamps = player_lamps
        self.buttons = buttons  # the format: whose button answers (the lamps)
        self.boxes: dict[str, BoxDriver] = {}
        self.pads: dict[int, tuple[int, str]] = {}  # joystick instance id → (device index, name)
        self.buzz_pads: list[int] = []  # the Buzz! sets plugged in (instance ids); the first is `buzz:N`
        self.buzz_lamps = buzz.BuzzLamps(buzz.LEDS_ROOT)
        self.line_check = False
        self.assigning: int | None = None  # the index (into `assign_targets`) whose button is awaited
        self.assigned: dict[tuple[int, int | None], str] = {}  # spec by target, in assignment order
        self.last_press: dict[int, float] = {}  # team → show time, for the line check
        self.keyboards: dict[str, evdev.KeyboardDevice] = {}  # device path → its reader (Linux)
        self.keyboards_unread: list[evdev.KeyboardStatus] = []  # devices named but not read: keys in the window
        if start:
            for box in ports.config.devices.serial:
                driver = BoxDriver(box, self.box_pressed, ports.now, hold=ports.hold)
                driver.start()
                self.boxes[box.id] = driver
        for path in ports.config.devices.keyboards:
            if not (start and evdev.SUPPORTED):
                self.keyboards_unread.append(evdev.unsupported_status(path) if start else evdev.KeyboardStatus(path))
                continue
            reader = evdev.KeyboardDevice(path, self.key_pressed, ports.now)
            reader.start()
            self.keyboards[path] = reader
        self.lamps = self._lamps()

    def lamps_follow(self, outcome: Outcome, now: float) -> None:
        """A direct sink: the lamps follow the hall as it is told, at once (on the thread that submitted)."""
        self.lamps.update(outcome.state.hall, outcome.events, now)

    def _lamps(self) -> Lamps:
        return Lamps(self._lamp_setters(), self.flags, self.player_lamps, self.buttons)

    def _lamp_setters(self) -> dict[Target, SetLamp]:
        setters: dict[Target, SetLamp] = {}
        for box_id, inputs in self.map.boxes.items():
            driver = self.boxes.get(box_id)
            for number, target in inputs.items():  # a team, or a player with a button of their own
                if driver is not None:
                    setters[target] = partial(driver.lamp, number)
        for handset, target in self.map.buzz.items():
            setters[target] = partial(self.buzz_lamps.lamp, handset)
        return setters

    def stop(self) -> None:
        for driver in self.boxes.values():
            driver.stop()
        for reader in self.keyboards.values():
            reader.stop()

    # --- presses from every source ---------------------------------------------------------------

    def box_pressed(self, press: BoxPress) -> None:
        """A box's input (its reader thread): a press of the button `box:input`, with the box's own time."""
        self.ports.deliver(Press(None, press.source_time, press.box, press.at, button=f"{press.box}:{press.input}"))

    def key_pressed(self, press: KeyPress) -> None:
        """A key of a keyboard-style buzzer read from its device (its reader thread), with the kernel's time;
        a key pygame does not name is no button."""
        code = key_code(press.key)
        if code is not None:
            self.ports.deliver(Press(None, press.source_time, f"evdev:{os.path.basename(press.device)}", press.at,
                                   button=f"key:{key_name(code)}"))

    def whose(self, press: Press) -> Seat | None:
        """The feed's first press stage for a physical button: whose seat the buzzer map (a key: the key map)
        makes it; while buttons are being assigned, the button named (on the window thread), no one's press.
        A box's or a key's button that is nobody's is said during the line check."""
        button = press.button
        if self.assigning is not None:
            # Assigning changes the key map and writes a file: the window thread's work, not a box reader's.
            self.ports.on_window(lambda: self.capture(button, press.at))
            return None
        seat = self._seat(button)
        if seat is None and self.line_check and not button.startswith(("pad:", "buzz:")):
            self.ports.notice(self.ports.words.say("console.unassigned", spec=button), "problem")
        return seat

    def _seat(self, button: str) -> Seat | None:
        """The seat a button is by the buzzer map (a key: by the key map, a team's `key:1` or the show's keys)."""
        kind, _, rest = button.partition(":")
        if kind == "key":
            code = key_code(rest)
            call = None if code is None else self.ports.keymap().call_for(code, 0)
            if call is None or call.name != "buzz":
                return None
            team, player = (*call.args, None)[:2]
            return Seat(team, player) if isinstance(team, int) and isinstance(player, (int, type(None))) else None
        target: Target | None
        if kind == "pad":
            index, _, number = rest.partition(":")
            target = self.map.pads.get((int(index), int(number))) if self.ports.config.devices.gamepads else None
        elif kind == "buzz":
            target = self.map.buzz.get(int(rest))
        else:
            box, _, number = button.rpartition(":")
            target = self.map.boxes.get(box, {}).get(int(number))
        return None if target is None else Seat(*split_target(target))

    def pad_added(self, instance_id: int, index: int, name: str, guid: str = "") -> None:
        self.pads[instance_id] = (index, name)
        self.ports.notice(self.ports.words.say("console.pad_added", n=index, name=name), "info")
        if buzz.is_buzz(guid, name):
            self.buzz_pads.append(instance_id)
            if len(self.buzz_pads) == 1:
                self.buzz_lamps.restore()  # a set plugged in (again) is dark: its lamps as the game has them

    def pad_removed(self, instance_id: int) -> None:
        index, name = self.pads.pop(instance_id, (None, "?"))
        self.ports.notice(self.ports.words.say("console.pad_removed", n=index, name=name), "info")
        if instance_id in self.buzz_pads:
            self.buzz_pads.remove(instance_id)

    def pad_button(self, instance_id: int, button: int, at: float) -> Outcome | None:
        """A gamepad's button (the window thread): a press of `pad:N:B`, through the feed at once."""
        if self.buzz_pads and instance_id == self.buzz_pads[0]:
            return self.buzz_button(button, at)
        index = self.pads.get(instance_id, (instance_id, ""))[0]
        return self.ports.press_now(Press(None, at, f"pad{index}", at, button=f"pad:{index}:{button}"))

    def buzz_button(self, button: int, at: float) -> Outcome | None:
        """A button of the Buzz! set: its handset's red one is the seat's buzzer (`buzz:N`); while assigning,
        any button of a handset names it (the players need not find the red one); the coloured ones do
        nothing in the game."""
        found = buzz.button_of(button)
        if found is None:
            return None
        handset, colour = found
        if colour != "red" and self.assigning is None:
            return None
        return self.ports.press_now(Press(None, at, f"buzz{handset}", at, button=f"buzz:{handset}"))

    # --- the line check ----------------------------------------------------------------------------

    def toggle_line_check(self) -> None:
        self.line_check = not self.line_check
        self.ports.line_check_changed(self.line_check)

    def light(self, team: int, at: float) -> None:
        """The line check's stage of a press: the team's panel lights and its sound plays; the game is not
        touched."""
        self.last_press[team] = at
        self.ports.show_events([Event(EventKind.BUZZ, team=team, margin_s=0.0)], at)

    # --- assigning by pressing -----------------------------------------------------------------------

    def toggle_assign(self, at: float) -> None:
        if self.assigning is not None:
            self.assigning = None
            self.ports.prompt(None, 0.0)
            self.ports.notice(self.ports.words.say("console.assign_cancelled"), "info")
            return
        self.assigning, self.assigned = 0, {}
        self._prompt()

    def assign_targets(self) -> list[tuple[int, int | None]]:
        """Whose buttons F10 asks for, in order: every team's, or every player's where the format gives
        each player a button (FormatSpec.player_buzzers)."""
        teams = self.ports.config.teams
        if self.player_buzzers:
            return [(t, p) for t, team in enumerate(teams) for p in range(len(team.players))]
        return [(t, None) for t in range(len(teams))]

    def _prompt(self) -> None:
        assert self.assigning is not None
        team, player = self.assign_targets()[self.assigning]
        name = self.ports.config.teams[team].name
        if player is not None:
            name = f"{name}: {self.ports.config.teams[team].players[player]}"
        # Asked on the console until the button comes (a question, not a problem).
        self.ports.prompt(self.ports.words.say("console.assign_press", name=name), 600)

    def capture(self, spec: str, at: float) -> None:
        """One button pressed while assigning (on the window thread)."""
        if self.assigning is None:
            return  # a press queued behind the one that finished (or a cancel): nothing left to assign
        teams = self.ports.config.teams
        targets = self.assign_targets()
        if spec in self.assigned.values():
            self.ports.notice(self.ports.words.say("console.assign_taken", spec=spec), "problem")
            return
        assert self.assigning is not None
        self.assigned[targets[self.assigning]] = spec
        self.assigning += 1
        if self.assigning < len(targets):
            self._prompt()
            return
        self.assigning = None
        self.ports.prompt(None, 0.0)
        saved: dict[str, str | list[str]]
        if self.player_buzzers:  # a list per team: a button per player, in roster order
            saved = {t.name: [self.assigned[(i, p)] for p in range(len(t.players))] for i, t in enumerate(teams)}
            self.map = BuzzerMap.build([None] * len(teams), [tuple(v) for v in saved.values()])
        else:
            saved = {t.name: self.assigned[(i, None)] for i, t in enumerate(teams)}
            self.map = BuzzerMap.build([self.assigned[(i, None)] for i in range(len(teams))])
        path = save_assignment(self.ports.config.path, saved)
        self.lamps = self._lamps()
        self.ports.assigned(self.map)
        self.ports.notice(self.ports.words.say("console.assign_saved", path=path.name), "info")

    # --- the console's DEVICES line and the line check's table ----------------------------------------

    def check_lines(self) -> list[tuple[str, bool]]:
        """The Buzz! set and the keyboard devices, for the line check (F9) and the DEVICES line: (text, ok)."""
        say = self.ports.words.say
        lines = []
        if self.map.buzz or self.buzz_pads:
            if not self.buzz_pads:
                lines.append((say("console.buzz_missing"), False))
            else:
                name = self.pads.get(self.buzz_pads[0], (0, "Buzz!"))[1]
                problem = self.buzz_lamps.problem
                handsets = ", ".join(str(h) for h in sorted(self.map.buzz)) or "—"
                lines.append((say("console.buzz_line", pad=name, handsets=handsets,
                                  lamps=say(f"console.buzz_lamps.{problem or 'ok'}")), not problem))
        for status in [reader.status for reader in self.keyboards.values()] + self.keyboards_unread:
            name = os.path.basename(status.path)
            if status.connected:
                state = "ok" if status.grabbed else "not_grabbed"
            else:
                state = status.problem_kind or "connecting"
            words = say(f"console.kbd_state.{state}", presses=status.presses)
            if state == "other":
                words = status.problem
            lines.append((say("console.kbd_line", name=name, state=words), status.connected))
        return lines

    def device_lines(self) -> list[tuple[str, bool]]:
        say = self.ports.words.say
        lines = []
        keymap = self.ports.keymap()
        if keymap is not None:  # the keys as the key map has them (a player's own keys too)
            teams = [(t.name, len(t.players) if self.player_buzzers else 0) for t in self.ports.config.teams]
            named = False
            if self.buttons is not None:  # only those that can press (Format.buttons)
                buttons = self.buttons.buttons(self.ports.state())
                named = any(b.phrase for b in buttons)  # tables, not teams: «1 — красный стол»
                teams = [(say(b.name), 0) if named else teams[i] for i, b in enumerate(buttons) if i < len(teams)]
            keys = keyboard_line(keymap, teams, self.ports.config.devices.keyboard_buzzers, self.ports.words, named)
            if keys is not None:
                lines.append((keys, True))
        for box_id, driver in self.boxes.items():
            status = driver.status
            if status.connected and status.stuck:  # it reads, but takes no lamp commands
                lines.append((say("console.box_down", id=box_id, problem=box_problem(status, say)), False))
            elif status.connected:
                rtt = f" {self.ports.words.duration(status.rtt_ms / 1000)}" if status.rtt_ms is not None else ""
                lines.append((f"{box_id}{rtt}", True))
            elif status.lost_since is not None:  # it was there: how long ago it went, and why
                gone = int(self.ports.clock.wall() - status.lost_since)
                lines.append((say("console.box_lost", id=box_id, time=f"{gone // 60:02d}:{gone % 60:02d}",
                                  problem=box_problem(status, say)), False))
            else:
                lines.append((say("console.box_down", id=box_id, problem=box_problem(status, say)), False))
        for index, name in self.pads.values():
            lines.append((f"pad {index}: {name}", True))
        return lines + self.check_lines()
