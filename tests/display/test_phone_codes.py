"""Issue 25, part 2: the projector's «Подключение игроков» (every phone seat's QR code, ticked as its
phone joins), the console's codes and «Принять телефон», stakes from the phone. Real WebSocket clients
against the show's server on 127.0.0.1 (tests/runtime/test_phone_buzzers.py's rig and FakePhone); frames rendered
with SDL's dummy driver and their pixels read."""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import subprocess

import aiohttp
import pygame
import pytest

from quizshow.core.actions import Call
from quizshow.display.scenes.join import QUIET, qr_modules
from tests import phone_server_kit as phones_kit
from tests import phones_kit as shared_kit
from tests.conftest import click
from tests.join_kit import svoyak_app, to_board
from tests.phones_kit import FakePhone, run, urls

rig = phones_kit.rig  # the fixture: a demo show with phone seats, its web server on 127.0.0.1, port 0

OUT = os.environ.get("QUIZSHOW_SHOTS")  # a folder to keep the rendered frames in, to look at them


def projector_frame(app, size=(1920, 1080)) -> pygame.Surface:
    app.tick()  # the window loop's: the board reaches the projector
    surface = pygame.Surface(size)
    app.projector.render(surface, app.engine.state, app.now())
    app.projector.render(surface, app.engine.state, app.now() + 5)  # the transition's end, not waited for
    return surface


def console_frame(app, size=(1600, 1000)) -> pygame.Surface:
    app.tick()
    surface = pygame.Surface(size)
    app.console.render(surface, app.now(), app.status)
    return surface


def keep(surface: pygame.Surface, name: str, tmp_path) -> str:
    path = os.path.join(OUT or str(tmp_path), name)
    pygame.image.save(surface, path)
    return path


def join_phones(app, count: int) -> None:
    """`count` phones join the first seats and sync; the rest stay free."""
    async def play() -> None:
        async with aiohttp.ClientSession() as session:
            phones = [FakePhone(session, url) for url in urls(app)[:count]]
            for phone in phones:
                await phone.__aenter__()
            for phone in phones:
                await phone.wait("synced")
            app.tick()
            board = app.status.join_board
            assert sum(seat.status == "joined" for seat in board.seats) == count
            yield_frame.append(projector_frame(app))
            for phone in phones:
                await phone.__aexit__(None, None, None)

    yield_frame: list[pygame.Surface] = []
    run(play())
    return yield_frame[0]


def decoded(path: str) -> list[str]:
    out = subprocess.run(["zbarimg", "--quiet", "--raw", path], capture_output=True, text=True, check=False)
    return sorted(line for line in out.stdout.splitlines() if line)


def code_cells(surface: pygame.Surface) -> list[pygame.Rect]:
    """The white squares of the codes on the frame (their quiet zones' outer edges), found by their pixels."""
    w, h = surface.get_size()
    seen: list[pygame.Rect] = []
    for y in range(0, h, 4):
        for x in range(0, w, 4):
            if surface.get_at((x, y))[:3] != (255, 255, 255) or any(r.collidepoint(x, y) for r in seen):
                continue
            right = x
            while right < w and surface.get_at((right, y))[:3] == (255, 255, 255):
                right += 1
            bottom = y
            while bottom < h and surface.get_at((x, bottom))[:3] == (255, 255, 255):
                bottom += 1
            if right - x > 100 and bottom - y > 100:
                left, top = x, y
                while left > 0 and surface.get_at((left - 1, y))[:3] == (255, 255, 255):
                    left -= 1
                while top > 0 and surface.get_at((x, top - 1))[:3] == (255, 255, 255):
                    top -= 1
                seen.append(pygame.Rect(left, top, right - left, right - left))
    return seen


def bounds(stake: dict) -> dict:
    """A stake screen's bounds (the state also names its kind, its only values and what is held)."""
    return {"min": stake["min"], "max": stake["max"]}

# --- 1. the projector's «Подключение игроков» ------------------------------------------------------------------

