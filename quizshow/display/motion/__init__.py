"""TV motion: how one picture gives way to the next (transitions), what flashes over a picture (a buzz in
the player's colour, a splash word), and the drawn artwork of the special cards.

Every piece is keyed by show time (never by frames) and costs at most one full-screen blit and one scale
a frame on top of the incoming scene, so a transition stays within the frame budget (docs/performance.md).
"""

from quizshow.display.motion.overlays import Flash, Splash
from quizshow.display.motion.transitions import Cut, Push, Transition, Wipe, Zoom, pick

__all__ = ["Cut", "Flash", "Push", "Splash", "Transition", "Wipe", "Zoom", "pick"]
