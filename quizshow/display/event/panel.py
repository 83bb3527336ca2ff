"""The console's tournament panel: the day's schedule, «Играть следующий матч» in one click, the draw
and the melee winner's pick, a result typed for a match played elsewhere, the screen between matches,
what the last correction changed. While a match is played here, the match format's own panel (given
the nested state and format).

Buttons are calls of the format's actions (formats/tournament/spec.py): play_next, play(ID), draw,
pick(T), enter(ID) with the typed amount («31» = 3:1), screen(NAME), undo_result, remove(T).
"""

from __future__ import annotations

import pygame

from quizshow import registry
from quizshow.display.console.style import GOLD, MUTED, TEXT
from quizshow.display.console.ui import PanelUI
from quizshow.display.event.typed import event, tournament
from quizshow.event import day as D
from quizshow.event.common import effective
from quizshow.formats.tournament.model import EventState, Screen
from quizshow.formats.tournament.words import fixture_code

SCREENS = (Screen.STANDINGS, Screen.BRACKET, Screen.NEXT, Screen.DRAW)  # the buttons, in this order


def draw(ui: PanelUI, box: pygame.Rect) -> bool:
    ev = event(ui.state)
    notice = True
    if ev.match is not None and ev.notice is not None:
        # §6.15: the removal is offered at once, above the match's own panel, the match still going on.
        box = _notice(ui, box, ev)
        notice = False
    if ev.match is not None:
        fmt = tournament(ui.format).match_format(ev)
        inner = registry.views(fmt.id).panel
        if inner is not None:
            nested = PanelUI(ui.surface, ui.unit, ui.text, ui.theme, ui.words, ev.match, fmt, ui.status, ui.buttons)
            if inner(nested, box):
                return True
        if ev.day.result(ev.playing or "") is None:
            return False  # the press queue
    _schedule(ui, box, ev, notice)
    return True


