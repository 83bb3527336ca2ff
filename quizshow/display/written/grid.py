"""The operator's grid on the console: teams × questions, marked by keyboard.

Keys (the console's panel takes them before the key map, FormatViews.keys): ↑/↓ team, ←/→ question,
Space toggles «correct» and steps down, Y sets correct and N clears (each stepping down), L toggles a
late sheet, digits type a team number and jump to it, E/H/X give the cursor's team its extra minute,
its club help, one more extra player. D disputes the cursor's answer (its phone's text, or one typed on the
console), A files an appeal on it (Shift+A: on the question); on a cell that waits for a jury, Y / N are the
jury's ruling. Next stays on PageDown (presenters), the clock on F5/Esc.
The cursor is the console's (its panel memory), not the show's: it is never journalled; every mark is
an action call of the format (spec.ACTIONS), journalled as its command.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from quizshow.core.actions import Call
from quizshow.core.state import ShowState
from quizshow.core.typed import Typed, find, matches, shown
from quizshow.display.console.style import BAD, BUTTON, EDGE, GOLD, GOOD, MUTED, TEXT
from quizshow.display.console.ui import PanelUI
from quizshow.display.views import PanelKeys
from quizshow.display.written.results import written, written_state
from quizshow.formats.written.format import WrittenFormat
from quizshow.formats.written.model import PLAYING
from quizshow.inputs.keymap import digit_key

TYPING_S = 1.5  # digits typed within this of each other make one team number


@dataclass
class Cursor:
    team: int = 0
    number: int = 0
    follows: int = -1  # the question in play when the cursor last followed it
    typed: str = ""
    typed_at: float = -1e9


def cursor_for(memory: dict[str, object], state: ShowState) -> Cursor:
    """The grid's cursor; it moves to the new question (first team) whenever the show moves on."""
    cursor = memory.get("cursor")
    if not isinstance(cursor, Cursor):
        cursor = memory["cursor"] = Cursor()
    number = written_state(state).number
    if number != cursor.follows:
        cursor.follows, cursor.number, cursor.team = number, max(0, number), 0
    return cursor


MOVES = {pygame.K_UP: (-1, 0), pygame.K_DOWN: (1, 0), pygame.K_LEFT: (0, -1), pygame.K_RIGHT: (0, 1)}
# The mark a key sets (None: Space toggles the cell as it is).
MARKS: dict[int, bool | None] = {pygame.K_SPACE: None, pygame.K_y: True, pygame.K_KP_PLUS: True,
                                 pygame.K_EQUALS: True, pygame.K_n: False, pygame.K_MINUS: False,
                                 pygame.K_KP_MINUS: False}
TEAM_KEYS = {pygame.K_e: "extra_minute", pygame.K_h: "club_help", pygame.K_x: "extra_players"}


def _ruling(fmt: WrittenFormat, state: ShowState, team: int, number: int, mark: bool | None) -> Call | None:
    """Y / N (Space: the cell turned over) on a cell that waits for a jury is the jury's ruling, not a mark: the
    game jury's on a disputed answer, else the appeal jury's on the team's appeal (docs/written.md)."""
    w = written_state(state)
    place = w.place_of(number)
    dispute = w.dispute_of(team, number)
    if dispute is not None and dispute.accepted is None:
        accepted = not w.grid.is_correct(team, number) if mark is None else mark
        return Call("dispute_verdict", (team, place, accepted))
    if w.pending_appeal(team, number) is not None and mark is not None:
        return Call("appeal_verdict", (team, place, mark))
    return None


def _dispute(fmt: WrittenFormat, state: ShowState, team: int, number: int) -> Call:
    """D: the cursor team's answer is disputed — its phone's text when it typed one, else typed on the console."""
    kept, _, _ = typed_of(fmt, state, team, number)
    place = written_state(state).place_of(number)
    return Call("dispute", (team, place, kept.text) if kept is not None else (team, place))


