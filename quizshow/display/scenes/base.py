"""What a scene gets to draw one frame, and the scene interface."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field

import pygame

from quizshow.core.effects import Event, EventKind
from quizshow.core.format import Format
from quizshow.core.phases import PhaseFlags
from quizshow.core.state import ShowState
from quizshow.display import paint
from quizshow.display.text import TextCache
from quizshow.display.theme import Theme
from quizshow.display.tween import CountUp
from quizshow.display.video import VideoScreen
from quizshow.i18n import Words


@dataclass
class Animations:
    """Motion keyed by effects and state changes; it never decides anything."""

    count_up_s: float = 0.9
    scores: dict[int, CountUp] = field(default_factory=dict)
    flashes: dict[int, tuple[str, float]] = field(default_factory=dict)  # team -> (kind, started)
    happened: dict[EventKind, float] = field(default_factory=dict)  # kind -> when it last happened
    seen: dict[Hashable, float] = field(default_factory=dict)  # a thing on screen -> when it first showed

    def score(self, team: int, target: int, now: float) -> int:
        counter = self.scores.get(team)
        if counter is None:
            counter = self.scores[team] = CountUp(target, self.count_up_s)
        counter.set(target, now)
        return counter.value(now)

    def on_events(self, events: list[Event], now: float) -> None:
        for event in events:
            self.happened[event.kind] = now
            if event.team is not None and event.kind in (EventKind.BUZZ, EventKind.CORRECT, EventKind.WRONG,
                                                           EventKind.FALSE_START):
                if event.kind != EventKind.BUZZ or event.margin_s == 0:
                    self.flashes[event.team] = (event.kind.value, now)

    def recent(self, now: float, within: float) -> bool:
        """Whether anything happened (an event, a flash) in the last `within` seconds: its motion may
        still be running."""
        last = max([*self.happened.values(), *(t for _, t in self.flashes.values())], default=-1e9)
        return now - last < within

    def since(self, kind: EventKind, now: float) -> float:
        """Seconds since the last event of this kind (a large number if none yet)."""
        return now - self.happened.get(kind, -1e9)

    def age(self, thing: Hashable, now: float) -> float:
        """Seconds since `thing` first appeared on screen: entrance motion keyed by state, not frames."""
        return now - self.seen.setdefault(thing, now)

    def flash(self, team: int, now: float, duration: float = 0.6) -> tuple[str, float] | None:
        """(kind, strength 1→0) while a team's flash lasts."""
        found = self.flashes.get(team)
        if found is None or now - found[1] > duration:
            return None
        return found[0], 1 - (now - found[1]) / duration


