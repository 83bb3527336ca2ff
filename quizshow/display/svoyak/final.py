"""«Своя игра»'s end: the final's themes, stakes and answers, the shoot-out and the winner."""

from __future__ import annotations

import math
from collections.abc import Hashable

import pygame

from quizshow.core.effects import EventKind
from quizshow.display import paint
from quizshow.display.scenes import widgets
from quizshow.display.scenes.base import Frame, Scene
from quizshow.display.scenes.plates import SpringCardScene
from quizshow.display.svoyak.common import (
    card,
    card_surface,
    cell_panel,
    final_of,
    final_theme_name,
    play,
    shootout_of,
    spring_card,
    strip_rect,
    svoyak,
    words,
)
from quizshow.display.tween import WORDS_AT, ease_out_back, ease_out_cubic
from quizshow.formats.svoyak.model import Final, SvoyakPhase
from quizshow.i18n import number


class FinalThemesScene(Scene):
    """The five final themes; each removal is struck through as it happens; whose turn it is.

    Still: the background, the heading and every theme as in play (the same through the whole phase: one
    layer, composed once). Moving: the removed themes over their rows (a strike runs, then stays), whose
    turn it is and the score strip."""

    name = "svoyak_final_themes"
    STRIKE_S = 0.5

    def static_key(self, frame: Frame) -> Hashable:
        return tuple(svoyak(frame).game.final_themes), frame.state.teams

    def _rows(self, frame: Frame) -> tuple[list[pygame.Rect], tuple[int, int], int]:
        """Each theme's plate, the box its name fits in and the one size all names are set at."""
        names = svoyak(frame).game.final_themes
        w = frame.size[0]
        top = frame.u(150)
        row_h = min(frame.u(130), (frame.u(820) - top) // max(1, len(names)))
        box = (int(w * 0.6) - frame.u(60), row_h - frame.u(34))
        px = min(frame.text.layout(n.upper(), "heading", box, frame.u(64), min_px=frame.u(18)).px for n in names)
        plates = []
        for i in range(len(names)):
            plate = pygame.Rect(0, 0, int(w * 0.6), row_h - frame.u(18))
            plate.midtop = (w // 2, top + i * row_h)
            plates.append(plate)
        return plates, box, px

    def _row(self, surface: pygame.Surface, frame: Frame, i: int, plate: pygame.Rect, box: tuple[int, int], px: int,
             removed: bool) -> None:
        name = svoyak(frame).game.final_themes[i]
        strike = 0.0
        if removed:
            strike = ease_out_cubic(min(1.0, frame.anim.age(("final_removed", i), frame.now) / self.STRIKE_S))
        if removed and strike >= 1:  # the played plate, one colour: filled straight in (its panel's pixels)
            pygame.draw.rect(surface, paint.rgb(frame.color("panel_played")), plate, border_radius=frame.u(12))
        else:  # (opaque but for its corners: a removed row covers the row as in play under it)
            surface.blit(cell_panel(frame, plate.size), plate)
        color = paint.mix(frame.color("text"), frame.color("panel_played"), 0.55 * strike)
        img = frame.text.fit(name.upper(), "heading", box, color, px, min_px=frame.u(18), shadow=not removed)
        rect = img.get_rect(center=plate.center)
        surface.blit(img, rect)
        if removed:
            x_end = rect.x - frame.u(20) + int((rect.width + frame.u(40)) * strike)
            pygame.draw.line(surface, frame.color("warning"), (rect.x - frame.u(20), plate.centery),
                             (x_end, plate.centery), frame.u(8))

    def draw_static(self, surface: pygame.Surface, frame: Frame) -> None:
        frame.paint_background(surface)
        widgets.heading(surface, frame, frame.say("scene.final"), y=30, height=80)
        plates, box, px = self._rows(frame)
        for i, plate in enumerate(plates):
            frame.give_way()
            self._row(surface, frame, i, plate, box, px, removed=False)

    def draw_moving(self, surface: pygame.Surface, frame: Frame) -> None:
        final = final_of(frame)
        w = frame.size[0]
        plates, box, px = self._rows(frame)
        for i in final.removed:
            if i < len(plates):
                self._row(surface, frame, i, plates[i], box, px, removed=True)
        remover = final.remover(len(plates))
        bottom = pygame.Rect(frame.u(60), frame.u(850), w - frame.u(120), frame.u(60))
        if remover is not None:
            # The words in the text colour (a team's blue on navy is unreadable); the colour underlines them.
            said = words(surface, frame, frame.say("scene.removes", name=frame.state.teams[remover].name), bottom,
                         role="body", px=48)
            pygame.draw.rect(surface, frame.team_color(remover),
                             pygame.Rect(said.x, said.bottom + frame.u(6), said.width, frame.u(6)),
                             border_radius=frame.u(3))
        widgets.score_strip(surface, frame, strip_rect(frame), teams=list(final.order))


class FinalStakesScene(Scene):
    """Who has staked — never how much.

    Still: the background, the heading and each team's card as before its stake (one layer for the phase).
    Moving: a staked card's green edge, the tick springing up or the «thinking» dots, the words under them."""

    name = "svoyak_final_stakes"

    def perpetual(self, frame: Frame) -> bool:
        final = final_of(frame)
        return any(final.stake(team) is None for team in final.order)  # the «thinking» dots

    def static_key(self, frame: Frame) -> Hashable:
        return final_of(frame).order, final_theme_name(frame), frame.state.teams

    def _cards(self, frame: Frame) -> list[tuple[int, pygame.Rect]]:
        final = final_of(frame)
        w = frame.size[0]
        count = len(final.order)
        gap = frame.u(40)
        card_w = min(frame.u(520), (w - frame.u(120) - gap * (count - 1)) // max(1, count))
        x0 = (w - (card_w * count + gap * (count - 1))) // 2
        return [(team, pygame.Rect(x0 + slot * (card_w + gap), frame.u(230), card_w, frame.u(520)))
                for slot, team in enumerate(final.order)]

    def _band(self, surface: pygame.Surface, frame: Frame, team: int, rect: pygame.Rect) -> None:
        widgets.top_band(surface, frame.team_color(team), rect, frame.u(16), frame.u(28))

    def draw_static(self, surface: pygame.Surface, frame: Frame) -> None:
        frame.paint_background(surface)
        theme = final_theme_name(frame)
        widgets.heading(surface, frame, f"{frame.say('scene.stakes')} · {theme}", y=30, height=80)
        for team, rect in self._cards(frame):
            frame.give_way()
            card(surface, frame, rect)
            self._band(surface, frame, team, rect)
            name_box = pygame.Rect(rect.x + frame.u(20), rect.y + frame.u(50), rect.width - frame.u(40), frame.u(110))
            words(surface, frame, frame.state.teams[team].name, name_box, px=64)

    def draw_moving(self, surface: pygame.Surface, frame: Frame) -> None:
        final = final_of(frame)
        for team, rect in self._cards(frame):
            mark = (rect.centerx, rect.y + frame.u(300))
            if final.stake(team) is not None:
                # The card's edge in green, as its panel draws it (the same outline over the layer's), the
                # team's band over it again.
                pygame.draw.rect(surface, frame.color("good"), rect, width=frame.u(3), border_radius=frame.u(28))
                self._band(surface, frame, team, rect)
                grow = ease_out_back(min(1.0, frame.anim.age(("staked", team), frame.now) / 0.4))
                self._check(surface, frame, mark, int(frame.u(80) * grow))
                text, tone = frame.say("scene.staked"), frame.color("good")
            else:
                self._dots(surface, frame, mark)
                text, tone = frame.say("scene.thinking"), frame.color("muted")
            words(surface, frame, text, pygame.Rect(rect.x + frame.u(20), rect.bottom - frame.u(120),
                                                    rect.width - frame.u(40), frame.u(80)), role="body", color=tone,
                  px=48)

    def _check(self, surface: pygame.Surface, frame: Frame, center: tuple[int, int], r: int) -> None:
        if r <= 2:
            return
        pygame.draw.circle(surface, frame.color("good"), center, r)
        cx, cy = center
        points = [(cx - r * 0.45, cy + r * 0.02), (cx - r * 0.12, cy + r * 0.35), (cx + r * 0.48, cy - r * 0.3)]
        pygame.draw.lines(surface, frame.color("text"), False, points, max(3, r // 6))

    def _dots(self, surface: pygame.Surface, frame: Frame, center: tuple[int, int]) -> None:
        for i in range(3):
            lift = max(0.0, math.sin(frame.now * 5 - i * 0.8))
            pygame.draw.circle(surface, frame.color("muted"),
                               (center[0] + (i - 1) * frame.u(50), center[1] - int(lift * frame.u(18))), frame.u(14))


class FinalRevealScene(Scene):
    """One contestant at a time: correct or wrong, the stake, the new score counting. The rows, names and
    the answer are a still layer; the glow of the one shown, the verdicts popping in and the scores
    counting move over it."""

    name = "svoyak_final_reveal"

    def static_key(self, frame: Frame) -> Hashable:
        state = frame.state
        final = final_of(frame)
        verdicts = tuple(final.verdict(team) is not None for team in final.order)
        return state.phase, final.order, final.showing, verdicts, tuple(t.name for t in state.teams), \
            svoyak(frame).final_current(play(frame))

    def draw_static(self, surface: pygame.Surface, frame: Frame) -> None:
        frame.paint_background(surface)
        state, fmt = frame.state, svoyak(frame)
        final = final_of(frame)
        w = frame.size[0]
        widgets.heading(surface, frame, frame.say("scene.final_answers"), y=30, height=80)
        for row, team, current, hidden in self._rows(frame):
            frame.give_way()
            edge = frame.color("accent") if current else frame.color("panel_edge")
            body = paint.panel(row.size, paint.rgb(frame.color("panel_top")), paint.rgb(frame.color("panel_dark")),
                               paint.rgb(edge), frame.u(18), frame.u(4) if current else frame.u(2))
            if hidden:
                body = body.copy()
                body.set_alpha(120)
            surface.blit(body, row)
            widgets.left_stripe(surface, frame.team_color(team), row, frame.u(14), frame.u(18))
            words(surface, frame, state.teams[team].name,
                  pygame.Rect(row.x + frame.u(44), row.y, int(row.width * 0.34), row.height), px=64,
                  anchor="midleft")
            if final.verdict(team) is None and not hidden:
                words(surface, frame, frame.say("scene.stake_hidden"), self._stake_box(frame, row), role="body",
                      color=frame.color("muted"), px=44, anchor="midleft")
        answer_h = self._answer_h(frame)
        if answer_h:
            question = fmt.final_current(play(frame))
            box = pygame.Rect(int(w * 0.08), self._bottom(frame) - answer_h + frame.u(20), int(w * 0.84),
                              answer_h - frame.u(10))
            widgets.answer_plate(surface, frame, question.a if question else "", box)

    def draw_moving(self, surface: pygame.Surface, frame: Frame) -> None:
        final = final_of(frame)
        for row, team, current, _hidden in self._rows(frame):
            if current:  # the gold answering accent (a red team's glow read as «wrong»); her colour is the stripe
                paint.blit_glow_frame(surface, row, paint.rgb(frame.color("accent")), frame.u(18), frame.u(4),
                                      give_way=frame.give_way)
            self._verdict(surface, frame, row, team, final)
            score = frame.anim.score(team, frame.state.teams[team].score, frame.now)
            words(surface, frame, number(score), pygame.Rect(row.right - int(row.width * 0.2), row.y,
                                                          int(row.width * 0.2) - frame.u(30), row.height),
                  role="numbers", color=frame.color("negative") if score < 0 else frame.color("accent"), px=84,
                  anchor="midright")

    @staticmethod
    def _answer_h(frame: Frame) -> int:
        return frame.u(130) if frame.state.phase == SvoyakPhase.FINAL_ANSWER else 0

    @staticmethod
    def _bottom(frame: Frame) -> int:
        """The foot of the picture's room (this scene has no score strip: the rows use the whole height)."""
        return frame.size[1] - frame.u(50)

    def _rows(self, frame: Frame) -> list[tuple[pygame.Rect, int, bool, bool]]:
        """(row, team, the one being shown, not shown yet) for each contestant, centred in the room between
        the heading and the foot of the picture (or the answer)."""
        state = frame.state
        final = final_of(frame)
        w = frame.size[0]
        space = self._bottom(frame) - frame.u(140) - self._answer_h(frame)
        row_h = min(frame.u(210), space // max(1, len(final.order)))
        top = frame.u(140) + (space - row_h * len(final.order)) // 2
        revealing = state.phase == SvoyakPhase.FINAL_REVEAL
        return [(pygame.Rect(int(w * 0.08), top + slot * row_h, int(w * 0.84), row_h - frame.u(20)), team,
                 revealing and slot == final.showing, revealing and slot > final.showing)
                for slot, team in enumerate(final.order)]

    @staticmethod
    def _stake_box(frame: Frame, row: pygame.Rect) -> pygame.Rect:
        pill_right = row.x + int(row.width * 0.4) + int(row.width * 0.2)
        return pygame.Rect(pill_right + frame.u(30), row.y, int(row.width * 0.18), row.height)

    def _verdict(self, surface: pygame.Surface, frame: Frame, row: pygame.Rect, team: int, final: Final) -> None:
        """«Верно» or «Неверно» popping in, and the stake won or lost."""
        verdict = final.verdict(team)
        if verdict is None:
            return
        pill = pygame.Rect(row.x + int(row.width * 0.4), row.y + row.height // 5, int(row.width * 0.2),
                           row.height * 3 // 5)
        grow = ease_out_back(min(1.0, frame.anim.age(("verdict", team), frame.now) / 0.4))
        tone = frame.color("good") if verdict else frame.color("bad")
        pill_tone = widgets.legible(tone, frame)
        body = paint.panel(pill.size, paint.rgb(paint.mix(pill_tone, paint.WHITE, 0.06)),
                           paint.rgb(pill_tone), None, frame.u(14))
        shown = paint.scaled(body, grow)
        surface.blit(shown, shown.get_rect(center=pill.center))
        if grow > WORDS_AT:
            ink = widgets.ink_on(pill_tone, frame)
            words(surface, frame, frame.say("scene.right" if verdict else "scene.not_right"),
                  pill.inflate(-frame.u(12), -frame.u(8)), px=48, color=ink, shadow=ink == frame.color("text"))
        stake = final.stake(team) or 0
        words(surface, frame, number(stake if verdict else -stake, signed=True), self._stake_box(frame, row),
              role="numbers", color=tone if verdict else frame.color("negative"), px=72, anchor="midleft")


class ShootoutScene(Scene):
    """«Перестрелка»: its own title and the tied contestants only."""

    name = "svoyak_shootout"

    def draw_moving(self, surface: pygame.Surface, frame: Frame) -> None:
        frame.paint_background(surface)
        w, h = frame.size
        grow = ease_out_back(min(1.0, frame.anim.age(("shootout", shootout_of(frame).tied), frame.now) / 0.5))
        title = pygame.Rect(0, 0, int(w * 0.8), frame.u(200))
        title.center = (w // 2, frame.u(330))
        body = paint.scaled(card_surface(frame, title.size, frame.color("warning")), 1.0, max(0.1, grow))
        surface.blit(body, body.get_rect(center=title.center))
        if grow > WORDS_AT:
            words(surface, frame, frame.say("scene.shootout"), title.inflate(-frame.u(60), -frame.u(30)),
                  color=frame.color("warning"), px=130, upper=True)
        words(surface, frame, frame.say("scene.shootout_hint", n=svoyak(frame).rules["shootout_value"]),
              pygame.Rect(frame.u(120), frame.u(480), w - frame.u(240), frame.u(70)), role="body",
              color=frame.color("muted"), px=46)
        tied = list(shootout_of(frame).tied)
        strip = pygame.Rect(int(w * 0.15), frame.u(640), int(w * 0.7), frame.u(140))
        widgets.score_strip(surface, frame, strip, teams=tied)


class WinnerScene(SpringCardScene):
    """The winner card: the name in their colour, the score, a slow glow."""

    name = "svoyak_winner"
    card = (EventKind.WINNER, 0.72, 520, 0.7)

    def perpetual(self, frame: Frame) -> bool:
        return True  # the slow glow

    def draw_moving(self, surface: pygame.Surface, frame: Frame) -> None:
        state = frame.state
        found = svoyak(frame).winner(state)  # the format decides; the scene only shows it
        if not found:
            return
        winner = found[0]
        plate = spring_card(surface, frame, *self.card)
        if plate is None:
            return
        color = frame.team_color(winner)
        glow = 0.5 + 0.5 * math.sin(frame.now * 2.0)
        paint.blit_glow_frame(surface, plate, paint.rgb(paint.mix(color, frame.color("accent"), glow)), frame.u(28),
                              frame.u(6), give_way=frame.give_way)
        words(surface, frame, frame.say("scene.winner"), pygame.Rect(plate.x, plate.y + frame.u(40), plate.width,
                                                                      frame.u(90)),
              color=frame.color("accent"), px=72, upper=True)
        words(surface, frame, state.teams[winner].name,
              pygame.Rect(plate.x + frame.u(60), plate.y + frame.u(150), plate.width - frame.u(120), frame.u(200)),
              px=150)
        sole = svoyak(frame).sole_finalist_wins(state)  # «Анна 0» over a strip of zeros: say why she wins
        words(surface, frame, number(state.teams[winner].score),
              pygame.Rect(plate.x, plate.y + frame.u(340 if sole else 360), plate.width, frame.u(100 if sole else 120)),
              role="numbers", color=frame.color("accent"), px=96 if sole else 110)
        if sole:
            words(surface, frame, frame.say("scene.sole_finalist"),
                  pygame.Rect(plate.x + frame.u(60), plate.y + frame.u(440), plate.width - frame.u(120), frame.u(60)),
                  role="body", color=frame.color("muted"), px=48)
        widgets.score_strip(surface, frame, strip_rect(frame))
