"""The composition root: builds the runtime, the inputs, the sinks and the views of one show, and
binds every input to an action of one registry.

Every input becomes an action call or a command. A command goes to the runtime (journal, then engine);
the outcome's effects go to the sinks from one place (`_effects`): desks, lamps and sound at once, the
views on the window thread. A format is known here only through its FormatSpec and FormatViews.
"""

from __future__ import annotations

import errno
import logging
import os
import queue
import sys
import threading
import time
from argparse import Namespace
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from quizshow import i18n, registry
from quizshow.config import ShowConfig, load_show
from quizshow.core import commands as c
from quizshow.core.actions import ActionContext, BadCall, Call, Value, registry_for
from quizshow.core.clock import ShowClock
from quizshow.core.effects import Event
from quizshow.core.engine import Engine, Outcome
from quizshow.core.journal import Journal, JournalError
from quizshow.display import paint
from quizshow.display.console import Notice, describe
from quizshow.i18n import refusal
from quizshow.inputs.buzzers import BuzzerMap
from quizshow.inputs.hardware import Hardware, in_press_order
from quizshow.inputs.keymap import amount_key, edit_amount, key_name
from quizshow.inputs.osc import OscRequest, OscServer
from quizshow.inputs.serialbox import BoxPress
from quizshow.outputs.osc_out import OscOut
from quizshow.runtime import Runtime
from quizshow.runtime.sinks import Sinks
from quizshow.yamlfile import Problems

log = logging.getLogger(__name__)

# While the main thread draws, a thread back from a system call (a box's port, the journal, an OSC
# socket) waits up to this long for the interpreter (the GIL; Python's default is 5 ms). Only threads
# that want it pay: the box readers and the OSC server sleep in the kernel until something arrives.
SWITCH_INTERVAL_S = 0.0001

# OSC request kinds (inputs/osc.py, spec/osc.md) -> the action call they mean, from the message's values.
# Teams and cells are 1-based on the wire.
OSC_CALLS: dict[str, Callable[[list[Any]], Call]] = {
    "go": lambda v: Call("go"), "back": lambda v: Call("back"), "undo": lambda v: Call("undo"),
    "timer_start": lambda v: Call("timer_start"), "timer_stop": lambda v: Call("timer_stop"),
    "announce": lambda v: Call("announce"), "correct": lambda v: Call("correct"), "wrong": lambda v: Call("wrong"),
    "score_add": lambda v: Call("score_add", (v[0] - 1, v[1])),
    "score_set": lambda v: Call("score_set", (v[0] - 1, v[1])),
    "timer_add": lambda v: Call("timer_add", (float(v[0]),)),
    "select": lambda v: Call("cell", (v[0] - 1, v[1] - 1)),
    "scores": lambda v: Call("scores", (bool(v[0]),)), "blank": lambda v: Call("blank", (bool(v[0]),)),
    "buzz": lambda v: Call("buzz", (v[0] - 1, v[1] if len(v) > 1 else None)),
}


@dataclass(frozen=True)
class Action:
    """An action call from a key, a presenter, a console button or OSC, with its time and source."""

    name: str
    at: float
    source: str = "keyboard"
    args: tuple[Value, ...] = ()

    @property
    def call(self) -> Call:
        return Call(self.name, self.args)


