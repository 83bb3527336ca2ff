"""The night as a report reads it (docs/report.md): every journalled step replayed with the engine, grouped by
the question it was taken on, with its words (the console's journal sentences), its wall-clock time, whether a
later undo took it back; each question's presses (the buzz replay's races), its figures; the disputes and
appeals, the undos, the devices that pressed, and the results. Pure: the caller reads the journal.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from quizshow.core import commands as c
from quizshow.core.effects import Event, EventKind
from quizshow.core.engine import Engine, Entry, Outcome
from quizshow.core.format import Format
from quizshow.core.spec import FormatSpec, Phase
from quizshow.core.state import ShowState
from quizshow.display.console.words import describe
from quizshow.display.replay.words import heading
from quizshow.history.presses import Race, Timing, races, timed_on_arrival, timing_of
from quizshow.i18n import Words

# Steps a dispute is made of: an appeal and its outcome (the brain-ring's `disc`), a ruling the host left
# provisional, and a format's own dispute commands (`Command.dispute`: the written quiz's «спорный» answers).
DISPUTE_STEPS = frozenset({"appeal_accepted", "appeal_rejected"})


@dataclass
class Step:
    line: int  # its line in the journal (the header is line 1)
    at: float  # show time
    wall: float | None  # when it was journalled (seconds since the epoch); None in an old journal
    words: str  # the console's sentence for it
    kind: str  # press, false_start, ruling, dispute, score, undo, clock, view, step
    undone: bool = False  # a later undo took it back (or it went with one)
    took_back: str | None = None  # an undo's: what it took back, in words
    question: int | None = None  # the number of the question it was taken on (None: before the first)
    verdicts: tuple[tuple[bool, int], ...] = ()  # (correct?, points) of each verdict it gave


@dataclass(frozen=True)
class Figures:
    """One question's figures."""

    pressed: int = 0  # fair presses
    false_starts: int = 0
    to_first: float | None = None  # seconds from the buttons opening to the first fair press
    lead: float | None = None  # the first press's margin over the next team's
    correct: int = 0
    wrong: int = 0
    won: int = 0  # points its verdicts gave
    lost: int = 0  # ...and took


@dataclass
class QuestionNight:
    number: int
    where: str  # «Раунд 1 · Кино · вопрос 2 · 30 очков»
    text: str
    answer: str
    key: tuple[object, ...]
    steps: list[Step] = field(default_factory=list)
    race: Race | None = None
    figures: Figures = Figures()


@dataclass(frozen=True)
class DeviceUse:
    device: str
    timing: Timing
    presses: int
    teams: tuple[str, ...]
    worst_error: float | None  # a phone's largest clock-sync bound over the night


@dataclass
class Night:
    title: str
    format_id: str
    words: Words  # the report's, in the show's language
    lines: int  # journal lines read (the header included)
    results: list[list[str]]  # the results table: its header, then a row per team
    winners: list[str]
    opening: list[Step]  # steps before the first question
    questions: list[QuestionNight]
    devices: list[DeviceUse]
    started: float | None = None
    ended: float | None = None

    @property
    def language(self) -> str:
        return self.words.language

    @property
    def steps(self) -> list[Step]:
        return [*self.opening, *(s for q in self.questions for s in q.steps)]

    @property
    def disputes(self) -> list[Step]:
        return [s for s in self.steps if s.kind == "dispute"]

    @property
    def undos(self) -> list[Step]:
        return [s for s in self.steps if s.kind == "undo"]


def kind_of(command: c.Command, events: Sequence[Event]) -> str:
    kinds = {e.kind for e in events}
    if isinstance(command, c.Buzz):
        return "false_start" if EventKind.FALSE_START in kinds else "press"
    if command.dispute or (isinstance(command, c.Judge) and command.provisional) \
            or (isinstance(command, c.Discipline) and command.what in DISPUTE_STEPS):
        return "dispute"
    if isinstance(command, (c.Judge, c.Discipline)) or kinds & {EventKind.CORRECT, EventKind.WRONG}:
        return "ruling"
    if isinstance(command, (c.ScoreAdd, c.ScoreSet)):
        return "score"
    if isinstance(command, (c.Undo, c.Back)):
        return "undo"
    if isinstance(command, (c.Tick, c.TimerStart, c.TimerStop, c.TimerAdd, c.Resumed)):
        return "clock"
    if isinstance(command, (c.ViewBlank, c.ViewScores, c.ViewReplay)):
        return "view"
    return "step"


def _quiet(command: c.Command, events: Sequence[Event]) -> bool:
    """A step the report leaves out: a tick that only warned or took a banner down."""
    return isinstance(command, c.Tick) and not any(e.kind != EventKind.TIMER_WARNING for e in events)


def question_key(fmt: Format, state: ShowState) -> tuple[object, ...] | None:
    """Which question a state stands on (None: none): its round and number as the format places it, and the
    question itself."""
    question = fmt.current(state)
    pos = fmt.position(state) if question is not None else {}
    if question is None or pos.get("question") is None or pos.get("between"):
        return None  # between questions (the board, a round's card): a step there belongs to the question before
    return pos.get("round"), pos.get("question"), id(question)


