"""Issue 28 items 4 and 1: the score overlay (S) at 4K. Up and settled over a still picture, a frame draws
nothing (it redrew and dimmed the whole picture under it, ~16 ms a frame); over a running clock, only the
clock's square. The card of the state on screen is made in idle time, so the slide-in only blits it (its first
frame composed it: 44-48 ms). The cards kept are bounded by bytes. Real frames (SDL's dummy driver); pictures
compared with a fresh projector's settled picture and with the scene dimmed under the card drawn by hand."""

from __future__ import annotations

import pygame

from quizshow.core import commands as c
from quizshow.display.projector.cache import SETTLE_S
from quizshow.display.projector.projector import Projector
from quizshow.display.scenes import cards
from quizshow.display.surfaces import MB, nbytes
from quizshow.display.theme import load_theme
from tests.conftest import demo_config, demo_engine, views_of, words_of

SIZE = (1280, 720)


def same(a: pygame.Surface, b: pygame.Surface) -> bool:
    return pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB")


def idle(shown: Projector, engine, now: float, size: tuple[int, int] = SIZE) -> None:
    """The frames' idle time between the host's presses, all of it."""
    while shown.ahead(engine.state, engine.propose, now, size):
        pass


def demo(size: tuple[int, int] = SIZE):
    engine = demo_engine()
    shown = Projector(engine.format, load_theme(demo_config().theme), "Демо", words_of(engine.format),
                      views=views_of(engine.format))
    surface = pygame.Surface(size)
    shown.start(surface, engine.state, 0.0)
    return engine, shown, surface


def play(engine, shown: Projector, surface: pygame.Surface, commands, frames: int = 30) -> float:
    """Each command after the idle time before it, then `frames` frames; the time of the last command."""
    now = 0.0
    for cmd in commands:
        idle(shown, engine, cmd.at, surface.get_size())
        shown.on_events(engine.dispatch(cmd).events, cmd.at)
        now = cmd.at
        for i in range(frames):
            shown.render(surface, engine.state, now + i / 60)
    return now


def watch(monkeypatch) -> tuple[list[str], list[float]]:
    """(the scenes drawn, the overlays drawn: how far up) from now on."""
    drawn: list[str] = []
    overlays: list[float] = []
    scene_draw = cards.Scene.draw
    monkeypatch.setattr(cards.Scene, "draw", lambda self, target, frame: (drawn.append(self.name),
                                                                           scene_draw(self, target, frame))[1])
    overlay = cards.StandingsCard.draw_overlay
    monkeypatch.setattr(cards.StandingsCard, "draw_overlay", lambda self, target, frame, shown: (
        overlays.append(shown), overlay(self, target, frame, shown))[1])
    return drawn, overlays


def settled_like_a_fresh_projector(shown: Projector, engine, surface: pygame.Surface, now: float) -> None:
    """The picture left on the surface is the one a new projector draws of the same state, settled."""
    fresh = Projector(engine.format, shown.theme, "Демо", words_of(engine.format), views=views_of(engine.format))
    picture = pygame.Surface(surface.get_size())
    fresh.render(picture, engine.state, now - 3)  # its entrances and the overlay's slide run then
    fresh.render(picture, engine.state, now)
    assert same(surface, picture)


def test_a_frame_with_the_score_overlay_up_and_nothing_moving_draws_and_dims_nothing(monkeypatch):
    """The title (no clock) with the standings up: once the card has slid in, a frame draws nothing (no
    scene, no dim, no card: the picture on the surface is the last frame's), the window is asked for no
    frame at all once settled, and the picture is the settled one a fresh projector draws."""
    engine, shown, surface = demo()
    now = play(engine, shown, surface, [c.ViewScores(at=1.0, on=True)])
    drawn, overlays = watch(monkeypatch)
    for i in range(30, 90):
        shown.render(surface, engine.state, now + i / 60)
    assert drawn == [] and overlays == []
    assert shown.dirty == []  # nothing to show again
    assert not shown.needs_frame(engine.state, now + SETTLE_S + 1, SIZE)
    settled_like_a_fresh_projector(shown, engine, surface, now + 2)


