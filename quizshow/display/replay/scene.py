"""«Повтор нажатий»: one question's presses on a time axis from the moment the buttons opened, for the hall
and a jury (issue 40; docs/broadcast.md, «The buzz replay»).

A lane per button that pressed, in the team's colour; the false-start zone before 0, hatched; the window's end;
each press drawn by where its time came from (a box's clock: a disc; a phone: a pill over its clock-sync
interval; a key: a square); the first ringed in gold. Under it, the verdict in one sentence. As the picture
comes up a play-head sweeps the axis and each press lights as it passes (about a second), then it stands
still: the still layer holds the panel, the lanes and the axis; the presses, the play-head and the verdict
are drawn over it.
"""

from __future__ import annotations

from collections.abc import Hashable

import pygame

from quizshow.display import paint
from quizshow.display.replay.axis import Axis, axis_for
from quizshow.display.replay.words import heading, lane_name, ms, press_label, tick, verdict_lines
from quizshow.display.scenes.base import Frame, Scene
from quizshow.display.scenes.widgets import ink_on, left_stripe, legible
from quizshow.display.tween import ease_out_back
from quizshow.history.presses import Race, ReplayPress, Timing

SWEEP_FROM_S = 0.1  # the play-head starts as the picture comes in...
SWEEP_S = 0.55  # ...and crosses the axis in this long (a contact sheet's settled frame is 0.7 s after the first)
POP_S = 0.18  # a press springs to its size as the play-head passes it
MAX_LANES = 8  # lanes shrink to fit up to this many; more are not drawn (a ninth team's press is in the verdict)

# The design grid (1080 lines): the panel, the lanes' labels, the axis, the verdict box.
PANEL = (80, 170, 1760, 660)
LABEL_W = 300
AXIS_LEFT, AXIS_RIGHT = 440, 1770
VERDICT = (80, 860, 1760, 170)


