"""The two windows (projector and operator console) and the frame loop that feeds and draws them."""

from __future__ import annotations

import ctypes
import functools
import logging
import queue
import sys
import threading
from argparse import Namespace
from collections.abc import Callable, Mapping
from typing import ParamSpec, Protocol

import pygame

from quizshow.core.actions import Call
from quizshow.core.clock import Clock, ShowClock
from quizshow.core.engine import Engine, Outcome
from quizshow.display import pictures
from quizshow.display.console.status import ConsoleStatus
from quizshow.display.console.window import Console
from quizshow.display.projector.projector import Projector
from quizshow.inputs.hardware import Hardware
from quizshow.stopping import stop_requested

P = ParamSpec("P")

log = logging.getLogger(__name__)


class Show(Protocol):
    """What the window loop drives: the parts the composition root built (app.ShowApp)."""

    running: bool
    projector: Projector
    console: Console
    hardware: Hardware  # gamepads come as window events
    clock: ShowClock
    machine: Clock  # the machine's time: the frame's pacing
    inputs: queue.Queue[object]

    @property
    def status(self) -> ConsoleStatus: ...  # the operator's state, as the console reads it
    @property
    def lock(self) -> threading.RLock: ...
    @property
    def engine(self) -> Engine: ...
    @property
    def changed(self) -> threading.Event: ...  # set by an input applied on another thread (a box's press)

    def go_live(self) -> None: ...
    def tick(self) -> None: ...
    def safely(self, apply: Callable[[pygame.event.Event], None], item: pygame.event.Event) -> object: ...
    def notice(self, text: str, level: str = "problem") -> None: ...
    def say(self, key: str, **values: object) -> str: ...
    def key(self, key: int, mod: int, at: float, source: str = "keyboard") -> Outcome | None: ...
    def text_input(self, text: str) -> None: ...
    def call(self, call: Call, at: float, source: str) -> Outcome | None: ...
    def prepare_next(self, size: tuple[int, int]) -> None: ...
    def wait_inputs(self, until: float) -> bool: ...

FPS = 60
CONSOLE_SIZE = (1280, 800)  # wanted; the window opens smaller on a smaller screen (console_size)
CONSOLE_MIN = (1024, 600)  # the console lays out from here up
REDRAW_EVENTS = {pygame.WINDOWEXPOSED, pygame.WINDOWRESIZED, pygame.WINDOWSIZECHANGED, pygame.WINDOWRESTORED,
                 pygame.WINDOWSHOWN, pygame.WINDOWMAXIMIZED}


def console_size(desktop: tuple[int, int] | None) -> tuple[int, int]:
    """The console's window for the screen it opens on: 1280×800 where it fits, else the screen less room
    for the panel and the title bar (a 1024×768 laptop gets 1024×700), never under 1024×600."""
    if desktop is None:
        return CONSOLE_SIZE
    w = min(CONSOLE_SIZE[0], desktop[0])
    h = min(CONSOLE_SIZE[1], desktop[1] - 68)
    return max(CONSOLE_MIN[0], min(w, desktop[0])), max(CONSOLE_MIN[1], h)


def _desktop(index: int | None) -> tuple[int, int] | None:
    try:
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error:
        return None
    if not sizes:
        return None
    return sizes[index if index is not None and 0 <= index < len(sizes) else 0]


def no_display(environ: Mapping[str, str], driver: str | None = None) -> str | None:
    """Why the windows could not be seen, or None. Without a display SDL quietly opens its windows on
    the offscreen driver: the show would run invisibly. A driver the user chose (SDL_VIDEODRIVER,
    e.g. `dummy` in the tests) is taken as meant. `driver` is SDL's choice, once it has been made."""
    if environ.get("SDL_VIDEODRIVER"):
        return None
    if sys.platform.startswith("linux") and not (environ.get("DISPLAY") or environ.get("WAYLAND_DISPLAY")):
        return "no display: DISPLAY and WAYLAND_DISPLAY are not set"
    if driver in ("offscreen", "dummy"):
        return f"no display: SDL found none and fell back to its {driver} driver"
    return None


def say_no_display(why: str) -> int:
    """The command line's answer when no window can be seen: what, and what to do (exit status 1)."""
    print(f"{why}; the windows would be invisible. Pass --headless to run without windows (OSC, serial "
          "and the journal work as usual), or start the show on a computer with a display.", file=sys.stderr)
    return 1


def _on_display(index: int | None) -> tuple[int, int]:
    """SDL's 'centred on display N' window position (falls back to display 0 with a warning)."""
    count = pygame.display.get_num_displays()
    if index is None:
        return pygame.WINDOWPOS_CENTERED, pygame.WINDOWPOS_CENTERED
    if not 0 <= index < count:
        log.warning("display %d does not exist (%d found); using display 0", index, count)
        index = 0
    pos = 0x2FFF0000 | index
    return pos, pos


