"""Issue 24, items 1 and 7 for the shared rooms: app.py is the composition root only (its jobs live in
runtime/), and mypy checks the inputs, the runtime, the outputs, the app, the show file's reader and the
command line."""

from __future__ import annotations

import ast

from quizshow.config import load_show
from quizshow.yamlfile import Problems
from tests.conftest import ROOT

ROOMS = ["quizshow/app.py", "quizshow/runtime", "quizshow/inputs", "quizshow/outputs", "quizshow/config.py",
         "quizshow/cli.py"]


def test_mypy_finds_nothing_in_the_inputs_the_runtime_the_outputs_the_app_and_the_show_file(tmp_path):
    from mypy import api

    # The project's own cache: the README's test command has just run mypy over the whole package, so this
    # reads what changed since (seconds, not the 20 s of a cold run), and a developer's run keeps it warm.
    out, err, status = api.run(["--config-file", str(ROOT / "pyproject.toml"),
                                "--cache-dir", str(ROOT / ".mypy_cache"), *(str(ROOT / room) for room in ROOMS)])
    assert status == 0, out[-3000:] + err


def test_a_show_without_teams_but_a_team_count_rule_is_told_at_line_1_not_a_crash(tmp_path):
    path = tmp_path / "show.yaml"
    path.write_text('title: "Т"\nformat: brainring\nrules:\n  teams_exact: 2\n', encoding="utf-8")
    problems = Problems()
    load_show(path, problems)
    said = [str(p) for p in problems.items]
    assert f"{path}:1: the show lists no teams: give 'teams:', a 'roster:' file from the rating, or both" in said
    assert any(":1: warning:" in text and "2 teams (found 0)" in text for text in said), said


def test_the_composition_root_builds_and_wires_and_sorts_no_input_by_type():
    """app.py routes no input by isinstance and reads no phase name; its jobs are runtime/ modules."""
    text = (ROOT / "quizshow" / "app.py").read_text(encoding="utf-8")
    tree = ast.parse(text)
    isinstance_of = {node.args[1].attr if isinstance(node.args[1], ast.Attribute) else getattr(node.args[1], "id", "")
                     for node in ast.walk(tree) if isinstance(node, ast.Call)
                     and getattr(node.func, "id", "") == "isinstance" and len(node.args) == 2}
    assert not isinstance_of & {"OscRequest", "BoxPress", "Action"}, isinstance_of
    assert "startswith(" not in text and '.phase == "' not in text
    assert len(text.splitlines()) < 450
    for job in ("operator/notices", "show/startup", "inputs/keys", "show/media_wait", "osc/link", "inputs/feed",
                "operator/controls"):
        assert (ROOT / "quizshow" / "runtime" / f"{job}.py").exists(), job


def test_a_resumed_final_is_named_by_its_phase_flag_not_its_name():
    """The start-up words name a phase after the rounds alone («Финал: ставки»): the format says which
    phases those are (PhaseFlags.beyond_rounds), the shared code never reads a phase name."""
    from quizshow import registry
    from quizshow.core.spec import PhaseFlags

    assert "beyond_rounds" in PhaseFlags.__dataclass_fields__
    svoyak = registry.spec("svoyak")
    finals = [phase for phase in ("final_themes", "final_stakes", "final_question", "final_reveal", "final_answer")
              if svoyak.flags(phase).beyond_rounds]
    assert len(finals) == 5
    assert not svoyak.flags("board").beyond_rounds
    startup = (ROOT / "quizshow" / "runtime" / "show" / "startup.py").read_text(encoding="utf-8")
    assert "beyond_rounds" in startup and "final" not in startup.replace("finished", "")
