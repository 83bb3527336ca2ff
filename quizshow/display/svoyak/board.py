"""«Своя игра» on the board: the round's themes, the board of values, and the question card that zooms out
of its cell.

The board is the Russian row layout of the mock-up: one row per theme, the theme's name on the left,
the values on the right, played cells empty, the chooser marked in the score strip."""

from __future__ import annotations

from collections.abc import Hashable
from typing import cast

import pygame

from quizshow.core.effects import EventKind
from quizshow.display import paint
from quizshow.display.motion import artwork
from quizshow.display.scenes import widgets
from quizshow.display.scenes.base import Frame, Scene
from quizshow.display.scenes.cards import QuestionScene
from quizshow.display.svoyak.common import (
    board_grid,
    card_surface,
    cell_panel,
    chooser_strip,
    final_theme_name,
    play,
    strip_rect,
    svoyak,
    theme_shown,
    words,
)
from quizshow.display.tween import ease_out_back, ease_out_cubic
from quizshow.formats.svoyak.model import SvoyakPhase
from quizshow.i18n import number


class RoundIntroScene(Scene):
    """The round's name, then its themes one by one."""

    name = "svoyak_round"
    STEP_S = 0.35

    def key(self, frame: Frame) -> Hashable:
        return self.name, play(frame).round

    def static_key(self, frame: Frame) -> Hashable:
        return play(frame).round

    def draw_static(self, surface: pygame.Surface, frame: Frame) -> None:
        frame.paint_background(surface)

    def draw_moving(self, surface: pygame.Surface, frame: Frame) -> None:
        rnd = svoyak(frame).game.rounds[play(frame).round]
        w, h = frame.size
        age = frame.anim.since(EventKind.ROUND_START, frame.now)
        title_in = ease_out_back(min(1.0, max(0.0, age / 0.5)))
        title_box = pygame.Rect(frame.u(120), frame.u(70), w - frame.u(240), frame.u(130))
        title_box.y -= int((1 - title_in) * frame.u(60))
        words(surface, frame, rnd.round.name, title_box, color=frame.color("accent"), px=110, upper=True)
        themes = rnd.round.themes
        top = frame.u(250)
        row_h = min(frame.u(120), (strip_rect(frame).y - frame.u(40) - top) // max(1, len(themes)))
        for i, theme in enumerate(themes):
            t = (age - 0.5 - i * self.STEP_S) / 0.45
            if t <= 0:
                continue
            shown = ease_out_cubic(min(1.0, t))
            plate = pygame.Rect(0, 0, int(w * 0.62), row_h - frame.u(16))
            plate.center = (w // 2 + int((1 - shown) * w * 0.4), top + i * row_h + row_h // 2)
            body = cell_panel(frame, plate.size)
            if shown < 1:
                body = body.copy()
                body.set_alpha(int(255 * shown))
            surface.blit(body, plate)
            words(surface, frame, theme.name, plate.inflate(-frame.u(40), -frame.u(16)), px=64, upper=True)
        chooser_strip(surface, frame)


class BoardScene(Scene):
    """The board; the still layer holds every plate and value, the strip and the banner move."""

    name = "svoyak_board"
    _art_warmed: dict[tuple[int, int], int] = {}  # size -> artwork steps done

    def key(self, frame: Frame) -> Hashable:
        return self.name, play(frame).round

    def static_key(self, frame: Frame) -> Hashable:
        p = play(frame)
        return p.round, p.played

    def draw_static(self, surface: pygame.Surface, frame: Frame) -> None:
        frame.paint_background(surface)
        p = play(frame)
        rnd = svoyak(frame).game.rounds[p.round]
        themes, columns = rnd.size
        widgets.heading(surface, frame, rnd.round.name, y=26, height=70)
        plates, cells = board_grid(frame, themes, columns)
        names = [theme.name.upper() for theme in rnd.round.themes]
        # One type size for every theme name: the largest at which the longest still fits its plate.
        box = plates[0].inflate(-frame.u(36), -frame.u(14)).size
        px = min(frame.text.layout(n, "heading", box, frame.u(52), min_px=frame.u(16)).px for n in names)
        # One type size for every value too: «1200» is not drawn smaller than «900» beside it.
        room = cells[0][0].inflate(-frame.u(16), -frame.u(8)).size if cells and cells[0] else (1, 1)
        value_px = min((frame.text.layout(number(rnd.value(cell)), "numbers", room, frame.u(88), wrap=False).px
                        for cell in rnd.cells), default=frame.u(88))
        for t, (plate, name) in enumerate(zip(plates, names, strict=True)):
            surface.blit(cell_panel(frame, plate.size), plate)
            img = frame.text.fit(name, "heading", box, frame.color("text"), px, min_px=frame.u(16), shadow=True)
            surface.blit(img, img.get_rect(center=plate.center))
            for q, cell in enumerate(cells[t]):
                played = (t, q) in p.played or (t, q) not in rnd.cells  # an empty cell looks played
                surface.blit(cell_panel(frame, cell.size, played=played), cell)
                if not played:
                    value = frame.text.fit(number(rnd.value((t, q))), "numbers", room, frame.color("accent"),
                                           value_px, shadow=True, wrap=False)
                    surface.blit(value, value.get_rect(center=cell.center))

    def draw_moving(self, surface: pygame.Surface, frame: Frame) -> None:
        chooser_strip(surface, frame)
        widgets.banner(surface, frame, strip_rect(frame))

    @staticmethod
    def _art_steps(frame: Frame) -> list:
        def plate(width: float, height: int) -> pygame.Rect:  # CatScene's and SponsorScene's spring_card
            rect = pygame.Rect(0, 0, int(frame.size[0] * width), frame.u(height))
            rect.center = (frame.size[0] // 2, frame.u(420))
            return rect

        cat, sponsor = plate(0.8, 700), plate(0.76, 620)
        accent = frame.color("accent")
        cat_colors, gift_colors = (artwork.colors(frame.color, names) for names in (artwork.CAT_COLORS,
                                                                                  artwork.GIFT_COLORS))
        return [lambda: artwork.cat_in_sack(int(frame.u(100) * 3.0), cat_colors),
                lambda: artwork.gift(frame.u(330), gift_colors),
                lambda: card_surface(frame, cat.size, accent), lambda: card_surface(frame, sponsor.size, accent)]

    def warm(self, frame: Frame) -> bool:
        """The host may open any cell: its question's text and picture are made now, so the zoom's first
        frame only composes them (the layers themselves would be 8 MB a cell)."""
        p = play(frame)
        if p.round >= len(svoyak(frame).game.rounds):
            return False
        done = self._art_warmed.setdefault(frame.size, 0)
        steps = self._art_steps(frame)
        if done < len(steps):  # the specials' artwork and cards, one piece an idle time, once a size
            steps[done]()
            self._art_warmed[frame.size] = done + 1
            return True
        rnd = svoyak(frame).game.rounds[p.round]
        return QUESTION.warm_questions(frame, [rnd.question(cell) for cell in sorted(rnd.cells - p.played)])


def chosen_cell_rect(frame: Frame) -> pygame.Rect | None:
    p = play(frame)
    if p.cell is None or p.kind in ("final", "shootout") or p.round >= len(svoyak(frame).game.rounds):
        return None
    themes, columns = svoyak(frame).game.rounds[p.round].size
    _, cells = board_grid(frame, themes, columns)
    return cells[p.cell[0]][p.cell[1]]


class SvoyakQuestionScene(QuestionScene):
    """The question card; right after the choice it zooms out of its board cell (motion.Zoom)."""

    name = "svoyak_question"

    @staticmethod
    def _what(frame: Frame) -> Hashable:
        p = play(frame)
        return p.kind, p.round, p.cell, p.shootout.asked if p.shootout else None, p.value

    def key(self, frame: Frame) -> Hashable:
        return self.name, self._what(frame)

    def static_key(self, frame: Frame) -> Hashable:
        return (*cast(tuple[Hashable, ...], super().static_key(frame)), self._what(frame), self._time_over(frame))

    @staticmethod
    def _time_over(frame: Frame) -> bool:
        """The first window ran out and the question stays open («Время вышло, у кого есть ответ?», the team
        variant): the picture says so until the host moves on (Next shows the answer; a press answers)."""
        state = frame.state
        return state.phase == SvoyakPhase.QUESTION and state.timer.expired and state.answering is None

    def draw_static(self, surface: pygame.Surface, frame: Frame) -> None:
        super().draw_static(surface, frame)
        if self._time_over(frame):
            box = self._layout(frame)  # where the clock stood (it is gone at zero)
            plate = pygame.Rect(0, 0, box.who.width, box.clock_r * 2)
            plate.center = box.clock_center
            self._time_over_plate(surface, frame, plate)

    @staticmethod
    def _time_over_plate(surface: pygame.Surface, frame: Frame, box: pygame.Rect) -> None:
        """«Время вышло!» under the clock, in the warning colour, over «у кого есть ответ?»."""
        color = widgets.legible(frame.color("warning"), frame)
        plate = paint.panel(box.size, paint.rgb(paint.mix(color, paint.WHITE, 0.06)), paint.rgb(color), None,
                            frame.u(18))
        surface.blit(plate, box)
        ink = widgets.ink_on(color, frame)
        words(surface, frame, frame.say("banner.time_over"),
              pygame.Rect(box.x + frame.u(14), box.y + frame.u(14), box.width - frame.u(28), box.height * 3 // 5),
              px=64, color=ink, shadow=ink == frame.color("text"), upper=True)
        words(surface, frame, frame.say("scene.time_over_who"),
              pygame.Rect(box.x + frame.u(12), box.y + box.height * 3 // 5, box.width - frame.u(24),
                          box.height * 2 // 5 - frame.u(14)), role="body", px=40, color=ink, shadow=False)

    def strip_teams(self, frame: Frame) -> list[int] | None:
        p = play(frame)
        if p.kind == "shootout" and p.shootout is not None:
            return list(p.shootout.tied)
        if p.kind == "final" and p.final is not None:
            return list(p.final.order)
        return None

    @staticmethod
    def _buzzers_open(frame: Frame) -> bool:
        # Buzzers are live from the moment the question appears (no false start in this format).
        return frame.state.phase == SvoyakPhase.QUESTION and play(frame).kind != "final"

    def heading_text(self, frame: Frame) -> str:
        p, fmt = play(frame), svoyak(frame)
        if p.kind == "final":
            return f"{frame.say('scene.final')} · {final_theme_name(frame)}"
        if p.kind == "shootout" and p.shootout is not None:
            n = p.shootout.asked - p.shootout.round_from  # this shoot-out's question, 1-based
            of = int(fmt.rules["shootout_questions"])
            return (f"{frame.say('scene.shootout')} · {frame.say('console.question_no', n=n, of=of)} · "
                    f"{frame.say('scene.points', n=p.value)}")
        return f"{theme_shown(frame)} · {frame.say('scene.points', n=p.value)}"

    def enters_from(self, frame: Frame, old: str) -> pygame.Rect | None:
        """A question chosen on the board grows, opaque, out of its cell."""
        return chosen_cell_rect(frame) if old == BoardScene.name and frame.state.phase == SvoyakPhase.QUESTION else None


QUESTION = SvoyakQuestionScene()
