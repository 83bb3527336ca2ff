"""The bout's result springing open over the duel's tables: the winning team and how many of its players
are still in, or «дисквалификация» 0 : 0; after the match's last bout, the match's winner and score."""

from __future__ import annotations

import pygame

from quizshow.core.effects import EventKind
from quizshow.display import paint
from quizshow.display.duel.common import duel_of, fmt_of, light_ink, table_colour
from quizshow.display.scenes import widgets
from quizshow.display.scenes.base import Frame, Piece
from quizshow.display.scenes.plates import words
from quizshow.display.tween import WORDS_AT, ease_out_back
from quizshow.formats.duel.model import CAPTAIN, COLOURS, TABLES


def piece(frame: Frame) -> Piece:
    """Where the plate is drawn while it grows, and how far it has grown."""
    plate = pygame.Rect(0, 0, frame.u(1180), frame.u(420))
    plate.center = (frame.u(650), frame.u(590))
    grow = ease_out_back(min(1.0, frame.anim.since(EventKind.MATCH_RESULT, frame.now) / 0.6))
    room = frame.u(5) * 3 * 2  # the glow frame's pad, each side
    return plate.inflate(plate.width // 6 + room, plate.height // 6 + room), ("result", grow)


def draw(surface: pygame.Surface, frame: Frame) -> None:
    state = frame.state
    bout = duel_of(frame).bout
    grow = ease_out_back(min(1.0, frame.anim.since(EventKind.MATCH_RESULT, frame.now) / 0.6))
    plate = pygame.Rect(0, 0, frame.u(1180), frame.u(420))
    plate.center = (frame.u(650), frame.u(590))
    winner = bout.winner
    edge = table_colour(frame.theme, CAPTAIN) if winner is None else frame.team_color(winner)
    body = paint.panel(plate.size, paint.rgb(frame.color("panel_top")), paint.rgb(frame.color("panel_dark")),
                       paint.rgb(frame.color("accent")), frame.u(26), max(3, frame.u(4)))
    body = paint.scaled(body, max(0.05, grow))
    surface.blit(body, body.get_rect(center=plate.center))
    if grow < WORDS_AT:
        return
    match = match_result(frame)
    if match is not None and winner is not None:  # the match's last bout won: the match is announced
        champion, a, b = match
        paint.blit_glow_frame(surface, plate, paint.rgb(edge if champion is None else
                              frame.team_color(champion)), frame.u(26), frame.u(5), give_way=frame.give_way)
        words(surface, frame, frame.say("scene.duel_match_won" if champion is not None else
              "scene.duel_match_draw"), pygame.Rect(plate.x, plate.y + frame.u(40), plate.width, frame.u(70)),
              color=frame.color("muted"), px=48, upper=True)
        name = state.teams[champion].name if champion is not None else f"{a} : {b}"
        words(surface, frame, name, pygame.Rect(plate.x + frame.u(40), plate.y + frame.u(120),
              plate.width - frame.u(80), frame.u(170)), color=frame.color("accent"), px=150, upper=True,
              role="heading" if champion is not None else "numbers")
        if champion is not None:
            words(surface, frame, frame.say("scene.duel_match_score", a=a, b=b),
                  pygame.Rect(plate.x, plate.y + frame.u(300), plate.width, frame.u(80)), role="heading",
                  color=frame.color("text"), px=64, shadow=False)
    elif winner is not None:
        paint.blit_glow_frame(surface, plate, paint.rgb(edge), frame.u(26), frame.u(5), give_way=frame.give_way)
        words(surface, frame, frame.say("scene.duel_won"), pygame.Rect(plate.x, plate.y + frame.u(40),
              plate.width, frame.u(70)), color=frame.color("muted"), px=48, upper=True)
        words(surface, frame, state.teams[winner].name, pygame.Rect(plate.x + frame.u(40), plate.y + frame.u(120),
              plate.width - frame.u(80), frame.u(170)), color=frame.color("accent"), px=150, upper=True)
        left = len(bout.left(winner))
        words(surface, frame, frame.say("scene.duel_in_game", n=left, of=len(COLOURS)),
              pygame.Rect(plate.x, plate.y + frame.u(310), plate.width, frame.u(60)), role="body",
              color=frame.color("text"), px=40, shadow=False)
    else:
        # On its own plate, the warning colour made legible with its ink (red words on the blue card read
        # at under 3:1 from the back of a hall).
        band = pygame.Rect(plate.x + frame.u(40), plate.y + frame.u(50), plate.width - frame.u(80), frame.u(140))
        tone = widgets.legible(frame.color("warning"), frame)
        surface.blit(paint.panel(band.size, paint.rgb(paint.mix(tone, light_ink(frame), 0.06)), paint.rgb(tone),
                                 None, frame.u(18)), band)
        ink = widgets.ink_on(tone, frame)
        words(surface, frame, frame.say("scene.duel_disqualified"), band.inflate(-frame.u(40), -frame.u(24)),
              color=ink, px=72, upper=True, shadow=ink == frame.color("text"))
        words(surface, frame, "0 : 0", pygame.Rect(plate.x, plate.y + frame.u(200), plate.width, frame.u(120)),
              role="numbers", px=120)
        below = frame.say("scene.duel_silent")
        if match is not None:  # the match's last bout: under it, how the match ended
            champion, a, b = match
            below = frame.say("scene.duel_match_draw_line", a=a, b=b) if champion is None else \
                frame.say("scene.duel_match_line", name=state.teams[champion].name, a=a, b=b)
        words(surface, frame, below, pygame.Rect(plate.x, plate.y + frame.u(330),
              plate.width, frame.u(50)), role="body", color=frame.color("muted"), px=34, shadow=False)


def match_result(frame: Frame) -> tuple[int | None, int, int] | None:
    """After the match's last bout (a show of more than one bout): (the winner or None when level, the
    winner's bouts, the other's), the winner's first; None while the match goes on or is a single bout."""
    fmt, state = fmt_of(frame), frame.state
    if len(fmt.sheets) < 2 or not fmt.match_over(state):
        return None
    champion = fmt.match_winner(state)
    first, second = (state.teams[t].score for t in TABLES)
    return (champion, second, first) if champion == TABLES[1] else (champion, first, second)
