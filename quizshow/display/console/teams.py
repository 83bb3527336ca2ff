"""The console's team list: each team's mark, name and score, with −/+ where the format takes a score
change by hand; forty teams become two columns a page at a time, the chosen team's −/+ at the bottom."""

from __future__ import annotations

from typing import Protocol

import pygame

from quizshow.core import commands as c
from quizshow.core.actions import Call
from quizshow.core.format import Refused
from quizshow.core.state import Team
from quizshow.display.console.style import BAD, GOLD, LIT, MUTED, TEXT
from quizshow.display.console.ui import PanelUI
from quizshow.i18n import number

# The console's own choices in its memory (calls no action registry knows: Console.click keeps them).
TEAMS_PAGE, TEAMS_CHOSEN = "console.teams_page", "console.teams_chosen"
CONSOLE_OWN = (TEAMS_PAGE, TEAMS_CHOSEN)
PANEL_OWN = "panel."  # a format panel's own switch (`panel.<name>`, one argument): kept in its memory alike

# Draws one team's row: (surface, row, team, unit, step, buttons=...) — Console._team_row.
class RowFn(Protocol):
    def __call__(self, surface: pygame.Surface, row: pygame.Rect, i: int, unit: int, step: int,
                 buttons: bool = True) -> None: ...


def scores_by_hand(ui: PanelUI) -> bool:
    """Whether the format takes a score change from the console now (scores made by a grid of answer
    sheets, or by matches, are not): when not, no −/+ is drawn to invite a refused click."""
    state = ui.state
    if not state.teams:
        return False
    try:
        ui.format.handle(state, c.ScoreAdd(at=ui.now, team=0, points=0))
    except Refused:
        return False
    return True


