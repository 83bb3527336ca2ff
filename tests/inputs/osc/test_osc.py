"""OSC with real UDP datagrams on 127.0.0.1 (the server bound to port 0): a whole «Своя игра» and
«Брейн-ринг» question driven by OSC alone, every error code, garbage, allowlist and passcode, and a
kill -9 after OSC scoring."""

from __future__ import annotations

import os
import random
import re
import signal
import subprocess
import sys
import threading
import time

import pytest

from tests.conftest import ROOT, notices
from tests.osc_desk import Desk, DrivenClock
from tests.osc_kit import (
    go,
    rig,  # noqa: F401 - fixtures
    show,
)


def test_a_whole_svoyak_question_driven_by_osc_alone(rig):  # noqa: F811
    app, desk, to = rig("svoyak")
    desk.send(to, "/quiz/subscribe", 1)
    assert desk.wait_for("/quiz/out/state/phase") == ("title",)
    desk.send(to, "/quiz/reply/all", 1)
    go(desk, to)
    assert desk.wait_for("/quiz/out/event/round/start")[0] == 1
    assert desk.wait_for("/quiz/out/event/round/1/start")[1] == "Первый раунд"
    go(desk, to)
    desk.send(to, "/quiz/board/select", 1, 1)
    assert desk.wait_for("/quiz/out/event/question") == (1, 1, "regular")
    assert desk.wait_for("/quiz/out/state/phase", where=lambda a: a == ("question",))
    desk.send(to, "/quiz/go")  # read: the answer window
    assert desk.wait_for("/quiz/out/event/timer/start")[0] == pytest.approx(3.0)
    desk.send(to, "/quiz/team/2/buzz")
    buzz = desk.wait_for("/quiz/out/event/buzz")
    assert buzz[:2] == (2, "Борис") and buzz[2] == 0.0
    assert desk.wait_for("/quiz/out/event/team/2/buzz")[0] == 2
    assert desk.wait_for("/quiz/out/state/buzzed", where=lambda a: a == (2,))
    desk.send(to, "/quiz/judge/correct")
    assert desk.wait_for("/quiz/out/event/correct") == (2, 10, 10)
    assert desk.wait_for("/quiz/out/event/team/2/correct") == (2, 10, 10)
    assert desk.wait_for("/quiz/out/state/team/2/score", where=lambda a: a == (10,))
    desk.wait_for("/quiz/out/event/reveal")
    desk.wait_for("/quiz/reply", where=lambda a: a[0] == "/quiz/judge/correct")
    assert [r[1:3] for r in desk.replies("/quiz/judge/correct")] == [("ok", 200)]
    assert app.engine.state.teams[1].score == 10  # journalled like any other command
    assert (app.journal.path.read_text(encoding="utf-8").count('"Judge"')) == 1


def test_a_whole_brainring_question_driven_by_osc_alone(rig):  # noqa: F811
    app, desk, to = rig("brainring")
    desk.send(to, "/quiz/subscribe", 1)
    desk.wait_for("/quiz/out/state/phase")
    go(desk, to)
    desk.send(to, "/quiz/announce")
    desk.wait_for("/quiz/out/event/announce")
    desk.send(to, "/quiz/timer/start")
    assert desk.wait_for("/quiz/out/event/timer/start") == (pytest.approx(60.0),)
    assert desk.wait_for("/quiz/out/state/timer/running", where=lambda a: a == (1,))
    desk.send(to, "/quiz/team/1/buzz", 3)  # with the player
    assert desk.wait_for("/quiz/out/event/buzz")[:2] == (1, "Анна")
    desk.send(to, "/quiz/judge/wrong")
    assert desk.wait_for("/quiz/out/event/wrong") == (1, 0, 0)
    desk.send(to, "/quiz/team/2/buzz")
    desk.wait_for("/quiz/out/event/team/2/buzz")
    desk.send(to, "/quiz/judge/correct")
    assert desk.wait_for("/quiz/out/event/correct") == (2, 1, 1)
    assert desk.wait_for("/quiz/out/state/team/2/score", where=lambda a: a == (1,))
    with app.lock:
        app.tick()
    assert desk.wait_for("/quiz/out/heartbeat")[0] >= 1


