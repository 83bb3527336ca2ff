"""The written quiz: the format's declaration (the contract of quizshow.core.spec)."""

from __future__ import annotations

from collections.abc import Sequence

from quizshow.core.actions import ActionContext, ActionDef, Arg
from quizshow.core.commands import Command
from quizshow.core.effects import Event, EventKind
from quizshow.core.format import Format
from quizshow.core.loose import Args, RulesView
from quizshow.core.spec import TEAM_SIZE_RULES, FormatSpec, Sheet, choice, count, flag, seconds
from quizshow.core.state import ShowState
from quizshow.core.typed import MAX_TEXT, shown
from quizshow.core.typed import journal_words as typed_words
from quizshow.formats.written import commands as wc
from quizshow.formats.written.export import grid_csv, grid_html
from quizshow.formats.written.format import MAX_TEAMS, WrittenFormat
from quizshow.formats.written.model import Phase, Written
from quizshow.formats.written.rating import players_csv, upload_csv, upload_sheet
from quizshow.formats.written.words import PHRASES
from quizshow.i18n import Words
from quizshow.packs.model import Pack

RULES = {
    "minute_s": seconds(1, 3600, "discussion of each question"),
    "hand_in_s": seconds(0, 600, "then this long to hand in the sheet; a late sheet scores 0"),
    "extra_minute_s": seconds(0, 3600, "a team's one extra minute of the game"),
    "extra_player_penalty": count(0, 100, "points taken for each player added to a team"),
    "max_extra_players": count(0, 20, "a team may add at most this many players"),
    "tour_min": count(1, 1000, "seed 001: a tour holds 10–12 questions (a warning at the pack's line; it still plays)"),
    "tour_max": count(1, 1000),
    "max_extra_questions": count(0, 1000, "extra questions after a tie for first; then first place stays shared"),
    "question_figures": flag("the results table after each tour shows how many teams took each of its questions"),
    "rating_table": choice("questions", "tours", doc="the rating's upload table (--export-results): one row per "
                                                     "team, or one row per team and tour"),
    **TEAM_SIZE_RULES,
}

PRESETS = {
    "written": {"minute_s": 60, "warning_s": 10, "hand_in_s": 10, "extra_minute_s": 60, "extra_player_penalty": 1,
                "max_extra_players": 2, "tour_min": 10, "tour_max": 12, "max_extra_questions": 10,
                "question_figures": False, "rating_table": "questions",
                # rules.md §5: «Teams of 4–8» (a warning: a roster may grow by the extra players);
                # the number of teams is bounded by max_teams alone.
                "players_min": 4, "players_max": 8, "players_strict": False, "teams_max": 0, "teams_exact": 0},
}

TEAM = Arg("team", int)
NUMBER = Arg("number", int)
# The disputes' and appeals' question: its place among the scored questions in play order, from 0 (from 1 on the
# wire, as the rating's table numbers its columns); the command holds the game's own number.
QUESTION = Arg("question", int)
TEXT = Arg("text", str, optional=True)


def _w(x: ActionContext) -> Written:
    return x.state.part(Written)


def _number(x: ActionContext, a: Args) -> int:
    """The game's number of the question at the call's place in play order (the format refuses one not played)."""
    return _w(x).number_at(a["question"])


def _more_players(x: ActionContext, a: Args) -> Command:
    """No count: one more player, and after the most allowed back to none (one key cycles)."""
    count_ = a["count"]
    if count_ is None:
        count_ = (_w(x).players_added(a["team"]) + 1) % (int(x.rules.get("max_extra_players", 2)) + 1)
    return wc.ExtraPlayers(at=x.at, team=a["team"], count=count_)


# A left-out value toggles the cell as it is now (one key: Space, L).
ACTIONS = (
    ActionDef("mark", lambda x, a: wc.Mark(
        at=x.at, team=a["team"], number=a["number"],
        correct=not _w(x).grid.is_correct(a["team"], a["number"]) if a["correct"] is None else a["correct"]),
        (TEAM, NUMBER, Arg("correct", bool, optional=True))),
    ActionDef("late", lambda x, a: wc.Late(
        at=x.at, team=a["team"], number=a["number"],
        late=(a["team"], a["number"]) not in _w(x).grid.late if a["late"] is None else a["late"]),
        (TEAM, NUMBER, Arg("late", bool, optional=True))),
    ActionDef("extra_minute", lambda x, a: wc.ExtraMinute(at=x.at, team=a["team"]), (TEAM,)),
    ActionDef("club_help", lambda x, a: wc.ClubHelp(at=x.at, team=a["team"]), (TEAM,)),
    ActionDef("extra_players", _more_players, (TEAM, Arg("count", int, optional=True))),
    # Disputes and appeals (docs/written.md): the text is the team's answer (or the appeal's argument); called
    # without it, the console asks for it to be typed.
    ActionDef("dispute", lambda x, a: wc.Dispute(at=x.at, team=a["team"], number=_number(x, a),
                                                 text=a["text"] or ""), (TEAM, QUESTION, TEXT), text_max=MAX_TEXT),
    ActionDef("dispute_verdict", lambda x, a: wc.Verdict(at=x.at, team=a["team"], number=_number(x, a),
                                                 accepted=a["accepted"]), (TEAM, QUESTION, Arg("accepted", bool))),
    ActionDef("appeal", lambda x, a: wc.Appeal(at=x.at, team=a["team"], number=_number(x, a), kind="answer",
                                               text=a["text"] or ""), (TEAM, QUESTION, TEXT), text_max=MAX_TEXT),
    ActionDef("appeal_question", lambda x, a: wc.Appeal(at=x.at, team=a["team"], number=_number(x, a),
                                                        kind="question", text=a["text"] or ""),
              (TEAM, QUESTION, TEXT), text_max=MAX_TEXT),
    ActionDef("appeal_verdict", lambda x, a: wc.AppealVerdict(at=x.at, team=a["team"], number=_number(x, a),
                                                              upheld=a["upheld"]),
              (TEAM, QUESTION, Arg("upheld", bool))),
)

