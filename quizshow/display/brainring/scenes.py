"""«Брейн-ринг» on the projector: the two tables, the clock, false starts, the timeline, the result.

Layout after the mock-up: the team panels in their table colours left and right (name, score, the
players at the table — away ones hollow), the big ring clock between them, «ФАЛЬСТАРТ!» under the
offender's panel, the match's questions as numbered dots at the bottom.
"""

from __future__ import annotations

from collections.abc import Hashable

import pygame

from quizshow.core.effects import EventKind
from quizshow.display import paint
from quizshow.display.scenes import widgets
from quizshow.display.scenes.base import Frame, Scene
from quizshow.display.scenes.cards import TitleScene
from quizshow.display.scenes.plates import SpringCardScene, spring_card, words
from quizshow.display.tween import WORDS_AT, ease_out_back, pulse
from quizshow.formats.brainring.format import BrainringFormat
from quizshow.formats.brainring.model import TABLES, Phase, Ring
from quizshow.formats.brainring.spec import SPEC
from quizshow.i18n import number

_PIXEL = pygame.Surface((1, 1))  # what a warm-up draws on: its pictures are made, its pixels not wanted
ANSWERS_PX = 34  # «Отвечает: name» under the dots (1080 lines)
# The visible gap after its colon, of the type size: the design's (the overlay mock-up's «ОТВЕЧАЕТ: Борис», 13 px
# of 33). PT Sans's word space, kerned against a capital, left 0.29 («Отвечает: Анна»), a word gap inside a name.
ANSWERS_GAP = 0.4


def answers_line(surface: pygame.Surface, frame: Frame, name: str, box: pygame.Rect,
                 key: str = "scene.brainring_answers") -> None:
    """«Отвечает: name» (or, after the verdict, «Ответил(а): name»: `key`) in the accent, on one line centred in
    `box`: the words before the colon and the name set apart by the design's gap from the colon's ink to the
    name's, whatever letter the name begins with."""
    said = frame.say(key, name=name)
    head, colon, rest = said.partition(": ")
    accent = frame.color("accent")
    most = frame.u(ANSWERS_PX)
    fitted = frame.text.layout(said, "body", (box.width - round(most * ANSWERS_GAP), box.height), most, wrap=False)
    if not colon or not rest or fitted.cut:  # no colon, or a name too long for one line: the words as they come
        words(surface, frame, said, box, role="body", color=accent, px=ANSWERS_PX, shadow=False)
        return
    px = fitted.px
    parts = [frame.text.fit(part, "body", box.size, accent, px, px, wrap=False) for part in (head + ":", rest)]
    mark, first = frame.text.font("body", px).metrics(":" + rest[0])  # (min x, max x, min y, max y, advance)
    bearings = (mark[4] - mark[1] if mark else 0) + (max(0, first[0]) if first else 0)
    gap = max(0, round(px * ANSWERS_GAP) - bearings)
    x = box.centerx - (parts[0].get_width() + gap + parts[1].get_width()) // 2
    for part in parts:
        surface.blit(part, part.get_rect(midleft=(x, box.centery)))
        x += part.get_width() + gap


def ring_of(frame: Frame) -> Ring:
    """The match's own state, typed through the format's contract."""
    return SPEC.state_of(frame.state)


def format_of(frame: Frame) -> BrainringFormat:
    return SPEC.format_of(frame.fmt)


def phase_of(frame: Frame) -> Phase:
    return SPEC.phase_of(frame.state)


def panel_rect(frame: Frame, team: int) -> pygame.Rect:
    w = frame.size[0]
    width = int(w * 0.29)
    x = frame.u(60) if team == 0 else w - frame.u(60) - width
    return pygame.Rect(x, frame.u(190), width, frame.u(610))


def time_over(frame: Frame) -> bool:
    """«Время вышло!» stands in the lower third for its banner time when the clock ran out; the answer
    card comes after it."""
    found = frame.state.banner
    return found is not None and found.text_key == "banner.time_over" and frame.now < found.until


TITLE_SAFE = 0.05  # of the picture's height: what a hall's projector may crop at the foot (QA 5)


