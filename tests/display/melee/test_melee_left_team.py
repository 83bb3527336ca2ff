"""QA round 3 — «Куча мала» on the console (ml-07, ml-10): a team whose player has left the melee is dimmed in
УЧАСТНИКИ and marked «выбыл», with no −/+ inviting a score as if it still played."""

from __future__ import annotations

import os

import pygame

from quizshow.app import ShowApp
from tests.conftest import ROOT, svoyak_config

SHOTS = os.environ.get("QUIZSHOW_SHOTS")


def _app(tmp_path) -> ShowApp:
    return ShowApp(svoyak_config(ROOT / "shows" / "melee.yaml"), journal_path=tmp_path / "j.jsonl", fresh=True,
                   sound=False, seed=9)


def _key(app: ShowApp, key: int, at: float) -> None:
    app.key(key, 0, at)
    app.pump_views()


def test_teams_out_of_the_melee_are_dimmed_and_marked_out_without_score_buttons(tmp_path):
    app = _app(tmp_path)
    try:
        # split, ask, the red table presses and answers right: the green table's players leave
        for at, key in ((1.0, pygame.K_RIGHT), (2.0, pygame.K_RIGHT), (3.0, pygame.K_1), (4.0, pygame.K_y)):
            _key(app, key, at)
        state = app.engine.state
        gone = {t for t, _ in state.fmt.out}
        assert gone and len(gone) < len(state.teams)
        texts: list[tuple[str, tuple[int, ...]]] = []
        fit = app.console.text.fit

        def spy(text, role, box, color, *args, **kwargs):
            texts.append((text, tuple(pygame.Color(color))))
            return fit(text, role, box, color, *args, **kwargs)

        app.console.text.fit = spy  # type: ignore[method-assign]
        surface = pygame.Surface((1280, 800))
        app.console.render(surface, app.clock.now(), app.status)
        app.console.text.fit = fit  # type: ignore[method-assign]
        if SHOTS:
            pygame.image.save(surface, os.path.join(SHOTS, "qa3-melee-out.png"))
        assert sum(1 for text, _ in texts if text == "выбыл") == len(gone), texts
        scored = {call.args[0] for _, call in app.console.buttons if call.name == "score_add"}
        assert scored == set(range(len(state.teams))) - gone
        name_ink = {text: ink for text, ink in texts if text in {t.name for t in state.teams}}
        playing = {name_ink[state.teams[t].name] for t in range(len(state.teams)) if t not in gone}
        out = {name_ink[state.teams[t].name] for t in gone}
        assert not playing & out, (playing, out)  # the ones gone are not written like the ones playing
    finally:
        app.close()
