"""Pieces several scenes put on screen: the score strip, the clock, the banner, the heading."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from quizshow.display import paint
from quizshow.display.scenes.base import Frame, Piece
from quizshow.display.text import TextCache
from quizshow.display.tween import ease_out_back, pulse
from quizshow.i18n import number


def heading(surface: pygame.Surface, frame: Frame, text: str, y: int = 28, height: int = 70) -> None:
    w = frame.size[0]
    box = (w - frame.u(240), frame.u(height))
    img = frame.text.fit(text.upper(), "heading", box, frame.color("accent"), frame.u(56), shadow=True)
    surface.blit(img, img.get_rect(midtop=(w // 2, frame.u(y))))


def left_stripe(surface: pygame.Surface, color: pygame.Color, card: pygame.Rect, width: int, radius: int) -> None:
    """A colour stripe (a team's, a table's) down the left edge of a card drawn with `radius` corners: the
    card's own rounded shape through a clip `width` wide, so the stripe keeps within the card's curve (a
    narrow rectangle's own corners, clamped to half its width, stuck out 4 px above and below the card's)."""
    card_band(surface, color, card, pygame.Rect(card.x, card.y, width, card.height), radius)


def top_band(surface: pygame.Surface, color: pygame.Color, card: pygame.Rect, height: int, radius: int) -> None:
    """The same along a card's top edge (the final's team cards)."""
    card_band(surface, color, card, pygame.Rect(card.x, card.y, card.width, height), radius)


def card_band(surface: pygame.Surface, color: pygame.Color, card: pygame.Rect, band: pygame.Rect, radius: int) -> None:
    clip = surface.get_clip()
    surface.set_clip(band.clip(clip))
    pygame.draw.rect(surface, color, card, border_radius=radius)
    surface.set_clip(clip)


STRIP_CARD_MIN_W = 100  # a score strip's narrowest card (at 1080 lines): its colour bar, padding and score
STRIP_NAME_PX = 46  # a score strip's names (at 1080 lines): the size a short name gets
STRIP_NAME_FLOOR = 36  # ...and the smallest the whole strip shrinks to for a long one, which wraps instead


def score_strip(surface: pygame.Surface, frame: Frame, rect: pygame.Rect, label: dict[int, str] | None = None,
                teams: list[int] | None = None) -> None:
    """One card per team: colour bar, name, score (counting up); the answering team glows, and so
    does a team with a label (the chooser «выбирает»). `teams` limits the strip to some of them."""
    state = frame.state
    pad = frame.u(28)
    cards: list[tuple[int, pygame.Rect, pygame.Surface]] = []
    for i, card in _strip_cards(frame, rect, teams):
        score = frame.anim.score(i, state.teams[i].score, frame.now)
        score_color = frame.color("negative") if score < 0 else frame.color("accent")
        if i in state.locked:  # out of this question: the muted text colour, still readable from the back of a hall
            score_color = frame.color("muted")
        digits = frame.text.fit(number(score), "numbers", (card.width // 2 - pad, card.height - frame.u(16)),
                                score_color, frame.u(84), shadow=True, wrap=False)
        cards.append((i, card, digits))
    name_px = _strip_name_px(frame, [(state.teams[i].name, _name_width(frame, card, digits))
                                     for i, card, digits in cards], rect.height)
    for i, card, digits in cards:
        frame.give_way()
        team = state.teams[i]
        answering = state.answering == i or bool((label or {}).get(i))
        locked = i in state.locked
        dark = frame.color("panel_dark")
        body = paint.panel(card.size, paint.rgb(paint.mix(dark, frame.color("panel"), 0.35)), paint.rgb(dark),
                           None, frame.u(14))
        surface.blit(body, card)
        left_stripe(surface, frame.team_color(i), card, frame.u(10), frame.u(14))
        flash = frame.anim.flash(i, frame.now)
        if answering or flash:
            color = frame.color("accent") if answering else frame.team_color(i)
            alpha = 255 if answering or flash is None else int(255 * flash[1])
            paint.blit_glow_frame(surface, card, paint.rgb(color), frame.u(14), frame.u(4), alpha,
                                  give_way=frame.give_way)
        text_color = frame.color("muted") if locked else frame.color("text")
        surface.blit(digits, digits.get_rect(midright=(card.right - pad, card.centery)))
        top_label = (label or {}).get(i)
        width = _name_width(frame, card, digits)
        if width < frame.u(40):
            continue  # a narrow card (a dozen teams): its colour and score; no name squeezed to a smudge
        name = _strip_name(frame, team.name, width, card.height, name_px, text_color)
        place = name.get_rect(midleft=(card.x + pad, card.centery))
        if top_label:  # a two-line name starts under the «выбирает» tab astride the card's top edge
            place.top = max(place.top, min(card.y + frame.u(16), card.bottom - place.height))
        surface.blit(name, place)
        if top_label:
            # «ВЫБИРАЕТ» on a gold tab astride the card's top edge, readable from the back of a hall (it was
            # 24 px of small gold text inside the card); the name keeps its size under it.
            words = frame.text.fit(top_label.upper(), "heading", (card.width - pad * 2, frame.u(42)),
                                   frame.color("panel_dark"), frame.u(40), wrap=False)
            tab = pygame.Rect(card.x + pad, card.y - frame.u(30), words.get_width() + frame.u(32),
                              max(frame.u(46), words.get_height() + frame.u(4)))
            pygame.draw.rect(surface, frame.color("accent"), tab, border_radius=frame.u(12))
            surface.blit(words, words.get_rect(center=tab.center))


def strip_pieces(frame: Frame, rect: pygame.Rect, label: dict[int, str] | None = None,
                 teams: list[int] | None = None) -> list[Piece]:
    """The score strip's cards as moving pieces (`Scene.moving`): where each draws (its glow frame and
    «выбирает» tab included) and what moves on it (the score counting up, a flash fading)."""
    state = frame.state
    glow = frame.u(4) * 3  # paint.blit_glow_frame's pad
    pieces: list[Piece] = []
    for i, card in _strip_cards(frame, rect, teams):
        score = frame.anim.score(i, state.teams[i].score, frame.now)
        flash = frame.anim.flash(i, frame.now)
        area = card.inflate(glow * 2, glow * 2)
        if (label or {}).get(i):  # the «выбирает» tab astride the card's top edge
            area.union_ip(pygame.Rect(card.x, card.y - frame.u(32), card.width, frame.u(32)))
        pieces.append((area, ("strip", i, score, None if flash is None else int(255 * flash[1]))))
    return pieces


def _strip_cards(frame: Frame, rect: pygame.Rect, teams: list[int] | None) -> list[tuple[int, pygame.Rect]]:
    """Each team's card on the score strip (none when there are more teams than cards that hold a score:
    a written quiz of 40 gets no strip of slivers)."""
    shown = list(range(len(frame.state.teams))) if teams is None else teams
    gap = frame.u(28)
    card_w = (rect.width - gap * (max(1, len(shown)) - 1)) // max(1, len(shown))
    if card_w < frame.u(STRIP_CARD_MIN_W):
        return []
    return [(i, pygame.Rect(rect.x + slot * (card_w + gap), rect.y, card_w, rect.height))
            for slot, i in enumerate(shown)]


def _name_width(frame: Frame, card: pygame.Rect, digits: pygame.Surface) -> int:
    """The width a score strip card leaves its team's name beside the score."""
    return card.width - digits.get_width() - frame.u(28) * 3


