"""OSC fairness under a many-socket flood (issue 23): a headless «Своя игра» show on 127.0.0.1; 64 other
sockets (in two processes) flood it at full rate for 10 s with a seeded mix (score changes of team 2,
buzzes, pings, garbage); meanwhile a desk (a third process, its own socket) sends
`/quiz/team/1/score/add i 1` 20 times a second with `/quiz/reply/all 1` and times each reply. When the
flood ends the desk asks `/quiz/state` and times the answer.

    nice -n 10 python bench/osc_fairness.py [--seconds 10] [--sockets 64] [--processes 2]

Prints the flood's rate, what the server dropped, the desk's acknowledged share and reply latency
(targets: ≥ 95 % acknowledged, p95 ≤ 100 ms), team 1's score against the desk's acknowledgements (must be
equal) and the time to answer `/quiz/state` after the flood (target ≤ 1 s). Asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from bench.oscshow import osc_show, percentile  # noqa: E402
from quizshow.display.windows import CONSOLE_SIZE, FPS  # noqa: E402

# One flooding process: `sockets` sockets, each datagram from the next socket, as fast as the machine lets.
FLOOD = r'''
import json, random, socket, sys, time
sys.path.insert(0, sys.argv[1])
from quizshow.outputs.osc_out import message
host, port, seconds = sys.argv[2], int(sys.argv[3]), float(sys.argv[4])
sockets, seed = int(sys.argv[5]), int(sys.argv[6])
rng = random.Random(seed)
socks = []
for _ in range(sockets):
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    s.bind(("127.0.0.1", 0))
    s.setblocking(False)
    socks.append(s)
kinds = [message("/quiz/team/2/score/add", 1), message("/quiz/team/2/buzz"), message("/quiz/ping", 1),
         message("/quiz/team/3/score/set", 5)] + [bytes(rng.randrange(256) for _ in range(24)) for _ in range(4)]
datagrams = [kinds[rng.randrange(len(kinds))] for _ in range(4096)]
to = (host, port)
print("ready", flush=True)
sys.stdin.readline()  # all start together
sent = 0
i = 0
end = time.monotonic() + seconds
while True:
    if i % 256 == 0:
        if time.monotonic() >= end:
            break
        for s in socks:  # replies are drained (and dropped), so the flood's own sockets do not fill up
            try:
                while True:
                    s.recv(65536)
            except BlockingIOError:
                pass
    try:
        socks[i % sockets].sendto(datagrams[i % 4096], to)
        sent += 1
    except BlockingIOError:
        pass
    i += 1
print(json.dumps({"sent": sent}))
'''

# The desk: 20 commands a second, each followed by `/quiz/ping k`: one socket's datagrams are served in order,
# so the reply just before pong k answers command k (none there: command k was lost). Then, told the flood
# is over (a line on stdin), /quiz/state.
DESK = r'''
import json, socket, sys, time
sys.path.insert(0, sys.argv[1])
from quizshow.outputs.osc_out import message
from pythonosc.osc_message import OscMessage
host, port, seconds = sys.argv[2], int(sys.argv[3]), float(sys.argv[4])
to = (host, port)
sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
sock.bind(("127.0.0.1", 0))
sock.settimeout(0.005)
while True:  # replies on, and the show answering, before the flood starts
    sock.sendto(message("/quiz/reply/all", 1), to)
    try:
        if OscMessage(sock.recvfrom(65536)[0]).address == "/quiz/reply":
            break
    except TimeoutError:
        pass
print("ready", flush=True)
sys.stdin.readline()
sent, latencies, codes, replies = {}, [], {}, []
def receive(until):
    got = []
    while time.monotonic() < until:
        try:
            data, _ = sock.recvfrom(65536)
        except TimeoutError:
            continue
        msg = OscMessage(data)
        got.append(msg)
        if msg.address == "/quiz/reply" and msg.params[0] == "/quiz/team/1/score/add":
            replies.append((msg.params[2], time.monotonic()))
        elif msg.address == "/quiz/out/pong" and msg.params and msg.params[0] in sent:
            # the replies since the last pong answer the newest commands up to k (a ping may be lost too)
            k = msg.params[0]
            for (code, at), j in zip(replies, sorted(j for j in sent if j <= k)[-len(replies):] if replies else []):
                codes[code] = codes.get(code, 0) + 1
                if code == 200:
                    latencies.append((at - sent[j]) * 1000)
                del sent[j]
            replies.clear()
    return got
start = time.monotonic()
commands = int(seconds * 20)
for k in range(commands):
    receive(start + k * 0.05)
    sent[k] = time.monotonic()
    sock.sendto(message("/quiz/team/1/score/add", 1), to)
    sock.sendto(message("/quiz/ping", k), to)
receive(time.monotonic() + 1.0)
sys.stdin.readline()  # the flood is over
asked = time.monotonic()
sock.sendto(message("/quiz/state"), to)
score, answered = None, None
deadline = asked + 30
while score is None and time.monotonic() < deadline:
    for msg in receive(time.monotonic() + 0.01):
        if msg.address == "/quiz/out/state/team/1/score":
            score, answered = msg.params[0], (time.monotonic() - asked) * 1000
print(json.dumps({"commands": commands, "latencies": latencies, "codes": codes,
                  "unanswered": commands - sum(codes.values()), "score": score, "state_ms": answered}))
'''


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--sockets", type=int, default=64)
    parser.add_argument("--processes", type=int, default=2)
    args = parser.parse_args()
    app, folder = osc_show("OSC fairness", "quizshow-fair-")
    app.go_live()
    assert app.osc is not None
    host, port = app.osc.address
    desk = subprocess.Popen([sys.executable, "-c", DESK, str(ROOT), host, str(port), str(args.seconds)],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    each = args.sockets // args.processes
    floods = [subprocess.Popen([sys.executable, "-c", FLOOD, str(ROOT), host, str(port), str(args.seconds),
                                str(each), str(seed)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
              for seed in range(args.processes)]
    for process in (desk, *floods):  # the desk answered once (replies on); every flood's sockets bound
        while process.stdout is not None and process.stdout.readline().strip() != "ready":
            continue
    for process in (*floods, desk):  # go
        assert process.stdin is not None
        process.stdin.write("go\n")
        process.stdin.flush()
    surface = pygame.Surface((1920, 1080))
    console = pygame.Surface(CONSOLE_SIZE)
    frames: list[float] = []
    frame = 1 / FPS
    next_frame = time.monotonic()
    started = time.monotonic()
    flood_over = None
    while desk.poll() is None:
        next_frame = max(next_frame + frame, time.monotonic())
        began = time.perf_counter()
        with app.lock:
            app.tick()
        now = app.clock.now()
        app.projector.render(surface, app.engine.state, now)
        app.console.render(console, now, app.status, surface)
        if flood_over is None:
            frames.append((time.perf_counter() - began) * 1000)
            if all(f.poll() is not None for f in floods):
                flood_over = time.monotonic()
                assert desk.stdin is not None
                desk.stdin.write("over\n")
                desk.stdin.flush()
        app.wait_inputs(next_frame)
    flooded = time.monotonic() - started if flood_over is None else flood_over - started
    sent = sum(json.loads((f.stdout.read() if f.stdout else "").strip().splitlines()[-1])["sent"] for f in floods)
    report = json.loads((desk.stdout.read() if desk.stdout else "").strip().splitlines()[-1])
    osc = app.osc
    received, dropped = osc.received, osc.dropped
    filtered = len(osc.fairness.filtered)
    app.running = False
    app.close()
    acked = len(report["latencies"])
    commands = report["commands"]
    print(f"quizshow OSC fairness: {args.sockets} sockets flooding from {args.processes} processes for "
          f"{args.seconds:g} s, a desk sending 20 commands/s ({os.cpu_count()} cores)\n")
    print(f"  flood datagrams sent                  {sent}  (~{sent / max(flooded, 1e-9):,.0f}/s)")
    print(f"  datagrams read by the server          {received}")
    print(f"  dropped unserved                      {dropped}  (late, queue full, kernel filter: estimated)")
    print(f"  sockets filtered in the kernel (end)  {filtered}")
    print(f"  desk commands acknowledged            {acked} / {commands} = {100 * acked / commands:.1f} %  "
          f"(target ≥ 95 %; replies by code {report['codes']}, unanswered {report['unanswered']})")
    if report["latencies"]:
        print(f"  desk command → reply                  p50 {statistics.median(report['latencies']):.1f} ms, "
              f"p95 {percentile(report['latencies'], 95):.1f} ms  (target p95 ≤ 100 ms)")
    print(f"  team 1's score / acknowledgements     {report['score']} / {acked}  (must be equal)")
    state = report["state_ms"]
    print(f"  /quiz/state answered after the flood  "
          f"{'never' if state is None else f'{state:.0f} ms'}  (target ≤ 1000 ms)")
    print(f"  frame p99 under the flood             {percentile(frames, 99):.2f} ms  "
          f"(median {statistics.median(frames):.2f})")


if __name__ == "__main__":
    main()
