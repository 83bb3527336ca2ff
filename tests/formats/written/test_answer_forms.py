"""Every accepted answer and the not-accepted ones where the operator uses them (issue 36, items 1 and 2), on the
`.4s` chgksuite wrote (tests/fixtures/chgksuite/answers.4s): the console's «зачесть» and «не засчитывать», the
suggestion «≈» beside a phone's typed answer (never for a not-accepted one)."""

from __future__ import annotations

from quizshow.core import commands as c
from quizshow.core.typed import matches
from quizshow.display.console.question import question_rows
from quizshow.display.written.grid import typed_of
from quizshow.packs import fours
from quizshow.yamlfile import Problems
from tests.chgksuite_kit import FIXTURES, questions, read
from tests.conftest import UNSAVED, words_of
from tests.written_kit import engine

say = words_of("written").say  # the console's words at a written quiz


def test_the_console_says_every_accepted_answer_and_the_not_accepted_ones_apart():
    pack, _ = read(FIXTURES / "answers.4s")
    rows = {label: text for label, text, _ in question_rows(questions(pack)[0], say)}
    assert rows["console.answer"] == "Санкт-Петербург.   (зачесть: Питер.; Петербург.)   (не засчитывать: Ленинград.)"


def typed(pack, answers: list[str]) -> list[bool]:
    """The operator's «≈» beside each team's typed answer to the pack's first question."""
    e = engine(len(answers), pack, tour_min=1)
    e.dispatch(c.Go(at=1))
    for team, text in enumerate(answers):
        assert e.dispatch(c.TypedAnswer(at=2, team=team, question=0, text=text, sent=2)).accepted
    return [typed_of(e.format, e.state, team, 0)[2] for team in range(len(answers))]


def test_a_typed_answer_is_suggested_for_every_accepted_form_and_never_for_a_not_accepted_one():
    pack, _ = read(FIXTURES / "answers.4s")
    assert typed(pack, ["Санкт-Петербург", "питер", "ПЕТЕРБУРГ", "Ленинград"]) == [True, True, True, False]


def test_a_not_accepted_answer_is_never_suggested_even_where_the_answer_would_take_it():
    """«! Пётр [Первый]» takes «Пётр» as its short form; «!= Пётр» says the pack does not: no «≈» for it."""
    problems = Problems()
    pack = fours.parse_fours("? Кто основал Петербург?\n! Пётр [Первый].\n= Пётр Алексеевич.\n!= Пётр.\n",
                             UNSAVED / "p.4s", problems)
    assert pack is not None and not problems.items
    q = questions(pack)[0]
    assert q.reject == ("Пётр.",) and not matches("Пётр", q.a, q.accept, q.reject)
    assert typed(pack, ["Пётр Первый", "Пётр Алексеевич", "пётр"]) == [True, True, False]
