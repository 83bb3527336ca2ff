"""«Своя игра»: the format's declaration (the contract of quizshow.core.spec)."""

from __future__ import annotations

from typing import Any

from quizshow.core import commands as c
from quizshow.core.actions import DISCIPLINE, ActionDef, Arg
from quizshow.core.spec import TEAM_SIZE_RULES, FormatSpec, Phase, PhaseFlags, choice, count, flag, seconds
from quizshow.formats.svoyak.format import SvoyakFormat
from quizshow.formats.svoyak.model import Play
from quizshow.formats.svoyak.worth import check_worth

LIVE = PhaseFlags(buzzers_live=True, lamps_live=True)
FINAL = PhaseFlags(outside_rounds=True)  # the console names a final phase alone («Финал: ставки»)


class SvoyakPhase(Phase):
    TITLE = "title"
    ROUND = "round"
    BOARD = "board"
    CAT = "cat"
    CAT_VALUE = "cat_value"
    AUCTION = "auction", PhaseFlags(amount_entry=True)
    SPONSOR = "sponsor"
    QUESTION = "question", LIVE
    ANSWERING = "answering", LIVE
    REVEAL = "reveal", PhaseFlags(clock_over=True)
    FINAL_THEMES = "final_themes", FINAL
    FINAL_STAKES = "final_stakes", PhaseFlags(amount_entry=True, outside_rounds=True)
    FINAL_QUESTION = "final_question", FINAL
    FINAL_REVEAL = "final_reveal", PhaseFlags(clock_over=True, outside_rounds=True)
    FINAL_ANSWER = "final_answer", FINAL
    SHOOTOUT = "shootout"
    END = "end"


RULES = {
    "false_start": flag("buzzers are live only after the host's signal"),
    "answer_window_s": seconds(0, 3600, "nobody pressed this long: the answer is shown"),
    "window_from": choice("read", "shown"),
    "window_after_wrong_s": seconds(0, 3600),
    "reveal_on_time_up": flag(),
    "reveal_after_wrong_window": flag("the window after a wrong answer closing shows the answer"),
    "answer_start_s": seconds(0, 600, "«Затяжка»: time to start the answer once called; 0: the host judges"),
    "wrong_penalty": flag(),
    "value_step_small": count(1),
    "value_step_classic": count(1),
    "later_round_chooser": choice("lowest", "keep"),
    "cat_answer_s": seconds(0, 3600),
    "cat_wrong_next": choice("giver", "receiver"),
    "auction_answer_s": seconds(0, 3600),
    "auction_wrong_next": choice("opener", "winner"),
    "all_in_beats_all_in": choice("larger", "equal"),
    "sponsor_factor": seconds(0, 100, "value × factor"),
    "sponsor_answer_s": seconds(0, 3600),
    "final_think_s": seconds(0, 3600),
    "final_min_stake": count(0, 1, "the lowest final stake"),
    "shootout_value": count(0),
    "shootout_wrong_penalty": flag(),
    "shootout_until": choice("all", "first_lead"),
    "shootout_questions": count(1, 100),
    **TEAM_SIZE_RULES,
}

TEAM = Arg("team", int)

ACTIONS = (
    ActionDef("cell", lambda x, a: c.SelectCell(at=x.at, theme=a["theme"], question=a["question"]),
              (Arg("theme", int), Arg("question", int))),
    ActionDef("pick", lambda x, a: c.PickTeam(at=x.at, team=a["team"]), (TEAM,)),
    ActionDef("give", lambda x, a: c.GiveCat(at=x.at, team=a["team"]), (TEAM,)),
    ActionDef("catvalue", lambda x, a: c.CatValue(at=x.at, value=a["value"]), (Arg("value", int),)),
    ActionDef("bid", lambda x, a: c.Bid(at=x.at, team=a["team"], amount=x.amount), (TEAM,), uses_amount=True),
    ActionDef("allin", lambda x, a: c.Bid(at=x.at, team=a["team"], all_in=True), (TEAM,)),
    ActionDef("pass", lambda x, a: c.Pass(at=x.at, team=a["team"]), (TEAM,)),
    ActionDef("remove", lambda x, a: c.FinalRemove(at=x.at, theme=a["theme"]), (Arg("theme", int),)),
    ActionDef("stake", lambda x, a: c.FinalStake(at=x.at, team=a["team"], amount=x.amount), (TEAM,),
              uses_amount=True),
    ActionDef("end_round", lambda x, a: c.EndRound(at=x.at), confirm=True),
    DISCIPLINE,  # «Отвечать необходимо сразу»: the console's «Затяжка» (what: stall)
)


def journal_words(cmd: c.Command) -> tuple[str, dict[str, Any]] | None:
    """Themes and questions 1-based, as on the board; «Ва-банк» by its name."""
    if isinstance(cmd, c.SelectCell):
        return "journal.SelectCell", {"theme": cmd.theme + 1, "question": cmd.question + 1}
    if isinstance(cmd, c.FinalRemove):
        return "journal.FinalRemove", {"theme": cmd.theme + 1}
    if isinstance(cmd, c.Bid) and cmd.all_in:
        return "journal.all_in", {}
    return None


SPEC = FormatSpec(
    name="svoyak", make=SvoyakFormat, phases=SvoyakPhase, rules=RULES, state=Play,
    commands=(c.SelectCell, c.PickTeam, c.GiveCat, c.CatValue, c.Bid, c.Pass, c.FinalRemove, c.FinalStake,
              c.EndRound),
    actions=ACTIONS,
    journal_words=journal_words, check_pack=check_worth,
)
