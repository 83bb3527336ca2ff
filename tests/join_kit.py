"""Helpers, fixtures and constants that several test files share, first written for
tests/display/test_phone_codes.py."""

from __future__ import annotations


def svoyak_app(tmp_path, rig_apps: list, language: str = "ru"):
    from quizshow.app import ShowApp
    from quizshow.config import load_show
    from quizshow.yamlfile import Problems
    from tests.conftest import ROOT

    path = tmp_path / "svoyak-phones.yaml"
    path.write_text(f'''title: "Своя игра"
language: {language}
format: svoyak
preset: svoyak
pack: "{ROOT / 'packs' / 'svoyak-demo.yaml'}"
teams:
  - {{name: "Альфа", buzzer: phone}}
  - {{name: "Бета", buzzer: phone}}
  - {{name: "Гамма", buzzer: phone}}
devices:
  web: {{listen: "127.0.0.1:8080"}}
''', encoding="utf-8")
    problems = Problems()
    config = load_show(path, problems)
    assert config is not None and not problems.errors
    app = ShowApp(config, journal_path=tmp_path / "svoyak.jsonl", fresh=True, sound=False, devices=False, web=True,
                  web_port=0)
    app.go_live()
    rig_apps.append(app)
    return app


def to_board(app, scores=(500, 300, 100)) -> None:
    from quizshow.core import commands as c
    from quizshow.formats.svoyak import commands as sc

    assert app.submit(c.Go(at=app.now())).accepted
    app.submit(sc.PickTeam(at=app.now(), team=0))  # Альфа chooses (refused when the lot drew it already)
    for cmd in (c.Go(at=app.now()), *(c.ScoreSet(at=app.now(), team=t, points=v) for t, v in enumerate(scores))):
        assert app.submit(cmd).accepted, cmd
    assert app.engine.state.phase == "board"