def test_every_error_code_is_replied(rig):  # noqa: F811
    app, desk, to = rig("svoyak", clock=DrivenClock())  # the show's time stands still: a loaded machine
    desk.send(to, "/quiz/g*")  # cannot take the two /quiz/go below 0.3 s apart
    desk.send(to, "/quiz/board/select", "x", 1)
    desk.send(to, "/quiz/nothing/here")
    desk.send(to, "/quiz/judge/correct")  # nobody answers: not possible now
    desk.send(to, "/quiz/go")
    desk.send(to, "/quiz/go")  # within 0.3 s
    codes = {}
    deadline = time.monotonic() + 60  # a bound on the wait only: each reply comes once the show handled it
    while len(codes) < 5 and time.monotonic() < deadline:
        desk.pump(0.05)
        codes = {(args[0], args[2]) for addr, args in desk.got if addr == "/quiz/reply"}
    assert {("/quiz/g*", 400), ("/quiz/board/select", 400), ("/quiz/nothing/here", 404),
            ("/quiz/judge/correct", 409), ("/quiz/go", 429)} <= codes
    conflict = next(args for addr, args in desk.got if addr == "/quiz/reply" and args[2] == 409)
    assert conflict[1] == "error" and "nobody is answering" in conflict[3]


def test_rate_limit_answers_429(rig):  # noqa: F811
    app, desk, to = rig("svoyak", osc="    rate_limit: 20\n")
    for _ in range(40):
        desk.send(to, "/quiz/ping", 1)
    desk.wait_for("/quiz/reply", where=lambda a: a[2] == 429)


def test_allowlist_denies_with_403_and_changes_nothing(rig):  # noqa: F811
    app, desk, to = rig("svoyak", osc='    allow: ["10.0.0.0/8"]\n')
    before = app.engine.state
    desk.send(to, "/quiz/go")
    desk.send(to, "/quiz/team/1/score/add", 50)
    assert desk.wait_for("/quiz/reply")[1:3] == ("denied", 403)
    desk.pump(0.3)
    assert app.engine.state is before and app.engine.entries == []
    assert any(n.text == "OSC: 127.0.0.1 не в списке разрешённых (devices.osc.allow)" and n.level == "problem"
               for n in notices(app))  # in the console's language, once per source


def test_passcode_401_until_connected_and_lockout_after_five_wrong(rig):  # noqa: F811
    app, desk, to = rig("svoyak", osc='    passcode: "zebra"\n')
    desk.send(to, "/quiz/team/1/score/add", 50)
    assert desk.wait_for("/quiz/reply")[1:3] == ("denied", 401)
    desk.send(to, "/quiz/ping", 7)
    assert desk.wait_for("/quiz/out/pong") == (7,)  # ping and state need no passcode
    for _ in range(5):
        desk.send(to, "/quiz/connect", "wrong")
    desk.send(to, "/quiz/connect", "zebra")  # the right one, but locked now
    desk.send(to, "/quiz/team/1/score/add", 50)
    desk.pump(0.5)
    assert all(args[2] == 401 for addr, args in desk.got if addr == "/quiz/reply")
    assert app.engine.state.teams[0].score == 0
    other = Desk()  # another source on 127.0.0.1 shares the address: the lock is per source address
    other.send(to, "/quiz/connect", "zebra")
    other.pump(0.3)
    assert [args[2] for addr, args in other.got if addr == "/quiz/reply"] == [401]
    other.close()
    assert not any("zebra" in text for _, text, _ in notices(app))  # the passcode is never logged
    assert any("127.0.0.1 заблокирован" in text for _, text, _ in notices(app))


def test_passcode_unlocks_control(rig):  # noqa: F811
    app, desk, to = rig("svoyak", osc='    passcode: "zebra"\n')
    desk.send(to, "/quiz/connect", "zebra")
    desk.send(to, "/quiz/team/1/score/add", 50)
    deadline = time.monotonic() + 3
    while app.engine.state.teams[0].score != 50 and time.monotonic() < deadline:
        time.sleep(0.02)
    assert app.engine.state.teams[0].score == 50


def test_ten_thousand_malformed_datagrams_then_a_valid_message_works(rig):  # noqa: F811
    app, desk, to = rig("svoyak")
    rng = random.Random(6)
    for i in range(10_000):
        size = rng.randrange(0, 200)
        data = bytes(rng.randrange(256) for _ in range(size))
        if i % 3 == 0:
            data = b"/quiz/" + data  # looks like OSC at first sight
        desk.raw(to, data)
        if i % 500 == 0:
            time.sleep(0.01)  # let the server keep up (UDP drops what a full buffer cannot hold)
    # The kernel may still be dropping datagrams from a full buffer: the desk pings until answered.
    for _ in range(20):
        desk.send(to, "/quiz/ping", 42)
        try:
            assert desk.wait_for("/quiz/out/pong", timeout=1) == (42,)
            break
        except AssertionError:
            continue
    else:
        raise AssertionError("the server no longer answers")
    # A flood from one socket is refused in the kernel once it is fast enough (issue 23), so how many reach the
    # server depends on the machine's speed: what the server saw is counted malformed, by source.
    assert app.osc.thread.is_alive() and app.osc.malformed > 100
    lines = app.device_lines()
    assert sum("испорченных пакетов от 127.0.0.1" in text for text, _ in lines) == 1  # one line per source


