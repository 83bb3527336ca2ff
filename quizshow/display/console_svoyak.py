"""The console's «Своя игра» panel: a clickable board, the chooser and its override, the cat's receiver and
value, the auction's bids, the final's removals, stakes and verdicts. Stakes and bids show here only.

Buttons return action names the app turns into commands (`cell:T:Q`, `pick:N`, `give:N`, `catvalue:V`,
`bid:N`, `allin:N`, `pass:N`, `remove:T`, `stake:N`, `amount:...`, `end_round`, `disc:T:stall`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from quizshow.display import console_rules
from quizshow.display.console_style import BAD, GOLD, GOOD, MUTED, TEXT

if TYPE_CHECKING:
    from quizshow.display.console import Console, ConsoleStatus

AMOUNT_PHASES = ("auction", "final_stakes")  # phases where the digit keys type an amount


def draw(con: Console, surface: pygame.Surface, box: pygame.Rect, unit: int, status: ConsoleStatus) -> bool:
    """Draw the panel for the current phase; False: the console's press queue is the right panel."""
    state = con.engine.state
    phase, play = state.phase, state.fmt
    if phase == "title":
        return console_rules.draw_size_problems(con, surface, box, unit)
    if phase == "answering" and play.call is not None and state.answering is not None:
        _call(con, surface, box, unit)
    elif phase in ("round", "board", "reveal") and play.kind not in ("final", "shootout"):
        _board(con, surface, box, unit)
    elif phase == "cat":
        _choices(con, surface, box, unit, "console.give_cat",
                 [(t.name, f"give:{i}") for i, t in enumerate(state.teams) if i != play.chooser])
    elif phase == "cat_value":
        values = con.engine.format.cat_options(state)
        _choices(con, surface, box, unit, "console.cat_value", [(str(v), f"catvalue:{v}") for v in values],
                 subtitle=con.say("console.cat_receiver", name=state.teams[play.solo].name))
    elif phase == "auction":
        _auction(con, surface, box, unit, status)
    elif phase == "final_themes":
        _final_themes(con, surface, box, unit)
    elif phase == "final_stakes":
        _final_stakes(con, surface, box, unit, status)
    elif phase in ("final_question", "final_reveal", "final_answer"):
        _final_reveal(con, surface, box, unit)
    else:
        return False
    return True


def _call(con: Console, surface: pygame.Surface, box: pygame.Rect, unit: int) -> None:
    """«Отвечать необходимо сразу»: who was called, the countdown to start the answer, the host's «Затяжка»."""
    state = con.engine.state
    inner = con._titled_panel(surface, box, "console.call", unit)
    team = state.answering
    surface.blit(con._fit(state.teams[team].name, "heading", (inner.width, unit * 2), _team_color(con, team),
                          int(unit * 1.4)), inner.topleft)
    rect = pygame.Rect(inner.x, inner.y + unit * 3, min(inner.width, unit * 22), unit * 3)
    console_rules.draw_call(con, surface, rect, unit, team, state.fmt.call)


def _team_color(con: Console, team: int) -> pygame.Color:
    return con.theme.team_color(team, con.engine.state.teams[team].color)


