"""The broadcast overlay's snapshot (spec/web.md «Broadcast overlay», docs/overlay.md): what a stream's
graphics may show, built from the state through the format's view model only. Pure: no pygame, no
sockets, no clock of its own (the caller gives `now`).

What it never carries (each has its test in tests/outputs/overlay/test_overlay.py): a question's text or answer
(the round and question line is made of the view model's numbers, value and board theme only), a stake
before it is revealed (the final's secret stakes live in the format's own state and are never read
here; a team's score changes only when the projector shows the verdict; the written quiz's marks only
with its results table), the host's notes. A projector
that is blanked blanks the overlay too (`blank`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypedDict

from quizshow.core.format import Format, Position
from quizshow.core.state import ShowState
from quizshow.i18n import Words


@dataclass(frozen=True)
class OverlayShow:
    """What does not change while the show runs: its title, words (in its language) and the teams' colours
    as the projector draws them (`#rrggbb`, one a team, the theme's colour or the team's own)."""

    title: str
    words: Words
    colours: tuple[str, ...]

    @property
    def language(self) -> str:
        return self.words.language


class TeamLine(TypedDict):
    number: int
    name: str
    score: int
    colour: str
    answering: bool
    out: bool


class Clock(TypedDict):
    running: bool
    left_s: float
    total_s: float


class Snapshot(TypedDict):
    """The spec's snapshot (spec/overlay.md) without its `seq`."""

    t: str
    title: str
    phase: str
    phase_text: str
    round: str | None
    question: str | None
    teams: list[TeamLine]
    clock: Clock | None
    blank: bool
    lang: str
    winner: list[TeamLine]


def snapshot(state: ShowState, fmt: Format, show: OverlayShow, now: float) -> Snapshot:
    """The spec's snapshot without its `seq` (the feed numbers them): title, phase, the round and
    question line, the teams with who answers and who is out, the clock (None when no clock is set)."""
    state = state.hall  # a press being settled is not told yet: the overlay shows what the projector shows
    pos = fmt.position(state)
    round_text, question_text = where(pos, show.words)
    phase_text = show.words.say(pos.get("phase_key") or f"phase.{state.phase}")
    if round_text is None and question_text is None and fmt.setup.flags(state.phase).beyond_rounds:
        round_text = phase_text  # past the rounds: «Финал: вопрос»
    answering = set(fmt.answering_teams(state))
    # A format whose projector shows the scores only now and then (the written quiz's results table) names
    # the totals last shown: a mark made while the hall waits does not reach the stream before the table.
    shown = fmt.shown_scores(state) or tuple(team.score for team in state.teams)
    teams: list[TeamLine] = []
    for index, team in enumerate(state.teams):
        colour = show.colours[index] if index < len(show.colours) else (team.color or "#888888")
        teams.append({"number": index + 1, "name": team.name, "score": int(shown[index]),
                      "colour": colour.lower(), "answering": index in answering, "out": index in state.locked})
    timer = state.timer
    clock: Clock | None = None
    if timer.armed:
        clock = {"running": timer.running, "left_s": round(max(0.0, timer.remaining(now)), 3),
                 "total_s": round(timer.duration, 3)}
    # The game decided (the format's winner, as the projector names it): the stream's winner graphic.
    won = fmt.winner(state)
    winner = [teams[i] for i in won if 0 <= i < len(teams)]
    return {"t": "snapshot", "title": show.title, "phase": state.phase,
            "phase_text": phase_text,
            "round": round_text, "question": question_text, "teams": teams, "clock": clock,
            "blank": bool(state.view.blank), "lang": show.language, "winner": winner}


def where(pos: Position, words: Words) -> tuple[str | None, str | None]:
    """(«Раунд 2», «Кино · 30 очков») from the view model, as the console's header says it: the round by
    the format's own word (`round_key`; None: the format has no rounds), the question by its number (or
    the svoyak board's theme where the view model names it) and what it is worth."""
    if pos.get("stage_key"):  # the format names its stage itself («перестрелка, вопрос 2»)
        return words.say(pos["stage_key"], n=pos.get("stage_n") or 1), value_text(pos, words)
    asked = pos.get("question")
    if asked is None or pos.get("between"):
        return None, None
    round_key = pos.get("round_key", "console.round")
    round_text = words.say(round_key, n=(pos.get("round") or 0) + 1) if round_key else None
    parts = []
    if pos.get("theme"):
        parts.append(str(pos["theme"]))
    else:
        n = pos.get("played") or asked + 1
        key = pos.get("question_key")
        parts.append(words.say(key, n=n) if key else words.say("console.question_no", n=n, of=pos.get("of", "?")))
    value = value_text(pos, words)
    if value:
        parts.append(value)
    return (cap(round_text) if round_text else None), cap(" · ".join(parts))


def value_text(pos: Position, words: Words) -> str | None:
    if not pos.get("value"):
        return None
    return words.say(pos.get("value_key") or "scene.points", n=pos["value"], team=pos.get("value_team", ""))


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def colours_of(values: Sequence[tuple[int, int, int]]) -> tuple[str, ...]:
    return tuple(f"#{r:02x}{g:02x}{b:02x}" for r, g, b in values)
