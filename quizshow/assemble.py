"""Build the engine side of a show from its config: teams, rules, pack → a format instance."""

from __future__ import annotations

from quizshow import registry
from quizshow.config import ShowConfig
from quizshow.core.format import Format, Setup
from quizshow.core.registration import Registration
from quizshow.core.state import Team


def make_format(config: ShowConfig) -> Format:
    teams = tuple(Team(name=t.name, color=t.color or "", captain=t.captain, players=t.players)
                  for t in config.teams)
    spec = registry.spec(config.format)
    setup = Setup(title=config.title, teams=teams, rules=dict(config.rules), pack=config.pack, flags=spec.flags,
                  registrations=tuple(t.registration or Registration() for t in config.teams))
    return spec.make(setup)
