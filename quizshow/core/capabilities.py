"""What only some formats can do, each an optional protocol beside the shared `Format`: playing as a tournament's
match (MatchPlay), stakes and bids from phones (Stakes), answers typed on phones (TypedAnswers) and a lamp per
player (PlayerBuzzers).

A format that has one subclasses its protocol (mypy checks the methods against it); its spec is checked when it
is made (a match role needs MatchPlay, a player's own button needs PlayerBuzzers, stakes need phases where the
console types the amount). A caller asks the accessor (`stakes(fmt)`, …), which returns the capability or None,
and calls it only when it is there. Pure.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, cast, runtime_checkable

from quizshow.core.format import Format, Refused, Result
from quizshow.core.match import MatchResult
from quizshow.core.state import ShowState

NO_TYPED_ANSWERS = "typed answers are not taken now"  # the refusal of a typed answer where none is taken


@runtime_checkable
class MatchPlay(Protocol):
    """A format a tournament nests as a match (its spec names a `MatchRole`) implements this; the day reads the
    match through it, never through the format's own names. `match_result` is the one it must write."""

    def match_result(self, state: ShowState) -> MatchResult | None:
        """The match's result once the rules have decided it, else None."""
        ...

    def match_penalties(self, state: ShowState) -> tuple[int, ...]:
        """Discipline penalty points each team at the tables has earned so far in this match."""
        return ()

    def forfeit(self, state: ShowState, team: int, penalties: int) -> Result | None:
        """`team` is removed from the championship mid-match (seed 004 §6.15, `penalties` over the day):
        the match ends at once, won by the other table. None: the format has no such ending."""
        return None


@dataclass(frozen=True)
class StakeAsk:
    """A stake a team may make now (Stakes.stake_ask): from `low` to `high`, given to action `action` — as
    the typed amount with the team (`bid`, `stake`), or as its one argument when `by_value` (`catvalue`)."""

    low: int
    high: int
    action: str
    by_value: bool = False
    choices: tuple[int, ...] = ()  # the only values allowed (the cat's: the round's minimum or maximum); (): any


@runtime_checkable
class Stakes(Protocol):
    """A format where teams stake or bid (from their phones, or typed on the console in an `amount_entry` phase)."""

    def stake_ask(self, state: ShowState, team: int) -> StakeAsk | None:
        """What a team may stake or bid now from its phone (a phone's `stake` message): the bounds it shows
        and the action the value goes to; None: nothing to stake now."""
        ...

    def stake_held(self, state: ShowState, team: int) -> int | None:
        """The stake or bid a team holds now (the auction's leading bid, a finalist's secret stake): its phone
        shows it until the phase moves on. None: none."""
        return None


@dataclass(frozen=True)
class AnswerAsk:
    """A typed answer a team may send now (TypedAnswers.answer_ask): to question `question` (the number its phone
    sends back), until `until` on the show clock (None: no end is known yet — the clock has not started or
    is paused)."""

    question: int
    until: float | None
    kept: str | None = None  # the team's answer that counts so far (its own phone may show it back)
    # Where the window runs on past the hall's clock (the written quiz's minute, then its hand-in seconds): when
    # the hall's clock ends (the phone counts that first, as the hall sees it) and what the seconds after it
    # are, "hand_in" or "extra_minute" (the phone names them); None: the window is the hall's clock.
    clock_until: float | None = None
    then: str | None = None
    clock: str | None = None  # what the clock ending at `clock_until` is where it is not the hall's ("extra_minute")


@runtime_checkable
class TypedAnswers(Protocol):
    """A format that takes answers typed on the teams' phones (core/typed.py keeps them)."""

    def answer_ask(self, state: ShowState, team: int) -> AnswerAsk | None:
        """What a team may type now on its phone (a phone's `answer`): the question and when its window
        closes; None: no typed answer is taken from it now."""
        ...

    def answer_late(self, state: ShowState, team: int, question: int, sent: float) -> bool:
        """Whether a typed answer sent at show time `sent` is late for `question` (it is kept as late); raises
        Refused when the format takes no such answer now (no such question, a team that does not play it)."""
        ...

    def typed_refusal(self, state: ShowState, team: int) -> Refused | None:
        """Why a team may not type an answer now while others may (it sent the question in): its phone says so.
        None: nothing to say."""
        return None


@runtime_checkable
class PlayerBuzzers(Protocol):
    """A format where every player has a button of their own (FormatSpec.player_buzzers): it says each lamp."""

    def player_lamps(self, state: ShowState) -> dict[tuple[int, int], str]:
        """(team, player) -> ON, BLINK or OFF for each player's lamp that is not OFF."""
        ...


_HAS: dict[tuple[type, type], bool] = {}  # (format class, capability) -> whether it has it


def _has(kind: type, capability: type) -> bool:
    """Whether a format class has a capability (worked out once per class: the phones ask on every update)."""
    found = _HAS.get((kind, capability))
    if found is None:
        found = _HAS[kind, capability] = issubclass(kind, capability)
    return found


def match_play(fmt: Format) -> MatchPlay | None:
    """The format as a tournament's match, or None: it cannot be one."""
    return cast(MatchPlay, fmt) if _has(type(fmt), MatchPlay) else None


def stakes(fmt: Format) -> Stakes | None:
    """The format's stakes and bids, or None: teams stake nothing in it."""
    return cast(Stakes, fmt) if _has(type(fmt), Stakes) else None


def typed_answers(fmt: Format) -> TypedAnswers | None:
    """The format's typed answers, or None: it takes none."""
    return cast(TypedAnswers, fmt) if _has(type(fmt), TypedAnswers) else None


def player_buzzers(fmt: Format) -> PlayerBuzzers | None:
    """The format's lamps per player, or None: its buttons are the teams'."""
    return cast(PlayerBuzzers, fmt) if _has(type(fmt), PlayerBuzzers) else None
