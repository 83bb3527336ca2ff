"""«Своя игра»'s special questions before their card: the cat in the bag (who gets it, for how much), the
sponsor's question and the auction's bidding."""

from __future__ import annotations

import math
from collections.abc import Hashable

import pygame

from quizshow.core.effects import EventKind
from quizshow.display import paint
from quizshow.display.motion import artwork
from quizshow.display.scenes import widgets
from quizshow.display.scenes.base import Frame, Scene
from quizshow.display.scenes.plates import SpringCardScene
from quizshow.display.svoyak.common import (
    auction_of,
    cell_panel,
    chooser_strip,
    play,
    spring_card,
    strip_rect,
    svoyak,
    theme_shown,
    words,
)
from quizshow.display.tween import ease_out_back
from quizshow.formats.svoyak.model import Auction
from quizshow.i18n import number


class SpecialScene(Scene):
    """A special question's own picture, one per board cell."""

    def key(self, frame: Frame) -> Hashable:
        return self.name, play(frame).cell


class CatScene(SpringCardScene, SpecialScene):
    """«Кот в мешке»: the card springs in; then who gives it to whom, the theme and the value choice."""

    name = "svoyak_cat"
    card = (EventKind.QUESTION, 0.8, 700, 0.6)

    def perpetual(self, frame: Frame) -> bool:
        return True  # the cat bobs in its sack

    def draw_moving(self, surface: pygame.Surface, frame: Frame) -> None:
        p = play(frame)
        plate = spring_card(surface, frame, *self.card)
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
            plate = paint.panel(rect.size, paint.rgb(paint.mix(color, paint.WHITE, 0.06)), paint.rgb(color), None,
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
        art = artwork.cat_in_sack(int(r * 3.0), artwork.colors(frame.color, artwork.CAT_COLORS))
        bob = int(math.sin(frame.now * 3.2) * r * 0.05)
        surface.blit(art, art.get_rect(center=(center[0], center[1] + bob)))


class SponsorScene(SpringCardScene, SpecialScene):
    """«Вопрос от спонсора»: the card, the theme, the value and who answers."""

    name = "svoyak_sponsor"
    card = (EventKind.QUESTION, 0.76, 620, 0.5)

    def perpetual(self, frame: Frame) -> bool:
        return True  # the gift bounces

    def draw_moving(self, surface: pygame.Surface, frame: Frame) -> None:
        p = play(frame)
        plate = spring_card(surface, frame, *self.card)
        if plate is None:
            return
        inner = plate.inflate(-frame.u(80), -frame.u(60))
        art = artwork.gift(frame.u(330), artwork.colors(frame.color, artwork.GIFT_COLORS))
        lift = int(abs(math.sin(frame.now * 2.4)) * frame.u(10))
        surface.blit(art, art.get_rect(midleft=(inner.x, inner.centery - lift)))
        text = pygame.Rect(inner.x + art.get_width() + frame.u(40), inner.y, inner.right - inner.x - art.get_width()
                           - frame.u(40), inner.height)
        words(surface, frame, frame.say("scene.sponsor"), pygame.Rect(text.x, text.y, text.width, frame.u(170)),
              color=frame.color("accent"), px=100, upper=True)
        words(surface, frame, f"{frame.say('scene.theme')}: {svoyak(frame).theme_name(frame.state)}",
              pygame.Rect(text.x, text.y + frame.u(210), text.width, frame.u(100)), px=60)
        solo = frame.state.teams[p.solo] if p.solo is not None else None
        # «Отвечает Вера», «Отвечает команда «Горцы»» (never «Отвечает Горцы»: a plural name with the verb)
        who = frame.say("scene.team_answers" if solo and solo.players else "scene.answers",
                        name=solo.name if solo else "")
        words(surface, frame, f"{who} · {frame.say('scene.points', n=p.value)}",
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
            self._row(surface, frame, row, team, auction_of(frame))

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

    def _row(self, surface: pygame.Surface, frame: Frame, row: pygame.Rect, team: int, auction: Auction) -> None:
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

    def _status(self, surface: pygame.Surface, frame: Frame, row: pygame.Rect, team: int, auction: Auction) -> None:
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
