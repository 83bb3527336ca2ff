"""Issue 24 (the duel, the written quiz, the demo and the shared cards): phases are typed enum members the
views compare, the shared cards read a phase's flags (never a format's phase names), and the views read their
format through its spec, so mypy checks every access."""

from __future__ import annotations

import ast
import subprocess
import sys
from dataclasses import replace

import pygame

from quizshow import registry
from quizshow.core import commands as c
from quizshow.display.projector.projector import Projector
from quizshow.display.scenes import COMMON
from quizshow.display.theme import load_theme
from quizshow.display.views import FormatViews
from tests.conftest import ROOT, demo_config, demo_engine, words_of
from tests.display_kit import RecordingText

# The shared cards and the folders of the three formats: no phase name in a comparison there.
SHARED_CARDS = ("display/scenes/base.py", "display/scenes/cards.py", "display/scenes/widgets.py",
                "display/scenes/__init__.py",
                *(f"display/projector/{name}.py"
                  for name in ("ahead", "cache", "composition", "projector", "stack", "stale", "transitions")))
OWN = {"duel": ("formats/duel", "display/duel"), "written": ("formats/written", "display/written"),
       "demo": ("formats/demo", "display/demo")}


def _phase_names(formats) -> set[str]:
    return {phase.value for name in formats for phase in registry.spec(name).phases}


def _strings(node: ast.AST) -> list[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return [s for item in node.elts for s in _strings(item)]
    return []


def _reads_phase(node: ast.AST) -> bool:
    return any(isinstance(n, ast.Attribute) and n.attr == "phase" or isinstance(n, ast.Name) and n.id == "phase"
               for n in ast.walk(node))


def phase_names_used(path, names: set[str]) -> list[str]:
    """Where a file compares a phase with a literal phase name, keys a dict of phases by one, or sets one."""
    found = []
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            parts = [node.left, *node.comparators]
            literal = {s for part in parts for s in _strings(part)} & names
            if literal and any(_reads_phase(p) for p in parts):
                found.append(f"{path.name}:{node.lineno}: compares a phase with {sorted(literal)}")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "startswith" \
                and _reads_phase(node.func.value):
            found.append(f"{path.name}:{node.lineno}: a phase's startswith")
        elif isinstance(node, ast.keyword) and node.arg == "phase" and set(_strings(node.value)) & names:
            found.append(f"{path.name}:{node.lineno}: phase= a literal name")
        elif isinstance(node, ast.Dict) and node.keys and \
                all(k is not None and set(_strings(k)) & names for k in node.keys):
            found.append(f"{path.name}:{node.lineno}: a dict keyed by phase names")
        elif isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id.endswith("_PHASES")
                                                  for t in node.targets):
            found.append(f"{path.name}:{node.lineno}: a table of phase names")
    return found


def test_the_shared_cards_and_the_three_formats_compare_no_phase_name():
    """Item 3: a phase is a typed enum member; the shared cards read flags, never a format's phase names."""
    every = _phase_names(registry.names())
    found = []
    for rel in SHARED_CARDS:
        found += phase_names_used(ROOT / "quizshow" / rel, every)
    for name, folders in OWN.items():
        for folder in folders:
            for path in sorted((ROOT / "quizshow" / folder).glob("*.py")):
                found += phase_names_used(path, _phase_names([name]))
    assert not found, found


def test_the_demo_and_the_duel_keep_their_phase_as_their_own_enum_member():
    e = demo_engine()
    e.dispatch(c.Go(at=1.0))
    assert type(e.state.phase) is registry.spec("demo").phases and e.state.phase == "question"
    from tests.duel_kit import started

    duel = started()
    assert type(duel.state.phase) is registry.spec("duel").phases


def _renamed_format(monkeypatch):
    """The demo's reducer under another name whose phases are named otherwise («shown», «finished»): what the
    shared cards know of them is their flags."""
    from quizshow.core.spec import FormatSpec, Phase, PhaseFlags
    from quizshow.formats.demo.format import DemoFormat
    from quizshow.registry import Entry

    class Renamed(Phase):
        SHOWN = "shown", PhaseFlags(clock_over=True, answer_shown=True)
        FINISHED = "finished", PhaseFlags(game_over=True)

    class RenamedFormat(DemoFormat):
        id = "renamed_quiz"

    spec = FormatSpec(name="renamed_quiz", make=RenamedFormat, phases=Renamed, rules={})
    monkeypatch.setitem(registry.FORMATS, "renamed_quiz", Entry(spec, "quizshow.display.demo"))
    base = demo_engine().format
    return RenamedFormat(base.setup)


def _texts(fmt, state, views, now=50.0) -> set[str]:
    theme = load_theme(demo_config().theme)
    text = RecordingText(theme.fonts)
    projector = Projector(fmt, theme, "Викторина", words_of("demo"), text, views=views)  # the demo's scenes, its words
    surface = pygame.Surface((1280, 720))
    projector.render(surface, state, now)
    projector.render(surface, state, now + 3)
    return {t for t, _, _ in text.fitted}


def test_a_format_whose_reveal_has_another_name_still_shows_the_answer_on_the_shared_card(monkeypatch):
    fmt = _renamed_format(monkeypatch)
    e = demo_engine()
    e.dispatch(c.Go(at=1.0))
    e.dispatch(c.Buzz(at=2.0, team=0, source_time=2.0))
    e.dispatch(c.Judge(at=3.0, correct=True))
    assert e.state.phase == "reveal"
    answer = e.format.current(e.state).a
    views = FormatViews(scenes={"shown": COMMON["question"], "finished": COMMON["scores"]})
    shown = replace(e.state, phase="shown")
    texts = _texts(fmt, shown, views)
    assert answer in texts
    # The question's clock stopped with time left: once the answer is shown it is gone, not a frozen number.
    left = str(int(shown.timer.remaining(50.0) + 0.999))
    assert shown.timer.armed and not shown.timer.running and left not in texts
    # The scores card of a decided game names the winner.
    winner = e.state.teams[e.state.leaders()[0]].name
    texts = _texts(fmt, replace(e.state, phase="finished"), views)
    assert any(t.startswith("ПОБЕДИТЕЛ") and winner.upper() in t for t in texts), texts


def test_the_views_of_the_duel_the_written_quiz_and_the_demo_type_check():
    """Item 1: the views read the format through its spec (`state_of`, `format_of`, `phase_of`), so mypy
    checks every access: a rename inside a format's model fails here, not on a stage."""
    paths = ["quizshow/display/duel", "quizshow/display/written", "quizshow/display/demo", "quizshow/display/scenes",
             "quizshow/formats/duel", "quizshow/formats/written", "quizshow/formats/demo",
             "quizshow/display/projector"]
    done = subprocess.run([sys.executable, "-m", "mypy", *paths], cwd=ROOT, capture_output=True, text=True,
                          timeout=600)
    assert done.returncode == 0, done.stdout[-3000:]
