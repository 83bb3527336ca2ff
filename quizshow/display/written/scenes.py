"""The written quiz's scenes besides the table: the question (with its handout), the minute, «Сдаём
ответы!», the answer with its comment, and the podium."""

from __future__ import annotations

from collections.abc import Hashable
from pathlib import Path

import pygame

from quizshow.core.effects import EventKind
from quizshow.display import paint
from quizshow.display.scenes import widgets
from quizshow.display.scenes.base import Frame, Scene
from quizshow.display.scenes.cards import _image, picture_plate
from quizshow.display.tween import WORDS_AT, ease_out_back, pulse
from quizshow.display.written.results import MEDAL_COLORS, MIN_PX, text_in, written, written_state
from quizshow.formats.written.model import Phase
from quizshow.packs.model import Question


def heading_text(frame: Frame) -> str:
    fmt, w = written(frame.fmt), written_state(frame.state)
    if fmt.is_extra(w.number):
        return frame.say("scene.written_extra_question", n=w.number - len(fmt.main) + 1)
    tour, index, question = fmt.main[w.number]
    if tour is None:  # a warm-up, by its own name: «Разминка · Вопрос 0», never a tour's
        name = fmt.warmups.get(w.number) or frame.say("scene.written_warmup")
        return frame.say("scene.written_warmup_question", name=name, n=question.number or index + 1)
    # A .4s pack numbers its questions itself (1…36 on through the tours, «№ 7»): the screen says the pack's.
    return frame.say("scene.written_question", t=tour + 1, n=question.number or index + 1)


def minutes(seconds: float) -> str:
    s = int(seconds + 0.999)
    return f"{s // 60}:{s % 60:02d}"


