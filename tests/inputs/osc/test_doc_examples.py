"""Every OSC command the docs show is run as the crew runs it — liblo's `oscsend` (and `oscdump` where the doc
listens) against a show listening on 127.0.0.1 — and must do what the doc says it does (issue 36, item 17).

The commands are read from the docs themselves (docs/*.md and the README): every `oscsend …` and `oscdump …`
in backticks or in a ```sh block, and every `/quiz/…` with concrete values (a signature such as
`/quiz/team/{n}/buzz i player` is not a command). Each must be oscsend's syntax, and each has its check here,
keyed by its exact text: an edited example has no check until someone says what it must do, and a check
whose example left the docs fails too. In an example the show's port is 7400 and the venue's machines are
this one."""

from __future__ import annotations

import re
import shlex
import socket
import subprocess
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import pytest

from quizshow.app import ShowApp
from quizshow.core import commands as c
from quizshow.core.actions import Call
from tests.conftest import ROOT
from tests.inputs.osc.conftest import MakeShow, handled, liblo, oscsend, until
from tests.osc_desk import Desk

DOCS = [*sorted((ROOT / "docs").glob("*.md")), ROOT / "README.md"]
OSCSEND_TYPES = "ihfdsScmTFN"  # liblo 0.31's oscsend; T, F and N take no value
SHOW_PORT = "7400"
# Commands in another program's own syntax, on purpose: what the doc says of them is checked elsewhere.
NOT_OSCSEND = {
    '/quiz/connect "stage-42"': "QLab's message syntax in a Network cue (QLab types the argument itself)",
}


@dataclass(frozen=True)
class Example:
    where: str  # FILE:LINE of its first appearance
    text: str  # as the doc writes it (whitespace collapsed); a script: its lines, one per line


def _fences(text: str) -> Iterator[re.Match[str]]:
    return re.finditer(r"^[ \t]*```(\w*)\n(.*?)^[ \t]*```", text, re.M | re.S)


def _is_command(span: str) -> bool:
    """`oscsend …`, `oscdump …`, or an address with concrete values (a number, a quoted text); not a form
    with an ellipsis (`oscsend HOST PORT ADDRESS TYPES VALUES…`)."""
    if "…" in span:
        return False
    if span.startswith(("oscsend ", "oscdump ")):
        return True
    if not span.startswith("/quiz/") or " " not in span or any(mark in span for mark in "{<…,"):
        return False
    return '"' in span or any(_number(word) for word in span.split()[1:])


def _number(word: str) -> bool:
    try:
        float(word)  # also `inf` and `nan`, which docs show as what the show refuses
    except ValueError:
        return False
    return True


def doc_examples() -> list[Example]:
    found: dict[str, Example] = {}
    for doc in DOCS:
        text = doc.read_text(encoding="utf-8")
        name = doc.relative_to(ROOT).as_posix()
        for fence in _fences(text):
            lines = [line.strip() for line in fence.group(2).splitlines()]
            lines = [line for line in lines if line and not line.startswith("#")]
            if lines and fence.group(1) in ("sh", "") and all(line.startswith("oscsend ") for line in lines):
                line = text[:fence.start()].count("\n") + 2
                found.setdefault("\n".join(lines), Example(f"{name}:{line}", "\n".join(lines)))
        prose = re.sub(r"^[ \t]*```.*?^[ \t]*```", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.M | re.S)
        for span in re.finditer(r"`([^`]+)`", prose):
            command = " ".join(span.group(1).split())
            if _is_command(command):
                line = prose[:span.start()].count("\n") + 1
                found.setdefault(command, Example(f"{name}:{line}", command))
    return list(found.values())


EXAMPLES = doc_examples()


