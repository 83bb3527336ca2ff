"""The composition root: builds the runtime, the input feed, the controls, the sinks and the views of
one show, and wires them; it decides nothing itself.

Every input becomes an action call (runtime/controls.py) or a command. A command goes to the runtime
(journal, then engine); the outcome's effects go to the sinks from one place (`submit`): desks, lamps
and sound at once, the views on the window thread. A format is known here only through its FormatSpec
and FormatViews (registry.py).
"""

from __future__ import annotations

import gc
import logging
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, TypeVar

from quizshow import i18n, registry
from quizshow.config import ShowConfig
from quizshow.core import commands as c
from quizshow.core.actions import Call, registry_for
from quizshow.core.clock import ShowClock
from quizshow.core.effects import Event
from quizshow.core.engine import Engine, Entry, Outcome
from quizshow.core.format import Refused
from quizshow.core.spec import PhaseFlags
from quizshow.core.state import ShowState
from quizshow.display import paint
from quizshow.display.console.words import describe, where_words
from quizshow.i18n import refusal
from quizshow.inputs.buzzers import BuzzerMap
from quizshow.inputs.hardware import Hardware
from quizshow.inputs.messages import Action, BoxPress, KeyPress, OscRequest
from quizshow.inputs.osc import OscServer
from quizshow.inputs.phones.messages import PhoneAnswer, PhonePress, PhoneStake
from quizshow.runtime import Runtime
from quizshow.runtime.collector import IdleCollector
from quizshow.runtime.controls import Controls
from quizshow.runtime.feed import Handlers, InputFeed
from quizshow.runtime.journal.file import Journal, NotJournalled
from quizshow.runtime.keys import buzzer_map, key_map
from quizshow.runtime.media_wait import media_over
from quizshow.runtime.memory import trim_heap
from quizshow.runtime.notices import Notices
from quizshow.runtime.osc_link import OscLink
from quizshow.runtime.sinks import Sinks
from quizshow.runtime.startup import tell_start

if TYPE_CHECKING:
    from quizshow.runtime.web.server import WebServer

log = logging.getLogger(__name__)
T = TypeVar("T")
R = TypeVar("R")


class _Phones(Protocol):
    """runtime/phones.py as the app calls it (a module satisfies a protocol: its functions are checked here,
    and so is the app against the protocol each of them takes)."""

    def start_web(self, app: ShowApp, port: int | None) -> WebServer | None: ...
    def phone_action(self, app: ShowApp, press: PhonePress) -> Action | None: ...
    def stake_action(self, stake: PhoneStake) -> Action: ...
    def answer_input(self, app: ShowApp, answer: PhoneAnswer) -> None: ...
    def desk_tick(self, app: ShowApp, server: WebServer) -> None: ...
    def device_lines(self, app: ShowApp, server: WebServer) -> list[tuple[str, bool]]: ...


def _phones() -> _Phones:
    """runtime/phones.py, loaded when first wanted: it loads the web server (aiohttp: 20 MB and 0.2 s of
    start-up), which a show without phones, overlay or follower screens never uses."""
    from quizshow.runtime import phones

    return phones


