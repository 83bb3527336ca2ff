"""Every button the console draws calls an action the show has, with arguments its registry takes: a random
walk through each shipped show, pressing Next, buzzers, verdicts and the console's own buttons. (The
«Затяжка» button of «Своя игра» once called an action only «Брейн-ринг» defined: a click did nothing.)"""

from __future__ import annotations

import random
from dataclasses import replace

import pygame
import pytest

from quizshow.app import Action, ShowApp
from quizshow.core.actions import BadCall
from quizshow.display.console.teams import CONSOLE_OWN, PANEL_OWN
from quizshow.registry import spec
from tests.conftest import ROOT, svoyak_config

SHOWS = ["svoyak.yaml", "svoyak-teams.yaml", "brainring.yaml", "brainring-40.yaml", "duel.yaml", "written.yaml",
         "tournament-001.yaml", "tournament-004.yaml", "melee.yaml"]
LOCAL = ("quit", "linecheck", "assign", "help")  # the app's own switches: a walk does not press them
LOCAL += CONSOLE_OWN  # the console's own view choices (a page of teams): Console.click keeps them


@pytest.mark.parametrize("name", SHOWS)
def test_every_console_button_calls_an_action_of_the_show(tmp_path, name):
    cfg = svoyak_config(ROOT / "shows" / name)
    if "answer_start_s" in spec(cfg.format).schema():  # the countdown and its «Затяжка» button drawn too
        cfg = replace(cfg, rules={**cfg.rules, "answer_start_s": 3})
    app = ShowApp(cfg, journal_path=tmp_path / "j.jsonl", fresh=True, sound=False, devices=False, seed=5)
    surface = pygame.Surface((1280, 800))
    rng = random.Random(name)
    seen: set[str] = set()
    try:
        t = 1.0
        for _ in range(120):
            t += 0.7
            app.console.render(surface, t, app.status)
            app.pump_views()
            for _, call in app.console.buttons:
                if call.name in CONSOLE_OWN or call.name.startswith(PANEL_OWN):
                    continue
                assert call.name in app.actions, f"{name}: a button calls '{call.name}', which the show lacks"
                try:
                    app.actions.arguments(call)
                except BadCall as why:
                    pytest.fail(f"{name}: button {call}: {why}")
                seen.add(call.name)
            choices = [call for _, call in app.console.buttons if call.name not in LOCAL]
            roll = rng.random()
            if app.status.typing is not None:
                app.status.typing = None  # a text the walk does not type
                app.controls.typing_for = None
            elif roll < 0.35 or not choices:
                app.action(Action("go", t))
            elif roll < 0.5:
                app.action(Action("buzz", t, args=(rng.randrange(len(cfg.teams)),)))
            else:
                call = rng.choice(choices)
                app.action(Action(call.name, t, "console", call.args))
        assert seen, f"{name}: the console drew no button"
    finally:
        app.close()