class Layers:
    """Still layers by (scene, what it shows, size): the current picture's and those prepared for the
    host's likely next press (Next, either verdict). A few full-screen surfaces at most; the least recently
    shown is reused.

    Three are enough for every format but the duel (the current picture and Next, or either verdict): a
    fourth surface is made only when three are in use for the state on screen. A layer not used since the
    picture last changed (`changed`: the outgoing picture's, a verdict not given) gives its surface to the
    next one rather than a new surface being made (8 MB at 1080p, 32 MB at 4K each).

    In a frame (`framing`) no surface is made while a layer can give one: a picture no idle step foresaw
    (a format command) takes the surface of the least recently used layer prepared for what might come next
    (allocating one took 20 ms of a 4K frame). The layer on screen (`shown`, the last frame's) never gives
    its surface to another."""

    def __init__(self, keep: int = 4) -> None:
        self.keep = keep
        self._layers: OrderedDict[Hashable, pygame.Surface] = OrderedDict()
        self._spare: list[pygame.Surface] = []  # allocated in idle time (a 4K surface takes 15-20 ms)
        self.partial: dict[Hashable, tuple[int, int]] = {}  # key -> (bands composed, of how many)
        self._epoch = 0  # the pictures shown so far (`changed`)
        self._used: dict[Hashable, int] = {}  # key -> the epoch it was last used in
        self.lent = 0  # surfaces lent out as a transition's buffers (`lend`), counted as layers
        self.shown: Hashable = None  # the layer the last frame drew (the projector's): never evicted
        self.framing = False  # a frame is being drawn: a new layer takes a kept one's surface rather than a new one

    def changed(self) -> None:
        """A new state is on screen: layers not used for it from now on are the first to give way. The one
        used last (the picture just drawn) stays in use."""
        self._epoch += 1
        if self._layers:
            self._used[next(reversed(self._layers))] = self._epoch

    def reserve(self, size: tuple[int, int]) -> bool:
        """Idle time: allocate the full-screen surfaces the layers will take, one a call; True while more
        (one fewer than `keep`: see the class)."""
        have = sum(1 for s in [*self._layers.values(), *self._spare] if s.get_size() == size) + self.lent
        if have >= self.keep - 1:
            return False
        self._spare.append(pygame.Surface(size))
        return have + 1 < self.keep - 1

    def lend(self, size: tuple[int, int], outgoing: Hashable = None, keep: Hashable = None) -> pygame.Surface:
        """A full-screen surface for a transition's buffer while it runs (given back by `give_back`): the
        outgoing picture's own layer (`outgoing`: its pixels are copied into the buffer anyway), else a spare,
        else the least recently used layer but `keep` (the incoming picture's); a new one only if none is
        there. So a transition holds no full screens of its own (8 MB at 1080p, 32 MB at 4K each)."""
        self.lent += 1
        if outgoing in self._layers and outgoing not in self.partial and self._layers[outgoing].get_size() == size:
            self._used.pop(outgoing, None)
            return self._layers.pop(outgoing)
        spare = next((s for s in self._spare if s.get_size() == size), None)
        if spare is not None:
            self._spare.remove(spare)
            return spare
        for key, layer in self._layers.items():
            if key != keep and layer.get_size() == size:
                self.partial.pop(key, None)
                self._used.pop(key, None)
                return self._layers.pop(key)
        return pygame.Surface(size)

    def give_back(self, surface: pygame.Surface, size: tuple[int, int]) -> None:
        """A lent surface comes back as a spare (of the screen's `size`), unless the layers have their full
        number without it."""
        self.lent = max(0, self.lent - 1)
        if surface.get_size() != size:
            return
        have = sum(1 for s in [*self._layers.values(), *self._spare] if s.get_size() == size)
        if have + self.lent < self.keep - 1:
            self._spare.append(surface)

    def get(self, key: Hashable) -> pygame.Surface | None:
        layer = self._layers.get(key)
        if layer is not None:
            self._layers.move_to_end(key)
            self._used[key] = self._epoch
        return layer

    def _evict(self, stale: bool) -> pygame.Surface | None:
        """The least recently used layer goes (with `stale`, only one not used since the picture changed);
        its surface, or None if none went. The layer on screen goes last, only in idle time and once stale
        (presses faster than frames moved the show on): rather than a fourth full screen being made (32 MB at
        4K); otherwise it stays, the next transition's buffer."""
        for key in self._layers:
            if key != self.shown and (not stale or self._used.get(key, -1) < self._epoch):
                self.partial.pop(key, None)
                self._used.pop(key, None)
                return self._layers.pop(key)
        if stale and not self.framing and self.shown in self._layers and self._used.get(self.shown, -1) < self._epoch:
            self.partial.pop(self.shown, None)
            self._used.pop(self.shown, None)
            return self._layers.pop(self.shown)
        return None

    def new(self, key: Hashable, size: tuple[int, int]) -> pygame.Surface:
        layer = None
        if key not in self._layers and len(self._layers) + self.lent >= self.keep - 1:
            oldest = self._evict(stale=len(self._layers) + self.lent < self.keep)
            layer = oldest if oldest is not None and oldest.get_size() == size else None
        if layer is None:
            spare = next((s for s in self._spare if s.get_size() == size), None)
            if spare is not None:
                self._spare.remove(spare)
            elif self.framing and key not in self._layers and len(self._layers) + self.lent >= self.keep - 1:
                oldest = self._evict(stale=False)  # a likely next one's, never the picture on screen's
                spare = oldest if oldest is not None and oldest.get_size() == size else None
            layer = spare or pygame.Surface(size)
        self._layers[key] = layer
        self._layers.move_to_end(key)
        self._used[key] = self._epoch
        return layer


Piece = tuple[pygame.Rect, Hashable]  # a moving piece of a scene's picture: where it draws, what it shows


@dataclass
class Frame:
    state: ShowState
    fmt: Format
    theme: Theme
    text: TextCache
    now: float
    size: tuple[int, int]
    words: Words  # what the show says, in its language
    title: str
    anim: Animations
    layers: Layers = field(default_factory=lambda: Layers())  # the projector's still layers
    give_way: paint.GiveWayFn = paint.never  # drawing's safe points (paint.GiveWay), passed in by the projector
    video: VideoScreen | None = None  # the projector's video player (a card's clip); None: no video plays
    clocks: list[pygame.Rect] = field(default_factory=list)  # where clocks were drawn (a clock-only frame flips these)
    # The format's phase flags (its spec's, given by the projector: a format made without them, a test's or a
    # proof sheet's, still shows its answer); None: the format's setup's.
    phase_flags: Callable[[str], PhaseFlags] | None = None

    @property
    def flags(self) -> PhaseFlags:
        """The flags of the phase shown: what a shared card reads (never a format's phase names)."""
        return (self.phase_flags or self.fmt.setup.flags)(self.state.phase)

    def u(self, value: float) -> int:
        """Pixels for a length given on the 1080-line design grid."""
        return max(1, round(value * self.size[1] / 1080))

    @property
    def language(self) -> str:
        return self.words.language

    def say(self, key: str, **values: object) -> str:
        return self.words.say(key, **values)

    def color(self, name: str) -> pygame.Color:
        return self.theme.color(name)

    def team_color(self, team: int) -> pygame.Color:
        return self.theme.team_color(team, self.state.teams[team].color)

    def background(self) -> pygame.Surface:
        """The studio background as a new full-screen picture (none is kept: draw it with `paint_background`)."""
        t = self.theme
        return paint.background(self.size, paint.rgb(t.color("background_top")),
                                paint.rgb(t.color("background_bottom")), paint.rgb(t.color("glow")))

    def paint_background(self, surface: pygame.Surface, area: pygame.Rect | None = None) -> None:
        """The studio background over `surface` (only `area` of it, if given), drawn straight into it."""
        t = self.theme
        paint.draw_background(surface, self.size, paint.rgb(t.color("background_top")),
                              paint.rgb(t.color("background_bottom")), paint.rgb(t.color("glow")), self.give_way, area)


