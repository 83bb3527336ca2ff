"""Who answers is said once (issue 35, item 4): a press is judged by its own time as it arrives, but while a phone
that could still deliver an earlier press is connected the hall hears the answerer only once that press can no
longer arrive — the hold-off, the phones' lag bound by the press clamp, journalled with the press. Real shows, real
sockets on 127.0.0.1; the hall is what the sinks (lamps, desks, overlay, projector) and the phones were told."""

from __future__ import annotations

import asyncio
import json
import time

import aiohttp

from quizshow.core import commands as c
from quizshow.core.effects import EventKind
from quizshow.core.engine import Engine
from quizshow.core.journal import parse_command, parse_line
from quizshow.formats.svoyak import commands as sc
from quizshow.inputs.messages import Action
from tests.phones_kit import FakePhone, phone_app, seat_url

YOZH, BORIS, VERA = 0, 1, 2


def open_question(app) -> None:
    for cmd in (c.Go(at=app.now()), c.Go(at=app.now()), sc.SelectCell(at=app.now(), theme=3, question=0),
                c.Go(at=app.now())):
        assert app.submit(cmd).accepted, cmd


def hall_recorder(app) -> list[tuple[int | None, list[tuple[EventKind, int | None]]]]:
    """Every change as the hall was told it: who answers on the hall's state, and the events said."""
    told: list[tuple[int | None, list[tuple[EventKind, int | None]]]] = []
    app.sinks.direct.append(lambda outcome, now: told.append(
        (app.engine.state.hall.answering, [(e.kind, e.team) for e in outcome.events])))
    return told


def journal_commands(app) -> list[c.Command]:
    found = []
    for raw in app.journal.path.read_bytes().splitlines():
        try:
            found.append(parse_command(parse_line(raw, checked=False)))
        except Exception:  # the header
            continue
    return found


def test_a_later_press_that_was_made_first_answers_and_the_first_to_arrive_is_never_announced(tmp_path):
    app = phone_app(tmp_path, "phones.yaml")  # three phones
    told = hall_recorder(app)

    async def play() -> None:
        async with aiohttp.ClientSession() as session, FakePhone(session, seat_url(app, YOZH)) as yozh, \
                FakePhone(session, seat_url(app, BORIS)) as boris, FakePhone(session, seat_url(app, VERA)) as vera:
            await asyncio.gather(yozh.wait("synced"), boris.wait("synced"), vera.wait("synced"))
            open_question(app)
            await asyncio.gather(yozh.wait("state", can_press=True), boris.wait("state", can_press=True))
            sent = time.monotonic()
            first = await yozh.press()  # arrives first, and is taken...
            assert (await yozh.wait("ack", id=first))["code"] == 200
            await yozh.wait("state")  # (what its phone is told right after the ack)
            # ...but Борис's thumb touched the glass 50 ms before Ёжики's; his message comes only now.
            second = await boris.press(ago_s=time.monotonic() - sent + 0.05)
            assert (await boris.wait("ack", id=second))["code"] == 200
            await boris.wait("state", phase="answering")
            # Ёжики's phone was never told it answers; the hall never heard Ёжики's name.
            assert not [m for m in yozh.seen if m["t"] == "state" and m["phase"] == "answering"]
            await yozh.wait("state", prompt="Отвечает Борис")
            assert {answering for answering, _ in told} <= {None, BORIS}
            said = [team for _, events in told for kind, team in events if kind == EventKind.BUZZ]
            assert said == [BORIS]  # once
            assert app.engine.state.answering == BORIS and app.engine.state.settling is None

    try:
        asyncio.run(play())
        # The hold is the phones' lag bound, decided as the press came and journalled with it.
        presses = [cmd for cmd in journal_commands(app) if isinstance(cmd, c.Buzz)]
        assert [p.team for p in presses] == [YOZH, BORIS] and all(p.hold for p in presses)
        assert all(0.25 <= p.hold < 0.5 for p in presses)  # the clamp's slack and half a loopback round trip
        # A replay of the journal lands on the same announcement: held at Ёжики's press, Борис's at the settle.
        replay = Engine(app.format, app.engine.initial.seed)
        held_at = []
        for cmd in journal_commands(app):
            replay.dispatch(cmd)
            held_at.append(replay.state.settling is not None)
        assert any(held_at) and not held_at[-1] and replay.state.answering == BORIS
    finally:
        app.close()


def test_keys_and_boxes_are_not_delayed_when_no_phone_is_connected_and_are_when_one_is(tmp_path):
    app = phone_app(tmp_path, "phones.yaml", keys_too=True)  # Вера on key 3, the phones not yet connected
    try:
        open_question(app)
        out = app.action(Action("buzz", app.now(), "keyboard", (VERA, None)))
        assert out is not None and out.accepted
        assert [e.kind for e in out.events] == [EventKind.BUZZ]  # said at once
        assert app.engine.state.settling is None and app.engine.state.hall.answering == VERA
        assert app.submit(c.Undo(at=app.now())).accepted

        async def with_a_phone() -> None:
            async with aiohttp.ClientSession() as session, FakePhone(session, seat_url(app, BORIS)) as boris:
                await boris.wait("synced")
                pressed = app.action(Action("buzz", app.now(), "keyboard", (VERA, None)))
                assert pressed is not None and pressed.accepted
                # Борис's phone could still deliver an earlier press: the key's press waits for it, unsaid.
                assert EventKind.BUZZ not in [e.kind for e in pressed.events]
                assert app.engine.state.settling is not None and app.engine.state.hall.answering is None
                await boris.wait("state", prompt="Отвечает Вера")  # then it is said

        asyncio.run(with_a_phone())
        assert app.engine.state.settling is None and app.engine.state.answering == VERA
        holds = [json.loads(line).get("hold") for line in app.journal.path.read_text(encoding="utf-8").splitlines()
                 if '"Buzz"' in line]
        assert holds[0] is None and holds[-1] > 0
    finally:
        app.close()
