"""Helpers, fixtures and constants that several test files share, first written for
tests/inputs/test_hardware.py."""

from __future__ import annotations

from quizshow.app import Action, ShowApp
from quizshow.config import load_show
from quizshow.yamlfile import Problems
from tests.conftest import ROOT


def show_file(tmp_path, buzzers=("key:1", "key:2", "pad:0:3"), serial_port: str | None = None,
              fmt: str = "svoyak") -> object:
    pack = ROOT / "packs" / ("svoyak-demo.yaml" if fmt == "svoyak" else "brainring-demo.yaml")
    teams = "\n".join(f'  - {{name: "{name}", buzzer: "{spec}"}}' for name, spec in
                      zip(("Анна", "Борис", "Вера"), buzzers, strict=True))
    serial = f'''  serial:
    - {{id: box1, port: "{serial_port}"}}
''' if serial_port else ""
    path = tmp_path / "show.yaml"
    path.write_text(f'''title: "Тест"
format: {fmt}
pack: "{pack}"
teams:
{teams}
devices:
{serial}  gamepads: true
  keyboard_buzzers: true
''', encoding="utf-8")
    return path


def make_app(tmp_path, path, devices=True) -> ShowApp:
    problems = Problems()
    config = load_show(path, problems)
    assert config is not None and not problems.errors, [str(p) for p in problems.items]
    return ShowApp(config, journal_path=tmp_path / "j.jsonl", fresh=True, sound=False, devices=devices)


def open_question(app: ShowApp, at: float = 1.0) -> None:
    app.action(Action("go", at))
    app.action(Action("go", at))
    app.action(Action("cell", at, args=(0, 0)))
    assert app.engine.state.phase == "question"
