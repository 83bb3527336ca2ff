"""The coloured-table duel on the projector, after mockups/duel-tables.png: one scene composed of its parts.

«Альфа» above, «Бета» below, each row in the table order green, yellow, red, blue, so every table faces
the one it knocks out; the captain's blue tile says «капитан» (tables.py). Between the rows the 15-second
thinking bar (or, once the question is over, the answer: bar.py). On the right the press queue in timestamp
order with each press's margin behind the first (queue.py, rows.py, hint.py); the player being asked is gold
in the queue and on the table. A player who leaves drops out of the live tile into a dimmed one, name struck
out (motion.py). The bout's result springs open over the tables (result.py).

Still: everything that changes only with the state (one layer). Moving: the bar and its seconds, the
presses while the buzzers are live (presses.py), the asked tile's pulse, a new press's sweep in the queue,
a leaving tile, the result plate.
"""

from __future__ import annotations

from collections.abc import Hashable

import pygame

from quizshow.core.commands import Command
from quizshow.core.format import Format
from quizshow.core.state import ShowState
from quizshow.display import paint
from quizshow.display.duel import bar, heading, motion, presses, queue, result, tables
from quizshow.display.duel.common import duel_of, fmt_of, phase_of
from quizshow.display.scenes.base import Frame, Piece, Scene
from quizshow.formats.duel.commands import Hint
from quizshow.formats.duel.model import Phase
from quizshow.formats.duel.spec import SPEC


class DuelScene(Scene):
    name = "duel_tables"

    def key(self, frame: Frame) -> Hashable:
        duel = duel_of(frame)
        return self.name, duel.bout.number

    def draw(self, surface: pygame.Surface, frame: Frame) -> None:
        """The still layer, then the moving parts; where the presses' kept pictures cover it this frame (the
        queue's box, the tables that pressed: opaque, 3.2 million pixels at 4K), the layer is not copied
        first (issue 28 item 7: those pixels were written twice a frame)."""
        layer = self.prepare(frame)
        if layer is not None:
            kept = presses.kept(frame)
            holes = [rect for rect, _ in kept] if kept is not None else []
            for part in presses.outside(layer.get_rect(), holes):
                paint.blit(surface, layer.subsurface(part), part.topleft, give_way=frame.give_way)
        self.draw_moving(surface, frame)

    def warm(self, frame: Frame) -> bool:
        return presses.warm(frame)

    def static_key(self, frame: Frame) -> Hashable:
        return presses.still_key(frame)

    def draw_static(self, surface: pygame.Surface, frame: Frame) -> None:
        frame.paint_background(surface)
        heading.draw(surface, frame)
        still = not presses.live(frame)
        tables.draw(surface, frame, presses=still)
        tables.team_rows(surface, frame)
        bar.panel(surface, frame)
        queue.panel(surface, frame)
        if still:
            queue.draw(surface, frame)
        if phase_of(frame) is Phase.RESULT:  # the tables step back behind the result
            surface.fill(frame.color("duel_dim"), special_flags=pygame.BLEND_RGB_MULT)

    def perpetual(self, frame: Frame) -> bool:
        """The answering player's table glows, pulsing on its own: the loop draws every frame while it shows
        (with no clock running and nothing else moving, the glow froze at one brightness: QA 7)."""
        return fmt_of(frame).asked_now(frame.state) is not None

    def moving(self, frame: Frame) -> list[Piece] | None:
        """The asked table's pulse, a press sweeping into the queue, a table leaving, the result's plate
        springing open; while the buzzers are live, the thinking bar too (the presses' kept pictures change
        only with the state: a steady frame draws them again, clipped, where a piece changed)."""
        pieces: list[Piece] = []
        if presses.live(frame):
            pieces.append(bar.piece(frame))
        pieces += motion.pieces(frame)
        if phase_of(frame) is Phase.RESULT:
            pieces.append(result.piece(frame))
        return pieces

    def draw_moving(self, surface: pygame.Surface, frame: Frame) -> None:
        phase = phase_of(frame)
        if phase in (Phase.READING, Phase.THINKING, Phase.ANSWERING):
            bar.draw(surface, frame)
        presses.draw(surface, frame)
        motion.draw(surface, frame)
        if phase is Phase.RESULT:
            result.draw(surface, frame)


def choices(fmt: Format, state: ShowState, at: float) -> list[Command]:
    """While a question is played and no hint is shown, a hint (its text is the host's, unforeseen): its
    plate and the queue's rows beside it are rehearsed in idle time (Projector.ahead), so a hint's first
    frame makes only its words."""
    phase = SPEC.phase_of(state)
    asking = SPEC.state_of(state).asking
    if phase not in (Phase.READING, Phase.THINKING, Phase.ANSWERING) or asking is None or asking.hint_shown:
        return []
    return [Hint(at=at, text="…", show=True)]


SCENES: dict[str, Scene] = {scene.name: scene for scene in (DuelScene(),)}
PHASES = {phase: ("title" if phase is Phase.TITLE else DuelScene.name) for phase in Phase}
