"""Follower screens (issue 26, part 2; spec/web.md «Follower screens»; docs/screens.md): a main show and a
follower as two real processes over real sockets. Every wait is on a line the processes print."""

from __future__ import annotations

import asyncio
import json
import signal
import urllib.error
import urllib.request
import zipfile
from io import BytesIO

import pytest

from quizshow.config import load_show
from quizshow.core import commands as c
from quizshow.yamlfile import Problems
from tests.follow_kit import (
    PASSCODE,
    WAIT_S,
    Proc,
    add_score,
    journal_lines,
    main_state,
    make_show,
    procs,  # noqa: F401 - fixtures
    start_main,
)
from tests.osc_desk import Desk


def test_a_follower_replays_the_main_show_and_catches_up_after_a_kill_9_from_the_line_it_had(tmp_path, procs):  # noqa: F811
    show, journal, report = make_show(tmp_path), tmp_path / "day.jsonl", tmp_path / "follower.json"
    main, osc, port = start_main(show, journal)
    procs.append(main)
    follower = Proc("--follow", f"http://127.0.0.1:{port}", "--passcode", PASSCODE, "--headless",
                    "--follow-report", str(report))
    procs.append(follower)
    follower.wait_line(r"follow: in step at line \d+")
    desk = Desk()
    try:
        add_score(desk, osc, 1, 30)
        add_score(desk, osc, 2, -10)
        lines = journal_lines(journal)
        follower.wait_line(rf"follow: in step at line {lines}\b")
        state = json.loads(report.read_text(encoding="utf-8"))
        assert (state["phase"], state["scores"]) == main_state(show, journal)
        assert state["scores"][:2] == [30, -10]

        main.proc.send_signal(signal.SIGKILL)  # the main show's laptop dies
        main.proc.wait(10)
        follower.wait_line(r"follow: lost the show")
        main, osc, _ = start_main(show, journal, web_port=port)  # back on the same address
        procs.append(main)
        follower.wait_line(rf"follow: connected, from line {lines + 1}\b")  # from the line it had, not from 1
        add_score(desk, osc, 3, 50)
        after = journal_lines(journal)
        follower.wait_line(rf"follow: in step at line {after}\b")
        state = json.loads(report.read_text(encoding="utf-8"))
        assert (state["phase"], state["scores"]) == main_state(show, journal)
        assert state["scores"] == [30, -10, 50]
    finally:
        desk.close()


def test_a_wrong_passcode_is_refused_401_and_the_follower_says_so(tmp_path, procs):  # noqa: F811
    show, journal = make_show(tmp_path), tmp_path / "day.jsonl"
    main, _, port = start_main(show, journal)
    procs.append(main)
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(f"http://127.0.0.1:{port}/follow/files?passcode=wrong", timeout=10)
    assert refused.value.code == 401
    with pytest.raises(urllib.error.HTTPError) as missing:
        urllib.request.urlopen(f"http://127.0.0.1:{port}/follow/journal", timeout=10)
    assert missing.value.code == 401
    follower = Proc("--follow", f"http://127.0.0.1:{port}", "--passcode", "wrong", "--headless")
    procs.append(follower)
    follower.wait_line(r"follow: http://127.0.0.1:\d+: 401")
    assert follower.proc.wait(WAIT_S) == 1


# --- in one process: the endpoints themselves -------------------------------------------------------------


@pytest.fixture
def served(tmp_path):
    made = []

    def make(passcode: str | None = PASSCODE):
        from quizshow.app import ShowApp

        folder = tmp_path / f"show{len(made)}"
        folder.mkdir()
        problems = Problems()
        config = load_show(make_show(folder, passcode), problems)
        assert config is not None and not problems.errors, [str(p) for p in problems.items]
        app = ShowApp(config, journal_path=folder / "j.jsonl", fresh=True, sound=False, devices=False, web=True,
                      web_port=0)
        made.append(app)
        assert app.web is not None
        return app, f"http://127.0.0.1:{app.web.address[1]}"

    yield make
    for app in made:
        app.close()


def test_follow_endpoints_are_403_when_the_show_sets_no_follow_passcode(served):
    _, base = served(passcode=None)
    for path in ("/follow/files?passcode=x", "/follow/journal?from=1&passcode=x"):
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(base + path, timeout=10)
        assert refused.value.code == 403


def test_five_wrong_passcodes_lock_the_address_out_even_for_the_right_one(served):
    _, base = served()
    for _ in range(5):
        with pytest.raises(urllib.error.HTTPError):
            urllib.request.urlopen(f"{base}/follow/files?passcode=guess", timeout=10)
    with pytest.raises(urllib.error.HTTPError) as locked:
        urllib.request.urlopen(f"{base}/follow/files?passcode={urllib.request.quote(PASSCODE)}", timeout=10)
    assert locked.value.code == 401 and "locked" in locked.value.read().decode()


def test_the_files_archive_holds_the_show_its_pack_and_media_under_relative_paths(served):
    app, base = served()
    with urllib.request.urlopen(f"{base}/follow/files?passcode={urllib.request.quote(PASSCODE)}", timeout=10) as got:
        archive = zipfile.ZipFile(BytesIO(got.read()))
    names = set(archive.namelist())
    manifest = json.loads(archive.read("follow.json"))
    assert manifest["show"] == "shows/evening.yaml"
    assert {"shows/evening.yaml", "packs/svoyak-demo.yaml", "packs/media/saturn.png"} <= names
    assert not any(name.startswith("/") or ".." in name for name in names)


async def _frames(url: str, until: str, then=None) -> list[str]:
    """The journal socket's text frames up to one that starts with `until`; `then()` runs after the first
    `#at` (while the socket is open)."""
    import aiohttp

    got: list[str] = []
    timeout = aiohttp.ClientWSTimeout(ws_receive=WAIT_S)
    async with aiohttp.ClientSession() as session, session.ws_connect(url, timeout=timeout) as ws:
        async for msg in ws:
            if msg.type != aiohttp.WSMsgType.TEXT:
                break
            got.append(msg.data)
            if msg.data.startswith("#at ") and then is not None:
                await asyncio.to_thread(then)
                then = None
            if msg.data.startswith(until):
                break
    return got


def test_the_journal_socket_sends_the_lines_from_the_one_asked_then_each_new_line(served):
    app, base = served()
    quoted = urllib.request.quote(PASSCODE)

    def change() -> None:
        with app.lock:
            app.submit(c.ScoreAdd(at=app.now(), team=0, points=7))

    frames = asyncio.run(_frames(f"{base}/follow/journal?from=1&passcode={quoted}", "#at 2", change))
    lines = "\n".join(f for f in frames if not f.startswith("#")).split("\n")
    assert json.loads(lines[0])["type"] == "header" and '"points": 7' in lines[1] and len(lines) == 2
    assert frames[-1] == "#at 2"
    later = asyncio.run(_frames(f"{base}/follow/journal?from=2&passcode={quoted}", "#at"))
    assert later[0].count("\n") == 0 and '"points": 7' in later[0]  # from line 2: the header is not sent again


def test_a_follower_ahead_of_the_journal_is_told_to_start_again_from_line_1(served):
    _, base = served()
    quoted = urllib.request.quote(PASSCODE)
    assert asyncio.run(_frames(f"{base}/follow/journal?from=50&passcode={quoted}", "#reset")) == ["#reset"]
