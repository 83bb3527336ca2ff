"""The buzzer hardware of a running show: serial boxes, gamepads and their lamps; the line check
(«Проверка кнопок») and assigning buzzers by pressing. Every source becomes the same Buzz command.
"""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING

from quizshow.core import commands as c
from quizshow.core.effects import Event, EventKind
from quizshow.inputs.buzzers import BuzzerMap, save_assignment, split_target
from quizshow.inputs.serialbox import BoxDriver, BoxPress
from quizshow.outputs.lamps import Lamps

if TYPE_CHECKING:
    from quizshow.app import ShowApp

log = logging.getLogger(__name__)


def box_problem(status, say) -> str:
    """Why a box is not there, in the console's words (the system's own text when it is unusual)."""
    if status.problem_kind and status.problem_kind != "other":
        return say(f"console.box_problem.{status.problem_kind}")
    return status.problem or say("console.box_problem.connecting")


def in_press_order(items: list) -> list:
    """Runs of presses taken from the queue together are reordered by their own timestamps (a box that
    reports 2 ms later may still have been pressed first); everything else keeps its place."""
    out, run = [], []
    for item in items:
        if isinstance(item, c.Buzz):
            run.append(item)
            continue
        out += sorted(run, key=lambda b: b.press_time)
        run = []
        out.append(item)
    return out + sorted(run, key=lambda b: b.press_time)


