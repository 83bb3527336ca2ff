"""The operator's grid on the console: teams × questions, marked by keyboard.

Keys (while the format is `written` they come here before the key map): ↑/↓ team, ←/→ question,
Space toggles «correct» and steps down, Y sets correct and N clears (each stepping down), L toggles a
late sheet, digits type a team number and jump to it, E/H/X give the cursor's team its extra minute,
its club help, one more extra player. Next stays on PageDown (presenters), the clock on F5/Esc.
The cursor is the console's, not the show's: it is never journalled; every mark is a command.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from quizshow.display.console_style import BAD, EDGE, GOLD, GOOD, MUTED, TEXT
from quizshow.formats.written import commands as wc
from quizshow.formats.written.model import PLAYING

if TYPE_CHECKING:  # the app and the console are passed in, not imported: no import cycle through them
    from quizshow.core.engine import Engine

TYPING_S = 1.5  # digits typed within this of each other make one team number


@dataclass
class Cursor:
    team: int = 0
    number: int = 0
    follows: int = -1  # the question in play when the cursor last followed it
    typed: str = ""
    typed_at: float = -1e9


_CURSORS: weakref.WeakKeyDictionary[Engine, Cursor] = weakref.WeakKeyDictionary()


def cursor_for(engine: Engine) -> Cursor:
    """The grid's cursor; it moves to the new question (first team) whenever the show moves on."""
    cursor = _CURSORS.setdefault(engine, Cursor())
    number = engine.state.fmt.number
    if number != cursor.follows:
        cursor.follows, cursor.number, cursor.team = number, max(0, number), 0
    return cursor


def _digit(key: int) -> str | None:
    if pygame.K_0 <= key <= pygame.K_9:
        return str(key - pygame.K_0)
    for d in range(10):
        if key == getattr(pygame, f"K_KP{d}", None):
            return str(d)
    return None


def key(app: Any, key: int, mod: int, at: float) -> bool:
    """One key on the grid; False: not a grid key (the key map takes it)."""
    if mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
        return False
    engine = app.engine
    fmt, state = engine.format, engine.state
    if state.fmt.number < 0:
        return False
    cur = cursor_for(engine)
    teams = len(state.teams)
    digit = _digit(key)
    if digit is not None:
        typed = cur.typed + digit if at - cur.typed_at <= TYPING_S else digit
        if not 1 <= int(typed) <= teams:
            typed = digit
        cur.typed, cur.typed_at = typed, at
        if 1 <= int(typed) <= teams:
            cur.team = int(typed) - 1
        return True
    cur.typed = ""
    moves = {pygame.K_UP: (-1, 0), pygame.K_DOWN: (1, 0), pygame.K_LEFT: (0, -1), pygame.K_RIGHT: (0, 1)}
    if key in moves:
        dt, dn = moves[key]
        cur.team = max(0, min(teams - 1, cur.team + dt))
        cur.number = max(0, min(state.fmt.number, cur.number + dn))
        return True
    grid = state.fmt.grid
    right = {pygame.K_SPACE: not grid.is_correct(cur.team, cur.number), pygame.K_y: True, pygame.K_KP_PLUS: True,
             pygame.K_EQUALS: True, pygame.K_n: False, pygame.K_MINUS: False, pygame.K_KP_MINUS: False}
    if key in right:
        out = app.submit(wc.WrittenMark(at=at, team=cur.team, number=cur.number, correct=right[key]))
        if out.accepted or (fmt.marked(state, cur.number) and cur.team not in fmt.players_of(state.fmt, cur.number)):
            cur.team = min(teams - 1, cur.team + 1)
        return True
    if key == pygame.K_l:
        late = (cur.team, cur.number) in grid.late
        app.submit(wc.WrittenLate(at=at, team=cur.team, number=cur.number, late=not late))
        return True
    if key == pygame.K_e:
        app.submit(wc.WrittenExtraMinute(at=at, team=cur.team))
        return True
    if key == pygame.K_h:
        app.submit(wc.WrittenClubHelp(at=at, team=cur.team))
        return True
    if key == pygame.K_x:
        count = (state.fmt.players_added(cur.team) + 1) % (int(fmt.rules["max_extra_players"]) + 1)
        app.submit(wc.WrittenExtraPlayers(at=at, team=cur.team, count=count))
        return True
    return False


def cell(engine: Engine, team: int, number: int) -> tuple[str, str]:
    """(symbol, state key) of one cell: «+» right, «·» no, «оп» late, «А» its author, blank: out."""
    fmt, state = engine.format, engine.state
    w = state.fmt
    if team == fmt.author_of(number):
        return "А", "author"
    if team not in fmt.players_of(w, number):
        return "", "out"
    if (team, number) in w.grid.late:
        return "оп", "late"
    if number == w.number and state.phase in PLAYING:
        return "", "wrong"
    return ("+", "right") if w.grid.is_correct(team, number) else ("·", "wrong")


