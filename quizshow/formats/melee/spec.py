"""«Куча мала»: the format's declaration (the contract of quizshow.core.spec)."""

from __future__ import annotations

from collections.abc import Sequence

from quizshow.core.actions import ActionDef, Arg
from quizshow.core.commands import Command, Judge
from quizshow.core.effects import Event, EventKind
from quizshow.core.spec import FormatSpec, MatchRole
from quizshow.formats.melee.commands import Decide
from quizshow.formats.melee.format import RED, Melee, MeleeFormat, Phase
from quizshow.formats.melee.phrases import PHRASES
from quizshow.i18n import Words


def _table(events: Sequence[Event], words: Words) -> str:
    """The table a verdict was given to, by its colour (its event's team is the table)."""
    found = [e.team for e in events if e.kind in (EventKind.CORRECT, EventKind.WRONG)]
    side = found[0] if found else None
    key = "melee.table_red" if side == RED else "melee.table_green" if side is not None else "melee.table"
    return words.say(key)


def _on_a_table(events: Sequence[Event]) -> bool:
    """A verdict given to a table: its event names the teams seated there and changes no score (a ring's
    or another match's verdict in the same tournament changes a team's score and names nobody)."""
    return any(e.kind in (EventKind.CORRECT, EventKind.WRONG) and e.name and e.score is None for e in events)


def journal_words(cmd: Command) -> tuple[str, dict[str, object]] | None:
    """The console's journal line for the host's ruling: which table answered, and who sits at it ({who}:
    the names its event carries; the undo button's `.brief` words name the table by its colour alone)."""
    if isinstance(cmd, Decide):
        return ("melee.journal_red" if cmd.side == RED else "melee.journal_green"), {}
    if isinstance(cmd, Judge):  # Y / N: the answering table's verdict ({who}: the teams seated at it)
        # `when`: only a table's verdict (in a tournament the same Y judges the other matches' teams)
        return ("melee.journal_right" if cmd.correct else "melee.journal_wrong"), {"table": _table,
                                                                                   "when": _on_a_table}
    return None


SPEC = FormatSpec(
    name="melee", make=MeleeFormat, phases=Phase, rules={}, state=Melee, commands=(Decide,), without_pack="optional",
    actions=(ActionDef("decide", lambda x, a: Decide(at=x.at, side=a["side"]), (Arg("side", int),)),),
    phrases=PHRASES, presets={"melee": {}}, journal_words=journal_words, match=MatchRole(),
)
