"""«Своя игра»: the format's declaration (the contract of quizshow.core.spec)."""

from __future__ import annotations

from quizshow.core import commands as c
from quizshow.core.actions import DISCIPLINE, ActionDef, Arg
from quizshow.core.spec import TEAM_SIZE_RULES, FormatSpec, choice, count, flag, seconds
from quizshow.core.state import ShowState
from quizshow.core.typed import journal_words as typed_words
from quizshow.formats.svoyak import commands as sc
from quizshow.formats.svoyak.auction import console_bid, plays_the_nominal
from quizshow.formats.svoyak.format import SvoyakFormat
from quizshow.formats.svoyak.model import Play, SvoyakPhase
from quizshow.formats.svoyak.phrases import PHRASES, REFUSALS_RU
from quizshow.formats.svoyak.worth import check_worth

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
    # each contestant plays alone (the classic game): a phone and the join codes say «Игрок», not «Команда»
    "solo": flag("each contestant plays alone"),
    **TEAM_SIZE_RULES,
}

TEAM = Arg("team", int)


def _score(state: ShowState, team: int) -> int:
    """The bidder's whole score: what «Ва-банк» stakes, kept in the command so the journal can say it."""
    return max(0, state.teams[team].score) if isinstance(team, int) and 0 <= team < len(state.teams) else 0

def _bid(state: ShowState, team: int, typed: int) -> int:
    """The bid «Ставка» makes (auction.console_bid): the opener's amount below the nominal bids the nominal."""
    play = SPEC.state_or_none(state)
    if play is None or not isinstance(team, int):
        return typed
    return console_bid(play.auction, team, typed, [t.score for t in state.teams], play.value)


def console_stake(typed: int, lowest: int) -> int:
    """The final stake «Ставка» makes (its label says it): the amount typed, and never below the lowest stake
    (`final_min_stake`): with nothing typed the button reads and stakes the lowest, «Ставка 1»."""
    return max(typed, lowest)


def _all_in(state: ShowState, at: float, team: int) -> sc.Bid:
    """«Ва-банк»: the whole score. An opener below the nominal plays exactly the nominal (the engine takes
    their «Ва-банк» as that bid): the command, and so the journal, says «ставка 40», never «ва-банк 20»."""
    play = SPEC.state_or_none(state)
    if play is not None and isinstance(team, int) and \
            plays_the_nominal(play.auction, team, [t.score for t in state.teams], play.value):
        return sc.Bid(at=at, team=team, amount=play.value)
    return sc.Bid(at=at, team=team, all_in=True, amount=_score(state, team))


ACTIONS = (
    ActionDef("cell", lambda x, a: sc.SelectCell(at=x.at, theme=a["theme"], question=a["question"]),
              (Arg("theme", int), Arg("question", int))),
    ActionDef("pick", lambda x, a: sc.PickTeam(at=x.at, team=a["team"]), (TEAM,)),
    ActionDef("give", lambda x, a: sc.GiveCat(at=x.at, team=a["team"]), (TEAM,)),
    ActionDef("catvalue", lambda x, a: sc.CatValue(at=x.at, value=a["value"]), (Arg("value", int),)),
    ActionDef("bid", lambda x, a: sc.Bid(at=x.at, team=a["team"], amount=_bid(x.state, a["team"], x.amount)), (TEAM,),
              uses_amount=True),
    ActionDef("allin", lambda x, a: _all_in(x.state, x.at, a["team"]), (TEAM,)),
    ActionDef("pass", lambda x, a: sc.Pass(at=x.at, team=a["team"]), (TEAM,)),
    ActionDef("remove", lambda x, a: sc.FinalRemove(at=x.at, theme=a["theme"]), (Arg("theme", int),)),
    ActionDef("stake", lambda x, a: sc.FinalStake(
        at=x.at, team=a["team"], amount=console_stake(x.amount, int(x.rules.get("final_min_stake", 1)))), (TEAM,),
              uses_amount=True),
    ActionDef("end_round", lambda x, a: sc.EndRound(at=x.at), confirm=True),
    DISCIPLINE,  # «Отвечать необходимо сразу»: the console's «Затяжка» (what: stall)
)


def journal_words(cmd: c.Command) -> tuple[str, dict[str, object]] | None:
    """Themes and questions 1-based, as on the board (a final theme removed is named by the format's own
    command_words: «Убрана тема «Литература»»); «Ва-банк» by its name and stake; the cat's value and a
    bid by what they were, never by the clock they started («Время пошло»)."""
    if isinstance(cmd, sc.CatValue):
        return "journal.CatValue", {"value": cmd.value}
    if isinstance(cmd, sc.SelectCell):
        return "journal.SelectCell", {"theme": cmd.theme + 1, "question": cmd.question + 1}
    if isinstance(cmd, sc.Bid) and cmd.all_in:  # journals before the stake was kept have amount 0
        return ("journal.all_in_amount", {"amount": cmd.amount}) if cmd.amount > 0 else ("journal.all_in", {})
    if isinstance(cmd, sc.Bid):
        return "journal.Bid", {"amount": cmd.amount}
    if isinstance(cmd, sc.Pass):
        return "journal.Pass", {}
    return typed_words(cmd)


SPEC = FormatSpec(
    name="svoyak", make=SvoyakFormat, phases=SvoyakPhase, rules=RULES, state=Play, without_pack="needed",
    commands=(sc.SelectCell, sc.PickTeam, sc.GiveCat, sc.CatValue, sc.Bid, sc.Pass, sc.FinalRemove, sc.FinalStake,
              sc.EndRound),
    actions=ACTIONS, phrases=PHRASES, refusals=REFUSALS_RU,
    journal_words=journal_words, check_pack=check_worth,
)