def _strip_name_px(frame: Frame, names: list[tuple[str, int]], card_h: int) -> int:
    """One size for every name on the strip: the largest at which each name keeps one line, but never below
    the floor (a name that needs less wraps onto two lines at the floor instead: «Тёмные / лошадки»)."""
    top, floor = frame.u(STRIP_NAME_PX), frame.u(STRIP_NAME_FLOOR)
    px = top
    for name, width in names:
        if width < frame.u(40):
            continue  # a card with no name drawn
        one_line = frame.text.layout(name, "heading", (width, card_h - frame.u(40)), top, wrap=False)
        px = min(px, max(floor, one_line.px if not one_line.cut else 0))
    return px


def _strip_name(frame: Frame, name: str, width: int, card_h: int, px: int, color: pygame.Color) -> pygame.Surface:
    """A team's name on the strip at the strip's size: on one line, else on two, else (a very long name) the
    size that fits."""
    one = (width, card_h - frame.u(40))
    if not frame.text.layout(name, "heading", one, px, px, wrap=False).cut:
        return frame.text.fit(name, "heading", one, color, px, px, align="left", shadow=True, wrap=False)
    two = (width, card_h - frame.u(6))  # line spacing is a third of the size: two lines fill the card
    if not frame.text.layout(name, "heading", two, px, px).cut:
        return frame.text.fit(name, "heading", two, color, px, px, align="left", shadow=True)
    return frame.text.fit(name, "heading", two, color, px, align="left", shadow=True)


def clock_dead(frame: Frame) -> bool:
    """A clock with nothing left to tell: run out («0 секунд»), or stopped once the answer is shown
    (a frozen «107 секунд» on the reveal). It is not drawn."""
    timer = frame.state.timer
    if timer.running:
        return False
    flags = frame.flags
    return timer.remaining(frame.now) <= 0 or flags.answer_shown or flags.game_over


