"""The format contract: what a format declares so that nothing shared has to learn its names.

A format package (`formats/<name>/`) exports one `FormatSpec`: its reducer (a `Format` subclass), the
type of its own state (`ShowState.fmt`), its `Phase` enum whose members carry the flags the outputs
read (lamps, keys, OSC), its `Rules` schema (types, ranges, choices, checked at the show file's line),
its commands, its actions and its phrases. Pure: no pygame, sockets, threads, files.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Generic, Literal, TypeVar, cast

from quizshow.core.actions import ActionDef
from quizshow.core.capabilities import MatchPlay, PlayerBuzzers, Stakes
from quizshow.core.commands import Command
from quizshow.core.effects import Event
from quizshow.core.format import Format, Setup
from quizshow.core.loose import RulesView
from quizshow.core.match import MatchRole
from quizshow.core.phases import NO_FLAGS, Phase, PhaseFlags
from quizshow.core.state import ShowState
from quizshow.i18n import Words

if TYPE_CHECKING:
    from quizshow.packs.model import Pack

__all__ = ["NO_FLAGS", "Cell", "FormatSpec", "MatchRole", "Phase", "PhaseFlags", "Rule", "Sheet"]


@dataclass(frozen=True)
class Rule:
    """One rule parameter's schema: its type, an inclusive range, or its choices."""

    kind: type  # bool, int, float or str
    low: float | None = None
    high: float | None = None
    choices: tuple[str, ...] = ()
    doc: str = ""

    def problem(self, value: object) -> str | None:
        """None if `value` fits, else what was expected (for a FILE:LINE message)."""
        if self.kind is bool:
            ok = isinstance(value, bool)
        elif self.kind is float:
            ok = isinstance(value, (int, float)) and not isinstance(value, bool)
        else:
            ok = isinstance(value, self.kind) and not (self.kind is int and isinstance(value, bool))
        if not ok:
            return f"a {'number' if self.kind in (int, float) else self.kind.__name__}"
        if self.choices and value not in self.choices:
            return "one of " + " | ".join(self.choices)
        if isinstance(value, (int, float)):
            if self.low is not None and value < self.low:
                return f"at least {self.low:g}" + (f" and at most {self.high:g}" if self.high is not None else "")
            if self.high is not None and value > self.high:
                return f"at most {self.high:g}"
        return None


def seconds(low: float = 0.0, high: float = 3600.0, doc: str = "") -> Rule:
    return Rule(float, low, high, doc=doc)


def count(low: int = 0, high: int = 100_000, doc: str = "") -> Rule:
    return Rule(int, low, high, doc=doc)


def flag(doc: str = "") -> Rule:
    return Rule(bool, doc=doc)


def choice(*choices: str, doc: str = "") -> Rule:
    return Rule(str, choices=choices, doc=doc)


# The parameters every format has (presets.yaml `common`).
COMMON_RULES: dict[str, Rule] = {
    "warning_s": seconds(0, 600, "the warning this many seconds before zero"),
    "next_guard_s": seconds(0, 10, "after a press, Next is ignored this long"),
}


# A value of a format's journal words worked out when the line is written: from the entry's events, in the
# console's words (what a ruling took, a fixture's code as the console names it).
WordValue = Callable[[Sequence[Event], Words], object]
# A format's own words for a journal line: (phrase key, values) for a command, or None for the usual
# `journal.<CommandName>` with the command's team, theme, question, value and amount. A value may be a WordValue.
JournalWords = Callable[[Command], "tuple[str, dict[str, object]] | None"]


def valued(said: tuple[str, dict[str, object]] | None, events: Sequence[Event], words: Words
           ) -> tuple[str, dict[str, object]] | None:
    """A format's words with each value that is a WordValue worked out from the entry's events, in `words`."""
    if said is None:
        return None
    return said[0], {k: v(events, words) if callable(v) else v for k, v in said[1].items()}

Cell = str | int | None  # a spreadsheet's cell: text, a whole number, or empty


@dataclass(frozen=True)
class Sheet:
    """A spreadsheet an export gives (written as .xlsx by the caller): one sheet of that title, its rows of cells."""

    title: str
    rows: tuple[tuple[Cell, ...], ...]


# A format's results written out from a state (`--export-results PREFIX`): file suffix -> its text (written as
# UTF-8), or a Sheet (written as an .xlsx workbook). Pure: the caller replays the journal and writes the files.
Export = Callable[[Format, ShowState, str], Mapping[str, "str | Sheet"]]

MAX_TEAMS = 10  # teams in a show file, unless the format allows more


# Team sizes a rule book asks for (formats/teamsize.py); 0 leaves a number unchecked.
TEAM_SIZE_RULES: dict[str, Rule] = {
    "players_min": count(0, 100), "players_max": count(0, 100), "players_strict": flag("a wrong size is an error"),
    "teams_max": count(0, 10), "teams_exact": count(0, 10),
}

# A format's own demands on a pack (its shape): (line in the pack file, what is wrong) for each problem,
# given the show's rules. `--check` and loading a show report them at the pack's lines.
CheckPack = Callable[["Pack", RulesView], "list[tuple[int, str]]"]


FormatT = TypeVar("FormatT", bound=Format, covariant=True)  # the format's reducer
StateT = TypeVar("StateT", covariant=True)  # the format's own state (ShowState.fmt)
PhaseT = TypeVar("PhaseT", bound=Phase, covariant=True)  # the format's Phase enum