def key(view: PanelKeys, key: int, mod: int, at: float) -> bool:
    """One key on the grid; False: not a grid key, or the grid is not shown yet (the key map takes it)."""
    if mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
        return False
    shift = bool(mod & pygame.KMOD_SHIFT)
    fmt, state = written(view.format), view.state
    w = written_state(state)
    if w.number < 0:
        return False
    cur = cursor_for(view.memory, state)
    teams = len(state.teams)
    digit = digit_key(key)
    if digit is not None:
        typed = cur.typed + digit if at - cur.typed_at <= TYPING_S else digit
        if not 1 <= int(typed) <= teams:
            typed = digit
        cur.typed, cur.typed_at = typed, at
        if 1 <= int(typed) <= teams:
            cur.team = int(typed) - 1
        return True
    cur.typed = ""
    if key in MOVES:
        dt, dn = MOVES[key]
        cur.team = max(0, min(teams - 1, cur.team + dt))
        cur.number = max(0, min(w.number, cur.number + dn))
        return True
    if key in MARKS and (ruling := _ruling(fmt, state, cur.team, cur.number, MARKS[key])) is not None:
        view.call(ruling)
        return True
    if key == pygame.K_d:
        view.call(_dispute(fmt, state, cur.team, cur.number))
        return True
    if key == pygame.K_a:
        place = w.place_of(cur.number)
        view.call(Call("appeal_question" if shift else "appeal", (cur.team, place)))
        return True
    if key in MARKS:
        out = view.call(Call("mark", (cur.team, cur.number, MARKS[key])))
        skipped = fmt.marked(state, cur.number) and cur.team not in fmt.players_of(w, cur.number)
        if (out is not None and out.accepted) or skipped:  # on to the next sheet (past a team that is out)
            cur.team = min(teams - 1, cur.team + 1)
        return True
    if key == pygame.K_l:
        view.call(Call("late", (cur.team, cur.number)))
        return True
    if key in TEAM_KEYS:
        view.call(Call(TEAM_KEYS[key], (cur.team,)))
        return True
    return False


def cell(fmt: WrittenFormat, state: ShowState, team: int, number: int) -> tuple[str, str]:
    """(symbol, state key) of one cell: «+» right, «·» no, «оп» late, «А» its author, «?» disputed (awaiting the
    jury), «X» removed on appeal, blank: out."""
    w = written_state(state)
    if fmt.is_warmup(number):
        return "", "warmup"
    if team == fmt.author_of(number):
        return "А", "author"
    if team not in fmt.players_of(w, number):
        return "", "out"
    if number in w.removed:
        return "X", "removed"
    dispute = w.dispute_of(team, number)
    if dispute is not None and dispute.accepted is None:
        return "?", "disputed"
    if (team, number) in w.grid.late:
        return "оп", "late"
    if number == w.number and state.phase in PLAYING:
        return "", "wrong"
    return ("+", "right") if w.grid.is_correct(team, number) else ("·", "wrong")


def typed_of(fmt: WrittenFormat, state: ShowState, team: int, number: int,
             index: dict[tuple[int, int, bool], Typed] | None = None) -> tuple[Typed | None, Typed | None, bool]:
    """A team's typed answers to question `number` (the one in time, the last late one) and whether the one in
    time matches the question's answer or an accepted form (a suggestion only: the operator marks). `index`:
    every typed answer by (team, question, late), made once a frame."""
    w = written_state(state)
    if index is None:
        kept, late = find(w.typed, team, number), find(w.typed, team, number, late=True)
    else:
        kept, late = index.get((team, number, False)), index.get((team, number, True))
    question = fmt.question(number)
    return kept, late, kept is not None and matches(kept.text, question.a, question.accept, question.reject)


def _typed_words(ui: PanelUI, kept: Typed | None, late: Typed | None, suggested: bool) -> tuple[str, pygame.Color]:
    if kept is not None:  # «≈»: it reads as the answer — a hint, never a mark (the cell says what counts)
        return ("≈ " if suggested else "") + shown(kept.text), (GOOD if suggested else TEXT)
    if late is not None:
        return ui.say("console.written_typed_late", text=shown(late.text)), BAD
    return "—", MUTED


def _status_words(ui: PanelUI, fmt: WrittenFormat, state: ShowState, team: int, number: int) -> str:
    """The cursor line's tail: what waits for a jury on the cell (and what Y / N will do), the question's
    «взяли N из M», and the team's standing with the rating (its id and city, or «at the door»)."""
    w = written_state(state)
    said = ""
    dispute = w.dispute_of(team, number)
    appeal = w.pending_appeal(team, number)
    if dispute is not None and dispute.accepted is None:
        said += ui.say("console.written_disputed", text=shown(dispute.text))
    elif appeal is not None:
        said += ui.say(f"console.written_appealed_{appeal.kind}", text=shown(appeal.text))
    figure = next((f for f in fmt.figures(state) if f.number == number), None)
    if figure is not None and fmt.marked(state, number):
        said += ui.say("console.written_removed") if figure.removed else \
            ui.say("console.written_taken", n=figure.taken, of=figure.of)
    reg = fmt.setup.registration(team)
    if fmt.setup.registrations:
        said += ui.say("console.written_at_door") if reg.at_door else \
            ui.say("console.written_rating_id", id=reg.rating_id, city=reg.city or "—")
    return said