class ShowApp:
    """Everything but the windows: usable headless by tests and benchmarks."""

    def __init__(self, config: ShowConfig, journal_path: Path | None = None, fresh: bool = False,
                 sound: bool = True, seed: int | None = None, devices: bool = True, osc: bool = False,
                 osc_port: int | None = None, resume_to_damage: bool = False, web: bool = False,
                 web_port: int | None = None, clock: Callable[[], float] = time.monotonic) -> None:
        from quizshow.assemble import make_format
        from quizshow.display.console.status import ConsoleStatus
        from quizshow.display.console.window import Console
        from quizshow.display.projector.projector import Projector
        from quizshow.display.text import TextCache
        from quizshow.display.theme import load_theme
        from quizshow.outputs.media import PackMedia
        from quizshow.outputs.sound import SoundCues

        self.config = config
        self.spec = registry.spec(config.format)
        views = registry.views(config.format)
        i18n.add_phrases(self.spec.phrases)
        i18n.add_refusals(self.spec.refusals)
        self.actions = registry_for(self.spec.actions)
        self.format = make_format(config)
        self.runtime = Runtime(self.format, journal_path or config.journal_path, str(config.path), fresh, seed,
                               resume_to_damage)
        self.clock = ShowClock(self.runtime.loaded.last_at + 0.001, clock)  # `clock`: a test's own
        self.handlers = Handlers()  # every input message's one handler (_wire_inputs)
        self.feed = InputFeed(self.runtime.lock, self.handlers, self.action, self.safely, lambda: self.runtime.state)
        self.inputs = self.feed.queue
        self.sinks = Sinks()
        self.give_way = paint.GiveWay()  # drawing's safe points; live once inputs apply from their threads
        self.collector = IdleCollector()  # once live, cycles are collected between frames (runtime/collector.py)
        self.theme = load_theme(config.theme)
        text = TextCache(self.theme.fonts)
        self.projector = Projector(self.format, self.theme, config.title, i18n.spoken(config.language), text, views,
                                   self.give_way, sound=sound,
                                   history=self._history,  # the buzz replay reads the steps in effect
                                   trim=trim_heap)  # idle pieces free pictures: the heap's pages go back
        self.status = ConsoleStatus()  # before the buzzer map: its problems are shown
        self.notices = Notices(self.status, self.sinks)
        buzzers = buzzer_map(config, self.notice)
        self.keymap = key_map(config, buzzers, len(self.format.buttons(self.engine.state)))
        self.console = Console(self.engine, self.theme, self.keymap, i18n.spoken(config.language), text, views.panel,
                               self.give_way, self.spec.journal_words, views.keys, clock_now=self.clock.now,
                               lock=self.runtime.lock)  # an undo's preview reads the engine as one whole
        self.sound = SoundCues(len(config.teams), self.theme.sounds, enabled=sound)
        self.media = PackMedia(enabled=sound)  # a pack's own sounds (SIGame audio), after the cues' mixer init
        self.running = True
        self._disk_problem: str | None = None  # the journal's write failure being shown (once while it lasts)
        self.hardware = Hardware(self, buzzers, self.spec.flags, start=devices,
                                 player_buzzers=self.spec.player_buzzers, player_lamps=self.format.player_lamps,
                                 buttons=self.format)
        self.controls = Controls(self, self.actions, self.format, lambda: self.runtime.state, self.spec.flags,
                                 self._panel_key, self._undo_far)
        self.osc_link: OscLink | None = None
        self._wire_sinks()
        self._wire_inputs()
        if osc:
            self.osc_link = OscLink(self, osc_port)
            if self.osc_link.server is not None:
                self.controls.local["osc_admit"] = self.osc_link.admit  # «Впустить»: whatever the back-off
        # How long a press's announcement waits for earlier phone presses on their way: none without phones
        # (runtime/phones.py sets the web server's bound).
        self.press_hold: Callable[[int, int | None], float | None] = lambda team, player: None
        self.web: WebServer | None = None  # players' phones (runtime/phones.py, docs/phones.md)
        if web and (config.devices.web is not None or web_port is not None):
            self.web = _phones().start_web(self, web_port)
        self.status.devices = self.device_lines()
        tell_start(self, self.runtime.loaded)

    def _history(self) -> tuple[ShowState, tuple[Entry, ...]]:
        """The steps in effect, copied while no input is applied (the buzz replay reads them)."""
        with self.runtime.lock:
            return self.runtime.engine.history()

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

    @property
    def osc(self) -> OscServer | None:
        return None if self.osc_link is None else self.osc_link.server

    def flags(self, phase: str) -> PhaseFlags:
        return self.spec.flags(phase)

    def _undo_far(self) -> str | None:
        """The question to ask before an Undo that moves the picture back more than one step, else None."""
        with self.lock:
            preview = self.engine.undo_preview()
            if preview is None or not preview.lost:
                return None
            where = where_words(self.format, preview.state, i18n.spoken(self.config.language))
            return self.say("console.undo_far", where=where, n=len(preview.lost))

    def finished(self) -> bool:
        """The game is over: Next has nothing left to do."""
        return self.format.next_action(self.engine.state).finished

    # --- wiring --------------------------------------------------------------------------------------

    def _wire_inputs(self) -> None:
        """The one table from an input message (inputs/messages.py) to its handler (runtime/feed.py).
        Each ends as an action call of the registry: a key's or a console button's as it is, a box press
        as its team's `buzz` with the box's own time, an OSC request as the call its address routes to.
        The next input (phones: presses with their own time, stakes, answers) adds its message and one
        line here."""
        self.handlers.add(Action, lambda action: action)  # applied after its batch, presses in their own order
        self.handlers.add(BoxPress, self.hardware.press)
        self.handlers.add(KeyPress, self.hardware.key_press)  # a keyboard device's key (evdev), its kernel time
        self.handlers.add(OscRequest, self.osc_request)  # applied and replied at once, in arrival order
        # a phone's `buzz` with its thumb's time (the phone hears back); its stake or bid: the format's bid/stake
        self.handlers.add(PhonePress, lambda press: _phones().phone_action(self, press))
        self.handlers.add(PhoneStake, lambda stake: _phones().stake_action(stake))
        # its typed answer: judged on its mapped time, journalled, acked
        self.handlers.add(PhoneAnswer, lambda answer: _phones().answer_input(self, answer))

    def _wire_sinks(self) -> None:
        def desks(outcome: Outcome, now: float) -> None:
            link = self.osc_link
            if link is not None and outcome.changed:  # the desks first: light and sound cues wait on them
                link.out.events(outcome.events)
                link.out.state(self.engine.state, now)

        def lamps(outcome: Outcome, now: float) -> None:
            self.hardware.lamps.update(self.engine.state.hall, outcome.events, now)  # as the hall is told

        self.sinks.direct += [desks, lamps]
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
            what = describe(outcome.undone, teams, i18n.spoken(self.config.language), self.spec.journal_words,
                            self.format, [t.players for t in outcome.state.teams], after=outcome.undone_after)
            self.notices.now(self.say("console.undone", what=what), "info")
            self.console.mark_undone((outcome.undone, *outcome.dropped))  # their journal lines: «отменено»
        elif outcome.changed and outcome.tail and (not isinstance(outcome.command, c.Tick) or self.format.command_words(
                outcome.command, tuple(outcome.events)) is not None):  # a tick only where the format words it
            self.console.log(outcome.tail[-1][0], after=outcome.state)  # the entry this command added

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
            if outcome.changed:  # a late press: refused, yet journalled for the replay; the console's journal says so
                now = self.clock.now()
                self.sinks.on_window(lambda: self._console_log(outcome, now))
            return outcome
        self._disk_problem = None  # journalled again
        self.sinks.outcome(outcome, self.clock.now())
        return outcome

    # --- words for the operator and the views (any thread; views change on the window thread) ----------

    def say(self, key: str, **values: object) -> str:
        return i18n.phrase(key, self.config.language, **values)

    def now(self) -> float:
        return self.clock.now()

    def notice(self, text: str, level: str = "problem") -> None:
        """Tell the operator (see console.Notice): a problem, information, or a refused action."""
        self.notices.notice(text, level)

    def prompt(self, text: str | None, seconds: float = 0.0) -> None:
        """Ask the operator something on the console for `seconds` (None: take the question away)."""
        self.notices.prompt(text, seconds)

    def refusal_text(self, why: Refused) -> str:
        return refusal(why.template, why.values, self.config.language)

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
        self.keymap = key_map(self.config, buzzers, len(self.format.buttons(self.engine.state)))
        self.console.keymap = self.keymap

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
            # Every client at once (phones, the overlay, lamps, desks), as after any change of the state.
            self.sinks.outcome(Outcome(c.StartOver(at=at), self.engine.state, changed=True), at)
        self.notice(self.say("console.started_over"), "info")

    def _panel_key(self, key: int, mod: int, at: float, source: str) -> bool:
        """The format's console panel takes its keys first; what they change goes through the actions."""
        return self.console.panel_key(key, mod, at, lambda call: self.call(call, at, source))

    def text_input(self, text: str) -> None:
        """Characters typed on the console while it takes a text for an action (ActionDef.text_max)."""
        self.controls.text(text)

    def osc_request(self, req: OscRequest) -> None:
        """An OSC input: the same action as the presenter's or the console's; replied (runtime/osc_link.py)."""
        if self.osc_link is not None:
            self.osc_link.request(req)

    def deliver(self, item: object) -> None:
        """An input message from any thread (inputs/messages.py, runtime/feed.py)."""
        self.feed.deliver(item)

    def drain(self, tick: bool = True, first: object = None) -> None:
        """Everything queued (after `first`, already taken), then a tick (tests, headless paths)."""
        self.feed.drain(first)
        if tick:
            self.tick()

    def safely(self, apply: Callable[[T], R], item: T) -> R | None:
        """Apply one input. A bug in doing so is logged and shown on the console, and the inputs
        after it still apply: it never takes a box reader or the OSC server down, nor the show."""
        try:
            return apply(item)
        except Exception:
            log.exception("applying %s failed", type(item).__name__)
            self.notice(self.say("console.internal_error"))
            return None

    # --- the window loop's -----------------------------------------------------------------------------

    def tick(self) -> None:
        """Once a frame (window thread): queued view changes, time passes, the console's status."""
        self.pump_views()
        self.submit(c.Tick(at=self.clock.now()))
        self.controls.refresh()
        if media_over(self.format, self.engine.state, self.media, self.projector.video):
            self.call(Call("timer_start"), self.clock.now(), "media")
        if self.osc_link is not None:
            self.osc_link.out.tick(self.engine.state, self.clock.now(), time.monotonic())
        self.status.devices = self.device_lines()
        self.status.line_check = self.hardware.line_check
        self.status.boxes = [driver.status for driver in self.hardware.boxes.values()]
        self.status.checks = self.hardware.check_lines()
        self.status.last_press = dict(self.hardware.last_press)
        self.status.osc_admit = None if self.osc_link is None else self.osc_link.knocking()
        if self.web is not None:
            _phones().desk_tick(self, self.web)  # the phones' join board, codes and «Принять телефон» buttons

    def go_live(self) -> None:
        """From now on the thread that delivers an input (a box reader, the OSC server) applies it at
        once, also while the main thread draws; drawing gives way at its safe points meanwhile. The main
        thread holds the lock for its own actions; drawing reads the immutable state without it."""
        self.give_way.to(self.lock)
        # What start-up made (modules, the show, the pack, the first pictures' helpers) lives all show long:
        # out of the collector's sight, a full collection scans only what came since (30 ms → under 1 ms at
        # start; the GIL is held meanwhile, and a box's press waits for it).
        gc.collect()
        gc.freeze()
        self.collector.take_over()
        self.feed.go_live()

    @property
    def live(self) -> bool:
        return self.feed.live

    @property
    def changed(self) -> threading.Event:
        return self.feed.changed

    def wait_inputs(self, until: float) -> bool:
        return self.feed.wait(until)

    def prepare_next(self, size: tuple[int, int]) -> None:
        """In a frame's idle time, a piece a call: compose the pictures the host's next press may lead to
        (Projector.ahead), so that the first frame after it only blits them. A press applied by its reader
        meanwhile (the feed's change) ends the piece at its next give-way point: its frame comes first.
        Then the cycle collector's due work, which would otherwise run wherever an allocation made it due."""
        changed = self.feed.changed.is_set
        if not changed():
            self.projector.ahead(self.engine.state, self.engine.propose, self.clock.now(), size, stop=changed)
        if not changed():
            self.collector.collect_due()

    def device_lines(self) -> list[tuple[str, bool]]:
        # The phones first: their summary («подключено 3 из 4») is what the devices line keeps longest.
        lines = _phones().device_lines(self, self.web) if self.web is not None else []
        lines += self.hardware.device_lines()
        if self.osc_link is not None:
            lines += self.osc_link.device_lines()
        return lines

    def close(self) -> None:
        if self.feed.live:
            self.feed.stop()
            self.give_way.to(None)
        if self.osc_link is not None:
            self.osc_link.close()
        if self.web is not None:
            self.web.stop()
        self.hardware.stop()
        self.media.close()
        self.runtime.close()
        self.collector.give_back()

