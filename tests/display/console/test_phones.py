"""The console about phones and presses (issue 35, item 9): F1's help lists F6 and F7 where the show has phones;
a second phone waiting is named whole beside its «Принять» button, never only counted among the problems; a
press list says «выбыл» of one player (and «выбыли» of a team). Frames drawn at the QA's 1280×800, every text
drawn recorded with whether it was cut."""

from __future__ import annotations

import asyncio

import aiohttp
import pygame

from quizshow.app import ShowApp
from quizshow.core import commands as c
from quizshow.core.actions import Call
from quizshow.formats.svoyak import commands as sc
from tests.phones_kit import FakePhone, phone_app, seat_url


def drawn_texts(app: ShowApp) -> list[tuple[str, bool]]:
    """The console drawn once: each text it drew, and whether it had to be cut."""
    drawn: list[tuple[str, bool]] = []
    text = app.console.text
    fit = text.fit

    def spy(words, role, box, color, max_px, min_px=None, *args, **kwargs):
        drawn.append((words, text.layout(words, role, box, max_px, min_px, kwargs.get("wrap", True)).cut))
        return fit(words, role, box, color, max_px, min_px, *args, **kwargs)

    text.fit = spy
    try:
        app.pump_views()
        app.console.render(pygame.Surface((1280, 800)), app.now(), app.status, None)
    finally:
        text.fit = fit
    return drawn


def test_f1_help_lists_the_phones_codes_keys(tmp_path):
    app = phone_app(tmp_path, "phones.yaml")
    try:
        app.tick()  # the phones' board reaches the console
        app.call(Call("help"), app.now(), "keyboard")
        drawn = [words for words, _ in drawn_texts(app)]
        assert "QR-коды телефонов" in drawn and "F6" in drawn
        assert "Коды на экран" in drawn and "F7" in drawn
    finally:
        app.close()


def test_each_second_phone_waiting_is_named_whole_beside_its_accept_button(tmp_path):
    app = phone_app(tmp_path, "phones.yaml")

    async def two_waiting() -> None:
        async with aiohttp.ClientSession() as session:
            holders = [FakePhone(session, seat_url(app, t), device=f"first{t}") for t in (0, 1)]
            seconds = [FakePhone(session, seat_url(app, t), device=f"second{t}") for t in (0, 1)]
            for phone in (*holders, *seconds):
                await phone.__aenter__()
            try:
                for phone in seconds:
                    await phone.wait("state", phase="waiting")
                app.tick()
                names = [t.name for t in app.engine.state.teams[:2]]
                labels = [label for label, call in app.status.device_buttons if call.name == "phone_accept"]
                assert labels == [f"Принять телефон: {name}" for name in names]
                drawn = drawn_texts(app)
                for label in labels:
                    assert (label, False) in drawn, [d for d in drawn if "Принять" in d[0]]
                # ...and not again among the problems, where a crowded line could only count it
                assert not [words for words, _ in app.status.devices if "ждёт" in words]
            finally:
                for phone in (*holders, *seconds):
                    await phone.__aexit__()

    try:
        asyncio.run(two_waiting())
    finally:
        app.close()


def test_a_press_list_says_out_of_one_player_as_one_and_of_a_team_as_many(tmp_path):
    for show, word in (("phones.yaml", "выбыл"), ("svoyak-teams.yaml", "выбыли")):
        folder = tmp_path / show.split(".")[0]
        folder.mkdir()
        app = phone_app(folder, show)
        try:
            for cmd in (c.Go(at=app.now()), c.Go(at=app.now()), sc.SelectCell(at=app.now(), theme=3, question=0)):
                assert app.submit(cmd).accepted, cmd
            if app.format.next_action(app.engine.state).key == "next.read_done":  # the window opens on «read»
                assert app.submit(c.Go(at=app.now())).accepted
            for cmd in (c.Buzz(at=app.now(), team=1), c.Judge(at=app.now(), correct=False)):
                assert app.submit(cmd).accepted, cmd
            name = app.engine.state.teams[1].name
            lines = [words for words, _ in drawn_texts(app) if words.startswith(name)]
            assert any(line.endswith(f"— {word}") for line in lines), (show, lines)
        finally:
            app.close()
