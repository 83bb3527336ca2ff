"""The knockout on the projector: columns of matches (quarter-finals, semi-finals, final), teams known or
where they will come from, scores, the winner lit."""

from __future__ import annotations

import pygame

from quizshow.display import paint
from quizshow.display.event.common import DayScene, event_of, fixture_label, panel, source_label, team_name
from quizshow.display.scenes.base import Frame
from quizshow.display.scenes.plates import words
from quizshow.event import day as D
from quizshow.event.common import effective
from quizshow.event.model import Day, Fixture

LABEL_H = 40  # design px: the strip at the top of a match box that holds its code


class BracketScene(DayScene):
    """The knockout as columns of matches (quarter-finals, semi-finals, final): teams known or where they
    will come from, scores, the winner lit."""

    name = "ev_bracket"

    def draw_static(self, surface: pygame.Surface, frame: Frame) -> None:
        frame.paint_background(surface)
        day = event_of(frame).day
        w, h = frame.size
        u = frame.u
        words(surface, frame, frame.say("ev.bracket"), pygame.Rect(0, u(24), w, u(64)), color=frame.color("accent"),
              px=52)
        rounds = bracket(day)
        if not rounds:
            return
        area = pygame.Rect(u(60), u(120), w - u(120), h - u(180))
        col_w = (area.width - u(60) * (len(rounds) - 1)) // len(rounds)
        centers: dict[str, int] = {}
        for k, (stage, items) in enumerate(rounds):
            frame.give_way()
            x = area.x + k * (col_w + u(60))
            words(surface, frame, frame.say("stage." + stage).upper(), pygame.Rect(x, area.y, col_w, u(40)),
                  role="heading", color=frame.color("muted"), px=28, shadow=False)
            slot_h = (area.height - u(50)) // max(1, len(items))
            box_h = min(u(150), slot_h - u(20))
            for i, (fixture, labels) in enumerate(items):
                cy = area.y + u(50) + slot_h * i + slot_h // 2
                box = pygame.Rect(x, cy - box_h // 2, col_w, box_h)
                self._match(surface, frame, day, fixture, labels, box)
                centers[fixture.id] = cy
                if k:
                    for src in labels:
                        if src.startswith("W:") and src[2:] in centers:
                            y0 = centers[src[2:]]
                            x0 = x - u(60)
                            pygame.draw.lines(surface, frame.color("panel_edge"), False,
                                              [(x0, y0), (x0 + u(30), y0), (x0 + u(30), cy), (x, cy)], max(2, u(3)))


    def _match(self, surface: pygame.Surface, frame: Frame, day: Day, fixture: Fixture, labels: tuple[str, ...],
               box: pygame.Rect) -> None:
        u = frame.u
        res = effective(day, fixture) if fixture.teams else None
        panel(surface, frame, box, edge=frame.color("panel_edge"))
        # the code inside the box, clear of its border (never on the line: «ЧФ1», «ПФ2»)
        head = u(LABEL_H)
        words(surface, frame, fixture_label(frame, fixture.id),
              pygame.Rect(box.x + u(16), box.y + u(8), box.width // 2, head - u(8)),
              role="body", color=frame.color("muted"), px=22, anchor="midleft", shadow=False)
        half = (box.height - head - u(6)) // 2
        for i in range(2):
            rect = pygame.Rect(box.x + u(10), box.y + head + i * half, box.width - u(20), half - u(4))
            team = fixture.teams[i] if fixture.teams else None
            won = res is not None and team is not None and res.winner == team
            lost = res is not None and team is not None and res.winner not in (None, team)
            if won:
                glow = paint.panel(rect.size, paint.rgb(paint.mix(frame.color("accent"), frame.color("panel_dark"),
                                                                  0.75)), paint.rgb(frame.color("panel_dark")),
                                   paint.rgb(frame.color("accent")), u(8), max(1, u(2)))
                surface.blit(glow, rect)
            label = team_name(day, team) if team is not None else source_label(frame, day, labels[i])
            colour = frame.color("muted") if team is None or lost else frame.color("text")
            words(surface, frame, label, pygame.Rect(rect.x + u(10), rect.y, rect.width - u(90), rect.height),
                  px=36 if team is not None else 26, color=colour, anchor="midleft", shadow=team is not None)
            if res is not None and team is not None and res.scores:
                words(surface, frame, str(res.score_of(team)), pygame.Rect(rect.right - u(70), rect.y, u(60),
                                                                         rect.height),
                      role="numbers", color=frame.color("accent") if won else colour, px=40, shadow=False)


def bracket(day: Day) -> list[tuple[str, list[tuple[Fixture, tuple[str, ...]]]]]:
    """The knockout's rounds: (stage, [(fixture, where its teams come from)]), known and pending."""
    plan = D.plan(day)
    order = ["quarterfinal", "semifinal", "final"]
    rounds: dict[str, list[tuple[Fixture, tuple[str, ...]]]] = {s: [] for s in order}
    for f in plan.fixtures:
        if f.stage in rounds:
            rounds[f.stage].append((f, tuple(f"T:{t}" for t in f.teams)))
    for slot in plan.pending:
        if slot.fixture.stage in rounds and not any(f.id == slot.fixture.id for f, _ in rounds[slot.fixture.stage]):
            rounds[slot.fixture.stage].append((slot.fixture, slot.sources))
    for stage in rounds:
        rounds[stage].sort(key=lambda x: x[0].id)
    if day.regulation.name == "seed-001":  # the semi-finals' sources: known when the teams are
        for stage in ("semifinal", "final"):
            fixed = []
            for f, src in rounds[stage]:
                if f.id == "F" and f.teams:
                    src = ("W:SF1", "W:SF2")
                fixed.append((f, src))
            rounds[stage] = fixed
    elif rounds["final"] and rounds["final"][0][0].teams:
        rounds["final"] = [(rounds["final"][0][0], ("W:SF1", "W:SF2"))]
    if rounds["semifinal"] and day.regulation.name == "seed-004" and rounds["quarterfinal"]:
        rounds["semifinal"] = [(f, ("W:QF1", "W:QF2") if f.id == "SF1" else ("W:QF3", "W:QF4"))
                               for f, _ in rounds["semifinal"]]
    return [(s, rounds[s]) for s in order if rounds[s]]

