"""A tournament day: the format's declaration (the contract of quizshow.core.spec).

It nests every format whose spec has a `MatchRole` (quizshow/registry.py hands them to `tournament_spec`;
none is named here). Its phases are its own pictures between matches plus every phase of the formats it
nests (with their flags: the lamps and buzzers follow the match being played). Its actions, phrases and
journal words are its own plus the nested formats' (a console button of the match panel is a call of the
match format's action).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import cast

from quizshow.core import commands as c
from quizshow.core.actions import ActionContext, ActionDef, Arg
from quizshow.core.format import Format, Refused
from quizshow.core.loose import Args
from quizshow.core.spec import FormatSpec, JournalWords, Phase, WordValue
from quizshow.core.state import ShowState
from quizshow.event import export
from quizshow.formats.tournament import model as m
from quizshow.formats.tournament.format import TournamentFormat
from quizshow.formats.tournament.words import fixture_code

AnySpec = FormatSpec[Format, object, Phase]


def _phases(nested: Sequence[AnySpec]) -> type[Phase]:
    """The day's screens, then every nested format's phases. A phase name two formats share must mean the
    same to the lamps and buzzers (the show reads one flag set per name)."""
    members: dict[str, tuple[object, ...]] = {f"EV_{p.name}": (p.value, p.flags) for p in m.Screen}
    flags: dict[str, tuple[str, object]] = {p.value: ("tournament", p.flags) for p in m.Screen}
    for spec in nested:
        for phase in spec.phases:
            owner, known = flags.setdefault(phase.value, (spec.name, phase.flags))
            if known != phase.flags:
                raise ValueError(f"formats {owner} and {spec.name} both have a phase '{phase.value}' with "
                                 "other flags: a tournament cannot nest both")
            members[f"{spec.name}_{phase.name}".upper()] = (phase.value, phase.flags)
    # The functional Enum API: each value tuple goes to Phase.__new__ as (name, flags).
    # The functional Enum API: typing knows Phase(...) only as a member lookup, so it is named as what it is.
    make = cast("Callable[[str, Mapping[str, tuple[object, ...]]], type[Phase]]", Phase)
    return make("TournamentPhase", members)


def _typed(x: ActionContext) -> str:
    """The score typed on the console: «31» is 3:1 for the fixture's first team («03» = 0:3). Nothing
    typed is refused (a click never records 0:0 by itself)."""
    if not x.typed:
        raise Refused("type the score first: «31» is 3:1")
    return m.score_text(x.amount // 10, x.amount % 10)


def _enter(x: ActionContext, a: Args) -> c.Command:
    """A result typed on the console (or given as the call's `scores`, «31» = 3:1)."""
    amount = a.get("scores")
    scores = m.score_text(int(amount) // 10, int(amount) % 10) if amount is not None else _typed(x)
    return m.Enter(at=x.at, fixture=a["fixture"], scores=scores, winner=a.get("winner"))


FIXTURE = Arg("fixture", str)
MAX_REASON = 120  # characters of a correction's reason

ACTIONS = (
    ActionDef("play_next", lambda x, a: m.Play(at=x.at)),
    ActionDef("play", lambda x, a: m.Play(at=x.at, fixture=a["fixture"]), (FIXTURE,)),
    ActionDef("close_match", lambda x, a: m.Close(at=x.at)),
    ActionDef("draw", lambda x, a: m.Draw(at=x.at)),
    ActionDef("pick", lambda x, a: m.Pick(at=x.at, team=a["team"]), (Arg("team", int),)),
    ActionDef("enter", _enter, (FIXTURE, Arg("scores", int, optional=True), Arg("winner", int, optional=True)),
              uses_amount=True),
    # Another table reports over OSC (/quiz/tournament/result): the scores follow the fixture's teams.
    ActionDef("report", lambda x, a: m.Enter(at=x.at, fixture=a["fixture"], scores=m.score_text(a["a"], a["b"]),
                                             outcome=a.get("outcome"), source="osc"),
              (FIXTURE, Arg("a", int), Arg("b", int), Arg("outcome", str, optional=True))),
    # A correction from the console: the typed amount is the new score («13» = 1:3); the button asks for
    # the reason, typed on the console (Enter gives it).
    ActionDef("fix_result", lambda x, a: m.Correct(at=x.at, fixture=a["fixture"], reason=a.get("reason") or "",
                                                   scores=_typed(x)),
              (FIXTURE, Arg("reason", str, optional=True)), uses_amount=True, text_max=MAX_REASON),
    ActionDef("screen", lambda x, a: m.Show(at=x.at, screen=a["screen"]), (Arg("screen", str),)),
    ActionDef("remove", lambda x, a: m.Remove(at=x.at, team=a["team"], reason=a.get("reason") or "§6.15"),
              (Arg("team", int), Arg("reason", str, optional=True)), confirm=True),
    ActionDef("undo_result", lambda x, a: c.Undo(at=x.at, confirmed=True), confirm=True),
)

PHRASES: dict[str, dict[str, str]] = {
    "ru": {
        "phase.ev_draw": "Жеребьёвка", "phase.ev_standings": "Таблица", "phase.ev_bracket": "Сетка",
        "phase.ev_next": "Следующий матч",
        "next.play_match": "Играть следующий матч", "next.play_melee": "Начать «Кучу малу»",
        "next.pick": "Победитель «Кучи малы» выбирает соперника", "next.draw": "Вытянуть следующий номер",
        "next.close_match": "Результат записан: к таблице",
        "next.close_match_draw": "Результат записан: к жеребьёвке",
        "event.changed.fixture": "{fixture}: было {before}, стало {after}",
        "event.changed.place": "{team} ({table}): было место {before}, стало {after}", "ev.play": "Играть",
        "event.notice.removal": "{team}: три штрафных очка — Жюри может снять команду (§6.15)",
        "ev.draw": "ЖЕРЕБЬЁВКА", "ev.draw_waits_melee": "победитель «Кучи малы»",
        "ev.draw_waits_pick": "по выбору победителя «Кучи малы»", "ev.draw_waits_lot": "по жребию",
        "ev.number": "Номер {n}", "ev.groups": "ГРУППЫ", "ev.group": "ГРУППА {name}",
        "ev.group_of": "Группа {name}", "ev.shared_head": "{teams} делят места {places}",
        "ev.all_equal": "равны по всем показателям", "ev.shared_places": "места {places}: равны по всем показателям",
        "ev.standings": "ТУРНИРНАЯ ТАБЛИЦА", "ev.qualifying": "ОТБОРОЧНЫЕ ИГРЫ", "ev.points": "ОЧКИ ТУРНИРА",
        "ev.bracket": "ПЛЕЙ-ОФФ", "ev.next": "СЛЕДУЮЩИЙ МАТЧ", "ev.next_line": "СЛЕДУЮЩИЙ МАТЧ: {a} — {b}",
        "ev.place_in": "{place}-е место в группе {group}", "ev.place": "{place} место",
        "ev.rules004": "победа — 2 очка · ничья — 1 · поражение — 0",
        "ev.legend": "при равенстве очков: личная встреча, затем разница ответов, затем переигровка",
        "ev.close": "места {places} · по {points}",
        "ev.numbers.h2h": "личная встреча: {a} — {b} {score}", "ev.numbers.replay": "переигровка: {a} — {b} {score}",
        "ev.numbers.h2h.many": "очки в личных встречах: {values}", "ev.numbers.diff.many": "разница ответов: {values}",
        "ev.numbers.replay.many": "переигровка: {values}", "ev.numbers.rating.many": "рейтинг: {values}",
        "ev.numbers.two_wins.many": "победы: {values}", "ev.numbers.played.many": "игры: {values}",
        "ev.numbers.final_wins.many": "победы в финале: {values}", "ev.numbers.finals.many": "финалы: {values}",
        "ev.numbers.table_wins.many": "победы за столами: {values}", "ev.numbers.playoff.many": "доп. бой: {values}",
        "ev.numbers.points.many": "очки: {values}",
        "ev.goes_on": "выходят в плей-офф", "ev.removed": "снята",
        "ev.col.played": "И", "ev.col.won": "В", "ev.col.drawn": "Н", "ev.col.lost": "П", "ev.col.answers": "ОТВЕТЫ",
        "ev.col.points": "ОЧКИ", "ev.col.team": "КОМАНДА", "ev.col.place": "М", "ev.col.rating": "РЕЙТ.",
        "ev.col.finals": "Ф", "ev.col.final_wins": "ФП", "ev.col.tally": "ЗА СТ.",
        "ev.split.h2h": "{team} выше по личной встрече", "ev.split.diff": "{team} выше по разнице ответов",
        "ev.split.replay": "{team} выше по переигровке", "ev.split.points": "{team} выше по очкам",
        "ev.split.rating": "{team} выше по рейтингу", "ev.split.playoff": "{team} выше по доп. бою",
        "ev.split.two_wins": "{team}: две победы", "ev.split.played": "{team} выше: больше игр",
        "ev.split.final_wins": "{team} выше: победа в финале", "ev.split.finals": "{team} выше: финалы",
        "ev.split.table_wins": "{team} выше: победы за столами", "ev.split.present": "{team} выше: соперник снят",
        "ev.replay_due": "Переигровка: {teams}", "ev.playoff_due": "Дополнительный бой (3 вопроса): {teams}",
        "ev.winner_of": "Победитель {fixture}", "ev.from_group": "{place}-я группы {group}",
        "ev.best_next": "Лучшая {place}-я команда групп",
        "ev.best_next_k": "{k}-я по силе {place}-я команда групп", "ev.qual_place": "{n}-е место отбора", "ev.tbd": "—",
        "ev.prize": "«Команда за столом»: {teams}",
        "stage.melee": "Куча мала", "stage.qualifying": "Отборочная игра", "stage.playoff": "Доп. бой",
        "stage.semifinal": "Полуфинал", "stage.final": "Финал", "stage.group": "Группа",
        "stage.replay": "Переигровка", "stage.quarterfinal": "Четвертьфинал",
        "ev.console_schedule": "Расписание дня", "ev.console_play_next": "Играть следующий матч",
        "ev.console_enter": "Ввести счёт (набрать «31» = 3:1)",
        "ev.console_typed": "Набран счёт: {score}", "ev.console_changes": "Что изменилось",
        "ev.console_draw": "Жребий", "ev.console_undo_result": "Отменить последний результат",
        "action.play_next": "Играть следующий матч", "action.draw": "Жребий", "action.enter": "Ввести результат",
        "ev.code.Q": "О", "ev.code.PO": "ДБ", "ev.code.R": "П", "ev.code.QF": "ЧФ", "ev.code.SF": "ПФ",
        "console.help_amount.tournament": "Счёт между матчами («31» = 3:1)",
        "console.remove_confirm": "Снять команду «{name}» с турнира? Нажмите ещё раз",
        "console.undo_result_confirm": "Отменить: {what}? Нажмите ещё раз",
        "ev.final_places": "ИТОГ ДНЯ", "ev.fix": "Исправить", "ev.remove": "Снять команду",
        "ev.journal.play": "Начат матч {fixture}", "ev.journal.close": "Матч записан, на экране таблица",
        "ev.journal.draw": "Жребий", "ev.journal.pick": "Победитель «Кучи малы» выбрал соперника: {team}",
        "ev.journal.show.ev_standings": "На проекторе: таблица", "ev.journal.show.ev_bracket": "На проекторе: сетка",
        "ev.journal.show.ev_next": "На проекторе: следующий матч",
        "ev.journal.show.ev_draw": "На проекторе: жеребьёвка",
        "ev.journal.enter": "Результат {fixture}: {who}", "ev.journal.report": "Результат {fixture} по OSC: {who}",
        "ev.journal.correct": "Исправлен результат {fixture}: {who} (причина: {reason})",
        "ev.journal.remove": "Команда «{team}» снята с турнира ({reason})",
        "journal.stage.play": "матч {who}", "journal.stage.play_all": "начата «Куча мала» ({who})",
        "journal.stage.play_melee": "начата «Куча мала»",
        "journal.stage.draw": "номер {n} — {who}", "journal.stage.close": "матч записан, на экране таблица",
        "journal.stage.close_draw": "матч записан, на экране жеребьёвка",
    },
    "en": {
        "phase.ev_draw": "Draw", "phase.ev_standings": "Standings", "phase.ev_bracket": "Bracket",
        "phase.ev_next": "Next match",
        "next.play_match": "Play the next match", "next.play_melee": "Start the melee",
        "next.pick": "The melee winner picks its opponent", "next.draw": "Draw the next number",
        "next.close_match": "Result recorded: to the standings",
        "next.close_match_draw": "Result recorded: to the draw",
        "event.changed.fixture": "{fixture}: was {before}, now {after}",
        "event.changed.place": "{team} ({table}): place {before}, now {after}", "ev.play": "Play",
        "event.notice.removal": "{team}: three penalty points — the jury may remove the team (§6.15)",
        "ev.draw": "THE DRAW", "ev.draw_waits_melee": "the melee's winner",
        "ev.draw_waits_pick": "the melee winner's choice", "ev.draw_waits_lot": "by lot",
        "ev.number": "Number {n}", "ev.groups": "GROUPS", "ev.group": "GROUP {name}",
        "ev.group_of": "Group {name}", "ev.shared_head": "{teams} share places {places}",
        "ev.all_equal": "equal on every criterion", "ev.shared_places": "places {places}: equal on every criterion",
        "ev.standings": "STANDINGS", "ev.qualifying": "QUALIFYING", "ev.points": "TOURNAMENT POINTS",
        "ev.bracket": "PLAY-OFF", "ev.next": "NEXT MATCH", "ev.next_line": "NEXT MATCH: {a} — {b}",
        "ev.place_in": "place {place} in group {group}", "ev.place": "place {place}",
        "ev.rules004": "win 2 points · draw 1 · loss 0",
        "ev.legend": "equal points: head-to-head, then the answer difference, then a replay",
        "ev.close": "places {places} · {points} each",
        "ev.numbers.h2h": "head-to-head: {a} — {b} {score}", "ev.numbers.replay": "replay: {a} — {b} {score}",
        "ev.numbers.h2h.many": "head-to-head points: {values}", "ev.numbers.diff.many": "answer difference: {values}",
        "ev.numbers.replay.many": "replay: {values}", "ev.numbers.rating.many": "rating: {values}",
        "ev.numbers.two_wins.many": "wins: {values}", "ev.numbers.played.many": "games: {values}",
        "ev.numbers.final_wins.many": "final wins: {values}", "ev.numbers.finals.many": "finals: {values}",
        "ev.numbers.table_wins.many": "wins at the tables: {values}", "ev.numbers.playoff.many": "play-off: {values}",
        "ev.numbers.points.many": "points: {values}",
        "ev.goes_on": "go on to the play-off", "ev.removed": "removed",
        "ev.col.played": "P", "ev.col.won": "W", "ev.col.drawn": "D", "ev.col.lost": "L", "ev.col.answers": "ANSWERS",
        "ev.col.points": "PTS", "ev.col.team": "TEAM", "ev.col.place": "#", "ev.col.rating": "RATING",
        "ev.col.finals": "F", "ev.col.final_wins": "FW", "ev.col.tally": "TABLE",
        "ev.split.h2h": "{team} above on head-to-head", "ev.split.diff": "{team} above on answer difference",
        "ev.split.replay": "{team} above after the replay", "ev.split.points": "{team} above on points",
        "ev.split.rating": "{team} above on rating", "ev.split.playoff": "{team} above after the play-off",
        "ev.split.two_wins": "{team}: two wins", "ev.split.played": "{team} above: more games",
        "ev.split.final_wins": "{team} above: won the final", "ev.split.finals": "{team} above: finals",
        "ev.split.table_wins": "{team} above: wins at the tables", "ev.split.present": "{team} above: other removed",
        "ev.replay_due": "Replay: {teams}", "ev.playoff_due": "Play-off (3 questions): {teams}",
        "ev.winner_of": "Winner of {fixture}", "ev.from_group": "#{place} of group {group}",
        "ev.best_next": "The best #{place} of the groups",
        "ev.best_next_k": "The #{place} of the groups ranked {k}", "ev.qual_place": "qualifying #{n}", "ev.tbd": "—",
        "ev.prize": "«Team at the table»: {teams}",
        "stage.melee": "Melee", "stage.qualifying": "Qualifying", "stage.playoff": "Play-off",
        "stage.semifinal": "Semi-final", "stage.final": "Final", "stage.group": "Group",
        "stage.replay": "Replay", "stage.quarterfinal": "Quarter-final",
        "ev.console_schedule": "The day's schedule", "ev.console_play_next": "Play the next match",
        "ev.console_enter": "Enter a score (type «31» = 3:1)",
        "ev.console_typed": "Score typed: {score}", "ev.console_changes": "What changed",
        "ev.console_draw": "Draw", "ev.console_undo_result": "Take back the last result",
        "action.play_next": "Play the next match", "action.draw": "Draw", "action.enter": "Enter a result",
        "ev.code.Q": "Q", "ev.code.PO": "PO", "ev.code.R": "R", "ev.code.QF": "QF", "ev.code.SF": "SF",
        "console.help_amount.tournament": "A score between matches («31» = 3:1)",
        "console.remove_confirm": "Remove «{name}» from the tournament? Press again",
        "console.undo_result_confirm": "Take back: {what}? Press again",
        "ev.final_places": "THE DAY'S PLACES", "ev.fix": "Correct", "ev.remove": "Remove the team",
        "ev.journal.play": "Match {fixture} started", "ev.journal.close": "Match recorded, the standings on screen",
        "ev.journal.draw": "Draw", "ev.journal.pick": "The melee winner picked its opponent: {team}",
        "ev.journal.show.ev_standings": "On the projector: the standings",
        "ev.journal.show.ev_bracket": "On the projector: the bracket",
        "ev.journal.show.ev_next": "On the projector: the next match",
        "ev.journal.show.ev_draw": "On the projector: the draw",
        "ev.journal.enter": "Result {fixture}: {who}", "ev.journal.report": "Result {fixture} over OSC: {who}",
        "ev.journal.correct": "Result {fixture} corrected: {who} (reason: {reason})",
        "ev.journal.remove": "«{team}» removed from the tournament ({reason})",
        "journal.stage.play": "match {who}", "journal.stage.play_all": "the melee started ({who})",
        "journal.stage.play_melee": "the melee started",
        "journal.stage.draw": "number {n} — {who}", "journal.stage.close": "match recorded, the standings on screen",
        "journal.stage.close_draw": "match recorded, the draw on screen",
    },
}


def _own_words(cmd: c.Command) -> tuple[str, dict[str, object]] | None:
    """The console journal's words for the event's own commands ({who}: the result its event says)."""
    def code(fid: str) -> WordValue:  # the fixture's code as the console's words name it
        return lambda _events, words: fixture_code(fid, words)

    if isinstance(cmd, m.Play):
        return "ev.journal.play", {"fixture": code(cmd.fixture or "")}
    if isinstance(cmd, m.Enter):
        return ("ev.journal.report" if cmd.source == "osc" else "ev.journal.enter"), {"fixture": code(cmd.fixture)}
    if isinstance(cmd, m.Correct):
        return "ev.journal.correct", {"fixture": code(cmd.fixture), "reason": cmd.reason}
    if isinstance(cmd, m.Remove):
        return "ev.journal.remove", {"reason": cmd.reason}
    if isinstance(cmd, m.Show):
        return f"ev.journal.show.{cmd.screen}", {}
    if isinstance(cmd, m.Close):  # where it went is said by its event when that is the draw (after the melee)
        return "ev.journal.close", {"when": lambda events: not any(e.name == "close_draw" for e in events)}
    key = {m.Draw: "ev.journal.draw", m.Pick: "ev.journal.pick"}.get(type(cmd))
    return (key, {}) if key else None


def _export(fmt: Format, state: ShowState, title: str) -> dict[str, str]:
    """`--export-results PREFIX`: the standings and every result as CSV, and a printable page."""
    ev = state.part(m.EventState)
    return {"-standings.csv": export.standings_csv(ev.day),
            "-results.csv": export.results_csv(ev.day, ev.corrections),
            ".html": export.page(ev.day, title, ev.corrections)}


# Its refusals in Russian, as phrases «refusal.» + the English template (quizshow/i18n.py: refusal).
REFUSALS: dict[str, str] = {
    "a correction needs its reason": "Исправлению нужна причина",
    "{command} does nothing between matches: Next plays the next match":
        "{command} между матчами не действует: «Далее» (PgDn) — следующий шаг дня",
    "a match is being played": "Идёт матч",
    "{name} plays no match now": "{name}: сейчас не играет матч",
    "no match is being played": "Матч не идёт",
    "a melee or play-off result is the order of its teams": "Результат «Кучи малы» или доп. боя — порядок команд",
    "a result is two scores, one per team": "Результат — два числа, по одному на команду",
    "stage {stage} has no plan in the tournament file": "Для этапа {stage} в файле турнира ничего не задано",
    "the match has no result yet": "У матча ещё нет результата",
    "the melee winner cannot pick {name}": "Победитель «Кучи малы» не может выбрать {name}",
    "the melee winner picks its opponent first": "Сначала победитель «Кучи малы» выбирает соперника",
    "the outcome is win, draw or disqualified": "Исход: победа, ничья или дисквалификация",
    "the winner must be one of the two teams": "Победитель — одна из двух команд",
    "there is no fixture {fixture} now": "Матча {fixture} сейчас нет",
    "there is no match to play now": "Сейчас нечего играть",
    "there is no screen {screen}": "Экрана {screen} нет",
    "there is nothing to draw now": "Сейчас нечего тянуть по жребию",
    "{fixture} has a result already": "У матча {fixture} уже есть результат",
    "{fixture} has no result to correct": "У матча {fixture} нет результата для исправления",
    "{fixture} is being played here": "Матч {fixture} идёт здесь",
    "{fixture} is played by {n} teams: enter its result by hand":
        "{fixture} играют {n} команд: введите результат вручную",
    "{fixture} needs a winner": "В матче {fixture} нужен победитель",
    "{name} is removed already": "{name}: команда уже снята",
    "scores are kept by the matches; correct a result instead": "Счёт ведут матчи; исправьте результат",
    "type the score first: «31» is 3:1": "Сначала наберите счёт цифрами: «31» — это 3:1",
}


def _merged(nested: Sequence[AnySpec]) -> dict[str, dict[str, str]]:
    out = {lang: dict(table) for lang, table in PHRASES.items()}
    out["ru"].update({"refusal." + template: words for template, words in REFUSALS.items()})
    out["en"].update({"refusal." + template: template for template in REFUSALS})  # English is the template
    for spec in nested:
        for lang, table in spec.phrases.items():
            out.setdefault(lang, {}).update(table)
        out["ru"].update({"refusal." + template: words for template, words in spec.refusals.items()})
        out["en"].update({"refusal." + template: template for template in spec.refusals})
    return out


def _words(nested: Sequence[AnySpec]) -> JournalWords:
    """The event's own words, else the first nested format's own (the melee's «Красный стол ответил…»)."""
    theirs = [spec.journal_words for spec in nested if spec.journal_words is not None]

    def words(cmd: c.Command) -> tuple[str, dict[str, object]] | None:
        found = _own_words(cmd)
        for more in theirs:
            if found is not None:
                break
            found = more(cmd)
        return found

    return words


def tournament_spec(nested: Sequence[AnySpec]) -> FormatSpec[TournamentFormat, m.EventState, Phase]:
    """The tournament's declaration, nesting `nested` (every registered format with a MatchRole)."""
    matches = {spec.name: spec for spec in nested if spec.match is not None}
    specs = tuple(matches.values())
    return FormatSpec(
        name="tournament", make=lambda setup: TournamentFormat(setup, matches),
        phases=_phases(specs), rules={}, state=m.EventState,
        commands=m.COMMANDS, actions=(*ACTIONS, *(a for spec in specs for a in spec.actions)),
        phrases=_merged(specs), presets={"day": {}}, journal_words=_words(specs), export=_export, max_teams=16,
    )
