"""The projector's layer stack: what covers what, said in one place.

Bottom to top (`STACK`): the phase's scene, the buzz flash, a splash, the score overlay, the buzz replay, the
phones' «Подключение игроков», blank, the line check. Each layer has one rule:

- `BASE`: the phase's scene (composed with the outgoing picture while a transition runs). Always there.
- `ON_TOP`: drawn over the layers below it while it is live; the picture below shows around it.
- `COVERS`: a whole picture of its own (a scene, reached by a transition like any other): while it is live
  it hides every layer below it, and only `ON_TOP` layers above it in the stack could show over it (none do:
  a technical screen or the blank shows nothing else).

So a blank hides the flash, the splash and the overlay; the line check hides even a blank; the join codes
hide the show but not a blank. The buzz replay is a picture of the show itself: it covers the show and its
overlay, and the technical screens (the join codes, blank, the line check) cover it. Which layers are live
is read from the state and the projector's switches (`Live`), never decided here.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Rule(Enum):
    BASE = "base"  # the phase's scene: shown when no covering layer is live
    ON_TOP = "on top"  # drawn over what is below while live
    COVERS = "covers"  # an opaque picture of its own: hides every layer below while live


@dataclass(frozen=True)
class Layer:
    name: str
    rule: Rule
    note: str  # what the hall sees (the docs' table reads these)


PHASE = Layer("phase", Rule.BASE, "the format's scene for the phase, with its transitions")
FLASH = Layer("flash", Rule.ON_TOP, "the frame's edges light in the colour of whoever buzzed first")
SPLASH = Layer("splash", Rule.ON_TOP, "«Аукцион!», «Раунд окончен»: a band sweeping over the scene it was made over")
OVERLAY = Layer("overlay", Rule.ON_TOP, "the standings card sliding up (not over the standings scene itself)")
REPLAY = Layer("replay", Rule.COVERS, "«Повтор нажатий»: a question's presses on a time axis, the verdict under it")
JOIN = Layer("join", Rule.COVERS, "the phones' «Подключение игроков» codes")
BLANK = Layer("blank", Rule.COVERS, "a black screen")
LINE_CHECK = Layer("line_check", Rule.COVERS, "«Проверка кнопок»")

# The one place that says the order, bottom first.
STACK: tuple[Layer, ...] = (PHASE, FLASH, SPLASH, OVERLAY, REPLAY, JOIN, BLANK, LINE_CHECK)


@dataclass(frozen=True)
class Live:
    """Which optional layers are live this frame (the phase's scene always is)."""

    flash: bool = False
    splash: bool = False
    overlay: bool = False
    replay: bool = False
    join: bool = False
    blank: bool = False
    line_check: bool = False

    def __contains__(self, layer: Layer) -> bool:
        return layer.rule is Rule.BASE or bool(getattr(self, layer.name))


def cover(live: Live) -> Layer:
    """The layer whose picture fills the screen: the highest live `COVERS` layer, else the phase's scene."""
    for layer in reversed(STACK):
        if layer.rule is not Rule.ON_TOP and layer in live:
            return layer
    return PHASE  # pragma: no cover - PHASE is always live


def on_top(live: Live) -> list[Layer]:
    """The live `ON_TOP` layers drawn over the covering picture, bottom first."""
    base = STACK.index(cover(live))
    return [layer for layer in STACK[base + 1:] if layer.rule is Rule.ON_TOP and layer in live]


def shown(live: Live) -> list[Layer]:
    """Every layer the hall sees, bottom first: the covering picture and what is drawn over it."""
    return [cover(live), *on_top(live)]
