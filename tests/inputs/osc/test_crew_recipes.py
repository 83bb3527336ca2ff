"""Issue 27, item 9: the crew's recipes in docs/osc.md work as written — every show-file snippet loads
without a problem, the Companion recipe's scores reach Companion as custom variables through its own OSC
API (real UDP), and each recipe names the product's settings it cannot work without."""

from __future__ import annotations

import re

import pytest

from quizshow.config import load_show
from quizshow.yamlfile import Problems
from tests.conftest import ROOT
from tests.osc_desk import Desk
from tests.osc_kit import rig, show  # noqa: F401 - the fixture

DOC = (ROOT / "docs" / "osc.md").read_text(encoding="utf-8")


def section(title: str) -> str:
    start = DOC.index(f"## {title}")
    end = DOC.find("\n## ", start + 3)
    return DOC[start:end]


def snippets(text: str) -> list[str]:
    return re.findall(r"```yaml\n(.*?)```", text, re.S)


@pytest.mark.parametrize("title", ["The venue network", "Recipe: Bitfocus Companion", "Recipe: ETC Eos",
                                   "Recipe: a QLab sound operator", "Cue templates"])
def test_every_show_file_snippet_of_a_recipe_loads_without_a_problem(tmp_path, title):
    (snippet,) = snippets(section(title))
    path = show(tmp_path, "brainring")
    text = path.read_text(encoding="utf-8")
    head = text[:text.index("devices:")]
    path.write_text(head + snippet, encoding="utf-8")
    problems = Problems()
    assert load_show(path, problems) is not None
    assert not problems.items, [str(p) for p in problems.items]  # not even a warning


def test_the_companion_recipe_uses_only_what_companion_makes():
    text = section("Recipe: Bitfocus Companion")
    # Generic OSC makes only latest_received_* / latest_sent_* variables: none per address
    assert not re.findall(r"\$\(osc:(?!latest_)", text)
    for setting in ("Listen for Feedback", "Source Port", "OSC Listener", "Custom Variables",
                    "Listen for OSC messages (Integer)", "/custom-variable/"):
        assert setting in text, setting


def test_the_eos_and_qlab_recipes_name_the_settings_they_need():
    eos = section("Recipe: ETC Eos")
    assert "{OSC RX}" in eos and "{UDP Strings & OSC}" in eos and "etcconnect.com" in eos
    qlab = section("Recipe: a QLab sound operator")
    assert "OSC Access" in qlab and "Control" in qlab and "53000" in qlab and "qlab.app/docs" in qlab


def test_companion_gets_the_scores_as_its_custom_variables_through_its_own_osc_api(rig):  # noqa: F811
    companion = Desk("127.0.0.3")  # Companion's OSC Listener, on its own machine
    try:
        app, desk, to = rig("svoyak", f'    companion: ["127.0.0.3:{companion.address[1]}"]\n')
        assert companion.wait_for("/custom-variable/quiz_phase/value") == ("title",)
        assert companion.wait_for("/custom-variable/quiz_name3/value") == ("Вера",)
        assert companion.wait_for("/custom-variable/quiz_score1/value") == (0,)
        desk.send(to, "/quiz/team/1/score/add", 10)
        assert companion.wait_for("/custom-variable/quiz_score1/value", where=lambda a: a == (10,))
        assert not [a for a, _ in companion.got if not a.startswith("/custom-variable/quiz_")]
    finally:
        companion.close()
