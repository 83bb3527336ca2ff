"""The app: wires inputs → engine → outputs, and runs the 60 fps loop.

Every input becomes an action or a command on one queue; the loop drains it each frame, journals
each accepted command before it takes effect, then plays its effects (sound, animations).
"""

from __future__ import annotations

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

from quizshow.config import ShowConfig, load_show
from quizshow.core import commands as c
from quizshow.core.clock import ShowClock
from quizshow.core.engine import Engine, Outcome
from quizshow.core.journal import Journal, JournalError, dispatch_journalled
from quizshow.display import console_svoyak, paint
from quizshow.display.console import FORMAT_ACTIONS, Notice, describe
from quizshow.i18n import refusal
from quizshow.inputs.buzzers import split_target
from quizshow.inputs.hardware import Hardware, in_press_order
from quizshow.inputs.keymap import amount_key, edit_amount, key_name
from quizshow.inputs.osc import OscRequest, OscServer
from quizshow.inputs.serialbox import BoxPress
from quizshow.outputs.osc_out import OscOut
from quizshow.yamlfile import Problems

log = logging.getLogger(__name__)

# While the main thread draws, a thread back from a system call (a box's port, the journal, an OSC
# socket) waits up to this long for the interpreter (the GIL; Python's default is 5 ms). Only threads
# that want it pay: the box readers and the OSC server sleep in the kernel until something arrives.
SWITCH_INTERVAL_S = 0.0001

FPS = 60