class ShowApp:
    """Everything but the windows: usable headless by tests and benchmarks."""

    def __init__(self, config: ShowConfig, journal_path: Path | None = None, fresh: bool = False,
                 sound: bool = True, seed: int | None = None, devices: bool = True, osc: bool = False,
                 osc_port: int | None = None) -> None:
        from quizshow.assemble import make_format
        from quizshow.display.console import Console, ConsoleStatus
        from quizshow.display.projector import Projector
        from quizshow.display.text import TextCache
        from quizshow.display.theme import load_theme
        from quizshow.inputs.keymap import KeyMap, QuitGuard
        from quizshow.outputs.sound import SoundCues

        self.config = config
        self.spec = registry.spec(config.format)
        views = registry.views(config.format)
        i18n.add_phrases(self.spec.phrases)
        self.actions = registry_for(self.spec.actions)
        self.format = make_format(config)
        self.runtime = Runtime(self.format, journal_path or config.journal_path, str(config.path), fresh, seed)
        loaded = self.runtime.loaded
        self.clock = ShowClock(start_at=loaded.last_at + 0.001)
        self.inputs: queue.Queue[object] = queue.Queue()
        self.sinks = Sinks()
        self.give_way = paint.GiveWay()  # drawing's safe points; live once inputs apply from their threads
        self.theme = load_theme(config.theme)
        text = TextCache(self.theme.fonts)
        self.projector = Projector(self.format, self.theme, config.title, config.language, text, views,
                                   self.give_way)
        self.status = ConsoleStatus()  # before the buzzer map: its problems are shown
        buzzers = self._buzzer_map()
        self.keymap = KeyMap.build(self._key_table(buzzers), config.devices.keyboard_buzzers)
        self.console = Console(self.engine, self.theme, self.keymap, config.language, text, views.panel,
                               self.give_way)
        self.console.clock_now = self.clock.now
        self.quit_guard = QuitGuard()
        self.confirm = QuitGuard()  # the same two-press rule for a destructive action
        self.sound = SoundCues(len(config.teams), self.theme.sounds, enabled=sound)
        self.running = True
        self._prepared_for: object = None
        self._warming = False
        self.live = False  # see go_live
        self.changed = threading.Event()
        self.hardware = Hardware(self, buzzers, self.spec.flags, start=devices)
        self.osc_out: OscOut | None = None
        self.osc: OscServer | None = None
        self._wire_sinks()
        if osc:
            self._start_osc(osc_port)
        self.status.devices = self.device_lines()
        self._tell_missing_pictures()
        # The journal's lines keep the times they happened at, not the restart's.
        walls = loaded.walls if len(loaded.walls) == len(self.engine.entries) else []
        for i in range(max(0, len(self.engine.entries) - 8), len(self.engine.entries)):
            self.console.log(self.engine.entries[i], walls[i] if walls else None)
        if loaded.resumed and loaded.commands:
            self.submit(c.Resumed(at=self.clock.now()))
            self.status.resumed = self._resumed_text(loaded.last_wall)
            self.notice(self.status.resumed, "info")
            log.info("%s", self.status.resumed)
            if self.finished():
                self.notice(self.say("console.finished_hint"), "info")

    def _tell_missing_pictures(self) -> None:
        """A picture the pack names but the disk lacks goes on air as a placeholder: say so at start-up (the
        console also marks the question itself, before it is opened)."""
        pack = self.format.setup.pack
        if pack is None:
            return
        missing = [q.image for r in pack.rounds for q in r.all_questions
                   if q.image is not None and not q.image.exists()]
        if missing:
            names = ", ".join(p.name for p in missing[:3]) + (" …" if len(missing) > 3 else "")
            self.notice(self.say("console.pictures_missing", n=len(missing), files=names))

    # --- the parts, for tests and benches ------------------------------------------------------------

    @property
    def engine(self) -> Engine:
        return self.runtime.engine

    @property
    def journal(self) -> Journal:
        return self.runtime.journal

    @property
    def lock(self) -> threading.RLock:
        return self.runtime.lock

    @property
    def buzzers(self) -> BuzzerMap:
        return self.hardware.map

    def _resumed_text(self, wall: float | None) -> str:
        """«Продолжено: раунд 2, вопрос 5 (с 14:32)», «Продолжено: финал, ставки (с 15:10)»."""
        state = self.engine.state
        pos = self.format.position(state)
        when = time.strftime("%H:%M", time.localtime(wall)) if wall else "?"
        phase = self.say(f"phase.{state.phase}")
        if self.finished():
            where = phase
        elif pos.get("question") is not None:
            where = self.say("console.resumed_at", round=(pos.get("round") or 0) + 1,
                             question=pos.get("played") or pos["question"] + 1)
        elif state.phase.startswith("final"):
            where = phase
        else:
            where = f"{self.say('console.round', n=(pos.get('round') or 0) + 1)}, {phase.lower()}"
        return self.say("console.resumed", where=where, time=when)

    def finished(self) -> bool:
        """The game is over: Next has nothing left to do."""
        return self.format.next_action(self.engine.state) == "next.none" or self.engine.state.phase == "end"

    # --- effects, from one place ----------------------------------------------------------------------

    def _wire_sinks(self) -> None:
        def desks(outcome: Outcome, now: float) -> None:
            if self.osc_out is not None and outcome.changed:  # the desks first: light and sound cues wait on them
                self.osc_out.events(outcome.events)
                self.osc_out.state(self.engine.state, now)

        self.sinks.direct += [
            desks,
            lambda outcome, now: self.sound.on_events(outcome.events),
            lambda outcome, now: self.hardware.lamps.update(self.engine.state, outcome.events, now),
        ]
        self.sinks.views += [lambda outcome, now: self.projector.on_events(outcome.events, now), self._console_log]

    def _console_log(self, outcome: Outcome, now: float) -> None:
        if outcome.undone is not None:
            teams = [t.name for t in outcome.state.teams]
            what = describe(outcome.undone, teams, self.config.language, self.format)
            self._notice_now(self.say("console.undone", what=what), "info")
        elif outcome.changed and not isinstance(outcome.command, c.Tick) and outcome.entries:
            self.console.log(outcome.entries[-1])

    def pump_views(self) -> None:
        """On the window thread: apply the view changes that inputs on other threads queued."""
        self.sinks.pump()

    # --- commands ----------------------------------------------------------------------------------

    def submit(self, cmd: c.Command) -> Outcome:
        """Journal (fsync) and apply through the runtime, then the effects go to the sinks. Refusals are
        shown, not raised."""
        outcome = self.runtime.submit(cmd)
        if outcome.refused:
            if not isinstance(cmd, c.Tick):
                why = outcome.refusal
                self.notice(refusal(why.template, why.values, self.config.language) if why else outcome.refused,
                            "refused")
            return outcome
        self.sinks.outcome(outcome, self.clock.now())
        return outcome

    def say(self, key: str, **values: object) -> str:
        return i18n.phrase(key, self.config.language, **values)

    def now(self) -> float:
        return self.clock.now()

    def notice(self, text: str, level: str = "problem") -> None:
        """Tell the operator (see console.Notice): a problem, information, or a refused action."""
        log.info("%s", text)
        wall, mono = time.time(), time.monotonic()
        self.sinks.on_window(lambda: self._notice_now(text, level, wall, mono))

    def _notice_now(self, text: str, level: str, wall: float | None = None, mono: float | None = None) -> None:
        mono = time.monotonic() if mono is None else mono
        self.status.notices.append(Notice(time.time() if wall is None else wall, text, level))
        del self.status.notices[:-20]
        if level == "refused" and (self.status.prompt is None or self.status.prompt[1] - mono < 3):
            self.status.prompt = (text, mono + 2.5)  # not over a longer question (assigning)

    def prompt(self, text: str | None, seconds: float = 0.0) -> None:
        """Ask the operator something on the console for `seconds` (None: take the question away)."""
        until = time.monotonic() + seconds
        self.sinks.on_window(lambda: setattr(self.status, "prompt", None if text is None else (text, until)))

    def show_events(self, events: list[Event], at: float) -> None:
        """Events that are not the game's (the line check's lights): sound now, the views on their thread."""
        self.sound.on_events(events)
        self.sinks.on_window(lambda: self.projector.on_events(events, at))

    def line_check_changed(self, on: bool) -> None:
        self.sinks.on_window(lambda: setattr(self.projector, "line_check", on))

    def buzzers_assigned(self, buzzers: BuzzerMap) -> None:
        """After buzzers were assigned: keys named by the new map become those teams' buzzers."""
        from quizshow.inputs.keymap import KeyMap

        self.keymap = KeyMap.build(self._key_table(buzzers), self.config.devices.keyboard_buzzers)
        self.console.keymap = self.keymap

    def _key_table(self, buzzers: BuzzerMap) -> dict[str, tuple[str, ...]]:
        key_buzzers = {f"buzz{team + 1}": (name,) for name, team in buzzers.keys.items()}
        return {**key_buzzers, **self.config.keys}

    # --- actions -----------------------------------------------------------------------------------

    def action(self, action: Action) -> Outcome | None:
        """An action call → the command it means now (toggles read the current state), or the app's own."""
        call, at = action.call, action.at
        definition = self.actions.get(call.name)
        if definition is None:
            log.warning("unknown action %r from %s", call.name, action.source)
            return None
        try:
            args = self.actions.arguments(call)
        except BadCall as why:
            log.warning("%s (from %s)", why, action.source)
            return None
        if definition.local:
            local = self._local_actions().get(call.name)
            return None if local is None else local(args, at, action.source)
        if definition.confirm and not self.confirm.press(time.monotonic()):  # destructive: a second press
            self.prompt(self.say(f"console.{call.name}_confirm"), 2.0)
            return None
        amount = int(self.status.amount or 0)
        cmd = self.actions.build(call, ActionContext(self.engine.state, at, self.format.rules, amount))
        if cmd is None:
            return None
        outcome = self.submit(cmd)
        if definition.uses_amount and outcome.accepted:
            self.status.amount = ""  # typed for this one: the next starts from zero
        return outcome

    def call(self, call: Call, at: float, source: str) -> Outcome | None:
        return self.action(Action(call.name, at, source, call.args))

    def _local_actions(self) -> dict[str, Callable[[dict[str, Any], float, str], Outcome | None]]:
        return {"quit": self._quit, "help": self._help, "linecheck": self._linecheck, "assign": self._assign,
                "amount": self._amount, "buzz": self._buzz, "noop": lambda args, at, source: None,
                "escape": self._escape, "start_over": self._start_over}

    def _quit(self, args: dict[str, Any], at: float, source: str) -> None:
        if self.quit_guard.press(time.monotonic()):
            self.running = False
        self.status.quit_armed = self.quit_guard.armed(time.monotonic())

    def _help(self, args: dict[str, Any], at: float, source: str) -> None:
        self.status.help = not self.status.help

    def _start_over(self, args: dict[str, Any], at: float, source: str) -> None:
        """«Начать заново» (twice within 2 s): journalled in the old journal, which is kept renamed; the show
        starts again from its title card."""
        if not self.confirm.press(time.monotonic()):
            self.prompt(self.say("console.start_over_confirm"), 2.0)
            return
        with self.lock:
            self.runtime.start_over(at)
            self.console.engine = self.engine
            self.console.journal.clear()
            self._prepared_for = None
            self.status.resumed = None
        self.notice(self.say("console.started_over"), "info")

    def _escape(self, args: dict[str, Any], at: float, source: str) -> None:
        """Escape closes what covers the console: the help, a prompt, the quit question, assigning by
        pressing. It never starts, stops or judges anything (a reflex press during an answer is harmless)."""
        self.status.help = False
        self.status.prompt = None
        self.quit_guard.armed_at = None
        self.status.quit_armed = False
        if self.hardware.assigning is not None:
            self.hardware.toggle_assign(at)

    def _linecheck(self, args: dict[str, Any], at: float, source: str) -> None:
        self.hardware.toggle_line_check()

    def _assign(self, args: dict[str, Any], at: float, source: str) -> None:
        self.hardware.toggle_assign(at)

    def _amount(self, args: dict[str, Any], at: float, source: str) -> None:
        self.status.amount = edit_amount(self.status.amount, args["edit"])

    def _buzz(self, args: dict[str, Any], at: float, source: str) -> Outcome | None:
        team, player = args["team"], args["player"]
        if not 0 <= team < len(self.engine.state.teams):
            return None
        if player is None:
            return self.hardware.buzz(team, at, at, source)  # the line check may take it
        return self.submit(c.Buzz(at=at, team=team, player=player, source_time=at, device=source))

    def key(self, key: int, mod: int, at: float, source: str = "keyboard") -> Outcome | None:
        """A key press: taken as a buzzer while buzzers are being assigned; digits type an amount while
        the phase asks for one (its `amount_entry` flag); else the key map."""
        call = self.keymap.call_for(key, mod)
        if self.hardware.assigning is not None and (call is None or call.name not in ("assign", "quit", "escape")):
            self.hardware.capture(f"key:{key_name(key)}", at)
            return None
        if self.spec.flags(self.engine.state.phase).amount_entry:
            edit = amount_key(key)
            if edit is not None:
                return self.action(Action("amount", at, source, (edit,)))
        return None if call is None else self.action(Action(call.name, at, source, call.args))

    # --- inputs from every thread ---------------------------------------------------------------------

    def drain(self, tick: bool = True, first: object = None) -> None:
        """Everything the threads and the window queued (after `first`, already taken), then a tick.
        Presses that arrived together are taken in the order of their own timestamps, across boxes."""
        items: list[object] = []
        while True:
            if first is not None:
                item, first = first, None
            else:
                try:
                    item = self.inputs.get_nowait()
                except queue.Empty:
                    break
            if isinstance(item, OscRequest):
                self.safely(self.osc_request, item)  # in arrival order: OSC messages keep theirs
                continue
            item = self.safely(self.hardware.press, item) if isinstance(item, BoxPress) else item
            if item is not None:
                items.append(item)
        for item in in_press_order(items):
            self.safely(self.action if isinstance(item, Action) else self.submit, item)
        if tick:
            self.tick()

    def safely(self, apply: Callable[[Any], Any], item: object) -> Any:
        """Apply one input. A bug in doing so is logged and shown on the console, and the inputs
        after it still apply: it never takes a box reader or the OSC server down, nor the show."""
        try:
            return apply(item)
        except Exception:
            log.exception("applying %s failed", type(item).__name__)
            self.notice(self.say("console.internal_error"))
            return None

    def tick(self) -> None:
        """Once a frame (window thread): queued view changes, time passes, the console's status."""
        self.pump_views()
        self.submit(c.Tick(at=self.clock.now()))
        self.status.quit_armed = self.quit_guard.armed(time.monotonic())
        if self.osc_out is not None:
            self.osc_out.tick(self.engine.state, self.clock.now(), time.monotonic())
        self.status.devices = self.device_lines()
        self.status.line_check = self.hardware.line_check
        self.status.boxes = [driver.status for driver in self.hardware.boxes.values()]
        self.status.last_press = dict(self.hardware.last_press)

    def go_live(self) -> None:
        """From now on the thread that queues an input (a box reader, the OSC server) applies the queue
        at once, also while the main thread draws: a press reaches the engine (and the journal) without
        waiting for a frame or for a hand-off to another thread. The main thread holds `lock` for its
        own actions; drawing reads the immutable state without it."""
        self.changed.clear()
        self.live = True
        self.give_way.to(self.lock)  # drawing pauses at safe points while an input is applied
        self._apply_queued()  # anything that came before

    def deliver(self, item: object) -> None:
        """Queue an input from another thread; when live, apply the queue now (whoever holds the lock
        first applies everything queued, in order)."""
        self.inputs.put(item)
        if self.live:
            self._apply_queued()

    def _apply_queued(self) -> None:
        with self.lock:
            before = self.engine.state
            self.drain(tick=False)
            if self.engine.state is not before:
                self.changed.set()

    def wait_inputs(self, until: float) -> bool:
        """Between frames: until `until` (monotonic), take each queued command as soon as it arrives (or,
        when live, wait for the delivering threads to). True as soon as the show changed: draw at once."""
        if self.live:
            changed = self.changed.wait(max(0.0, until - time.monotonic()))
            self.changed.clear()
            return changed
        while True:
            left = until - time.monotonic()
            if left <= 0:
                return False
            try:
                item = self.inputs.get(timeout=left)
            except queue.Empty:
                return False
            before = self.engine.state
            self.drain(tick=False, first=item)
            if self.engine.state is not before:
                return True

    def _buzzer_map(self) -> BuzzerMap:
        from quizshow.inputs.buzzers import load_assignment

        problems = Problems()
        saved = load_assignment(self.config.path, [t.name for t in self.config.teams], problems)
        for problem in problems.items:
            self.notice(str(problem))
        return BuzzerMap.build([saved.get(t.name, t.buzzer) for t in self.config.teams])

    def prepare_next(self, size: tuple[int, int]) -> None:
        """Once per state change: compose the picture Next would lead to, so that the first frame
        after Next only blits it. `propose` is pure: nothing is journalled or changed."""
        state = self.engine.state
        now = self.clock.now()
        if state is self._prepared_for:
            if self._warming:  # what a choice may lead to (a board's cells): a piece each idle time
                self._warming = self.projector.warm(state, now, size)
            return
        self._prepared_for = state
        upcoming = self.engine.propose(c.Go(at=now))
        if upcoming.changed:
            self.projector.prepare(upcoming.state, now, size)
        self._warming = True

    # --- OSC -------------------------------------------------------------------------------------------

    def _start_osc(self, port: int | None) -> None:
        osc = self.config.devices.osc
        out = self.osc_out = OscOut(osc)
        try:
            self.osc = OscServer(osc, self.deliver, self.clock.now,
                                 lambda key, **values: self.notice(self.say(key, **values)),
                                 lambda to: out.state(self.engine.state, self.clock.now(), to),
                                 self._subscribe, port=port).start()
        except OSError as why:  # the port is taken: the show goes on without OSC, and says so in words
            wanted = osc.listen[1] if port is None else port
            if why.errno == errno.EADDRINUSE:
                self.notice(self.say("console.osc_port_busy", port=wanted))
            else:
                self.notice(self.say("console.osc_cannot_listen", host=osc.listen[0], port=wanted,
                                     why=why.strerror or why))

    def _subscribe(self, sender: Any, on: bool) -> None:
        assert self.osc_out is not None
        if on:
            self.osc_out.subscribers.add(sender)
            self.osc_out.state(self.engine.state, self.clock.now(), sender)
        else:
            self.osc_out.subscribers.discard(sender)

    def osc_request(self, req: OscRequest) -> None:
        """An OSC input: the same action as the presenter's or the console's; replied."""
        assert self.osc is not None
        call = OSC_CALLS[req.kind](list(req.values))
        why: str | None = None
        if call.name == "buzz" and not 0 <= int(call.args[0] or 0) < len(self.engine.state.teams):
            self.osc.reply(req.sender, req.address, 409, f"there is no team {req.values[0]}")
            return
        if call.name not in self.actions:
            why = f"/{req.kind} is not used by format {self.spec.name}"
            outcome = None
        else:
            outcome = self.action(Action(call.name, req.at, "osc", call.args))
            if outcome is None and call.name == "go":
                why = "Next is held for a moment after a press"
        if outcome is not None and outcome.refused:
            why = outcome.refused
        self.osc.reply(req.sender, req.address, 409 if why else 200, why or "ok")

    def device_lines(self) -> list[tuple[str, bool]]:
        lines = self.hardware.device_lines()
        if self.osc is not None:
            host, port = self.osc.address
            peers = len(self.osc.peers)
            lines.append((self.say("console.osc", host=host, port=port, peers=peers), True))
            lines += [(self.say("console.osc_malformed", count=count, host=host), False)
                      for host, count in self.osc.malformed_by_source()]
        return lines

    def close(self) -> None:
        if self.live:
            self.live = False  # inputs still arriving are only queued from now on
            self.give_way.to(None)
        if self.osc is not None:
            self.osc.stop()
        if self.osc_out is not None:
            self.osc_out.close()
        self.hardware.stop()
        self.runtime.close()


