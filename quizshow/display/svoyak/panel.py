"""The console's «Своя игра» panel: a clickable board, the chooser and its override, the cat's receiver and
value, the auction's bids, the final's removals, stakes and verdicts. Stakes and bids show here only.

Buttons are calls of the format's actions (formats/svoyak/spec.py): cell(T, Q), pick(N), give(N),
catvalue(V), bid(N), allin(N), pass(N), remove(T), stake(N), and the console's amount(EDIT), end_round;
disc(T, "stall") is «Затяжка».
Drawn with the console's widgets only (display/console/ui.py).
"""

from __future__ import annotations

from collections.abc import Iterable

import pygame

from quizshow.core.actions import Value
from quizshow.core.typed import find, matches, shown
from quizshow.display.console import rules as console_rules
from quizshow.display.console.style import BAD, GOLD, GOOD, MUTED, TEXT
from quizshow.display.console.ui import PanelUI
from quizshow.formats.svoyak.auction import console_bid, console_offers
from quizshow.formats.svoyak.format import SvoyakFormat
from quizshow.formats.svoyak.model import Final, Play, SvoyakPhase
from quizshow.formats.svoyak.spec import SPEC, console_stake
from quizshow.i18n import number


def _play(ui: PanelUI) -> Play:
    return SPEC.state_of(ui.state)


def _format(ui: PanelUI) -> SvoyakFormat:
    return SPEC.format_of(ui.format)


def draw(ui: PanelUI, box: pygame.Rect) -> bool:
    """Draw the panel for the current phase; False: the console's press queue is the right panel."""
    state = ui.state
    phase, play = state.phase, _play(ui)
    if phase == SvoyakPhase.TITLE:
        return console_rules.draw_size_problems(ui, box)
    if phase == SvoyakPhase.ANSWERING and play.call is not None and state.answering is not None:
        _call(ui, box, state.answering)
    elif phase in (SvoyakPhase.ROUND, SvoyakPhase.BOARD, SvoyakPhase.REVEAL) and play.kind not in ("final", "shootout"):
        _board(ui, box)
    elif phase == SvoyakPhase.CAT:
        _choices(ui, box, "console.give_cat",
                 [(t.name, "give", (i,)) for i, t in enumerate(state.teams) if i != play.chooser])
    elif phase == SvoyakPhase.CAT_VALUE:
        values = _format(ui).cat_options(state)
        receiver = play.solo if play.solo is not None else 0
        _choices(ui, box, "console.cat_value", [(str(v), "catvalue", (v,)) for v in values],
                 subtitle=ui.say("console.cat_receiver", name=state.teams[receiver].name))
    elif phase == SvoyakPhase.AUCTION:
        _auction(ui, box)
    elif phase == SvoyakPhase.FINAL_THEMES:
        _final_themes(ui, box)
    elif phase == SvoyakPhase.FINAL_STAKES:
        _final_stakes(ui, box)
    elif phase in (SvoyakPhase.FINAL_QUESTION, SvoyakPhase.FINAL_REVEAL, SvoyakPhase.FINAL_ANSWER):
        _final_reveal(ui, box)
    else:
        return False
    return True


def _call(ui: PanelUI, box: pygame.Rect, team: int) -> None:
    """«Отвечать необходимо сразу»: who was called, the countdown to start the answer, the host's «Затяжка»."""
    unit = ui.unit
    inner = ui.titled_panel(box, "console.call")
    ui.label(ui.state.teams[team].name, inner.topleft, (inner.width, unit * 2), ui.team_color(team),
             int(unit * 1.4), role="heading")
    rect = pygame.Rect(inner.x, inner.y + unit * 3, min(inner.width, unit * 22), unit * 3)
    console_rules.draw_call(ui, rect, team, _play(ui).call)