class Scene:
    """One kind of picture. `key` names what is shown: when it changes, the projector cross-fades.

    A scene whose picture is mostly still splits it: `draw_static` runs only when `static_key`
    changes and is kept as a layer; every frame blits that layer and adds `draw_moving` on top.
    """

    name = "scene"

    def key(self, frame: Frame) -> Hashable:
        return self.name

    def perpetual(self, frame: Frame) -> bool:
        """Whether the picture moves on its own with nothing happening (a glow, a bobbing cat): the
        projector then draws every frame; otherwise a still picture is not redrawn."""
        return False

    def enters_from(self, frame: Frame, old: str) -> pygame.Rect | None:
        """The rectangle of the outgoing scene `old` this picture grows out of (a board cell), or None.
        While it grows, its picture is drawn again only when something on it can move (the projector's
        `_still`: a clock, a banner, a video, flashes, count-ups, perpetual motion, a recent entrance)."""
        return None

    def warm(self, frame: Frame) -> bool:
        """Idle time: prepare a piece of what this picture may lead to that is not a still layer (texts);
        True while more is left (called again in the next frame's idle time)."""
        return False

    def static_key(self, frame: Frame) -> Hashable | None:
        """What the still part depends on; None: the scene draws everything every frame."""
        return None

    def moving(self, frame: Frame) -> list[Piece] | None:
        """What `draw_moving` draws in this frame, piece by piece, for the projector's steady frames (a frame of
        the state the last frame drew, over the same still layer): each piece's rectangle, which holds all it
        draws, and what it shows, a key that differs whenever its pixels may (a count's value, a clock's time,
        a row's place). Only the pieces that changed since the last frame are restored from the still layer
        and drawn again (dirty rectangles). None (the default): every frame is drawn whole. A scene returning
        pieces promises that its `draw` is its still layer with `draw_moving` over it."""
        return None

    def draw(self, surface: pygame.Surface, frame: Frame) -> None:
        layer = self.prepare(frame)
        if layer is not None:
            paint.blit(surface, layer, give_way=frame.give_way)
        self.draw_moving(surface, frame)

    def prepare(self, frame: Frame) -> pygame.Surface | None:
        """The still layer for this frame's state, composed now unless it is kept already."""
        static = self.static_key(frame)
        if static is None:
            return None
        key = (self.name, static, frame.size)
        layer = frame.layers.get(key)
        if layer is None:
            frame.give_way()
            layer = frame.layers.new(key, frame.size)
            frame.layers.partial[key] = (0, 1)  # begun until drawn (idle drawing may be cut short)
            self.draw_static(layer, frame)
            frame.layers.partial.pop(key, None)
        elif key in frame.layers.partial:  # begun band by band during a transition: finish it
            while not self.prepare_part(frame, frame.layers.partial[key][1]):
                pass
        return layer

    def prepare_part(self, frame: Frame, parts: int) -> bool:
        """Compose one more horizontal band (of `parts`) of the still layer: the whole picture is drawn with
        the layer clipped to the band, so each frame pays for a part of the pixels (a 4K layer costs 20-30 ms
        at once). True once the layer is complete."""
        static = self.static_key(frame)
        if static is None:
            return True
        key = (self.name, static, frame.size)
        layer = frame.layers.get(key)
        if layer is not None and key not in frame.layers.partial:
            return True
        if layer is None:  # begun: a band cut short (idle time) leaves it begun, not complete
            layer = frame.layers.new(key, frame.size)
            frame.layers.partial[key] = (0, parts)
        done, parts = frame.layers.partial.get(key, (0, parts))  # begun in other bands: keep to them
        w, h = frame.size
        layer.set_clip(pygame.Rect(0, h * done // parts, w, h * (done + 1) // parts - h * done // parts))
        try:
            self.draw_static(layer, frame)
        finally:
            layer.set_clip(None)
        if done + 1 >= parts:
            frame.layers.partial.pop(key, None)
            return True
        frame.layers.partial[key] = (done + 1, parts)
        return False

    def draw_static(self, surface: pygame.Surface, frame: Frame) -> None:
        pass

    def draw_moving(self, surface: pygame.Surface, frame: Frame) -> None:
        raise NotImplementedError
