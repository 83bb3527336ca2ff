"""The scenes every format reuses: title card, scores, blank screen, question card."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from pathlib import Path
from weakref import WeakKeyDictionary

import pygame

from quizshow.core.format import Position
from quizshow.core.state import ShowState
from quizshow.display import paint, pictures
from quizshow.display.motion import artwork
from quizshow.display.scenes import widgets
from quizshow.display.scenes.base import Frame, Piece, Scene
from quizshow.display.surfaces import MB, SurfaceLRU, bounded
from quizshow.display.text import TextCache
from quizshow.display.tween import ease_out_cubic
from quizshow.i18n import number
from quizshow.packs.model import Question


class BlankScene(Scene):
    name = "blank"

    def draw_moving(self, surface: pygame.Surface, frame: Frame) -> None:
        surface.fill((0, 0, 0))


class TitleScene(Scene):
    name = "title"

    def static_key(self, frame: Frame) -> Hashable:
        return self.name  # the title card never changes; only the score strip moves

    def draw_moving(self, surface: pygame.Surface, frame: Frame) -> None:
        w, h = frame.size
        widgets.score_strip(surface, frame, pygame.Rect(frame.u(60), h - frame.u(150), w - frame.u(120), frame.u(110)),
                            teams=self.strip_teams(frame))

    def strip_teams(self, frame: Frame) -> list[int] | None:
        """The teams in the title's score strip (None: all)."""
        return None

    def draw_static(self, surface: pygame.Surface, frame: Frame) -> None:
        frame.paint_background(surface)
        w, h = frame.size
        plate = pygame.Rect(0, 0, int(w * 0.78), int(h * 0.36))
        plate.center = (w // 2, int(h * 0.46))
        body = paint.panel(plate.size, paint.rgb(frame.color("panel_top")), paint.rgb(frame.color("panel_dark")),
                           paint.rgb(frame.color("panel_edge")), frame.u(28), frame.u(3))
        surface.blit(body, plate)
        line_y = plate.bottom - frame.u(26)
        pygame.draw.line(surface, frame.color("accent"), (plate.x + frame.u(60), line_y),
                         (plate.right - frame.u(60), line_y), frame.u(4))
        title = frame.text.fit(frame.title, "heading", (plate.width - frame.u(120), plate.height - frame.u(90)),
                               frame.color("accent"), frame.u(130), shadow=True)
        surface.blit(title, title.get_rect(center=(plate.centerx, plate.centery - frame.u(10))))
        pack = frame.fmt.setup.pack
        if pack is not None:
            sub = frame.text.fit(pack.title, "body", (int(w * 0.7), frame.u(60)), frame.color("muted"), frame.u(44))
            surface.blit(sub, sub.get_rect(midtop=(w // 2, plate.bottom + frame.u(40))))


def standing_places(state: ShowState) -> tuple[dict[int, int], set[int]]:
    """Each team's place (equal scores share one: 1, 1, 3) and the leaders to be shown in gold — none while
    everyone is level (three zeros at the start: nobody leads)."""
    scores = [t.score for t in state.teams]
    places = {i: 1 + sum(other > score for other in scores) for i, score in enumerate(scores)}
    leaders = set(state.leaders()) if scores else set()
    return places, leaders if len(leaders) < len(scores) else set()


class ScoresScene(Scene):
    """Every team, best first; scores count up; the leader (or the winner) in gold."""

    name = "scores"

    def key(self, frame: Frame) -> Hashable:
        return self.name, frame.flags.game_over

    def draw_moving(self, surface: pygame.Surface, frame: Frame) -> None:
        frame.paint_background(surface)
        state = frame.state
        final = frame.flags.game_over  # the winner is named
        leaders = set(state.leaders())
        title = frame.say("scene.final_scores")
        places, gold = standing_places(state)
        if final:
            names = ", ".join(state.teams[i].name for i in sorted(leaders))
            title = f"{frame.say('scene.winner' if len(leaders) == 1 else 'scene.winners')}: {names}"
        widgets.heading(surface, frame, title if final else frame.say("scene.scores"), y=40, height=90)
        w, h = frame.size
        order = sorted(range(len(state.teams)), key=lambda i: (-state.teams[i].score, i))
        row_h = min(frame.u(130), (h - frame.u(240)) // max(1, len(order)))
        top = max(frame.u(170), (h - row_h * len(order)) // 2 + frame.u(40))
        gap = max(frame.u(8), row_h // 8)
        for rank, team_no in enumerate(order):
            team = state.teams[team_no]
            row = pygame.Rect(int(w * 0.14), top + rank * row_h, int(w * 0.72), row_h - gap)
            lead = team_no in (leaders if final else gold)  # the winner(s); during the game only a real leader
            edge = frame.color("accent") if lead else frame.color("panel_edge")
            body = paint.panel(row.size, paint.rgb(frame.color("panel_top")), paint.rgb(frame.color("panel")),
                               paint.rgb(edge), frame.u(16), frame.u(4) if lead else frame.u(2))
            surface.blit(body, row)
            widgets.left_stripe(surface, frame.team_color(team_no), row, frame.u(14), frame.u(16))
            place = frame.text.fit(str(places[team_no]), "numbers", (frame.u(80), row.height - frame.u(12)),
                                   frame.color("muted"), frame.u(70), wrap=False)
            surface.blit(place, place.get_rect(center=(row.x + frame.u(70), row.centery)))
            score = frame.anim.score(team_no, team.score, frame.now)
            color = frame.color("negative") if score < 0 else frame.color("accent")
            digits = frame.text.fit(number(score), "numbers", (frame.u(260), row.height - frame.u(12)), color,
                                    frame.u(96), shadow=True, wrap=False)
            surface.blit(digits, digits.get_rect(midright=(row.right - frame.u(40), row.centery)))
            name_w = row.width - frame.u(120) - digits.get_width() - frame.u(80)
            name = frame.text.fit(team.name, "heading", (name_w, row.height - frame.u(20)), frame.color("text"),
                                  frame.u(60), shadow=True)
            surface.blit(name, name.get_rect(midleft=(row.x + frame.u(120), row.centery)))


_OWN_SIZE: dict[Path, tuple[int, int] | None] = {}  # each picture's own size once loaded (None: unreadable)


def _image(path: Path, box: tuple[int, int]) -> pygame.Surface | None:
    """The question's picture scaled into its box: kept once per size it is shown at (the question's box
    and the revealed card's differ, the picture often does not: one picture, not two of the same), loaded
    and scaled once for each. None when it cannot be shown (display/pictures.py told why): a plate instead."""
    if path in _OWN_SIZE:
        own = _OWN_SIZE[path]
        return None if own is None else _shown(path, paint.fit_size(own, box))
    try:
        picture = pictures.load(path)
        size = paint.fit_size(picture.get_size(), box)
        _shown.cache.make_room(_shown_bytes(path, size))  # those it displaces go before it is scaled
        fitted = pygame.transform.smoothscale(picture, size)
    except Exception as why:  # noqa: BLE001 - whatever one picture does, the card still goes up
        pictures.failed(path, why)
        _OWN_SIZE[path] = None  # the plate is drawn instead (not tried again)
        return None
    _OWN_SIZE[path] = picture.get_size()
    return _shown.cache.put((path, size), fitted)


def _shown_bytes(path: Path, size: tuple[int, int]) -> int:
    return size[0] * size[1] * 4


@bounded(24 * MB, _shown_bytes)
def _shown(path: Path, size: tuple[int, int]) -> pygame.Surface | None:
    """A picture loaded and scaled to `size`."""
    return pictures.scaled(path, size)


def picture_plate(surface: pygame.Surface, frame: Frame, box: pygame.Rect, path: Path | None) -> None:
    """What stands where a picture cannot be shown: a dark plate with a picture's outline and a short note,
    «Нет изображения» for a file the pack lacks, «Картинка не открылась» for one that failed."""
    failed = path is not None and pictures.why_not(path) is not None and path.exists()
    label = frame.say("scene.picture_failed" if failed else "scene.no_image")
    pygame.draw.rect(surface, frame.color("panel_dark"), box, border_radius=frame.u(16))
    pygame.draw.rect(surface, frame.color("panel_edge"), box, max(1, frame.u(2)), border_radius=frame.u(16))
    mark = frame.text.fit(label, "heading", (box.width - frame.u(40), box.height // 4), frame.color("muted"),
                          frame.u(56))
    side = min(box.width * 2 // 5, box.height * 2 // 5)
    icon = pygame.Rect(0, 0, side, side * 3 // 4)
    gap = frame.u(24)
    icon.midtop = (box.centerx, box.centery - (icon.height + gap + mark.get_height()) // 2)
    if icon.height > frame.u(24):  # a picture's outline: a frame, a hill and a sun, in the note's colour
        line = max(1, frame.u(4))
        muted = frame.color("muted")
        pygame.draw.rect(surface, muted, icon, line, border_radius=frame.u(8))
        inner = icon.inflate(-line * 4, -line * 4)
        pygame.draw.lines(surface, muted, False, [(inner.x, inner.bottom), (inner.x + inner.width * 2 // 5,
                          inner.y + inner.height * 2 // 5), (inner.x + inner.width * 3 // 5, inner.y + inner.height
                          * 3 // 5), (inner.x + inner.width * 3 // 4, inner.y + inner.height // 2),
                          (inner.right, inner.bottom)], line)
        pygame.draw.circle(surface, muted, (inner.x + inner.width * 3 // 4, inner.y + inner.height // 4),
                           max(2, inner.height // 8), line)
        surface.blit(mark, mark.get_rect(midtop=(box.centerx, icon.bottom + gap)))
    else:
        surface.blit(mark, mark.get_rect(center=box.center))


def card_media(question: Question, revealed: bool) -> tuple[Path | None, Path | None]:
    """(picture, video) on the card: the answer's own once revealed, else the question's. The still layer
    draws a video's placeholder plate; the playing frames are blitted over it (display/video.py)."""
    if revealed and (question.answer_image is not None or question.answer_video is not None):
        return question.answer_image, question.answer_video
    return question.image, question.video


def card_sound(question: Question, revealed: bool) -> Path | None:
    """The sound the card stands for: the answer's own once revealed, else the question's."""
    if revealed and question.answer_audio is not None:
        return question.answer_audio
    return question.audio


def card_extra(question: Question, revealed: bool) -> str | None:
    """What the card's media box shows when there is no picture or video: "sound" (a speaker and its
    waveform) or "web" (content from the web the show does not fetch, named on a plate); None: nothing."""
    if card_sound(question, revealed) is not None:
        return "sound"
    return "web" if getattr(question, "web", ()) else None


@dataclass(frozen=True)
class _QuestionLayout:
    card: pygame.Rect
    strip: pygame.Rect
    clock_center: tuple[int, int]
    clock_r: int
    answer: pygame.Rect | None
    who: pygame.Rect


class QuestionScene(Scene):
    """The question fitted to the screen (and its image), the clock, who answers, then the answer.

    Still layer: background, heading, card with its frames, question, picture, answer; the same whoever
    answers (composed ahead of a press, which team's cannot be foreseen). Moving: who answers, the clock, the
    score strip (count-up, flashes) and the banner."""

    name = "question"

    def __init__(self) -> None:
        # (question, size) whose content is made, by the text cache it was made in (a new projector warms
        # its own)
        self._warmed: WeakKeyDictionary[TextCache, set[tuple[object, tuple[int, int]]]] = WeakKeyDictionary()

    def key(self, frame: Frame) -> Hashable:
        return self.name, frame.state.round, frame.state.question

    def static_key(self, frame: Frame) -> Hashable:
        state = frame.state
        return state.round, state.question, state.phase, state.answering is not None, self._buzzers_open(frame)

    @staticmethod
    def _buzzers_open(frame: Frame) -> bool:
        """Nobody answers yet and a press would count (the phase's flag), while the clock runs."""
        state = frame.state
        return frame.fmt.setup.flags(state.phase).buzzers_live and state.answering is None and state.timer.running

    @staticmethod
    def _question(frame: Frame) -> Question | None:
        return frame.fmt.current(frame.state)

    @staticmethod
    def revealed(frame: Frame) -> bool:
        """The answer is on the card (the phase's flags: the answer shown, or the game decided)."""
        flags = frame.flags
        return flags.answer_shown or flags.game_over

    def heading_text(self, frame: Frame) -> str:
        fmt, state = frame.fmt, frame.state
        value = fmt.value(state)
        head = frame.say("scene.question_no", n=(state.question or 0) + 1)
        return f"{head} · {frame.say('scene.points', n=value)}" if value else head

    @staticmethod
    def _layout_strip(frame: Frame) -> pygame.Rect:
        w, h = frame.size
        return pygame.Rect(frame.u(60), h - frame.u(140), w - frame.u(120), frame.u(104))

    def _layout(self, frame: Frame) -> _QuestionLayout:
        w, h = frame.size
        strip = self._layout_strip(frame)
        clock_r = frame.u(120)
        question = self._question(frame)
        revealed = self.revealed(frame) and question is not None
        card_w = w - frame.u(120) - clock_r * 2 - frame.u(60)
        most = widgets.ANSWER_H_MAX if question is None or question.q else widgets.ANSWER_H_MAX_BARE
        answer_h = widgets.answer_height(frame.text, question.a, card_w, frame.u, most) \
            if question is not None and revealed else frame.u(110)
        card = pygame.Rect(frame.u(60), frame.u(120), card_w,
                           strip.y - frame.u(150) - (answer_h + frame.u(20) if revealed else 0))
        clock_center = (w - frame.u(60) - clock_r, card.y + clock_r + frame.u(10))
        answer = pygame.Rect(card.x, card.bottom + frame.u(20), card.width, answer_h) if revealed else None
        who = pygame.Rect(card.right + frame.u(30), clock_center[1] + clock_r + frame.u(40),
                          clock_r * 2 + frame.u(30), frame.u(150))
        return _QuestionLayout(card, strip, clock_center, clock_r, answer, who)

    def draw_static(self, surface: pygame.Surface, frame: Frame) -> None:
        state = frame.state
        frame.paint_background(surface)
        box = self._layout(frame)
        question = self._question(frame)
        widgets.heading(surface, frame, self.heading_text(frame))
        card = box.card
        body = paint.panel(card.size, paint.rgb(frame.color("panel_top")), paint.rgb(frame.color("panel")),
                           paint.rgb(frame.color("panel_edge")), frame.u(24), frame.u(3))
        paint.blit(surface, body, card, give_way=frame.give_way)
        if self._buzzers_open(frame):  # buzzers are live: a visible frame
            paint.blit_glow_frame(surface, card, paint.rgb(frame.color("accent")), frame.u(24), frame.u(4),
                                  give_way=frame.give_way)
        if state.answering is not None:  # the answering accent (gold), never a team's red that reads as «wrong»
            paint.blit_glow_frame(surface, card, paint.rgb(frame.color("accent")), frame.u(24), frame.u(6),
                                  give_way=frame.give_way)
        if question is not None:
            revealed = self.revealed(frame)
            picture, video = card_media(question, revealed)
            text, text_box, pic_box = self.content(frame, question, card, picture, video, revealed)
            if pic_box is not None:
                if picture is not None:
                    self._picture(surface, frame, picture, pic_box)
                elif video is not None:
                    self._placeholder(surface, frame, pic_box, frame.say("scene.video"))
                elif card_extra(question, revealed) == "sound":  # the question's sound until the answer is shown
                    self._sound(surface, frame, pic_box, not revealed or question.answer_audio is not None)
                else:
                    self._web(surface, frame, pic_box, question.web)
            if text is not None:
                surface.blit(text, text.get_rect(center=text_box.center))
        if box.answer is not None and question is not None:
            self._answer(surface, frame, question.a, box.answer)

    def content(self, frame: Frame, question: Question, card: pygame.Rect, picture: Path | None, video: Path | None,
                revealed: bool = False) -> tuple[pygame.Surface | None, pygame.Rect, pygame.Rect | None]:
        """The question's text fitted to its box and its picture scaled to its own (both cached): what makes
        the still layer slow to compose the first time, so a board warms every cell's in idle time. A sound
        or web content takes the picture's place (never «Вопрос ведущего»)."""
        media = picture is not None or video is not None or card_extra(question, revealed) is not None
        text_box, pic_box = self._media_boxes(frame, card, question, media)
        if picture is not None and pic_box is not None:
            _image(picture, pic_box.size)
        shown = question.q or ("" if media else frame.say("scene.host_question"))
        text = None
        if shown:
            text = frame.text.fit(shown, "heading", text_box.size, frame.color("text"), frame.u(76),
                                  min_px=frame.u(26), shadow=True)
        return text, text_box, pic_box

    def warm_questions(self, frame: Frame, questions: Sequence[Question]) -> bool:
        """Idle time on a board: fit the text and scale the picture of one more question a cell may open (one
        a frame: a whole board at once would stall the frame loop). True while some are left."""
        card = self._layout(frame).card
        if frame.layers.reserve(frame.size):
            return True
        warmed = self._warmed.setdefault(frame.text, set())
        if ("card", frame.size) not in warmed:  # the card and its open-buzzer frame at this size
            warmed.add(("card", frame.size))
            paint.panel(card.size, paint.rgb(frame.color("panel_top")), paint.rgb(frame.color("panel")),
                        paint.rgb(frame.color("panel_edge")), frame.u(24), frame.u(3))
            paint.glow_frame(card.size, paint.rgb(frame.color("accent")), frame.u(24), frame.u(4))
            return True
        todo = [q for q in questions if (id(q), frame.size) not in warmed]
        if todo:
            self.content(frame, todo[0], card, *card_media(todo[0], False))
            warmed.add((id(todo[0]), frame.size))
        return len(todo) > 1

    def _media_boxes(self, frame: Frame, card: pygame.Rect, question: Question, media: bool
                     ) -> tuple[pygame.Rect, pygame.Rect | None]:
        """(text box, picture/video box) inside the card: side by side; a media-only question fills the card.
        Until the answer is shown they stop above where a banner stands (just above the score strip): «Это
        неправильный ответ» never covers the question the players may re-read."""
        inner = card.inflate(-frame.u(80), -frame.u(60))
        if not self.revealed(frame):
            strip = self._layout_strip(frame)
            inner.height = max(frame.u(120), min(inner.height, widgets.banner_rect(frame, strip).top - inner.y))
        if not media:
            return inner, None
        text_box = pygame.Rect(inner.x, inner.y, inner.width // 2 - frame.u(20), inner.height)
        if not question.q:
            return text_box, inner
        return text_box, pygame.Rect(inner.centerx + frame.u(20), inner.y, inner.width // 2 - frame.u(20),
                                     inner.height)

    def _video(self, surface: pygame.Surface, frame: Frame, box: _QuestionLayout) -> None:
        """The playing video over the placeholder the still layer drew (decoded by display/video.py)."""
        question = self._question(frame)
        if question is None:
            return
        picture, video = card_media(question, self.revealed(frame))
        if video is None or picture is not None or frame.video is None:
            return
        _, pic_box = self._media_boxes(frame, box.card, question, True)
        if pic_box is None:
            return
        # It plays while the hall may press; it holds while a team answers (and once the answer is shown).
        playing = frame.flags.buzzers_live and frame.state.answering is None
        image = frame.video.show(video, pic_box.size, frame.now, playing=playing)
        if image is not None:
            surface.blit(image, image.get_rect(center=pic_box.center))

    def draw_moving(self, surface: pygame.Surface, frame: Frame) -> None:
        box = self._layout(frame)
        if frame.state.answering is not None:
            self._who(surface, frame, box.who, frame.state.answering)
        self._video(surface, frame, box)
        if frame.state.timer.armed:
            widgets.clock(surface, frame, box.clock_center, box.clock_r)
        widgets.score_strip(surface, frame, box.strip, teams=self.strip_teams(frame))
        # Above the strip (the score it changes stays in sight), where the question's text stops; once the
        # answer is on the card, above the answer, on the card's foot: neither the answer nor a score is covered.
        widgets.banner(surface, frame, self._banner_above(frame, box), box.card)

    def moving(self, frame: Frame) -> list[Piece] | None:
        """Who answers, the clock, the score strip's cards, the banner (a card that may play a video, or a
        scene drawing more over the layer than this one: None)."""
        if type(self).draw_moving is not QuestionScene.draw_moving or type(self).draw is not Scene.draw:
            return None
        question = self._question(frame)
        if question is not None and card_media(question, self.revealed(frame))[1] is not None:
            return None
        box = self._layout(frame)
        state = frame.state
        pieces: list[Piece] = []
        if state.answering is not None:
            pieces.append((box.who, ("who", state.answering)))
        clock = widgets.clock_piece(frame, box.clock_center, box.clock_r) if state.timer.armed else None
        if clock is not None:
            pieces.append(clock)
        pieces += widgets.strip_pieces(frame, box.strip, teams=self.strip_teams(frame))
        banner = widgets.banner_piece(frame, self._banner_above(frame, box), box.card)
        if banner is not None:
            pieces.append(banner)
        return pieces

    @staticmethod
    def _banner_above(frame: Frame, box: _QuestionLayout) -> pygame.Rect:
        """What a banner stands just above: the score strip; with the answer shown, the card's foot (inside
        the card, over the answer: «Время вышло!» hid two teams' scores for its 3 s over the strip)."""
        if box.answer is None:
            return box.strip
        return pygame.Rect(box.card.x, box.card.bottom - frame.u(12), box.card.width, 0)

    def strip_teams(self, frame: Frame) -> list[int] | None:
        """The teams in the score strip under the question (None: all)."""
        return None

    def _picture(self, surface: pygame.Surface, frame: Frame, path: Path, box: pygame.Rect) -> None:
        image = _image(path, box.size)
        if image is None:
            picture_plate(surface, frame, box, path)
            return
        surface.blit(image, image.get_rect(center=box.center))

    @staticmethod
    def _sound(surface: pygame.Surface, frame: Frame, box: pygame.Rect, sounding: bool) -> None:
        """A sound question: a drawn speaker and its waveform over «Звучит фрагмент»."""
        pygame.draw.rect(surface, frame.color("panel_dark"), box, border_radius=frame.u(16))
        art_h = min(box.height * 2 // 5, int((box.width - frame.u(40)) / 2.2))
        art = artwork.speaker(art_h, paint.rgb(frame.color("accent")))
        label = frame.text.fit(frame.say("scene.sound" if sounding else "scene.sound_clip"), "heading",
                               (box.width - frame.u(40), box.height // 4), frame.color("text"), frame.u(64),
                               shadow=True)
        gap = frame.u(30)
        top = box.centery - (art.get_height() + gap + label.get_height()) // 2
        surface.blit(art, art.get_rect(midtop=(box.centerx, top)))
        surface.blit(label, label.get_rect(midtop=(box.centerx, top + art.get_height() + gap)))

    @staticmethod
    def _web(surface: pygame.Surface, frame: Frame, box: pygame.Rect, kinds: tuple[str, ...]) -> None:
        """Content from the web that the show does not fetch: a plate naming it, honestly. Only what the hall
        may see: what to do about it (the host shows or retells it) is the console's note, never on air."""
        pygame.draw.rect(surface, frame.color("panel_dark"), box, border_radius=frame.u(16))
        pygame.draw.rect(surface, frame.color("panel_edge"), box, frame.u(3), border_radius=frame.u(16))
        names = [frame.say(f"scene.web_{kind}") for kind in kinds] or [frame.say("scene.web_html")]
        mark = frame.text.fit("\n".join(names), "heading", (box.width - frame.u(60), box.height // 2),
                              frame.color("text"), frame.u(64), shadow=True)
        surface.blit(mark, mark.get_rect(center=box.center))

    @staticmethod
    def _placeholder(surface: pygame.Surface, frame: Frame, box: pygame.Rect, label: str) -> None:
        pygame.draw.rect(surface, frame.color("panel_dark"), box, border_radius=frame.u(16))
        mark = frame.text.fit(label, "heading", (box.width, box.height // 3), frame.color("muted"), frame.u(80))
        surface.blit(mark, mark.get_rect(center=box.center))

    def _who(self, surface: pygame.Surface, frame: Frame, box: pygame.Rect, team: int) -> None:
        """«Отвечает» and the name on a neutral plate with the answering accent's edge; the team's colour is
        only a stripe (a plate in a team's red read as the wrong-answer state)."""
        plate = paint.panel(box.size, paint.rgb(frame.color("panel_top")), paint.rgb(frame.color("panel_dark")),
                            paint.rgb(frame.color("accent")), frame.u(18), frame.u(4))
        surface.blit(plate, box)
        stripe = frame.u(16)
        widgets.left_stripe(surface, frame.team_color(team), box, stripe, frame.u(18))
        room = box.width - stripe - frame.u(24)
        centre = box.centerx + stripe // 2
        small = frame.text.fit(frame.say("scene.answering"), "body", (room, frame.u(36)), frame.color("accent"),
                               frame.u(30))
        surface.blit(small, small.get_rect(midtop=(centre, box.y + frame.u(12))))
        name = frame.text.fit(frame.state.teams[team].name, "heading", (room, box.height - frame.u(60)),
                              frame.color("text"), frame.u(56), shadow=True)
        surface.blit(name, name.get_rect(center=(centre, box.centery + frame.u(18))))

    def _answer(self, surface: pygame.Surface, frame: Frame, answer: str, box: pygame.Rect) -> None:
        widgets.answer_plate(surface, frame, answer, box)


class LineCheckScene(Scene):
    """«Проверка кнопок»: a panel per team that lights in its colour when its button is pressed."""

    name = "line_check"

    def draw_moving(self, surface: pygame.Surface, frame: Frame) -> None:
        frame.paint_background(surface)
        widgets.heading(surface, frame, frame.say("scene.line_check"), y=40, height=90)
        teams = frame.state.teams
        w, h = frame.size
        columns = min(5, max(1, len(teams)))
        rows = (len(teams) + columns - 1) // columns
        gap = frame.u(30)
        cell_w = (w - frame.u(120) - gap * (columns - 1)) // columns
        cell_h = min(frame.u(300), (h - frame.u(260) - gap * (rows - 1)) // max(1, rows))
        top = frame.u(190) + (h - frame.u(260) - rows * cell_h - (rows - 1) * gap) // 2
        for i, team in enumerate(teams):
            rect = pygame.Rect(frame.u(60) + (i % columns) * (cell_w + gap), top + (i // columns) * (cell_h + gap),
                               cell_w, cell_h)
            flash = frame.anim.flash(i, frame.now, duration=1.5)
            color = frame.team_color(i)
            lit = flash is not None
            top_color = paint.mix(color, paint.WHITE, 0.15) if lit else frame.color("panel_dark")
            bottom = color if lit else frame.color("panel_dark")
            body = paint.panel(rect.size, paint.rgb(top_color), paint.rgb(bottom), paint.rgb(color), frame.u(20),
                               frame.u(4))
            surface.blit(body, rect)
            room = rect.width - frame.u(40)
            name = frame.text.fit(team.name, "heading", (room, rect.height // 2), frame.color("text"), frame.u(72),
                                  shadow=True)
            surface.blit(name, name.get_rect(center=(rect.centerx, rect.centery - rect.height // 8)))
            hint = frame.text.fit(frame.say("scene.press_your_button"), "body", (room, frame.u(40)),
                                  frame.color("text") if lit else frame.color("muted"), frame.u(32))
            surface.blit(hint, hint.get_rect(midtop=(rect.centerx, rect.centery + rect.height // 6)))


STANDINGS_ROW_MIN_H = 48  # a standings row's lowest height (1080 lines); more teams: the leaders only
STANDINGS_DIM = 0.6  # how much darker the picture behind the score overlay is, once it is up
# The standings cards kept (for a 1080p screen, scaled with the screen): four of the most rows (3.4 MB each),
# the state on screen's and the likely next ones' (Next, either verdict).
STANDINGS_BUDGET = 14 * MB


class StandingsCard:
    """The score overlay (S): a standings card — places, names, scores, where the game is — that slides up
    over the lower part of the picture. Composed once per standing and only moved while it slides."""

    def __init__(self) -> None:
        # The cards made, least recently used out past STANDINGS_BUDGET (a card is 2.7-3.4 MB at 1080p, 11-14
        # at 4K): the state on screen's and its likely next ones' while the overlay is up or going.
        self._cards: SurfaceLRU[Hashable, pygame.Surface] = SurfaceLRU(STANDINGS_BUDGET)
        # A card begun in idle time and cut short at a give-way point: (its key, the card, the rows drawn).
        self._begun: tuple[Hashable, pygame.Surface, int] | None = None

    def draw_overlay(self, surface: pygame.Surface, frame: Frame, shown: float) -> None:
        card = self.card(frame)
        rect = self._place(card, frame, shown)
        # What it slides over is dimmed, so no name or score left beside the card is read as its (the strip's
        # «Анна» at one end and another player's «−10» at the other read «Анна −10»). Not where the card hides
        # it whole (a third of the screen once up: ~2 ms of a 4K frame).
        keep = 255 - int(STANDINGS_DIM * ease_out_cubic(shown) * 255)
        for part in around(self.cover(frame, shown), surface.get_clip()):  # (a fill's rectangle ignores the clip)
            surface.fill((keep, keep, keep), part, special_flags=pygame.BLEND_MULT)
        paint.blit(surface, card, rect.topleft, give_way=frame.give_way)

    @staticmethod
    def _place(card: pygame.Surface, frame: Frame, shown: float) -> pygame.Rect:
        """Where the card is on screen, `shown` of the way up."""
        w, h = frame.size
        rect = card.get_rect(midbottom=(w // 2, h - frame.u(40)))
        rect.y += int((1 - ease_out_cubic(shown)) * (rect.height + frame.u(60)))
        return rect

    def cover(self, frame: Frame, shown: float) -> pygame.Rect:
        """The part of the screen the card hides whole, `shown` of the way up: its inside within the rounded
        corners, opaque when the panel's colours are (an empty rectangle if they are not). What is under it
        need not be drawn or dimmed."""
        if min(frame.color("panel_top").a, frame.color("panel_dark").a) < 255:
            return pygame.Rect(0, 0, 0, 0)
        inset = max(frame.u(28), frame.u(4))  # the corners' radius (the edge lies within it)
        return self._place(self.card(frame), frame, shown).inflate(-2 * inset, -2 * inset).clip(
            pygame.Rect((0, 0), frame.size))

    def card(self, frame: Frame) -> pygame.Surface:
        pos = frame.fmt.position(frame.state)
        key = self._key(frame, pos)
        found = self._cards.get(key)
        if found is None:
            found = self._cards.put(key, self._compose(frame, pos))
        return found

    def keep_only(self, frame: Frame, *more: Frame) -> None:
        """Drop every card but those of these frames' states, if made: with the overlay down, S shows the card
        of the state on screen and no other is wanted; with it up or going, the state on screen's and its
        likely next ones' (at 4K each holds 9-14 MB: presses with no frame between them left a card each)."""
        kept = []
        for one in (frame, *more):
            key = self._key(one, one.fmt.position(one.state))
            card = self._cards.get(key)
            if card is not None:
                kept.append((key, card))
        self._cards.clear()
        for key, card in kept:
            self._cards.put(key, card)

    @staticmethod
    def _key(frame: Frame, pos: Position) -> Hashable:
        """What a card shows: the teams' names, scores and colours, where the game is; its size and language."""
        return (frame.size, frame.language, tuple((t.name, t.score, t.color) for t in frame.state.teams),
                pos.get("round"), pos.get("finished"))

    def _compose(self, frame: Frame, pos: Position) -> pygame.Surface:
        """The card, a row at a time between give-way points: cut short there (idle time), it goes on from
        the next row when asked again (at 4K a card takes 12 ms, 35-45 with its texts and panels new)."""
        key = self._key(frame, pos)
        state = frame.state
        w, h = frame.size
        order = sorted(range(len(state.teams)), key=lambda i: (-state.teams[i].score, i))
        order = order[:max(1, (h // 2) // frame.u(STANDINGS_ROW_MIN_H))]  # 40 teams: the leaders, readable
        row_h = min(frame.u(96), (h // 2) // max(1, len(order)))
        size = (int(w * 0.62), frame.u(150) + row_h * len(order) + frame.u(30))
        if self._begun is None or self._begun[0] != key:
            self._begun = None
            card = paint.panel(size, paint.rgb(frame.color("panel_top")), paint.rgb(frame.color("panel_dark")),
                               paint.rgb(frame.color("accent")), frame.u(28), frame.u(4)).copy()
            title = frame.say("scene.standings")
            details = []
            if (round_no := pos.get("round")) is not None:
                details.append(frame.say("console.round", n=round_no + 1))
            if pos.get("finished"):  # the questions over, not the one being played («после 1 вопроса» on 2)
                details.append(frame.say("scene.after_questions", n=pos["finished"]))
            head = frame.text.fit(" · ".join([title, *details]).upper(), "heading",
                                  (size[0] - frame.u(80), frame.u(70)), frame.color("accent"), frame.u(56),
                                  shadow=True)
            card.blit(head, head.get_rect(midtop=(size[0] // 2, frame.u(34))))
            self._begun = (key, card, 0)
            frame.give_way()
        _, card, begun = self._begun
        places, leaders = standing_places(state)
        top = frame.u(130)
        for rank, team_no in enumerate(order):
            if rank < begun:
                continue
            team = state.teams[team_no]
            row = pygame.Rect(frame.u(40), top + rank * row_h, size[0] - frame.u(80), row_h - frame.u(10))
            edge = frame.color("accent") if team_no in leaders else frame.color("panel_edge")
            body = paint.panel(row.size, paint.rgb(frame.color("panel")), paint.rgb(frame.color("panel_dark")),
                               paint.rgb(edge), frame.u(14), frame.u(3) if team_no in leaders else frame.u(2))
            card.blit(body, row)
            widgets.left_stripe(card, frame.team_color(team_no), row, frame.u(12), frame.u(14))
            place = frame.text.fit(str(places[team_no]), "numbers", (frame.u(70), row.height - frame.u(10)),
                                   frame.color("muted"), frame.u(64), wrap=False)
            card.blit(place, place.get_rect(center=(row.x + frame.u(60), row.centery)))
            color = frame.color("negative") if team.score < 0 else frame.color("accent")
            digits = frame.text.fit(number(team.score), "numbers", (frame.u(240), row.height - frame.u(10)), color,
                                    frame.u(72), shadow=True, wrap=False)
            card.blit(digits, digits.get_rect(midright=(row.right - frame.u(30), row.centery)))
            name = frame.text.fit(team.name, "heading", (row.width - frame.u(150) - digits.get_width() - frame.u(60),
                                                         row.height - frame.u(14)), frame.color("text"), frame.u(52),
                                  shadow=True)
            card.blit(name, name.get_rect(midleft=(row.x + frame.u(110), row.centery)))
            self._begun = (key, card, rank + 1)  # this row is drawn: a cut from here goes on from the next
            frame.give_way()
        self._begun = None
        return card


def around(hole: pygame.Rect, whole: pygame.Rect) -> list[pygame.Rect]:
    """`whole` but `hole`, as up to four rectangles: above, below, left, right."""
    hole = hole.clip(whole)
    if not hole.width or not hole.height:
        return [whole]
    parts = [pygame.Rect(whole.x, whole.y, whole.width, hole.top - whole.y),
             pygame.Rect(whole.x, hole.bottom, whole.width, whole.bottom - hole.bottom),
             pygame.Rect(whole.x, hole.top, hole.left - whole.x, hole.height),
             pygame.Rect(hole.right, hole.top, whole.right - hole.right, hole.height)]
    return [part for part in parts if part.width > 0 and part.height > 0]


STANDINGS = StandingsCard()
