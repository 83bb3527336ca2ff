"""«Спринт» on the projector: the race board (each team's score as filled marks out of the target, the
leader's marks in gold, the winner lit) between questions and at the end; the shared cards otherwise."""

from __future__ import annotations

from collections.abc import Hashable

import pygame

from quizshow.display import paint
from quizshow.display.scenes import widgets
from quizshow.display.scenes.base import Frame, Scene
from quizshow.formats.sprint.format import SprintPhase
from quizshow.formats.sprint.spec import SPEC


def target(frame: Frame) -> int:
    """The points that win (the race's length)."""
    return SPEC.format_of(frame.fmt).target


class RaceScene(Scene):
    """«ДО 3 ОЧКОВ» and a lane per team: its name, its score, `target` marks filled as it scores."""

    name = "sprint_race"

    def key(self, frame: Frame) -> Hashable:
        return self.name

    def static_key(self, frame: Frame) -> Hashable:
        state = frame.state
        return state.phase, tuple(t.score for t in state.teams), tuple(frame.fmt.winner(state)), frame.language

    def draw_moving(self, surface: pygame.Surface, frame: Frame) -> None:
        pass

    def draw_static(self, surface: pygame.Surface, frame: Frame) -> None:
        frame.paint_background(surface)
        w, h = frame.size
        u = frame.u
        goal = target(frame)
        head = frame.say("sprint.race", n=goal) if goal != 1 else frame.say("sprint.race_one")
        img = frame.text.fit(head, "heading", (w - u(200), u(90)), frame.color("accent"), u(72), shadow=True)
        surface.blit(img, img.get_rect(midtop=(w // 2, u(60))))
        teams = frame.state.teams
        winner = frame.fmt.winner(frame.state)
        area = pygame.Rect(u(120), u(200), w - u(240), h - u(320))
        lane_h = min(u(260), (area.height - u(30) * (len(teams) - 1)) // max(1, len(teams)))
        top = area.y + (area.height - (lane_h * len(teams) + u(30) * (len(teams) - 1))) // 2
        for i in range(len(teams)):
            lane = pygame.Rect(area.x, top + i * (lane_h + u(30)), area.width, lane_h)
            self._lane(surface, frame, i, lane, goal, i in winner)

    def _lane(self, surface: pygame.Surface, frame: Frame, team: int, lane: pygame.Rect, goal: int,
              won: bool) -> None:
        u = frame.u
        gold = frame.color("accent")
        edge = gold if won else frame.color("panel_edge")
        body = paint.panel(lane.size, paint.rgb(frame.color("panel_top")), paint.rgb(frame.color("panel_dark")),
                           paint.rgb(edge), u(22), max(2, u(4 if won else 2)))
        surface.blit(body, lane)
        widgets.left_stripe(surface, frame.team_color(team), lane, u(16), u(22))
        state = frame.state
        name_box = pygame.Rect(lane.x + u(50), lane.y + u(16), int(lane.width * 0.36), lane.height - u(32))
        name = frame.text.fit(state.teams[team].name, "heading", name_box.size, frame.color("text"), u(72),
                              min_px=u(28), align="left", shadow=True)
        surface.blit(name, name.get_rect(midleft=name_box.midleft))
        if won:
            tag = frame.text.fit(frame.say("sprint.winner"), "heading", (name_box.width, u(48)), gold, u(44))
            surface.blit(tag, tag.get_rect(bottomleft=(name_box.x, lane.bottom - u(10))))
        score = state.teams[team].score
        marks = pygame.Rect(name_box.right + u(30), lane.y + u(30), lane.right - name_box.right - u(230),
                            lane.height - u(60))
        step = marks.width // max(1, goal)
        size = min(step - u(16), marks.height)
        for k in range(goal):
            mark = pygame.Rect(0, 0, size, size)
            mark.center = (marks.x + step * k + step // 2, marks.centery)
            if k < score:
                pygame.draw.rect(surface, gold if won or score == max(t.score for t in state.teams) else
                                 frame.color("good"), mark, border_radius=u(12))
            else:
                pygame.draw.rect(surface, frame.color("muted"), mark, width=max(2, u(4)), border_radius=u(12))
        number = frame.text.fit(str(score), "numbers", (u(160), lane.height - u(30)), gold, u(150), shadow=True)
        surface.blit(number, number.get_rect(center=(lane.right - u(100), lane.centery)))


RACE = RaceScene()
PHASES: dict[str, Scene] = {SprintPhase.READY: RACE, SprintPhase.RESULT: RACE}
