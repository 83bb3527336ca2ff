"""Typed commands: everything that may change the show, stamped with show time `at` (seconds).

Adapters (keyboard, console, serial, OSC) build commands; the engine applies them; the journal
stores them as JSON lines. A command class is registered by its journal name so a journal line maps
back to it: the class name for the shared commands here, `<namespace>.<ClassName>` for a format's own
(`class Guess(Command, namespace="duel")`). A name taken twice is an error at import, never a silent
overwrite.
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass
from typing import ClassVar

from quizshow.core.loose import JsonObject

_REGISTRY: dict[str, type[Command]] = {}


@dataclass(frozen=True)
class Command:
    at: float
    # Undo takes back the last command whose class says so (scoring, judging, choices).
    undoable: ClassVar[bool] = False
    # Taking it back needs a confirmed Undo (a recorded result of a tournament day): a plain Undo stops there.
    confirm_undo: ClassVar[bool] = False
    journal_name: ClassVar[str] = "Command"  # the `type` of its journal lines
    # A step of a dispute (a disputed answer, an appeal, a jury's ruling on one): the report of the night lists it
    # with the disputes (quizshow/report/).
    dispute: ClassVar[bool] = False

    def __init_subclass__(cls, namespace: str | None = None, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        name = f"{namespace}.{cls.__name__}" if namespace else cls.__name__
        known = _REGISTRY.get(name)
        if known is not None and (known.__module__, known.__qualname__) != (cls.__module__, cls.__qualname__):
            raise TypeError(f"command name '{name}' is taken by {known.__module__}.{known.__qualname__}; "
                            f"give {cls.__module__}.{cls.__qualname__} a namespace")
        cls.journal_name = name
        _REGISTRY[name] = cls


_NAMES: dict[type, tuple[str, ...]] = {}  # a command class's field names (dataclasses.fields: 15 µs a call)


def to_json(command: Command) -> JsonObject:
    cls = type(command)
    names = _NAMES.get(cls)
    if names is None:
        names = _NAMES[cls] = tuple(field.name for field in dataclasses.fields(command))
    data: JsonObject = {"type": cls.journal_name}
    for name in names:
        value = getattr(command, name)
        if value is not None:
            data[name] = value
    return data


class UnknownCommand(ValueError):
    pass


# The JSON types a field's annotation allows (bool is not an int here; an int is a float).
_JSON_TYPES: dict[str, tuple[type, ...]] = {"float": (int, float), "int": (int,), "bool": (bool,), "str": (str,)}


_FIELDS: dict[type, list[tuple[str, tuple[type, ...], bool, bool, str]]] = {}


def _fields(cls: type[Command]) -> list[tuple[str, tuple[type, ...], bool, bool, str]]:
    """(name, JSON types, None allowed, required, annotation) of each field, worked out once a class."""
    known = _FIELDS.get(cls)
    if known is None:
        known = []
        for f in dataclasses.fields(cls):
            parts = [part.strip() for part in str(f.type).split("|")]
            types = tuple(t for part in parts for t in _JSON_TYPES.get(part, ()))
            known.append((f.name, types, "None" in parts, f.default is dataclasses.MISSING, str(f.type)))
        _FIELDS[cls] = known
    return known


def from_json(data: JsonObject, complete: bool = False) -> Command:
    """A journal line's object → its command; UnknownCommand or TypeError (naming the field) if it is
    not one, so a damaged line is reported, never taken for another command. `complete`: every field
    `to_json` writes (all but those that are None) must be there, none is defaulted."""
    kind = data.get("type")
    cls = _REGISTRY.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise UnknownCommand(f"unknown command type {str(kind)[:40]!r}")
    kwargs = {}
    for name, types, optional, required, annotation in _fields(cls):
        if name not in data:
            if required or (complete and not optional):
                raise TypeError(f"{kind}: '{name}' is missing (expected {annotation})")
            continue
        value = data[name]
        if value is None and optional:
            pass
        elif type(value) not in types or (type(value) is float and not math.isfinite(value)):
            raise TypeError(f"{kind}: '{name}' is {str(value)[:30]!r}, not {annotation}")
        kwargs[name] = value
    return cls(**kwargs)


# --- time and navigation -------------------------------------------------------------------------


@dataclass(frozen=True)
class Tick(Command):
    """Time passes: lets timers warn and expire. Journalled only when it changed the state."""


@dataclass(frozen=True)
class Resumed(Command):
    """The show restarted from its journal: running clocks are paused until the host resumes."""


@dataclass(frozen=True)
class ClockHold(Command):
    """Not journalled: the engine's own step in place of an undone one that had stopped the running clock (a
    press): the clock held at `at`, where that step stopped it (core/engine.py). A step like any other, so a
    state re-made from the steps in effect has the clock the undo gave back."""


@dataclass(frozen=True)
class ClockRelease(Command):
    """Not journalled: after such an undo, the held clock running again from the Undo's own time `at`."""


