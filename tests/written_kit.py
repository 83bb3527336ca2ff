"""Written-quiz engines over a small pack built in code: any number of teams, tours and authors."""

from __future__ import annotations

from pathlib import Path

from quizshow.core import commands as c
from quizshow.core.engine import Engine
from quizshow.core.format import Setup
from quizshow.core.state import Team
from quizshow.formats import common_rules
from quizshow.formats.written import WrittenFormat
from quizshow.formats.written import commands as wc
from quizshow.formats.written.spec import SPEC
from quizshow.packs.model import Pack, Question, Round

NAMES = ("Альфа", "Бета", "Гамма", "Дельта", "Эпсилон", "Зета", "Эта", "Тета")


def pack(tours: tuple[int, ...] = (3, 3), authors: dict[tuple[int, int], str] | None = None, reserve: int = 3,
         hints: bool = True) -> Pack:
    authors = authors or {}
    rounds = []
    for t, count in enumerate(tours):
        questions = tuple(Question(q=f"Вопрос {t + 1}.{i + 1}", a=f"Ответ {t + 1}.{i + 1}",
                                   author=authors.get((t, i)), hint=f"Подсказка {t + 1}.{i + 1}" if hints else None)
                          for i in range(count))
        rounds.append(Round(name=f"Тур {t + 1}", questions=questions))
    if reserve:
        rounds.append(Round(name="Резерв", reserve=True,
                            questions=tuple(Question(q=f"Доп {i + 1}", a=f"Доп {i + 1}") for i in range(reserve))))
    return Pack(title="Тест", path=Path("test.yaml"), rounds=tuple(rounds))


def engine(teams: int = 4, the_pack: Pack | None = None, names: tuple[str, ...] | None = None, **rules) -> Engine:
    params = {**{**common_rules(), **SPEC.presets["written"]}, **rules}
    names = names or tuple(NAMES[i] if i < len(NAMES) else f"Команда {i + 1}" for i in range(teams))
    setup = Setup(title="ЧГК", teams=tuple(Team(n, "") for n in names), rules=params, pack=the_pack or pack())
    return Engine(WrittenFormat(setup), 1)


def go(e: Engine, at: float) -> None:
    out = e.dispatch(c.Go(at=at))
    assert out.accepted, out.refused


def play_question(e: Engine, at: float) -> float:
    """From the question on screen to its answer: the minute and the hand-in run out. Returns the time."""
    go(e, at)  # the minute
    e.dispatch(c.Tick(at=at + 60.01))  # hand-in
    e.dispatch(c.Tick(at=at + 70.02))  # the answer
    assert e.state.phase == "answer", e.state.phase
    return at + 71


def mark(e: Engine, number: int, *teams: int, at: float = 0.0) -> None:
    for team in teams:
        out = e.dispatch(wc.Mark(at=at, team=team, number=number, correct=True))
        assert out.accepted, out.refused