def _notice(ui: PanelUI, box: pygame.Rect, ev: EventState) -> pygame.Rect:
    """The removal notice and its button in a strip at the top of `box`; the rest of the box."""
    unit = ui.unit
    strip = pygame.Rect(box.x, box.y, box.width, int(unit * 1.4))
    _notice_line(ui, strip, ev)
    return pygame.Rect(box.x, strip.bottom + unit // 4, box.width, box.bottom - strip.bottom - unit // 4)


def _notice_line(ui: PanelUI, rect: pygame.Rect, ev: EventState) -> None:
    assert ev.notice is not None
    unit = ui.unit
    key, values = ev.notice
    found = dict(values)
    ui.label(ui.say(key, **found), (rect.x, rect.y), (rect.width - unit * 8, rect.height), GOLD)
    if "index" in found:  # the jury decides; the operator removes (confirmed)
        ui.button(pygame.Rect(rect.right - unit * 7, rect.y, unit * 7, rect.height), ui.say("ev.remove"), "remove",
                  int(found["index"]), px=int(unit * 0.6))


def _schedule(ui: PanelUI, box: pygame.Rect, ev: EventState, notice: bool = True) -> None:
    unit, day = ui.unit, ev.day
    inner = ui.titled_panel(box, "ev.console_schedule")
    y = inner.y
    top = pygame.Rect(inner.x, y, inner.width, unit * 2)
    stage = D.draw_stage(day)
    if ev.match is not None:
        # The same words as ДАЛЕЕ: the melee's result leads to the draw, a match's to the standings.
        ui.button(top, ui.say("next.close_match_draw" if stage != "done" else "next.close_match"), "close_match",
                  lit=True)
    elif stage == "lot":
        ui.button(top, ui.say("ev.console_draw"), "draw", lit=True)
    elif stage == "pick":
        first = D.melee_winner(day)
        cells = ui.grid(top, len(day.teams) - 1, gap=4)
        others = [t for t in range(len(day.teams)) if t != first]
        for rect, team in zip(cells, others, strict=True):
            ui.button(rect, day.teams[team].name, "pick", team, px=int(unit * 0.7))
    else:
        ui.button(top, ui.say("ev.console_play_next"), "play_next", lit=D.next_fixture(day) is not None)
    y = top.bottom + unit // 2
    # two lines tall: «Отменить последний результат» wraps whole instead of ending in «…»
    screens = ui.grid(pygame.Rect(inner.x, y, inner.width, unit * 2), len(SCREENS) + 1, gap=4)
    for rect, screen in zip(screens, SCREENS, strict=False):
        ui.button(rect, ui.say(f"phase.{screen.value}"), "screen", screen.value, lit=ui.state.phase == screen,
                  px=int(unit * 0.7))
    ui.button(screens[-1], ui.say("ev.console_undo_result"), "undo_result", px=int(unit * 0.6))
    y += int(unit * 2.5)  # the screen row is two lines tall: «Отменить последний результат» whole
    if ev.notice is not None and notice:
        _notice_line(ui, pygame.Rect(inner.x, y, inner.width, unit), ev)
        y += unit + 4
    if ev.changes:
        ui.label(ui.say("ev.console_changes") + ":", (inner.x, y), (inner.width, unit), GOLD, int(unit * 0.8))
        y += unit
        for key, values in ev.changes[:4]:
            ui.label(ui.say(key, **dict(values)), (inner.x, y), (inner.width, unit), TEXT, int(unit * 0.75))
            y += unit
    typed = str(ui.status.amount or "")
    half = inner.width // 2
    ui.label(ui.say("ev.console_enter"), (inner.x, y), (half, unit), MUTED, int(unit * 0.7))
    # the score being typed (the digit keys between matches), read as the result it will be
    score = f"{int(typed) // 10}:{int(typed) % 10}" if typed else ui.say("ev.tbd")
    ui.label(ui.say("ev.console_typed", score=score), (inner.x + half, y), (inner.width - half, unit),
             GOLD if typed else MUTED, int(unit * 0.8))
    y += unit
    plan = D.plan(day)
    upcoming = D.next_fixture(day, plan)
    fixtures = list(plan.fixtures)
    start = max(0, (fixtures.index(upcoming) if upcoming in fixtures else len(fixtures)) - 2)
    row_h = int(unit * 1.5)
    rows = max(0, (inner.bottom - y) // row_h)
    for fixture in fixtures[start:start + rows]:
        rect = pygame.Rect(inner.x, y, inner.width, row_h - 4)
        res = effective(day, fixture)
        names = " — ".join(day.teams[t].name for t in fixture.teams[:2]) if len(fixture.teams) <= 2 else \
            ui.say("stage." + fixture.stage) + f" ({len(fixture.teams)})"
        label_w = int(rect.width * 0.62)
        colour = GOLD if fixture is upcoming else MUTED if res is not None else TEXT
        code = "" if fixture.stage == "melee" else fixture_code(fixture.id, ui.words) + "  "  # О1 as projected
        ui.label(f"{code}{names}", (rect.x, rect.y + 4), (label_w, rect.height - 4), colour,
                 int(unit * 0.8))
        if res is not None:
            score = ":".join(str(s) for s in res.scores) if res.scores else (
                day.teams[res.order[0]].name if res.order else "")
            half = (rect.width - label_w) // 2
            ui.label(score, (rect.x + label_w, rect.y + 4), (half, rect.height - 4), MUTED, int(unit * 0.8))
            if day.result(fixture.id) is not None and len(fixture.teams) == 2 and ev.match is None:
                ui.button(pygame.Rect(rect.x + label_w + half, rect.y, half, rect.height), ui.say("ev.fix"),
                          "fix_result", fixture.id, px=int(unit * 0.6))
        elif fixture.teams and ev.match is None:
            half = (rect.width - label_w) // 2
            ui.button(pygame.Rect(rect.x + label_w, rect.y, half - 4, rect.height), ui.say("ev.play"),
                      "play", fixture.id, px=int(unit * 0.6))
            ui.button(pygame.Rect(rect.x + label_w + half, rect.y, half, rect.height), ui.say("action.enter"),
                      "enter", fixture.id, px=int(unit * 0.6))
        y += row_h
