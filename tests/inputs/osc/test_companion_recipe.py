"""docs/osc.md's Companion recipe, followed as written, with a client that behaves as Bitfocus Companion's
Generic OSC module does (issue 36, item 19): it sends every message from one socket on a random port (Companion's
internal OSC sender, which drops what comes back), listens on another port (the module's Feedback Port), and
takes custom variables on a third (Companion's OSC Listener). Real UDP: the Companion machine is 127.0.0.5,
the show listens on 127.0.0.1. The recipe's show file, trigger, keys and key feedbacks are read from the doc."""

from __future__ import annotations

import re
import socket

from quizshow.core.actions import Call
from tests.conftest import ROOT
from tests.inputs.osc.conftest import MakeShow, until
from tests.osc_desk import Desk

COMPANION = "127.0.0.5"


def recipe() -> str:
    doc = (ROOT / "docs" / "osc.md").read_text(encoding="utf-8")
    start = doc.index("## Recipe: Bitfocus Companion")
    return doc[start:doc.index("\n## ", start + 3)]


def step(text: str, number: int) -> str:
    """The recipe's numbered step, up to the next one."""
    found = re.search(rf"^{number}\. (.*?)(?=^\d+\. |\Z)", text, re.M | re.S)
    assert found, f"no step {number} in the Companion recipe"
    return " ".join(found.group(1).split())


class Companion:
    """Generic OSC up to 2.8.1: sends from Companion's internal sender, listens on its Feedback Port."""

    def __init__(self) -> None:
        self.sender = Desk(COMPANION)  # a random port, chosen once while Companion runs
        self.feedback = Desk(COMPANION)  # the Feedback Port: where the key feedbacks listen
        self.variables = Desk(COMPANION)  # the OSC Listener: custom variables

    def press(self, to: tuple[str, int], address: str, *args: object) -> None:
        self.sender.send(to, address, *args)

    def variable(self, name: str) -> object:
        """The custom variable's latest value as the show set it, so far (None: not set yet)."""
        self.variables.pump(0.02)
        values = [args for address, args in self.variables.got if address == f"/custom-variable/{name}/value"]
        return values[-1][0] if values else None

    def close(self) -> None:
        for desk in (self.sender, self.feedback, self.variables):
            desk.close()


def show_lines(text: str, companion: Companion) -> str:
    """The recipe's `devices.osc` block for this machine: the Companion machine 192.168.1.20 is COMPANION and its
    ports those of `companion`; the show's `listen` is the test's."""
    (snippet,) = re.findall(r"```yaml\n(.*?)```", text, re.S)
    snippet = snippet.replace("192.168.1.20:8000", f"{COMPANION}:{companion.feedback.address[1]}")
    snippet = snippet.replace("192.168.1.20:12321", f"{COMPANION}:{companion.variables.address[1]}")
    snippet = snippet.replace("192.168.1.20/32", f"{COMPANION}/32")
    assert "192.168.1.20" not in snippet, snippet
    lines = snippet.splitlines()
    assert lines[:2] == ["devices:", "  osc:"], lines
    return "".join(f"{line}\n" for line in lines[2:] if not line.strip().startswith("listen:"))


def free_udp_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_the_companion_recipe_runs_a_question_with_companion_sending_from_a_random_port(make_show: MakeShow):
    text = recipe()
    keys = dict(re.findall(r"«([^»]+)» `(/quiz/[^`]+)`", step(text, 5)))
    (buzzer,) = re.findall(r"a team's buzzer `(/quiz/team/1/buzz)`", step(text, 5))
    trigger = step(text, 4)
    events = re.findall(r"\*\*(Startup|Time Interval: Fixed)\*\*", trigger)
    (connect,) = re.findall(r"\*Generic OSC: Send string\* `(/quiz/connect)` = `([^`]+)`", trigger)
    colours = dict(re.findall(r"path `(/quiz/out/state/[\w/]+)` = `(\w+)`", step(text, 6)))
    assert {"Далее", "Время!", "Верно", "Неверно"} <= set(keys) and len(colours) == 3
    assert "Startup" in events

    companion = Companion()
    port = free_udp_port()  # the show's port stays the same across its restart
    try:
        show = make_show("svoyak", show_lines(text, companion), port=port)
        to = show.osc.address
        # The Feedback Port gets the whole state at the show's start, without asking.
        assert companion.feedback.wait_for("/quiz/out/state/phase") == ("title",)
        until(lambda: companion.variable("quiz_phase") == "title", "the custom variable quiz_phase")

        companion.press(to, *connect)  # the trigger's Startup event
        companion.press(to, keys["Далее"])
        assert companion.feedback.wait_for("/quiz/out/state/phase", where=lambda a: a == ("round",))
        with show.lock:  # the operator: the board, and a cell (on the console)
            show.call(Call("go", ()), show.clock.now(), "console")
            show.call(Call("cell", (0, 0)), show.clock.now(), "console")
        feedback = companion.feedback
        assert feedback.wait_for("/quiz/out/state/phase", where=lambda a: a == (colours["/quiz/out/state/phase"],))
        companion.press(to, keys["Время!"])
        assert feedback.wait_for("/quiz/out/state/timer/running",
                                 where=lambda a: a == (int(colours["/quiz/out/state/timer/running"]),))
        companion.press(to, buzzer)
        assert feedback.wait_for("/quiz/out/state/buzzed",
                                 where=lambda a: a == (int(colours["/quiz/out/state/buzzed"]),))  # the key is red
        companion.press(to, keys["Верно"])
        until(lambda: companion.variable("quiz_score1") == 10, "$(custom:quiz_score1) = 10")

        # A refused key is answered to the socket that sent it, never to the Feedback Port.
        companion.press(to, keys["Неверно"])  # nobody answers now: 409
        assert companion.sender.wait_for("/quiz/reply", where=lambda a: a[0] == keys["Неверно"])[2] == 409
        feedback.pump(0.05)
        assert not [address for address, _ in feedback.got if address == "/quiz/reply"]

        # The show restarts (a crash, a new laptop session): it forgets every unlock; Companion runs on.
        make_show.stop(show)
        show = make_show("svoyak", show_lines(text, companion), port=port)
        feedback.got.clear()
        assert feedback.wait_for("/quiz/out/state/phase") == ("title",)
        companion.press(to, keys["Далее"])
        assert companion.sender.wait_for("/quiz/reply", where=lambda a: a[0] == keys["Далее"])[2] == 401
        assert "Time Interval: Fixed" in events, "after a show's restart Companion's keys stay refused"
        companion.press(to, *connect)  # the trigger's interval event, within a minute
        companion.press(to, keys["Далее"])
        assert feedback.wait_for("/quiz/out/state/phase", where=lambda a: a == ("round",))
    finally:
        companion.close()


def test_the_recipe_says_where_companion_sends_from_and_where_it_listens():
    text = " ".join(recipe().split())
    assert "internal OSC sender" in text and "random port" in text and "Feedback Port" in text
    assert "sends from and listens on" not in text  # true of no version before 2.8.2
    assert "OscSender.ts" in text  # where that was checked
