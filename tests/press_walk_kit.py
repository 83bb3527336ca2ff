"""A random walk through every phase of a shipped show's format (random steps, random presses), and what a
phone would show at each step, through the runtime's own functions (runtime/web/phones.seat_facts, the view)."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from quizshow import registry
from quizshow.assemble import make_format
from quizshow.core import commands as c
from quizshow.core.actions import ActionContext, BadCall, Call, registry_for
from quizshow.core.effects import EventKind
from quizshow.core.engine import Engine, Outcome
from quizshow.core.format import Format, Refused
from quizshow.core.state import ShowState
from quizshow.house_words import show_words
from quizshow.i18n import Words
from quizshow.inputs.phones.seats import Seat
from quizshow.inputs.phones.view import PhoneView, seat_view
from quizshow.inputs.phones.words import PHRASES
from quizshow.runtime.web.phones import closing, seat_facts
from tests.conftest import ROOT, svoyak_config

# Every shipped show's format: both «Своя игра» variants (solo with phones, the team variant), «Брейн-ринг», the
# duel, the melee, the written quiz, a tournament's matches («Брейн-ринг» and the melee; the sprint's day).
SHOWS = ("phones.yaml", "svoyak-teams.yaml", "brainring.yaml", "duel.yaml", "melee.yaml", "written.yaml",
         "tournament-004.yaml", "tournament-001.yaml", "tournament-sprint.yaml")


def show_engine(show: str, seed: int = 7) -> Engine:
    config = svoyak_config(ROOT / "shows" / show)
    return Engine(make_format(config), seed)


def seats_of(show: str) -> list[Seat]:
    """A phone on every buzzer of the show: each team's (each player's where the format gives players buttons)."""
    config = svoyak_config(ROOT / "shows" / show)
    spec = registry.spec(config.format)
    found = []
    for t, team in enumerate(config.teams):
        if spec.player_buzzers:
            found += [Seat(t, p, name, team.name) for p, name in enumerate(team.players)]
        else:
            found.append(Seat(t, None, team.name, team.name))
    return found


def presses_at_all(show: str) -> bool:
    """Whether the show's phones are buttons (runtime/phones.phones_press: a phase takes presses)."""
    return any(phase.flags.buzzers_live for phase in registry.spec(svoyak_config(show_path(show)).format).phases)


def phone_sees(e: Engine, seat: Seat, at: float) -> PhoneView:
    """The seat's `state` as the web server would send it now (runtime/web/phones.py's own functions)."""
    fmt, state = e.format, e.state
    buttons = any(phase.flags.buzzers_live for phase in registry.spec(fmt.id).phases)
    live = fmt.setup.flags(state.phase).buzzers_live
    facts = seat_facts(fmt, live, state, seat, at, buttons)
    return seat_view(state, seat.team, seat.player, facts, closing(fmt, state), phone_words(fmt.id))


@cache
def phone_words(format_name: str) -> Words:
    """The words a show of the format says on its phones, as the composition root composes them."""
    spec = registry.spec(format_name)
    return show_words("ru", spec.phrases, PHRASES, refusals=spec.refusals)


def phone_press(e: Engine, seat: Seat, at: float, hold: float | None = None, source: float | None = None
                ) -> Outcome | Refused:
    """What the engine does with a tap of the seat's phone at `at` (as the feed's press stages map it to its
    button), without doing it; a Refused where the seat has no button now."""
    try:
        team, player = e.format.seat_button(e.state, seat.team, seat.player)
    except Refused as why:
        return why
    return e.propose(c.Buzz(at=at, team=team, player=player, source_time=at if source is None else source,
                            device="phone", hold=hold))


def taken(result: Outcome | Refused) -> bool:
    """A press taken: accepted, and not a false start (that is taken against the seat)."""
    return isinstance(result, Outcome) and result.accepted and \
        not any(event.kind == EventKind.FALSE_START for event in result.events)


def refusal_words(result: Outcome | Refused, words: Words) -> str | None:
    why = result if isinstance(result, Refused) else result.refusal
    return None if why is None else words.refusal(why.template, why.values)


# --- the random walk ------------------------------------------------------------------------------------------

WHAT = ("stall", "penalty", "captain_question", "repeat", "appeal_accepted", "appeal_rejected", "audience_hint")
RARE = {"undo", "back", "blank", "scores", "timer_add", "score_add", "score_set", "timer_stop", "disc", "mark",
        "late", "extra_players", "withdraw", "single", "end_round", "replay", "replay_earlier", "dispute",
        "dispute_verdict", "appeal", "appeal_question", "appeal_verdict"}
# A tournament's own steps that end its day early (typing results in, removing a team): rare too.
RARE_IN = {"tournament": {"fix_result", "undo_result", "enter", "report", "screen", "remove"}}
VALUES = (1, 10, 20, 30, 40, 50, 80, 100, 120, 150, 200, 300, 400, 500, 1000)