@dataclass(frozen=True)
class StartOver(Command):
    """The host started the show over («Начать заново»): the last line of this journal; a fresh journal
    follows and this one is kept under a new name."""


@dataclass(frozen=True)
class Go(Command):
    """Presenter Next: advance the show one step."""


@dataclass(frozen=True)
class Back(Command):
    """Presenter Previous: take back the last step of navigation."""


@dataclass(frozen=True)
class Undo(Command):
    """Take back the last undoable command (replay without it). `confirmed`: the operator confirmed
    taking back a command that asks for it (`confirm_undo`)."""

    confirmed: bool = False


# --- the question clock -----------------------------------------------------------------------------


@dataclass(frozen=True)
class TimerStart(Command):
    """«Время!»: start or resume the question clock."""


@dataclass(frozen=True)
class TimerStop(Command):
    """Pause the question clock."""


@dataclass(frozen=True)
class TimerAdd(Command):
    seconds: float = 0.0


@dataclass(frozen=True)
class Announce(Command):
    """«Внимание! Вопрос!» (brainring arms false-start detection)."""


# --- contestants ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Buzz(Command):
    """A buzzer press. `source_time` is the press's own timestamp in show time (a box clock
    converted by its driver); press order and false starts are decided by it, never by `at`."""

    team: int = 0  # 0-based team index
    player: int | None = None
    source_time: float | None = None
    device: str = ""
    # The most `source_time` can be wrong by, in seconds (a phone's clock-sync bound: docs/phones.md); None where
    # the device's own clock is exact (a box) or the press is timed on arrival (a key). The replay draws it.
    clock_error: float | None = None
    # Seconds after the press's own time before the hall is told who answers: the lag bound of the phones
    # connected when it came (a press of theirs made earlier may still be on its way). Decided by the runtime,
    # journalled with the press, so a replay and a follower settle at the same moment (core/format.py).
    hold: float | None = None
    undoable: ClassVar[bool] = True

    @property
    def press_time(self) -> float:
        return self.at if self.source_time is None else self.source_time


@dataclass(frozen=True)
class TypedAnswer(Command):
    """A team's typed answer from its phone (spec/web.md `answer`) to the format's question `question` (the
    number `TypedAnswers.answer_ask` gave the phone). `sent` is when it was sent on the show clock (the phone's
    clock mapped and clamped as a press's is); `late`: sent after the window closed (the format judged it
    when it came) — journalled all the same, it counts for nothing and the phone hears 409."""

    team: int = 0
    question: int = 0
    text: str = ""
    sent: float = 0.0
    late: bool = False


@dataclass(frozen=True)
class Judge(Command):
    correct: bool = True
    provisional: bool = False  # brainring: the host is unsure; the final ruling comes later
    undoable: ClassVar[bool] = True


@dataclass(frozen=True)
class ScoreAdd(Command):
    team: int = 0
    points: int = 0
    undoable: ClassVar[bool] = True


@dataclass(frozen=True)
class ScoreSet(Command):
    team: int = 0
    points: int = 0
    undoable: ClassVar[bool] = True


# --- the projector view ---------------------------------------------------------------------------


@dataclass(frozen=True)
class ViewScores(Command):
    on: bool = True


@dataclass(frozen=True)
class ViewBlank(Command):
    on: bool = True


@dataclass(frozen=True)
class ViewReplay(Command):
    """The buzz replay on the projector (or off): the presses of the latest question that had any, or of the
    one `back` questions before it (display/replay/)."""

    on: bool = True
    back: int = 0


# --- discipline: a host's step on a team (svoyak's «Затяжка»; «Брейн-ринг»'s appeals and fines) ------------


@dataclass(frozen=True)
class Discipline(Command):
    """A discipline or dispute step for a team: `what` is stall, captain_question, repeat, appeal_accepted,
    appeal_rejected, audience_hint or penalty."""

    team: int = 0
    what: str = "penalty"
    undoable: ClassVar[bool] = True