def test_the_join_scene_shows_every_seats_code_large_enough_and_each_decodes_to_its_join_link(rig, tmp_path):
    app = rig(6)
    app.call(Call("join"), app.now(), "keyboard")
    frame = join_phones(app, 4)
    path = keep(frame, "join-1920.png", tmp_path)
    links = sorted(seat.url for seat in app.status.join_board.seats)
    assert len(links) == 6
    if shutil.which("zbarimg"):
        assert decoded(path) == links
    # Module for module against segno's matrix: every code whole, each module at least 7 px at 1080 lines
    # (≈ 1 cm on a 3 m screen: a camera reads it from the back rows), with the four-module quiet zone.
    cells = code_cells(frame)
    assert len(cells) == 6
    for seat in app.status.join_board.seats:
        modules = qr_modules(seat.url)
        n = len(modules)
        match = None
        for rect in cells:
            px = rect.width // n
            if px < 7:
                continue
            if all((frame.get_at((rect.x + x * px + px // 2, rect.y + y * px + px // 2))[0] < 128) == dark
                   for y, row in enumerate(modules) for x, dark in enumerate(row)):
                match = rect
        assert match is not None, f"the code of {seat.name} is not on the frame whole"
        assert not any(modules[i][j] for i in range(QUIET) for j in range(n))  # the quiet zone is white


def test_f7_puts_the_join_codes_over_the_scene_and_takes_them_off_again(rig, tmp_path):
    app = rig(3)
    before = projector_frame(app)
    assert app.projector.scene(app.engine.state).name != "join"
    app.call(Call("join"), app.now(), "keyboard")
    covered = projector_frame(app)
    assert app.projector.scene(app.engine.state).name == "join" and len(code_cells(covered)) == 3
    app.call(Call("join"), app.now(), "keyboard")  # F7 again: back to the show's picture
    app.tick()
    assert app.projector.join is None and app.projector.scene(app.engine.state).name != "join"
    app.call(Call("join"), app.now(), "keyboard")
    app.call(Call("blank"), app.now(), "keyboard")  # blank covers everything, the codes too
    assert app.projector.scene(app.engine.state).name == "blank"
    del before


def test_the_join_scene_ticks_a_seat_when_its_phone_joins(rig, tmp_path):
    app = rig(2)
    app.call(Call("join"), app.now(), "keyboard")
    empty = projector_frame(app)
    assert app.status.join_board.joined == 0
    green = (64, 200, 110)

    def greens(surface: pygame.Surface) -> int:
        return sum(1 for y in range(0, 1080, 6) for x in range(0, 1920, 6) if surface.get_at((x, y))[:3] == green)

    joined = join_phones(app, 1)
    keep(joined, "join-ticked.png", tmp_path)
    assert greens(empty) == 0 and greens(joined) > 200  # the tick's disc and the cell's edge


# --- 2. the console: «Принять телефон», the codes on demand ---------------------------------------------------

def test_a_waiting_second_phone_is_accepted_with_its_button_on_the_devices_line(rig, tmp_path):
    app = rig(2)
    url = urls(app)[1]

    async def play() -> None:
        async with aiohttp.ClientSession() as session, FakePhone(session, url) as first:
            assert (await first.wait("state"))["phase"] == "idle"
            async with FakePhone(session, url) as second:
                assert (await second.wait("state"))["phase"] == "waiting"
                app.tick()
                labels = [label for label, _ in app.status.device_buttons]
                assert "Принять телефон: Бета" in labels
                keep(console_frame(app), "console-accept.png", tmp_path)
                await asyncio.to_thread(click, app, "phone_accept", app.now(), "2")
                assert (await first.wait("bye"))["why"] == "replaced"
                assert (await second.wait("state"))["phase"] == "idle"
                app.tick()
                assert "Принять телефон: Бета" not in [label for label, _ in app.status.device_buttons]

    run(play())


def test_f6_shows_every_seats_code_on_the_console_and_esc_closes_it(rig, tmp_path):
    app = rig(3)
    plain = console_frame(app)
    assert not code_cells(plain)
    click(app, "phone_codes", app.now())
    shown = console_frame(app)
    path = keep(shown, "console-codes.png", tmp_path)
    assert len(code_cells(shown)) == 3
    if shutil.which("zbarimg"):
        assert decoded(path) == sorted(seat.url for seat in app.status.join_board.seats)
    app.call(Call("escape"), app.now(), "keyboard")
    assert not code_cells(console_frame(app))


# --- 3. stakes from the phone -------------------------------------------------------------------------------


@pytest.fixture
def svoyak(tmp_path):
    apps: list = []
    yield lambda: svoyak_app(tmp_path, apps)
    for app in apps:
        app.running = False
        app.close()


async def stake(phone: FakePhone, value: int) -> dict:
    phone.next_id += 1
    await phone.ws.send_str(json.dumps({"t": "stake", "id": phone.next_id, "value": value}))
    return await phone.wait("ack", id=phone.next_id)


def journalled(app, kind: str) -> list[dict]:
    lines = [json.loads(line) for line in app.journal.path.read_text(encoding="utf-8").splitlines()]
    return [line for line in lines if kind in json.dumps(line, ensure_ascii=False)[:120]]


def test_the_auctions_bidder_bids_from_the_phone_within_the_bounds_it_is_shown_and_others_cannot(svoyak):
    from quizshow.formats.svoyak import commands as sc

    app = svoyak()
    to_board(app)
    links = urls(app)

    async def play() -> None:
        async with aiohttp.ClientSession() as session, FakePhone(session, links[0]) as alpha, \
                FakePhone(session, links[1]) as beta:
            assert (await alpha.wait("state"))["phase"] == "idle"
            assert (await beta.wait("state"))["phase"] == "idle"
            assert app.submit(sc.SelectCell(at=app.now(), theme=0, question=3)).accepted  # the auction
            asked = await alpha.wait("state", phase="stake")
            assert bounds(asked["stake"]) == {"min": 40, "max": 500}  # the nominal up to the opener's score
            assert (await stake(beta, 300))["code"] == 409  # not Beta's turn: refused, said why
            refused = await stake(alpha, 900)
            assert refused["code"] == 409 and "40" in refused["message"] and "500" in refused["message"]
            assert (await stake(alpha, 200))["code"] == 200
            bids = [line for line in journalled(app, "Bid")]
            assert len(bids) == 1 and '"amount": 200' in json.dumps(bids[0]) and '"team": 0' in json.dumps(bids[0])
            # Bidding goes on in ascending order of score: Гамма (100) cannot beat 200 and is out, so Бета
            # bids next, from 201 to its 300.
            assert bounds((await beta.wait("state", phase="stake"))["stake"]) == {"min": 201, "max": 300}
            assert (await stake(beta, 300))["code"] == 200  # its whole score: «Ва-банк»
            assert app.engine.state.phase != "auction" or app.format.stake_ask(app.engine.state, 1) is None

    run(play())


def test_a_finalists_secret_stake_comes_from_the_phone_and_no_other_phone_hears_it(svoyak):
    from quizshow.core import commands as c
    from quizshow.formats.svoyak import commands as sc

    app = svoyak()
    to_board(app, (500, 300, 0))  # Гамма has no points: it does not play the final
    links = urls(app)

    async def play() -> None:
        async with aiohttp.ClientSession() as session, FakePhone(session, links[0]) as alpha, \
                FakePhone(session, links[1]) as beta, FakePhone(session, links[2]) as gamma:
            heard: list[dict] = []  # everything Бета's phone is sent
            put = beta.inbox.put

            async def record(message: dict) -> None:
                heard.append(message)
                await put(message)

            beta.inbox.put = record  # type: ignore[method-assign]
            for _ in range(30):  # each round ended from the board, the final's themes removed, to the stakes
                phase = app.engine.state.phase
                if phase == "final_stakes":
                    break
                if phase == "board" and app.submit(sc.EndRound(at=app.now())).accepted:
                    continue
                if phase == "final_themes" and any(app.submit(sc.FinalRemove(at=app.now(), theme=t)).accepted
                                                   for t in range(8)):
                    continue
                app.submit(c.Go(at=app.now()))
            assert app.engine.state.phase == "final_stakes"
            assert bounds((await alpha.wait("state", phase="stake"))["stake"]) == {"min": 1, "max": 500}
            assert bounds((await beta.wait("state", phase="stake"))["stake"]) == {"min": 1, "max": 300}
            assert (await stake(gamma, 1))["code"] == 409  # not in the final
            assert (await stake(alpha, 437))["code"] == 200
            stakes = journalled(app, "FinalStake")
            assert len(stakes) == 1 and '"amount": 437' in json.dumps(stakes[0])
            assert (await stake(beta, 250))["code"] == 200
            assert "437" not in json.dumps(heard)  # another seat's stake never reaches a phone

    run(play())


def test_f7_in_a_show_without_phones_says_there_are_none(demo, tmp_path):
    from quizshow.app import ShowApp

    app = ShowApp(demo, journal_path=tmp_path / "demo.jsonl", fresh=True, sound=False, devices=False)
    try:
        app.call(Call("join"), app.now(), "keyboard")
        assert app.projector.join is None
        assert any("Телефонов в этой игре нет" in n.text for n in app.status.notices)
    finally:
        app.close()


def test_f7_with_a_web_server_but_no_phone_seat_says_there_are_none(demo, tmp_path):
    """A web server for the overlay or follower screens only (no team has `buzzer: phone`): F7 has no code to
    show; the projector keeps the show's picture."""
    from quizshow.app import ShowApp

    app = ShowApp(demo, journal_path=tmp_path / "demo.jsonl", fresh=True, sound=False, devices=False, web=True,
                  web_port=0)
    try:
        assert app.phones is not None
        app.call(Call("join"), app.now(), "keyboard")
        assert app.projector.join is None
        assert any("Телефонов в этой игре нет" in n.text for n in app.status.notices)
    finally:
        app.close()


def test_more_seats_than_a_page_holds_are_shown_a_page_at_a_time_each_code_as_large(rig, tmp_path, monkeypatch):
    names = ["Альфа", "Бета", "Гамма", "Дельта", "Эпсилон", "Зета", "Эта", "Тета", "Йота", "Каппа"]
    monkeypatch.setattr(shared_kit, "NAMES", names)
    app = rig(10)  # (the demo's most; a written quiz's 40 tables make five pages)
    pages = []
    for _ in range(2):
        app.call(Call("join"), app.now(), "keyboard")  # F7: the first page, then the next
        frame = projector_frame(app)
        pages.append(frame)
        path = keep(frame, f"join-page{len(pages)}.png", tmp_path)
        cells = code_cells(frame)
        modules = len(qr_modules(app.projector.join.shown[0].url))
        assert all(cell.width // modules >= 6 for cell in cells)  # modules of 6 px at least (≈ 1 cm on 3 m)
        if shutil.which("zbarimg"):
            shown = app.projector.join.shown
            assert decoded(path) == sorted(seat.url for seat in shown)
    assert [len(code_cells(frame)) for frame in pages] == [8, 2]
    app.call(Call("join"), app.now(), "keyboard")  # past the last page: the codes leave the projector
    app.tick()
    assert app.projector.join is None
