"""A match being played at this table: the nested format's own scene for its phase, drawn on a frame
that holds the nested state and format (the match's scenes never see the event). Whatever format the
stage plays; its title card names the fixture instead of the show."""

from __future__ import annotations

from collections.abc import Hashable

import pygame

from quizshow import registry
from quizshow.display.event.common import event_of, fixture_label, group_name, panel, warm_day
from quizshow.display.event.typed import tournament
from quizshow.display.scenes import COMMON
from quizshow.display.scenes.base import Frame, Scene
from quizshow.display.scenes.cards import TitleScene
from quizshow.display.scenes.plates import words
from quizshow.event import day as D
from quizshow.formats.tournament.model import EventState


def match_caption(frame: Frame, ev: EventState) -> str:
    """The fixture being played and its group or stage: «A1 · Группа А», «ЧФ2 · Четвертьфинал», «Финал»."""
    fid = ev.playing or ""
    label = fixture_label(frame, fid)
    fixture = D.plan(ev.day).get(fid)
    if fixture is None:
        return label
    what = frame.say("ev.group_of", name=group_name(fixture.group)) if fixture.group else \
        frame.say("stage." + fixture.stage)
    if fixture.stage == "replay":  # «RA1 · Переигровка · Группа А»
        what = f"{frame.say('stage.replay')} · {what}"
    return label if what == label else f"{label} · {what}"


class FixtureTitleScene(Scene):
    """A tournament match's opening card: the match format's own title card (its score strip: for a
    brain-ring, the two teams at the tables), with the fixture's caption (the frame's title) on it."""

    name = "ev_fixture_title"

    def __init__(self, card: TitleScene) -> None:
        self.card = card

    def static_key(self, frame: Frame) -> Hashable:
        return self.name, frame.title

    def draw_static(self, surface: pygame.Surface, frame: Frame) -> None:
        self.card.draw_static(surface, frame)

    def draw_moving(self, surface: pygame.Surface, frame: Frame) -> None:
        self.card.draw_moving(surface, frame)


_TITLES: dict[TitleScene, FixtureTitleScene] = {}  # by the match format's title card (a few, made once)


def fixture_title(card: TitleScene) -> FixtureTitleScene:
    found = _TITLES.get(card)
    if found is None:
        found = _TITLES[card] = FixtureTitleScene(card)
    return found


def draw_names(surface: pygame.Surface, frame: Frame) -> None:
    """A drawn match's card says «НИЧЬЯ 2 : 2» but no winner's name: the day names both teams under it
    («Альфа — Бета»), whatever format the match was played in."""
    ev = event_of(frame)
    result = ev.day.result(ev.playing or "")
    if result is None or result.outcome != "draw" or len(result.teams) != 2:
        return
    u = frame.u
    names = " — ".join(ev.day.teams[t].name for t in result.teams)
    box = pygame.Rect(u(240), u(730), frame.size[0] - u(480), u(120))
    panel(surface, frame, box)
    words(surface, frame, names, box.inflate(-u(40), -u(20)), px=72)


class MatchScene(Scene):
    """Any phase of a nested match: the match format's scene for its phase."""

    name = "ev_match"

    def _inner(self, frame: Frame) -> tuple[Scene, Frame]:
        ev = event_of(frame)
        assert ev.match is not None
        fmt = tournament(frame.fmt).match_format(ev)
        views = registry.views(fmt.id)
        scene, title = views.scene(ev.match.phase, COMMON["title"]), frame.title
        if isinstance(scene, TitleScene):  # the opening card names the fixture, not the show
            scene, title = fixture_title(scene), match_caption(frame, ev)
        inner = Frame(ev.match, fmt, frame.theme, frame.text, frame.now, frame.size, frame.words,
                      title, frame.anim, frame.layers, frame.give_way)
        return scene, inner

    def key(self, frame: Frame) -> Hashable:
        scene, inner = self._inner(frame)
        return self.name, event_of(frame).playing, scene.key(inner)

    def draw(self, surface: pygame.Surface, frame: Frame) -> None:
        scene, inner = self._inner(frame)
        scene.draw(surface, inner)
        if inner.flags.game_over:
            draw_names(surface, frame)

    def prepare(self, frame: Frame) -> pygame.Surface | None:
        scene, inner = self._inner(frame)
        return scene.prepare(inner)

    def prepare_part(self, frame: Frame, parts: int) -> bool:
        scene, inner = self._inner(frame)
        return scene.prepare_part(inner, parts)

    def draw_moving(self, surface: pygame.Surface, frame: Frame) -> None:
        pass

    def warm(self, frame: Frame) -> bool:
        scene, inner = self._inner(frame)
        return scene.warm(inner) or warm_day(frame)
