"""The show state: immutable data, replaced (never mutated) by every accepted command."""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from typing import TypeVar

from quizshow.core.effects import Event
from quizshow.core.presslog import PressLog
from quizshow.core.timers import Timer

T = TypeVar("T")


@dataclass(frozen=True)
class Team:
    name: str
    color: str
    score: int = 0
    captain: str | None = None
    players: tuple[str, ...] = ()


@dataclass(frozen=True)
class View:
    blank: bool = False
    scores: bool = False  # the score overlay over the current scene
    replay: int | None = None  # the buzz replay: None off; else how many questions before the latest it shows


@dataclass(frozen=True)
class Banner:
    """A short announcement over the scene («Время!», «Фальстарт!») until `until` (show time)."""

    text_key: str
    until: float
    team: int | None = None


@dataclass(frozen=True)
class Settling:
    """A press being settled (spec/web.md v1.1, «announced once»): a phone that could still deliver an earlier
    press is connected, so the hall is told who answers only from `until` (show time: the first press's own
    time plus the phones' lag bound the runtime journalled with it, `Buzz.hold`). Meanwhile the hall sees
    `shown`, the state just before the first held press with the clock stopped at it; `events` are the held
    presses' BUZZ events, the answerer's among them said at `until` (Format.on_tick)."""

    until: float
    shown: ShowState
    events: tuple[Event, ...] = ()


@dataclass(frozen=True)
class ShowState:
    phase: str
    teams: tuple[Team, ...]
    timer: Timer = field(default_factory=Timer)
    presses: PressLog = field(default_factory=PressLog)
    answering: int | None = None  # the team whose answer is being judged
    locked: frozenset[int] = frozenset()  # teams out of the current question
    round: int = 0
    question: int | None = None  # index within the round's question list
    view: View = field(default_factory=View)
    banner: Banner | None = None
    seed: int = 0
    draws: int = 0  # how many draws by lot were taken from the seeded stream
    fmt: object = None  # the format's own frozen dataclass (FormatSpec.state): read through `part`, Format.own, .keep
    last_buzz_at: float | None = None  # for the console's Next guard after a press
    # The state just before the question clock ran out, while nothing but ticks followed: a press made
    # before the end whose line arrives after the expiry overturns it (Format.at_press).
    before_expiry: ShowState | None = None
    settling: Settling | None = None  # the answerer not yet told to the hall (a phone's press may still come)

    def part(self, kind: type[T]) -> T:
        """The format's own part (`fmt`) as `kind`: the one typed read of it (Format.own and FormatSpec.state_of
        call it). A show of another format holds another kind: a TypeError, never a wrong read."""
        found = self.fmt
        if not isinstance(found, kind):
            raise TypeError(f"the show holds {type(found).__name__}, not {kind.__name__}")
        return found

    def with_score(self, team: int, score: int) -> ShowState:
        teams = list(self.teams)
        teams[team] = replace(teams[team], score=score)
        return replace(self, teams=tuple(teams))

    def add_score(self, team: int, points: int) -> ShowState:
        return self.with_score(team, self.teams[team].score + points)

    def draw(self, count: int) -> tuple[ShowState, int]:
        """Draw one of `count` by lot. The stream is seeded from the journal, so a replay draws the same."""
        rng = random.Random(f"{self.seed}:{self.draws}")
        return replace(self, draws=self.draws + 1), rng.randrange(count)

    @property
    def hall(self) -> ShowState:
        """What the hall is shown (projector, lamps, overlay, desks): the state itself, or while a press is being
        settled the state before it (the engine's order is the truth; only its announcement waits)."""
        return self if self.settling is None else self.settling.shown

    def leaders(self) -> list[int]:
        best = max(t.score for t in self.teams)
        return [i for i, t in enumerate(self.teams) if t.score == best]
