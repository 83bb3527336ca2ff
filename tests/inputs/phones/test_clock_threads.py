"""The console asks every frame, from the window's thread, whether each phone's clock is trusted, while the web
server's thread adds the phones' pongs to the same clocks: the question never fails (it did, «deque mutated during
iteration», and the frame was skipped with «Сбой: такт шоу — кадр пропущен» on the console)."""

from __future__ import annotations

import sys
import threading

from quizshow.inputs.phones.clock import WINDOW, ClockEstimate


def test_trust_is_read_from_another_thread_while_pongs_come_in():
    clock = ClockEstimate()
    for i in range(WINDOW):  # a full window: every pong from now on drops the oldest sample
        clock.add(float(i), i + 0.01, i * 1000.0)
    done = threading.Event()
    failures: list[BaseException] = []

    def pongs() -> None:  # the web server's thread
        i = WINDOW
        while not done.is_set():
            clock.add(float(i), i + 0.01, i * 1000.0)
            i += 1

    switch = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # threads take turns as often as they can: the race shows within the loop
    server = threading.Thread(target=pongs)
    server.start()
    try:
        for _ in range(20_000):  # the window's frames
            try:
                clock.trusted(1e9)
                clock.clamp_rtt(1e9)
            except RuntimeError as failure:
                failures.append(failure)
                break
    finally:
        done.set()
        server.join()
        sys.setswitchinterval(switch)
    assert not failures, failures