def test_under_the_score_overlay_a_running_clock_redraws_only_its_square(monkeypatch):
    """The question with its clock running and the standings up: a frame draws the clock's square only (the
    scene, its dim and the card clipped to it) and shows only that square again; the picture is the one a
    fresh projector draws, with the clock's digits of that second."""
    engine, shown, surface = demo()
    now = play(engine, shown, surface, [c.Go(at=1.0), c.ViewScores(at=5.0, on=True)])
    assert engine.state.timer.running
    drawn, overlays = watch(monkeypatch)
    clips: list[pygame.Rect] = []
    fill = pygame.Surface.fill
    for i in range(30, 90):
        shown.render(surface, engine.state, now + i / 60)
        clips.append(surface.get_clip())
    assert overlays and all(shown == 1.0 for shown in overlays)
    assert shown.dirty is not None and len(shown.dirty) == 1
    square = shown.dirty[0]
    assert square.width * square.height < SIZE[0] * SIZE[1] // 10  # the clock's square, not the screen
    assert fill is pygame.Surface.fill
    assert all(clip == surface.get_rect() for clip in clips)  # the clip is put back
    settled_like_a_fresh_projector(shown, engine, surface, now + 89 / 60)


def test_the_overlays_picture_is_the_scene_dimmed_under_the_card():
    """Skipping nothing visible: the settled overlay over the question is the scene drawn whole, dimmed, with
    the standings card over it (drawn here by hand)."""
    engine, shown, surface = demo()
    now = play(engine, shown, surface, [c.Go(at=1.0), c.Judge(at=2.0, correct=False), c.ViewScores(at=5.0, on=True)])
    later = now + 89 / 60
    shown.render(surface, engine.state, later)
    fresh = Projector(engine.format, shown.theme, "Демо", words_of(engine.format), views=views_of(engine.format))
    frame = fresh.frame(engine.state, later, SIZE)
    expected = pygame.Surface(SIZE)
    fresh.scene(engine.state).draw(expected, fresh.frame(engine.state, later - 3, SIZE))  # entrances over
    expected_frame = fresh.frame(engine.state, later, SIZE)
    fresh.scene(engine.state).draw(expected, expected_frame)
    keep = 255 - int(cards.STANDINGS_DIM * 255)
    expected.fill((keep, keep, keep), special_flags=pygame.BLEND_MULT)
    card = fresh.standings.card(frame)
    expected.blit(card, card.get_rect(midbottom=(SIZE[0] // 2, SIZE[1] - frame.u(40))))
    assert same(surface, expected)


def test_the_score_overlays_slide_in_composes_no_standings_card(monkeypatch):
    """The host presses S (a command no idle step foresees) on a question: the card of the state on screen
    was made in idle time before, so no frame of the slide-in composes it (at 4K its first did: 44-48 ms)."""
    engine, shown, surface = demo()
    play(engine, shown, surface, [c.Go(at=1.0), c.Buzz(at=2.0, team=1), c.Judge(at=3.0, correct=True),
                                  c.Go(at=3.5)])
    idle(shown, engine, 4.0)
    composed: list[int] = []
    real = cards.StandingsCard._compose
    monkeypatch.setattr(cards.StandingsCard, "_compose",
                        lambda self, frame, pos: (composed.append(1), real(self, frame, pos))[1])
    shown.on_events(engine.dispatch(c.ViewScores(at=4.0, on=True)).events, 4.0)
    for i in range(30):
        shown.render(surface, engine.state, 10 + i / 60)
    assert composed == []


def test_the_standings_cards_kept_stay_within_their_byte_budget_through_a_walk():
    """At 3840×2160 a card is ~11 MB: with the overlay up through a dozen scoring states (each with its likely
    next ones' cards made in idle time) the cards kept never hold more than four cards' worth (56 MB; nine were
    kept, ~96 MB), and the state on screen's card is among them."""
    size = (3840, 2160)
    engine, shown, surface = demo(size)
    now = play(engine, shown, surface, [c.ViewScores(at=0.5, on=True)], frames=2)
    most = 0
    for q in range(8):
        at = 1.0 + q * 4
        for cmd in (c.Go(at=at), c.Buzz(at=at + 1, team=q % 4), c.Judge(at=at + 2, correct=q % 2 == 0)):
            idle(shown, engine, cmd.at, size)
            shown.on_events(engine.dispatch(cmd).events, cmd.at)
            now = cmd.at
            shown.render(surface, engine.state, now)
            kept = shown.standings._cards
            most = max(most, sum(nbytes(kept.get(key)) for key in list(kept)))
    assert 0 < most <= 56 * MB
    idle(shown, engine, now + 1, size)
    frame = shown.frame(engine.state, now + 1, size)
    key = cards.StandingsCard._key(frame, engine.format.position(engine.state))
    assert key in shown.standings._cards


def test_a_frame_of_the_overlays_slide_in_is_the_scene_dimmed_under_the_card_on_its_way_up():
    """Under the card sliding up, the still layer is not blitted (nor dimmed) where the card hides it whole:
    each frame of the slide is still the scene drawn whole, dimmed that far, with the card at its place over
    it (drawn here by hand)."""
    from quizshow.display.tween import ease_out_cubic

    engine, shown, surface = demo()
    play(engine, shown, surface, [c.Go(at=1.0), c.Judge(at=2.0, correct=False)])
    idle(shown, engine, 5.0)
    shown.on_events(engine.dispatch(c.ViewScores(at=5.0, on=True)).events, 5.0)
    fresh = Projector(engine.format, shown.theme, "Демо", words_of(engine.format), views=views_of(engine.format))
    scene = fresh.scene(engine.state)
    for i in range(8):
        now = 5.0 + i / 60
        shown.render(surface, engine.state, now)
        up = shown.look.overlay.value(now)
        frame = fresh.frame(engine.state, now, SIZE)
        expected = pygame.Surface(SIZE)
        scene.draw(expected, fresh.frame(engine.state, now - 3, SIZE))  # (its entrances over)
        scene.draw(expected, frame)
        if up > 0.001:
            keep = 255 - int(cards.STANDINGS_DIM * ease_out_cubic(up) * 255)
            expected.fill((keep, keep, keep), special_flags=pygame.BLEND_MULT)
            card = fresh.standings.card(frame)
            expected.blit(card, cards.StandingsCard._place(card, frame, up))
        assert same(surface, expected), i


def test_with_the_overlay_down_only_the_card_of_the_state_on_screen_is_kept():
    """No S pressed through a few scoring states: after each state's idle time exactly one standings card is
    kept, the state on screen's (ready for S), not one per state up to the budget."""
    engine, shown, surface = demo()
    for cmd in (c.Go(at=1.0), c.Buzz(at=2.0, team=1), c.Judge(at=3.0, correct=True), c.Go(at=4.0),
                c.Buzz(at=5.0, team=0), c.Judge(at=6.0, correct=False)):
        shown.on_events(engine.dispatch(cmd).events, cmd.at)
        for i in range(40):  # its transition over (idle time waits for it)
            shown.render(surface, engine.state, cmd.at + i / 60)
        idle(shown, engine, cmd.at + 0.7)
        frame = shown.frame(engine.state, cmd.at, SIZE)
        assert list(shown.standings._cards) == [cards.StandingsCard._key(frame, engine.format.position(engine.state))]


def test_a_followers_no_link_badge_goes_when_the_link_is_back_under_a_settled_overlay():
    """A follower screen draws «Нет связи с шоу» over the projector's picture on the same surface. Under a
    settled score overlay the projector draws nothing more a frame, so once the link is back the badge must
    still go: its next frame is drawn whole, the picture a fresh projector draws."""
    from quizshow import registry
    from quizshow.display.follow_view import FollowScreen
    from quizshow.house_words import show_words
    from quizshow.runtime.follow.client import PHRASES

    words = show_words("ru", registry.spec("demo").phrases, PHRASES)  # a follower's words
    engine = demo_engine()
    shown = Projector(engine.format, load_theme(demo_config().theme), "Демо", words_of(engine.format),
                      views=views_of(engine.format))
    follower = FollowScreen(shown, shown.theme, shown.text, words, engine.format)
    engine.dispatch(c.ViewScores(at=1.0, on=True))
    surface = pygame.Surface(SIZE)
    for i in range(300):  # the link lost once everything has settled, then back
        follower.draw(surface, engine.state, 1.0 + i / 60, connected=not 240 <= i < 280)
    settled_like_a_fresh_projector(shown, engine, surface, 1.0 + 299 / 60)


def test_the_phones_join_codes_over_a_score_overlay_show_whole_and_ask_for_no_frames():
    """S on, then the phones' join codes cover the show (and its overlay): their picture is drawn whole (no
    hole where the card would be) and, once settled, the window is asked for no frame at all."""
    from tests.layers_kit import board

    engine, shown, surface = demo()
    now = play(engine, shown, surface, [c.ViewScores(at=1.0, on=True)], frames=60)
    shown.join = board()
    for i in range(60):
        shown.render(surface, engine.state, now + 2 + i / 60)
    fresh = Projector(engine.format, shown.theme, "Демо", words_of(engine.format), views=views_of(engine.format))
    fresh.join = shown.join
    picture = pygame.Surface(SIZE)
    fresh.render(picture, engine.state, now - 1)
    fresh.render(picture, engine.state, now + 2 + 59 / 60)
    assert same(surface, picture)
    assert not shown.needs_frame(engine.state, now + 2 + SETTLE_S + 1, SIZE)