def _board(con: Console, surface: pygame.Surface, box: pygame.Rect, unit: int) -> None:
    state, fmt = con.engine.state, con.engine.format
    play = state.fmt
    inner = con._titled_panel(surface, box, "console.board", unit)
    rnd = fmt.game.rounds[play.round]
    themes, columns = rnd.size
    chooser_h = int(unit * 2.2)
    row_h = max(unit, (inner.height - chooser_h - unit // 2) // max(1, themes))
    name_w = inner.width * 2 // 5
    cell_w = (inner.width - name_w) // max(1, columns)
    for t, theme in enumerate(rnd.round.themes):
        y = inner.y + t * row_h
        surface.blit(con._fit(theme.name, "body", (name_w - 8, row_h - 4), TEXT, int(unit * 0.9)), (inner.x, y + 2))
        for q in range(columns):
            rect = pygame.Rect(inner.x + name_w + q * cell_w, y, cell_w - 4, row_h - 4)
            kind = rnd.question((t, q)).type
            played = (t, q) in play.played
            label = "—" if played else str(rnd.value((t, q)))
            if not played and kind != "regular":
                label += " " + con.say(f"console.kind_{kind}")  # the operator sees the specials coming
            con._button(surface, rect, label, f"cell:{t}:{q}", unit, dim=played)
    y = inner.y + themes * row_h + unit // 4
    label = con._fit(con.say("console.chooser"), "heading", (unit * 6, chooser_h), MUTED, int(unit * 0.8))
    surface.blit(label, (inner.x, y + unit // 2))
    _team_buttons(con, surface, pygame.Rect(inner.x + unit * 6, y, inner.width * 3 // 4 - unit * 6, chooser_h - 4),
                  range(len(state.teams)), "pick", unit, lit=play.chooser)
    end = pygame.Rect(inner.right - inner.width // 4 + unit // 2, y, inner.width // 4 - unit // 2, chooser_h - 4)
    con._button(surface, end, con.say("console.end_round"), "end_round", unit)


def _team_buttons(con: Console, surface: pygame.Surface, box: pygame.Rect, teams, prefix: str, unit: int,
                  lit: int | None = None) -> None:
    teams = list(teams)
    gap = unit // 3
    width = (box.width - gap * (len(teams) - 1)) // max(1, len(teams))
    for slot, team in enumerate(teams):
        rect = pygame.Rect(box.x + slot * (width + gap), box.y, width, box.height)
        con._button(surface, rect, con.engine.state.teams[team].name, f"{prefix}:{team}", unit,
                    mark=_team_color(con, team), lit=team == lit)


def _choices(con: Console, surface: pygame.Surface, box: pygame.Rect, unit: int, title: str,
             buttons: list[tuple[str, str]], subtitle: str | None = None) -> None:
    inner = con._titled_panel(surface, box, title, unit)
    y = inner.y
    if subtitle:
        surface.blit(con._fit(subtitle, "body", (inner.width, unit * 2), TEXT, unit), (inner.x, y))
        y += unit * 2
    gap = unit // 2
    width = min(unit * 12, (inner.width - gap * (len(buttons) - 1)) // max(1, len(buttons)))
    for i, (label, action) in enumerate(buttons):
        con._button(surface, pygame.Rect(inner.x + i * (width + gap), y, width, unit * 3), label, action, unit)


def _amount_line(con: Console, surface: pygame.Surface, box: pygame.Rect, unit: int, status: ConsoleStatus) -> None:
    """The typed amount (digits or the buttons), shared by bids and stakes."""
    shown = status.amount or "0"
    label = con._fit(f"{con.say('console.amount')}: {shown}", "numbers", (unit * 10, box.height), GOLD,
                     int(unit * 1.4))
    surface.blit(label, (box.x, box.y))
    x = box.x + unit * 10
    for text, action in (("+10", "amount:+10"), ("+100", "amount:+100"), ("+1000", "amount:+1000"),
                         (con.say("console.erase"), "amount:back"), (con.say("console.clear"), "amount:clear")):
        rect = pygame.Rect(x, box.y, unit * 4, box.height)
        con._button(surface, rect, text, action, unit)
        x += unit * 4 + unit // 3


def _amount_rows(con: Console, surface: pygame.Surface, inner: pygame.Rect, unit: int, status: ConsoleStatus,
                 teams: tuple[int, ...]) -> list[tuple[int, pygame.Rect]]:
    """The amount line on top, then one row per team under it (bids and stakes)."""
    _amount_line(con, surface, pygame.Rect(inner.x, inner.y, inner.width, unit * 2), unit, status)
    row_h = min(unit * 3, (inner.height - unit * 3) // max(1, len(teams)))
    return [(team, pygame.Rect(inner.x, inner.y + unit * 3 + slot * row_h, inner.width, row_h - 4))
            for slot, team in enumerate(teams)]


def _auction(con: Console, surface: pygame.Surface, box: pygame.Rect, unit: int, status: ConsoleStatus) -> None:
    state = con.engine.state
    auction = state.fmt.auction
    inner = con._titled_panel(surface, box, "console.auction", unit)
    for team, row in _amount_rows(con, surface, inner, unit, status, auction.order):
        turn = not auction.done and auction.current == team
        if turn:
            pygame.draw.rect(surface, GOLD, row, width=2, border_radius=6)
        pygame.draw.circle(surface, _team_color(con, team), (row.x + unit // 2, row.centery), unit // 3)
        name = state.teams[team]
        if team == auction.leader:
            what = con.say("scene.all_in" if auction.all_in else "scene.bid", n=auction.bid)
        elif team in auction.out:
            what = con.say("scene.pass")
        else:
            what = con.say("console.your_turn") if turn else ""
        line = f"{name.name}  ({name.score})   {what}"
        color = MUTED if team in auction.out else TEXT
        surface.blit(con._fit(line, "body", (row.width // 2, row.height), color, unit), (row.x + unit, row.y + 4))
        if turn:
            bw = row.width // 6
            x = row.right - bw * 3 - unit
            for text, action in ((con.say("console.bid", n=status.amount or "0"), f"bid:{team}"),
                                 (con.say("scene.all_in", n=name.score), f"allin:{team}"),
                                 (con.say("scene.pass"), f"pass:{team}")):
                con._button(surface, pygame.Rect(x, row.y + 2, bw - 4, row.height - 4), text, action, unit)
                x += bw
    others = auction.order[1:]
    scores = [state.teams[t].score for t in others]
    if len(set(scores)) < len(scores):  # a tie in the order: the host says who bids first
        y = inner.bottom - unit * 2
        label = con._fit(con.say("console.tie_hint"), "body", (inner.width // 2, unit * 2), MUTED, int(unit * 0.8))
        surface.blit(label, (inner.x, y + unit // 2))
        _team_buttons(con, surface, pygame.Rect(inner.x + inner.width // 2, y, inner.width // 2, unit * 2), others,
                      "pick", unit)


def _final_themes(con: Console, surface: pygame.Surface, box: pygame.Rect, unit: int) -> None:
    state, fmt = con.engine.state, con.engine.format
    final = state.fmt.final
    inner = con._titled_panel(surface, box, "console.final_themes", unit)
    names = fmt.game.final_themes
    remover = final.remover(len(names))
    who = con.say("console.removes", name=state.teams[remover].name) if remover is not None else \
        con.say("console.theme_left")
    surface.blit(con._fit(who, "body", (inner.width, unit * 2), GOLD, unit), (inner.x, inner.y))
    row_h = min(unit * 3, (inner.height - unit * 5) // max(1, len(names)))
    for t, name in enumerate(names):
        rect = pygame.Rect(inner.x, inner.y + unit * 2 + t * row_h, inner.width // 2, row_h - 4)
        con._button(surface, rect, name, f"remove:{t}", unit, dim=t in final.removed)
    _team_buttons(con, surface, pygame.Rect(inner.x + inner.width // 2 + unit, inner.y + unit * 2,
                                            inner.width // 2 - unit, unit * 2), final.order, "pick", unit,
                  lit=remover)
    hint = con._fit(con.say("console.order_hint"), "body", (inner.width // 2 - unit, unit * 3), MUTED,
                    int(unit * 0.8), wrap=True)
    surface.blit(hint, (inner.x + inner.width // 2 + unit, inner.y + unit * 5))


def _final_stakes(con: Console, surface: pygame.Surface, box: pygame.Rect, unit: int, status: ConsoleStatus) -> None:
    state = con.engine.state
    final = state.fmt.final
    inner = con._titled_panel(surface, box, "console.final_stakes", unit)
    for team, row in _amount_rows(con, surface, inner, unit, status, final.order):
        score = state.teams[team].score
        stake = final.stake(team)
        pygame.draw.circle(surface, _team_color(con, team), (row.x + unit // 2, row.centery), unit // 3)
        text = f"{state.teams[team].name}  (1…{score})   " + (
            con.say("console.stake_is", n=stake) if stake is not None else con.say("console.no_stake"))
        surface.blit(con._fit(text, "body", (row.width * 2 // 3, row.height), TEXT if stake else MUTED, unit),
                     (row.x + unit, row.y + 4))
        rect = pygame.Rect(row.right - row.width // 4, row.y + 2, row.width // 4, row.height - 4)
        con._button(surface, rect, con.say("console.set_stake", n=status.amount or "0"), f"stake:{team}", unit)


def _final_reveal(con: Console, surface: pygame.Surface, box: pygame.Rect, unit: int) -> None:
    state = con.engine.state
    final = state.fmt.final
    inner = con._titled_panel(surface, box, "console.final_reveal", unit)
    row_h = min(int(unit * 2.4), inner.height // max(1, len(final.order)))
    for slot, team in enumerate(final.order):
        row = pygame.Rect(inner.x, inner.y + slot * row_h, inner.width, row_h - 4)
        current = state.phase == "final_reveal" and slot == final.showing
        if current:
            pygame.draw.rect(surface, GOLD, row, width=2, border_radius=6)
        verdict = final.verdict(team)
        mark, tone = ("", TEXT) if verdict is None else (
            (con.say("action.correct"), GOOD) if verdict else (con.say("action.wrong"), BAD))
        text = f"{state.teams[team].name}   {con.say('console.stake_is', n=final.stake(team))}   {mark}"
        pygame.draw.circle(surface, _team_color(con, team), (row.x + unit // 2, row.centery), unit // 3)
        surface.blit(con._fit(text, "body", (row.width - unit * 2, row.height), tone, unit), (row.x + unit, row.y + 4))
