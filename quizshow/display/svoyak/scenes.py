"""«Своя игра» on the projector: round intro, the board, the specials, the final, the shoot-out, the winner.

The board is the Russian row layout of the mock-up: one row per theme, the theme's name on the left,
the values on the right, played cells empty, the chooser marked in the score strip.
"""

from __future__ import annotations

import math
from collections.abc import Hashable
from typing import cast

import pygame

from quizshow.core import commands as c
from quizshow.core.effects import EventKind
from quizshow.core.format import Format
from quizshow.core.state import ShowState
from quizshow.display import paint
from quizshow.display.motion import artwork
from quizshow.display.scenes import widgets
from quizshow.display.scenes.base import Frame, Scene
from quizshow.display.scenes.cards import QuestionScene
from quizshow.display.tween import WORDS_AT, ease_out_back, ease_out_cubic
from quizshow.formats.svoyak import commands as sc
from quizshow.formats.svoyak.format import SvoyakFormat
from quizshow.formats.svoyak.model import Auction, Final, Play, Shootout, SvoyakPhase
from quizshow.formats.svoyak.spec import SPEC
from quizshow.i18n import number

STRIP_H = 104  # the score strip, on the 1080-line grid


def play(frame: Frame) -> Play:
    """The game's own state, typed (SPEC.state_of)."""
    return SPEC.state_of(frame.state)


def svoyak(frame: Frame) -> SvoyakFormat:
    """The format being shown, as what it is (its board, themes, final)."""
    return SPEC.format_of(frame.fmt)


def theme_shown(frame: Frame) -> str:
    """The theme of the question in play as the audience knows it: a cat's own theme (announced on its
    card) replaces the board's row."""
    p = play(frame)
    if p.cell is not None and p.kind == "cat" and p.round < len(svoyak(frame).game.rounds):
        info = svoyak(frame).game.rounds[p.round].question(p.cell).cat
        if info is not None and info.theme:
            return info.theme
    return svoyak(frame).theme_name(frame.state)


def strip_rect(frame: Frame) -> pygame.Rect:
    w, h = frame.size
    return pygame.Rect(frame.u(60), h - frame.u(36) - frame.u(STRIP_H), w - frame.u(120), frame.u(STRIP_H))


def chooser_strip(surface: pygame.Surface, frame: Frame, teams: list[int] | None = None) -> None:
    """The score strip with the chooser marked «выбирает»."""
    p = play(frame)
    chooser = None if svoyak(frame).round_over(p) else p.chooser  # the round is over: nobody chooses
    label = {chooser: frame.say("scene.chooses")} if chooser is not None else None
    widgets.score_strip(surface, frame, strip_rect(frame), label, teams)


def cell_panel(frame: Frame, size: tuple[int, int], played: bool = False, lit: bool = False) -> pygame.Surface:
    if played:
        return paint.panel(size, paint.rgb(frame.color("panel_played")), paint.rgb(frame.color("panel_played")),
                           None, frame.u(12))
    top = paint.mix(frame.color("panel_top"), frame.color("text"), 0.18) if lit else frame.color("panel_top")
    edge = frame.color("accent") if lit else frame.color("panel_edge")
    return paint.panel(size, paint.rgb(top), paint.rgb(frame.color("panel")), paint.rgb(edge), frame.u(12),
                       frame.u(3))


def card_surface(frame: Frame, size: tuple[int, int], edge: pygame.Color | None = None) -> pygame.Surface:
    return paint.panel(size, paint.rgb(frame.color("panel_top")), paint.rgb(frame.color("panel_dark")),
                       paint.rgb(edge or frame.color("panel_edge")), frame.u(28), frame.u(3))


def card(surface: pygame.Surface, frame: Frame, rect: pygame.Rect, edge: pygame.Color | None = None) -> None:
    """A large plate for a title or a special's card."""
    surface.blit(card_surface(frame, rect.size, edge), rect)


