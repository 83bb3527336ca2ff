"""The coloured-table duel: the format's declaration (the contract of quizshow.core.spec)."""

from __future__ import annotations

from collections.abc import Sequence

from quizshow.core.actions import ActionDef, Arg
from quizshow.core.commands import Command, Judge
from quizshow.core.effects import Event, EventKind
from quizshow.core.spec import FormatSpec, count, flag, seconds
from quizshow.formats.duel import commands as dc
from quizshow.formats.duel.format import DuelFormat
from quizshow.formats.duel.model import COLOURS, HINT_MAX, DuelState, Phase
from quizshow.formats.duel.phrases import PHRASES, REFUSALS_RU
from quizshow.i18n import Words

RULES = {
    "think_s": seconds(0, 600, "at least this long to think after the first reading ends"),
    "silent_questions": count(1, 100, "questions in a row without a press that disqualify both teams"),
    "captain_last_on_colour": flag("a correct blue answer does not remove the opposing captain while others remain"),
    "sheet_themes_min": count(1, 50),
    "sheet_themes_max": count(1, 50),
    "theme_questions": count(1, 50),
}

ACTIONS = (
    ActionDef("duel_choose", lambda x, a: dc.Choose(at=x.at, player=a["player"]), (Arg("player", int),)),
    ActionDef("duel_skip", lambda x, a: dc.Skip(at=x.at)),
    ActionDef("duel_replace", lambda x, a: dc.Replace(at=x.at)),
    ActionDef("duel_reread", lambda x, a: dc.Reread(at=x.at)),
    ActionDef("duel_end_early", lambda x, a: dc.EndEarly(at=x.at), confirm=True),
    # Without its text (the console's button) the console starts typing; Enter gives the hint.
    ActionDef("duel_hint", lambda x, a: dc.Hint(at=x.at, text=a["text"] or "", show=True),
              (Arg("text", str, optional=True),), text_max=HINT_MAX),
    ActionDef("duel_hint_off", lambda x, a: dc.Hint(at=x.at, text="", show=False)),
    # Seed 002, 7.8: one player out for this bout (team 0/1, player 0 green … 3 blue); undoable.
    ActionDef("duel_disqualify", lambda x, a: dc.Disqualify(at=x.at, team=a["team"], player=a["player"]),
              (Arg("team", int), Arg("player", int))),
)

_JOURNAL = {dc.Reread: "journal.duel_reread", dc.Skip: "journal.duel_skip",
            dc.Replace: "journal.duel_replace", dc.EndEarly: "journal.duel_end_early", dc.Hint: "journal.duel_hint"}


def _gone(events: Sequence[Event]) -> list[Event]:
    return [e for e in events if e.kind == EventKind.PLAYER_OUT]


def _chooser(events: Sequence[Event], words: Words) -> str:
    return next((e.by for e in _gone(events) if e.by), "—")


def _chosen(events: Sequence[Event], words: Words) -> str:
    return ", ".join(e.name for e in _gone(events) if e.name) or "—"


def _then(events: Sequence[Event], words: Words) -> str:
    """What a right answer did to the other team: the opponent who left by the rules («, выбывает Глеб
    Соколов»), or the choice the answerer now makes («, выбирает, кто выбывает»)."""
    if any(e.kind == EventKind.CHOICE for e in events):
        return words.say("journal.duel_right_chooses")
    gone = _chosen(events, words)
    return words.say("journal.duel_right_out", out=gone) if gone != "—" else ""


def journal_words(cmd: Command) -> tuple[str, dict[str, object]] | None:
    if isinstance(cmd, dc.Choose):  # «Глеб Соколов выбирает, кто выбывает: Ирина Белова» (as the projector says)
        return "journal.duel_choose", {"by": _chooser, "out": _chosen}
    if isinstance(cmd, dc.Disqualify):  # «Дисквалифицирован на бой: Бета, жёлтый стол» ({team}: the team's name)
        colour = COLOURS[cmd.player] if 0 <= cmd.player < len(COLOURS) else "table"
        return f"journal.duel_disqualify_{colour}", {}
    if isinstance(cmd, Judge):  # Y / N: the answering player by name, no «0» points (a duel scores none)
        return ("journal.duel_right", {"then": _then}) if cmd.correct else ("journal.duel_wrong", {})
    key = _JOURNAL.get(type(cmd))
    return None if key is None else (key, {})


SPEC: FormatSpec[DuelFormat, DuelState, Phase] = FormatSpec(
    name="duel", make=DuelFormat, phases=Phase, rules=RULES, state=DuelState,
    commands=(dc.Choose, dc.Reread, dc.Skip, dc.Replace, dc.EndEarly, dc.Hint, dc.Disqualify),
    actions=ACTIONS, phrases=PHRASES, refusals=REFUSALS_RU,
    player_buzzers=True, check_pack=DuelFormat.check_pack, warn_pack=DuelFormat.warn_pack,
    journal_words=journal_words,
)
