"""The words of a start: what an imported pack lost, a repaired or damaged journal, pictures the disk
lacks, the journal's last lines on the console, and where a resumed show goes on («Продолжено: раунд 2,
вопрос 5 (с 14:32)»). Said once, by the composition root, when the show is built, through the show service."""

from __future__ import annotations

import logging
import time

from quizshow.config import ShowConfig
from quizshow.core import commands as c
from quizshow.runtime.show.journalled import Loaded
from quizshow.runtime.show.service import Show
from quizshow.userdirs import elsewhere, short_folder

log = logging.getLogger(__name__)

CONSOLE_LINES = 8  # the journal's last lines shown on the console after a start


def tell_start(show: Show, config: ShowConfig, loaded: Loaded) -> None:
    """Everything the operator is told when the show starts (or resumes)."""
    for pack in config.packs:  # an imported (.siq) pack's report: the host sees what was found and lost
        for line in pack.report[1:]:  # its warnings were told with the show's problems; its notes follow
            if "warning:" not in line and not line.startswith("round '"):
                log.info("%s: %s", pack.path.name, line)
        for key, values in pack.notes:  # in the show's language, each once (a notice is logged too)
            show.notices.notice(f"{pack.path.name}: {show.say(key, **dict(values))}", "info")
    journal = show.runtime.journal
    if elsewhere(journal.path):  # a bundled show, a read-only folder: where it went
        log.info("journal: %s (the show's folder is not writable or is the package's)", journal.path)
        show.notices.notice(show.say("console.journal_elsewhere", path=short_folder(journal.path)), "info")
    if loaded.repaired:  # a torn last line is repaired, and said
        show.notices.notice(show.say("console.journal_repaired"), "info")
    if loaded.damage:  # resumed up to damage at the operator's word: what was lost stays on the console
        damage = loaded.damage
        if damage.short:  # lines the snapshot covered are gone: «после строки N нет K подтверждённых команд»
            show.notices.notice(show.say("console.journal_short", line=damage.line - 1, lost=damage.lost_lines,
                               kept=loaded.kept_as), "problem")
        else:
            show.notices.notice(show.say("console.journal_damaged", line=damage.line, what=damage.what,
                               lost=damage.lost_lines, kept=loaded.kept_as), "problem")
    tell_missing_pictures(show)
    # The journal's lines keep the times they happened at, not the restart's (aligned from the end:
    # a snapshot's commands are not read back).
    entries, walls = show.engine.entries, loaded.walls
    for i in range(max(0, len(entries) - CONSOLE_LINES), len(entries)):
        back = len(entries) - i
        show.console.log(entries[i], walls[-back] if back <= len(walls) else None)
    if loaded.resumed and loaded.anything:
        show.submit(c.Resumed(at=show.clock.now()))
        show.operator.resumed = resumed_text(show, loaded.last_wall)
        show.notices.notice(show.operator.resumed, "info")
        log.info("%s", show.operator.resumed)
        if show.finished():
            show.notices.notice(show.say("console.finished_hint"), "info")


def tell_missing_pictures(show: Show) -> None:
    """A picture the pack names but the disk lacks goes on air as a placeholder: say so at start-up (the
    console also marks the question itself, before it is opened)."""
    pack = show.format.setup.pack
    if pack is None:
        return
    missing = [q.image for r in pack.rounds for q in r.all_questions
               if q.image is not None and not q.image.exists()]
    if missing:
        names = ", ".join(p.name for p in missing[:3]) + (" …" if len(missing) > 3 else "")
        show.notices.notice(show.say("console.pictures_missing", n=len(missing), files=names))


def resumed_text(show: Show, wall: float | None) -> str:
    """«Продолжено: раунд 2, вопрос 5 (с 14:32)», «Продолжено: Финал: ставки (с 15:10)»."""
    state = show.engine.state
    pos = show.format.position(state)
    when = time.strftime("%H:%M", time.localtime(wall)) if wall else "?"
    phase = show.say(pos.get("phase_key") or f"phase.{state.phase}")
    if show.finished():
        where = phase
    elif pos.get("stage_key"):  # a stage the format names itself: «перестрелка, вопрос 2»
        where = show.say(pos["stage_key"], n=pos.get("stage_n") or 1)
    elif (asked := pos.get("question")) is not None:
        where = show.say("console.resumed_at", round=(pos.get("round") or 0) + 1,
                        question=pos.get("played") or asked + 1)
    elif show.flags(state.phase).beyond_rounds:
        where = phase
    else:
        where = f"{show.say('console.round', n=(pos.get('round') or 0) + 1)}, {phase.lower()}"
    return show.say("console.resumed", where=where, time=when)