def oscsend_problem(words: list[str]) -> str | None:
    """What is wrong with ADDRESS [TYPES VALUES…] as oscsend's arguments, if anything."""
    if not words[0].startswith("/"):
        return f"'{words[0]}' is not an OSC address"
    if len(words) == 1:
        return None
    types, values = words[1], words[2:]
    if set(types) - set(OSCSEND_TYPES):
        return f"'{types}' is not a word of types ({OSCSEND_TYPES}): the types come first, in one word"
    wanted = [kind for kind in types if kind not in "TFN"]
    if len(values) != len(wanted):
        return f"the types '{types}' take {len(wanted)} value(s), here {len(values)} follow"
    for kind, value in zip(wanted, values, strict=True):
        if kind in "ih" and not re.fullmatch(r"-?\d+", value):
            return f"'{value}' is not an integer for '{kind}'"
        if kind in "fd":
            try:
                float(value)
            except ValueError:
                return f"'{value}' is not a number for '{kind}'"
    return None


def syntax_problem(line: str) -> str | None:
    words = shlex.split(line)
    if words[0] == "oscdump":
        return None if len(words) == 2 and words[1].isdigit() else "oscdump takes a port"
    if words[0] == "oscsend":
        if len(words) < 4 or not words[2].isdigit():
            return "oscsend takes HOST PORT ADDRESS [TYPES VALUES…]"
        return oscsend_problem(words[3:])
    return oscsend_problem(words)


def test_every_osc_command_the_docs_show_is_oscsend_syntax():
    assert len(EXAMPLES) >= 15, [e.text for e in EXAMPLES]  # the reading of the docs found them
    wrong = [f"{e.where}: `{line}`: {problem}" for e in EXAMPLES if e.text not in NOT_OSCSEND
             for line in e.text.split("\n") if (problem := syntax_problem(line))]
    assert not wrong, "\n".join(wrong)
    assert set(NOT_OSCSEND) <= {e.text for e in EXAMPLES}, "an exception for a command no doc shows any more"


def test_the_reading_of_the_docs_tells_commands_from_signatures():
    assert _is_command("/quiz/board/select ii 2 3") and _is_command('/quiz/action/duel_hint s "Столица"')
    assert _is_command("/quiz/timer/start 1") and _is_command("oscdump 8000")
    for signature in ("/quiz/team/{n}/buzz i player", "/quiz/connect s <passcode>", "/quiz/out/state/phase s",
                      "/quiz/reply s address, s status, i code, s message", "/quiz/go", "/quiz/out/event/buzz …"):
        assert not _is_command(signature), signature
    assert syntax_problem("/quiz/board/select i 2 i 3") == "the types 'i' take 1 value(s), here 3 follow"
    assert "the types come first" in (syntax_problem("/quiz/timer/start 1") or "")
    assert syntax_problem("oscsend localhost 7400 /quiz/board/select ii 2 3") is None


# --- running them ---------------------------------------------------------------------------------------


