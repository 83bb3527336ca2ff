"""«СЛЕДУЮЩИЙ МАТЧ»: the strip under the standings and the screen of its own (the stage and the two
teams, big, each with its place under its name)."""

from __future__ import annotations

import pygame

from quizshow.display import paint
from quizshow.display.event.common import DayScene, event_of, group_name, panel, team_name
from quizshow.display.scenes.base import Frame
from quizshow.display.scenes.plates import words
from quizshow.event import day as D
from quizshow.event import seed004
from quizshow.event.model import Day


def place_words(frame: Frame, day: Day, team: int) -> str:
    """«1-е место в группе А» (seed 004) or the qualifying place (seed 001), under a name."""
    if day.regulation.name == "seed-004" and len(day.order) == len(day.teams):
        for gid, teams in seed004.groups(day).items():
            if team in teams:
                table = seed004.group_table(day, gid)
                a, _ = table.ranked.place(team)
                return frame.say("ev.place_in", place=a, group=group_name(gid))
    return ""


def next_match(surface: pygame.Surface, frame: Frame, day: Day, box: pygame.Rect) -> None:
    """«СЛЕДУЮЩИЙ МАТЧ:» on a gold tab, the two teams, each with its place under its name."""
    u = frame.u
    fixture = D.next_fixture(day)
    if fixture is None:
        return
    gold = frame.color("accent")
    paint.blit_glow_frame(surface, box, paint.rgb(gold), u(14), u(4), 160, give_way=frame.give_way)
    panel(surface, frame, box, edge=gold)
    tab = pygame.Rect(box.x, box.y, int(box.width * 0.25), box.height)
    slab = paint.panel(tab.size, paint.rgb(paint.mix(gold, paint.WHITE, 0.15)), paint.rgb(gold), None, u(14))
    surface.blit(slab, tab)
    words(surface, frame, frame.say("ev.next") + ":", tab.inflate(-u(30), -u(20)), color=frame.color("panel_dark"),
          px=46, shadow=False)
    rest = pygame.Rect(tab.right, box.y, box.right - tab.right, box.height)
    if len(fixture.teams) != 2:
        label = f"{frame.say('stage.' + fixture.stage)} · " + ", ".join(team_name(day, t) for t in fixture.teams)
        words(surface, frame, label, rest.inflate(-u(40), -u(30)), px=44)
        return
    a, b = fixture.teams
    half = rest.width // 2
    dash = pygame.Rect(rest.x + half - u(40), rest.y, u(80), rest.height - u(30))
    words(surface, frame, "—", dash, color=gold, px=80)
    for team, side in ((a, pygame.Rect(rest.x, rest.y, half - u(50), rest.height)),
                       (b, pygame.Rect(rest.x + half + u(50), rest.y, half - u(60), rest.height))):
        anchor = "midright" if team == a else "midleft"
        name_box = pygame.Rect(side.x, side.y + u(8), side.width, side.height - u(44))
        words(surface, frame, team_name(day, team), name_box, px=76, anchor=anchor)
        under = place_words(frame, day, team) or frame.say("stage." + fixture.stage)
        words(surface, frame, under, pygame.Rect(side.x, side.bottom - u(40), side.width, u(32)), role="body",
              color=frame.color("muted"), px=26, anchor=anchor, shadow=False)



class NextScene(DayScene):
    """«СЛЕДУЮЩИЙ МАТЧ» on its own: the stage and the two teams, big."""

    name = "ev_next"

    def draw_static(self, surface: pygame.Surface, frame: Frame) -> None:
        frame.paint_background(surface)
        day = event_of(frame).day
        w, h = frame.size
        u = frame.u
        fixture = D.next_fixture(day)
        if fixture is None:
            words(surface, frame, frame.title, pygame.Rect(0, h // 2 - u(60), w, u(120)), px=90,
                  color=frame.color("accent"))
            return
        label = frame.say("stage." + fixture.stage) + (f" · {group_name(fixture.group)}" if fixture.group else "")
        words(surface, frame, label.upper(), pygame.Rect(0, u(220), w, u(70)), color=frame.color("accent"), px=56)
        next_match(surface, frame, day, pygame.Rect(u(120), h // 2 - u(90), w - u(240), u(200)))

