"""The duel over OSC with real UDP datagrams on 127.0.0.1: presses of single players, the queue, the
player being asked, eliminations and the choice, the bout's result."""

from __future__ import annotations

import pytest

from quizshow.core.effects import Event, EventKind
from quizshow.outputs.osc_out import event_messages
from tests.duel_osc_kit import duel  # noqa: F401 - fixtures
from tests.osc_kit import go


def test_a_duel_question_driven_by_osc_reports_the_queue_the_asked_player_and_who_leaves(duel):  # noqa: F811
    app, desk, to = duel
    desk.send(to, "/quiz/subscribe", 1)
    desk.wait_for("/quiz/out/state/phase")
    go(desk, to)
    desk.send(to, "/quiz/team/2/buzz", 3)  # Бета's red (players from 1: 1 green … 4 blue)
    assert desk.wait_for("/quiz/out/event/queue") == (1, 2, 3, pytest.approx(0.0))
    assert desk.wait_for("/quiz/out/event/asked")[:4] == (1, 2, 3, "Б3")
    desk.send(to, "/quiz/team/1/buzz", 1)  # Альфа's green, second
    assert desk.wait_for("/quiz/out/event/queue", where=lambda a: a[0] == 2)[:3] == (2, 1, 1)
    desk.send(to, "/quiz/judge/wrong")
    assert desk.wait_for("/quiz/out/event/player/out") == (2, 3, "Б3", 3)
    assert desk.wait_for("/quiz/out/event/team/2/player/out") == (2, 3, "Б3", 3)
    assert desk.wait_for("/quiz/out/event/asked", where=lambda a: a[0] == 2)[:4] == (2, 1, 1, "А1")
    desk.send(to, "/quiz/judge/correct")
    assert desk.wait_for("/quiz/out/event/player/out", where=lambda a: a[1] == 1) == (2, 1, "Б1", 2)
    desk.send(to, "/quiz/team/1/buzz", 8)
    assert 409 in desk.wait_for("/quiz/reply", where=lambda a: a[0] == "/quiz/team/1/buzz")  # no table 8


def test_the_bout_result_and_the_choice_have_their_messages():
    assert event_messages(Event(EventKind.MATCH_RESULT, team=None, round=0)) == [
        ("/quiz/out/event/bout/result", (1, 0, ""))]
    assert event_messages(Event(EventKind.CHOICE, team=0, player=1, name="А2")) == [
        ("/quiz/out/event/choice", (1, 2, "А2"))]  # players from 1
    assert event_messages(Event(EventKind.MATCH_RESULT, team=1, name="Б")) == []  # brainring: unchanged
