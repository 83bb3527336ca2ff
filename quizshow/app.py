"""The composition root: builds the runtime, the input feed, the controls, the sinks and the views of
one show, and wires them; it decides nothing itself.

Every input becomes an action call (runtime/controls.py) or a command. A command goes to the runtime
(journal, then engine); the outcome's effects go to the sinks from one place (`submit`): desks, lamps
and sound at once, the views on the window thread. A format is known here only through its FormatSpec
and FormatViews (registry.py).
"""

from __future__ import annotations

import errno
import logging
import os
import sys
import threading
import time
from argparse import Namespace
from collections.abc import Callable
from pathlib import Path
from typing import Any

from quizshow import i18n, registry
from quizshow.config import ShowConfig
from quizshow.core import commands as c
from quizshow.core.actions import Call, registry_for
from quizshow.core.clock import ShowClock
from quizshow.core.effects import Event
from quizshow.core.engine import Engine, Outcome
from quizshow.core.format import Refused
from quizshow.core.journal import Journal, JournalError, NotJournalled
from quizshow.display import paint
from quizshow.display.console import Notice, describe
from quizshow.i18n import refusal
from quizshow.inputs.buzzers import BuzzerMap, split_target
from quizshow.inputs.hardware import Hardware, in_press_order
from quizshow.inputs.osc import OscRequest, OscServer
from quizshow.inputs.serialbox import BoxPress
from quizshow.outputs.osc_out import OscOut
from quizshow.runtime import Runtime
from quizshow.runtime.controls import Action, Controls
from quizshow.runtime.feed import InputFeed
from quizshow.runtime.osc_link import answer
from quizshow.runtime.phones import apply_press, device_lines, start_web
from quizshow.runtime.sinks import Sinks
from quizshow.runtime.web import PhonePress, WebServer
from quizshow.yamlfile import Problems

log = logging.getLogger(__name__)

# While the main thread draws, a thread back from a system call (a box's port, the journal, an OSC
# socket) waits up to this long for the interpreter (the GIL; Python's default is 5 ms). Only threads
# that want it pay: the box readers and the OSC server sleep in the kernel until something arrives.
SWITCH_INTERVAL_S = 0.0001