def read_night(spec: FormatSpec[Format, object, Phase], fmt: Format, seed: int, commands: Sequence[c.Command],
               walls: Sequence[float | None], title: str, words: Words) -> Night:
    """Replay the journal's `commands` (with each line's wall time) and gather the night."""
    engine = Engine(fmt, seed)
    teams = [t.name for t in engine.state.teams]
    players = [t.players for t in engine.state.teams]
    opening: list[Step] = []
    questions: list[QuestionNight] = []
    by_command: dict[int, Step] = {}  # id of a command in effect -> its step (an undo marks it)
    held: list[c.Command] = []  # keeps those ids theirs
    current: QuestionNight | None = None
    for i, command in enumerate(commands):
        outcome = engine.dispatch(command)
        if not outcome.accepted and not outcome.changed:  # a late press is refused yet kept: a step of the night
            continue  # it was journalled, so it applied then; replayed on other code it may not (never silent: counted)
        said = describe(_entry(outcome), teams, words, spec.journal_words, fmt, players, outcome.state)
        step = Step(i + 2, command.at, walls[i] if i < len(walls) else None, said, kind_of(command, outcome.events),
                    verdicts=tuple((e.kind == EventKind.CORRECT, e.points or 0) for e in outcome.events
                                   if e.kind in (EventKind.CORRECT, EventKind.WRONG)))
        if outcome.undone is not None:
            step.took_back = describe(outcome.undone, teams, words, spec.journal_words, fmt, players,
                                      outcome.undone_after)
            for gone in (outcome.undone, *outcome.dropped):
                found = by_command.get(id(gone.command))
                if found is not None:
                    found.undone = True
        by_command[id(command)] = step
        held.append(command)
        key = question_key(fmt, outcome.state)
        if key is not None and (current is None or key != current.key):
            current = next((q for q in questions[-2:] if q.key == key), None) or \
                _question(fmt, outcome.state, key, len(questions) + 1, words, questions)
        if _quiet(command, outcome.events):
            continue
        step.question = current.number if current is not None else None
        (current.steps if current is not None else opening).append(step)
    start, entries = engine.history()
    for race in races(fmt, start, entries):
        key = question_key(fmt, race.state)
        owner = next((q for q in reversed(questions) if q.key == key), None)
        if owner is not None and owner.race is None:
            owner.race = race
    for question in questions:
        question.figures = figures(question)
    known = [w for w in walls if w is not None]
    return Night(title, fmt.id, words, len(commands) + 1, results(spec, fmt, engine.state, title, words),
                 [engine.state.teams[t].name for t in fmt.winner(engine.state)], opening, questions,
                 devices(commands, engine.state), min(known, default=None), max(known, default=None))


def _entry(outcome: Outcome) -> Entry:
    if outcome.tail and outcome.tail[-1][0].command is outcome.command:
        return outcome.tail[-1][0]  # as the engine keeps it (a late press says «Нажатие не принято»)
    return Entry(outcome.command, tuple(outcome.events))


def _question(fmt: Format, state: ShowState, key: tuple[object, ...], number: int, words: Words,
              questions: list[QuestionNight]) -> QuestionNight:
    found = fmt.current(state)
    made = QuestionNight(number, heading(fmt, state, words), found.q if found else "", found.a if found else "", key)
    questions.append(made)
    return made


def figures(question: QuestionNight) -> Figures:
    given = [v for s in question.steps if not s.undone for v in s.verdicts]
    race = question.race
    found = Figures(correct=sum(1 for right, _ in given if right), wrong=sum(1 for right, _ in given if not right),
                    won=sum(points for right, points in given if right),
                    lost=sum(points for right, points in given if not right))
    if race is None:
        return found
    verdict = race.verdict()
    first = race.fair[0] if race.fair else None
    return replace(found, pressed=len(race.fair), false_starts=len(race.false_starts),
                   to_first=first.time - race.opened if first is not None else None,
                   lead=verdict.margin if verdict is not None else None)


def devices(commands: Sequence[c.Command], state: ShowState) -> list[DeviceUse]:
    """Every device that pressed over the night: how many presses, by whom, the worst clock-sync bound."""
    found: dict[str, tuple[int, set[str], float | None]] = {}
    clockless: dict[str, bool] = {}  # a device all of whose presses were timed on arrival
    for command in commands:
        if not isinstance(command, c.Buzz):
            continue
        clockless[command.device] = clockless.get(command.device, True) and timed_on_arrival(command)
        count, who, worst = found.get(command.device, (0, set(), None))
        if 0 <= command.team < len(state.teams):
            who.add(state.teams[command.team].name)
        error = command.clock_error
        worst = error if error is not None and (worst is None or error > worst) else worst
        found[command.device] = (count + 1, who, worst)
    return [DeviceUse(device or "—", timing_of(device, clockless[device]), count, tuple(sorted(who)), worst)
            for device, (count, who, worst) in sorted(found.items(), key=lambda kv: (-kv[1][0], kv[0]))]


def results(spec: FormatSpec[Format, object, Phase], fmt: Format, state: ShowState, title: str,
            words: Words) -> list[list[str]]:
    """The results table: the format's own (its export's `.csv`), else place, name and score."""
    table = spec.results_csv(fmt, state, title)
    if table is not None:
        rows = [row for row in csv.reader(io.StringIO(table)) if row]
        if rows:
            return rows
    ranked = sorted(range(len(state.teams)), key=lambda t: -state.teams[t].score)
    rows = [[words.say("report.place"), words.say("report.team"), words.say("report.score")]]
    for t in ranked:
        place = 1 + sum(1 for other in state.teams if other.score > state.teams[t].score)
        rows.append([str(place), state.teams[t].name, str(state.teams[t].score)])
    return rows