def _board(ui: PanelUI, box: pygame.Rect) -> None:
    state, fmt, play, unit = ui.state, _format(ui), _play(ui), ui.unit
    inner = ui.titled_panel(box, "console.board")
    rnd = fmt.game.rounds[play.round]
    themes, columns = rnd.size
    chooser_h = int(unit * 2.2)
    row_h = max(unit, (inner.height - chooser_h - unit // 2) // max(1, themes))
    # The theme names give way to the cells on a wide board (12 columns of SIGameTest-v4): a cell holds
    # «200 аукц.» in whole words; a long theme name wraps in its taller row instead.
    name_w = min(inner.width * 2 // 5, max(unit * 7, inner.width - columns * unit * 4))
    cell_w = (inner.width - name_w) // max(1, columns)
    for t, theme in enumerate(rnd.round.themes):
        y = inner.y + t * row_h
        ui.label(theme.name, (inner.x, y + 2), (name_w - 8, row_h - 4), px=int(unit * 0.9), wrap=True)
        cells: list[tuple[pygame.Rect, str, int, bool, bool]] = []
        for q in range(columns):
            rect = pygame.Rect(inner.x + name_w + q * cell_w, y, cell_w - 4, row_h - 4)
            if (t, q) not in rnd.cells:  # an empty cell or past a shorter theme's end: nothing to open
                ui.blank(rect)
                continue
            kind = rnd.question((t, q)).type
            played = (t, q) in play.played
            parts = ["—" if played else str(rnd.value((t, q)))]
            if not played and kind != "regular":
                parts.append(ui.say(f"console.kind_{kind}"))  # the operator sees the specials coming
            image = rnd.question((t, q)).image
            missing = not played and image is not None and not image.exists()
            if missing:  # a picture that will not show: the operator knows before opening the cell
                parts.append(ui.say("console.no_picture_mark"))
            label = " ".join(parts)  # «200 аукц.» on one line where it fits whole, else «200» over «аукц.»
            if len(parts) > 1 and ui.text.layout(label, "body", (rect.width - 8, rect.height - 4), int(unit * 0.9),
                                                 ui.min_px).cut:
                label = "\n".join(parts)
            cells.append((rect, label, q, played, missing))
        # One size for the row: the largest at which every label of it fits whole.
        px = min((ui.text.layout(label, "body", (rect.width - 8, rect.height - 4), int(unit * 0.9), ui.min_px).px
                  for rect, label, *_ in cells), default=int(unit * 0.9))
        for rect, label, q, played, missing in cells:
            ui.button(rect, label, "cell", t, q, dim=played, mark=BAD if missing else None, px=px)
    y = inner.y + themes * row_h + unit // 4
    if fmt.round_over(play):  # nothing left to choose or end: say so, Next goes on
        ui.label(ui.say("scene.round_over"), (inner.x, y + unit // 2), (inner.width, chooser_h), GOLD,
                 int(unit * 1.0), role="heading")
        return
    ui.label(ui.say("console.chooser"), (inner.x, y + unit // 2), (unit * 6, chooser_h), MUTED, int(unit * 0.8),
             role="heading")
    _team_buttons(ui, pygame.Rect(inner.x + unit * 6, y, inner.width * 3 // 4 - unit * 6, chooser_h - 4),
                  range(len(state.teams)), "pick", lit=play.chooser)
    if state.phase in (SvoyakPhase.ROUND, SvoyakPhase.BOARD):  # only where it can act (never at «ответ показан»)
        end = pygame.Rect(inner.right - inner.width // 4 + unit // 2, y, inner.width // 4 - unit // 2, chooser_h - 4)
        ui.button(end, ui.say("console.end_round"), "end_round")


def _team_buttons(ui: PanelUI, box: pygame.Rect, teams: Iterable[int], action: str, lit: int | None = None) -> None:
    teams = list(teams)
    for rect, team in zip(ui.grid(box, len(teams), gap=ui.unit // 3), teams, strict=True):
        ui.button(rect, ui.state.teams[team].name, action, team, mark=ui.team_color(team), lit=team == lit)


def _choices(ui: PanelUI, box: pygame.Rect, title: str, buttons: list[tuple[str, str, tuple[Value, ...]]],
             subtitle: str | None = None) -> None:
    unit = ui.unit
    inner = ui.titled_panel(box, title)
    y = inner.y
    if subtitle:
        ui.label(subtitle, (inner.x, y), (inner.width, unit * 2))
        y += unit * 2
    gap = unit // 2
    width = min(unit * 12, (inner.width - gap * (len(buttons) - 1)) // max(1, len(buttons)))
    for i, (label, action, args) in enumerate(buttons):
        ui.button(pygame.Rect(inner.x + i * (width + gap), y, width, unit * 3), label, action, *args)


def _amount_line(ui: PanelUI, box: pygame.Rect) -> None:
    """The typed amount (digits or the buttons), shared by bids and stakes."""
    unit = ui.unit
    x = box.x + ui.field(box, ui.say("console.amount"), ui.status.amount or "0")
    for text, edit in (("+10", "+10"), ("+100", "+100"), ("+1000", "+1000"), (ui.say("console.erase"), "back"),
                       (ui.say("console.clear"), "clear")):
        ui.button(pygame.Rect(x, box.y, unit * 4, box.height), text, "amount", edit)
        x += unit * 4 + unit // 3


def _amount_rows(ui: PanelUI, inner: pygame.Rect, teams: tuple[int, ...]) -> list[tuple[int, pygame.Rect]]:
    """The amount line on top, then one row per team under it (bids and stakes)."""
    unit = ui.unit
    _amount_line(ui, pygame.Rect(inner.x, inner.y, inner.width, unit * 2))
    row_h = min(unit * 3, (inner.height - unit * 3) // max(1, len(teams)))
    return [(team, pygame.Rect(inner.x, inner.y + unit * 3 + slot * row_h, inner.width, row_h - 4))
            for slot, team in enumerate(teams)]


def _row_label(ui: PanelUI, row: pygame.Rect, text: str, width: int, color: pygame.Color) -> None:
    """A bid's or a stake's row text beside its team's dot, centred on the dot's line."""
    img = ui.fitted(text, "body", (width, row.height), color, ui.unit)
    ui.surface.blit(img, img.get_rect(midleft=(row.x + ui.unit, row.centery)))


def _auction(ui: PanelUI, box: pygame.Rect) -> None:
    state, unit, amount = ui.state, ui.unit, ui.status.amount or "0"
    auction = _play(ui).auction
    assert auction is not None
    inner = ui.titled_panel(box, "console.auction")
    for team, row in _amount_rows(ui, inner, auction.order):
        turn = not auction.done and auction.current == team
        if turn:
            ui.outline(row)
        ui.dot((row.x + unit // 2, row.centery), ui.team_color(team))
        name = state.teams[team]
        if team == auction.leader:
            what = ui.say("scene.all_in" if auction.all_in else "scene.bid", n=auction.bid)
        elif team in auction.out:
            what = ui.say("scene.pass")
        else:
            what = ui.say("console.your_turn") if turn else ""
        line = f"{name.name}  ({number(name.score)})   {what}"  # a real minus: «Борис  (−10)»
        _row_label(ui, row, line, row.width // 2, MUTED if team in auction.out else TEXT)
        if turn:
            bw = row.width // 6
            x = row.right - bw * 3 - unit
            typed = int(amount) if amount.isdigit() else 0
            scores, nominal = [t.score for t in state.teams], _play(ui).value
            bid = console_bid(auction, team, typed, scores, nominal)
            words = {"bid": ui.say("console.bid", n=bid), "allin": ui.say("scene.all_in", n=name.score),
                     "pass": ui.say("scene.pass")}
            for action in console_offers(auction, team, scores, nominal):  # only what the rules take now
                text = words[action]
                ui.button(pygame.Rect(x, row.y + 2, bw - 4, row.height - 4), text, action, team)
                x += bw
    others = auction.order[1:]
    if _format(ui).tie_to_settle(state):  # a tie still ahead in the order: the host says who bids first
        y = inner.bottom - unit * 2
        ui.label(ui.say("console.tie_hint"), (inner.x, y + unit // 2), (inner.width // 2, unit * 2), MUTED,
                 int(unit * 0.8))
        _team_buttons(ui, pygame.Rect(inner.x + inner.width // 2, y, inner.width // 2, unit * 2), others, "pick")


def _final_themes(ui: PanelUI, box: pygame.Rect) -> None:
    state, fmt, unit = ui.state, _format(ui), ui.unit
    final = _play(ui).final
    assert final is not None
    inner = ui.titled_panel(box, "console.final_themes")
    names = fmt.game.final_themes
    remover = final.remover(len(names))
    who = ui.say("console.removes", name=state.teams[remover].name) if remover is not None else \
        ui.say("console.theme_left")
    ui.label(who, (inner.x, inner.y), (inner.width, unit * 2), GOLD)
    row_h = min(unit * 3, (inner.height - unit * 5) // max(1, len(names)))
    for t, name in enumerate(names):
        rect = pygame.Rect(inner.x, inner.y + unit * 2 + t * row_h, inner.width // 2, row_h - 4)
        ui.button(rect, name, "remove", t, dim=t in final.removed)
    if remover is not None:  # the last theme left: nobody removes, no one to choose
        _team_buttons(ui, pygame.Rect(inner.x + inner.width // 2 + unit, inner.y + unit * 2,
                                      inner.width // 2 - unit, unit * 2), final.order, "pick", lit=remover)
    if fmt.tie_to_settle(state):  # the one removing now is level with one after them: the host may say who
        ui.label(ui.say("console.order_hint"), (inner.x + inner.width // 2 + unit, inner.y + unit * 5),
                 (inner.width // 2 - unit, unit * 3), MUTED, int(unit * 0.8), wrap=True)


def _final_stakes(ui: PanelUI, box: pygame.Rect) -> None:
    state, unit = ui.state, ui.unit
    final = _play(ui).final
    assert final is not None
    inner = ui.titled_panel(box, "console.final_stakes")
    typed = ui.status.amount or "0"
    lowest = int(_format(ui).rules["final_min_stake"])
    stake_made = console_stake(int(typed) if typed.isdigit() else 0, lowest)  # what a click stakes
    for team, row in _amount_rows(ui, inner, final.order):
        score = state.teams[team].score
        stake = final.stake(team)
        ui.dot((row.x + unit // 2, row.centery), ui.team_color(team))
        text = f"{state.teams[team].name}  ({lowest}…{score})   " + (
            ui.say("console.stake_is", n=stake) if stake is not None else ui.say("console.no_stake"))
        _row_label(ui, row, text, row.width * 2 // 3, TEXT if stake else MUTED)
        rect = pygame.Rect(row.right - row.width // 4, row.y + 2, row.width // 4, row.height - 4)
        ui.button(rect, ui.say("console.set_stake", n=stake_made), "stake", team)


def _final_reveal(ui: PanelUI, box: pygame.Rect) -> None:
    state, unit = ui.state, ui.unit
    final = _play(ui).final
    assert final is not None
    inner = ui.titled_panel(box, "console.final_reveal")
    row_h = min(int(unit * 2.4), inner.height // max(1, len(final.order)))
    for slot, team in enumerate(final.order):
        row = pygame.Rect(inner.x, inner.y + slot * row_h, inner.width, row_h - 4)
        if state.phase == SvoyakPhase.FINAL_REVEAL and slot == final.showing:
            ui.outline(row)
        verdict = final.verdict(team)
        mark, tone = ("", TEXT) if verdict is None else (
            (ui.say("action.correct"), GOOD) if verdict else (ui.say("action.wrong"), BAD))
        text = f"{state.teams[team].name}   {ui.say('console.stake_is', n=final.stake(team))}   {mark}"
        ui.dot((row.x + unit // 2, row.centery), ui.team_color(team))
        typed = bool(final.typed)  # answers typed on phones: each beside its finalist (a paper final: as it was)
        width = row.width * 9 // 20 if typed else row.width - unit * 2
        ui.label(text, (row.x + unit, row.y + 4), (width, row.height), tone)
        if typed and _has_phone(ui, team):  # a finalist on a key or a box has no typed answer to show
            words, color = _final_typed(ui, final, team)
            ui.label(words, (row.x + unit * 2 + width, row.y + 4), (row.right - row.x - unit * 3 - width, row.height),
                     color, wrap=True)


def _has_phone(ui: PanelUI, team: int) -> bool:
    """Whether `team` plays on a phone (a seat on the join board); without a board (no phones served): any."""
    board = ui.status.join_board
    return board is None or any(seat.team == team for seat in board.seats)


def _final_typed(ui: PanelUI, final: Final, team: int) -> tuple[str, pygame.Color]:
    """A finalist's typed answer for the host judging the reveal: «≈» and green where it reads as the answer or
    an accepted form (a hint only: the host judges), red when it came late."""
    question = _format(ui).final_current(_play(ui))
    theme = _format(ui).final_theme(final)
    kept = find(final.typed, team, theme) if theme is not None else None
    late = find(final.typed, team, theme, late=True) if theme is not None else None
    if kept is not None:
        right = question is not None and matches(kept.text, question.a, question.accept, question.reject)
        return ("≈ " if right else "") + ui.say("console.final_typed", text=shown(kept.text)), GOOD if right else TEXT
    if late is not None:
        return ui.say("console.final_typed_late", text=shown(late.text)), BAD
    return ui.say("console.final_typed_none"), MUTED