class WrittenQuestionScene(Scene):
    """The question on its card (the handout picture beside it), the clock while the minute and the
    hand-in run, «Сдаём ответы!», each extra minute's own small clock, then the answer and comment."""

    name = "written_question"

    def key(self, frame: Frame) -> Hashable:
        return self.name, written_state(frame.state).number

    def static_key(self, frame: Frame) -> Hashable:
        state = frame.state
        return written_state(state).number, state.phase

    def _card(self, frame: Frame) -> pygame.Rect:
        w, h = frame.size
        clock = state_has_clock(frame)
        right = w - frame.u(60) - (frame.u(330) if clock else 0)
        return pygame.Rect(frame.u(60), frame.u(150), right - frame.u(60), h - frame.u(150) - frame.u(160))

    def draw_static(self, surface: pygame.Surface, frame: Frame) -> None:
        state, fmt = frame.state, written(frame.fmt)
        frame.paint_background(surface)
        widgets.heading(surface, frame, heading_text(frame))
        question = fmt.current(state)
        author = fmt.author_of(written_state(state).number)
        if author is not None:
            text_in(surface, frame, frame.say("scene.written_author", name=state.teams[author].name), "body",
                    pygame.Rect(frame.u(120), frame.u(96), frame.size[0] - frame.u(240), frame.u(44)),
                    frame.color("muted"), 30)
        card = self._card(frame)
        body = paint.panel(card.size, paint.rgb(frame.color("panel_top")), paint.rgb(frame.color("panel")),
                           paint.rgb(frame.color("panel_edge")), frame.u(24), frame.u(3))
        paint.blit(surface, body, card, give_way=frame.give_way)
        if question is None:
            return
        inner = card.inflate(-frame.u(70), -frame.u(50))
        answer = state.phase == Phase.ANSWER
        notes = ""
        if answer:
            notes, inner.height = self._answer_room(frame, question, card, inner)
        text_box = inner
        pictures = handout_pictures(question, answer)
        handout = None if answer else question.handout
        if pictures or handout:
            # The handout column: the handout's text and pictures beside the question (all of the card when
            # the question has no text; two thirds for chgksuite's `big`).
            share = 20 if not question.q else 13 if question.big_image else 9
            text_box = pygame.Rect(inner.x, inner.y, inner.width * (20 - share) // 20, inner.height)
            gap = frame.u(30) if question.q else 0
            column = pygame.Rect(text_box.right + gap, inner.y, inner.right - text_box.right - gap, inner.height)
            self._handout(surface, frame, column, handout, pictures)
        if question.q or not (pictures or handout):
            shown = question.q or frame.say("scene.host_question")
            px = 50 if answer else 68
            img = frame.text.fit(shown, "heading", text_box.size,
                                 frame.color("muted") if answer else frame.color("text"), frame.u(px),
                                 min_px=frame.u(26), shadow=not answer)
            surface.blit(img, img.get_rect(center=text_box.center))
        if answer:
            plate = pygame.Rect(card.x + frame.u(35), inner.bottom + frame.u(24), card.width - frame.u(70),
                                self._plate_height(frame, question, card))
            widgets.answer_plate(surface, frame, question.a, plate)
            if notes:
                box = pygame.Rect(plate.x + frame.u(10), plate.bottom + frame.u(20), plate.width - frame.u(20),
                                  card.bottom - plate.bottom - frame.u(40))
                img = frame.text.fit(notes, "body", box.size, frame.color("text"), frame.u(40),
                                     min_px=frame.u(MIN_PX), align="left")
                surface.blit(img, box.topleft)

    @staticmethod
    def _plate_height(frame: Frame, question: Question, card: pygame.Rect) -> int:
        """The answer's plate: its usual band, taller for a long answer or a list (as the shared cards')."""
        return max(frame.u(120), widgets.answer_height(frame.text, question.a, card.width - frame.u(70), frame.u))

    @staticmethod
    def _answer_room(frame: Frame, question: Question, card: pygame.Rect, inner: pygame.Rect) -> tuple[str, int]:
        """The words under the answer and the height the question keeps above it: 42 % of the card, less (down
        to 18 %) when «Зачёт», «Незачёт» and the comment need the room; answers one a line, or one after another
        where that is what lets them fit."""
        plate = WrittenQuestionScene._plate_height(frame, question, card)
        below = card.bottom - inner.y - frame.u(24) - plate - frame.u(20) - frame.u(40)  # the plate, the gaps
        width = card.width - frame.u(90)
        notes = answer_notes(frame, question)
        if not notes:
            return notes, int(inner.height * 0.42)
        for text in (notes, answer_notes(frame, question, compact=True)):
            need = frame.text.layout(text, "body", (width, 10**5), frame.u(32)).height + frame.u(10)
            height = max(int(inner.height * 0.18), min(int(inner.height * 0.42), below - need))
            if not frame.text.layout(text, "body", (width, below - height), frame.u(40), frame.u(MIN_PX)).cut:
                return text, height
        return notes, int(inner.height * 0.18)

    def _handout(self, surface: pygame.Surface, frame: Frame, column: pygame.Rect, handout: str | None,
                 pictures: tuple[Path, ...]) -> None:
        """The handout's text on a light sheet of its own (the top 40% when there are pictures too), then
        the pictures: one fills the rest, two side by side or one above the other (whichever is larger),
        three or four in a 2 × 2 grid."""
        rest = column
        if handout:
            sheet = column if not pictures else pygame.Rect(column.x, column.y, column.width, column.height * 2 // 5)
            paint.blit(surface, paint.panel(sheet.size, paint.rgb(frame.color("text")),
                                            paint.rgb(frame.color("text")), None, frame.u(16)), sheet,
                       give_way=frame.give_way)
            img = frame.text.fit(handout, "body", sheet.inflate(-frame.u(40), -frame.u(30)).size,
                                 frame.color("panel_dark"), frame.u(48), min_px=frame.u(MIN_PX))
            surface.blit(img, img.get_rect(center=sheet.center))
            rest = pygame.Rect(column.x, sheet.bottom + frame.u(20), column.width,
                               column.bottom - sheet.bottom - frame.u(20))
        for cell, path in zip(picture_cells(rest, len(pictures), frame.u(20)), pictures, strict=False):
            image = _image(path, cell.size)
            if image is not None:
                surface.blit(image, image.get_rect(center=cell.center))
            else:  # a picture the pack names but does not have, or one that failed: its place is marked
                picture_plate(surface, frame, cell, path)

    def draw_moving(self, surface: pygame.Surface, frame: Frame) -> None:
        state = frame.state
        w, h = frame.size
        if state_has_clock(frame):
            center = (w - frame.u(60) - frame.u(150), frame.u(150) + frame.u(160))
            widgets.clock(surface, frame, center, frame.u(140))
            if state.phase == Phase.HAND_IN and not state.timer.expired:
                self._hand_in(surface, frame, (center[0], center[1] + frame.u(250)))
        self._extras(surface, frame, pygame.Rect(frame.u(60), h - frame.u(140), w - frame.u(120), frame.u(100)))

    def _hand_in(self, surface: pygame.Surface, frame: Frame, center: tuple[int, int]) -> None:
        grow = ease_out_back(min(1.0, frame.anim.since(EventKind.TIMER_START, frame.now) / 0.4))
        plate = pygame.Rect(0, 0, frame.u(300), frame.u(150))
        plate.center = center
        color = paint.mix(frame.color("accent"), frame.color("text"), 0.25 * pulse(frame.now * 2, 1.0))
        body = paint.scaled(paint.panel(plate.size, paint.rgb(color), paint.rgb(color), None, frame.u(18)),
                            max(0.05, grow))
        surface.blit(body, body.get_rect(center=center))
        if grow > WORDS_AT:
            room = plate.inflate(-frame.u(24), -frame.u(20)).size
            img = frame.text.fit(frame.say("banner.hand_in").upper(), "heading", room, frame.color("panel_dark"),
                                 frame.u(56))
            surface.blit(img, img.get_rect(center=center))

    def _extras(self, surface: pygame.Surface, frame: Frame, strip: pygame.Rect) -> None:
        """Each team on its extra minute: its own small clock, for that team only."""
        w_state = written_state(frame.state)
        running = [m for m in w_state.extra_minutes if m.number == w_state.number and not m.timer.expired]
        if not running or frame.state.phase not in (Phase.MINUTE, Phase.HAND_IN, Phase.QUESTION):
            return
        hand_in = float(written(frame.fmt).rules["hand_in_s"])
        card_w = min(frame.u(560), strip.width // len(running) - frame.u(20))
        for i, m in enumerate(running):
            card = pygame.Rect(strip.x + i * (card_w + frame.u(20)), strip.y, card_w, strip.height)
            dark = frame.color("panel_dark")
            surface.blit(paint.panel(card.size, paint.rgb(paint.mix(dark, frame.color("panel"), 0.4)), paint.rgb(dark),
                                     paint.rgb(frame.color("accent")), frame.u(14), max(1, frame.u(2))), card)
            left = m.timer.remaining(frame.now)
            if left > hand_in:
                label, clock = frame.say("scene.written_extra_minute"), minutes(left - hand_in)
            else:
                label, clock = frame.say("banner.hand_in"), minutes(left)
            name = frame.state.teams[m.team].name
            half = card.width - frame.u(170)
            text_in(surface, frame, name, "heading", pygame.Rect(card.x + frame.u(20), card.y + frame.u(6), half,
                                                                 frame.u(50)), frame.color("text"), 34, align="left")
            text_in(surface, frame, label, "body", pygame.Rect(card.x + frame.u(20), card.y + frame.u(54), half,
                                                               frame.u(36)), frame.color("muted"), 26, align="left")
            text_in(surface, frame, clock, "numbers", pygame.Rect(card.right - frame.u(160), card.y, frame.u(140),
                                                                  card.height), frame.color("accent"), 64,
                    align="right")


def answer_notes(frame: Frame, question: Question, compact: bool = False) -> str:
    """What the answer card says under the answer, as chgksuite's answer slide does: «Зачёт: …» (every accepted
    answer), «Незачёт: …», «Комментарий: …» (a comment alone under the answer needs no label); one answer a
    line as on the slide (`compact`: one after another)."""
    joiner = "; " if compact else "\n"
    lines = []
    if question.accept:
        lines.append(frame.say("scene.written_accept", text=joiner.join(question.accept)))
    if question.reject:
        lines.append(frame.say("scene.written_reject", text=joiner.join(question.reject)))
    if question.comment:
        lines.append(frame.say("scene.written_comment", text=question.comment) if lines else question.comment)
    return "\n".join(lines)


def handout_pictures(question: Question, answer: bool) -> tuple[Path, ...]:
    """The pictures beside the text: the answer's own once it is shown (chgksuite's answer slide), else
    every picture of the question."""
    if answer and question.answer_image is not None:
        return (question.answer_image,)
    return question.images or ((question.image,) if question.image is not None else ())


def picture_cells(box: pygame.Rect, count: int, gap: int) -> list[pygame.Rect]:
    """Where `count` pictures go in `box`: one fills it; two side by side in a wide box, else one above the
    other; three or four in a 2 × 2 grid."""
    if count <= 1:
        return [box] if count else []
    if count == 2:
        if box.width >= box.height:
            half = (box.width - gap) // 2
            return [pygame.Rect(box.x, box.y, half, box.height), pygame.Rect(box.right - half, box.y, half, box.height)]
        half = (box.height - gap) // 2
        return [pygame.Rect(box.x, box.y, box.width, half), pygame.Rect(box.x, box.bottom - half, box.width, half)]
    w, h = (box.width - gap) // 2, (box.height - gap) // 2
    return [pygame.Rect(box.x + (i % 2) * (w + gap), box.y + (i // 2) * (h + gap), w, h) for i in range(count)]


def state_has_clock(frame: Frame) -> bool:
    return frame.state.phase in (Phase.QUESTION, Phase.MINUTE, Phase.HAND_IN)


class PodiumScene(Scene):
    """The podium: first place in the middle, second on the left, third on the right; a shared place
    shows every team of its block."""

    name = "written_podium"

    def static_key(self, frame: Frame) -> Hashable:
        return tuple(written(frame.fmt).lines(frame.state))

    def draw_static(self, surface: pygame.Surface, frame: Frame) -> None:
        frame.paint_background(surface)
        widgets.heading(surface, frame, frame.say("scene.written_podium"))

    def draw_moving(self, surface: pygame.Surface, frame: Frame) -> None:
        lines = written(frame.fmt).lines(frame.state)
        w, h = frame.size
        by_place: dict[int, list[str]] = {}
        for line in lines:
            if line.place[0] <= 3:
                by_place.setdefault(line.place[0], []).append(line.name)
        age = frame.anim.age(("written_podium",), frame.now)
        heights = {1: frame.u(420), 2: frame.u(310), 3: frame.u(230)}
        slots = {2: 0, 1: 1, 3: 2}
        width = (w - frame.u(240)) // 3
        for place, names in by_place.items():
            slot = slots.get(place, 2)
            grow = ease_out_back(max(0.0, min(1.0, (age - 0.3 * (3 - place)) / 0.6)))
            if grow <= 0:
                continue
            height = max(1, int(heights[place] * grow))
            x = frame.u(120) + slot * width
            block = pygame.Rect(x + frame.u(16), h - frame.u(60) - height, width - frame.u(32), height)
            medal = frame.color(MEDAL_COLORS[place - 1])
            shadow = paint.mix(medal, frame.color("written_medal_shadow"), 0.45)
            surface.blit(paint.panel(block.size, paint.rgb(medal), paint.rgb(shadow), None, frame.u(18)), block)
            text_in(surface, frame, str(place), "numbers", pygame.Rect(block.x, block.y + frame.u(10), block.width,
                                                                       frame.u(140)), frame.color("panel_dark"), 130)
            total = next(line.total for line in lines if line.place[0] == place)
            text_in(surface, frame, frame.say("scene.points", n=total), "heading",
                    pygame.Rect(block.x, block.y + frame.u(150), block.width, frame.u(50)), frame.color("panel_dark"),
                    40)
            names_box = pygame.Rect(block.x, block.y - frame.u(220), block.width, frame.u(200))
            shown = names if len(names) <= 4 else [*names[:3], frame.say("scene.written_and_more", n=len(names) - 3)]
            img = frame.text.fit("\n".join(shown), "heading", names_box.size, frame.color("text"), frame.u(64),
                                 min_px=frame.u(MIN_PX), shadow=True)
            surface.blit(img, img.get_rect(midbottom=names_box.midbottom))