def draw(ui: PanelUI, box: pygame.Rect) -> bool:
    """The grid in the console's format panel (False before the first question: the press queue)."""
    fmt, state = written(ui.format), ui.state
    w = written_state(state)
    if w.number < 0:
        return False
    cur = cursor_for(ui.memory, state)
    unit = ui.unit
    inner = ui.titled_panel(box, "console.written_grid")
    small = max(10, int(unit * 0.8))
    y = inner.y
    lines: list[tuple[str, pygame.Color]] = [(ui.say("console.written_keys"), MUTED)]
    helped = [state.teams[t].name for t, n in w.club_help if n == w.number]
    question = fmt.question(w.number)
    if helped and question.hint:
        lines.append((ui.say("console.written_hint", teams=", ".join(helped), hint=question.hint), GOLD))
    extra = [state.teams[m.team].name for m in w.extra_minutes if m.number == w.number]
    if extra:
        lines.append((ui.say("console.written_extra", teams=", ".join(extra)), MUTED))
    # Typed answers from the phones for the cursor's question: a column beside the cells (only when there are
    # any: a paper show's grid is as it was), and the cursor team's whole answer on the cursor's line.
    index = {(t.team, t.question, t.late): t for t in w.typed if t.question == cur.number}
    typed = {team: typed_of(fmt, state, team, cur.number, index) for team in range(len(state.teams))}
    phones = any(kept is not None or late is not None for kept, late, _ in typed.values())
    _, what = cell(fmt, state, cur.team, cur.number)
    said = ui.say("console.written_cursor", team=f"{cur.team + 1}. {state.teams[cur.team].name}",
                  q=fmt.label(cur.number), state=ui.say(f"console.written_cell_{what}"))
    kept, late, suggested = typed[cur.team]
    if kept is not None:
        said += ui.say("console.written_typed_cursor", text=shown(kept.text))
        said += ui.say("console.written_suggest") if suggested else ""
        if late is not None:  # a correction sent too late: it does not count, the operator still sees it
            said += ui.say("console.written_typed_cursor_also_late", text=shown(late.text))
    elif late is not None:
        said += ui.say("console.written_typed_cursor_late", text=shown(late.text))
    said += _status_words(ui, fmt, state, cur.team, cur.number)
    lines.append((said, GOLD))
    if cur.typed:
        lines.append((ui.say("console.written_typed", n=cur.typed), GOLD))
    for n, (text, color) in enumerate(lines):
        # The keys' line (and a typed answer) wraps to a second line rather than end in «…» where one line
        # cannot hold it.
        wrap = n in (0, len(lines) - 1 - bool(cur.typed)) and \
            ui.text.layout(text, "body", (inner.width, small + 4), small, ui.min_px, False).cut
        img = ui.label(text, (inner.x, y), (inner.width, (small + 4) * (2 if wrap else 1)), color, small, wrap=wrap)
        y += max(img.get_height(), small + 4) + 2
    # The columns: the questions of the cursor's tour (or the extra questions), its sum, the total.
    tour = fmt.tour_of(cur.number)
    if fmt.is_warmup(cur.number):  # the warm-up's questions: their cells are empty (never scored)
        numbers = sorted(fmt.warmups)
    elif tour is None:
        numbers = list(range(len(fmt.main), w.number + 1))
    else:
        first = next(n for n, (t, _, _) in enumerate(fmt.main) if t == tour)
        numbers = list(range(first, first + len(fmt.tours[tour])))
    lines_by_team = {line.team: line for line in fmt.lines(state)}
    name_w, sum_w = unit * 9, unit * 3
    typed_w = inner.width * 8 // 25 if phones else 0
    cell_w = max(unit, (inner.width - name_w - sum_w * 2 - typed_w) // max(1, len(numbers)))
    row_h = max(small + 6, int(unit * 1.05))
    taken_h = small + 2  # «взяли» under each number: a slim row, so the forty teams keep their room
    head_y = y + 4
    typed_x = inner.x + name_w + len(numbers) * cell_w + unit // 2
    sums_x = typed_x + typed_w

    def centred(text: str, role: str, rect: pygame.Rect, color: pygame.Color) -> None:
        img = ui.fitted(text, role, rect.size, color, small, align="center")
        ui.surface.blit(img, img.get_rect(center=rect.center))

    taken = {f.number: f for f in fmt.figures(state)}
    for col, number in enumerate(numbers):
        rect = pygame.Rect(inner.x + name_w + col * cell_w, head_y, cell_w, row_h)
        centred(fmt.label(number), "numbers", rect.inflate(-2, 0),
                GOLD if number == cur.number else (TEXT if number <= w.number else MUTED))
        figure = taken.get(number)
        if figure is not None and fmt.marked(state, number):  # «взяли»: how many teams took it, as marks go in
            # Fitted in a full line's height; a digit has no descender, so the slim row's step is enough.
            img = ui.fitted("X" if figure.removed else str(figure.taken), "numbers", (rect.width - 2, small + 6),
                            MUTED if figure.removed else GOOD, small, align="center")
            ui.surface.blit(img, img.get_rect(midtop=(rect.centerx, rect.bottom)))
    if phones:
        ui.label(ui.say("console.written_typed_head", q=fmt.label(cur.number)), (typed_x, head_y),
                 (typed_w - unit // 2, row_h), GOLD, small, role="heading")
    tour_head = ui.say("scene.written_tour_short", n=tour + 1) if tour is not None else \
        "—" if fmt.is_warmup(cur.number) else "+"
    for label, x in ((tour_head, sums_x), (ui.say("console.written_total"), sums_x + sum_w)):
        centred(label, "heading", pygame.Rect(x, head_y, sum_w, row_h), MUTED)
    ui.label(ui.say("console.written_taken_head"), (inner.x + 4, head_y + row_h), (name_w - 6, small + 6), MUTED,
             small)
    top = head_y + row_h + taken_h + 2
    visible = max(1, (inner.bottom - top) // row_h)
    first_team = max(0, min(len(state.teams) - visible, cur.team - visible // 2))
    for slot, team in enumerate(range(first_team, min(len(state.teams), first_team + visible))):
        ry = top + slot * row_h
        if team == cur.team:
            pygame.draw.rect(ui.surface, BUTTON, pygame.Rect(inner.x, ry, inner.width, row_h - 2),
                             border_radius=4)
        ui.label(f"{team + 1}. {state.teams[team].name}", (inner.x + 4, ry + 1), (name_w - 6, row_h),
                 TEXT if team == cur.team else MUTED, small)
        for col, number in enumerate(numbers):
            rect = pygame.Rect(inner.x + name_w + col * cell_w + 1, ry, cell_w - 2, row_h - 2)
            if number > w.number:
                continue
            symbol, what = cell(fmt, state, team, number)
            fill = {"right": GOOD, "late": BAD, "disputed": GOLD}.get(what)
            if fill is not None:
                pygame.draw.rect(ui.surface, fill, rect, border_radius=3)
            else:
                pygame.draw.rect(ui.surface, EDGE, rect, width=1, border_radius=3)
            if team == cur.team and number == cur.number:
                ui.outline(rect.inflate(4, 4), GOLD, 3)
            if symbol:
                centred(symbol, "heading", rect, BUTTON if what == "disputed" else TEXT if fill else MUTED)
            if what not in ("out", "author", "warmup", "removed") and fmt.marked(state, number):
                # a click turns it over (Space): on a disputed cell, the jury's ruling
                click = _ruling(fmt, state, team, number, None) or Call("mark", (team, number))
                ui.buttons.append((rect, click))
        if phones:  # the team's typed answer to the cursor's question; green where it matches the answer
            kept, late, suggested = typed[team]
            text, color = _typed_words(ui, kept, late, suggested)
            room = typed_w - unit // 2
            also_late = kept is not None and late is not None  # a late correction beside the answer that counts
            img = ui.label(text, (typed_x, ry + 1), (room // 2 if also_late else room, row_h), color, small)
            if also_late and late is not None:
                gap = unit // 2
                ui.label(ui.say("console.written_typed_late", text=shown(late.text)),
                         (typed_x + img.get_width() + gap, ry + 1), (room - img.get_width() - gap, row_h), BAD, small)
        line = lines_by_team[team]
        tour_sum = line.tours[tour] if tour is not None else None if fmt.is_warmup(cur.number) else line.extra
        for value, x, color in ((tour_sum, sums_x, TEXT), (line.total, sums_x + sum_w, GOLD)):
            centred("—" if value is None else str(value), "numbers", pygame.Rect(x, ry, sum_w, row_h), color)
    return True
