"""The tournament day as its views read it: typed through the format contract (FormatSpec.state_of,
format_of), never by reaching into an untyped `state.fmt`."""

from __future__ import annotations

from quizshow import registry
from quizshow.core.format import Format
from quizshow.core.spec import FormatSpec, Phase
from quizshow.core.state import ShowState
from quizshow.formats.tournament.format import TournamentFormat
from quizshow.formats.tournament.model import EventState

SPEC: FormatSpec[TournamentFormat, EventState, Phase] = registry.TOURNAMENT


def event(state: ShowState) -> EventState:
    """The day's state (the draw, the results, the match being played here)."""
    return SPEC.state_of(state)


def tournament(fmt: Format) -> TournamentFormat:
    """The day's reducer (the stage plans, the nested match's format)."""
    return SPEC.format_of(fmt)