def test_kill_minus_nine_after_osc_scoring_then_state_reports_the_same_scores(tmp_path):
    path = show(tmp_path, "svoyak")
    journal = tmp_path / "j.jsonl"
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYTHONPATH": str(ROOT)}

    def start():
        proc = subprocess.Popen([sys.executable, str(ROOT / "main.py"), str(path), "--headless", "--osc-port", "0",
                                 "--journal", str(journal)], stderr=subprocess.PIPE, text=True, env=env)
        started.append(proc)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            line = proc.stderr.readline()
            if found := re.search(r"osc: listening on ([\d.]+):(\d+)", line):
                # Read the rest of its log as it comes: a full pipe would stop the show mid-write.
                threading.Thread(target=proc.stderr.read, daemon=True).start()
                return proc, (found[1], int(found[2]))
        raise AssertionError("the show did not start its OSC server")

    started: list[subprocess.Popen] = []
    desk = Desk()
    try:
        proc, to = start()
        desk.send(to, "/quiz/reply/all", 1)
        for team, points in ((1, 30), (3, -10), (2, 20)):
            desk.send(to, f"/quiz/team/{team}/score/add", points)
        deadline = time.monotonic() + 5
        while len([a for a in desk.replies("/quiz/team/2/score/add") if a[2] == 200]) < 1:
            assert time.monotonic() < deadline, desk.got
            desk.pump(0.05)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        proc, to = start()
        desk.got.clear()
        desk.send(to, "/quiz/state")
        assert desk.wait_for("/quiz/out/state/team/1/score") == (30,)
        assert desk.wait_for("/quiz/out/state/team/2/score") == (20,)
        assert desk.wait_for("/quiz/out/state/team/3/score") == (-10,)
    finally:
        for proc in started:  # every show this test started ends with it, whatever failed
            proc.terminate()
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        desk.close()


def test_cue_templates_send_the_desks_own_commands_with_values_filled_in(rig, tmp_path):  # noqa: F811
    eos = Desk()
    port = eos.address[1]
    cues = f'''    cues:
      buzz: [{{to: "127.0.0.1:{port}", address: "/eos/cue/10/{{team}}/fire"}}]
      correct: [{{to: "127.0.0.1:{port}", address: "/eos/cue/11/{{score}}/fire"}}]
'''
    app, desk, to = rig("svoyak", osc=cues)
    go(desk, to)
    go(desk, to)
    desk.send(to, "/quiz/board/select", 1, 2)
    desk.send(to, "/quiz/team/3/buzz")
    assert eos.wait_for("/eos/cue/10/3/fire") == ()
    desk.send(to, "/quiz/judge/correct")
    assert eos.wait_for("/eos/cue/11/20/fire") == ()
    eos.close()


def test_sources_take_turns_and_each_keeps_its_order():
    """Datagrams taken from the socket together: a desk's press is handled second, not behind 60 of
    a flooding device; each source's own messages keep their order."""
    from quizshow.inputs.osc import in_turns

    flood, desk, deck = ("10.0.0.5", 9000), ("10.0.0.7", 53000), ("10.0.0.8", 8000)
    batch = [(f"f{i}".encode(), flood) for i in range(60)] + [(b"d0", desk), (b"d1", desk), (b"s0", deck)]
    turns = [data.decode() for data, _ in in_turns(batch)]
    assert turns[:6] == ["f0", "d0", "s0", "f1", "d1", "f2"]
    assert [t for t in turns if t[0] == "f"] == [f"f{i}" for i in range(60)]
    assert len(turns) == len(batch)


def test_a_burst_from_one_desk_is_answered_in_the_order_sent(rig):  # noqa: F811
    app, desk, to = rig("svoyak", osc="    rate_limit: 100\n")
    for n in range(40):  # sent back to back: the server takes them from the socket in batches
        desk.send(to, "/quiz/ping", n)
    for n in range(40):
        desk.wait_for("/quiz/out/pong", where=lambda args, n=n: args == (n,))
    assert [args[0] for addr, args in desk.got if addr == "/quiz/out/pong"] == list(range(40))