class ReplayScene(Scene):
    """The projector's `replay` layer (display/projector/stack.py): the projector sets `race` (None: no presses yet)."""

    name = "replay"

    def __init__(self) -> None:
        self.race: Race | None = None

    def key(self, frame: Frame) -> Hashable:
        return self.name, self.race.number if self.race is not None else None

    def static_key(self, frame: Frame) -> Hashable:
        race = self.race
        teams = tuple((t.name, t.color) for t in race.state.teams) if race is not None else ()
        what = (race.number, race.opened, race.armed, race.closes, race.presses) if race is not None else None
        return what, teams, frame.language, frame.theme.name

    # --- the still layer -------------------------------------------------------------------------------

    def draw_static(self, surface: pygame.Surface, frame: Frame) -> None:
        frame.paint_background(surface)
        race = self.race
        u = frame.u
        title = frame.text.fit(frame.say("replay.title").upper(), "heading", (u(900), u(84)),
                               frame.color("accent"), u(76), align="left", shadow=True, wrap=False)
        surface.blit(title, (u(80), u(40)))
        if race is None:
            self._none(surface, frame)
            return
        sub = heading(frame.fmt, race.state, frame.words)
        img = frame.text.fit(sub, "heading", (u(1000), u(46)), frame.color("text"), u(38), align="left", wrap=False)
        surface.blit(img, (u(80), u(40) + title.get_height() + u(6)))
        self._legend(surface, frame, race)
        frame.give_way()
        panel = pygame.Rect(*(u(v) for v in PANEL))
        surface.blit(paint.panel(panel.size, paint.rgb(frame.color("panel_dark")), paint.rgb(frame.color("panel_dark")),
                                 paint.rgb(frame.color("panel_edge")), u(24), u(3)), panel)
        axis = axis_for(race)
        lanes = self._lanes(frame, race)
        self._zone(surface, frame, axis, lanes)
        self._grid(surface, frame, axis, lanes)
        for i, press in enumerate(lanes.presses):
            frame.give_way()
            self._lane_label(surface, frame, race, press, lanes.row(i), lanes.height)

    def _none(self, surface: pygame.Surface, frame: Frame) -> None:
        u = frame.u
        box = pygame.Rect(u(260), u(380), frame.size[0] - u(520), u(260))
        surface.blit(paint.panel(box.size, paint.rgb(frame.color("panel_dark")), paint.rgb(frame.color("panel_dark")),
                                 paint.rgb(frame.color("panel_edge")), u(24), u(3)), box)
        big = frame.text.fit(frame.say("replay.none"), "heading", (box.width - u(80), u(90)),
                             frame.color("text"), u(72))
        surface.blit(big, big.get_rect(midbottom=(box.centerx, box.centery + u(10))))
        hint = frame.text.fit(frame.say("replay.none_hint"), "body", (box.width - u(80), u(50)),
                              frame.color("muted"), u(36))
        surface.blit(hint, hint.get_rect(midtop=(box.centerx, box.centery + u(30))))

    def _legend(self, surface: pygame.Surface, frame: Frame, race: Race) -> None:
        """What each mark means, for the timings this race has (top right)."""
        u = frame.u
        shown = [t for t in (Timing.BOX, Timing.PHONE, Timing.ARRIVAL) if any(p.timing == t for p in race.presses)]
        y = u(44)
        for timing in shown:
            centre = (u(1240), y + u(20))
            _mark(surface, frame, timing, centre, u(13), frame.color("text"), frame.color("text"), u(34))
            words = frame.text.fit(frame.say(f"replay.legend.{timing.value}"), "body", (u(560), u(40)),
                                   frame.color("text"), u(30), align="left", wrap=False)
            surface.blit(words, words.get_rect(midleft=(u(1280), centre[1])))
            y += u(42)

    def _lanes(self, frame: Frame, race: Race) -> _Lanes:
        u = frame.u
        presses = race.presses[:MAX_LANES]
        top, bottom = u(PANEL[1] + 80), u(PANEL[1] + PANEL[3] - 96)
        height = min(u(124), (bottom - top) // max(1, len(presses)))
        top += ((bottom - top) - height * len(presses)) // 2
        return _Lanes(presses, top, height)

    def _zone(self, surface: pygame.Surface, frame: Frame, axis: Axis, lanes: _Lanes) -> None:
        """The false-start zone, hatched, from its start to the opening."""
        if axis.zone is None:
            return
        u = frame.u
        left, width = u(AXIS_LEFT), u(AXIS_RIGHT) - u(AXIS_LEFT)
        x0, x1 = axis.x(axis.zone, left, width), axis.x(0.0, left, width)
        top, bottom = lanes.top - u(20), lanes.top + lanes.height * len(lanes.presses) + u(20)
        zone = pygame.Rect(x0, top, max(1, x1 - x0), bottom - top)
        pygame.draw.rect(surface, frame.color("replay_zone"), zone)
        clip = surface.get_clip()
        surface.set_clip(zone.clip(clip))
        step = u(26)
        for x in range(zone.x - zone.height, zone.right, step):
            pygame.draw.line(surface, frame.color("replay_hatch"), (x, zone.bottom), (x + zone.height // 3, zone.top),
                             u(3))
        surface.set_clip(clip)
        label = frame.text.fit(frame.say("replay.false_zone").upper(), "heading",
                               (max(u(60), x1 - x0 - u(12)), u(40)), frame.color("negative"), u(32), wrap=False)
        surface.blit(label, label.get_rect(bottomleft=(x0 + u(6), top - u(6))))

    def _grid(self, surface: pygame.Surface, frame: Frame, axis: Axis, lanes: _Lanes) -> None:
        """The lanes' lines, the ticks and their times, the opening in gold, the window's end."""
        u = frame.u
        left, width = u(AXIS_LEFT), u(AXIS_RIGHT) - u(AXIS_LEFT)
        top, bottom = lanes.top - u(20), lanes.top + lanes.height * len(lanes.presses) + u(20)
        for i in range(len(lanes.presses)):
            y = lanes.row(i).centery
            pygame.draw.line(surface, frame.color("replay_lane"), (left, y), (left + width, y), u(2))
        base = bottom + u(4)
        broken = axis.broken
        if broken is None:
            pygame.draw.line(surface, frame.color("muted"), (left, base), (left + width, base), u(2))
        else:  # two parts and a break between them: «≈» on the base line, the lanes' lines cut
            a, b = left + round(broken[0] * width), left + round(broken[1] * width)
            pygame.draw.rect(surface, frame.color("panel_dark"), pygame.Rect(a + u(4), top, b - a - u(8), base - top))
            for x0, x1 in ((left, a), (b, left + width)):
                pygame.draw.line(surface, frame.color("muted"), (x0, base), (x1, base), u(2))
            for x in (a + u(2), b - u(10)):
                pygame.draw.line(surface, frame.color("muted"), (x, base + u(10)), (x + u(8), base - u(10)), u(3))
        taken: list[pygame.Rect] = []  # tick labels drawn: one that would touch another is left out (at a break)
        for t, step in sorted(axis.ticks(), key=lambda tick: abs(tick[0]) > 1e-9):  # 0 first: always named
            x = axis.x(t, left, width)
            pygame.draw.line(surface, frame.color("muted"), (x, base), (x, base + u(12)), u(2))
            img = frame.text.fit(tick(t, step, frame.words), "numbers", (u(150), u(36)), frame.color("text"), u(28),
                                 wrap=False)
            spot = img.get_rect(midtop=(x, base + u(16)))
            if spot.inflate(u(16), 0).collidelist(taken) < 0:
                surface.blit(img, spot)
                taken.append(spot)
        zero = axis.x(0.0, left, width)
        pygame.draw.line(surface, frame.color("accent"), (zero, top - u(4)), (zero, base), u(5))
        opened = frame.text.fit(frame.say("replay.opened").upper(), "heading", (u(420), u(40)),
                                frame.color("accent"), u(32), wrap=False)
        place = opened.get_rect(midbottom=(zero, top - u(6)))
        if axis.zone is not None:  # beside the zone's word, not over it
            place.left = zero + u(10)
        surface.blit(opened, place.clamp(pygame.Rect(left - u(40), 0, width + u(80), frame.size[1])))
        if axis.window is not None:
            x = axis.x(axis.window, left, width)
            pygame.draw.line(surface, frame.color("replay_window_end"), (x, top - u(4)), (x, base), u(3))
            said = frame.text.fit(frame.say("replay.window_end"), "body", (u(300), u(36)),
                                  frame.color("muted"), u(28), wrap=False)
            surface.blit(said, said.get_rect(midbottom=(x, top - u(8))).clamp(
                pygame.Rect(0, 0, left + width + u(60), frame.size[1])))
        elif axis.window_later is not None:
            said = frame.text.fit(frame.say("replay.window_later",
                                            when=ms(axis.window_later, frame.words, signed=True)), "body",
                                  (u(420), u(36)), frame.color("muted"), u(28), wrap=False)
            surface.blit(said, said.get_rect(topright=(left + width, base + u(58))))

    def _lane_label(self, surface: pygame.Surface, frame: Frame, race: Race, press: ReplayPress, row: pygame.Rect,
                    height: int) -> None:
        """The team's plate at the lane's left: its colour made legible, its name in ink that reads on it."""
        u = frame.u
        plate = pygame.Rect(u(PANEL[0] + 24), 0, u(LABEL_W), min(height - u(14), u(84)))
        plate.centery = row.centery
        color = legible(_team_color(frame, race, press.team), frame)
        dark = frame.color("panel_dark")
        surface.blit(paint.panel(plate.size, paint.rgb(paint.mix(color, paint.WHITE, 0.08)), paint.rgb(color), None,
                                 u(12)), plate)
        left_stripe(surface, paint.mix(color, dark, 0.45), plate, u(10), u(12))
        name = frame.text.fit(lane_name(race, press, frame.words), "heading",
                              (plate.width - u(40), plate.height - u(8)), ink_on(color, frame), u(44), align="left")
        surface.blit(name, name.get_rect(midleft=(plate.x + u(26), plate.centery)))

    # --- over it: the presses as the play-head passes them, the verdict ----------------------------------

    def draw_moving(self, surface: pygame.Surface, frame: Frame) -> None:
        race = self.race
        if race is None:
            return
        u = frame.u
        axis = axis_for(race)
        lanes = self._lanes(frame, race)
        left, width = u(AXIS_LEFT), u(AXIS_RIGHT) - u(AXIS_LEFT)
        age = frame.anim.age(("replay", race.number, race.opened), frame.now) - SWEEP_FROM_S
        head = max(0.0, min(1.0, age / SWEEP_S))  # the play-head, a share of the axis's width
        sweeping = age < SWEEP_S
        for i, press in enumerate(lanes.presses):
            at = axis.share(press.time - race.opened)
            if at > head and sweeping:
                continue
            passed = (head - at) * SWEEP_S if sweeping else POP_S
            grow = ease_out_back(min(1.0, passed / POP_S))
            frame.give_way()
            self._press(surface, frame, race, press, axis, lanes.row(i), lanes.height, grow)
        if sweeping:
            x = left + round(head * width)
            top, bottom = lanes.top - u(20), lanes.top + lanes.height * len(lanes.presses) + u(20)
            pygame.draw.line(surface, frame.color("text"), (x, top), (x, bottom), u(3))
            return
        self._verdict(surface, frame, race)

    def _press(self, surface: pygame.Surface, frame: Frame, race: Race, press: ReplayPress, axis: Axis,
               row: pygame.Rect, height: int, grow: float) -> None:
        u = frame.u
        left, width = u(AXIS_LEFT), u(AXIS_RIGHT) - u(AXIS_LEFT)
        x, y = axis.x(press.time - race.opened, left, width), row.centery
        color = _team_color(frame, race, press.team)
        first = press.place == 1
        radius = max(2, round(min(u(22), height // 3) * grow))
        half = radius * 3 // 2 if press.timing is Timing.PHONE else radius  # the mark's half width
        if press.error and grow >= 1:  # the phone's interval, a bracket over its mark: where the touch may have been
            x0 = axis.x(press.time - press.error - race.opened, left, width)
            x1 = axis.x(press.time + press.error - race.opened, left, width)
            over = y - radius - u(20)
            pygame.draw.line(surface, frame.color("text"), (x0, over), (x1, over), u(3))
            for end in (x0, x1):
                pygame.draw.line(surface, frame.color("text"), (end, over - u(8)), (end, over + u(8)), u(3))
        if first or press.false_start:  # the first ringed in gold, a false start in red: in the mark's own shape
            ring = frame.color("accent") if first else frame.color("warning")
            _mark(surface, frame, press.timing, (x, y), radius + u(8), ring, ring, u(5), filled=True)
            _mark(surface, frame, press.timing, (x, y), radius + u(3), frame.color("panel_dark"),
                  frame.color("panel_dark"), 1, filled=True)
        _mark(surface, frame, press.timing, (x, y), radius, color, frame.color("text"), u(3), filled=True)
        if grow < 1:
            return
        label = press_label(press, race, frame.words)
        ink = frame.color("accent") if first else frame.color("negative") if press.false_start else frame.color("text")
        room = (u(AXIS_RIGHT + 130) - x - radius - u(22), min(u(50), height - u(8)))
        img = frame.text.fit(label, "heading" if first else "body", (max(u(120), room[0]), room[1]), ink, u(38),
                             align="left", wrap=False)
        spot = img.get_rect(midleft=(x + half + u(18), y))
        if press.error:
            spot.left = max(spot.left, axis.x(press.time + press.error - race.opened, left, width) + u(12))
        if press.false_start:  # above its mark, as the zone is narrow
            spot = img.get_rect(midbottom=(x, y - radius - u(10)))
        surface.blit(img, spot.clamp(pygame.Rect(u(PANEL[0] + LABEL_W + 40), 0,
                                                 u(PANEL[0] + PANEL[2] - 16) - u(PANEL[0] + LABEL_W + 40),
                                                 frame.size[1])))

    def _verdict(self, surface: pygame.Surface, frame: Frame, race: Race) -> None:
        u = frame.u
        box = pygame.Rect(*(u(v) for v in VERDICT))
        surface.blit(paint.panel(box.size, paint.rgb(frame.color("panel")), paint.rgb(frame.color("panel_dark")),
                                 paint.rgb(frame.color("accent")), u(20), u(3)), box)
        headline, note = verdict_lines(race, frame.words)
        big = frame.text.fit(headline, "heading", (box.width - u(64), u(70) if note else box.height - u(40)),
                             frame.color("text"), u(54), align="left")
        surface.blit(big, (box.x + u(32), box.y + (u(20) if note else (box.height - big.get_height()) // 2)))
        if note:
            small = frame.text.fit(note, "body", (box.width - u(64), box.height - u(108)), frame.color("text"), u(34),
                                   align="left")
            surface.blit(small, (box.x + u(34), box.y + u(100)))


class _Lanes:
    """Where each press's lane is: a row of `height` from `top`, in the race's order."""

    def __init__(self, presses: tuple[ReplayPress, ...], top: int, height: int) -> None:
        self.presses, self.top, self.height = presses, top, height

    def row(self, i: int) -> pygame.Rect:
        return pygame.Rect(0, self.top + i * self.height, 1, self.height)


def _team_color(frame: Frame, race: Race, team: int) -> pygame.Color:
    teams = race.state.teams
    if 0 <= team < len(teams):
        return frame.theme.team_color(team, teams[team].color)
    return frame.color("accent")


def _mark(surface: pygame.Surface, frame: Frame, timing: Timing, centre: tuple[int, int], radius: int,
          color: pygame.Color, edge: pygame.Color, width: int, filled: bool = False) -> None:
    """A press's mark by where its time came from: a disc (a box's clock), a pill (a phone), a square (a key)."""
    x, y = centre
    if timing is Timing.BOX:
        if filled:
            pygame.draw.circle(surface, color, centre, radius)
        pygame.draw.aacircle(surface, edge, centre, radius, max(1, width // 2 if filled else width // 12))
        if not filled:
            pygame.draw.circle(surface, edge, centre, radius)
        return
    if timing is Timing.PHONE:
        rect = pygame.Rect(0, 0, radius * 3, radius * 2)
    else:
        rect = pygame.Rect(0, 0, radius * 2, radius * 2)
    rect.center = (x, y)
    corner = radius if timing is Timing.PHONE else max(2, radius // 3)
    if filled:
        pygame.draw.rect(surface, color, rect, border_radius=corner)
        pygame.draw.rect(surface, edge, rect, max(1, width // 2), border_radius=corner)
    else:
        pygame.draw.rect(surface, edge, rect, max(2, radius // 4), border_radius=corner)