def clock_piece(frame: Frame, center: tuple[int, int], radius: int) -> Piece | None:
    """The clock as a moving piece (`Scene.moving`): its square, new every frame while it runs."""
    if clock_dead(frame):
        return None
    timer = frame.state.timer
    square = pygame.Rect(center[0] - radius - 4, center[1] - radius - 4, radius * 2 + 8, radius * 2 + 8)
    return square, ("clock", frame.now if timer.running else timer.remaining(frame.now))


def clock(surface: pygame.Surface, frame: Frame, center: tuple[int, int], radius: int,
          show_label: bool = True) -> None:
    """Big digits inside an anti-aliased ring; the warning colour and a pulse in the last seconds. A dead
    clock is not drawn; a paused one (someone answering) is dimmed."""
    if clock_dead(frame):
        return
    timer = frame.state.timer
    frame.clocks.append(pygame.Rect(center[0] - radius - 4, center[1] - radius - 4, radius * 2 + 8, radius * 2 + 8))
    left = timer.remaining(frame.now)
    warning_s = float(frame.fmt.rules.get("warning_s", 10))
    # A clock shorter than the warning (the 3-second window) never turns red on its own.
    warn = 0 < left <= warning_s < timer.duration or timer.expired
    color = frame.color("warning") if warn else frame.color("accent")
    if warn and timer.running:
        color = paint.mix(color, frame.color("text"), 0.35 * pulse(frame.now, 1.0))
    track = paint.mix(frame.color("panel_dark"), frame.color("background_bottom"), 0.3)
    digit_color, label_color = frame.color("text"), frame.color("muted")
    if not timer.running:  # paused: the ring dims; the digits stay readable
        color = paint.mix(color, track, 0.5)
        digit_color = label_color
    width = max(4, radius // 8)
    fraction = left / timer.duration if timer.duration else 0
    paint.ring(surface, center, radius, width, fraction, paint.rgb(color), paint.rgb(track), frame.give_way)
    seconds = int(left + 0.999) if left > 0 else 0
    # One size for every frame: the warning pulses in the ring's colour. (A size pulsing frame by frame asked
    # the text cache for a new picture each frame, and the box capped it, so the digits never grew anyway.)
    img = frame.text.fit(number(seconds), "numbers", (int(radius * 1.5), int(radius * 1.1)), digit_color,
                         int(radius * 1.05), shadow=True, wrap=False)
    surface.blit(img, img.get_rect(center=(center[0], center[1] - radius // 10)))
    if show_label and radius > 60:
        label = frame.text.fit(frame.say("scene.seconds", n=seconds), "body", (radius, radius // 4), label_color,
                               max(10, radius // 6))
        surface.blit(label, label.get_rect(midtop=(center[0], center[1] + int(radius * 0.42))))


def banner(surface: pygame.Surface, frame: Frame, above: pygame.Rect | None = None,
           over: pygame.Rect | None = None) -> None:
    """A lower-third band («Время!», «Это неправильный ответ»), springing open just above the score strip
    `above` (the −10 it brings stays in sight), else over the foot of the picture; centred on the card `over`
    and within it, when given (a card beside the clock's column)."""
    found = frame.state.banner
    if found is None:
        return
    w, h = frame.size
    age = max(0.0, frame.now - (found.until - frame.fmt.BANNER_S))
    grow = ease_out_back(min(1.0, age / 0.35))
    full_h = frame.u(BANNER_H)
    band_h = max(1, int(full_h * grow))
    rect = banner_rect(frame, above, over)
    color = legible(frame.team_color(found.team) if found.team is not None else frame.color("accent"), frame)
    slab = paint.panel((rect.width, full_h), paint.rgb(paint.mix(color, paint.WHITE, 0.08)),
                       paint.rgb(color), None, frame.u(20))
    slab = paint.scaled(slab, 1.0, grow)  # one cached slab, stretched as it springs open
    surface.blit(slab, slab.get_rect(center=rect.center))
    if band_h > frame.u(60):
        text = frame.text.fit(frame.say(found.text_key), "heading", (rect.width - frame.u(80), band_h - frame.u(24)),
                              ink_on(color, frame), frame.u(96))
        surface.blit(text, text.get_rect(center=rect.center))


BANNER_H = 136  # the lower third's band, on the 1080-line grid


def banner_piece(frame: Frame, above: pygame.Rect | None = None, over: pygame.Rect | None = None) -> Piece | None:
    """The banner as a moving piece (`Scene.moving`): its place (and an eighth of its height above and below:
    the spring overshoots by a tenth), new while it springs open."""
    found = frame.state.banner
    if found is None:
        return None
    age = max(0.0, frame.now - (found.until - frame.fmt.BANNER_S))
    rect = banner_rect(frame, above, over)
    return rect.inflate(0, rect.height // 4), ("banner", ease_out_back(min(1.0, age / 0.35)))


def banner_rect(frame: Frame, above: pygame.Rect | None = None, over: pygame.Rect | None = None) -> pygame.Rect:
    """Where a banner stands: just above the score strip `above`, else at the bottom of the picture; centred
    on the card `over` and no wider than it (never out past its edge into the clock's column)."""
    w, h = frame.size
    width = int(w * 0.7) if over is None else min(int(w * 0.7), over.width - frame.u(48))
    rect = pygame.Rect(0, 0, width, frame.u(BANNER_H))
    rect.center = (w // 2 if over is None else over.centerx, h - frame.u(36) - frame.u(52))
    if above is not None:
        rect.bottom = above.top - frame.u(12)
    return rect


def legible(color: pygame.Color, frame: Frame, ratio: float = 4.8) -> pygame.Color:
    """A plate's colour, darkened just enough that text on it reaches the contrast ratio (≥ 4.5 on air, with a
    margin for the plate's gradient): a team's red or blue keeps its hue."""
    plate = pygame.Color(color)
    dark, light = frame.color("panel_dark"), frame.color("text")
    for _ in range(20):
        if max(paint.contrast(plate, dark), paint.contrast(plate, light)) >= ratio:
            break
        plate = paint.mix(plate, paint.BLACK, 0.06)
    return plate


def ink_on(color: pygame.Color, frame: Frame) -> pygame.Color:
    """The text colour for a plate of `color`: dark ink on light plates, white on dark ones (contrast)."""
    dark, light = frame.color("panel_dark"), frame.color("text")
    return dark if paint.contrast(color, dark) >= paint.contrast(color, light) else light


ANSWER_H = 110  # the answer plate on the 1080-line grid; a long answer gets a taller one (answer_height)
ANSWER_H_MAX = 300
ANSWER_TEXT_PX, ANSWER_READABLE_PX = 64, 30  # the answer's size, and the least it may shrink to on air
ANSWER_ROOMY_PX = 48  # an answer smaller than this in the usual band gets a taller plate
ANSWER_H_MAX_BARE = 420  # ... taller still under a card with no question text (a picture, web content)
ANSWER_LABEL_W = 290  # the «Ответ:» label and the margins beside the answer's text, on the 1080-line grid


def answer_height(text: TextCache, answer: str, width: int, u: Callable[[float], int],
                  most: int = ANSWER_H_MAX) -> int:
    """The answer plate's height: the usual band, or taller (up to `most`, on the 1080-line grid) when a long
    answer would shrink below ANSWER_ROOMY_PX in it: tall enough for the largest size whose lines fit (a
    long answer in large lines, never three small ones under a card with room to spare); the question card
    above gives up the room."""
    box_w = width - u(ANSWER_LABEL_W)
    band = u(ANSWER_H)
    if text.layout(answer, "heading", (box_w, band - u(16)), u(ANSWER_TEXT_PX)).px >= u(ANSWER_ROOMY_PX):
        return band
    for px in range(ANSWER_TEXT_PX, ANSWER_READABLE_PX + 5, -4):
        need = text.layout(answer, "heading", (box_w, 10**4), u(px)).height + u(40)
        if need <= u(most):
            return max(band, need)
    return max(band, u(most))


def answer_plate(surface: pygame.Surface, frame: Frame, answer: str, box: pygame.Rect) -> None:
    """«Ответ: …» on a gold plate."""
    shadow = paint.mix(frame.color("accent"), frame.color("accent_shadow"), 0.35)
    plate = paint.panel(box.size, paint.rgb(frame.color("accent")), paint.rgb(shadow), None, frame.u(18))
    surface.blit(plate, box)
    label = frame.text.fit(frame.say("scene.answer") + ":", "body", (frame.u(200), box.height - frame.u(20)),
                           frame.color("panel_dark"), frame.u(40), wrap=False)
    surface.blit(label, label.get_rect(midleft=(box.x + frame.u(30), box.centery)))
    text = frame.text.fit(answer, "heading", (box.width - label.get_width() - frame.u(90), box.height - frame.u(16)),
                          frame.color("panel_dark"), frame.u(64))
    surface.blit(text, text.get_rect(midleft=(box.x + label.get_width() + frame.u(56), box.centery)))
