"""Issue 25: typed answers from the phones, the rules (pure engines, no server). The written quiz keeps the
last answer sent in time per team and question, judged by its own (mapped) sent time against the minute +
hand-in (or the team's extra minute); a late one is kept as late; «Своя игра»'s final the same; the
operator's suggestion is only a suggestion; a replay lands on the same state."""

from __future__ import annotations

from quizshow.core import commands as c
from quizshow.core.engine import Engine
from quizshow.core.typed import find, matches, normalise
from quizshow.formats.svoyak import commands as sc
from quizshow.formats.written import commands as wc
from tests import svoyak_kit as sk
from tests.svoyak_rules_kit import set_scores, to_board
from tests.written_kit import engine, go, pack


def typed(e: Engine, team: int, number: int, text: str, sent: float, at: float | None = None):
    """A phone's answer as the runtime builds it: the format judges lateness, then the command is applied."""
    late = e.format.answer_late(e.state, team, number, sent)
    return e.dispatch(c.TypedAnswer(at=sent if at is None else at, team=team, question=number, text=text,
                                    sent=sent, late=late))


def minute(e: Engine) -> None:
    go(e, 0.0)  # question 1.1 on screen
    go(e, 1.0)  # the minute runs from 1 to 61; the hand-in (10 s) from the tick that ends it


def test_written_answer_in_the_minute_is_kept_and_the_last_in_time_counts():
    e = engine(3)
    minute(e)
    assert e.format.answer_ask(e.state, 0).until == 71.0  # the minute + the hand-in seconds
    assert typed(e, 0, 0, "  Окно ", 10).changed
    assert typed(e, 0, 0, "Форточка", 20).changed
    w = e.state.fmt
    assert find(w.typed, 0, 0).text == "Форточка" and not find(w.typed, 0, 0).late
    assert e.format.answer_ask(e.state, 0).kept == "Форточка"


def test_written_answer_typed_while_the_question_is_read_counts():
    e = engine(3)
    go(e, 1.0)  # on screen, the minute not started: open, with no end known yet
    ask = e.format.answer_ask(e.state, 1)
    assert ask is not None and ask.until is None
    assert typed(e, 1, 0, "Окно", 2).accepted and not find(e.state.fmt.typed, 1, 0).late


def test_written_answer_after_hand_in_is_kept_as_late():
    e = engine(3)
    minute(e)
    e.dispatch(c.Tick(at=61.5))  # the hand-in: its clock ends at 71.5
    assert e.state.phase == "hand_in"
    typed(e, 0, 0, "В срок", 71.4, at=71.6)  # sent in time, the expiry tick not yet in
    out = typed(e, 1, 0, "Поздно", 71.6)  # sent after the end: late, though the phase still says hand-in
    assert out.changed and out.command.late
    e.dispatch(c.Tick(at=71.7))
    assert e.state.phase == "answer" and e.state.fmt.closed == 71.5  # the clock's own end, not the tick's
    out = typed(e, 2, 0, "Ещё позже", 80)
    assert out.command.late
    w = e.state.fmt
    assert not find(w.typed, 0, 0).late
    assert find(w.typed, 1, 0) is None and find(w.typed, 1, 0, late=True).text == "Поздно"
    assert find(w.typed, 2, 0, late=True).text == "Ещё позже"
    assert e.format.answer_ask(e.state, 0) is None  # the phone shows nothing to type any more


def test_written_answer_sent_in_time_but_arriving_after_the_answer_is_shown_counts():
    e = engine(3)
    minute(e)
    e.dispatch(c.Tick(at=61.5))
    e.dispatch(c.Tick(at=72.0))
    assert e.state.phase == "answer"
    out = typed(e, 0, 0, "Окно", 71.49, at=72.1)  # the phone's own clock says before the end
    assert not out.command.late and not find(e.state.fmt.typed, 0, 0).late


def test_an_answer_overtaken_on_the_way_does_not_replace_the_later_sent_one():
    e = engine(3)
    minute(e)
    typed(e, 0, 0, "Второй вариант", 30.0, at=30.1)
    typed(e, 0, 0, "Первый вариант", 29.0, at=30.2)  # sent earlier, arrived later
    assert find(e.state.fmt.typed, 0, 0).text == "Второй вариант"


def test_written_answer_of_a_team_on_its_extra_minute_counts_until_its_own_clock_ends():
    e = engine(3)
    minute(e)
    assert e.dispatch(wc.ExtraMinute(at=5, team=2)).accepted
    assert e.format.answer_ask(e.state, 2).until == 61 + 60 + 10  # the minute's end + its own minute + hand-in
    e.dispatch(c.Tick(at=61.0))  # the common hand-in and team 3's own minute start
    e.dispatch(c.Tick(at=71.5))  # the common hand-in is over; team 3's clock runs on
    assert e.state.phase == "hand_in"
    assert typed(e, 0, 0, "Поздно", 75).command.late
    assert e.format.answer_ask(e.state, 0) is None and e.format.answer_ask(e.state, 2) is not None
    assert not typed(e, 2, 0, "Успели", 130).command.late
    e.dispatch(c.Tick(at=131.5))  # its own clock (60 + 10 s from 61) is over: the answer
    assert e.state.phase == "answer"
    assert typed(e, 2, 0, "Опоздали", 131.2).command.late