def spring_card(surface: pygame.Surface, frame: Frame, since: EventKind, width: float, height: int,
                duration: float) -> pygame.Rect | None:
    """The background and a card springing open after an event; the card's rect once it is big enough
    to hold its words (None before)."""
    w = frame.size[0]
    grow = max(0.05, ease_out_back(min(1.0, frame.anim.since(since, frame.now) / duration)))
    plate = pygame.Rect(0, 0, int(w * width), frame.u(height))
    plate.center = (w // 2, frame.u(420))
    if grow >= 0.999:  # open: the background with the card on it is one opaque picture, composed once
        paint.blit(surface, _backdrop(frame, plate), give_way=frame.give_way)
        return plate
    frame.paint_background(surface)
    body = paint.scaled(card_surface(frame, plate.size, frame.color("accent")), grow)
    surface.blit(body, body.get_rect(center=plate.center))
    return plate if grow >= WORDS_AT else None


_BACKDROPS: dict[tuple, pygame.Surface] = {}


def _backdrop(frame: Frame, plate: pygame.Rect) -> pygame.Surface:
    """The studio background with an open card on it (blitting a big translucent card every frame costs
    4 ms at 4K; this is one opaque blit). Two kept: the cards of two scenes in a row."""
    key = (frame.size, tuple(plate), frame.theme.name)
    found = _BACKDROPS.get(key)
    if found is None:
        if len(_BACKDROPS) >= 2:
            _BACKDROPS.pop(next(iter(_BACKDROPS)))
        found = _BACKDROPS[key] = frame.background().copy()
        card(found, frame, plate, frame.color("accent"))
    return found


def words(surface: pygame.Surface, frame: Frame, text: str, box: pygame.Rect, role: str = "heading",
          color: pygame.Color | None = None, px: int = 60, anchor: str = "center", shadow: bool = True,
          upper: bool = False) -> pygame.Rect:
    """Text fitted into `box` (shrunk or wrapped, never overflowing) and placed by `anchor`."""
    img = frame.text.fit(text.upper() if upper else text, role, box.size, color or frame.color("text"), frame.u(px),
                         shadow=shadow)
    rect = img.get_rect(**{anchor: getattr(box, anchor)})
    surface.blit(img, rect)
    return rect


# --- the board ------------------------------------------------------------------------------------------


def board_grid(frame: Frame, themes: int, columns: int) -> tuple[list[pygame.Rect], list[list[pygame.Rect]]]:
    """Theme plates and value cells of a board, on the area above the score strip."""
    w, _h = frame.size
    top, bottom = frame.u(112), strip_rect(frame).y - frame.u(36)
    gap = frame.u(14)
    row_h = (bottom - top - gap * (themes - 1)) // max(1, themes)
    left, right = frame.u(60), w - frame.u(60)
    theme_w = int((right - left) * (0.36 if columns <= 5 else 0.3))
    cell_w = (right - left - theme_w - gap * columns) // max(1, columns)
    plates, cells = [], []
    for t in range(themes):
        y = top + t * (row_h + gap)
        plates.append(pygame.Rect(left, y, theme_w, row_h))
        cells.append([pygame.Rect(left + theme_w + gap + col * (cell_w + gap), y, cell_w, row_h)
                      for col in range(columns)])
    return plates, cells


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
        widgets.banner(surface, frame)

    @staticmethod
    def _art_steps(frame: Frame) -> list:
        def plate(width: float, height: int) -> pygame.Rect:  # CatScene's and SponsorScene's spring_card
            rect = pygame.Rect(0, 0, int(frame.size[0] * width), frame.u(height))
            rect.center = (frame.size[0] // 2, frame.u(420))
            return rect

        cat, sponsor = plate(0.8, 700), plate(0.76, 620)
        accent = frame.color("accent")
        return [lambda: artwork.cat_in_sack(int(frame.u(100) * 3.0)), lambda: artwork.gift(frame.u(330)),
                lambda: card_surface(frame, cat.size, accent), lambda: card_surface(frame, sponsor.size, accent),
                lambda: _backdrop(frame, cat), lambda: _backdrop(frame, sponsor)]

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
        plate = paint.panel(box.size, paint.rgb(paint.mix(color, (255, 255, 255), 0.06)), paint.rgb(color), None,
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


class SpecialScene(Scene):
    """A special question's own picture, one per board cell."""

    def key(self, frame: Frame) -> Hashable:
        return self.name, play(frame).cell


class CatScene(SpecialScene):
    """«Кот в мешке»: the card springs in; then who gives it to whom, the theme and the value choice."""

    name = "svoyak_cat"

    def perpetual(self, frame: Frame) -> bool:
        return True  # the cat bobs in its sack

    def draw_moving(self, surface: pygame.Surface, frame: Frame) -> None:
        p = play(frame)
        plate = spring_card(surface, frame, EventKind.QUESTION, 0.8, 700, 0.6)
        if plate is None:
            return
        chooser_strip(surface, frame)
        self._cat(surface, frame, (plate.x + frame.u(190), plate.y + frame.u(185)), frame.u(100))
        words(surface, frame, frame.say("scene.cat"), pygame.Rect(plate.x + frame.u(360), plate.y + frame.u(40),
                                                                  plate.width - frame.u(400), frame.u(150)),
              color=frame.color("accent"), px=110, upper=True)
        words(surface, frame, f"{frame.say('scene.theme')}: {theme_shown(frame)}",
              pygame.Rect(plate.x + frame.u(360), plate.y + frame.u(200), plate.width - frame.u(400), frame.u(90)),
              px=60)
        lower = pygame.Rect(plate.x + frame.u(40), plate.y + frame.u(400), plate.width - frame.u(80), frame.u(260))
        chooser = p.chooser if p.chooser is not None else 0  # a cat is chosen: its chooser is known
        if p.solo is None:
            giver = frame.state.teams[chooser].name
            words(surface, frame, frame.say("scene.cat_gives", name=giver), lower, role="body", px=54)
            return
        self._handover(surface, frame, pygame.Rect(lower.x, lower.y, lower.width, frame.u(110)), chooser, p.solo)
        values = svoyak(frame).cat_options(frame.state)
        gap = frame.u(160) if len(values) <= 2 else frame.u(24)  # a SIGame price range offers many values
        room = plate.width - frame.u(80) - gap * (len(values) - 1)
        box_w = min(frame.u(220), room // max(1, len(values)))
        total = len(values) * box_w + (len(values) - 1) * gap
        x = plate.centerx - total // 2
        for i, value in enumerate(values):
            box = pygame.Rect(x + i * (box_w + gap), lower.y + frame.u(135), box_w, frame.u(110))
            surface.blit(cell_panel(frame, box.size), box)
            words(surface, frame, number(value), box.inflate(-frame.u(10), -frame.u(6)), role="numbers",
                  color=frame.color("accent"), px=90)
            if i < len(values) - 1 and len(values) <= 2:
                words(surface, frame, frame.say("scene.or"), pygame.Rect(box.right, box.y, gap, box.height),
                      role="body", color=frame.color("muted"), px=50)

    def _handover(self, surface: pygame.Surface, frame: Frame, box: pygame.Rect, giver: int, receiver: int) -> None:
        half = box.width // 2 - frame.u(60)
        for team, rect in ((giver, pygame.Rect(box.x, box.y, half, box.height)),
                           (receiver, pygame.Rect(box.right - half, box.y, half, box.height))):
            color = widgets.legible(frame.team_color(team), frame)
            plate = paint.panel(rect.size, paint.rgb(paint.mix(color, (255, 255, 255), 0.06)), paint.rgb(color), None,
                                frame.u(16))
            surface.blit(plate, rect)
            ink = widgets.ink_on(color, frame)
            words(surface, frame, frame.state.teams[team].name, rect.inflate(-frame.u(30), -frame.u(14)), px=60,
                  color=ink, shadow=ink == frame.color("text"))
        mid = box.centerx
        y = box.centery
        arrow = [(mid - frame.u(40), y - frame.u(12)), (mid + frame.u(10), y - frame.u(12)),
                 (mid + frame.u(10), y - frame.u(30)), (mid + frame.u(46), y), (mid + frame.u(10), y + frame.u(30)),
                 (mid + frame.u(10), y + frame.u(12)), (mid - frame.u(40), y + frame.u(12))]
        pygame.draw.polygon(surface, frame.color("accent"), arrow)

    def _cat(self, surface: pygame.Surface, frame: Frame, center: tuple[int, int], r: int) -> None:
        """The cat in its sack (motion.artwork, drawn once a size), bobbing gently."""
        art = artwork.cat_in_sack(int(r * 3.0))
        bob = int(math.sin(frame.now * 3.2) * r * 0.05)
        surface.blit(art, art.get_rect(center=(center[0], center[1] + bob)))


class SponsorScene(SpecialScene):
    """«Вопрос от спонсора»: the card, the theme, the value and who answers."""

    name = "svoyak_sponsor"

    def perpetual(self, frame: Frame) -> bool:
        return True  # the gift bounces

    def draw_moving(self, surface: pygame.Surface, frame: Frame) -> None:
        p = play(frame)
        plate = spring_card(surface, frame, EventKind.QUESTION, 0.76, 620, 0.5)
        if plate is None:
            return
        inner = plate.inflate(-frame.u(80), -frame.u(60))
        art = artwork.gift(frame.u(330))
        lift = int(abs(math.sin(frame.now * 2.4)) * frame.u(10))
        surface.blit(art, art.get_rect(midleft=(inner.x, inner.centery - lift)))
        text = pygame.Rect(inner.x + art.get_width() + frame.u(40), inner.y, inner.right - inner.x - art.get_width()
                           - frame.u(40), inner.height)
        words(surface, frame, frame.say("scene.sponsor"), pygame.Rect(text.x, text.y, text.width, frame.u(170)),
              color=frame.color("accent"), px=100, upper=True)
        words(surface, frame, f"{frame.say('scene.theme')}: {svoyak(frame).theme_name(frame.state)}",
              pygame.Rect(text.x, text.y + frame.u(210), text.width, frame.u(100)), px=60)
        who = frame.state.teams[p.solo].name if p.solo is not None else ""
        words(surface, frame, f"{frame.say('scene.answers', name=who)} · {frame.say('scene.points', n=p.value)}",
              pygame.Rect(text.x, text.y + frame.u(350), text.width, frame.u(90)), role="body", px=52)
        chooser_strip(surface, frame)


class AuctionScene(SpecialScene):
    """«Вопрос-аукцион»: the bidding order with each bid, pass and «Ва-банк» as it happens. The rows, names
    and scores are a still layer; the turn's glow, each new status popping in and the score strip (its
    count-ups) move over it."""

    name = "svoyak_auction"

    def static_key(self, frame: Frame) -> Hashable:
        p = play(frame)
        return p.auction, p.value, p.cell, tuple((t.name, t.score) for t in frame.state.teams)

    def draw_static(self, surface: pygame.Surface, frame: Frame) -> None:
        frame.paint_background(surface)
        p, state = play(frame), frame.state
        w, _h = frame.size
        title = f"{frame.say('scene.auction')} · {svoyak(frame).theme_name(state)}"
        widgets.heading(surface, frame, title, y=30, height=80)
        words(surface, frame, frame.say("scene.nominal", n=p.value), pygame.Rect(0, frame.u(118), w, frame.u(60)),
              role="body", color=frame.color("muted"), px=44, shadow=False)
        for row, team in self._rows(frame):
            frame.give_way()
            self._row(surface, frame, row, team, p.auction)

    def draw_moving(self, surface: pygame.Surface, frame: Frame) -> None:
        auction = auction_of(frame)
        for row, team in self._rows(frame):
            if not auction.done and auction.current == team:
                paint.blit_glow_frame(surface, row, paint.rgb(frame.team_color(team)), frame.u(18), frame.u(4),
                                      give_way=frame.give_way)
            self._status(surface, frame, row, team, auction)
        widgets.score_strip(surface, frame, strip_rect(frame))  # moving: its scores count up after a verdict

    def _rows(self, frame: Frame) -> list[tuple[pygame.Rect, int]]:
        order = auction_of(frame).order
        w = frame.size[0]
        top = frame.u(230)  # under the «Аукцион!» splash's band (projector.SPLASH_CENTRE): it never covers a bidder
        row_h = min(frame.u(150), (strip_rect(frame).y - frame.u(40) - top) // max(1, len(order)))
        return [(pygame.Rect(int(w * 0.12), top + slot * row_h, int(w * 0.76), row_h - frame.u(18)), team)
                for slot, team in enumerate(order)]

    def _row(self, surface: pygame.Surface, frame: Frame, row: pygame.Rect, team: int, auction) -> None:
        out = team in auction.out
        leader = auction.leader == team
        color = frame.team_color(team)
        top = paint.mix(frame.color("panel_top"), frame.color("panel_dark"), 0.6 if out else 0.0)
        body = paint.panel(row.size, paint.rgb(top), paint.rgb(frame.color("panel_dark")),
                           paint.rgb(frame.color("accent") if leader else frame.color("panel_edge")), frame.u(18),
                           frame.u(4) if leader else frame.u(2))
        surface.blit(body, row)
        pygame.draw.rect(surface, color, pygame.Rect(row.x, row.y, frame.u(14), row.height),
                         border_top_left_radius=frame.u(18), border_bottom_left_radius=frame.u(18))
        text_color = frame.color("muted") if out else frame.color("text")
        name_box = pygame.Rect(row.x + frame.u(50), row.y, int(row.width * 0.42), row.height)
        words(surface, frame, frame.state.teams[team].name, name_box, color=text_color, px=64, anchor="midleft")
        score_box = pygame.Rect(row.x + int(row.width * 0.46), row.y, int(row.width * 0.16), row.height)
        words(surface, frame, number(frame.state.teams[team].score), score_box, role="numbers",
              color=frame.color("muted"), px=60, anchor="midleft")

    def _status(self, surface: pygame.Surface, frame: Frame, row: pygame.Rect, team: int, auction) -> None:
        """The team's word in the bidding (its bid, «пас», «ставка?»), popping in when it changes."""
        out = team in auction.out
        leader = auction.leader == team
        turn = not auction.done and auction.current == team
        status_box = pygame.Rect(row.right - int(row.width * 0.36), row.y, int(row.width * 0.36) - frame.u(30),
                                 row.height)
        if leader:
            key = "scene.all_in" if auction.all_in else "scene.bid"
            status, tone = frame.say(key, n=auction.bid), frame.color("accent")
        elif out:
            status, tone = frame.say("scene.pass"), frame.color("muted")
        elif turn:
            status, tone = frame.say("scene.to_bid"), frame.color("text")
        else:
            status, tone = "", frame.color("text")
        if status:
            grow = ease_out_back(min(1.0, frame.anim.age(("auction", team, status), frame.now) / 0.35))
            px = max(10, int(66 * grow))
            words(surface, frame, status, status_box, color=tone, px=px, anchor="midright")


# --- the final -------------------------------------------------------------------------------------------


def final_of(frame: Frame) -> Final:
    """The final being shown (the final's phases always have one)."""
    final = play(frame).final
    assert final is not None, f"phase {frame.state.phase} without a final"
    return final


def final_theme_name(frame: Frame) -> str:
    """The final's theme once one is left, else nothing."""
    fmt = svoyak(frame)
    index = fmt.final_theme(final_of(frame))
    return fmt.game.final_themes[index] if index is not None else ""


def auction_of(frame: Frame) -> Auction:
    auction = play(frame).auction
    assert auction is not None, f"phase {frame.state.phase} without an auction"
    return auction


def shootout_of(frame: Frame) -> Shootout:
    shootout = play(frame).shootout
    assert shootout is not None, f"phase {frame.state.phase} without a shoot-out"
    return shootout


class FinalThemesScene(Scene):
    """The five final themes; each removal is struck through as it happens; whose turn it is."""

    name = "svoyak_final_themes"
    STRIKE_S = 0.5

    def draw_moving(self, surface: pygame.Surface, frame: Frame) -> None:
        frame.paint_background(surface)
        final, fmt = final_of(frame), svoyak(frame)
        w = frame.size[0]
        widgets.heading(surface, frame, frame.say("scene.final"), y=30, height=80)
        names = fmt.game.final_themes
        top = frame.u(150)
        row_h = min(frame.u(130), (frame.u(820) - top) // max(1, len(names)))
        box = (int(w * 0.6) - frame.u(60), row_h - frame.u(34))
        px = min(frame.text.layout(n.upper(), "heading", box, frame.u(64), min_px=frame.u(18)).px for n in names)
        for i, name in enumerate(names):
            plate = pygame.Rect(0, 0, int(w * 0.6), row_h - frame.u(18))
            plate.midtop = (w // 2, top + i * row_h)
            removed = i in final.removed
            strike = 0.0
            if removed:
                strike = ease_out_cubic(min(1.0, frame.anim.age(("final_removed", i), frame.now) / self.STRIKE_S))
            body = cell_panel(frame, plate.size, played=removed and strike >= 1)
            surface.blit(body, plate)
            color = paint.mix(frame.color("text"), frame.color("panel_played"), 0.55 * strike)
            img = frame.text.fit(name.upper(), "heading", box, color, px, min_px=frame.u(18), shadow=not removed)
            rect = img.get_rect(center=plate.center)
            surface.blit(img, rect)
            if removed:
                x_end = rect.x - frame.u(20) + int((rect.width + frame.u(40)) * strike)
                pygame.draw.line(surface, frame.color("warning"), (rect.x - frame.u(20), plate.centery),
                                 (x_end, plate.centery), frame.u(8))
        remover = final.remover(len(names))
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
    """Who has staked — never how much."""

    name = "svoyak_final_stakes"

    def perpetual(self, frame: Frame) -> bool:
        final = final_of(frame)
        return any(final.stake(team) is None for team in final.order)  # the «thinking» dots

    def draw_moving(self, surface: pygame.Surface, frame: Frame) -> None:
        frame.paint_background(surface)
        final = final_of(frame)
        w = frame.size[0]
        theme = final_theme_name(frame)
        widgets.heading(surface, frame, f"{frame.say('scene.stakes')} · {theme}", y=30, height=80)
        count = len(final.order)
        gap = frame.u(40)
        card_w = min(frame.u(520), (w - frame.u(120) - gap * (count - 1)) // max(1, count))
        x0 = (w - (card_w * count + gap * (count - 1))) // 2
        for slot, team in enumerate(final.order):
            rect = pygame.Rect(x0 + slot * (card_w + gap), frame.u(230), card_w, frame.u(520))
            staked = final.stake(team) is not None
            card(surface, frame, rect, frame.color("good") if staked else None)
            pygame.draw.rect(surface, frame.team_color(team), pygame.Rect(rect.x, rect.y, rect.width, frame.u(16)),
                             border_top_left_radius=frame.u(28), border_top_right_radius=frame.u(28))
            name_box = pygame.Rect(rect.x + frame.u(20), rect.y + frame.u(50), rect.width - frame.u(40), frame.u(110))
            words(surface, frame, frame.state.teams[team].name, name_box, px=64)
            mark = (rect.centerx, rect.y + frame.u(300))
            if staked:
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
            pygame.draw.rect(surface, frame.team_color(team), pygame.Rect(row.x, row.y, frame.u(14), row.height),
                             border_top_left_radius=frame.u(18), border_bottom_left_radius=frame.u(18))
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
            if current:
                paint.blit_glow_frame(surface, row, paint.rgb(frame.team_color(team)), frame.u(18), frame.u(4),
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

    def _verdict(self, surface: pygame.Surface, frame: Frame, row: pygame.Rect, team: int, final) -> None:
        """«Верно» or «Неверно» popping in, and the stake won or lost."""
        verdict = final.verdict(team)
        if verdict is None:
            return
        pill = pygame.Rect(row.x + int(row.width * 0.4), row.y + row.height // 5, int(row.width * 0.2),
                           row.height * 3 // 5)
        grow = ease_out_back(min(1.0, frame.anim.age(("verdict", team), frame.now) / 0.4))
        tone = frame.color("good") if verdict else frame.color("bad")
        pill_tone = widgets.legible(tone, frame)
        body = paint.panel(pill.size, paint.rgb(paint.mix(pill_tone, (255, 255, 255), 0.06)),
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


class WinnerScene(Scene):
    """The winner card: the name in their colour, the score, a slow glow."""

    name = "svoyak_winner"

    def perpetual(self, frame: Frame) -> bool:
        return True  # the slow glow

    def draw_moving(self, surface: pygame.Surface, frame: Frame) -> None:
        state = frame.state
        found = svoyak(frame).winner(state)  # the format decides; the scene only shows it
        if not found:
            return
        winner = found[0]
        plate = spring_card(surface, frame, EventKind.WINNER, 0.72, 520, 0.7)
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
        words(surface, frame, number(state.teams[winner].score),
              pygame.Rect(plate.x, plate.y + frame.u(360), plate.width, frame.u(120)), role="numbers",
              color=frame.color("accent"), px=110)
        widgets.score_strip(surface, frame, strip_rect(frame))


BOARD = BoardScene()
QUESTION = SvoyakQuestionScene()

SCENES: dict[str, Scene] = {scene.name: scene for scene in (
    RoundIntroScene(), BOARD, QUESTION, CatScene(), SponsorScene(), AuctionScene(),
    FinalThemesScene(), FinalStakesScene(), FinalRevealScene(), ShootoutScene(), WinnerScene())}

P = SvoyakPhase
PHASES = {  # each phase's scene, by the scene's name
    P.ROUND: "svoyak_round", P.BOARD: "svoyak_board", P.CAT: "svoyak_cat", P.CAT_VALUE: "svoyak_cat",
    P.SPONSOR: "svoyak_sponsor", P.AUCTION: "svoyak_auction", P.QUESTION: "svoyak_question",
    P.ANSWERING: "svoyak_question", P.REVEAL: "svoyak_question", P.FINAL_THEMES: "svoyak_final_themes",
    P.FINAL_STAKES: "svoyak_final_stakes", P.FINAL_QUESTION: "svoyak_question",
    P.FINAL_REVEAL: "svoyak_final_reveal", P.FINAL_ANSWER: "svoyak_final_reveal", P.SHOOTOUT: "svoyak_shootout",
    P.END: "svoyak_winner", P.TITLE: "title",
}


def choices(fmt: Format, state: ShowState, at: float) -> list[c.Command]:
    """On the board, opening each special cell still in play (a cat, an auction, a sponsor's question): its
    card is a picture of its own, rehearsed in idle time (Projector.ahead); a regular cell's question text
    is warmed by the board itself."""
    if state.phase != SvoyakPhase.BOARD:
        return []
    game, p = SPEC.format_of(fmt).game, SPEC.state_of(state)
    if p.round >= len(game.rounds):
        return []
    rnd = game.rounds[p.round]
    return [sc.SelectCell(at=at, theme=cell[0], question=cell[1]) for cell in sorted(rnd.cells - p.played)
            if rnd.question(cell).type != "regular"]


def splash(old: ShowState, new: ShowState) -> str | None:
    """The splash word for a change of the game: the auction, the end of a round."""
    if new.phase == SvoyakPhase.AUCTION and old.phase != SvoyakPhase.AUCTION:
        return "scene.auction_splash"
    before, after = SPEC.state_of(old), SPEC.state_of(new)
    if old.phase in (SvoyakPhase.BOARD, SvoyakPhase.QUESTION, SvoyakPhase.ANSWERING, SvoyakPhase.REVEAL) and (
            after.round != before.round or new.phase == SvoyakPhase.FINAL_THEMES):
        return "scene.round_over"
    return None
