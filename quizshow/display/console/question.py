"""The console's question panel: the question, the answer and what else to accept, what only the host sees,
the question's sound and picture files, and what it shows from the web. Rows never change the panel's height."""

from __future__ import annotations

import pygame

from quizshow.display.console.style import BAD, GOLD, GOOD, MUTED, TEXT
from quizshow.display.console.ui import PanelUI
from quizshow.i18n import Say
from quizshow.outputs import media
from quizshow.packs.model import Pack, Question, credited


def question_rows(question: Question, say: Say, pack: Pack | None = None
                  ) -> list[tuple[str, str, pygame.Color]]:
    """(label key, text, colour) of the console's question panel: the question, the answer with what else
    to accept and what not to, then what only the host sees (host notes, comment, author and source — inherited from the
    question's theme, round and pack when it has none of its own). The author and source are labelled as such
    («АВТОР»), never as a comment a host could read aloud; with host notes they go under «ВЕДУЩЕМУ»."""
    question = credited(pack, question)
    answer = question.a
    if question.accept:  # every accepted answer (each `=` of a .4s pack); the not-accepted ones apart
        answer += f"   ({say('console.accept')}: {'; '.join(question.accept)})"
    if question.reject:
        answer += f"   ({say('console.reject')}: {'; '.join(question.reject)})"
    rows = [("console.question", question.q, TEXT), ("console.answer", answer, GOLD)]
    credit = " · ".join(x for x in (question.author, question.source) if x)
    if question.host:  # what only the host reads, the credit with it
        rows.append(("console.for_host", "\n".join(n for n in (question.host, question.comment, credit) if n), MUTED))
        return rows
    if question.comment:  # a comment only when the question has one: never the author, unlabelled
        rows.append(("console.comment", question.comment, MUTED))
    if credit:
        rows.append(("console.author", credit, MUTED))
    return rows


def sound_rows(question: Question, phase: str, say: Say) -> list[tuple[str, str, pygame.Color]]:
    """The question's sound (playing, paused, still to play, or its file missing) and what it shows from the
    web: the operator knows a sound should be playing, and what the hall does not see."""
    rows = []
    sound = media.wanted(question, phase)  # what outputs/media.py plays now
    if sound is not None:
        if not sound.exists():
            rows.append(("console.sound", say("console.sound_missing", file=sound.name), BAD))
        elif phase in media.PAUSED_PHASES:
            rows.append(("console.sound", say("console.sound_paused", file=sound.name), TEXT))  # gold: the answer
        else:
            rows.append(("console.sound", say("console.sound_playing", file=sound.name), GOOD))
    elif question.audio is not None and phase not in media.REVEAL_PHASES:
        missing = not question.audio.exists()
        rows.append(("console.sound", say("console.sound_missing" if missing else "console.sound_ready",
                                          file=question.audio.name), BAD if missing else MUTED))
    if question.web:
        kinds = ", ".join(say(f"scene.web_{kind}").lower() for kind in question.web)
        rows.append(("console.web", say("console.web_not_shown", kinds=kinds), TEXT))  # gold is the answer's
    return rows


def draw_question(ui: PanelUI, box: pygame.Rect) -> int:
    """The panel in `box`; returns where the next part of the console starts."""
    unit = ui.unit
    ui.panel(box)
    fmt, state = ui.format, ui.state
    # Back on the board the last question is over: the panel clears (the format's view model says so).
    question = None if fmt.position(state).get("between") else fmt.current(state)
    inner = box.inflate(-unit, -unit // 2)
    rows = question_rows(question, ui.say, fmt.setup.pack) if question is not None else []
    if question is not None and question.image is not None and not question.image.exists():
        # a missing picture is told before the question goes on air
        rows.insert(1, ("console.picture", ui.say("console.no_picture", file=question.image.name), BAD))
    if question is not None:
        rows[1:1] = sound_rows(question, state.phase, ui.say)
    y = inner.y
    notes = len(rows) - 1 if rows and rows[-1][0] in ("console.for_host", "console.comment", "console.author") \
        else None
    heights = row_heights(ui, [value for _, value, _ in rows], inner, notes)
    for (label, value, color), height in zip(rows, heights, strict=False):
        ui.labelled(pygame.Rect(inner.x, y, inner.width, height), ui.say(label), value, color)
        y += height + unit // 4
    return box.bottom + unit // 2


def row_heights(ui: PanelUI, values: list[str], inner: pygame.Rect, notes: int | None = None) -> list[int]:
    """Each row of the question panel as tall as its text wants at full size (wrapped); when they do not all
    fit, the host's notes (row `notes`) give way first — the answer never becomes the panel's smallest
    text —, then in proportion to that, never under a line."""
    if not values:
        return []
    unit, text = ui.unit, ui.text
    gap = unit // 4
    room = inner.height - gap * (len(values) - 1)
    width = inner.width - unit * 8  # PanelUI.labelled: the label's column
    wants = [text.layout(v, "body", (width, 10**4), int(unit * 1.2), ui.min_px).height + 2
             for v in values]
    if sum(wants) <= room:
        spare = room - sum(wants)  # the question gets what is left: its text may grow
        return [wants[0] + spare] + wants[1:]
    floor = int(ui.min_px * 1.4)
    if notes is not None and notes > 0:  # the notes wrap and shrink (to the floor) in what is left
        small = text.layout(values[notes], "body", (width, 10**4), ui.min_px, ui.min_px)
        give = max(room - (sum(wants) - wants[notes]), min(wants[notes], small.height + 2))
        middle = sum(wants[1:]) - wants[notes]  # the answer and what else is between keep their size
        question = room - give - middle  # the question gives up what the notes need at the floor
        if question >= min(wants[0], floor * 2):
            return [question if i == 0 else give if i == notes else want for i, want in enumerate(wants)]
    return [max(floor, room * want // sum(wants)) for want in wants]