def run(args: Namespace, show_path: Path) -> int:
    problems = Problems()
    config = load_show(show_path, problems)
    for problem in problems.items:
        print(problem, file=sys.stderr)
    if config is None or problems:
        print(f"{show_path}: the show cannot start until these are fixed", file=sys.stderr)
        return 1
    if args.headless:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ["SDL_AUDIODRIVER"] = "dummy"
    sys.setswitchinterval(SWITCH_INTERVAL_S)
    # Gamepad buttons count even while another window (the console, a browser) has the focus.
    os.environ.setdefault("SDL_JOYSTICK_ALLOW_BACKGROUND_EVENTS", "1")
    # Window pictures go to the window system as they are (X11 shared memory, GDI). SDL's accelerated path
    # draws every flip through OpenGL, which without a GPU driver (a venue laptop's fallback, Xvfb) costs
    # 11-14 ms of CPU a flip whatever changed. Set it to 1 to get the accelerated path back (docs/performance.md).
    os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
    import pygame

    pygame.init()
    try:
        app = ShowApp(config, journal_path=args.journal, fresh=args.fresh, sound=not args.headless, osc=True,
                      osc_port=args.osc_port)
    except JournalError as why:
        print(f"journal: {why}", file=sys.stderr)
        return 1
    from quizshow.display.windows import Windows

    windows = Windows(args, config.title, headless=args.headless)
    try:
        windows.loop(app)
    finally:
        app.close()
        pygame.quit()
    return 0