def test_written_answer_to_a_question_passed_is_late_and_to_one_not_asked_is_refused():
    e = engine(3)
    minute(e)
    e.dispatch(c.Tick(at=61.0))
    e.dispatch(c.Tick(at=71.5))
    go(e, 80)  # question 1.2
    assert typed(e, 0, 0, "Старый", 81).command.late
    refused = e.dispatch(c.TypedAnswer(at=82, team=0, question=5, text="Будущий", sent=82))
    assert refused.refused and "no question 6" in refused.refused
    empty = e.dispatch(c.TypedAnswer(at=82, team=0, question=1, text="   ", sent=82))
    assert empty.refused == "an answer needs some text"


def test_the_author_team_cannot_type_an_answer_to_its_own_question():
    e = engine(3, pack((2,), authors={(0, 0): "Бета"}))
    minute(e)
    assert e.format.answer_ask(e.state, 1) is None
    out = e.dispatch(c.TypedAnswer(at=5, team=1, question=0, text="Наш", sent=5))
    assert out.refused and "does not play" in out.refused


def test_a_typed_answer_never_marks_the_grid_and_the_scores_stay():
    e = engine(3)
    minute(e)
    typed(e, 0, 0, "Ответ 1.1", 10)  # the very answer of the pack
    e.dispatch(c.Tick(at=61.0))
    e.dispatch(c.Tick(at=71.5))
    assert e.state.fmt.grid.correct == frozenset() and [t.score for t in e.state.teams] == [0, 0, 0]
    assert e.dispatch(wc.Mark(at=80, team=0, number=0, correct=True)).accepted  # the operator decides
    assert e.state.teams[0].score == 1


def test_a_typed_answer_matching_the_answer_or_an_accepted_form_is_suggested():
    assert normalise("  «Ёжик», В   ТУМАНЕ!! ") == "ежик в тумане"
    assert matches("ёжик в тумане", "Ежик в тумане")
    assert matches("пушкин", "Пушкин [Александр Сергеевич]")
    assert matches("Александр Сергеевич Пушкин", "Пушкин", ("А. С. Пушкин; Александр Сергеевич Пушкин",))
    assert not matches("Лермонтов", "Пушкин", ("не засчитывать: Лермонтов",))
    assert not matches("", "Пушкин") and not matches("Пушкина", "Пушкин")


def test_replaying_the_journal_gives_the_same_typed_answers():
    e = engine(3)
    minute(e)
    typed(e, 0, 0, "Окно", 10)
    typed(e, 1, 0, "Форточка", 20)
    e.dispatch(c.Tick(at=61.0))
    e.dispatch(c.Tick(at=71.5))
    typed(e, 2, 0, "Поздно", 75)
    again = engine(3)
    again.replay([entry.command for entry in e.entries])
    assert again.state == e.state
    assert e.dispatch(c.Undo(at=90)).refused  # a typed answer is the team's: Undo does not take it back


# --- «Своя игра»: the final's answers --------------------------------------------------------------------

def final_question(scores: list[int]) -> Engine:
    e = sk.engine(sk.specials_pack(), teams=len(scores))
    to_board(e)
    set_scores(e, scores)
    e.dispatch(sc.EndRound(at=5))
    e.dispatch(c.Go(at=6))
    for theme in range(4):
        assert e.dispatch(sc.FinalRemove(at=7, theme=theme)).accepted
    e.dispatch(c.Go(at=8))
    for team in e.state.fmt.final.order:
        assert e.dispatch(sc.FinalStake(at=9, team=team, amount=10)).accepted
    e.dispatch(c.Go(at=10))
    assert e.state.phase == "final_question"
    return e


def test_final_answer_typed_in_the_thinking_time_is_kept_and_a_late_one_as_late():
    e = final_question([0, 40, 25])
    theme = e.format.final_theme(e.state.fmt.final)
    assert e.format.answer_ask(e.state, 0) is None  # not in the final: nothing to type
    assert e.format.answer_ask(e.state, 1).until is None  # the clock has not started
    e.dispatch(c.Go(at=11))  # the thinking time: 30 s, to 41
    assert e.format.answer_ask(e.state, 1).until == 41
    assert not typed(e, 1, theme, "Борщ", 20).command.late
    e.dispatch(c.Tick(at=41.2))  # time up: the exact end is kept
    assert e.state.fmt.final.closed == 41
    assert typed(e, 2, theme, "Щи", 41.1).command.late
    assert not typed(e, 2, theme, "Солянка", 40.9, at=41.3).command.late  # sent in time, came late
    e.dispatch(c.Go(at=45))  # the reveal
    final = e.state.fmt.final
    assert find(final.typed, 1, theme).text == "Борщ" and find(final.typed, 2, theme).text == "Солянка"
    assert find(final.typed, 2, theme, late=True).text == "Щи"
    assert typed(e, 1, theme, "Передумали", 46).command.late
    refused = e.dispatch(c.TypedAnswer(at=46, team=0, question=theme, text="Я тоже", sent=46))
    assert refused.refused == "the final's answers are typed by its contestants"


def test_final_reveal_started_before_the_clock_ends_closes_the_answers():
    e = final_question([0, 40, 25])
    theme = e.format.final_theme(e.state.fmt.final)
    e.dispatch(c.Go(at=11))
    e.dispatch(c.Go(at=20))  # the host starts the reveal early
    assert e.state.fmt.final.closed == 20
    assert typed(e, 1, theme, "После", 20.5).command.late
    assert not typed(e, 2, theme, "До", 19.9, at=20.6).command.late