def _late_words(events: Sequence[Event], words: Words) -> str:
    """«, но сдан с опозданием: 0» after «вопрос 1.1 засчитан» when the sheet was late (its score event: +0)."""
    late = any(e.kind == EventKind.SCORE and e.points == 0 for e in events)
    return words.say("journal.written_mark_late") if late else ""


def journal_words(cmd: Command) -> tuple[str, dict[str, object]] | None:
    """A journal line (and the undo button) names the team, the question (`number`: the console shows it as
    «1.7») and what was set: «Совы: вопрос 1.7 засчитан», never the score change it made."""
    if isinstance(cmd, wc.Mark):
        return ("journal.written_mark" if cmd.correct else "journal.written_unmark"), {"number": cmd.number,
                                                                                      "late": _late_words}
    if isinstance(cmd, wc.Late):
        return ("journal.written_late" if cmd.late else "journal.written_not_late"), {"number": cmd.number}
    if isinstance(cmd, wc.ExtraPlayers):
        return "journal.written_extra_players", {"count": cmd.count}
    if isinstance(cmd, wc.Dispute):
        return "journal.written_dispute", {"number": cmd.number, "text": shown(cmd.text)}
    if isinstance(cmd, wc.Verdict):
        return ("journal.written_dispute_accepted" if cmd.accepted else "journal.written_dispute_rejected"), \
            {"number": cmd.number}
    if isinstance(cmd, wc.Appeal):
        return f"journal.written_appeal_{cmd.kind}", {"number": cmd.number, "text": shown(cmd.text)}
    if isinstance(cmd, wc.AppealVerdict):
        return ("journal.written_appeal_upheld" if cmd.upheld else "journal.written_appeal_rejected"), \
            {"number": cmd.number}
    typed = typed_words(cmd)
    if typed is not None:
        return typed
    key = {wc.ExtraMinute: "journal.written_extra_minute", wc.ClubHelp: "journal.written_club_help"}.get(type(cmd))
    return None if key is None else (key, {})


def tour_sizes(pack: Pack, rules: RulesView) -> list[tuple[int, str]]:
    """Seed 001: «Игра состоит из 3 туров по 10-12 вопросов в каждом» — a tour of another size is a warning
    (the show still plays it)."""
    low, high = int(rules.get("tour_min", 10)), int(rules.get("tour_max", 12))
    return [(tour.line, f"tour '{tour.name}' has {len(tour.all_questions)} questions; a tour has {low}–{high} "
                        "(tour_min, tour_max)")
            for tour in pack.playing_rounds if not low <= len(tour.all_questions) <= high]


def export(fmt: Format, state: ShowState, title: str) -> dict[str, str | Sheet]:
    """The results grid as CSV and as a printable HTML page; the rating's upload table as CSV and XLSX and its
    players' sheet (docs/written.md «The rating cycle»)."""
    assert isinstance(fmt, WrittenFormat)
    return {".csv": grid_csv(fmt, state), ".html": grid_html(fmt, state, title),
            ".rating.csv": upload_csv(fmt, state), ".rating.xlsx": upload_sheet(fmt, state),
            ".players.csv": players_csv(fmt, state)}


SPEC: FormatSpec[WrittenFormat, Written, Phase] = FormatSpec(
    name="written", make=WrittenFormat, phases=Phase, rules=RULES, state=Written,
    commands=(wc.Mark, wc.Late, wc.ExtraMinute, wc.ClubHelp, wc.ExtraPlayers, wc.Dispute, wc.Verdict, wc.Appeal,
              wc.AppealVerdict),
    actions=ACTIONS, phrases=PHRASES, presets=PRESETS, journal_words=journal_words,
    max_teams=MAX_TEAMS, export=export, warn_pack=tour_sizes,
)
