"""The broadcast overlay on the show's web server (spec/web.md «Broadcast overlay», docs/overlay.md):
`GET /overlay` (a transparent 1920×1080 page for OBS, vMix, CasparCG) and `WS /overlay/ws`, the
read-only snapshot feed.

The snapshot is built on the thread that changed the state (a direct sink: a pure function of the
state, microseconds), only kept when a reader would see a difference, numbered, encoded once and handed
to the server's loop, which sends it to every reader. Nothing a reader sends is read.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import json
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from aiohttp import WSMsgType, web

from quizshow.core.clock import SYSTEM, Clock
from quizshow.core.engine import Engine, Outcome
from quizshow.core.format import Format
from quizshow.core.state import ShowState
from quizshow.core.timers import Timer
from quizshow.i18n import Words
from quizshow.outputs.overlay.snapshot import OverlayShow, snapshot
from quizshow.outputs.overlay.words import WORDS
from quizshow.runtime.web.limits import frames

if TYPE_CHECKING:
    from quizshow.config import ShowConfig
    from quizshow.display.theme import Theme
    from quizshow.runtime.show.sinks import Sinks

Network = ipaddress.IPv4Network | ipaddress.IPv6Network
LAYOUTS = ("all", "scores", "clock", "lower")
HEARTBEAT_S = 10.0
FONT_ROLES = ("heading", "body", "numbers")
CSS_COLOURS = ("panel", "panel_top", "panel_edge", "panel_dark", "panel_played", "text", "muted", "accent",
               "warning", "good", "bad", "negative")
# What a reader would see change: the snapshot but its clock's seconds, the clock's (running, total), the timer.
SnapshotKey = tuple[str, tuple[bool, float] | None, Timer]


class OverlayApp(Protocol):
    """What the overlay reads of the show (the composition root's app)."""

    @property
    def config(self) -> ShowConfig: ...
    @property
    def engine(self) -> Engine: ...
    @property
    def format(self) -> Format: ...
    @property
    def theme(self) -> Theme: ...
    @property
    def sinks(self) -> Sinks: ...
    @property
    def words(self) -> Words: ...

    def now(self) -> float: ...


class OverlayServer(Protocol):
    """What the overlay needs of the web server it is served by (runtime/web/server.py)."""

    mounts: list[Callable[[web.Application], None]]
    overlay: OverlayFeed | None


class OverlayFeed:
    """The overlay's readers and the last snapshot. `state` gives (state, format, now) of the show; `clock`
    times a reader's control frames."""

    def __init__(self, show: OverlayShow, state: Callable[[], tuple[ShowState, Format, float]],
                 allow: tuple[str, ...] = (), theme: Theme | None = None, *, clock: Clock = SYSTEM) -> None:
        self.show = show
        self.state = state
        self.clock = clock
        self.allow: tuple[Network, ...] = tuple(ipaddress.ip_network(a, strict=False) for a in allow)
        self.theme = theme
        self.readers: dict[web.WebSocketResponse, int] = {}  # reader → the last seq it was sent
        self.loop: asyncio.AbstractEventLoop | None = None
        self.seq = 0
        self.text = ""  # the last snapshot, encoded
        self._last: SnapshotKey | None = None
        self._lock = threading.Lock()
        self.refresh()

    # --- built where the state changes (any thread) --------------------------------------------------------

    def refresh(self) -> bool:
        """Build the snapshot of the state now; if a reader would see a difference, number it and send it
        to every reader from the server's loop. True when one went out."""
        state, fmt, now = self.state()
        snap = snapshot(state, fmt, self.show, now)
        clock = snap["clock"]
        # A running clock's seconds left are no news (the page counts down itself); its timer is.
        key: SnapshotKey = (json.dumps({**snap, "clock": None}, ensure_ascii=False, sort_keys=True),
               None if clock is None else (clock["running"], clock["total_s"]), state.timer)
        with self._lock:
            if key == self._last:
                return False
            self._last = key
            self.seq += 1
            seq = self.seq
            text = self.text = json.dumps({**snap, "seq": seq}, ensure_ascii=False)
        loop = self.loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(self._send_all, text, seq)
        return True

    # --- on the server's loop ------------------------------------------------------------------------------

    def mount(self, app: web.Application) -> None:
        """Add the overlay's routes (called on the server's loop as it starts)."""
        self.loop = asyncio.get_running_loop()
        app.router.add_get("/overlay", self._page)
        app.router.add_get("/overlay/ws", self._socket)
        app.router.add_get("/overlay/theme.css", self._css)
        app.router.add_get("/overlay/font/{role}", self._font)
        app.on_shutdown.append(self._shutdown)

    def allowed(self, request: web.Request) -> bool:
        if not self.allow:
            return True
        try:
            address = ipaddress.ip_address((request.remote or "").split("%")[0])
        except ValueError:
            return False
        if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
            address = address.ipv4_mapped
        return any(address in net for net in self.allow)

    def _refuse(self, request: web.Request) -> None:
        if not self.allowed(request):
            raise web.HTTPForbidden(text=f"{request.remote} may not read this show's overlay "
                                         "(devices.web.overlay_allow)")

    async def _page(self, request: web.Request) -> web.StreamResponse:
        self._refuse(request)
        layout = request.query.get("layout", "all")
        if layout not in LAYOUTS:
            raise web.HTTPBadRequest(text=f"layout '{layout}' is not one of {', '.join(LAYOUTS)}")
        return web.Response(body=_static("overlay.html"), content_type="text/html", charset="utf-8",
                            headers={"Cache-Control": "no-store"})

    async def _css(self, request: web.Request) -> web.StreamResponse:
        """The theme's colours and fonts as CSS variables: the overlay looks like the projector."""
        self._refuse(request)
        return web.Response(text=theme_css(self.theme), content_type="text/css", charset="utf-8",
                            headers={"Cache-Control": "no-cache"})

    async def _font(self, request: web.Request) -> web.StreamResponse:
        self._refuse(request)
        role = request.match_info["role"]
        fonts = getattr(self.theme, "fonts", {}) or {}
        path = fonts.get(role) if role in FONT_ROLES else None
        if not isinstance(path, Path) or not path.is_file():
            raise web.HTTPNotFound()
        kind = {".otf": "font/otf", ".woff2": "font/woff2", ".woff": "font/woff"}.get(path.suffix.lower(), "font/ttf")
        return web.FileResponse(path, headers={"Content-Type": kind, "Cache-Control": "max-age=3600"})

    async def _socket(self, request: web.Request) -> web.StreamResponse:
        self._refuse(request)
        # A reader that vanished without closing (the streaming PC switched off) misses a ping: closed.
        ws = web.WebSocketResponse(max_msg_size=4096, heartbeat=HEARTBEAT_S, autoping=False)
        await ws.prepare(request)
        self.readers[ws] = 0
        try:
            words = {key.split(".", 1)[1]: text for key, text in
                     WORDS.get(self.show.language, WORDS["ru"]).items()}
            await _send(ws, json.dumps({"t": "hello", "lang": self.show.language, "words": words},
                                       ensure_ascii=False))
            with self._lock:
                text, seq = self.text, self.seq
            if self.readers[ws] < seq:  # (unless a newer one went out while the hello did)
                self.readers[ws] = seq
                await _send(ws, text)
            async for msg in frames(ws, clock=self.clock):  # read-only: whatever a reader sends is dropped
                if msg.type == WSMsgType.ERROR:
                    break
        finally:
            self.readers.pop(ws, None)
        return ws

    def _send_all(self, text: str, seq: int) -> None:
        for ws, sent in list(self.readers.items()):
            if sent < seq:
                self.readers[ws] = seq
                asyncio.ensure_future(_send(ws, text))

    async def _shutdown(self, app: web.Application) -> None:
        for ws in list(self.readers):
            with contextlib.suppress(Exception):
                await ws.close()


async def _send(ws: web.WebSocketResponse, text: str) -> None:
    if ws.closed:
        return
    with contextlib.suppress(ConnectionError, RuntimeError):
        await ws.send_str(text)


def theme_css(theme: Theme | None) -> str:
    lines = [":root {"]
    colours = getattr(theme, "colors", {}) or {}
    for name in CSS_COLOURS:
        colour = colours.get(name)
        if colour is not None:
            lines.append(f"  --{name.replace('_', '-')}: #{colour.r:02x}{colour.g:02x}{colour.b:02x};")
    lines.append("}")
    fonts = getattr(theme, "fonts", {}) or {}
    for role in FONT_ROLES:
        if isinstance(fonts.get(role), Path):
            lines.append(f'@font-face {{ font-family: "show-{role}"; src: url("/overlay/font/{role}"); }}')
    motion = getattr(theme, "motion", {}) or {}
    lines.append(f":root {{ --count-up-s: {float(motion.get('count_up_s', 0.9))}; }}")
    return "\n".join(lines) + "\n"


def _static(name: str) -> bytes:
    from importlib import resources

    return resources.files("quizshow.web").joinpath("static", name).read_bytes()


def attach(app: OverlayApp, server: OverlayServer, *, clock: Clock = SYSTEM) -> OverlayFeed:
    """Wire the overlay to a show and its web server (before the server starts): built on every change
    of the state, pushed from the server's loop."""
    config = app.config
    web_config = config.devices.web
    colours = []
    for index, team in enumerate(app.engine.state.teams):
        c = app.theme.team_color(index, team.color or None)
        colours.append(f"#{c.r:02x}{c.g:02x}{c.b:02x}")
    show = OverlayShow(config.title, app.words, tuple(colours))
    feed = OverlayFeed(show, lambda: (app.engine.state, app.format, app.now()),
                       getattr(web_config, "overlay_allow", ()) if web_config is not None else (), app.theme,
                       clock=clock)
    server.mounts.append(feed.mount)
    server.overlay = feed

    def changed(outcome: Outcome, now: float) -> None:
        if outcome.changed:
            feed.refresh()

    app.sinks.direct.append(changed)
    return feed