def side_by_side(desktop: tuple[int, int], projector: tuple[int, int], console: tuple[int, int],
                 origin: tuple[int, int] = (0, 0)) -> tuple[tuple[int, int], tuple[int, int]]:
    """Where the projector and the console windows go when they share one screen: side by side, the
    projector on the left, centred together where both fit; where they do not, the projector at the left
    edge and the console at the right edge, so each shows as much as the screen allows. Without a window
    manager (a kiosk, Xvfb) both would open centred and the console would cover the projector."""
    (dw, dh), (pw, ph), (cw, ch) = desktop, projector, console
    ox, oy = origin
    if pw + cw <= dw:
        left = (dw - pw - cw) // 2
        return (ox + left, oy + max(0, (dh - ph) // 2)), (ox + left + pw, oy + max(0, (dh - ch) // 2))
    return (ox, oy + max(0, (dh - ph) // 2)), (ox + max(0, dw - cw), oy + max(0, (dh - ch) // 2))


def _origin(index: int) -> tuple[int, int]:
    """The top-left corner of display `index` in the desktop (SDL_GetDisplayBounds; (0, 0) where unknown)."""
    lib = _sdl()
    if lib is None:
        return 0, 0
    bounds = _Rect()
    try:
        if lib.SDL_GetDisplayBounds(index, ctypes.byref(bounds)) == 0:
            return bounds.x, bounds.y
    except (AttributeError, ctypes.ArgumentError):
        pass
    return 0, 0


def _shown_on(index: int | None) -> int:
    """The display a window asked for `index` opens on (a missing one: display 0)."""
    count = pygame.display.get_num_displays()
    return index if index is not None and 0 <= index < count else 0


class _Rect(ctypes.Structure):
    _fields_ = [("x", ctypes.c_int), ("y", ctypes.c_int), ("w", ctypes.c_int), ("h", ctypes.c_int)]


@functools.cache
def _sdl() -> ctypes.CDLL | None:
    """The SDL library pygame itself loaded (for SDL_UpdateWindowSurfaceRects, which pygame.Window lacks)."""
    try:
        with open("/proc/self/maps", encoding="utf-8") as maps:
            path = next(line.split()[-1] for line in maps if "libSDL2" in line and ".so" in line)
        lib = ctypes.CDLL(path)
        lib.SDL_GetWindowFromID.restype = ctypes.c_void_p
        lib.SDL_GetWindowFromID.argtypes = [ctypes.c_uint32]
        lib.SDL_UpdateWindowSurfaceRects.argtypes = [ctypes.c_void_p, ctypes.POINTER(_Rect), ctypes.c_int]
        return lib
    except (OSError, StopIteration, AttributeError):
        return None


def flip(window: pygame.Window, rects: list[pygame.Rect] | None) -> None:
    """Show the window's surface; only `rects` of it when given (a running clock's square costs a small
    fraction of sending the whole picture to the window system). Falls back to a full flip."""
    lib = _sdl() if rects else None
    if lib is not None and rects:
        handle = lib.SDL_GetWindowFromID(window.id)
        if handle:
            bounds = pygame.Rect((0, 0), window.size)
            parts = [r.clip(bounds) for r in rects]
            array = (_Rect * len(parts))(*(_Rect(r.x, r.y, r.w, r.h) for r in parts))
            if lib.SDL_UpdateWindowSurfaceRects(handle, array, len(parts)) == 0:
                return
    window.flip()


class Guard:
    """A bug while drawing a frame must not end the show: that picture is skipped (the last one
    stays on screen), the error is logged and shown on the console once per kind, and the next frame
    tries again."""

    def __init__(self, app: Show) -> None:
        self.app = app
        self.seen: set[tuple[str, str, str]] = set()
        self.failures = 0

    def run(self, what: str, draw: Callable[P, object], *args: P.args, **kwargs: P.kwargs) -> bool:
        try:
            draw(*args, **kwargs)
            return True
        except Exception as why:
            self.failures += 1
            kind = (what, type(why).__name__, str(why))
            if kind not in self.seen:
                self.seen.add(kind)
                log.exception("drawing the %s failed", what)
                part = self.app.say(f"console.part.{what}")
                self.app.notice(self.app.say("console.draw_error", what=part))
            return False


def tell_pictures(app: Show) -> None:
    """A picture that failed while a card was drawn (its card went up with a plate): the console says which
    and why, once."""
    for path, why in pictures.untold():
        app.notice(app.say("console.picture_failed", file=path.name, why=why))


class Windows:
    def __init__(self, args: Namespace, title: str, headless: bool) -> None:
        self.headless = headless
        self.size: tuple[int, int] = (args.size[0], args.size[1])
        self.projector: pygame.Window | None = None
        self.console: pygame.Window | None = None
        # Headless, the projector draws into a surface of its own; with windows, into the window's (a
        # full-screen surface allocated for nothing was 8 MB at 1080p, 32 MB at 4K).
        self.offscreen: pygame.Surface | None = pygame.Surface(args.size) if headless else None
        self.pads: dict[int, pygame.joystick.JoystickType] = {}  # instance id → open gamepad
        self.exposed = True  # the first frame is always drawn
        self.drawn_at = 0.0  # monotonic time of the projector's last frame
        self.console_later = False  # the console waits for the projector's next frame (a press came meanwhile)
        if headless:
            return
        other = args.console_display
        if other is None and pygame.display.get_num_displays() > 1:
            other = 0 if (args.display or 0) != 0 else 1
        where, beside = _on_display(args.display), _on_display(other)
        size = console_size(_desktop(other))
        shared = _shown_on(args.display) == _shown_on(other)
        desktop = _desktop(args.display)
        if not args.no_console and not args.fullscreen and shared and desktop is not None:
            where, beside = side_by_side(desktop, args.size, size, _origin(_shown_on(args.display)))
        self.projector = pygame.Window(title, args.size, position=where, resizable=True)
        if args.fullscreen:
            self.projector.set_fullscreen(desktop=True)
        if not args.no_console:
            self.console = pygame.Window(f"{title} — пульт", size, position=beside, resizable=True)
            self.console.minimum_size = CONSOLE_MIN
            self.console.focus()

    def loop(self, app: Show) -> None:
        frame = 1.0 / FPS
        mono = app.machine.monotonic
        next_frame = mono()
        app.go_live()
        guard = self.guard = Guard(app)
        # A frame of an older state is stale: it stops. The hall sees `hall` (a press being settled is not told).
        app.projector.latest = lambda: app.engine.state.hall
        while app.running and not stop_requested.is_set():
            next_frame = max(next_frame + frame, mono())
            with app.lock:
                self.events(app)
                guard.run("tick", app.tick)
            now = app.clock.now()
            target = self.projector_target()
            # A still picture costs nothing: each window is drawn and flipped only when it can have changed.
            drew = False
            since = mono() - self.drawn_at
            if self.exposed or app.projector.needs_frame(app.engine.state.hall, now, target.get_size(), since):
                self.drawn_at = mono()
                if self.exposed:  # the window's picture is lost: the frame is drawn whole, not what changed
                    app.projector.invalidate()
                drew = guard.run("projector", app.projector.render, target, app.engine.state.hall, now)
                if drew and app.projector.abandoned:  # a press came while a frame of the state before it was
                    app.changed.clear()  # drawn: that frame stopped, unshown; the press's is drawn at once
                    now = app.clock.now()
                    drew = guard.run("projector", app.projector.render, target, app.engine.state.hall, now)
                if drew and self.projector:
                    flip(self.projector, None if self.exposed else app.projector.dirty)
            # A press applied while the projector was drawn (the feed's change): its projector frame first, the
            # console right after it (once: a stream of changes never keeps the console from being drawn).
            later = drew and not self.exposed and app.changed.is_set() and not self.console_later
            self.console_later = later
            if self.console is not None and not later and (self.exposed or app.console.needs_frame(app.status, drew)):
                if guard.run("console", app.console.render, self.console.get_surface(), now, app.status, target):
                    self.console.flip()
            self.exposed = False
            if app.inputs.empty():
                guard.run("next", app.prepare_next, target.get_size())  # in the frame's idle time
            tell_pictures(app)
            # Until the next frame, presses from the boxes are applied as they arrive (not once a
            # frame), so the engine sees a press within a millisecond; a change is drawn at once.
            if app.wait_inputs(next_frame):
                next_frame = mono() - frame

    def projector_target(self) -> pygame.Surface:
        """What the projector draws on: its window, or (headless) the offscreen picture, made when first asked."""
        return self.projector.get_surface() if self.projector else self._offscreen()

    def _offscreen(self) -> pygame.Surface:
        """The projector's picture without a window (headless; the projector's window failed to open)."""
        if self.offscreen is None:
            self.offscreen = pygame.Surface(self.size)
        return self.offscreen

    def events(self, app: Show) -> None:
        for event in pygame.event.get():
            if event.type in REDRAW_EVENTS:
                self.exposed = True  # the window system lost the picture: draw both again
            app.safely(lambda e: self.event(app, e), event)  # one event's bug never loses the others

    def event(self, app: Show, event: pygame.event.Event) -> None:
        now = app.clock.now()
        if event.type == pygame.KEYDOWN:
            app.key(event.key, event.mod, now)
        elif event.type == pygame.TEXTINPUT and app.status.typing is not None:
            app.text_input(event.text)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.console is not None \
                and getattr(event, "window", None) == self.console:
            call = app.console.click(event.pos)
            if call is not None:
                app.call(call, now, "console")
        elif event.type == pygame.JOYDEVICEADDED:
            pad = pygame.joystick.Joystick(event.device_index)
            self.pads[pad.get_instance_id()] = pad  # kept open, or SDL stops sending its buttons
            app.hardware.pad_added(pad.get_instance_id(), event.device_index, pad.get_name(), pad.get_guid())
        elif event.type == pygame.JOYDEVICEREMOVED:
            self.pads.pop(event.instance_id, None)
            app.hardware.pad_removed(event.instance_id)
        elif event.type == pygame.JOYBUTTONDOWN:
            app.hardware.pad_button(event.instance_id, event.button, now)
        elif event.type in (pygame.WINDOWCLOSE, pygame.QUIT):
            app.call(Call("quit"), now, "window")