@dataclass(frozen=True)
class FormatSpec(Generic[FormatT, StateT, PhaseT]):
    """Everything a format declares; `quizshow/registry.py` maps its name to it (and to its views).

    Generic in the format's reducer, its own state and its Phase enum, so a view reads the show through
    `state_of`, `format_of` and `phase_of` and mypy checks every access (a rename inside a format's model
    fails the type check, not a scene at showtime)."""

    name: str
    make: Callable[[Setup], FormatT]  # the reducer for one show's setup
    phases: type[PhaseT]
    rules: Mapping[str, Rule]
    state: type[StateT] | None = None  # the type of ShowState.fmt (None: the format keeps none)
    commands: tuple[type[Command], ...] = ()  # its own commands (core commands are shared)
    actions: tuple[ActionDef, ...] = ()  # its own actions (console buttons, keys, OSC)
    phrases: Mapping[str, Mapping[str, str]] = field(default_factory=dict)  # language -> key -> text
    # Its presets (preset -> rule values) when its folder has no presets.yaml (rules as data).
    presets: Mapping[str, RulesView] = field(default_factory=dict)
    journal_words: JournalWords | None = None
    max_teams: int = MAX_TEAMS  # the most teams a show file of this format may list
    export: Export | None = None  # its results as files (None: the format has none to export)

    # Every player has a button of their own (a team's `buzzers:` list): F10 assigns players, a press
    # names its player, and each player's lamp shows what its reducer says (core.capabilities.PlayerBuzzers).
    player_buzzers: bool = False
    check_pack: CheckPack | None = None
    warn_pack: CheckPack | None = None  # advice on a pack that still plays: warnings at the pack's lines
    # A show of this format without `pack:`: "needed" (an error: nothing to play, a board made from it),
    # "advised" (a warning: the host reads from paper, the screens show no question) or "optional" (fine).
    without_pack: Literal["needed", "advised", "optional"] = "advised"
    # Its refusals in Russian (English template -> Russian text), as core/phrases.py's REFUSALS_RU for the engine's.
    refusals: Mapping[str, str] = field(default_factory=dict)
    # How it plays as a tournament's match (its reducer then implements core.capabilities.MatchPlay); None: it
    # cannot be one.
    match: MatchRole | None = None

    def __post_init__(self) -> None:
        own = getattr(self.make, "own_type", None)  # a Format class names the state it keeps
        if own is not None and own is not self.state:
            raise TypeError(f"format {self.name}: its reducer keeps {own.__name__}, its spec says {self.state}")
        if isinstance(self.make, type):  # the capabilities the spec's own facts need (core/capabilities.py)
            if self.match is not None and not issubclass(self.make, MatchPlay):
                raise TypeError(f"format {self.name}: a match role, but its reducer does not implement MatchPlay")
            if self.player_buzzers != issubclass(self.make, PlayerBuzzers):
                raise TypeError(f"format {self.name}: player_buzzers={self.player_buzzers}, but its reducer "
                                f"{'does not implement' if self.player_buzzers else 'implements'} PlayerBuzzers")
            if issubclass(self.make, Stakes) and not self.takes_amounts():
                raise TypeError(f"format {self.name}: its reducer takes stakes, but no phase has amount_entry "
                                "(the console types a stake for a team without a phone)")

    def state_of(self, state: ShowState) -> StateT:
        """The format's own state, typed (what its views and hooks read)."""
        if self.state is None:
            raise TypeError(f"format {self.name} keeps no state of its own")
        try:
            return state.part(self.state)
        except TypeError as why:
            raise TypeError(f"format {self.name}: {why}") from None

    def state_or_none(self, state: ShowState) -> StateT | None:
        """The format's own state, typed, or None where the show holds another format's (or none yet)."""
        found = state.fmt
        return found if self.state is not None and isinstance(found, self.state) else None

    def format_of(self, fmt: Format) -> FormatT:
        """The format's reducer, typed (its view model: `current`, its pack, its rules)."""
        if fmt.id != self.name:
            raise TypeError(f"format {self.name}: given the reducer of format {fmt.id}")
        return cast(FormatT, fmt)

    def phase_of(self, state: ShowState) -> PhaseT:
        """The show's phase as the format's own enum member: compare members, never phase names."""
        return self.phases(state.phase)

    def flags(self, phase: str) -> PhaseFlags:
        """The flags of a phase (an unknown phase has none: lamps off, buzzers closed)."""
        try:
            return self.phases(phase).flags
        except ValueError:
            return NO_FLAGS

    def results_csv(self, fmt: Format, state: ShowState, title: str) -> str | None:
        """The format's own results table as CSV text (its export's `.csv`), None when it exports none."""
        if self.export is None:
            return None
        table = self.export(fmt, state, title).get(".csv")
        return table if isinstance(table, str) else None

    def takes_amounts(self) -> bool:
        """Whether digits ever type an amount in this format (a phase with `amount_entry`: bids, stakes)."""
        return any(phase.flags.amount_entry for phase in self.phases)

    def schema(self) -> dict[str, Rule]:
        return {**COMMON_RULES, **self.rules}

    def check_rules(self, rules: RulesView) -> list[tuple[str, str]]:
        """(rule, what was expected) for every value that does not fit its schema."""
        schema = self.schema()
        found = []
        for name, value in rules.items():
            rule = schema.get(name)
            why = rule.problem(value) if rule is not None else None
            if why is not None:
                found.append((name, why))
        return found