def draw_teams(ui: PanelUI, box: pygame.Rect, by_hand: bool, team_row: RowFn) -> None:
    """The titled list of teams in `box`, each drawn by `team_row`."""
    state, unit, surface = ui.state, ui.unit, ui.surface
    inner = ui.titled_panel(box, "console.teams")
    step = max(1, int(ui.format.position(state).get("value") or 1))
    row_h = min(int(unit * 2.2), inner.height // max(1, len(state.teams)))
    if row_h < int(unit * 1.5):  # many teams (40 of them): a compact list, ± for the chosen one
        draw_compact(ui, inner, step, by_hand, team_row)
        return
    for i in range(len(state.teams)):
        row = pygame.Rect(inner.x, inner.y + i * row_h, inner.width, row_h - 4)
        team_row(surface, row, i, unit, step, buttons=by_hand)


def out_words(team: Team, key: str) -> str:
    """«выбыл» for one player (a solo contestant, a team of one), «выбыли» for a team of several."""
    return key + "_one" if len(team.players) <= 1 else key


def draw_team_row(ui: PanelUI, row: pygame.Rect, i: int, step: int, buttons: bool = True) -> None:
    """A team: its mark (an empty ring: out of this question), name, score and, when asked, its −/+; a team
    out of the game for good (Format.teams_out: a player who has left for good) dimmed, «выбыл» in place of its −/+."""
    surface, unit, state = ui.surface, ui.unit, ui.state
    team = state.teams[i]
    out = i in ui.format.teams_out(state)
    answering, locked = i in ui.format.answering_teams(state), i in state.locked or out
    if answering:
        pygame.draw.rect(surface, GOLD, row, width=3, border_radius=6)
    color = ui.theme.team_color(i, team.color)
    r = min(unit // 3, row.height // 3)
    center = (row.x + 6 + unit // 3, row.centery)
    pygame.draw.circle(surface, color, center, r, 2 if locked else 0)
    btn = unit * 2 if buttons else 0
    score_w = unit * 4 if buttons else unit * 2
    score = ui.fitted(number(team.score), "numbers", (score_w, row.height - 2),
                      MUTED if out else BAD if team.score < 0 else GOLD, int(unit * 1.3), align="right")
    if not buttons:  # a compact row: the name takes all but the score's own width
        score_w = score.get_width()
    name_w = row.width - unit - 8 - score_w - btn * 2 - unit // 2
    name = ui.fitted(team.name, "heading", (name_w, row.height - 2), MUTED if locked else TEXT, unit)
    surface.blit(name, name.get_rect(midleft=(row.x + unit + 8, row.centery)))
    surface.blit(score, score.get_rect(midright=(row.right - btn * 2 - (unit // 2 if buttons else 4),
                                                 row.centery)))
    if buttons and out:
        # Out for good is one player of the team, who has left («выбыл»).
        gone = ui.fitted(ui.say("console.team_out"), "body", (btn * 2, row.height - 2), MUTED, int(unit * 0.9),
                         align="center")
        surface.blit(gone, gone.get_rect(center=(row.right - btn, row.centery)))
    elif buttons:
        inset = 5 if answering else 0  # inside the gold frame, not over it
        height = min(unit * 2 - 4, row.height - 2 * inset)
        minus = pygame.Rect(row.right - btn * 2 - 4, row.centery - height // 2, btn - inset, height)
        plus = pygame.Rect(row.right - btn - inset, row.centery - height // 2, btn - inset, height)
        ui.button(minus, "−", "score_add", i, -step)
        ui.button(plus, "+", "score_add", i, step)


def draw_compact(ui: PanelUI, inner: pygame.Rect, step: int, by_hand: bool, team_row: RowFn) -> None:
    """Two columns of rows at the readable size, a page at a time (‹ ›); a click on a team chooses it,
    and the chosen team's row at the bottom has the −/+ buttons (console-local: nothing is journalled).
    Scores not changed by hand (`by_hand` False): the rows are a list, nothing to choose, no bar."""
    surface, unit = ui.surface, ui.unit
    teams = len(ui.state.teams)
    memory = ui.memory
    bar_h = unit * 2 if by_hand else 0
    row_h = max(int(ui.min_px * 1.9), unit)  # a line of the smallest readable size, and air
    per_column = max(1, (inner.height - bar_h - unit // 2) // row_h)
    columns = 1 if teams <= per_column else 2  # one column holds them all: the names get its whole width
    per_page = per_column * columns
    pages = -(-teams // per_page)
    chosen = memory.get(TEAMS_PAGE, 0)
    page = min(chosen if isinstance(chosen, int) else 0, pages - 1)
    col_w = (inner.width - unit // 2) // 2 if columns == 2 else inner.width
    for slot, i in enumerate(range(page * per_page, min(teams, (page + 1) * per_page))):
        row = pygame.Rect(inner.x + (slot // per_column) * (col_w + unit // 2),
                          inner.y + (slot % per_column) * row_h, col_w, row_h - 2)
        if by_hand and memory.get(TEAMS_CHOSEN) == i:
            pygame.draw.rect(surface, LIT, row, border_radius=4)
        team_row(surface, row, i, unit, step, buttons=False)
        if by_hand:
            ui.buttons.append((row, Call(TEAMS_CHOSEN, (i,))))
    bar = pygame.Rect(inner.x, inner.bottom - bar_h, inner.width, bar_h - 2)
    if pages > 1:  # ‹ 1/2 › on the panel's title line, at its right
        nav = pygame.Rect(inner.right - unit * 7, inner.y - int(unit * 1.3), unit * 7, int(unit * 1.2))
        for x, label, to in ((nav.x, "‹", page - 1), (nav.right - unit * 2, "›", page + 1)):
            ui.button(pygame.Rect(x, nav.y, unit * 2, nav.height), label, TEAMS_PAGE, to % pages)
        where = ui.fitted(f"{page + 1}/{pages}", "numbers", (unit * 3, nav.height), MUTED, unit, align="center")
        surface.blit(where, where.get_rect(center=nav.center))
    chosen = memory.get(TEAMS_CHOSEN)
    rest = bar
    if not by_hand:
        return
    if isinstance(chosen, int) and 0 <= chosen < teams:
        team_row(surface, rest, chosen, unit, step)
    else:
        hint = ui.fitted(ui.say("console.choose_team"), "body", rest.size, MUTED, int(unit * 0.9))
        surface.blit(hint, hint.get_rect(midleft=rest.midleft))
