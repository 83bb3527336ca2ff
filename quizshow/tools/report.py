"""Report a match played at another table to the tournament's quizshow over OSC (docs/osc.md).

    python -m quizshow.tools.report SHOW --fixture A3 --to 127.0.0.1:7400 [--passcode P] [--wait]

Reads the show's journal (the match played at this table), and once the match is decided sends
`/quiz/connect` (when a passcode is given) and `/quiz/tournament/result FIXTURE A B [OUTCOME]` to the
tournament, then waits for its reply. `--wait` watches the journal until the match is decided.
"""

from __future__ import annotations

import argparse
import socket
import sys
import time
from pathlib import Path

from pythonosc.osc_message import OscMessage

from quizshow.assemble import make_format
from quizshow.core.clock import SYSTEM, Clock
from quizshow.core.engine import Engine
from quizshow.outputs.osc_out import message
from quizshow.ports import target
from quizshow.runtime.journal.file import Journal
from quizshow.yamlfile import Problems

REPLY_S = 2.0


def match_result(show: Path) -> tuple[int, int, str] | None:
    """(score of the red table, of the green one, outcome) once the show's match is decided, else None."""
    from quizshow.config import load_show

    problems = Problems()
    config = load_show(show, problems)
    if config is None or problems.errors:
        raise SystemExit("\n".join(str(p) for p in problems.items) or f"{show}: cannot read the show")
    path = config.journal_path
    if not path.exists():
        return None
    loaded = Journal.read(path, str(config.path))  # read only: the table's show may still be running
    if loaded is None:
        return None
    engine = Engine(make_format(config), loaded.seed)
    loaded.restore(engine)
    ring = engine.state.fmt
    result = getattr(ring, "result", None)
    if result is None:
        return None
    outcome = {"removed": "win"}.get(result, result)
    return engine.state.teams[0].score, engine.state.teams[1].score, outcome


def send_result(to: tuple[str, int], fixture: str, scores: tuple[int, int], outcome: str | None = None,
                passcode: str | None = None, timeout: float = REPLY_S, *, clock: Clock) -> tuple[int, str]:
    """Send the result and return the tournament's reply (code, text); (0, "no reply") if none came within
    `timeout` seconds of `clock`."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        sock.settimeout(timeout)
        if passcode is not None:
            sock.sendto(message("/quiz/connect", passcode), to)
        sock.sendto(message("/quiz/reply/all", 1), to)
        args: list[object] = [fixture, int(scores[0]), int(scores[1])]
        if outcome is not None:
            args.append(outcome)
        sock.sendto(message("/quiz/tournament/result", *args), to)
        deadline = clock.monotonic() + timeout
        while clock.monotonic() < deadline:
            try:
                data, _ = sock.recvfrom(65536)
            except TimeoutError:
                break
            reply = OscMessage(data)
            if reply.address == "/quiz/reply" and reply.params and reply.params[0] == "/quiz/tournament/result":
                return int(reply.params[2]), str(reply.params[3])
            if reply.address == "/quiz/reply" and reply.params and reply.params[0] == "/quiz/connect" \
                    and int(reply.params[2]) != 200:
                return int(reply.params[2]), str(reply.params[3])
    return 0, "no reply"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m quizshow.tools.report", description=__doc__.split("\n")[0])
    p.add_argument("show", type=Path)
    p.add_argument("--fixture", required=True, help="the fixture's id in the tournament (A3, QF2, …)")
    p.add_argument("--to", required=True, type=target, help="the tournament's OSC address, HOST:PORT")
    p.add_argument("--passcode")
    p.add_argument("--wait", action="store_true", help="watch the journal until the match is decided")
    args = p.parse_args(argv)
    found = match_result(args.show)
    while found is None and args.wait:
        time.sleep(1.0)
        found = match_result(args.show)
    if found is None:
        print(f"{args.show}: the match is not decided yet", file=sys.stderr)
        return 1
    a, b, outcome = found
    code, text = send_result(args.to, args.fixture, (a, b), outcome, args.passcode, clock=SYSTEM)
    print(f"{args.fixture} {a}:{b} ({outcome}) → {code} {text}")
    return 0 if code == 200 else 1


if __name__ == "__main__":
    raise SystemExit(main())
