"""A tournament day on the projector, scene by phase: its own screens between matches (the draw, the
standings, the bracket, the next match) and, in every phase of a nested match, the match format's own
scene (display/event/match.py). Still pictures are composed once per change of the day and blitted every
frame; idle time warms them (common.warm_day)."""

from __future__ import annotations

from quizshow.display.event.bracket import BracketScene
from quizshow.display.event.common import STILLS
from quizshow.display.event.draw import DrawScene
from quizshow.display.event.match import MatchScene
from quizshow.display.event.next import NextScene
from quizshow.display.event.standings import StandingsScene
from quizshow.display.event.typed import SPEC
from quizshow.display.scenes.base import Scene
from quizshow.formats.tournament.model import Screen

MATCH = MatchScene()
OWN: dict[Screen, Scene] = {Screen.DRAW: DrawScene(), Screen.STANDINGS: StandingsScene(),
                            Screen.BRACKET: BracketScene(), Screen.NEXT: NextScene()}
STILLS.extend((OWN[Screen.STANDINGS], OWN[Screen.BRACKET], OWN[Screen.NEXT]))  # warmed in idle time, in order



def _by_phase() -> dict[str, Scene]:
    """Every phase of the day: its own screens, and MATCH in each phase of a format it nests."""
    own = {screen.value: scene for screen, scene in OWN.items()}
    return {phase: own.get(phase.value, MATCH) for phase in SPEC.phases}


BY_PHASE = _by_phase()