@dataclass(frozen=True)
class Action:
    """A logical action from a key, a presenter, a console button (or, later, OSC)."""

    name: str
    at: float
    source: str = "keyboard"


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
        self.format = make_format(config)
        self.journal, loaded = Journal.open(journal_path or config.journal_path, str(config.path), fresh, seed)
        self.engine = Engine(self.format, loaded.seed)
        self.engine.replay(loaded.commands)
        self.clock = ShowClock(start_at=loaded.last_at + 0.001)
        self.inputs: queue.Queue[Action | c.Command] = queue.Queue()
        self.theme = load_theme(config.theme)
        text = TextCache(self.theme.fonts)
        self.projector = Projector(self.format, self.theme, config.title, config.language, text)
        self.status = ConsoleStatus()  # before the buzzer map: its problems are shown
        self.buzzers = self._buzzer_map()
        self.keymap = KeyMap.build({**self._key_buzzers(), **config.keys}, config.devices.keyboard_buzzers)
        self.console = Console(self.engine, self.theme, self.keymap, config.language, text)
        self.console.clock_now = self.clock.now
        self.quit_guard = QuitGuard()
        self.confirm = QuitGuard()  # the same two-press rule for ending a round early
        self.sound = SoundCues(len(config.teams), self.theme.sounds, enabled=sound)
        self.running = True
        self._prepared_for: object = None
        self._typing_for = ""  # the panel action a text typed on the console goes to
        self.lock = threading.RLock()  # the engine and the journal: one writer at a time
        self.live = False  # see go_live
        self.hardware = Hardware(self, start=devices)
        self.osc_out: OscOut | None = None
        self.osc: OscServer | None = None
        if osc:
            self._start_osc(osc_port)
        self.status.devices = self.device_lines()
        for entry in self.engine.entries[-8:]:
            self.console.log(entry)
        if loaded.resumed and loaded.commands:
            self.submit(c.Resumed(at=self.clock.now()))
            self.status.resumed = self._resumed_text(loaded.last_wall)
            self.notice(self.status.resumed, "info")
            log.info("%s", self.status.resumed)

    def _resumed_text(self, wall: float | None) -> str:
        pos = self.format.position(self.engine.state)
        when = time.strftime("%H:%M", time.localtime(wall)) if wall else "?"
        question = "—" if pos.get("question") is None else pos["question"] + 1
        return self.console.say("console.resumed", round=(pos.get("round") or 0) + 1, question=question, time=when)

    # --- commands ----------------------------------------------------------------------------------

    def submit(self, cmd: c.Command) -> Outcome:
        """Propose, journal (fsync), commit, then play the effects. Refusals are shown, not raised."""
        outcome = dispatch_journalled(self.engine, self.journal, cmd)
        if outcome.refused:
            if not isinstance(cmd, c.Tick):
                why = outcome.refusal
                self.notice(refusal(why.template, why.values, self.config.language) if why else outcome.refused,
                            "refused")
            return outcome
        if outcome.undone is not None:
            teams = [t.name for t in self.engine.state.teams]
            self.notice(self.console.say("console.undone", what=describe(outcome.undone, teams, self.config.language)),
                        "info")
        elif outcome.changed and not isinstance(cmd, c.Tick):
            self.console.log(self.engine.entries[-1])
        now = self.clock.now()
        if self.osc_out is not None and outcome.changed:  # the desks first: light and sound cues wait on them
            self.osc_out.events(outcome.events)
            self.osc_out.state(self.engine.state, now)
        self.projector.on_events(outcome.events, now)
        self.sound.on_events(outcome.events)
        self.hardware.lamps.update(self.engine.state, outcome.events, now)
        return outcome

    def notice(self, text: str, level: str = "problem") -> None:
        """Tell the operator (see console.Notice): a problem, information, or a refused action."""
        self.status.notices.append(Notice(time.time(), text, level))
        del self.status.notices[:-20]
        if level == "refused" and (self.status.prompt is None or self.status.prompt[1] - time.monotonic() < 3):
            self.status.prompt = (text, time.monotonic() + 2.5)  # not over a longer question (assigning)
        log.info("%s", text)

    def action(self, action: Action) -> Outcome | None:
        """A logical action → the command it means now (toggles read the current state)."""
        state, at, name = self.engine.state, action.at, action.name
        if name == "go":
            guard = float(self.format.rules.get("next_guard_s", 0.5))
            if state.last_buzz_at is not None and 0 <= at - state.last_buzz_at < guard:
                return None  # the host was already clicking when the buzzer went
            return self.submit(c.Go(at=at))
        if name == "quit":
            if self.quit_guard.press(time.monotonic()):
                self.running = False
            self.status.quit_armed = self.quit_guard.armed(time.monotonic())
            return None
        if name == "help":
            self.status.help = not self.status.help
            return None
        if name.startswith("score:"):
            _, team, points = name.split(":")
            return self.submit(c.ScoreAdd(at=at, team=int(team), points=int(points)))
        if name.startswith("buzz"):
            team_no, _, player_no = name[4:].partition(".")
            team = int(team_no) - 1
            if team >= len(state.teams):
                return None
            return self.hardware.buzz(team, at, at, action.source, int(player_no) - 1 if player_no else None)
        if name == "linecheck":
            self.hardware.toggle_line_check()
            return None
        if name == "assign":
            self.hardware.toggle_assign(at)
            return None
        if name.startswith("amount:"):
            self.status.amount = edit_amount(self.status.amount, name.split(":", 1)[1])
            return None
        if name in ("end_round", "withdraw"):  # destructive: a second press within two seconds
            if not self.confirm.press(time.monotonic()):
                self.status.prompt = (self.console.say(f"console.{name}_confirm"), time.monotonic() + 2.0)
                return None
            return self.submit(c.EndRound(at=at) if name == "end_round" else c.Withdraw(at=at))
        if name == "provisional":
            return self.submit(c.Judge(at=at, correct=False, provisional=True))
        if name.startswith("disc:"):
            _, team, what = name.split(":")
            return self.submit(c.Discipline(at=at, team=int(team), what=what))
        panel = FORMAT_ACTIONS.get(self.format.id)
        if panel is not None and (name in panel.TYPING or panel.command_for(name, at) is not None):
            return self._panel_action(panel, name, at)
        if ":" in name:
            return self._choice(name, at)
        simple = {
            "back": lambda: c.Back(at=at),
            "timer": lambda: c.TimerStop(at=at) if state.timer.running else c.TimerStart(at=at),
            "blank": lambda: c.ViewBlank(at=at, on=not state.view.blank),
            "scores": lambda: c.ViewScores(at=at, on=not state.view.scores),
            "correct": lambda: c.Judge(at=at, correct=True),
            "wrong": lambda: c.Judge(at=at, correct=False),
            "undo": lambda: c.Undo(at=at),
            "announce": lambda: c.Announce(at=at),
        }
        make = simple.get(name)
        return None if make is None else self.submit(make())

    def _panel_action(self, panel: Any, name: str, at: float) -> Outcome | None:
        """A format panel's own button: typing a text, a confirmed step, or its command."""
        if name in panel.TYPING:
            self.status.typing, self._typing_for = "", panel.TYPING[name]
            return None
        if name in panel.CONFIRM and not self.confirm.press(time.monotonic()):
            self.status.prompt = (self.console.say(f"console.{name}_confirm"), time.monotonic() + 2.0)
            return None
        return self.submit(panel.command_for(name, at))

    def typed(self, key: int, text: str | None, at: float) -> Outcome | None:
        """While a text is typed on the console: characters add, Backspace takes back, Enter gives it to
        the panel's action, Esc drops it. Nothing else reaches the show meanwhile."""
        import pygame

        typing = self.status.typing or ""
        panel = FORMAT_ACTIONS.get(self.format.id)
        if text is not None:
            self.status.typing = (typing + text)[: getattr(panel, "TYPED_MAX", 300)]
        elif key == pygame.K_BACKSPACE:
            self.status.typing = typing[:-1]
        elif key == pygame.K_ESCAPE:
            self.status.typing = None
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.status.typing = None
            if panel is not None:
                return self.submit(panel.command_for(self._typing_for, at, typing))
        return None

    def _choice(self, name: str, at: float) -> Outcome | None:
        """A console button with an argument: `cell:T:Q`, `pick:N`, `bid:N` … → its command."""
        kind, *args = name.split(":")
        numbers = [int(a) for a in args]
        amount = int(self.status.amount or 0)
        make = {
            "cell": lambda: c.SelectCell(at=at, theme=numbers[0], question=numbers[1]),
            "pick": lambda: c.PickTeam(at=at, team=numbers[0]),
            "give": lambda: c.GiveCat(at=at, team=numbers[0]),
            "catvalue": lambda: c.CatValue(at=at, value=numbers[0]),
            "bid": lambda: c.Bid(at=at, team=numbers[0], amount=amount),
            "allin": lambda: c.Bid(at=at, team=numbers[0], all_in=True),
            "pass": lambda: c.Pass(at=at, team=numbers[0]),
            "remove": lambda: c.FinalRemove(at=at, theme=numbers[0]),
            "stake": lambda: c.FinalStake(at=at, team=numbers[0], amount=amount),
            "answerer": lambda: c.SetAnswerer(at=at, team=numbers[0], player=numbers[1]),
            "single": lambda: c.SinglePlayer(at=at, team=numbers[0], player=None if numbers[1] < 0 else numbers[1]),
            "passright": lambda: c.PassRight(at=at, team=numbers[0]),
            "ruling": lambda: c.Ruling(at=at, correct=bool(numbers[0])),
            "tally": lambda: c.Tally(at=at, team=numbers[0]),
        }.get(kind)
        if make is None:
            return None
        outcome = self.submit(make())
        if kind in ("bid", "stake") and outcome.accepted:
            self.status.amount = ""  # typed for this one: the next starts from zero
        return outcome

    def key(self, key: int, mod: int, at: float, source: str = "keyboard") -> Outcome | None:
        """A key press: taken as a buzzer while buzzers are being assigned; digits type an amount while
        the console asks for one; else the key map."""
        if self.status.typing is not None:
            return self.typed(key, None, at)
        if self.hardware.assigning is not None and self.keymap.action_for(key, mod) not in ("assign", "quit"):
            self.hardware.capture(f"key:{key_name(key)}", at)
            return None
        if self.engine.state.phase in console_svoyak.AMOUNT_PHASES:
            edit = amount_key(key)
            if edit is not None:
                return self.action(Action(f"amount:{edit}", at, source))
        name = self.keymap.action_for(key, mod)
        return None if name is None else self.action(Action(name, at, source))

    def drain(self, tick: bool = True, first: object = None) -> None:
        """Everything the threads and the window queued (after `first`, already taken), then a tick.
        Presses that arrived together are taken in the order of their own timestamps, across boxes."""
        items: list[Action | c.Command] = []
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
            self.notice(self.console.say("console.internal_error"))
            return None

    def tick(self) -> None:
        """Once a frame: time passes (timers warn and expire), and the console's status is refreshed."""
        self.submit(c.Tick(at=self.clock.now()))
        self.status.quit_armed = self.quit_guard.armed(time.monotonic())
        if self.osc_out is not None:
            self.osc_out.tick(self.engine.state, self.clock.now(), time.monotonic())
        self.status.devices = self.device_lines()
        self.status.line_check = self.hardware.line_check
        self.status.boxes = [driver.status for driver in self.hardware.boxes.values()]
        self.status.last_press = dict(self.hardware.last_press)

    def _key_buzzers(self) -> dict[str, tuple[str, ...]]:
        """Keys named as buzzers: `buzzN` for team N, `buzzN.P` for player P of team N (from 1)."""
        found: dict[str, tuple[str, ...]] = {}
        for name, target in self.buzzers.keys.items():
            team, player = split_target(target)
            action = f"buzz{team + 1}" if player is None else f"buzz{team + 1}.{player + 1}"
            found[action] = (*found.get(action, ()), name)
        return found

    def rebind_keys(self) -> None:
        """After buzzers were assigned: keys named by the new map become those teams' buzzers."""
        from quizshow.inputs.keymap import KeyMap

        self.keymap = KeyMap.build({**self._key_buzzers(), **self.config.keys}, self.config.devices.keyboard_buzzers)
        self.console.keymap = self.keymap

    def go_live(self) -> None:
        """From now on the thread that queues an input (a box reader, the OSC server) applies the queue
        at once, also while the main thread draws: a press reaches the engine (and the journal) without
        waiting for a frame or for a hand-off to another thread. The main thread holds `lock` for its
        own actions; drawing reads the immutable state without it."""
        self.changed = threading.Event()
        self.live = True
        paint.give_way_to(self.lock)  # drawing pauses at safe points while an input is applied
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

    def _buzzer_map(self):
        from quizshow.inputs.buzzers import BuzzerMap, load_assignment

        problems = Problems()
        saved = load_assignment(self.config.path, [t.name for t in self.config.teams], problems)
        for problem in problems.items:
            self.notice(str(problem))
        teams = self.config.teams
        return BuzzerMap.build([None if isinstance(saved.get(t.name), tuple) else saved.get(t.name, t.buzzer)
                                for t in teams],
                               [saved[t.name] if isinstance(saved.get(t.name), tuple) else t.buzzers for t in teams])

    def prepare_next(self, size: tuple[int, int]) -> None:
        """Once per state change: compose the picture Next would lead to, so that the first frame
        after Next only blits it. `propose` is pure: nothing is journalled or changed."""
        state = self.engine.state
        if state is self._prepared_for:
            return
        self._prepared_for = state
        now = self.clock.now()
        upcoming = self.engine.propose(c.Go(at=now))
        if upcoming.changed:
            self.projector.prepare(upcoming.state, now, size)

    # --- OSC -------------------------------------------------------------------------------------------

    def _start_osc(self, port: int | None) -> None:
        from quizshow.inputs.osc import OscServer
        from quizshow.outputs.osc_out import OscOut

        osc = self.config.devices.osc
        self.osc_out = OscOut(osc)
        try:
            self.osc = OscServer(osc, self.deliver, self.clock.now,
                                 lambda key, **values: self.notice(self.console.say(key, **values)),
                                 lambda to: self.osc_out.state(self.engine.state, self.clock.now(), to),
                                 self._subscribe, port=port).start()
        except OSError as why:  # the port is taken: the show goes on without OSC, and says so
            self.notice(self.console.say("console.osc_cannot_listen", host=osc.listen[0],
                                         port=osc.listen[1] if port is None else port, why=why))

    def _subscribe(self, sender, on: bool) -> None:
        if on:
            self.osc_out.subscribers.add(sender)
            self.osc_out.state(self.engine.state, self.clock.now(), sender)
        else:
            self.osc_out.subscribers.discard(sender)

    def osc_request(self, req) -> None:
        """An OSC input: the same action or command as the presenter's or the console's; replied."""
        at, values = req.at, req.values
        commands = {
            "back": lambda: c.Back(at=at), "undo": lambda: c.Undo(at=at), "timer_start": lambda: c.TimerStart(at=at),
            "timer_stop": lambda: c.TimerStop(at=at), "announce": lambda: c.Announce(at=at),
            "correct": lambda: c.Judge(at=at, correct=True), "wrong": lambda: c.Judge(at=at, correct=False),
            "score_add": lambda: c.ScoreAdd(at=at, team=values[0] - 1, points=values[1]),
            "score_set": lambda: c.ScoreSet(at=at, team=values[0] - 1, points=values[1]),
            "timer_add": lambda: c.TimerAdd(at=at, seconds=values[0]),
            "select": lambda: c.SelectCell(at=at, theme=values[0] - 1, question=values[1] - 1),
            "scores": lambda: c.ViewScores(at=at, on=values[0]), "blank": lambda: c.ViewBlank(at=at, on=values[0]),
        }
        if req.kind == "go":
            outcome = self.action(Action("go", at, "osc"))
            why = None if outcome is not None else "Next is held for a moment after a press"
        elif req.kind == "buzz":
            team = values[0] - 1
            if not 0 <= team < len(self.engine.state.teams):
                self.osc.reply(req.sender, req.address, 409, f"there is no team {values[0]}")
                return
            player = values[1] if len(values) > 1 else None
            outcome = self.hardware.buzz(team, at, at, "osc") if player is None else \
                self.submit(c.Buzz(at=at, team=team, player=player, source_time=at, device="osc"))
            why = None
        else:
            outcome, why = self.submit(commands[req.kind]()), None
        if outcome is not None and outcome.refused:
            why = outcome.refused
        self.osc.reply(req.sender, req.address, 409 if why else 200, why or "ok")

    def device_lines(self) -> list[tuple[str, bool]]:
        lines = self.hardware.device_lines()
        if self.osc is not None:
            host, port = self.osc.address
            peers = len(self.osc.peers)
            lines.append((self.console.say("console.osc", host=host, port=port, peers=peers), True))
            lines += [(self.console.say("console.osc_malformed", count=count, host=host), False)
                      for host, count in self.osc.malformed_by_source()]
        return lines

    def close(self) -> None:
        if self.live:
            self.live = False  # inputs still arriving are only queued from now on
            paint.give_way_to(None)
        if self.osc is not None:
            self.osc.stop()
        if self.osc_out is not None:
            self.osc_out.close()
        self.hardware.stop()
        self.journal.close()


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
