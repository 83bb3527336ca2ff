"""«Брейн-ринг»'s journal lines (and the undo button's label): what a dispute's decision and a discipline
step did, in the ring's words — «Решение по спору: Альфа — ответ верный, +1; Бета теряет 1 очко»,
«Бета: штрафное очко 2 (снято 1 очко)» — never the bare score change they made.

A value may be a function of the entry's events and the console's words (core/spec.py `WordValue`)."""

from __future__ import annotations

from collections.abc import Sequence

from quizshow.core import commands as c
from quizshow.core.effects import Event, EventKind
from quizshow.formats.brainring import commands as bc
from quizshow.i18n import Words, number


def _of(kind: EventKind, events: Sequence[Event]) -> list[Event]:
    return [e for e in events if e.kind == kind]


def _winner(events: Sequence[Event], words: Words) -> str:
    found = _of(EventKind.CORRECT, events)
    return found[0].name or "—" if found else "—"


def _points(events: Sequence[Event], words: Words) -> str:
    found = _of(EventKind.CORRECT, events)
    return number(found[0].points or 0, signed=True) if found else ""


def _losses(events: Sequence[Event], words: Words) -> str:
    """«; Бета теряет 1 очко» for each team whose later answer no longer counts."""
    return "".join("; " + words.say("brainring.journal_loses", team=e.name or "—", n=-(e.points or 0))
                   for e in _of(EventKind.SCORE, events) if (e.points or 0) < 0)


def _penalty_n(events: Sequence[Event], words: Words) -> int:
    found = [e.number for e in _of(EventKind.SCORE, events) if e.number is not None]
    return found[0] if found else 1


def _penalty_why(events: Sequence[Event], words: Words) -> str:
    """What the penalty point did: the appeals gone (the first), a game point taken (the second), the team
    removed (at the limit)."""
    if _of(EventKind.TEAM_REMOVED, events):
        return words.say("brainring.journal_penalty_removed")
    taken = -sum(e.points or 0 for e in _of(EventKind.SCORE, events))
    if taken > 0:
        return words.say("brainring.journal_penalty_point", n=taken)
    return words.say("brainring.journal_penalty_appeals") if _penalty_n(events, words) == 1 else ""


def _fine(events: Sequence[Event], words: Words) -> int:
    return -sum(e.points or 0 for e in _of(EventKind.SCORE, events))


def journal_words(cmd: c.Command) -> tuple[str, dict[str, object]] | None:
    if isinstance(cmd, bc.Ruling):
        if not cmd.correct:
            return "brainring.journal_ruling_wrong", {}
        return "brainring.journal_ruling_right", {"team": _winner, "points": _points, "losses": _losses}
    if isinstance(cmd, c.Discipline):
        if cmd.what == "penalty":
            return "brainring.journal_penalty", {"n": _penalty_n, "why": _penalty_why}
        if cmd.what == "audience_hint":
            return "brainring.journal_audience_hint", {"n": _fine}
        if cmd.what in ("captain_question", "repeat", "appeal_accepted", "appeal_rejected", "stall"):
            return f"brainring.journal_{cmd.what}", {}
    return None
