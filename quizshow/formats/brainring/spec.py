"""«Брейн-ринг»: the format's declaration (the contract of quizshow.core.spec)."""

from __future__ import annotations

from quizshow.core import commands as c
from quizshow.core.actions import DISCIPLINE, ActionDef, Arg
from quizshow.core.spec import TEAM_SIZE_RULES, FormatSpec, MatchRole, choice, count, flag, seconds
from quizshow.formats.brainring import commands as bc
from quizshow.formats.brainring.format import BrainringFormat
from quizshow.formats.brainring.journal import journal_words
from quizshow.formats.brainring.model import Phase, Ring
from quizshow.formats.brainring.phrases import PHRASES

RULES = {
    "timer_s": seconds(1, 3600),
    "match": choice("qualifying", "semifinal", "final", "match5"),
    "carry_over": flag(),
    "fresh_time_after_false_start": flag(),
    "first_second_rule": flag(),
    "first_second_s": seconds(0, 10),
    "single_player_rule": flag(),
    "single_refuse_at": count(0, 20),
    "both_single_points": count(0, 100),
    "show_question": flag(),
    "captain_questions": count(0, 100),
    "repeats": count(0, 100),
    "appeals": count(0, 100),
    "hint_fine_first": count(0, 100),
    "hint_fine_next": count(0, 100),
    "penalties_to_remove": count(1, 100),
    "qualifying_questions": count(1, 1000),
    "semifinal_questions": count(1, 1000),
    "semifinal_target": count(1, 1000),
    "three_question_rule": count(1, 1000),
    "battle_target": count(1, 1000),
    "battles_to_win": count(1, 100),
    "final_at_one_all": choice("extra", "battle"),
    "answer_start_s": seconds(0, 600, "«Затяжка времени»: time to start the answer once called; 0: the host judges"),
    "match_points_win": count(0, 100),
    "match_points_draw": count(0, 100),
    "match5_questions": count(1, 1000),
    **TEAM_SIZE_RULES,
}

TEAM = Arg("team", int)

ACTIONS = (
    ActionDef("answerer", lambda x, a: bc.SetAnswerer(at=x.at, team=a["team"], player=a["player"]),
              (TEAM, Arg("player", int))),
    ActionDef("single", lambda x, a: bc.SinglePlayer(at=x.at, team=a["team"], player=a["player"]),
              (TEAM, Arg("player", int, optional=True))),  # no player: the team is whole again
    ActionDef("passright", lambda x, a: bc.PassRight(at=x.at, team=a["team"]), (TEAM,)),
    ActionDef("ruling", lambda x, a: bc.Ruling(at=x.at, correct=a["correct"]), (Arg("correct", bool),)),
    ActionDef("tally", lambda x, a: bc.Tally(at=x.at, team=a["team"]), (TEAM,)),
    DISCIPLINE,
    ActionDef("provisional", lambda x, a: c.Judge(at=x.at, correct=False, provisional=True)),
    ActionDef("withdraw", lambda x, a: bc.Withdraw(at=x.at), confirm=True),
)

SPEC = FormatSpec(
    name="brainring", make=BrainringFormat, phases=Phase, rules=RULES, state=Ring,
    commands=(*bc.COMMANDS, c.Discipline),
    actions=ACTIONS, phrases=PHRASES, match=MatchRole(tables=2, onlookers=True), journal_words=journal_words,
)
