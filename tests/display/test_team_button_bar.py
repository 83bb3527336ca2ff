"""QA round 3 — a team's button with its colour bar (ph2-04c): the label «Ёжики в тумане» never touches the bar."""

from __future__ import annotations

import os
from dataclasses import replace

import pygame

from quizshow.app import ShowApp
from quizshow.core import commands as c
from quizshow.formats.svoyak import commands as sc
from tests.conftest import svoyak_config
from tests.console_traps_kit import frame, submit

SHOTS = os.environ.get("QUIZSHOW_SHOTS")


def test_a_long_team_name_on_a_coloured_button_keeps_clear_of_its_colour_bar(tmp_path):
    config = svoyak_config()
    config = replace(config, teams=(*config.teams[:2], replace(config.teams[2], name="Ёжики в тумане")))
    app = ShowApp(config, journal_path=tmp_path / "j.jsonl", fresh=True, sound=False, seed=9)
    try:
        e, at = app.engine, 1.0
        for team, points in enumerate((20, 30, 40)):
            submit(app, c.ScoreSet(at=at, team=team, points=points))
        while e.state.phase != "final_themes":
            assert e.state.phase != "end"
            submit(app, sc.EndRound(at=at) if app.format.next_action(e.state).key == "next.pick_cell" else c.Go(at=at))
            at += 1
        surface = frame(app)
        if SHOTS:
            pygame.image.save(surface, os.path.join(SHOTS, "qa3-final-themes.png"))
        picks = {call.args[0]: rect for rect, call in app.console.buttons if call.name == "pick"}
        unit = max(12, 800 // 40)  # the console's base type size at 1280×800
        stripe = max(4, unit // 4)
        for team, rect in picks.items():
            fill = surface.get_at((rect.x + stripe + 2, rect.y + 3))  # the button's own colour, above the text
            inked = [x for x in range(rect.x + stripe, rect.right - 4) for y in range(rect.y + 3, rect.bottom - 3)
                     if sum(abs(a - b) for a, b in zip(surface.get_at((x, y))[:3], fill[:3], strict=True)) > 60]
            assert inked, app.engine.state.teams[team].name
            gap = min(inked) - (rect.x + stripe)  # air between the colour bar and the label's first letter
            assert gap >= stripe, (app.engine.state.teams[team].name, gap)  # it was 3 px
    finally:
        app.close()
