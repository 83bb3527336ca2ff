"""The composition root: builds the parts of one show and wires them through narrow ports; it decides
nothing and no part is handed it.

Every source delivers a typed message to the one input feed (runtime/inputs/feed.py): a press goes
through the feed's press stages (runtime/inputs/presses.py) and becomes a `Buzz`; a request becomes an
action call of the controls (runtime/operator/controls.py). Commands go through the show service
(runtime/show/service.py), which journals them and sends the outcome's effects to the sinks: desks,
lamps and the phones at once, sound and the views on the window thread. A format is known here only
through its FormatSpec and FormatViews (registry.py). The show's words are composed here once
(house_words.py: the house's tables, the format's, the phone page's) and handed to every part that speaks.

`ShowApp` is what the builder returns: the parts, and the few calls the window loop, the tests and the
benchmarks make, each handed straight to its part.
"""

from __future__ import annotations

import gc
import logging
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from quizshow import registry
from quizshow.config import ShowConfig
from quizshow.core import commands as c
from quizshow.core.actions import Call, registry_for
from quizshow.core.capabilities import player_buzzers
from quizshow.core.clock import SYSTEM, Clock, ShowClock
from quizshow.core.engine import Engine, Outcome
from quizshow.core.spec import PhaseFlags
from quizshow.display import paint
from quizshow.house_words import show_words
from quizshow.inputs.buzzers import BuzzerMap
from quizshow.inputs.hardware import Hardware, HardwarePorts
from quizshow.inputs.keymap import KeyMap
from quizshow.inputs.messages import Action, OscRequest, Press
from quizshow.inputs.osc import OscServer
from quizshow.inputs.phones.messages import PhoneAnswer, PhoneStake
from quizshow.inputs.phones.words import PHRASES as PHONE_PAGE
from quizshow.runtime.inputs.feed import Handlers, InputFeed, Safely, as_is
from quizshow.runtime.inputs.keys import Keys, buzzer_map
from quizshow.runtime.inputs.presses import Hold, PressLine, no_hold
from quizshow.runtime.journal.file import Journal
from quizshow.runtime.memory.collector import IdleCollector
from quizshow.runtime.memory.trim import trim_heap
from quizshow.runtime.operator.controls import Controls, ControlsPorts
from quizshow.runtime.operator.notices import Notices
from quizshow.runtime.operator.state import OperatorState
from quizshow.runtime.osc.link import OscLink, OscPorts
from quizshow.runtime.show.frame import Frame
from quizshow.runtime.show.journalled import Runtime
from quizshow.runtime.show.service import Show
from quizshow.runtime.show.sinks import HallViews, Sinks
from quizshow.runtime.show.startup import tell_start

if TYPE_CHECKING:
    from quizshow.runtime.web.phones import Phones
    from quizshow.runtime.web.server import WebServer

log = logging.getLogger(__name__)


