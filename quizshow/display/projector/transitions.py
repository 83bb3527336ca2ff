"""How one scene gives way to the next on air: the last frame of the outgoing scene is copied into a buffer
lent by the still layers, the incoming scene's still layer is composed band by band behind it (the outgoing
picture standing still a frame or three), then the TV motion (display/motion) runs; at its end the buffers go
back to the still layers. No full-screen surface is kept between transitions.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

import pygame

from quizshow.display import motion, paint
from quizshow.display.projector.cache import is_still, layer_key
from quizshow.display.scenes.base import Frame, Layers, Scene
from quizshow.display.theme import Theme

COMPOSE_S = 0.12  # a new layer is composed band by band for at most this long, then at once
SceneKey = tuple[Hashable, tuple[int, int]]  # (the scene's key, the size)


def bands(size: tuple[int, int]) -> int:
    """How many frames a new still layer is composed over: two up to 1920×1080 (at once it took one frame of
    8-12 ms), a band per ~1.4 million pixels above (six at 3840×2160): the picture holds for at most a tenth
    of a second before its motion starts."""
    return max(2, round(size[0] * size[1] / 1_382_400))


class Transitions:
    def __init__(self, layers: Layers, theme: Theme) -> None:
        self.layers = layers
        self.theme = theme
        self.key: SceneKey | None = None  # the scene last drawn, and its size
        self.scene: Scene | None = None
        self.transition: motion.Transition | None = None
        # A transition's buffers, lent by the still layers only while it runs (`lend`, `give_back`):
        self.buffer: pygame.Surface | None = None  # the outgoing picture
        self.incoming: pygame.Surface | None = None  # the incoming one, for transitions that move it
        self.composing = 0  # bands of the incoming still layer still to compose before the motion starts
        self.incoming_shows: object | None = None  # whose picture the incoming buffer holds (a state), if known

    def running(self, now: float) -> bool:
        return self.transition is not None and (bool(self.composing) or not self.transition.done(now))

    def switch(self, surface: pygame.Surface, scene: Scene, key: SceneKey, frame: Frame,
               outgoing: Callable[[Scene], Hashable]) -> bool:
        """A frame of `scene`: when it is another scene than the last frame's (at the same size), a transition
        starts from the picture on `surface`, copied into a buffer (`outgoing` names the old scene's still
        layer, lent first). True: the surface shows the outgoing picture already (just copied from it)."""
        shows_outgoing = False
        if key != self.key:
            if self.key is not None and self.key[1] == key[1] and self.scene is not None:
                duration = self.theme.motion.get("transition_s", 0.45)
                origin = scene.enters_from(frame, self.scene.name)
                self.transition = motion.pick(self.scene.name, scene.name, frame.now,
                                              duration * (1.2 if origin else 1), origin,
                                              paint.rgb(self.theme.color("accent")))
                self.lend(frame.size, outgoing(self.scene), layer_key(scene, frame))
                assert self.buffer is not None
                paint.blit(self.buffer, surface, give_way=frame.give_way)
                shows_outgoing = True
                # A big picture whose still layer is not ready is composed band by band first, the
                # outgoing picture standing still meanwhile (a frame or three); then the motion starts.
                self.composing = bands(frame.size)
                self.incoming_shows = None
            self.key = key
            self.scene = scene
        return shows_outgoing

    def compose(self, scene: Scene, frame: Frame) -> bool:
        """A band of the incoming still layer composed behind the outgoing picture. True: this frame only
        composes (the outgoing picture stands still; the incoming one is half composed)."""
        if not (self.composing and self.transition is not None):
            return False
        late = frame.now - self.transition.started > COMPOSE_S  # frames far apart (a test, a stall): at once
        if late:
            scene.prepare(frame)
        if late or scene.prepare_part(frame, self.composing):
            self.composing = 0
            if not late:  # the motion runs its whole length from the next frame
                self.transition.started = frame.now
                return True
            return False
        return True

    def draw(self, surface: pygame.Surface, scene: Scene, frame: Frame, composing: bool,
             shows_outgoing: bool) -> bool:
        """A transition's frame: the outgoing picture standing still while the incoming layer is composed,
        or the motion between the two. False: no transition runs (one that has ended gives its buffers back),
        the scene is drawn as any frame."""
        if composing:
            if not shows_outgoing and self.buffer is not None:  # (a full-screen copy fewer in the first frame)
                paint.blit(surface, self.buffer, give_way=frame.give_way)
            return True
        now = frame.now
        if self.transition is not None and not self.transition.done(now) and self.buffer is not None:
            self.transition.compose(surface, self.buffer, self.incoming or self.buffer,
                                    lambda target: self._draw_incoming(target, scene, frame), now, frame.give_way)
            return True
        self.transition = None
        if self.buffer is not None:
            self.give_back(frame.size)
        return False

    def lend(self, size: tuple[int, int], outgoing: Hashable, incoming: Hashable) -> None:
        """A transition starts: its buffers are borrowed from the still layers (the outgoing picture's own
        layer first: its pixels are copied into the buffer), the incoming one only for a transition that
        moves the new picture (the zoom)."""
        assert self.transition is not None
        if self.buffer is not None and self.buffer.get_size() != size:
            self.give_back(size)
        if self.buffer is None:
            self.buffer = self.layers.lend(size, outgoing if outgoing != incoming else None, incoming)
        if self.transition.moves_incoming and self.incoming is None:
            self.incoming = self.layers.lend(size, None, incoming)
        self.incoming_shows = None

    def give_back(self, size: tuple[int, int]) -> None:
        """A transition has ended: its buffers go back to the still layers (as spares, if they are wanted)."""
        for buffer in (self.buffer, self.incoming):
            if buffer is not None:
                self.layers.give_back(buffer, size)
        self.buffer = self.incoming = None
        self.incoming_shows = None

    def _draw_incoming(self, target: pygame.Surface, scene: Scene, frame: Frame) -> None:
        """The incoming scene for a transition's frame. Drawn into the spare buffer (the zoom's card, a push
        from the left or the top), it is kept while nothing on it can move: the card zooming out of its
        cell then costs its scaling only (at 3840×2160 drawing it again took ~5 ms of a 13-17 ms frame)."""
        whole = target is self.incoming and target.get_clip() == target.get_rect()  # not a push's part
        if whole and self.incoming_shows is frame.state and is_still(scene, frame):
            return
        scene.draw(target, frame)
        if target is self.incoming:
            self.incoming_shows = frame.state if whole else None