def title_safe_foot(frame: Frame) -> pygame.Rect:
    """The picture's foot outside the title-safe area: «Время вышло!» stands above it (`widgets.banner` puts a
    band its margin above the rectangle it is given), not at y=1059 of 1080 as at the picture's foot."""
    w, h = frame.size
    top = h - int(h * TITLE_SAFE + 0.5) + frame.u(12)  # (+ the banner's margin above what it stands on)
    return pygame.Rect(0, top, w, h - top)


def match_length(frame: Frame) -> int | None:
    return format_of(frame).match_length()


class MatchScene(Scene):
    """Every phase of a match but the result. Still: the panels, dots, plates and the timeline;
    moving: the scores counting, the clock and the flashes."""

    name = "brainring_match"

    def key(self, frame: Frame) -> Hashable:
        ring = ring_of(frame)
        return self.name, ring.battle, ring.number, phase_of(frame) is Phase.ATTENTION

    def static_key(self, frame: Frame) -> Hashable:
        state, ring = frame.state, ring_of(frame)
        # Who answers is drawn over the layer (`_answerer`): the layer is the same whichever player of the
        # team pressed (a press cannot be foreseen; each team's is composed ahead in idle time).
        answerer_team = ring.answerer[0] if ring.answerer else None
        return (state.phase, ring.number, ring.battle, ring.value, state.answering, answerer_team, state.locked,
                ring.benched, ring.single, ring.false_start, ring.correct_by, ring.asked, ring.source, ring.extra,
                time_over(frame))

    def warm(self, frame: Frame) -> bool:
        """Idle time: «Отвечает: name» for every player of both tables (the projector rehearses one press a
        team, its first player's; any player may press, and the words were made in the press's first frame)."""
        for team in TABLES:
            for name in frame.state.teams[team].players if team < len(frame.state.teams) else ():
                frame.give_way()
                answers_line(_PIXEL, frame, name, self._label_rect(frame, team))
        answering = frame.state.answering
        player = self._answerer_of(frame, answering) if answering is not None else None
        if answering is not None and player is not None and player < len(frame.state.teams[answering].players):
            # and «Ответил(а): name» of whoever answers now, for the verdict's first frame
            answers_line(_PIXEL, frame, frame.state.teams[answering].players[player],
                         self._label_rect(frame, answering), "scene.brainring_answered")
        return False

    def draw_static(self, surface: pygame.Surface, frame: Frame) -> None:
        frame.paint_background(surface)
        state, ring, fmt, phase = frame.state, ring_of(frame), format_of(frame), phase_of(frame)
        head = frame.say("scene.brainring_question", n=ring.number + 1)
        if fmt.rules["match"] == "final":
            head = f"{head} · {frame.say('scene.battle', n=ring.battle + 1)}"
        if ring.extra:
            head = f"{head} · {frame.say('scene.extra')}"
        widgets.heading(surface, frame, head, y=30, height=70)
        for team in TABLES:
            self._panel(surface, frame, team)
        self._value_badge(surface, frame)
        self._timeline(surface, frame)
        if phase is Phase.REVEAL and not time_over(frame):  # «Время вышло!» first, then the answer
            question = fmt.current(state)
            box = pygame.Rect(int(frame.size[0] * 0.34), frame.u(820), int(frame.size[0] * 0.32), frame.u(100))
            widgets.answer_plate(surface, frame, question.a if question else "", box)
        if fmt.rules["show_question"] and phase in (Phase.CLOCK, Phase.ANSWERING, Phase.REVEAL):
            question = fmt.current(state)
            if question is not None and question.q:
                box = pygame.Rect(int(frame.size[0] * 0.34), frame.u(110), int(frame.size[0] * 0.32), frame.u(80))
                words(surface, frame, question.q, box, role="body", px=34)

    def draw_moving(self, surface: pygame.Surface, frame: Frame) -> None:
        state = frame.state
        w = frame.size[0]
        center = (w // 2, frame.u(470))
        if phase_of(frame) is Phase.ATTENTION:
            self._attention(surface, frame, center)
        else:
            widgets.clock(surface, frame, center, frame.u(250))
        for team in TABLES:
            self._answerer(surface, frame, team)
        for team in TABLES:
            rect = panel_rect(frame, team)
            score = frame.anim.score(team, state.teams[team].score, frame.now)
            color = frame.color("negative") if score < 0 else frame.color("text")
            words(surface, frame, number(score), pygame.Rect(rect.x, rect.y + frame.u(110), rect.width, frame.u(230)),
                  role="numbers", color=color, px=230)
        self._flash(surface, frame, center)
        if time_over(frame):
            widgets.banner(surface, frame, title_safe_foot(frame))
        for team in TABLES:  # a verdict's moment: the panel flashes green or red as it is given
            flash = frame.anim.flash(team, frame.now, duration=0.9)
            if flash is not None and flash[0] in ("correct", "wrong"):
                tone = frame.color("good" if flash[0] == "correct" else "bad")
                paint.blit_glow_frame(surface, panel_rect(frame, team), paint.rgb(tone), frame.u(18), frame.u(8),
                                      int(255 * flash[1]), give_way=frame.give_way)

    # --- pieces ---------------------------------------------------------------------------------------

    def _panel(self, surface: pygame.Surface, frame: Frame, team: int) -> None:
        state, ring = frame.state, ring_of(frame)
        rect = panel_rect(frame, team)
        color = frame.team_color(team)
        out = team in state.locked
        body = paint.panel(rect.size, paint.rgb(frame.color("panel_dark")), paint.rgb(frame.color("panel_dark")),
                           None, frame.u(18))
        surface.blit(body, rect)
        band = pygame.Rect(rect.x, rect.y, rect.width, frame.u(90))
        band_color = widgets.legible(paint.mix(color, frame.color("panel_dark"), 0.55) if out else color, frame)
        pygame.draw.rect(surface, band_color, band, border_top_left_radius=frame.u(18),
                         border_top_right_radius=frame.u(18))
        ink = widgets.ink_on(band_color, frame)
        words(surface, frame, state.teams[team].name, band.inflate(-frame.u(30), -frame.u(10)), px=60, upper=True,
              color=ink, shadow=ink == frame.color("text"))
        if state.answering == team:
            paint.blit_glow_frame(surface, rect, paint.rgb(frame.color("accent")), frame.u(18), frame.u(6),
                                  give_way=frame.give_way)
        players = format_of(frame).players(state, team)
        at_table = set(ring.at_table(team, players))
        alone = ring.single_of(team)
        for center, radius, playing in self._dots(frame, team):
            if playing:
                pygame.draw.circle(surface, color, center, radius)
            else:  # away from the table (first-second rule) or not playing (one-player rule): hollow
                pygame.draw.circle(surface, frame.color("muted"), center, radius, max(2, frame.u(3)))
        if self._answerer_of(frame, team) is None:  # else who answers is drawn over the layer (`_answerer`)
            label_key = "scene.alone_at_table" if alone is not None else "scene.players_at_table"
            if alone is not None and len(ring.single) == 1 and team not in ring.passed:
                label_key = "scene.alone_answers_first"  # the one-player rule's priority (both alone: the first press)
            words(surface, frame, frame.say(label_key, n=len(at_table)), self._label_rect(frame, team),
                  role="body", color=frame.color("muted"), px=34, shadow=False)
        verdict = self._verdict(frame, team)
        if verdict is not None:
            key, tone, leaves = verdict
            tone = widgets.legible(tone, frame)
            plate = pygame.Rect(rect.x, rect.bottom + frame.u(20), rect.width, frame.u(90))
            slab = paint.panel(plate.size, paint.rgb(tone), paint.rgb(tone), None, frame.u(14))
            surface.blit(slab, plate)
            words(surface, frame, frame.say(key), plate.inflate(-frame.u(30), -frame.u(10)),
                  color=widgets.ink_on(tone, frame), px=64, shadow=False, upper=True)
            if leaves:
                words(surface, frame, leaves, pygame.Rect(rect.x, plate.bottom + frame.u(8), rect.width, frame.u(50)),
                      role="body", px=34, shadow=False)

    @staticmethod
    def _answerer_of(frame: Frame, team: int) -> int | None:
        """The player of `team` who answers (or answered right, at the reveal), if any."""
        state, ring = frame.state, ring_of(frame)
        if not ring.answerer or ring.answerer[0] != team or not state.teams[team].players:
            return None
        if state.answering == team or (phase_of(frame) is Phase.REVEAL and ring.correct_by == team):
            return ring.answerer[1]
        return None

    @staticmethod
    def _label_rect(frame: Frame, team: int) -> pygame.Rect:
        rect = panel_rect(frame, team)
        return pygame.Rect(rect.x, rect.y + frame.u(500), rect.width, frame.u(50))

    @staticmethod
    def _dots(frame: Frame, team: int) -> list[tuple[tuple[int, int], int, bool]]:
        """The team's players as dots under its score: (centre, radius, at the table and playing)."""
        state, ring = frame.state, ring_of(frame)
        rect = panel_rect(frame, team)
        at_table = set(ring.at_table(team, format_of(frame).players(state, team)))
        alone = ring.single_of(team)
        count = len(state.teams[team].players) or 0
        if not count:
            return []
        gap = min(frame.u(98), (rect.width - frame.u(60)) // count)
        radius = min(frame.u(34), gap // 2 - frame.u(4))
        x0 = rect.centerx - gap * (count - 1) // 2
        y = rect.y + frame.u(440)
        return [((x0 + p * gap, y), radius, p in at_table and (alone is None or alone == p)) for p in range(count)]

    def _answerer(self, surface: pygame.Surface, frame: Frame, team: int) -> None:
        """Who answers, over the still layer (which is the same whichever player pressed): a gold ring
        round their dot and «Отвечает: name» under the dots."""
        player = self._answerer_of(frame, team)
        if player is None:
            return
        dots = self._dots(frame, team)
        if player < len(dots):
            center, radius, _ = dots[player]
            pygame.draw.circle(surface, frame.color("accent"), center, radius + frame.u(8), frame.u(5))
        names = frame.state.teams[team].players
        name = names[player] if player < len(names) else ""
        # After the verdict, in the past («ВЕРНО» beside «Отвечает:» read as still answering); a name's gender
        # is unknown: «Ответил(а)», as the house's «нажал(а)».
        key = "scene.brainring_answers" if frame.state.answering == team else "scene.brainring_answered"
        answers_line(surface, frame, name, self._label_rect(frame, team), key)

    @staticmethod
    def _verdict(frame: Frame, team: int) -> tuple[str, pygame.Color, str] | None:
        """The team's moment on this question, under its panel: a false start, a wrong answer (and who
        leaves the table by the first-second rule), a correct one."""
        state, ring = frame.state, ring_of(frame)
        if ring.false_start == team:
            return "banner.false_start", frame.color("accent"), ""
        if ring.correct_by == team:
            return "scene.right", frame.color("good"), ""
        if team in state.locked or ring.provisional == team:
            leaves = ""
            players = state.teams[team].players
            for t, player, number in ring.benched:
                if t == team and number == ring.number and player < len(players):
                    leaves = frame.say("scene.leaves_table", name=players[player])
            return "scene.not_right", frame.color("bad"), leaves
        return None

    def _value_badge(self, surface: pygame.Surface, frame: Frame) -> None:
        """What the question is worth: its value, or what a lone player's team gets (the one-player rule:
        double; both teams alone: `both_single_points`), marked whenever it is more than 1."""
        ring, fmt = ring_of(frame), format_of(frame)
        w = frame.size[0]
        text, worth = frame.say("scene.worth", n=ring.value), ring.value
        box = pygame.Rect(w // 2 - frame.u(200), frame.u(110), frame.u(400), frame.u(56))
        alone = sorted({team for team, _ in ring.single})
        if alone:
            worth = fmt.points_for(ring, alone[0])
            text = frame.say("scene.worth", n=worth) if len(alone) > 1 else \
                frame.say("scene.worth_team", team=frame.state.teams[alone[0]].name, n=worth)
            box = pygame.Rect(w // 2 - frame.u(330), frame.u(110), frame.u(660), frame.u(56))
        if worth > 1:
            surface.blit(paint.panel(box.size, paint.rgb(frame.color("accent")), paint.rgb(frame.color("accent")),
                                     None, frame.u(28)), box)
            words(surface, frame, text, box.inflate(-frame.u(20), -frame.u(6)), color=frame.color("panel_dark"),
                  px=40, shadow=False, upper=True)
        elif not fmt.rules["show_question"]:
            words(surface, frame, text, box, role="body", color=frame.color("muted"), px=36, shadow=False)

    def _timeline(self, surface: pygame.Surface, frame: Frame) -> None:
        """The match's questions as numbered dots: who took each, grey if nobody, outlined if to come."""
        ring = ring_of(frame)
        length = match_length(frame)
        count = max(len(ring.asked) + 1, length or 0)
        w = frame.size[0]
        gap = min(frame.u(120), int(w * 0.8) // max(1, count))
        radius = min(frame.u(26), gap // 2 - 2)
        x0 = w // 2 - gap * (count - 1) // 2
        y = frame.size[1] - frame.u(80)
        for i in range(count):
            center = (x0 + i * gap, y)
            fill = frame.color("panel_dark")
            if i < len(ring.asked):
                taken = ring.asked[i].taken_by
                fill = frame.team_color(taken) if taken is not None else frame.color("muted")
                pygame.draw.circle(surface, fill, center, radius)
            elif i == len(ring.asked):  # the question in play
                pygame.draw.circle(surface, frame.color("panel_top"), center, radius)
                pygame.draw.circle(surface, frame.color("accent"), center, radius, max(2, frame.u(3)))
            else:
                pygame.draw.circle(surface, frame.color("panel_dark"), center, radius)
            behind = fill if i < len(ring.asked) else frame.color("panel_top" if i == len(ring.asked) else "panel_dark")
            if i < len(ring.asked):
                behind = widgets.legible(fill, frame)
                pygame.draw.circle(surface, behind, center, radius)
            words(surface, frame, str(i + 1), pygame.Rect(center[0] - radius, center[1] - radius, radius * 2,
                                                          radius * 2), role="numbers", px=30, shadow=False,
                  color=widgets.ink_on(behind, frame))

    def _attention(self, surface: pygame.Surface, frame: Frame, center: tuple[int, int]) -> None:
        grow = ease_out_back(min(1.0, frame.anim.since(EventKind.ANNOUNCE, frame.now) / 0.5))
        plate = pygame.Rect(0, 0, int(frame.size[0] * 0.34), frame.u(300))
        plate.center = center
        shadow = paint.mix(frame.color("accent"), frame.color("accent_shadow"), 0.3)
        body = paint.panel(plate.size, paint.rgb(frame.color("accent")), paint.rgb(shadow), None, frame.u(24))
        body = paint.scaled(body, max(0.05, grow))
        surface.blit(body, body.get_rect(center=center))
        if grow > WORDS_AT:
            words(surface, frame, frame.say("banner.attention"), plate.inflate(-frame.u(40), -frame.u(40)),
                  color=frame.color("panel_dark"), px=96, shadow=False, upper=True)

    def _flash(self, surface: pygame.Surface, frame: Frame, center: tuple[int, int]) -> None:
        """«Время!» flashes over the clock as clean time starts (the banner of the state)."""
        found = frame.state.banner
        if found is None or found.team is not None or found.text_key != "banner.time_up":
            return
        age = frame.now - (found.until - format_of(frame).BANNER_S)
        if age > 1.2:
            return
        strength = 1 - age / 1.2
        box = pygame.Rect(0, 0, frame.u(520), frame.u(140))
        box.center = (center[0], center[1] + frame.u(320))  # under the ring, where the answer shows later
        color = paint.mix(frame.color("accent"), frame.color("text"), pulse(frame.now * 3, 1.0) * 0.4)
        img = frame.text.fit(frame.say("banner.time_up").upper(), "heading", box.size, color, frame.u(110),
                             shadow=True)
        img = img.copy()
        img.set_alpha(int(255 * strength))
        surface.blit(img, img.get_rect(center=box.center))


class ResultScene(SpringCardScene):
    """The match result: the winner (or a draw, or both disqualified), the score, match points."""

    name = "brainring_result"
    card = (EventKind.MATCH_RESULT, 0.72, 560, 0.6)

    def draw_moving(self, surface: pygame.Surface, frame: Frame) -> None:
        state, ring, rules = frame.state, ring_of(frame), format_of(frame).rules
        plate = spring_card(surface, frame, *self.card)
        if plate is None:
            return
        if ring.winner is not None:
            title = frame.say("scene.match_won")
            name, color = state.teams[ring.winner].name, frame.team_color(ring.winner)
            paint.blit_glow_frame(surface, plate, paint.rgb(color), frame.u(28), frame.u(6), give_way=frame.give_way)
        else:
            title = frame.say("scene.match_disqualified" if ring.result == "disqualified" else "scene.match_draw")
            name = ""
        words(surface, frame, title, pygame.Rect(plate.x, plate.y + frame.u(40), plate.width, frame.u(90)),
              color=frame.color("accent"), px=72, upper=True)
        if name:
            words(surface, frame, name, pygame.Rect(plate.x + frame.u(60), plate.y + frame.u(150),
                                                    plate.width - frame.u(120), frame.u(170)), px=140)
        # The winner's number first, under the winner's name («ПОБЕДА Северяне · 5 : 1», never «1 : 5»).
        a, b = (1, 0) if ring.winner == 1 else (0, 1)
        score = f"{number(state.teams[a].score)} : {number(state.teams[b].score)}"
        if rules["match"] == "final":
            score = f"{ring.battles_won[a]} : {ring.battles_won[b]}"
        words(surface, frame, score, pygame.Rect(plate.x, plate.y + frame.u(340), plate.width, frame.u(110)),
              role="numbers", px=100)
        if rules["match"] == "match5":
            points = frame.say("scene.match_points", a=ring.match_points[a], b=ring.match_points[b])
            words(surface, frame, points, pygame.Rect(plate.x, plate.y + frame.u(460), plate.width, frame.u(60)),
                  role="body", color=frame.color("muted"), px=40, shadow=False)
        if ring.result == "removed":
            self._removed(surface, frame, plate)

    @staticmethod
    def _removed(surface: pygame.Surface, frame: Frame, plate: pygame.Rect) -> None:
        """Why the match ended: the team removed for its penalty points, on a slab under the card."""
        state, ring = frame.state, ring_of(frame)
        for team in TABLES:
            record = ring.record(team)
            if not record.removed:
                continue
            tone = widgets.legible(frame.color("bad"), frame)
            slab = pygame.Rect(plate.x, plate.bottom + frame.u(30), plate.width, frame.u(100))
            surface.blit(paint.panel(slab.size, paint.rgb(tone), paint.rgb(tone), None, frame.u(14)), slab)
            text = frame.say("scene.removed_for_penalties", team=state.teams[team].name,
                             n=record.removed_for or record.penalties)
            words(surface, frame, text, slab.inflate(-frame.u(40), -frame.u(16)), color=widgets.ink_on(tone, frame),
                  px=60, shadow=False, upper=True)


MATCH, RESULT = MatchScene(), ResultScene()
SCENES: dict[str, Scene] = {scene.name: scene for scene in (MATCH, RESULT)}  # the format's own, by name


class TablesTitleScene(TitleScene):
    """The title card with the score strip of the two teams at the tables only (a tournament lists more)."""

    def strip_teams(self, frame: Frame) -> list[int] | None:
        return [t for t in TABLES if t < len(frame.state.teams)]


TITLE = TablesTitleScene()

# The scene of each phase of the match (the title card lists the two tables' teams only).
BY_PHASE: dict[str, Scene] = {
    Phase.TITLE: TITLE, Phase.READY: MATCH, Phase.ATTENTION: MATCH, Phase.CLOCK: MATCH, Phase.ANSWERING: MATCH,
    Phase.REVEAL: MATCH, Phase.RESULT: RESULT,
}