class ShowApp:
    """Everything but the windows: usable headless by tests and benchmarks."""

    def __init__(self, config: ShowConfig, journal_path: Path | None = None, fresh: bool = False,
                 sound: bool = True, seed: int | None = None, devices: bool = True, osc: bool = False,
                 osc_port: int | None = None, resume_to_damage: bool = False, web: bool = False,
                 web_port: int | None = None) -> None:
        from quizshow.assemble import make_format
        from quizshow.display.console import Console, ConsoleStatus
        from quizshow.display.projector import Projector
        from quizshow.display.text import TextCache
        from quizshow.display.theme import load_theme
        from quizshow.inputs.keymap import KeyMap
        from quizshow.outputs.media import PackMedia
        from quizshow.outputs.sound import SoundCues

        self.config = config
        self.spec = registry.spec(config.format)
        views = registry.views(config.format)
        i18n.add_phrases(self.spec.phrases)
        i18n.add_refusals(self.spec.refusals)
        self.actions = registry_for(self.spec.actions)
        self._own_actions = frozenset(action.name for action in self.spec.actions)  # /quiz/action/<name>
        self.format = make_format(config)
        self.runtime = Runtime(self.format, journal_path or config.journal_path, str(config.path), fresh, seed,
                               resume_to_damage)
        loaded = self.runtime.loaded
        self.clock = ShowClock(start_at=loaded.last_at + 0.001)
        self.feed = InputFeed(self.runtime.lock, self._take, lambda: self.runtime.state)
        self.inputs = self.feed.queue
        self.sinks = Sinks()
        self.give_way = paint.GiveWay()  # drawing's safe points; live once inputs apply from their threads
        self.theme = load_theme(config.theme)
        text = TextCache(self.theme.fonts)
        self.projector = Projector(self.format, self.theme, config.title, config.language, text, views,
                                   self.give_way, sound=sound)
        self.status = ConsoleStatus()  # before the buzzer map: its problems are shown
        buzzers = self._buzzer_map()
        self.keymap = KeyMap.build(self._key_table(buzzers), config.devices.keyboard_buzzers)
        self.console = Console(self.engine, self.theme, self.keymap, config.language, text, views.panel,
                               self.give_way, self.spec.journal_words, views.keys)
        self.console.clock_now = self.clock.now
        self.sound = SoundCues(len(config.teams), self.theme.sounds, enabled=sound)
        self.media = PackMedia(enabled=sound)  # a pack's own sounds (SIGame audio), after the cues' mixer init
        self.running = True
        self._disk_problem: str | None = None  # the journal's write failure being shown (once while it lasts)
        self.hardware = Hardware(self, buzzers, self.spec.flags, start=devices,
                                 player_buzzers=self.spec.player_buzzers, player_lamps=self.format.player_lamps)
        self.controls = Controls(self, self.actions, self.format, lambda: self.runtime.state, self.spec.flags,
                                 self._panel_key)
        self.osc_out: OscOut | None = None
        self.osc: OscServer | None = None
        self._wire_sinks()
        if osc:
            self._start_osc(osc_port)
        self.web: WebServer | None = None  # players' phones (runtime/phones.py, docs/phones.md)
        if web and (config.devices.web is not None or web_port is not None):
            self.web = start_web(self, web_port)
        self.status.devices = self.device_lines()
        for pack in config.packs:  # an imported (.siq) pack's report: the host sees what was found and lost
            for line in pack.report:
                log.info("%s: %s", pack.path.name, line)
            if pack.report:
                self.notice(f"{pack.path.name}: {pack.report[0]}", "info")
        if loaded.repaired:  # a torn last line is repaired, and said
            self.notice(self.say("console.journal_repaired"), "info")
        if loaded.damage:  # resumed up to damage at the operator's word: what was lost stays on the console
            damage = loaded.damage
            self.notice(self.say("console.journal_damaged", line=damage.line, what=damage.what,
                                 lost=damage.lost_lines, kept=loaded.kept_as), "problem")
        self._tell_missing_pictures()
        # The journal's lines keep the times they happened at, not the restart's (aligned from the end:
        # a snapshot's commands are not read back).
        entries, walls = self.engine.entries, loaded.walls
        for i in range(max(0, len(entries) - 8), len(entries)):
            back = len(entries) - i
            self.console.log(entries[i], walls[-back] if back <= len(walls) else None)
        if loaded.resumed and loaded.anything:
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
            lambda outcome, now: self.hardware.lamps.update(self.engine.state, outcome.events, now),
        ]
        # Sound first among the views: only the window thread touches the mixer; a press from a box reader
        # wakes it at once (the feed's change event), so the cue still follows the press within a frame.
        self.sinks.views += [lambda outcome, now: self.sound.on_events(outcome.events),
                             lambda outcome, now: self.projector.on_events(outcome.events, now), self._console_log,
                             self._pack_sound]

    def _pack_sound(self, outcome: Outcome, now: float) -> None:
        """The pack's own sound follows the question on screen (a view concern: pygame.mixer is touched only
        on the window thread, never from a box reader or the OSC server)."""
        if outcome.changed:
            self.media.follow(self.format.current(outcome.state), outcome.state.phase)

    def _console_log(self, outcome: Outcome, now: float) -> None:
        if outcome.undone is not None:
            teams = [t.name for t in outcome.state.teams]
            what = describe(outcome.undone, teams, self.config.language, self.spec.journal_words, self.format,
                            [t.players for t in outcome.state.teams])
            self._notice_now(self.say("console.undone", what=what), "info")
        elif outcome.changed and not isinstance(outcome.command, c.Tick) and outcome.tail:
            self.console.log(outcome.tail[-1][0])  # the entry this command added

    def pump_views(self) -> None:
        """On the window thread: apply the view changes that inputs on other threads queued."""
        self.sinks.pump()

    # --- commands ----------------------------------------------------------------------------------

    def submit(self, cmd: c.Command) -> Outcome:
        """Journal (fsync) and apply through the runtime, then the effects go to the sinks. Refusals are
        shown, not raised."""
        outcome = self.runtime.submit(cmd)
        if outcome.refused:
            why = outcome.refusal
            text = refusal(why.template, why.values, self.config.language) if why else outcome.refused
            if isinstance(why, NotJournalled):  # the disk, not a rule: a red line, once while it lasts
                if self._disk_problem != text:
                    self._disk_problem = text
                    self.notice(text, "problem")
            elif not isinstance(cmd, c.Tick):
                self.notice(text, "refused")
            return outcome
        self._disk_problem = None  # journalled again
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
        """Events that are not the game's (the line check's lights): sound and pictures on the window thread."""
        def show() -> None:
            self.sound.on_events(events)
            self.projector.on_events(events, at)
        self.sinks.on_window(show)

    def on_window(self, change: Callable[[], None]) -> None:
        self.sinks.on_window(change)

    def line_check_changed(self, on: bool) -> None:
        self.sinks.on_window(lambda: setattr(self.projector, "line_check", on))

    def buzzers_assigned(self, buzzers: BuzzerMap) -> None:
        """After buzzers were assigned: keys named by the new map become those teams' buzzers."""
        from quizshow.inputs.keymap import KeyMap

        self.keymap = KeyMap.build(self._key_table(buzzers), self.config.devices.keyboard_buzzers)
        self.console.keymap = self.keymap

    def _key_table(self, buzzers: BuzzerMap) -> dict[str, tuple[str, ...]]:
        key_buzzers: dict[str, tuple[str, ...]] = {}
        for name, target in buzzers.keys.items():  # buzzN: team N's; buzzN.P: player P of team N (from 1)
            team, player = split_target(target)
            action = f"buzz{team + 1}" if player is None else f"buzz{team + 1}.{player + 1}"
            key_buzzers[action] = (*key_buzzers.get(action, ()), name)
        return {**key_buzzers, **self.config.keys}

    # --- actions and inputs ----------------------------------------------------------------------------

    def action(self, action: Action) -> Outcome | None:
        return self.controls.action(action)

    def call(self, call: Call, at: float, source: str) -> Outcome | None:
        return self.controls.action(Action(call.name, at, source, call.args))

    def key(self, key: int, mod: int, at: float, source: str = "keyboard") -> Outcome | None:
        return self.controls.key(key, mod, at, source)

    def start_over(self, at: float) -> None:
        """«Начать заново» (the controls asked twice): the old journal ends with StartOver and is kept renamed;
        the show starts again from its title card."""
        with self.lock:
            self.runtime.start_over(at)
            self.console.engine = self.engine
            self.console.journal.clear()
            self.status.resumed = None
        self.notice(self.say("console.started_over"), "info")

    def _panel_key(self, key: int, mod: int, at: float, source: str) -> bool:
        """The format's console panel takes its keys first; what they change goes through the actions."""
        return self.console.panel_key(key, mod, at, lambda call: self.call(call, at, source))

    def text_input(self, text: str) -> None:
        """Characters typed on the console while it takes a text for an action (ActionDef.text_max)."""
        self.controls.text(text)

    def refusal_text(self, why: Refused) -> str:
        return refusal(why.template, why.values, self.config.language)

    def deliver(self, item: object) -> None:
        """An input from any thread (see runtime/feed.py)."""
        self.feed.deliver(item)

    def drain(self, tick: bool = True, first: object = None) -> None:
        """Everything queued (after `first`, already taken), then a tick (tests, headless paths)."""
        self.feed.drain(first)
        if tick:
            self.tick()

    def _take(self, items: list[object]) -> None:
        """One batch of inputs, each applied on its own. OSC requests keep their arrival order; presses
        that arrived together are taken in the order of their own timestamps, across boxes."""
        pending: list[object] = []
        for item in items:
            if isinstance(item, OscRequest):
                self.safely(self.osc_request, item)
                continue
            item = self.safely(self.hardware.press, item) if isinstance(item, BoxPress) else item
            if item is not None:
                pending.append(item)
        for item in in_press_order(pending):
            if isinstance(item, PhonePress):
                self.safely(lambda press: apply_press(self, press), item)
                continue
            self.safely(self.action if isinstance(item, Action) else self.submit, item)

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
        self.controls.refresh()
        self._media_over()
        if self.osc_out is not None:
            self.osc_out.tick(self.engine.state, self.clock.now(), time.monotonic())
        self.status.devices = self.device_lines()
        self.status.line_check = self.hardware.line_check
        self.status.boxes = [driver.status for driver in self.hardware.boxes.values()]
        self.status.last_press = dict(self.hardware.last_press)

    def _media_over(self) -> None:
        """A question that waits for its own sound or video (SIGame `waitForFinish`): once they have played,
        the window opens through the journal, like the host's own «Время!». Which media it waits for is the
        format's word (`awaited_media`); whether they have played, the players' (window thread)."""
        waiting = self.format.awaited_media(self.engine.state)
        if waiting and all(self.media.finished(path) or self.projector.video.finished(path) for path in waiting):
            self.call(Call("timer_start"), self.clock.now(), "media")

    def go_live(self) -> None:
        """From now on the thread that delivers an input (a box reader, the OSC server) applies it at
        once, also while the main thread draws; drawing gives way at its safe points meanwhile. The main
        thread holds the lock for its own actions; drawing reads the immutable state without it."""
        self.give_way.to(self.lock)
        self.feed.go_live()

    @property
    def live(self) -> bool:
        return self.feed.live

    @property
    def changed(self) -> threading.Event:
        return self.feed.changed

    def wait_inputs(self, until: float) -> bool:
        return self.feed.wait(until)

    def _buzzer_map(self) -> BuzzerMap:
        from quizshow.inputs.buzzers import load_assignment

        problems = Problems()
        saved = load_assignment(self.config.path, [t.name for t in self.config.teams], problems)
        for problem in problems.items:
            self.notice(str(problem))
        # A team's saved list, or its `buzzers:` list, is a button per player (FormatSpec.player_buzzers).
        teams = [(saved.get(t.name, t.buzzer), t.buzzers) for t in self.config.teams]
        return BuzzerMap.build([None if isinstance(one, tuple) else one for one, _ in teams],
                               [one if isinstance(one, tuple) else each for one, each in teams])

    def prepare_next(self, size: tuple[int, int]) -> None:
        """In a frame's idle time, a piece a call: compose the pictures the host's next press may lead to
        (Projector.ahead), so that the first frame after it only blits them."""
        self.projector.ahead(self.engine.state, self.engine.propose, self.clock.now(), size)

    # --- OSC -------------------------------------------------------------------------------------------

    def _start_osc(self, port: int | None) -> None:
        osc = self.config.devices.osc
        out = self.osc_out = OscOut(osc)
        try:
            self.osc = OscServer(osc, self.deliver, self.clock.now,
                                 lambda key, **values: self.notice(self.say(key, **values)),
                                 lambda to: out.state(self.engine.state, self.clock.now(), to),
                                 self._subscribe, port=port, teams=len(self.config.teams)).start()
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
        """An OSC input: the same action as the presenter's or the console's; replied (runtime/osc_link.py)."""
        assert self.osc is not None
        answer(req, self.actions, len(self.engine.state.teams), self.spec.name, self.call, self.osc.reply,
               self._own_actions)

    def device_lines(self) -> list[tuple[str, bool]]:
        lines = self.hardware.device_lines()
        if self.osc is not None:
            host, port = self.osc.address
            peers = len(self.osc.peers)
            lines.append((self.say("console.osc", host=host, port=port, peers=peers), True))
            lines += [(self.say("console.osc_malformed", count=count, host=host), False)
                      for host, count in self.osc.malformed_by_source()]
        if self.web is not None:
            lines += device_lines(self, self.web)
        return lines

    def close(self) -> None:
        if self.feed.live:
            self.feed.stop()
            self.give_way.to(None)
        if self.osc is not None:
            self.osc.stop()
        if self.web is not None:
            self.web.stop()
        if self.osc_out is not None:
            self.osc_out.close()
        self.hardware.stop()
        self.media.close()
        self.runtime.close()