def draw(con: Any, surface: pygame.Surface, box: pygame.Rect, unit: int, status: Any) -> bool:
    """The grid in the console's format panel (`con` is the Console, `status` its ConsoleStatus)."""
    engine = con.engine
    fmt, state = engine.format, engine.state
    w = state.fmt
    if w.number < 0:
        return False
    cur = cursor_for(engine)
    inner = con._titled_panel(surface, box, "console.written_grid", unit)
    small = max(10, int(unit * 0.8))
    y = inner.y
    lines = [con.say("console.written_keys")]
    helped = [state.teams[t].name for t, n in w.club_help if n == w.number]
    question = fmt.question(w.number)
    if helped and question.hint:
        lines.append(con.say("console.written_hint", teams=", ".join(helped), hint=question.hint))
    extra = [state.teams[m.team].name for m in w.extra_minutes if m.number == w.number]
    if extra:
        lines.append(con.say("console.written_extra", teams=", ".join(extra)))
    symbol, what = cell(engine, cur.team, cur.number)
    lines.append(con.say("console.written_cursor", team=f"{cur.team + 1}. {state.teams[cur.team].name}",
                         q=fmt.label(cur.number), state=con.say(f"console.written_cell_{what}")))
    if cur.typed:
        lines.append(con.say("console.written_typed", n=cur.typed))
    for i, text in enumerate(lines):
        color = GOLD if i == len(lines) - 1 or text.startswith(con.say("console.written_hint", teams="", hint="")[:5]) \
            else MUTED
        surface.blit(con._fit(text, "body", (inner.width, small + 4), color, small), (inner.x, y))
        y += small + 6
    # The columns: the questions of the cursor's tour (or the extra questions), its sum, the total.
    tour = fmt.tour_of(cur.number)
    if tour is None:
        numbers = list(range(len(fmt.main), w.number + 1))
    else:
        first = next(n for n, (t, _, _) in enumerate(fmt.main) if t == tour)
        numbers = list(range(first, first + len(fmt.tours[tour])))
    lines_by_team = {line.team: line for line in fmt.lines(state)}
    name_w = unit * 9
    sum_w = unit * 3
    cell_w = max(unit, (inner.width - name_w - sum_w * 2) // max(1, len(numbers)))
    row_h = max(small + 6, int(unit * 1.05))
    head_y = y + 4
    for col, number in enumerate(numbers):
        rect = pygame.Rect(inner.x + name_w + col * cell_w, head_y, cell_w, row_h)
        color = GOLD if number == cur.number else (TEXT if number <= w.number else MUTED)
        img = con._fit(fmt.label(number), "numbers", (cell_w - 2, row_h), color, small, align="center")
        surface.blit(img, img.get_rect(center=rect.center))
    for label, x in ((con.say("scene.written_tour_short", n=(tour or 0) + 1) if tour is not None else "+",
                      inner.x + name_w + len(numbers) * cell_w),
                     (con.say("console.written_total"), inner.x + name_w + len(numbers) * cell_w + sum_w)):
        img = con._fit(label, "heading", (sum_w, row_h), MUTED, small, align="center")
        surface.blit(img, img.get_rect(center=(x + sum_w // 2, head_y + row_h // 2)))
    top = head_y + row_h + 2
    visible = max(1, (inner.bottom - top) // row_h)
    first_team = max(0, min(len(state.teams) - visible, cur.team - visible // 2))
    for slot, team in enumerate(range(first_team, min(len(state.teams), first_team + visible))):
        ry = top + slot * row_h
        row = pygame.Rect(inner.x, ry, inner.width, row_h - 2)
        if team == cur.team:
            pygame.draw.rect(surface, pygame.Color("#262b40"), row, border_radius=4)
        name = f"{team + 1}. {state.teams[team].name}"
        surface.blit(con._fit(name, "body", (name_w - 6, row_h), TEXT if team == cur.team else MUTED, small),
                     (inner.x + 4, ry + 1))
        for col, number in enumerate(numbers):
            rect = pygame.Rect(inner.x + name_w + col * cell_w + 1, ry, cell_w - 2, row_h - 2)
            if number > w.number:
                continue
            symbol, what = cell(engine, team, number)
            fill = {"right": GOOD, "late": BAD}.get(what)
            if fill is not None:
                pygame.draw.rect(surface, fill, rect, border_radius=3)
            else:
                pygame.draw.rect(surface, EDGE, rect, width=1, border_radius=3)
            if team == cur.team and number == cur.number:
                pygame.draw.rect(surface, GOLD, rect.inflate(4, 4), width=3, border_radius=4)
            if symbol:
                img = con._fit(symbol, "heading", (rect.width, rect.height), TEXT if fill else MUTED, small,
                               align="center")
                surface.blit(img, img.get_rect(center=rect.center))
        line = lines_by_team[team]
        tour_sum = line.tours[tour] if tour is not None else line.extra
        for value, x, color in ((tour_sum, inner.x + name_w + len(numbers) * cell_w, TEXT),
                                (line.total, inner.x + name_w + len(numbers) * cell_w + sum_w, GOLD)):
            img = con._fit("—" if value is None else str(value), "numbers", (sum_w, row_h), color, small,
                           align="center")
            surface.blit(img, img.get_rect(center=(x + sum_w // 2, ry + row_h // 2)))
    return True
