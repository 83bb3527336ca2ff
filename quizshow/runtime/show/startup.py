"""The words of a start: what an imported pack lost, a repaired or damaged journal, pictures the disk
lacks, the journal's last lines on the console, and where a resumed show goes on («Продолжено: раунд 2,
вопрос 5 (с 14:32)»). Said once, by the composition root, when the show is built."""

from __future__ import annotations

import logging
import time
from typing import Protocol

from quizshow.config import ShowConfig
from quizshow.core import commands as c
from quizshow.core.clock import ShowClock
from quizshow.core.engine import Engine, Outcome
from quizshow.core.format import Format
from quizshow.core.spec import PhaseFlags
from quizshow.display.console.status import ConsoleStatus
from quizshow.display.console.window import Console
from quizshow.runtime.show.journalled import Loaded
from quizshow.userdirs import elsewhere, short_folder

log = logging.getLogger(__name__)

CONSOLE_LINES = 8  # the journal's last lines shown on the console after a start


class Starting(Protocol):
    """What the start-up words read of the show being built (app.ShowApp)."""

    config: ShowConfig
    format: Format
    console: Console
    status: ConsoleStatus
    clock: ShowClock

    @property
    def engine(self) -> Engine: ...
    def submit(self, cmd: c.Command) -> Outcome: ...
    def notice(self, text: str, level: str = "problem") -> None: ...
    def say(self, key: str, **values: object) -> str: ...
    def finished(self) -> bool: ...
    def flags(self, phase: str) -> PhaseFlags: ...


def tell_start(app: Starting, loaded: Loaded) -> None:
    """Everything the operator is told when the show starts (or resumes)."""
    for pack in app.config.packs:  # an imported (.siq) pack's report: the host sees what was found and lost
        for line in pack.report[1:]:  # its warnings were told with the show's problems; its notes follow
            if "warning:" not in line and not line.startswith("round '"):
                log.info("%s: %s", pack.path.name, line)
        for key, values in pack.notes:  # in the show's language, each once (a notice is logged too)
            app.notice(f"{pack.path.name}: {app.say(key, **dict(values))}", "info")
    journal = getattr(app, "journal", None)  # the app's (test stand-ins may have none)
    if journal is not None and elsewhere(journal.path):  # a bundled show, a read-only folder: where it went
        log.info("journal: %s (the show's folder is not writable or is the package's)", journal.path)
        app.notice(app.say("console.journal_elsewhere", path=short_folder(journal.path)), "info")
    if loaded.repaired:  # a torn last line is repaired, and said
        app.notice(app.say("console.journal_repaired"), "info")
    if loaded.damage:  # resumed up to damage at the operator's word: what was lost stays on the console
        damage = loaded.damage
        if damage.short:  # lines the snapshot covered are gone: «после строки N нет K подтверждённых команд»
            app.notice(app.say("console.journal_short", line=damage.line - 1, lost=damage.lost_lines,
                               kept=loaded.kept_as), "problem")
        else:
            app.notice(app.say("console.journal_damaged", line=damage.line, what=damage.what,
                               lost=damage.lost_lines, kept=loaded.kept_as), "problem")
    tell_missing_pictures(app)
    # The journal's lines keep the times they happened at, not the restart's (aligned from the end:
    # a snapshot's commands are not read back).
    entries, walls = app.engine.entries, loaded.walls
    for i in range(max(0, len(entries) - CONSOLE_LINES), len(entries)):
        back = len(entries) - i
        app.console.log(entries[i], walls[-back] if back <= len(walls) else None)
    if loaded.resumed and loaded.anything:
        app.submit(c.Resumed(at=app.clock.now()))
        app.status.resumed = resumed_text(app, loaded.last_wall)
        app.notice(app.status.resumed, "info")
        log.info("%s", app.status.resumed)
        if app.finished():
            app.notice(app.say("console.finished_hint"), "info")


def tell_missing_pictures(app: Starting) -> None:
    """A picture the pack names but the disk lacks goes on air as a placeholder: say so at start-up (the
    console also marks the question itself, before it is opened)."""
    pack = app.format.setup.pack
    if pack is None:
        return
    missing = [q.image for r in pack.rounds for q in r.all_questions
               if q.image is not None and not q.image.exists()]
    if missing:
        names = ", ".join(p.name for p in missing[:3]) + (" …" if len(missing) > 3 else "")
        app.notice(app.say("console.pictures_missing", n=len(missing), files=names))


def resumed_text(app: Starting, wall: float | None) -> str:
    """«Продолжено: раунд 2, вопрос 5 (с 14:32)», «Продолжено: Финал: ставки (с 15:10)»."""
    state = app.engine.state
    pos = app.format.position(state)
    when = time.strftime("%H:%M", time.localtime(wall)) if wall else "?"
    phase = app.say(pos.get("phase_key") or f"phase.{state.phase}")
    if app.finished():
        where = phase
    elif pos.get("stage_key"):  # a stage the format names itself: «перестрелка, вопрос 2»
        where = app.say(pos["stage_key"], n=pos.get("stage_n") or 1)
    elif (asked := pos.get("question")) is not None:
        where = app.say("console.resumed_at", round=(pos.get("round") or 0) + 1,
                        question=pos.get("played") or asked + 1)
    elif app.flags(state.phase).beyond_rounds:
        where = phase
    else:
        where = f"{app.say('console.round', n=(pos.get('round') or 0) + 1)}, {phase.lower()}"
    return app.say("console.resumed", where=where, time=when)