def free_udp_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Oscdump:
    """liblo's oscdump on a port, its lines as it prints them."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.lines: list[str] = []
        self.process = subprocess.Popen([liblo("oscdump"), "-L", str(port)], stdout=subprocess.PIPE, text=True,
                                        encoding="utf-8", errors="replace")
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        desk = Desk()  # ready once it prints what it was sent
        try:
            until(lambda: desk.send(("127.0.0.1", port), "/oscdump/ready") or self.count("/oscdump/ready"),
                  "oscdump listening")
        finally:
            desk.close()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.append(line.rstrip("\n"))

    def count(self, printed: str) -> int:
        """How many printed lines hold `printed` (after oscdump's time stamp: `ADDRESS TYPES VALUES`)."""
        return sum(printed in line for line in list(self.lines))

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(5)


@contextmanager
def oscdump(port: int) -> Iterator[Oscdump]:
    dump = Oscdump(port)
    try:
        yield dump
    finally:
        dump.stop()


@dataclass
class Crew:
    example: Example
    make_show: MakeShow

    def run(self, show: ShowApp | None, ports: dict[str, int] | None = None) -> None:
        """The example as the doc writes it, line by line through oscsend: port 7400 is `show`'s, another port
        as `ports` maps it, and every host a venue machine (this one in the test)."""
        for line in self.example.text.split("\n"):
            words = shlex.split(line)
            if words[0] != "oscsend":  # an address and its arguments: sent to the show
                words = ["oscsend", "localhost", SHOW_PORT, *words]
            host = words[1] if words[1] in ("localhost", "127.0.0.1") else "127.0.0.1"
            if words[2] == SHOW_PORT:
                assert show is not None and show.osc is not None
                port = show.osc.address[1]
            else:
                port = (ports or {})[words[2]]
            oscsend(host, str(port), *words[3:])


def console(show: ShowApp, *calls: tuple[str, tuple[object, ...]]) -> None:
    """The operator's own steps before the example (the console's actions)."""
    with show.lock:
        for name, args in calls:
            show.call(Call(name, args), show.clock.now(), "console")


def fmt(show: ShowApp):  # the format's own state (svoyak's play, the duel's bout)
    return show.engine.state.fmt


def remaining(show: ShowApp) -> float:
    return show.engine.state.timer.remaining(show.clock.now())


def next_(crew: Crew) -> None:
    show = crew.make_show("svoyak")
    crew.run(show)
    until(lambda: show.engine.state.phase == "round", "the round's title after Next")


def previous(crew: Crew) -> None:
    show = crew.make_show("svoyak")
    console(show, ("go", ()))
    assert show.engine.state.phase == "round"
    crew.run(show)
    until(lambda: show.engine.state.phase == "title", "the show's title again after Previous")


def undo(crew: Crew) -> None:
    show = crew.make_show("svoyak")
    console(show, ("score_add", (0, 10)))
    crew.run(show)
    until(lambda: show.engine.state.teams[0].score == 0, "the score taken back")


def clock_starts(crew: Crew) -> None:
    show = crew.make_show("brainring")
    console(show, ("go", ()), ("announce", ()))
    assert not show.engine.state.timer.running
    crew.run(show)
    until(lambda: show.engine.state.timer.running, "the clock running")


def ten_seconds_more(crew: Crew) -> None:
    show = crew.make_show("brainring")
    console(show, ("go", ()))  # the question's clock, 60 s, not running yet
    assert remaining(show) == pytest.approx(60.0)
    crew.run(show)
    until(lambda: remaining(show) == pytest.approx(70.0), "70 s on the clock")


def refused_at_the_edge(crew: Crew) -> None:
    show = crew.make_show("brainring")
    console(show, ("go", ()))
    crew.run(show)
    handled(show)
    assert remaining(show) == pytest.approx(60.0)  # `f inf` changed nothing


def team_two_buzzes(crew: Crew) -> None:
    show = crew.make_show("brainring")
    console(show, ("go", ()), ("announce", ()), ("timer_start", ()))
    crew.run(show)
    until(lambda: show.engine.state.answering == 1, "team 2 answering")


def replay_shown(back: int) -> Callable[[Crew], None]:
    """The buzz replay on the projector: the latest question that had presses, or `back` questions before it."""
    def check(crew: Crew) -> None:
        show = crew.make_show("brainring")
        crew.run(show)
        until(lambda: show.engine.state.view.replay == back, f"the replay, {back} question(s) back")
    return check


def written_answers_shown(crew: Crew, *calls: tuple[str, tuple[object, ...]]) -> ShowApp:
    """A written quiz at question 1's answer (its minute run out on the show clock), then the operator's `calls`."""
    show = crew.make_show("written")
    console(show, ("go", ()), ("go", ()))
    for more in (100, 200):
        show.submit(c.Tick(at=show.clock.now() + more))
    assert show.engine.state.phase == "answer", show.engine.state.phase
    console(show, *calls)
    return show


def disputed(crew: Crew) -> None:
    show = written_answers_shown(crew)
    crew.run(show)
    until(lambda: [(d.team, d.text) for d in fmt(show).disputes] == [(1, "Нева")], "Кактус's answer disputed")


def jury_accepts(crew: Crew) -> None:
    show = written_answers_shown(crew, ("dispute", (1, 0, "Нева")))
    crew.run(show)
    until(lambda: show.engine.state.teams[1].score == 1, "Кактус's disputed answer counted")


def appeal_upheld(crew: Crew) -> None:
    show = written_answers_shown(crew, ("appeal", (1, 0, "Нева")))
    crew.run(show)
    until(lambda: [(a.team, a.upheld) for a in fmt(show).appeals] == [(1, True)], "Кактус's appeal upheld")


def opens_cell(theme: int, question: int) -> Callable[[Crew], None]:
    """A board cell opened: theme and question counted from 1 on the wire, from 0 in the call."""
    def check(crew: Crew) -> None:
        show = crew.make_show("svoyak")
        console(show, ("go", ()), ("go", ()))
        assert show.engine.state.phase == "board"
        crew.run(show)
        until(lambda: show.engine.state.phase == "question", "the question")
        assert fmt(show).cell == (theme - 1, question - 1)
    return check


def minus_ten(crew: Crew) -> None:
    show = crew.make_show("svoyak")
    crew.run(show)
    until(lambda: show.engine.state.teams[0].score == -10, "team 1 at -10")


def score_overlay(crew: Crew) -> None:
    show = crew.make_show("svoyak")
    crew.run(show)
    until(lambda: show.engine.state.view.scores, "the score overlay")


def oks_answered(crew: Crew) -> None:
    show = crew.make_show("svoyak")
    desk = Desk()  # another program on the same machine
    try:
        desk.send(show.osc.address, "/quiz/view/scores", 1)
        handled(show)
        desk.pump(0.05)
        assert not desk.replies("/quiz/view/scores")  # errors only, so far
        crew.run(show)
        handled(show)
        desk.send(show.osc.address, "/quiz/view/scores", 0)
        assert desk.wait_for("/quiz/reply", where=lambda a: a[0] == "/quiz/view/scores")[1:3] == ("ok", 200)
    finally:
        desk.close()


def tournament_result(crew: Crew) -> None:
    show = crew.make_show("tournament")
    for k in range(12):  # the draw
        show.runtime.submit(c.Go(at=1 + k * 0.1))
    crew.run(show)
    until(lambda: fmt(show).day.result("A3") is not None, "A3's result")
    result = fmt(show).day.result("A3")
    assert (result.scores, result.outcome, result.source) == ((3, 1), "win", "osc")


def hint_on(crew: Crew) -> None:
    show = crew.make_show("duel")
    console(show, ("go", ()))
    crew.run(show)
    until(lambda: fmt(show).asking.hint_shown, "the hint on the projector")
    assert fmt(show).asking.hint == "Столица на Неве"


def hint_off(crew: Crew) -> None:
    show = crew.make_show("duel")
    console(show, ("go", ()), ("duel_hint", ("Столица на Неве",)))
    assert fmt(show).asking.hint_shown
    crew.run(show)
    until(lambda: not fmt(show).asking.hint_shown, "the hint taken down")


def disqualified(crew: Crew) -> None:
    show = crew.make_show("duel")
    console(show, ("go", ()))
    crew.run(show)
    until(lambda: fmt(show).bout.disqualified, "a disqualification")
    assert fmt(show).bout.disqualified == ((1, 2),)  # team 2, its third table: red


def script_with_passcode(crew: Crew) -> None:
    show = crew.make_show("svoyak", '    passcode: "stage-42"\n')
    crew.run(show)
    until(lambda: show.engine.state.view.scores and show.engine.state.teams[0].score == 10, "the script's effects")


def venue_ping(crew: Crew) -> None:
    show = crew.make_show("svoyak")
    assert "источников 0" in show.osc_link.device_lines()[0][0]
    crew.run(show)
    until(lambda: "источников 1" in show.osc_link.device_lines()[0][0], "«источников 1» on the console's OSC line")


def feedback_dump(crew: Crew) -> None:
    port = free_udp_port()
    (listen,) = shlex.split(crew.example.text)[1:]
    assert listen == "8000"
    with oscdump(port) as dump:
        show = crew.make_show("svoyak", f'    feedback: ["127.0.0.1:{port}"]\n')  # the desk's machine: this one
        until(lambda: dump.count('/quiz/out/state/team/3/name s "Вера"'), "the whole state at the show's start")
        assert dump.count('/quiz/out/state/phase s "title"') == 1
        handled(show)  # the desk machine's first message: the whole state again
        until(lambda: dump.count('/quiz/out/state/phase s "title"') == 2, "the whole state again")


def eos_gets(address: str) -> Callable[[Crew], None]:
    """A command to ETC Eos, not to the show: oscsend takes it and sends the address Eos's dictionary has."""
    def check(crew: Crew) -> None:
        port = free_udp_port()
        with oscdump(port) as eos:
            crew.run(None, {"8000": port})
            until(lambda: eos.count(address), f"{address} at the console's port")
    return check


CHECKS: dict[str, Callable[[Crew], None]] = {
    "oscsend localhost 7400 /quiz/go": next_,
    "oscsend localhost 7400 /quiz/back": previous,
    "oscsend localhost 7400 /quiz/undo": undo,
    "oscsend localhost 7400 /quiz/timer/start i 1": clock_starts,
    "oscsend localhost 7400 /quiz/timer/add f 10": ten_seconds_more,
    "oscsend localhost 7400 /quiz/team/2/buzz": team_two_buzzes,
    "oscsend localhost 7400 /quiz/board/select ii 2 3": opens_cell(2, 3),
    "oscsend localhost 7400 /quiz/team/1/score/add i -10": minus_ten,
    "oscsend localhost 7400 /quiz/view/scores i 1": score_overlay,
    "oscsend localhost 7400 /quiz/view/replay i 1": replay_shown(0),
    'oscsend localhost 7400 /quiz/team/2/dispute is 1 "Нева"': disputed,
    "oscsend localhost 7400 /quiz/team/2/verdict ii 1 1": jury_accepts,
    "oscsend localhost 7400 /quiz/team/2/appeal/verdict ii 1 1": appeal_upheld,
    "oscsend localhost 7400 /quiz/view/replay ii 1 2": replay_shown(2),
    "/quiz/reply/all i 1": oks_answered,
    "oscsend localhost 7400 /quiz/tournament/result sii A3 3 1": tournament_result,
    'oscsend localhost 7400 /quiz/action/duel_hint s "Столица на Неве"': hint_on,
    "oscsend localhost 7400 /quiz/action/duel_hint_off": hint_off,
    "oscsend localhost 7400 /quiz/connect s stage-42\noscsend localhost 7400 /quiz/team/1/score/add i 10\n"
    "oscsend localhost 7400 /quiz/view/scores i 1": script_with_passcode,
    "oscsend 192.168.1.10 7400 /quiz/ping s hello": venue_ping,
    "oscdump 8000": feedback_dump,
    "oscsend 192.168.1.50 8000 /eos/ping": eos_gets("/eos/ping"),
    "oscsend 192.168.1.50 8000 /eos/cue/11/1/fire": eos_gets("/eos/cue/11/1/fire"),
    "/quiz/board/select ii 2 3": opens_cell(2, 3),  # docs/architecture.md: Call("cell", (1, 2))
    "/quiz/action/duel_disqualify ii 2 3": disqualified,  # docs/duel.md
    "/quiz/timer/add f inf": refused_at_the_edge,  # docs/reliability.md
}


@pytest.mark.parametrize("example", [e for e in EXAMPLES if e.text not in NOT_OSCSEND], ids=lambda e: e.where)
def test_the_example_does_what_the_doc_says(example: Example, make_show: MakeShow):
    check = CHECKS.get(example.text)
    assert check is not None, f"{example.where}: `{example.text}` has no check: say here what it must do"
    check(Crew(example, make_show))


def test_every_check_is_of_a_command_the_docs_show():
    stale = set(CHECKS) - {e.text for e in EXAMPLES}
    assert not stale, f"checks of commands no doc shows any more: {sorted(stale)}"
