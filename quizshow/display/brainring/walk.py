"""The scripted walk of «Брейн-ринг» for the contact sheet (display/sheet.py)."""

from __future__ import annotations

from collections.abc import Iterator

from quizshow.core import commands as c
from quizshow.display.sheet import Driver


def walk(d: Driver) -> Iterator[str]:
    yield "Заставка"
    d.go()
    yield "Перед вопросом"
    d.do(lambda at: c.Announce(at=at))
    yield "«Внимание! Вопрос!»"
    d.do(lambda at: c.Buzz(at=at, team=1))
    yield "Фальстарт"
    d.do(lambda at: c.TimerStart(at=at))
    yield "Идёт время"
    d.do(lambda at: c.Buzz(at=at, team=0))
    yield "Отвечает команда"
    d.do(lambda at: c.Judge(at=at, correct=False))
    yield "Неверно"
    d.until(("reveal",), lambda: d.do(lambda at: c.Tick(at=at + 60)))
    yield "Ответ"
    d.go()
    d.do(lambda at: c.Announce(at=at))
    d.do(lambda at: c.TimerStart(at=at))
    d.do(lambda at: c.Buzz(at=at + 2, team=0))
    d.do(lambda at: c.Judge(at=at, correct=True))
    yield "Верно"
    for _ in range(12):
        if d.state.phase == "result":
            break
        d.go()
        d.do(lambda at: c.Announce(at=at))
        d.do(lambda at: c.TimerStart(at=at))
        d.do(lambda at: c.Buzz(at=at + 2, team=1))
        d.do(lambda at: c.Judge(at=at, correct=True))
    d.go()
    yield "Итог матча"
