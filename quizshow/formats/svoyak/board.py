"""The pack seen as a «Своя игра» game: board rounds, cell values, the final themes, the shoot-out pool."""

from __future__ import annotations

from dataclasses import dataclass

from quizshow.core.loose import Rules
from quizshow.formats.svoyak.model import Cell
from quizshow.packs.model import HOST_QUESTION, Pack, Question, Round


@dataclass(frozen=True)
class BoardRound:
    round: Round
    values: tuple[int, ...]

    @property
    def size(self) -> tuple[int, int]:
        """(themes, questions in the longest theme)."""
        return len(self.round.themes), max((len(t.questions) for t in self.round.themes), default=0)

    @property
    def cells(self) -> frozenset[Cell]:
        """The cells that hold a question: a shorter theme or an empty cell (SIGame `price=-1`) has none."""
        return frozenset((t, q) for t, theme in enumerate(self.round.themes)
                         for q, question in enumerate(theme.questions) if not question.empty)

    def question(self, cell: Cell) -> Question:
        return self.round.themes[cell[0]].questions[cell[1]]

    def value(self, cell: Cell) -> int:
        own = self.question(cell).value
        return own if own is not None else self.values[cell[1]]

    def number(self, cell: Cell) -> int:
        return cell[0] * self.size[1] + cell[1]

    def cat_values(self, cell: Cell) -> tuple[int, ...]:
        """The receiver's choice: the pack's, else the round's minimum and maximum."""
        info = self.question(cell).cat
        if info is not None and info.values:
            return tuple(info.values)
        return min(self.values), max(self.values)


class Game:
    """Everything the format reads from the pack, computed once."""

    def __init__(self, pack: Pack | None, rules: Rules) -> None:
        self.rounds: list[BoardRound] = []
        self.final: Round | None = None
        self.reserve: tuple[Question, ...] = pack.reserve if pack else ()
        for rnd in pack.playing_rounds if pack else ():
            if rnd.final:
                self.final = self.final or rnd
            elif rnd.themes:
                self.rounds.append(BoardRound(rnd, self._values(rnd, len(self.rounds), rules)))

    @staticmethod
    def _values(rnd: Round, number: int, rules: Rules) -> tuple[int, ...]:
        count = max(len(t.questions) for t in rnd.themes)
        if rnd.values and len(rnd.values) == count:
            return tuple(rnd.values)
        step = int(rules["value_step_small"] if count <= 4 else rules["value_step_classic"])
        return tuple(step * (number + 1) * (col + 1) for col in range(count))

    @property
    def final_themes(self) -> tuple[str, ...]:
        return tuple(t.name for t in self.final.themes) if self.final else ()

    def final_question(self, theme: int) -> Question:
        assert self.final is not None
        return self.final.themes[theme].questions[0]

    def shootout_question(self, removed: tuple[int, ...], index: int) -> Question:
        """The removed final themes' questions, then the reserve, then the host's own."""
        pool = [self.final_question(t) for t in removed] if self.final else []
        pool += list(self.reserve)
        return pool[index] if index < len(pool) else HOST_QUESTION