class ShowApp:
    """Everything but the windows, built and wired: usable headless by tests and benchmarks."""

    def __init__(self, config: ShowConfig, journal_path: Path | None = None, fresh: bool = False,
                 sound: bool = True, seed: int | None = None, devices: bool = True, osc: bool = False,
                 osc_port: int | None = None, resume_to_damage: bool = False, web: bool = False,
                 web_port: int | None = None, clock: Clock = SYSTEM) -> None:
        from quizshow.assemble import make_format
        from quizshow.display.console.window import Console
        from quizshow.display.projector.projector import Projector
        from quizshow.display.text import TextCache
        from quizshow.display.theme import load_theme
        from quizshow.outputs.media import PackMedia
        from quizshow.outputs.sound import SoundCues

        self.config = config
        self.spec = spec = registry.spec(config.format)
        views = registry.views(config.format)
        phones = web and (config.devices.web is not None or web_port is not None)
        # The show's words, composed once (the format's own, the phone page's where it has phones) and handed
        # to every part that speaks.
        self.words = words = show_words(config.language, spec.phrases, *((PHONE_PAGE,) if phones else ()),
                                        refusals=spec.refusals)
        self.say = words.say
        self.actions = registry_for(spec.actions)
        self.format = fmt = make_format(config)
        self.runtime = runtime = Runtime(fmt, journal_path or config.journal_path, str(config.path), fresh, seed,
                                         resume_to_damage)
        self.machine = clock  # the machine's time (rates, guards, the wall clock), a test's own when given
        self.clock = ShowClock(runtime.loaded.last_at + 0.001, clock.monotonic)
        # The operator's side: its state (the console reads it), what it is told, and any thread's bug said there.
        self.sinks = Sinks()
        self.status = OperatorState()
        self.notices = Notices(self.status, self.sinks.on_window, clock)
        self.safely = Safely(self.notices.notice, self.say("console.internal_error"))
        # The one feed every source delivers to; its table is filled below, once every part is built.
        self.handlers = Handlers()
        self.feed = InputFeed(runtime.lock, self.handlers, self.safely, runtime.state_now, clock)
        self.inputs = self.feed.queue
        self.give_way = paint.GiveWay()  # drawing's safe points; live once inputs apply from their threads
        self.collector = IdleCollector()  # once live, cycles are collected between frames (runtime/memory/collector.py)
        self.theme = load_theme(config.theme)
        text = TextCache(self.theme.fonts)
        buzzers = buzzer_map(config, self.notices.notice)  # its problems are said on the console
        self.keys = Keys(config, buzzers, fmt, runtime.state_now)
        self.console = Console(runtime.engine_now, self.theme, self.keys.current, words, text, views.panel,
                               self.give_way, spec.journal_words, views.keys, clock_now=self.clock.now,
                               lock=runtime.lock)  # an undo's preview reads the engine as one whole
        self.sound = SoundCues(len(config.teams), self.theme.sounds, enabled=sound)
        self.media = PackMedia(enabled=sound)  # a pack's own sounds (SIGame audio), after the cues' mixer init
        self.show = show = Show(runtime, fmt, self.sinks, self.notices, self.status, self.console, self.media,
                                self.clock, words, spec.flags, spec.journal_words)
        self.projector = Projector(fmt, self.theme, config.title, words, text, views, self.give_way,
                                   sound=sound, history=show.history,  # the buzz replay reads the steps in effect
                                   trim=trim_heap,  # idle pieces free pictures: the heap's pages go back
                                   clock=clock)
        hall = HallViews(self.sinks, self.sound, self.projector)
        lamps = player_buzzers(fmt)  # where each player has a button, the format says each player's lamp
        self.hardware = Hardware(HardwarePorts(
            config=config, deliver=self.feed.deliver, press_now=self.feed.at_once, now=self.clock.now, clock=clock,
            hold=runtime.lock, words=words, notice=self.notices.notice, prompt=self.notices.prompt,
            show_events=hall.events, on_window=self.sinks.on_window, line_check_changed=hall.line_check,
            assigned=self.keys.assigned, keymap=self.keys.current, state=runtime.state_now),
            buzzers, spec.flags, start=devices, player_buzzers=spec.player_buzzers,
            player_lamps=lamps.player_lamps if lamps is not None else None,
            buttons=fmt)
        self.controls = Controls(ControlsPorts(
            operator=self.status, tell=self.notices, words=words, teams=len(config.teams),
            journal_words=spec.journal_words, engine=runtime.engine_now, submit=show.submit,
            press=self.feed.at_once, hardware=self.hardware, keymap=self.keys.current, start_over=show.start_over,
            clock=clock), self.actions, fmt, runtime.state_now, spec.flags, self.console, show.undo_far)
        self.osc_link: OscLink | None = None
        if osc:
            self.osc_link = OscLink(OscPorts(
                config=config.devices.osc, actions=self.actions,
                own_actions=frozenset(action.name for action in spec.actions), format_name=spec.name,
                now=self.clock.now, clock=clock, state=runtime.state_now, deliver=self.feed.deliver,
                apply=self.controls.action, notice=self.notices.notice, say=self.say), osc_port)
            if self.osc_link.server is not None:  # «Впустить»: whatever the back-off
                self.controls.add_local({"osc_admit": self.osc_link.admit})
        self.phones: Phones | None = None  # players' phones (runtime/web/phones.py, docs/phones.md)
        if phones:
            self.phones = self._phones(web_port, clock)
        # How long a press's announcement waits for earlier phone presses on their way: none without phones.
        hold: Hold = self.phones.server.lag_bound if self.phones is not None else no_hold
        self.presses = PressLine(self.hardware, fmt, runtime.state_now, show.submit, hold)
        self._wire_inputs()
        self._wire_sinks(hall)
        self.frame = Frame(show, self.controls, self.hardware, self.status, self.media, self.projector.video,
                           self.osc_link, self.phones)
        self.status.devices = self.frame.device_lines()
        tell_start(show, config, runtime.loaded)

    def _phones(self, port: int | None, clock: Clock) -> Phones | None:
        """The phones' web server with the overlay and follower screens it serves (loaded only here: aiohttp
        is 20 MB and 0.2 s of start-up, which a show without phones never pays)."""
        from quizshow.runtime.web.phones import PhonesPorts, ServedShow, start_web

        served = ServedShow(self.runtime, self.config, self.format, self.theme, self.sinks, self.clock.now,
                            self.notices.notice, self.words)
        phones = start_web(PhonesPorts(show=served, spec=self.spec, actions=self.actions, submit=self.show.submit,
                                       deliver=self.feed.deliver, handlers=self.handlers, operator=self.status,
                                       hall=self.projector, clock=clock), port)
        if phones is not None:
            self.controls.add_local(phones.switches)
        return phones

    def _wire_inputs(self) -> None:
        """The one table from an input message (inputs/messages.py) to its handler (runtime/inputs/feed.py).
        A press is named by the press stages' first (whose), then applied in press order; an action call is
        the controls'; an OSC request is applied and replied at once, in arrival order; a phone's stake is
        the local `phone_stake` call, its typed answer judged on its mapped time, journalled and acked."""
        self.handlers.applying(self.presses.apply, self.controls.action)
        self.handlers.add(Press, self.presses.whose)
        self.handlers.add(Action, as_is)
        if self.osc_link is not None:
            self.handlers.add(OscRequest, self.osc_link.request, at_once=True)
        if self.phones is not None:
            self.handlers.add(PhoneStake, self.phones.stake)
            self.handlers.add(PhoneAnswer, self.phones.answer, at_once=True)

    def _wire_sinks(self, hall: HallViews) -> None:
        if self.osc_link is not None:  # the desks first: light and sound cues wait on them
            self.sinks.direct.append(self.osc_link.out_changed)
        self.sinks.direct.append(self.hardware.lamps_follow)  # as the hall is told
        # Sound first among the views: only the window thread touches the mixer; a press from a box reader
        # wakes it at once (the feed's change event), so the cue still follows the press within a frame.
        self.sinks.views += [hall.sound, hall.pictures, self.show.console_log, self.show.pack_sound]

    # --- the parts, for tests, benches and the window loop ----------------------------------------------

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
    def keymap(self) -> KeyMap:
        return self.keys.map

    @property
    def osc(self) -> OscServer | None:
        return None if self.osc_link is None else self.osc_link.server

    @property
    def web(self) -> WebServer | None:
        return None if self.phones is None else self.phones.server

    @property
    def running(self) -> bool:
        return self.status.running

    @running.setter
    def running(self, on: bool) -> None:
        self.status.running = on

    @property
    def live(self) -> bool:
        return self.feed.live

    @property
    def changed(self) -> threading.Event:
        return self.feed.changed

    def flags(self, phase: str) -> PhaseFlags:
        return self.spec.flags(phase)

    def finished(self) -> bool:
        return self.show.finished()

    def now(self) -> float:
        return self.clock.now()

    def submit(self, cmd: c.Command) -> Outcome:
        return self.show.submit(cmd)

    def notice(self, text: str, level: str = "problem") -> None:
        self.notices.notice(text, level)

    def prompt(self, text: str | None, seconds: float = 0.0) -> None:
        self.notices.prompt(text, seconds)

    def action(self, action: Action) -> Outcome | None:
        return self.controls.action(action)

    def call(self, call: Call, at: float, source: str) -> Outcome | None:
        return self.controls.action(Action(call.name, at, source, call.args))

    def key(self, key: int, mod: int, at: float, source: str = "keyboard") -> Outcome | None:
        return self.controls.key(key, mod, at, source)

    def text_input(self, text: str) -> None:
        """Characters typed on the console while it takes a text for an action (ActionDef.text_max)."""
        self.controls.text(text)

    def deliver(self, item: object) -> None:
        """An input message from any thread (inputs/messages.py, runtime/inputs/feed.py)."""
        self.feed.deliver(item)

    def drain(self, tick: bool = True, first: object = None) -> None:
        """Everything queued (after `first`, already taken), then a tick (tests, headless paths)."""
        self.feed.drain(first)
        if tick:
            self.tick()

    def on_window(self, change: Callable[[], None]) -> None:
        """Run a change on the window thread: now if this is it, else at its next frame."""
        self.sinks.on_window(change)

    def pump_views(self) -> None:
        """On the window thread: apply the view changes that inputs on other threads queued."""
        self.sinks.pump()

    def tick(self) -> None:
        """Once a frame (window thread): runtime/show/frame.py."""
        self.frame.tick()

    def device_lines(self) -> list[tuple[str, bool]]:
        return self.frame.device_lines()

    def start_over(self, at: float) -> None:
        self.show.start_over(at)

    def wait_inputs(self, until: float) -> bool:
        return self.feed.wait(until)

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

    def close(self) -> None:
        if self.feed.live:
            self.feed.stop()
            self.give_way.to(None)
        if self.osc_link is not None:
            self.osc_link.close()
        if self.phones is not None:
            self.phones.server.stop()
        self.hardware.stop()
        self.media.close()
        self.runtime.close()
        self.collector.give_back()

