"""A warm-up in a club's pack (issue 36, item 5) and a hand-in of 0 seconds (item 10), on the `.4s` chgksuite
wrote (tests/fixtures/chgksuite/answers.4s: `## Разминка` with `№ 0`, then `## Тур 1`) and the question
database's export (`Тур: Нулевой вопрос`). A warm-up is shown by its own name, played like any question, never
scored into the tours, and absent from the results; a pack's «Тур 1» is tour 1."""

from __future__ import annotations

from quizshow.core import commands as c
from quizshow.display.console.words import where_words
from quizshow.formats.written import commands as wc
from quizshow.formats.written.export import grid_csv
from tests.chgksuite_kit import FIXTURES, projector_at, read
from tests.conftest import words_of
from tests.written_kit import engine


def test_the_warm_up_is_shown_by_its_own_name_and_tour_1_is_tour_1():
    pack, _ = read(FIXTURES / "answers.4s")
    _, said, e = projector_at(pack, "0")
    assert "РАЗМИНКА · ВОПРОС 0" in said.texts()
    assert where_words(e.format, e.state, words_of(e.format)).startswith("разминка, вопрос 0")
    _, said, _ = projector_at(pack, "1")
    assert "ТУР 1 · ВОПРОС 1" in said.texts() and "ТУР 2 · ВОПРОС 1" not in said.texts()


def test_the_database_zero_question_tour_is_shown_by_its_name():
    """The database numbers each tour from 1: its first tour's first question is «Тур 1 · Вопрос 1»."""
    pack, _ = read(FIXTURES / "database.txt")
    _, said, _ = projector_at(pack, 0)
    assert "НУЛЕВОЙ ВОПРОС · ВОПРОС 1" in said.texts()
    _, said, _ = projector_at(pack, 1)
    assert "ТУР 1 · ВОПРОС 1" in said.texts()


def play(e, at: float) -> float:
    """From the question on screen to its answer: the minute and the hand-in run out."""
    e.dispatch(c.Go(at=at))
    e.dispatch(c.Tick(at=at + 60.01))
    e.dispatch(c.Tick(at=at + 70.02))
    assert e.state.phase == "answer", e.state.phase
    return at + 80


def test_the_warm_up_is_never_scored_and_is_in_no_table():
    pack, _ = read(FIXTURES / "answers.4s")
    e = engine(3, pack, tour_min=1)
    e.dispatch(c.Go(at=1))  # the warm-up's question
    t = play(e, 2)
    refused = e.dispatch(wc.Mark(at=t, team=0, number=0, correct=True))
    assert refused.refused == "the warm-up is not scored"
    assert e.format.next_action(e.state).key == "next.written_next_question"
    e.dispatch(c.Go(at=t))  # no results after the warm-up: tour 1's first question
    assert e.state.phase == "question" and e.format.current(e.state).number == "1"
    for _ in range(4):  # tour 1: its four questions, team 0 right on each
        t = play(e, t + 10)
        assert e.dispatch(wc.Mark(at=t, team=0, number=e.format.own(e.state).number, correct=True)).accepted
        e.dispatch(c.Go(at=t + 1))
    assert e.state.phase == "results"  # after tour 1 (the warm-up was not a tour)
    lines = e.format.lines(e.state)
    assert [line.tours for line in lines] == [(4,), (0,), (0,)]  # one tour; the warm-up counts nowhere
    assert e.format.scored_count() == 4
    head = grid_csv(e.format, e.state).splitlines()[0].split(",")
    assert head == ["Место", "Команда", "1", "2", "3", "4", "Т1", "Доп", "Штраф", "Сумма"]


def test_a_hand_in_of_no_seconds_shows_the_answer_when_the_minute_ends():
    """`hand_in_s: 0` (the rules allow it) left the show in the hand-in until the host pressed Next."""
    pack, _ = read(FIXTURES / "answers.4s")
    e = engine(3, pack, tour_min=1, hand_in_s=0)
    e.dispatch(c.Go(at=1))
    e.dispatch(c.Go(at=2))  # the minute
    e.dispatch(c.Tick(at=62.01))
    assert e.state.phase == "answer"
    assert e.format.own(e.state).closed == 62  # typed answers are closed at the minute's end
    # With an extra minute taken: the answer waits for it, then follows on its own.
    e.dispatch(c.Go(at=70))
    e.dispatch(wc.ExtraMinute(at=71, team=1))
    e.dispatch(c.Go(at=72))
    e.dispatch(c.Tick(at=132.01))
    assert e.state.phase == "hand_in"
    e.dispatch(c.Tick(at=192.02))
    assert e.state.phase == "answer"