def run(args: Namespace, show_path: Path) -> int:
    from quizshow.event_file import load_any  # a show file, or an event's (a file with a regulation)

    problems = Problems()
    config = load_any(show_path, problems)
    for problem in problems.items:
        print(problem, file=sys.stderr)
    if config is None or problems:
        print(f"{show_path}: the show cannot start until these are fixed", file=sys.stderr)
        return 1
    from quizshow.display.windows import no_display, say_no_display

    if not args.headless and (why := no_display(os.environ)):
        return say_no_display(why)
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
    if not args.headless and (why := no_display(os.environ, pygame.display.get_driver())):
        pygame.quit()
        return say_no_display(why)
    try:
        app = ShowApp(config, journal_path=args.journal, fresh=args.fresh, sound=not args.headless, osc=True,
                      osc_port=args.osc_port, resume_to_damage=args.resume_to_damage, web=True,
                      web_port=args.web_port)
    except JournalError as why:
        print(f"journal: {why}", file=sys.stderr)
        return 1
    if app.osc is not None:  # at every log level: the user must know the port (--osc-port 0)
        print("osc: listening on {}:{}".format(*app.osc.address), file=sys.stderr, flush=True)
    if app.web is not None:
        print("web: listening on {}:{}".format(*app.web.address), file=sys.stderr, flush=True)
    from quizshow.display.windows import Windows

    windows = Windows(args, config.title, headless=args.headless)
    try:
        windows.loop(app)
    finally:
        app.close()
        pygame.quit()
    return 0
