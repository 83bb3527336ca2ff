"""What the «Своя игра» scenes share: typed access to the game (through SPEC), the score strip with the
chooser, card plates, fitted words and the board's grid."""

from __future__ import annotations

import pygame

from quizshow.display import paint
from quizshow.display.scenes import widgets
from quizshow.display.scenes.base import Frame
from quizshow.display.scenes.plates import card, card_surface, spring_card, words  # noqa: F401
from quizshow.formats.svoyak.format import SvoyakFormat
from quizshow.formats.svoyak.model import Auction, Final, Play, Shootout, SvoyakPhase
from quizshow.formats.svoyak.spec import SPEC

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
    """The score strip with whoever chooses now marked «выбирает»: the chooser of the board's cells, but the
    cat's receiver while they choose its value."""
    p = play(frame)
    chooser = None if svoyak(frame).round_over(p) else p.chooser  # the round is over: nobody chooses
    if frame.state.phase == SvoyakPhase.CAT_VALUE and p.solo is not None:
        chooser = p.solo
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


# --- the board ------------------------------------------------------------------------------------------


def board_grid(frame: Frame, themes: int, columns: int) -> tuple[list[pygame.Rect], list[list[pygame.Rect]]]:
    """Theme plates and value cells of a board, on the area above the score strip. A wide board with few
    themes (SIGame's 12 columns in 2 rows) sets each theme's cells in two lines, in reading order: cells as
    narrow as a tall column held «1200» at a third of their height; in two lines it reads from the hall."""
    w, _h = frame.size
    top, bottom = frame.u(112), strip_rect(frame).y - frame.u(36)
    gap = frame.u(14)
    row_h = (bottom - top - gap * (themes - 1)) // max(1, themes)
    left, right = frame.u(60), w - frame.u(60)
    theme_w = int((right - left) * (0.36 if columns <= 5 else 0.3))
    lines = 2 if columns > 8 and (row_h - gap) // 2 >= frame.u(BOARD_LINE_MIN_H) else 1
    per_line = -(-columns // lines)
    cell_w = (right - left - theme_w - gap * per_line) // max(1, per_line)
    cell_h = (row_h - gap * (lines - 1)) // lines
    plates, cells = [], []
    for t in range(themes):
        y = top + t * (row_h + gap)
        plates.append(pygame.Rect(left, y, theme_w, row_h))
        cells.append([pygame.Rect(left + theme_w + gap + (col % per_line) * (cell_w + gap),
                                  y + (col // per_line) * (cell_h + gap), cell_w, cell_h)
                      for col in range(columns)])
    return plates, cells


BOARD_LINE_MIN_H = 120  # a value cell's lowest height (1080 lines) when a theme's cells take two lines


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
