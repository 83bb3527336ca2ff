"""tournament.yaml: checked by --check like a show file, every problem at its FILE:LINE; fuzzed."""

from __future__ import annotations

import io
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from quizshow.cli import check_files
from quizshow.event_file import load_any
from quizshow.yamlfile import Problems
from tests.conftest import ROOT


def check(path: Path) -> tuple[int, str]:
    out = io.StringIO()
    code = check_files([path], out)
    return code, out.getvalue()


def test_the_bundled_tournament_files_pass_check():
    for name in ("tournament-001.yaml", "tournament-004.yaml"):
        code, text = check(ROOT / "shows" / name)
        assert code == 0, text


BAD = """title: "День"
regulation: seed-004
parameters:
  groups: 9
  advance_per_gruop: 2
teams:
  - {name: "А", rating: высокий}
  - {name: "Б", colour: red}
  - {name: "А"}
  - {name: "Г"}
stages:
  group: {format: svoyak}
  semifinal: {rules: {match: nonsense}}
  finale: {}
tables:
  - {buzzer: "key:1"}
"""


def test_every_problem_of_a_tournament_file_is_reported_at_its_line(tmp_path):
    path = tmp_path / "day.yaml"
    path.write_text(BAD, encoding="utf-8")
    code, text = check(path)
    assert code == 1
    lines = {int(line.split(":")[1]) for line in text.splitlines() if line.startswith(str(path))}
    for expected in (4, 5, 7, 8, 9, 12, 13, 14, 16):
        assert expected in lines, (expected, text)
    assert "parameter 'groups' is 9; expected 1 to 8" in text
    assert "did you mean 'advance_per_group'" in text
    assert "team 'А' is listed twice" in text and "colour 'red' must look like #d83a3a" in text
    assert "a stage is played as brainring, melee or sprint, not svoyak" in text
    assert "rule 'match' is 'nonsense'" in text
    assert "there are two tables" in text


def test_a_tournament_file_gives_each_stage_its_match(tmp_path):
    config = load_any(ROOT / "shows" / "tournament-001.yaml", Problems())
    plan = config.rules["plan"]
    assert plan.regulation.name == "seed-001" and len(plan.teams) == 8
    assert {s: p.rules.get("match") for s, p in plan.stages.items() if p.format == "brainring"} == {
        "qualifying": "qualifying", "playoff": "qualifying", "semifinal": "semifinal", "final": "final"}
    assert plan.stages["playoff"].rules["qualifying_questions"] == 3  # 3C: a play-off of three questions
    assert plan.stages["melee"].format == "melee"
    assert config.teams[0].buzzer == "key:1" and config.teams[1].buzzer == "key:2"


TEXT = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=12)
VALUES = st.recursive(st.none() | st.booleans() | st.integers(-5, 50) | TEXT,
                      lambda inner: st.lists(inner, max_size=4) | st.dictionaries(TEXT, inner, max_size=4),
                      max_leaves=12)
KEYS = st.sampled_from(["title", "regulation", "parameters", "teams", "stages", "tables", "language", "devices",
                        "groups", "name", "rating", "colour", "players", "format", "rules", "pack", "kind"])


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(doc=st.dictionaries(KEYS, VALUES, max_size=8), regulation=st.sampled_from(["seed-001", "seed-004", "x"]))
def test_fuzz_tournament_files_never_crash_the_loader(tmp_path, doc, regulation):
    """Any YAML in a tournament file is a list of problems, never a crash."""
    import yaml

    doc["regulation"] = regulation
    path = tmp_path / "fuzz.yaml"
    path.write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    problems = Problems()
    load_any(path, problems)
    assert all(p.line >= 1 for p in problems.items)