def _arg(kind: type, name: str, rng: random.Random) -> object:
    if kind is bool:
        return rng.random() < 0.5
    if kind is float:
        return float(rng.choice([5, 10, 30]))
    if kind is str:
        return rng.choice(WHAT) if name == "what" else rng.choice(("", "1", "A1", "M1"))
    if name == "points":
        return rng.choice([10, -10])
    if name in ("value", "amount"):  # a stake, a bid, a cat's value
        return rng.choice(VALUES)
    return rng.randrange(0, 6)


def candidates(fmt: Format, state: ShowState, at: float, rng: random.Random) -> Iterator[c.Command]:
    """Commands the operator's actions (the core's and the format's) make now, with random arguments."""
    actions = registry_for(registry.spec(fmt.id).actions)
    scores = [t.score for t in state.teams] or [0]
    for name in actions.names():
        action = actions.get(name)
        rare = name in RARE or name in RARE_IN.get(fmt.id, ())
        if action is None or action.local or (rare and rng.random() < 0.9):
            continue
        if action.args and all(a.kind is int and a.name not in ("points",) for a in action.args) and \
                len(action.args) <= 2:  # every small choice (a board's cells, a team, a value)
            tries = list(itertools.product(*((VALUES if a.name in ("value", "amount") else range(6))
                                             for a in action.args)))
        else:
            tries = [tuple(_arg(a.kind, a.name, rng) for a in action.args) for _ in range(4 * len(action.args) or 1)]
        for args in tries:
            amount = rng.choice([0, 1, 10, 20, 40, 100, 300, max(scores), max(1, max(scores) // 2)])
            try:
                cmd = actions.build(Call(name, args), ActionContext(state, at, fmt.rules, amount, str(amount)))
            except (BadCall, Refused, KeyError, IndexError, ValueError):
                continue
            if cmd is not None:
                yield cmd


@dataclass
class Walk:
    """A random walk through a show: each step a random press of a random seat (sometimes earlier than it
    arrives, with a hold-off) or an operator's step that reaches a new phase where it can, and time passing."""

    engine: Engine
    seats: list[Seat]
    rng: random.Random
    at: float = 1.0
    seen: set[str] = field(default_factory=set)
    novel: set[tuple[object, ...]] = field(default_factory=set)

    def key(self, state: ShowState) -> tuple[object, ...]:
        return state.phase, state.answering is None, len(state.locked), state.settling is None

    def step(self, check: Callable[[Engine, float], None]) -> None:
        e, rng = self.engine, self.rng
        check(e, self.at)
        self.seen.add(e.state.phase)
        if rng.random() < 0.35:  # a phone's tap, maybe made a little before it arrived, maybe held for others
            seat = rng.choice(self.seats)
            hold = rng.choice([None, None, 0.3])
            result = phone_press(e, seat, self.at, hold, self.at - rng.choice([0.0, 0.0, 0.05, 0.2]))
            if isinstance(result, Outcome) and result.accepted:
                e.commit(result)
        else:
            options = []
            for cmd in candidates(e.format, e.state, self.at, rng):
                out = e.propose(cmd)
                if out.accepted and out.changed:
                    options.append(out)
            fresh = [o for o in options if self.key(o.state) not in self.novel]
            onward = [o for o in options if isinstance(o.command, c.Go)]
            if fresh or options:  # a new phase where it can; else on (Next) more often than anything else
                chosen = rng.choice(fresh or (onward if onward and rng.random() < 0.5 else options))
                e.commit(chosen)
                self.novel.add(self.key(chosen.state))
        self.at += rng.choice([0.02, 0.1, 0.4, 1.0, 3.0, 40.0])
        e.dispatch(c.Tick(at=self.at))


def walk(show: str, seed: int, steps: int, check: Callable[[Engine, float], None], engine_seed: int = 7,
         until: set[str] | None = None, most: int = 4000) -> Walk:
    """`steps` random steps; with `until`, on (up to `most` steps in all) until every phase in it was seen — the show
    started afresh whenever a walk found nothing new for a while (a game played to its end)."""
    w = Walk(show_engine(show, engine_seed), seats_of(show), random.Random(seed))
    done, news, last_new = 0, 0, 0
    while done < steps or (until is not None and not until <= w.seen and done < most):
        w.step(check)
        done += 1
        if len(w.novel) != news:
            news, last_new = len(w.novel), done
        elif until is not None and done >= steps and done - last_new > 600:  # a whole board played without news
            w.engine, w.at, last_new = show_engine(show, engine_seed), 1.0, done
    return w


def expected_phases(show: str) -> set[str]:
    return {str(p) for p in registry.spec(svoyak_config(ROOT / "shows" / show).format).phases}


def show_path(show: str) -> Path:
    return ROOT / "shows" / show
