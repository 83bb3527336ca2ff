"""The buzzer hardware of a running show: serial boxes, gamepads and their lamps; the line check
(«Проверка кнопок») and assigning buzzers by pressing. Every source becomes the same `buzz` action call
(inputs/messages.py `Action`), which ends here again (`buzz`): the line check may take it, else a Buzz.
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Callable
from contextlib import AbstractContextManager
from functools import partial
from typing import Protocol

from quizshow.config import ShowConfig
from quizshow.core import commands as c
from quizshow.core.effects import Event, EventKind
from quizshow.core.engine import Outcome
from quizshow.core.format import Format
from quizshow.core.spec import PhaseFlags
from quizshow.i18n import Say, duration, spoken
from quizshow.inputs import buzz, evdev
from quizshow.inputs.buzzers import BuzzerMap, Target, save_assignment, split_target
from quizshow.inputs.keymap import key_code, key_name, keyboard_line
from quizshow.inputs.messages import Action, BoxPress, KeyPress
from quizshow.inputs.serialbox import BoxDriver, BoxStatus
from quizshow.outputs.lamps import Lamps, PlayerLamps, SetLamp

log = logging.getLogger(__name__)


class Host(Protocol):
    """What the hardware needs from the show around it (the composition root provides it). The
    hardware never reaches into the views: it hands them events and words through these."""

    config: ShowConfig

    @property
    def lock(self) -> AbstractContextManager[object]: ...  # the show's: held by a box reader applying its press

    def deliver(self, item: object) -> None: ...  # an input message from a reader thread
    def action(self, action: Action) -> Outcome | None: ...  # an action call, now (the window thread's pads)
    def now(self) -> float: ...  # show time
    def submit(self, cmd: c.Command) -> Outcome: ...
    # How long a press's announcement waits for earlier presses still on their way from the phones (None: none).
    def press_hold(self, team: int, player: int | None) -> float | None: ...
    def notice(self, text: str, level: str = "problem") -> None: ...
    def say(self, key: str, **values: object) -> str: ...
    def prompt(self, text: str | None, seconds: float = 0.0) -> None: ...  # a question to the operator
    def show_events(self, events: list[Event], at: float) -> None: ...  # views and sound, not the game
    def buzzers_assigned(self, buzzers: BuzzerMap) -> None: ...  # on the window thread
    def on_window(self, change: Callable[[], None]) -> None: ...  # run on the window thread (now, or queued)
    def line_check_changed(self, on: bool) -> None: ...


def box_problem(status: BoxStatus, say: Say) -> str:
    """Why a box is not there (or not following), in the console's words (the system's own text when it
    is unusual)."""
    if status.connected and status.stuck:
        return say("console.box_problem.stuck")
    if status.problem_kind and status.problem_kind != "other":
        return say(f"console.box_problem.{status.problem_kind}")
    return status.problem or say("console.box_problem.connecting")


class Hardware:
    def __init__(self, app: Host, buzzers: BuzzerMap, flags: Callable[[str], PhaseFlags], start: bool = True,
                 player_buzzers: bool = False, player_lamps: PlayerLamps | None = None,
                 buttons: Format | None = None) -> None:
        self.app = app
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
            for box in app.config.devices.serial:
                driver = BoxDriver(box, app.deliver, app.now, hold=app.lock)
                driver.start()
                self.boxes[box.id] = driver
        for path in app.config.devices.keyboards:
            if not (start and evdev.SUPPORTED):
                self.keyboards_unread.append(evdev.unsupported_status(path) if start else evdev.KeyboardStatus(path))
                continue
            reader = evdev.KeyboardDevice(path, app.deliver, app.now)
            reader.start()
            self.keyboards[path] = reader
        self.lamps = self._lamps()

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

    def press(self, press: BoxPress) -> Action | None:
        """A box input → its team's (or player's) `buzz` call with the box's own time of the press; or a
        button being assigned (None)."""
        spec = f"{press.box}:{press.input}"
        if self.assigning is not None:
            # Assigning changes the key map and writes a file: the window thread's work, not a box reader's.
            self.app.on_window(lambda: self.capture(spec, press.at))
            return None
        target = self.map.boxes.get(press.box, {}).get(press.input)
        if target is None:
            if self.line_check:
                self.app.notice(self.app.say("console.unassigned", spec=spec))
            return None
        team, player = split_target(target)
        return Action("buzz", press.at, press.box, (team, player), press.source_time)

    def key_press(self, press: KeyPress) -> Action | None:
        """A key of a keyboard-style buzzer read from its device → the buzzer the key map makes it, with the
        kernel's time of the press; or the key being assigned. Its other keys do nothing."""
        code = key_code(press.key)
        if code is None:
            return None
        if self.assigning is not None:
            self.app.on_window(lambda: self.capture(f"key:{key_name(code)}", press.at))
            return None
        keymap = getattr(self.app, "keymap", None)
        call = None if keymap is None else keymap.call_for(code, 0)
        if call is None or call.name != "buzz":
            if self.line_check:
                self.app.notice(self.app.say("console.unassigned", spec=f"key:{key_name(code)}"))
            return None
        return Action("buzz", press.at, f"evdev:{os.path.basename(press.device)}", call.args, press.source_time)

    def buzz(self, team: int, at: float, source_time: float, device: str, player: int | None = None,
             clock_error: float | None = None) -> Outcome | None:
        """A `buzz` action call (controls.py), whatever its source: the line check takes it, else the Buzz."""
        if self.line_check:
            self.light(team, at)
            return None
        return self.app.submit(c.Buzz(at=at, team=team, player=player, source_time=source_time, device=device,
                                      clock_error=clock_error, hold=self.app.press_hold(team, player)))

    def pad_added(self, instance_id: int, index: int, name: str, guid: str = "") -> None:
        self.pads[instance_id] = (index, name)
        self.app.notice(self.app.say("console.pad_added", n=index, name=name), "info")
        if buzz.is_buzz(guid, name):
            self.buzz_pads.append(instance_id)
            if len(self.buzz_pads) == 1:
                self.buzz_lamps.restore()  # a set plugged in (again) is dark: its lamps as the game has them

    def pad_removed(self, instance_id: int) -> None:
        index, name = self.pads.pop(instance_id, (None, "?"))
        self.app.notice(self.app.say("console.pad_removed", n=index, name=name), "info")
        if instance_id in self.buzz_pads:
            self.buzz_pads.remove(instance_id)

    def pad_button(self, instance_id: int, button: int, at: float) -> Outcome | None:
        if self.buzz_pads and instance_id == self.buzz_pads[0]:
            return self.buzz_button(button, at)
        index = self.pads.get(instance_id, (instance_id, ""))[0]
        if self.assigning is not None:
            self.app.on_window(lambda: self.capture(f"pad:{index}:{button}", at))
            return None
        target = self.map.pads.get((index, button))
        if target is None or not self.app.config.devices.gamepads:
            return None
        team, player = split_target(target)
        return self.app.action(Action("buzz", at, f"pad{index}", (team, player)))

    def buzz_button(self, button: int, at: float) -> Outcome | None:
        """A button of the Buzz! set: its handset's red one is the seat's buzzer (`buzz:N`); while assigning,
        any button of a handset names it (the players need not find the red one); the coloured ones do
        nothing in the game."""
        found = buzz.button_of(button)
        if found is None:
            return None
        handset, colour = found
        if self.assigning is not None:
            self.app.on_window(lambda: self.capture(f"buzz:{handset}", at))
            return None
        target = self.map.buzz.get(handset)
        if colour != "red" or target is None:
            return None
        team, player = split_target(target)
        return self.app.action(Action("buzz", at, f"buzz{handset}", (team, player)))

    # --- the line check ----------------------------------------------------------------------------

    def toggle_line_check(self) -> None:
        self.line_check = not self.line_check
        self.app.line_check_changed(self.line_check)

    def light(self, team: int, at: float) -> None:
        """Line check: the team's panel lights and its sound plays; the game is not touched."""
        self.last_press[team] = at
        self.app.show_events([Event(EventKind.BUZZ, team=team, margin_s=0.0)], at)

    # --- assigning by pressing -----------------------------------------------------------------------

    def toggle_assign(self, at: float) -> None:
        if self.assigning is not None:
            self.assigning = None
            self.app.prompt(None)
            self.app.notice(self.app.say("console.assign_cancelled"), "info")
            return
        self.assigning, self.assigned = 0, {}
        self._prompt()

    def assign_targets(self) -> list[tuple[int, int | None]]:
        """Whose buttons F10 asks for, in order: every team's, or every player's where the format gives
        each player a button (FormatSpec.player_buzzers)."""
        teams = self.app.config.teams
        if self.player_buzzers:
            return [(t, p) for t, team in enumerate(teams) for p in range(len(team.players))]
        return [(t, None) for t in range(len(teams))]

    def _prompt(self) -> None:
        assert self.assigning is not None
        team, player = self.assign_targets()[self.assigning]
        name = self.app.config.teams[team].name
        if player is not None:
            name = f"{name}: {self.app.config.teams[team].players[player]}"
        # Asked on the console until the button comes (a question, not a problem).
        self.app.prompt(self.app.say("console.assign_press", name=name), 600)

    def capture(self, spec: str, at: float) -> None:
        """One button pressed while assigning (on the window thread)."""
        if self.assigning is None:
            return  # a press queued behind the one that finished (or a cancel): nothing left to assign
        teams = self.app.config.teams
        targets = self.assign_targets()
        if spec in self.assigned.values():
            self.app.notice(self.app.say("console.assign_taken", spec=spec))
            return
        assert self.assigning is not None
        self.assigned[targets[self.assigning]] = spec
        self.assigning += 1
        if self.assigning < len(targets):
            self._prompt()
            return
        self.assigning = None
        self.app.prompt(None)
        saved: dict[str, str | list[str]]
        if self.player_buzzers:  # a list per team: a button per player, in roster order
            saved = {t.name: [self.assigned[(i, p)] for p in range(len(t.players))] for i, t in enumerate(teams)}
            self.map = BuzzerMap.build([None] * len(teams), [tuple(v) for v in saved.values()])
        else:
            saved = {t.name: self.assigned[(i, None)] for i, t in enumerate(teams)}
            self.map = BuzzerMap.build([self.assigned[(i, None)] for i in range(len(teams))])
        path = save_assignment(self.app.config.path, saved)
        self.lamps = self._lamps()
        self.app.buzzers_assigned(self.map)
        self.app.notice(self.app.say("console.assign_saved", path=path.name), "info")

    # --- the console's DEVICES line and the line check's table ----------------------------------------

    def check_lines(self) -> list[tuple[str, bool]]:
        """The Buzz! set and the keyboard devices, for the line check (F9) and the DEVICES line: (text, ok)."""
        say = self.app.say
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
        say = self.app.say
        lines = []
        keymap = getattr(self.app, "keymap", None)
        if keymap is not None:  # the keys as the key map has them (a player's own keys too)
            teams = [(t.name, len(t.players) if self.player_buzzers else 0) for t in self.app.config.teams]
            named = False
            engine = getattr(self.app, "engine", None)
            if self.buttons is not None and engine is not None:  # only those that can press (Format.buttons)
                buttons = self.buttons.buttons(engine.state)
                named = any(b.phrase for b in buttons)  # tables, not teams: «1 — красный стол»
                teams = [(say(b.name), 0) if named else teams[i] for i, b in enumerate(buttons) if i < len(teams)]
            keys = keyboard_line(keymap, teams, self.app.config.devices.keyboard_buzzers,
                                 spoken(self.app.config.language), named)  # transition (issue 38)
            if keys is not None:
                lines.append((keys, True))
        for box_id, driver in self.boxes.items():
            status = driver.status
            if status.connected and status.stuck:  # it reads, but takes no lamp commands
                lines.append((say("console.box_down", id=box_id, problem=box_problem(status, say)), False))
            elif status.connected:
                language = self.app.config.language
                rtt = f" {duration(status.rtt_ms / 1000, language)}" if status.rtt_ms is not None else ""
                lines.append((f"{box_id}{rtt}", True))
            elif status.lost_since is not None:  # it was there: how long ago it went, and why
                gone = int(time.time() - status.lost_since)
                lines.append((say("console.box_lost", id=box_id, time=f"{gone // 60:02d}:{gone % 60:02d}",
                                  problem=box_problem(status, say)), False))
            else:
                lines.append((say("console.box_down", id=box_id, problem=box_problem(status, say)), False))
        for index, name in self.pads.values():
            lines.append((f"pad {index}: {name}", True))
        return lines + self.check_lines()