class Hardware:
    def __init__(self, app: ShowApp, start: bool = True) -> None:
        self.app = app
        self.boxes: dict[str, BoxDriver] = {}
        self.pads: dict[int, tuple[int, str]] = {}  # joystick instance id → (device index, name)
        self.line_check = False
        self.assigning: int | None = None  # the index (into `assign_targets`) whose button is awaited
        self.assigned: dict[str, str] = {}  # spec by target, in assignment order
        self.last_press: dict[int, float] = {}  # team → show time, for the line check
        if start:
            for box in app.config.devices.serial:
                driver = BoxDriver(box, app.deliver, app.clock.now)
                driver.start()
                self.boxes[box.id] = driver
        self.lamps = self._lamps()

    def _lamps(self) -> Lamps:
        # A format whose players have their own buttons says what each seat's lamp shows.
        return Lamps(self._lamp_setters(), getattr(self.app.format, "lamp_states", None))

    @property
    def map(self) -> BuzzerMap:
        return self.app.buzzers

    def _lamp_setters(self) -> dict:
        setters = {}
        for box_id, inputs in self.map.boxes.items():
            driver = self.boxes.get(box_id)
            for number, target in inputs.items():
                if driver is not None:
                    setters[target] = lambda state, d=driver, n=number: d.lamp(n, state)
        return setters

    def stop(self) -> None:
        for driver in self.boxes.values():
            driver.stop()

    # --- presses from every source ---------------------------------------------------------------

    def press(self, press: BoxPress) -> c.Command | None:
        """A box input → the Buzz of its team (or an assignment, or a line-check light)."""
        spec = f"{press.box}:{press.input}"
        if self.assigning is not None:
            self.capture(spec, press.at)
            return None
        target = self.map.boxes.get(press.box, {}).get(press.input)
        if target is None:
            if self.line_check:
                self.app.notice(self.app.console.say("console.unassigned", spec=spec))
            return None
        team, player = split_target(target)
        if self.line_check:
            self.light(team, press.at)
            return None
        return c.Buzz(at=press.at, team=team, player=player, source_time=press.source_time, device=press.box)

    def buzz(self, team: int, at: float, source_time: float, device: str, player: int | None = None):
        """A key or pad press of a team's (or a player's) buzzer."""
        if self.line_check:
            self.light(team, at)
            return None
        return self.app.submit(c.Buzz(at=at, team=team, player=player, source_time=source_time, device=device))

    def pad_added(self, instance_id: int, index: int, name: str) -> None:
        self.pads[instance_id] = (index, name)
        self.app.notice(self.app.console.say("console.pad_added", n=index, name=name), "info")

    def pad_removed(self, instance_id: int) -> None:
        index, name = self.pads.pop(instance_id, (None, "?"))
        self.app.notice(self.app.console.say("console.pad_removed", n=index, name=name), "info")

    def pad_button(self, instance_id: int, button: int, at: float):
        index = self.pads.get(instance_id, (instance_id, ""))[0]
        if self.assigning is not None:
            self.capture(f"pad:{index}:{button}", at)
            return None
        target = self.map.pads.get((index, button))
        if target is None or not self.app.config.devices.gamepads:
            return None
        team, player = split_target(target)
        return self.buzz(team, at, at, f"pad{index}", player)

    # --- the line check ----------------------------------------------------------------------------

    def toggle_line_check(self) -> None:
        self.line_check = not self.line_check
        self.app.projector.line_check = self.line_check

    def light(self, team: int, at: float) -> None:
        """Line check: the team's panel lights and its sound plays; the game is not touched."""
        self.last_press[team] = at
        event = Event(EventKind.BUZZ, team=team, margin_s=0.0)
        self.app.projector.on_events([event], at)
        self.app.sound.on_events([event])

    # --- assigning by pressing -----------------------------------------------------------------------

    def toggle_assign(self, at: float) -> None:
        if self.assigning is not None:
            self.assigning = None
            self.app.status.prompt = None
            self.app.notice(self.app.console.say("console.assign_cancelled"), "info")
            return
        self.assigning, self.assigned = 0, {}
        self._prompt()

    def assign_targets(self) -> list[tuple[int, int | None]]:
        """Whose buttons F10 asks for, in order: every team's, or every player's where the format gives
        each player a button (the duel)."""
        teams = self.app.config.teams
        if getattr(self.app.format, "player_buzzers", False):
            return [(t, p) for t, team in enumerate(teams) for p in range(len(team.players))]
        return [(t, None) for t in range(len(teams))]

    def _prompt(self) -> None:
        team, player = self.assign_targets()[self.assigning or 0]
        name = self.app.config.teams[team].name
        if player is not None:
            name = f"{name}: {self.app.config.teams[team].players[player]}"
        # Asked on the console until the button comes (a question, not a problem).
        self.app.status.prompt = (self.app.console.say("console.assign_press", name=name), time.monotonic() + 600)

    def capture(self, spec: str, at: float) -> None:
        teams = self.app.config.teams
        targets = self.assign_targets()
        if spec in self.assigned.values():
            self.app.notice(self.app.console.say("console.assign_taken", spec=spec))
            return
        self.assigned[str(targets[self.assigning])] = spec
        self.assigning += 1
        if self.assigning < len(targets):
            self._prompt()
            return
        self.assigning = None
        self.app.status.prompt = None
        by_target = dict(zip(targets, self.assigned.values(), strict=True))
        if targets and targets[0][1] is not None:  # a list per team: a button per player
            saved: dict[str, str | list[str]] = {
                t.name: [by_target[(i, p)] for p in range(len(t.players))] for i, t in enumerate(teams)}
            self.app.buzzers = BuzzerMap.build([None] * len(teams), [tuple(v) for v in saved.values()])
        else:
            saved = {t.name: by_target[(i, None)] for i, t in enumerate(teams)}
            self.app.buzzers = BuzzerMap.build([by_target[(i, None)] for i in range(len(teams))])
        path = save_assignment(self.app.config.path, saved)
        self.lamps = self._lamps()
        self.app.rebind_keys()
        self.app.notice(self.app.console.say("console.assign_saved", path=path.name), "info")

    # --- the console's DEVICES line -------------------------------------------------------------------

    def device_lines(self) -> list[tuple[str, bool]]:
        say = self.app.console.say
        lines = []
        if self.app.config.devices.keyboard_buzzers:
            lines.append((say("console.keyboard_buzzers", n=min(10, len(self.app.config.teams))), True))
        for box_id, driver in self.boxes.items():
            status = driver.status
            if status.connected:
                rtt = f" {status.rtt_ms:.1f} {say('unit.ms')}" if status.rtt_ms is not None else ""
                lines.append((f"{box_id}{rtt}", True))
            elif status.lost_since is not None:  # it was there: how long ago it went, and why
                gone = int(time.time() - status.lost_since)
                lines.append((say("console.box_lost", id=box_id, time=f"{gone // 60:02d}:{gone % 60:02d}",
                                  problem=box_problem(status, say)), False))
            else:
                lines.append((say("console.box_down", id=box_id, problem=box_problem(status, say)), False))
        for index, name in self.pads.values():
            lines.append((f"pad {index}: {name}", True))
        return lines
